package dev.argoforensics.accounting;

import dev.argoforensics.source.ShellCommand;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.BiPredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A log file's excerpt furniture (see {@code dev.argoforensics.read.FurnitureLine}): lines counted apart from records and from
 * unparsed lines, and what they tell about the excerpt.
 *
 * @param omissions        omission marks ({@code ...}, {@code [...]}, {@code <snip>}): lines were left out there
 * @param prompts          shell prompts
 * @param markup           Markdown fences and collapsible-section tags
 * @param filteringPrompts prompts whose command selects lines (a pipe, {@code grep}, …)
 * @param commands         the prompts' commands, the first {@link #MAX_COMMANDS} distinct ones in file order,
 *                         control characters shown as {@code \xNN}: what the excerpt was produced and filtered by
 * @param prose            lines of the text around controller lines quoted with times of day, or around log lines quoted
 *                         in Markdown containers (fenced, quoted, in code spans), outside every container that holds them
 *                         (an issue's prose, a YAML manifest, a list, a container's output): no record, and not counted as unparsed
 * @param answerLines      kubectl's answers that an object did not exist ({@code Error from server (NotFound): …}) or that a list
 *                         came back empty ({@code No resources found in NS namespace.}), and kubectl's or argo's answers to a delete
 *                         ({@code pod "X" force deleted}, {@code Workflow 'W' deleted}; those beyond {@link #MAX_ANSWERS} counted as NotFound)
 * @param answers          the first {@link #MAX_ANSWERS} of them, in file order
 */
public record Furniture(long omissions, long prompts, long markup, long filteringPrompts, List<String> commands, long prose,
                        long answerLines, List<PastedAnswer> answers) {
    public static final Furniture NONE = new Furniture(0, 0, 0, 0, List.of(), 0);
    public static final int MAX_ANSWERS = 64;
    public static final int MAX_COMMANDS = 5;
    public static final int MAX_COMMAND_LENGTH = 300;
    /** Pipe stages that pass every line they are fed on (pagers, copies, formatters); {@code tail} cuts only the start. */
    private static final Set<String> KEEPS_EVERY_LINE = Set.of("cat", "tee", "less", "more", "most", "tail", "ts", "nl", "sort", "tr", "cut",
            "column", "expand", "fold", "iconv", "ccze", "lnav", "bat", "batcat", "pbcopy", "xclip", "xsel", "clip", "clip.exe", "wl-copy",
            "out-host", "out-file", "out-string", "set-content", "add-content", "tee-object", "write-output", "format-table", "ft", "oh");

    private static final Set<String> FILTERS = Set.of("grep", "egrep", "fgrep", "zgrep", "rg", "ag", "ack", "awk", "gawk", "sed", "jq",
            "select-string", "sls", "findstr", "where-object", "head", "tail");


    public Furniture {
        commands = List.copyOf(commands);
        answers = List.copyOf(answers);
    }

    public Furniture(long omissions, long prompts, long markup, long filteringPrompts, List<String> commands, long prose) {
        this(omissions, prompts, markup, filteringPrompts, commands, prose, 0, List.of());
    }

    public Furniture(long omissions, long prompts, long markup, long filteringPrompts, List<String> commands) {
        this(omissions, prompts, markup, filteringPrompts, commands, 0);
    }

    /** Furniture lines in all. */
    public long lines() {
        return omissions + prompts + markup + prose + answerLines;
    }

    /** True if lines may be missing between the lines the excerpt shows: an omission mark, or a prompt that filtered. */
    public boolean gapped() {
        return omissions + filteringPrompts > 0;
    }

    /** "3 excerpt lines (1 shell prompt, 2 Markdown fences or tags)"; "" for none. */
    public String describe() {
        if (lines() == 0) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        if (prompts > 0) {
            parts.add(count(prompts, "shell prompt"));
        }
        if (omissions > 0) {
            parts.add(omissions + (omissions == 1 ? " omission mark" : " omission marks") + " (..., [...], <snip>)");
        }
        if (markup > 0) {
            parts.add(markup + " Markdown " + (markup == 1 ? "fence or tag" : "fences or tags"));
        }
        if (prose > 0) {
            parts.add(prose + (prose == 1 ? " line" : " lines") + " of text around the quoted lines (prose, YAML, lists, other output)");
        }
        long deletes = answers.stream().filter(a -> !a.deleted().isEmpty()).count();
        if (answerLines > deletes) {
            parts.add((answerLines - deletes) + (answerLines - deletes == 1 ? " answer" : " answers") + " of kubectl that an object did not exist (NotFound"
                    + (answers.stream().anyMatch(a -> !a.listed().isEmpty()) ? ", or a list came back empty: No resources found)" : ")"));
        }
        if (deletes > 0) {
            parts.add(deletes + (deletes == 1 ? " answer" : " answers") + " of kubectl or argo to a delete (deleted, force deleted)");
        }
        return count(lines(), "excerpt furniture line") + " (" + String.join(", ", parts)
                + ")";
    }

    /** The first word of a command, after assignments and the commands that run another ({@link ShellCommand#firstWord}). */
    public static String firstWord(String command) {
        return ShellCommand.firstWord(command);
    }

    /** A command's pipeline stages ({@link ShellCommand#stages}). */
    public static List<String> stages(String command) {
        return ShellCommand.stages(command);
    }

    private static List<String> words(String stage) {
        return ShellCommand.words(stage);
    }

    private static int commandStart(List<String> words) {
        return ShellCommand.commandStart(words);
    }

    /**
     * True if the command selects lines (a pipe, or a grep-like first word): lines between those the
     * excerpt shows may be missing. {@code kubectl logs --since/--tail} alone only cut the start.
     */
    public static boolean filters(String command) {
        if (command == null) {
            return false;
        }
        return stages(command).size() > 1 || FILTERS.contains(firstWord(command));
    }

    /**
     * True if the command may have dropped lines that came after the last one it kept: one of its stages (split at {@code |}) selects
     * lines ({@code grep}, {@code head}, {@code awk}, {@code jq}, … : {@link #filters}' words but {@code tail}), or {@code kubectl logs
     * --limit-bytes} stopped it, or a stage after the first is not known to pass every line on ({@code Select-Object -First},
     * {@code perl -ne}, a script). {@code tail}, {@code kubectl logs --tail} and {@code --since} cut only the start: the lines after the
     * first they kept are the log's, to its end when it ran.
     */
    public static boolean cutsEnd(String command) {
        return cutsEnd(command, (literal, ignoreCase) -> false, false);
    }

    /**
     * As {@link #cutsEnd(String)}, knowing more of the stages that keep every line a rule reads: a {@code sed} of substitutions
     * only ({@code sed 's/\x1b\[[0-9;]*m//g'}: every line goes on, changed), {@code jq .} where {@code jsonOnly} (the lines given
     * are all JSON records: {@code jq} stops at the first line it cannot parse, so over text it is a cut), and a {@code grep -v}
     * of fixed words that {@code noRuleLine} says no line a rule reads can hold ({@code grep -v 'Alloc='}); a {@code grep -v} of
     * anything else ({@code grep -v healthz} also drops {@code healthz: current pod is not the leader}) still cuts.
     */
    public static boolean cutsEnd(String command, BiPredicate<String, Boolean> noRuleLine, boolean jsonOnly) {
        if (command == null) {
            return false;
        }
        boolean first = true;
        for (String stage : stages(command)) {
            String word = firstWord(stage);
            if (keepsRuleLines(stage, word, noRuleLine, jsonOnly)) {
                first = false;
                continue;
            }
            if (FILTERS.contains(word) && !word.equals("tail")) {
                return true;
            }
            // A later stage is fed the lines and may select them: unless it is known to pass every line on (recheck s34: PowerShell's
            // Select-Object -First, perl -ne, python were read as passing all).
            if (!first && !word.isEmpty() && !KEEPS_EVERY_LINE.contains(word)) {
                return true;
            }
            first = false;
            if (stage.matches(".*\\s--limit-bytes[=\\s].*")) {
                return true;
            }
        }
        return false;
    }

    private static final Pattern SED_SUBSTITUTIONS = Pattern.compile(
            "(?:\\s*(?:s(?<d>[^\\s\\w\\\\])(?:\\\\.|(?!\\k<d>).)*\\k<d>(?:\\\\.|(?!\\k<d>).)*\\k<d>[gI0-9]*"
                    + "|y(?<e>[^\\s\\w\\\\])(?:\\\\.|(?!\\k<e>).)*\\k<e>(?:\\\\.|(?!\\k<e>).)*\\k<e>)\\s*(?:;|$))+");
    /** One {@code s} command, its pattern as {@code p}. */
    private static final Pattern SED_ONE = Pattern.compile(
            "\\s*s(?<d>[^\\s\\w\\\\])(?<p>(?:\\\\.|(?!\\k<d>).)*)\\k<d>(?:\\\\.|(?!\\k<d>).)*\\k<d>[gI0-9]*\\s*(?:;|$)");
    /** A terminal control character in a sed pattern: an escape ({@code \x1b}, {@code \o033}, {@code \e}) or a carriage return. */
    private static final Pattern CONTROL = Pattern.compile("\\\\(?:x1[bB]|o0?33|0?33|e|r|x0[dD]|c\\[)|[\\x1b\\r]");

    /**
     * Whether a sed script is substitutions only, each of a pattern holding a terminal control character (colour codes, a carriage
     * return: text no rule reads). Recheck s35: any substitution was taken to pass every line on, but a substitution of
     * {@code workflow=} and its value by nothing takes from each line the key that names its Workflow, one of any run of characters
     * blanks the lines and {@code y/abc/xyz/} rewrites every name and message (examples in SelectionTest): the lines a rule reads are gone as surely as under a grep.
     */
    private static boolean controlSubstitutions(String script) {
        if (!SED_SUBSTITUTIONS.matcher(script).matches()) {
            return false;
        }
        Matcher m = SED_ONE.matcher(script);
        int at = 0;
        while (at < script.length() && !script.substring(at).isBlank()) {
            m.region(at, script.length());
            if (!m.lookingAt() || !CONTROL.matcher(m.group("p")).find()) {
                return false;
            }
            at = m.end();
        }
        return true;
    }

    private static final Set<String> SED_KEEPING_OPTIONS = Set.of("-E", "-r", "-u", "-s", "--regexp-extended", "--unbuffered", "--separate");
    private static final Set<String> JQ_KEEPING_OPTIONS = Set.of("-c", "-C", "-M", "-S", "--compact-output", "--color-output",
            "--monochrome-output", "--sort-keys", "--tab", "--unbuffered");
    private static final Set<String> GREP_NAMES = Set.of("grep", "egrep", "fgrep", "zgrep");
    /** A regular expression's special characters: a {@code grep -v} pattern holding one is not read as fixed words. */
    private static final Pattern REGEX_SPECIAL = Pattern.compile("[.\\[\\]*+?^$\\\\(){}|]");

    /** True where the stage passes on every line a rule reads (see {@link #cutsEnd(String, BiPredicate, boolean)}). */
    private static boolean keepsRuleLines(String stage, String word, BiPredicate<String, Boolean> noRuleLine, boolean jsonOnly) {
        List<String> words = words(stage);
        List<String> args = words.subList(Math.min(words.size(), commandStart(words) + 1), words.size());
        switch (word) {
            case "sed": {
                int scripts = 0;
                for (int i = 0; i < args.size(); i++) {
                    String a = args.get(i);
                    if (a.equals("-e") || a.equals("--expression")) {
                        if (i + 1 >= args.size() || !controlSubstitutions(args.get(++i))) {
                            return false;
                        }
                        scripts++;
                    } else if (a.startsWith("-")) {
                        if (!SED_KEEPING_OPTIONS.contains(a)) {
                            return false; // -n prints only what p prints; -i writes the file, -f a script not shown
                        }
                    } else if (scripts == 0) {
                        if (!controlSubstitutions(a)) {
                            return false;
                        }
                        scripts++;
                    }
                }
                return scripts > 0;
            }
            case "jq": {
                if (!jsonOnly) {
                    return false;
                }
                boolean filter = false;
                for (String a : args) {
                    if (a.startsWith("-") && a.length() > 1) {
                        if (!JQ_KEEPING_OPTIONS.contains(a)) {
                            return false;
                        }
                    } else if (!filter && a.strip().equals(".")) {
                        filter = true;
                    } else {
                        return false; // another filter selects or reshapes; a file name is read as the lines
                    }
                }
                return true;
            }
            default: {
                if (!GREP_NAMES.contains(word)) {
                    return false;
                }
                boolean inverted = false;
                boolean fixed = word.equals("fgrep");
                boolean ignoreCase = false;
                List<String> patterns = new ArrayList<>();
                boolean positional = false;
                for (int i = 0; i < args.size(); i++) {
                    String a = args.get(i);
                    if (a.equals("-e") && i + 1 < args.size()) {
                        patterns.add(args.get(++i));
                    } else if (a.startsWith("--")) {
                        if (a.equals("--invert-match")) {
                            inverted = true;
                        } else if (a.equals("--fixed-strings")) {
                            fixed = true;
                        } else if (a.equals("--ignore-case")) {
                            ignoreCase = true;
                        } else if (!a.equals("--color") && !a.startsWith("--color=") && !a.equals("--line-buffered")) {
                            return false;
                        }
                    } else if (a.startsWith("-") && a.length() > 1) {
                        for (char c : a.substring(1).toCharArray()) {
                            switch (c) {
                                case 'v' -> inverted = true;
                                case 'F' -> fixed = true;
                                case 'i' -> ignoreCase = true;
                                case 'E', 'a', 'h', 's' -> { }
                                default -> {
                                    return false; // -o, -c, -A/-B/-C, -m, -f: not every line, or not the lines as they were
                                }
                            }
                        }
                    } else if (patterns.isEmpty() && !positional) {
                        patterns.add(a);
                        positional = true;
                    }
                }
                if (!inverted || patterns.isEmpty()) {
                    return false;
                }
                for (String p : patterns) {
                    if (p.isEmpty() || (!fixed && REGEX_SPECIAL.matcher(p).find()) || !noRuleLine.test(p, ignoreCase)) {
                        return false;
                    }
                }
                return true;
            }
        }
    }

    /** "1 line", "3 lines". */
    private static String count(long n, String word) {
        return n + " " + word + (n == 1 ? "" : "s");
    }

    /** The same furniture with other commands (redaction). */
    public Furniture withCommands(List<String> newCommands) {
        return new Furniture(omissions, prompts, markup, filteringPrompts, newCommands, prose, answerLines, answers);
    }
}
