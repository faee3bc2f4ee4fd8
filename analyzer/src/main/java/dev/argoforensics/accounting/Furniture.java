package dev.argoforensics.accounting;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

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
 * @param prose            lines of the text around controller lines quoted with times of day (an issue's prose, a YAML
 *                         manifest, a list, a container's output): no record, and not counted as unparsed
 * @param answerLines      kubectl's answers that an object did not exist ({@code Error from server (NotFound): …}) or that a list
 *                         came back empty ({@code No resources found in NS namespace.})
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
        if (answerLines > 0) {
            parts.add(answerLines + (answerLines == 1 ? " answer" : " answers") + " of kubectl that an object did not exist (NotFound"
                    + (answers.stream().anyMatch(a -> !a.listed().isEmpty()) ? ", or a list came back empty: No resources found)" : ")"));
        }
        return count(lines(), "excerpt furniture line") + " (" + String.join(", ", parts)
                + ")";
    }

    /** The first word of a command, after {@code sudo} and {@code VAR=value} assignments. */
    public static String firstWord(String command) {
        for (String word : command.strip().split("\\s+")) {
            if (word.contains("=") && !word.startsWith("-")) {
                continue;
            }
            return word.toLowerCase(Locale.ROOT);
        }
        return "";
    }

    /**
     * True if the command selects lines (a pipe, or a grep-like first word): lines between those the
     * excerpt shows may be missing. {@code kubectl logs --since/--tail} alone only cut the start.
     */
    public static boolean filters(String command) {
        if (command == null) {
            return false;
        }
        return command.contains("|") || FILTERS.contains(firstWord(command));
    }

    /**
     * True if the command may have dropped lines that came after the last one it kept: one of its stages (split at {@code |}) selects
     * lines ({@code grep}, {@code head}, {@code awk}, {@code jq}, … : {@link #filters}' words but {@code tail}), or {@code kubectl logs
     * --limit-bytes} stopped it, or a stage after the first is not known to pass every line on ({@code Select-Object -First},
     * {@code perl -ne}, a script). {@code tail}, {@code kubectl logs --tail} and {@code --since} cut only the start: the lines after the
     * first they kept are the log's, to its end when it ran.
     */
    public static boolean cutsEnd(String command) {
        if (command == null) {
            return false;
        }
        boolean first = true;
        for (String stage : command.split("\\|")) {
            String word = firstWord(stage);
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

    /** "1 line", "3 lines". */
    private static String count(long n, String word) {
        return n + " " + word + (n == 1 ? "" : "s");
    }

    /** The same furniture with other commands (redaction). */
    public Furniture withCommands(List<String> newCommands) {
        return new Furniture(omissions, prompts, markup, filteringPrompts, newCommands, prose, answerLines, answers);
    }
}
