package dev.argoforensics.source;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A shell command line as the shell reads it, once for every reader of pasted commands: its pipeline stages (split at {@code |}
 * outside quotes), a stage's words (quotes taken off), and where the command itself starts after {@code VAR=value} assignments
 * and the commands that run another ({@code sudo}, {@code nice}, {@code env X=y}, {@code timeout 30}, …). The excerpt furniture
 * (what produced an excerpt, whether it filtered lines: {@code accounting.Furniture}) and the Pod a {@code kubectl logs} prompt
 * names ({@code envelope.LogsCommand}) both read commands through it, so a wrapper one understands the other does too.
 */
public final class ShellCommand {
    private ShellCommand() {
    }

    /**
     * The first word of a command, after {@code VAR=value} assignments and the commands that run another ({@code sudo},
     * {@code doas}, {@code nice}, {@code env}, {@code stdbuf}, {@code time}, {@code timeout 30}, … with their options).
     */
    public static String firstWord(String command) {
        List<String> words = words(command);
        int at = commandStart(words);
        return at < words.size() ? words.get(at).toLowerCase(Locale.ROOT) : "";
    }

    /** Options of {@code sudo} that take a value ({@code -u root}): the value is no command. */
    private static final Set<String> SUDO_VALUED = Set.of("-u", "-g", "-h", "-p", "-C", "-D", "-r", "-t", "-U", "--user", "--group");

    /**
     * How many words a {@code sudo}/{@code doas} option takes: a cluster of letters is read as getopt reads it ({@code -iu ops}: the
     * {@code u} ends the cluster and takes the next word; {@code -uops} holds its value). Recheck s35: {@code sudo -iu ops grep wf}
     * was read as a command named {@code ops}, the grep hidden.
     */
    private static int optionWords(String option) {
        if (option.startsWith("--") || option.length() < 2) {
            return SUDO_VALUED.contains(option) ? 2 : 1;
        }
        for (int c = 1; c < option.length(); c++) {
            if (SUDO_VALUED.contains("-" + option.charAt(c))) {
                return c == option.length() - 1 ? 2 : 1;
            }
        }
        return 1;
    }

    /**
     * Commands that run the command after them, with the options of each that take a value in the next word (a cluster
     * {@code -oL} holds its own) and how many operands come before the command ({@code timeout 30 grep …}: the duration).
     * Session 36: {@code nice grep wf c.log}, {@code timeout 30 kubectl logs … | …} were read as commands named {@code nice} and
     * {@code timeout}, the grep after them hidden and the excerpt taken as not filtered.
     */
    private record Wrapper(Set<String> valued, int operands) {
    }

    private static final java.util.Map<String, Wrapper> WRAPPERS = java.util.Map.of(
            "sudo", new Wrapper(SUDO_VALUED, 0),
            "doas", new Wrapper(SUDO_VALUED, 0),
            "nice", new Wrapper(Set.of("-n", "--adjustment"), 0),
            "env", new Wrapper(Set.of("-u", "--unset", "-C", "--chdir", "-S", "--split-string"), 0),
            "stdbuf", new Wrapper(Set.of("-i", "-o", "-e", "--input", "--output", "--error"), 0),
            "time", new Wrapper(Set.of("-f", "--format", "-o", "--output"), 0),
            "timeout", new Wrapper(Set.of("-s", "--signal", "-k", "--kill-after"), 1),
            "nohup", new Wrapper(Set.of(), 0),
            "ionice", new Wrapper(Set.of("-c", "--class", "-n", "--classdata", "-p", "--pid", "-P", "--pgid", "-u", "--uid"), 0),
            "command", new Wrapper(Set.of(), 0));

    /** How many words an option of {@code wrapper} takes, as getopt reads a cluster ({@code -oL}: the value is in it). */
    private static int optionWords(String option, Wrapper wrapper) {
        if (wrapper.valued() == SUDO_VALUED) {
            return optionWords(option);
        }
        if (option.startsWith("--")) {
            return option.contains("=") || !wrapper.valued().contains(option) ? 1 : 2;
        }
        if (option.length() >= 2 && wrapper.valued().contains(option.substring(0, 2))) {
            return option.length() == 2 ? 2 : 1;
        }
        return 1; // a flag, or nice's -10
    }

    /**
     * Where the command itself starts among a stage's words: after {@code VAR=value}, and after the commands that run another
     * ({@link #WRAPPERS}: {@code sudo}, {@code nice}, {@code env}, {@code stdbuf}, {@code time}, {@code timeout 30}, …) with their
     * options and operands.
     */
    public static int commandStart(List<String> words) {
        int i = 0;
        while (i < words.size()) {
            String w = words.get(i);
            Wrapper wrapper = WRAPPERS.get(w);
            if (w.contains("=") && !w.startsWith("-")) {
                i++;
            } else if (wrapper != null) {
                i++;
                while (i < words.size() && words.get(i).startsWith("-") && words.get(i).length() > 1) {
                    String option = words.get(i);
                    i += optionWords(option, wrapper);
                    if (option.equals("--")) {
                        break; // the command follows
                    }
                }
                i += wrapper.operands();
            } else {
                break;
            }
        }
        return Math.min(i, words.size());
    }

    /**
     * A command's pipeline stages: split at each {@code |} (and {@code |&}) outside quotes and not escaped, as the shell splits it.
     * Session 36: {@code grep -E 'a|b'} was split inside its quotes.
     */
    public static List<String> stages(String command) {
        List<String> out = new ArrayList<>();
        int from = 0;
        char quote = 0;
        for (int i = 0; i < command.length(); i++) {
            char c = command.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else if (c == '\\' && quote == '"') {
                    i++;
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '\\') {
                i++;
            } else if (c == '|') {
                out.add(command.substring(from, i));
                from = i + 1 < command.length() && command.charAt(i + 1) == '&' ? i + 2 : i + 1;
            }
        }
        out.add(command.substring(Math.min(from, command.length())));
        return out;
    }

    /** A stage's words as the shell splits them: at spaces outside quotes, the quotes taken off. */
    public static List<String> words(String stage) {
        List<String> out = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        boolean any = false;
        char quote = 0;
        for (int i = 0; i < stage.length(); i++) {
            char c = stage.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else if (c == '\\' && quote == '"' && i + 1 < stage.length()) {
                    w.append(stage.charAt(++i));
                } else {
                    w.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                any = true;
            } else if (Character.isWhitespace(c)) {
                if (any || w.length() > 0) {
                    out.add(w.toString());
                    w.setLength(0);
                    any = false;
                }
            } else if (c == '\\' && i + 1 < stage.length()) {
                w.append(stage.charAt(++i));
                any = true;
            } else {
                w.append(c);
                any = true;
            }
        }
        if (any || w.length() > 0) {
            out.add(w.toString());
        }
        return out;
    }

    /** Commands that print Pods' logs given more words: {@code stern}, {@code kubetail}. */
    private static final Set<String> LOG_TAILERS = Set.of("stern", "kubetail");
    private static final Set<String> KUBECTL = Set.of("kubectl", "k", "oc");

    /**
     * The words of the command a line's first pipeline stage runs: after {@code VAR=value} and the commands that run another
     * ({@code nice}, {@code env X=y}, {@code timeout 30}, …), quotes taken off. Empty for a blank line.
     */
    public static List<String> commandWords(String command) {
        List<String> words = words(stages(command).get(0));
        return words.subList(commandStart(words), words.size());
    }

    /**
     * Whether {@code command} (a line without a prompt) is one that prints logs, as Argo's bug report form words its fields and people
     * paste them: {@code kubectl … logs …} (also {@code k}, {@code oc}), {@code argo logs …}, {@code stern …}, {@code kubetail …}, each
     * with something after it, and behind any wrapper ({@code timeout 30 kubectl logs …}, {@code env KUBECONFIG=… kubectl logs …}).
     */
    public static boolean printsLogs(String command) {
        List<String> w = commandWords(command);
        if (w.size() < 2) {
            return false;
        }
        String first = w.get(0);
        if (LOG_TAILERS.contains(first)) {
            return true;
        }
        if (first.equals("argo")) {
            return w.size() >= 3 && w.get(1).equals("logs");
        }
        if (KUBECTL.contains(first)) {
            int logs = w.indexOf("logs");
            return logs > 0 && logs < w.size() - 1;
        }
        return false;
    }

    /** kubectl's boolean shorthands {@code logs} takes that may be joined with {@code -p} in one word ({@code -fp}, {@code -pf}). */
    private static final java.util.regex.Pattern JOINED_SHORTHANDS = java.util.regex.Pattern.compile("-[f]*p[f]*");

    /**
     * Whether {@code command} is {@code kubectl logs} of a Pod's previous container ({@code -p}, {@code --previous},
     * {@code --previous=true}; also {@code -fp}): the log of the container that ran before the current one, another process. kubetail
     * asks kubectl for it with {@code -p} or {@code --previous} ({@code -p false} does not). stern has no such flag: its {@code -p} is
     * {@code --prompt} (choose the Pods interactively), and it always follows the current containers.
     */
    public static boolean previousContainer(String command) {
        List<String> w = commandWords(command);
        if (w.isEmpty() || !printsLogs(command)) {
            return false;
        }
        boolean kubectl = KUBECTL.contains(w.get(0));
        boolean kubetail = w.get(0).equals("kubetail");
        if (!kubectl && !kubetail) {
            return false;
        }
        for (int i = 1; i < w.size(); i++) {
            String word = w.get(i);
            if (word.equals("--previous=true") || kubectl && (word.equals("--previous") || JOINED_SHORTHANDS.matcher(word).matches())) {
                return true;
            }
            if (kubetail && (word.equals("-p") || word.equals("--previous"))) {
                return i + 1 >= w.size() || !w.get(i + 1).equals("false");
            }
        }
        return false;
    }
}
