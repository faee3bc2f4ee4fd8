package dev.argoforensics.read;

import dev.argoforensics.accounting.Furniture;
import dev.argoforensics.source.ShellCommand;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A line that belongs to a pasted excerpt rather than to the log: an omission mark ({@code ...},
 * {@code …}, {@code [...]}, {@code <snip>}, {@code -- snip --}), the shell prompt with the command that
 * produced the excerpt ({@code $ kubectl logs deploy/workflow-controller | grep my-wf}, {@code # …},
 * {@code user@host:~$ …}, {@code PS> …}; a command that prints logs without a prompt, as Argo's bug report form
 * words it: {@code kubectl logs -n argo deploy/workflow-controller | grep ${workflow}}), or Markdown around it (a fence {@code ```} with or without a
 * language, {@code <details>}, {@code <summary>…</summary>}; Jira's {@code {code}} and {@code {noformat}}). Blank lines are counted as blank, as
 * before.
 *
 * <p>Only a line that did not read as a record, a piece of a Go panic or a continuation is asked, and
 * only one no collector wrapped (a CRI or Docker line holds what the controller wrote): so a controller
 * message is never furniture, whatever its words. A {@code # } line is a root prompt only if its first
 * word is a command people fetch or filter logs with ({@code # taken-at: …} and other comments are not).
 */
final class FurnitureLine {
    enum Kind {
        /** Lines were left out here. */
        OMISSION,
        /** A shell prompt, with the command that produced what follows. */
        PROMPT,
        /** Markdown around the excerpt: a fence, a collapsible section. */
        MARKUP
    }

    /**
     * @param command the prompt's command, or null (also for a prompt with none)
     */
    record Line(Kind kind, String command) {
    }

    private static final Pattern FENCE = Pattern.compile("(?:`{3,}|~{3,})\\s*[\\w.+#-]*\\s*");
    /**
     * One HTML tag GitHub renders around a paste, or a few on one line as a comment's collapsible section is most often written
     * ({@code <details><summary>controller logs</summary>}, {@code </pre></details>}); or Jira's and Confluence's wiki markup.
     */
    private static final String ONE_TAG = "(?:</?details(?:\\s+open)?>|<summary>.{0,200}?</summary>|</?summary>|</?pre>)";
    private static final Pattern MARKUP_TAG = Pattern.compile("(?i)" + ONE_TAG + "(?:\\s*" + ONE_TAG + "){0,3}"
            // Jira and Confluence wiki markup, where incident tickets and postmortems quote logs: {code}, {code:java}, {noformat}
            + "|\\{(?:code|noformat)(?::[^{}\\s][^{}]{0,200})?}");
    private static final Pattern DOTS = Pattern.compile("(?:\\.{3,}|…+|(?:\\. ){2,}\\.)");
    /** An omission said in words, between dots or in brackets: {@code ... 120 lines omitted ...}, {@code [snip]}, {@code (output truncated)}. */
    private static final Pattern OMISSION_WORDS = Pattern.compile("(?i)(?:\\.{2,}|…)?\\s*[\\w ,()]{0,60}?\\b(?:snip|snipped|truncated|omitted|skipped"
            + "|removed|trimmed|cut|redacted|more lines?|lines? more)\\b[\\w ,()]{0,60}?\\s*(?:\\.{2,}|…)?");
    private static final Pattern SCISSORS = Pattern.compile("(?i)[-=~*# ]*(?:snip|snipped|8<|>8|✂)[-=~*# ]*");
    /**
     * A prompt: an optional {@code (venv)} or {@code (context)}, then {@code user@host:dir$}, {@code user@host dir %} (macOS zsh's
     * default), {@code user@host ~/dir>} (fish's default), {@code [user@host dir]$}, {@code PS C:\>} or a bare sigil ({@code $ # % ❯ λ}, or oh-my-zsh's default
     * {@code ➜  dir git:(main) ✗}, or an arrow after zsh's vi-mode indicator, {@code (ins)->}, or {@code >>>}, which some people's
     * prompts end in, before a command that prints logs only, as {@code #}'s: Python's own {@code >>> print(x)} is none); then the
     * command. A time of day in brackets may lead a host's prompt ({@code [07:41:03] sre@bastion:~$}, bash's {@code \\t} in PS1), as it may lead a bare sigil.
     */
    private static final Pattern PROMPT = Pattern.compile("\\s*(?:\\([\\w.:/@-]{1,60}\\)\\s*)?"
            + "(?:(?:\\[\\d{1,2}:\\d{2}(?::\\d{2})?\\]\\s?)?(?<host>[\\w.-]+@[\\w.-]+(?:(?::[^\\s$#%>]*)?\\s?[$#%]|\\s[^\\s$#%>]{1,80}\\s?[$#%>])|\\[[^\\]]{1,80}\\]\\s?[$#%]|PS(?:\\s+[^>]{0,200})?>)"
            + "|(?<bare>>>>|[$#%❯λ]|->|➜\\s+[^\\s$#%]{1,80}(?:\\s+git:\\([^)\\s]{1,80}\\))?(?:\\s+✗)?))"
            + "(?:\\s+(?<command>\\S.*?))?\\s*");
    /**
     * A Python statement after {@code >>>}, whatever its first name: an assignment ({@code k = …}, {@code tail += …}), a call, an
     * attribute or an index ({@code head(…)}, {@code k.read_namespaced_pod_log(…)}, {@code pods[0]}) right after the name. A shell
     * command's name is followed by a space and its arguments, and a shell's assignment before it has no space around its
     * {@code =} ({@code KUBECONFIG=~/.kube/prod kubectl logs …}).
     */
    private static final Pattern PYTHON_STATEMENT = Pattern.compile("[A-Za-z_]\\w*(?:\\s*(?://|\\*\\*|<<|>>|[-+*/%|&^@])=(?!=)|\\s+=(?!=)|=\\s|[(.\\[])");
    /** Commands people fetch, filter or page logs with: a bare {@code #}, {@code %} or {@code ❯} prompt needs one of them. */
    private static final Set<String> LOG_COMMANDS = Set.of("kubectl", "k", "oc", "stern", "kubetail", "kail", "argo", "grep", "egrep", "fgrep",
            "zgrep", "rg", "ag", "ack", "cat", "zcat", "gzcat", "bat", "tail", "head", "less", "more", "docker", "podman", "crictl", "nerdctl",
            "journalctl", "jq", "yq", "awk", "gawk", "sed", "cut", "sort", "uniq", "gcloud", "aws", "az", "logcli", "find", "xargs", "sudo",
            "helm", "curl", "tee", "wc", "ls");
    /**
     * stern's line that it began ({@code +}) or stopped ({@code -}) following a container: {@code + <pod> › <container>}, with the
     * namespace before the Pod across namespaces ({@code + argo <pod> › <container>}); written to standard error, pasted with the log.
     */
    private static final Pattern STERN_TAIL = Pattern.compile("[+-] (?:[a-z0-9](?:[-a-z0-9]*[a-z0-9])? )?[a-z0-9](?:[-a-z0-9.]*[a-z0-9])? \u203a "
            + "[a-z0-9](?:[-a-z0-9]*[a-z0-9])?");

    /** Whether {@code text} is stern's line that it began or stopped following a container ({@link #STERN_TAIL}): the terminal's, no record. */
    static boolean sternTail(String text) {
        // coloured on a terminal (the sign green or red, the names as the Pod's and container's lines): the colours are no text
        return text.length() < 400 && text.indexOf('\u203a') > 0 && STERN_TAIL.matcher(dev.argoforensics.line.Terminal.clean(text).strip()).matches();
    }

    /**
     * kubetail's own lines before the logs it tails: {@code Will tail 2 logs...}, then each Pod it follows named alone on a line (with
     * its container for a Pod of several), in that Pod's colour. The Pod named as a Deployment's Pod is (a generated five-character
     * suffix), so that a word alone on a line is no such line unless it is shaped as one.
     */
    private static final Pattern KUBETAIL_HEAD = Pattern.compile("Will tail \\d+ logs?\\.\\.\\.|[a-z0-9](?:[-a-z0-9.]*[a-z0-9])?"
            + "-[bcdfghjklmnpqrstvwxz2456789]{5}(?: [a-z0-9](?:[-a-z0-9]*[a-z0-9])?)?");

    /** Whether {@code text} is kubetail's line before the logs ({@link #KUBETAIL_HEAD}): the terminal's, no record (session 51). */
    static boolean kubetailHead(String text) {
        return text.length() < 300 && KUBETAIL_HEAD.matcher(dev.argoforensics.line.Terminal.clean(text).strip()).matches();
    }

    /**
     * The instructions Argo's bug report template wrote inside its fenced blocks (.github/ISSUE_TEMPLATE/bug_report.md, 2020-09 to
     * 2022-09, before the form): people paste their lines under them, inside the same block, and leave them there. Read exactly as the
     * template words them (case and spaces aside): a shell comment or a sentence of the template's, never a damaged record.
     */
    private static final Set<String> ISSUE_TEMPLATE = Set.of(
            "# logs from the workflow controller:",
            "# logs from in your workflow's wait container, something like:",
            "# the workflow's pods that are problematic:",
            "# if the workflow's pods have not been created, you can skip the rest of the diagnostics.",
            "# either a workflow that reproduces the bug, or paste you whole workflow yaml, including status, something like:",
            "paste the logs from the workflow controller:",
            "paste a workflow that reproduces the bug, including status:",
            "paste the workflow here, including status:",
            "paste the logs from your workflow's wait container:",
            // its commands that print no logs, as it wrote them (the logs commands are prompts: recognise)
            "kubectl get wf -o yaml ${workflow}",
            "kubectl get pod -o yaml -l workflows.argoproj.io/workflow=${workflow},workflow.argoproj.io/phase!=succeeded");

    /** Whether {@code text} is one of the instructions Argo's bug report template left inside its fenced blocks ({@link #ISSUE_TEMPLATE}). */
    static boolean issueTemplate(String text) {
        String t = text.strip();
        return t.length() < 120 && ISSUE_TEMPLATE.contains(t.replaceAll("\\s+", " ").toLowerCase(Locale.ROOT));
    }

    /**
     * A Markdown heading of level 2 to 6: GitHub writes a submitted issue form's fields under {@code ### <label>} (Argo's bug report form
     * since 2022-09: {@code ### Logs from the workflow controller}, {@code ### Logs from in your workflow's wait container},
     * {@code ### Version(s)}), and a paste copied across two fields holds the heading between them. A level-1 {@code # } line stays a
     * root prompt or a comment ({@link #PROMPT}); a heading that holds a record's head or field is a damaged record, never markup.
     */
    private static final Pattern HEADING = Pattern.compile("#{2,6}\\s+\\S.{0,200}");

    /** One or two backticks alone on a line: a code span opened or closed on a line of its own (no fence: that takes three). */
    private static final Pattern LONE_BACKTICKS = Pattern.compile("`{1,2}");

    private FurnitureLine() {
    }

    /** What furniture {@code text} is, or null if it is none. */
    static Line recognise(String text) {
        String t = text.strip();
        if (t.isEmpty()) {
            return null;
        }
        if (FENCE.matcher(t).matches() || MARKUP_TAG.matcher(t).matches() || LONE_BACKTICKS.matcher(t).matches()
                || HEADING.matcher(t).matches() && !RECORD_PART.matcher(t.replaceFirst("^#+\\s+", "")).find()) {
            return new Line(Kind.MARKUP, null);
        }
        if (omission(t)) {
            return new Line(Kind.OMISSION, null);
        }
        Matcher m = PROMPT.matcher(text);
        if (m.matches()) {
            String command = m.group("command");
            String bare = m.group("bare");
            // The empty prompt a terminal shows after the output (copied with it): oh-my-zsh's "➜  ~", a bare "❯" or "λ", as "$".
            boolean emptyPrompt = command == null && bare != null && (bare.charAt(0) == '➜' || bare.equals("❯") || bare.equals("λ"));
            if (bare != null && !bare.equals("$") && !emptyPrompt && (command == null || !(LOG_COMMANDS.contains(firstWord(command)) || asRoot(command)))) {
                return null; // "# a comment", "% done": no prompt
            }
            if (">>>".equals(bare) && PYTHON_STATEMENT.matcher(command).lookingAt()) {
                return null; // Python's REPL before Python: ">>> k = client.CoreV1Api()", ">>> head(lines)" (session 61's breaker)
            }
            return new Line(Kind.PROMPT, command);
        }
        // A command that prints logs, without a prompt: how Argo's bug report form words its fields ("kubectl logs -n argo
        // deploy/workflow-controller | grep ${workflow}"), which people paste their lines under or after; behind any wrapper
        // (timeout 30, nice, env X=y), read as every pasted command is (ShellCommand).
        if ((t.contains("logs") || t.contains("stern") || t.contains("kubetail")) && ShellCommand.printsLogs(t) && !RECORD_PART.matcher(text).find()) {
            return new Line(Kind.PROMPT, t);
        }
        return null;
    }

    private static boolean omission(String t) {
        // grep -A/-B/-C prints "--" alone between groups of lines that were not adjacent: lines left out.
        if (t.equals("--") || DOTS.matcher(t).matches() || SCISSORS.matcher(t).matches()) {
            return true;
        }
        String inner = t;
        char first = t.charAt(0);
        char last = t.charAt(t.length() - 1);
        boolean bracketed = t.length() >= 2 && (first == '[' && last == ']' || first == '(' && last == ')' || first == '<' && last == '>'
                || first == '{' && last == '}');
        if (bracketed) {
            inner = t.substring(1, t.length() - 1).strip();
            if (inner.isEmpty() || DOTS.matcher(inner).matches()) {
                return !inner.isEmpty();
            }
            return OMISSION_WORDS.matcher(inner).matches();
        }
        boolean betweenDots = (t.startsWith("...") || t.startsWith("…")) && (t.endsWith("...") || t.endsWith("…")) && t.length() <= 80;
        // Go prints "...additional frames elided..." inside a panic's stack: that line belongs to the panic.
        return betweenDots && !t.contains("frames elided") && t.substring(1, t.length() - 1).matches("[.…]*\\s*[\\w ,()]*\\s*[.…]*");
    }

    /** A log record's head or field, anywhere in a line: such a line is a damaged record, never text around one. */
    private static final Pattern RECORD_PART = Pattern.compile("(?:^|\\s)(?:time|level|msg)=|^\\s*\\{|^(?:DEBU|INFO|WARN|ERRO|FATA|PANI|TRAC)\\[|^[IWEF]\\d{4} ");
    private static final Pattern PAIR = Pattern.compile("(?:^|\\s)[A-Za-z_][\\w.-]*=\\S");

    /**
     * True for a line of the text around a quoted excerpt (the issue's prose, a YAML manifest, a bullet
     * list, a container's output): it holds no log record's head ({@code time=}, {@code level=},
     * {@code msg=}, a JSON object, a logrus TTY or klog header) and at most one {@code key=value}. Only
     * asked in a file that quoted controller lines with times of day, of lines no reading took.
     */
    static boolean prose(String text) {
        if (text.isBlank() || RECORD_PART.matcher(text).find()) {
            return false;
        }
        Matcher pairs = PAIR.matcher(text);
        int n = 0;
        while (pairs.find()) {
            if (++n > 1) {
                return false;
            }
        }
        return true;
    }

    /**
     * A command run through {@code sudo} or {@code doas}: after a {@code #} prompt that is a shell, whatever it runs
     * ({@code # sudo systemctl restart kubelet}), as it was before {@link #firstWord} looked past {@code sudo}.
     */
    private static boolean asRoot(String command) {
        String first = command.strip().split("\\s+", 2)[0];
        return first.equals("sudo") || first.equals("doas");
    }

    /** The first word of a command, after {@code sudo} and {@code VAR=value} assignments. */
    static String firstWord(String command) {
        return Furniture.firstWord(command);
    }

    /** See {@link Furniture#filters}. */
    static boolean filters(String command) {
        return Furniture.filters(command);
    }
}
