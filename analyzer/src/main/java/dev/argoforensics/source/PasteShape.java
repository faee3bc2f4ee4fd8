package dev.argoforensics.source;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Terminal output people paste as the only "export" of a report: {@code argo get WF} (its header
 * block and node tree, plain or {@code -o wide}), {@code kubectl get pods} tables (plain or
 * {@code -o wide}, with or without {@code -A}) and {@code kubectl describe pod} (its Name: and
 * Namespace: lines followed by Priority:, Service Account:, Node: or Start Time:, which argo get never prints) and
 * {@code kubectl get events} tables ({@code LAST SEEN  TYPE  REASON  OBJECT  MESSAGE}) and {@code kubectl describe workflow}
 * (its {@code API Version: argoproj.io/…} and {@code Kind: Workflow} after the labels and annotations). Recognised by the first content line: a column header
 * that names every column in kubectl's or argo's order, or argo's {@code Name:} line followed by its
 * {@code Namespace:} line. A log line that merely holds the word NAME is none of these.
 */
public enum PasteShape {
    NONE(""),
    ARGO_GET("argo get output"),
    KUBECTL_PODS("kubectl get pods table"),
    KUBECTL_DESCRIBE_POD("kubectl describe pod output"),
    /** {@code kubectl describe workflow}: Name:, Namespace:, Labels:, Annotations:, then {@code API Version: argoproj.io/…} and {@code Kind: Workflow}. */
    KUBECTL_DESCRIBE_WORKFLOW("kubectl describe workflow output"),
    KUBECTL_EVENTS("kubectl get events table"),
    /** {@code kubectl get workflows} ({@code NAME  STATUS  AGE  MESSAGE}, {@code -A}'s NAMESPACE first) or {@code argo list}. */
    KUBECTL_WORKFLOWS("kubectl get workflows table"),
    /**
     * A terminal session pasted whole: several commands one after another ({@code $ kubectl get wf}, {@code $ kubectl get pods},
     * {@code $ argo get …}), each prompt starting the output of its own command, of more than one of the shapes above.
     */
    SESSION("terminal session of several commands"),
    /** A Workflow's status cut from {@code argo get -o yaml} or {@code kubectl get wf -o yaml}: fenced ({@code ```yaml}) or indented, from {@code status:} or {@code nodes:} on. */
    WORKFLOW_STATUS_FRAGMENT("Workflow status fragment (YAML cut from a larger paste)"),
    /**
     * Kubernetes objects pasted with the text around them, as an issue comment holds them: a sentence, the prompt with
     * {@code kubectl get pod … -o yaml}, a Markdown fence, then the object ({@code apiVersion:} or {@code kind:} at column 0,
     * or {@code -o json}'s {@code {}), and maybe more text and another object after it. Read as objects, the text counted apart.
     */
    PASTED_OBJECTS("Kubernetes objects pasted with the text around them");

    /** {@code NAME READY STATUS RESTARTS AGE}, with {@code NAMESPACE} first under {@code -A} and {@code IP NODE …} under {@code -o wide}. */
    public static final Pattern KUBECTL_HEADER = Pattern.compile(
            "^(NAMESPACE {2,})?NAME {2,}READY {2,}STATUS {2,}RESTARTS {2,}AGE( {2,}IP {2,}NODE {2,}NOMINATED NODE {2,}READINESS GATES)? *$");
    /** {@code kubectl get events}' header, with {@code -A}'s NAMESPACE first. */
    /** Also {@code -o wide}'s: {@code SUBOBJECT} and {@code SOURCE} before {@code MESSAGE}, {@code FIRST SEEN}, {@code COUNT}, {@code NAME} after it. */
    public static final Pattern KUBECTL_EVENTS_HEADER = Pattern.compile(
            "^(NAMESPACE {2,})?LAST SEEN {2,}TYPE {2,}REASON {2,}OBJECT {2,}(?:SUBOBJECT {2,}SOURCE {2,})?MESSAGE(?: {2,}FIRST SEEN {2,}COUNT {2,}NAME)? *$");
    /**
     * {@code kubectl get workflows}' header (the CRD's printer columns: Status, Age and, since v3.4, Message), with {@code -A}'s
     * NAMESPACE first; {@code argo list}'s has DURATION and PRIORITY after AGE.
     */
    public static final Pattern WORKFLOWS_HEADER = Pattern.compile(
            "^(NAMESPACE {2,})?NAME {2,}STATUS {2,}AGE(?: {2,}DURATION {2,}PRIORITY)?(?: {2,}MESSAGE)? *$");
    /**
     * The node tree's header: plain, {@code -o wide} and {@code -o short}; v2.0-v2.6 print no TEMPLATE column, and their
     * {@code -o wide} ends at MESSAGE (v2.7's at RESOURCESDURATION; NODENAME from v2.8), as their cmd/argo/commands/get.go writes it.
     */
    public static final Pattern ARGO_TREE_HEADER = Pattern.compile("^STEP {2,}(?:TEMPLATE {2,})?PODNAME {2,}DURATION {2,}"
            + "(ARTIFACTS {2,}MESSAGE(?: {2,}RESOURCESDURATION(?: {2,}NODENAME)?)?|MESSAGE {2,}NODENAME|MESSAGE) *$");
    public static final Pattern ARGO_NAME = Pattern.compile("^Name: +\\S+ *$");
    public static final Pattern ARGO_NAMESPACE = Pattern.compile("^Namespace: +\\S+ *$");
    /** What {@code kubectl describe pod} prints after its Name: and Namespace: lines, and {@code argo get} never does. */
    public static final Pattern DESCRIBE_POD_FIELD = Pattern.compile("^(Priority|Priority Class Name|Runtime Class Name|Service Account|Node|Start Time): .*$");
    /** {@code kubectl describe} of a custom resource names its kind after the labels and annotations, which argo get never prints. */
    public static final Pattern DESCRIBE_KIND_WORKFLOW = Pattern.compile("^Kind: +Workflow *$");
    public static final Pattern DESCRIBE_API_VERSION = Pattern.compile("^API Version: +argoproj\\.io/\\S+ *$");
    /**
     * A prompt that ends in the shell's sigil after a user, a host or a folder: {@code ops@bastion:~/incident$}, RHEL's
     * {@code [ops@bastion ~]$}, macOS zsh's default {@code ops@mbp incident %} (its folder after a space), fish's
     * {@code ops@bastion ~/incident>}, and any of them after a time of
     * day in brackets ({@code [15:04:05] $}, {@code [07:41:03] sre@bastion:~$}: bash's {@code \\t} or zsh's {@code %*} before the rest).
     */
    private static final String SHELL_PROMPT = "(?:\\[[^\\]]{1,80}\\] ?)?(?:\\S*[$#%]|[\\w.-]+@[\\w.-]+ [^\\s$#%>]{1,80} ?[$#%>])";

    /**
     * A shell prompt with the command that printed the table (group 1): {@code $ kubectl get pods -n ns}, also after a user and host
     * ({@code ops@bastion:~$ kubectl …}, RHEL's {@code [ops@bastion ~]$ kubectl …}, a time of day in brackets {@code [15:04:05] $ kubectl …},
     * a virtualenv's or context's {@code (prod)} first), PowerShell's ({@code PS C:\\ops> kubectl …}) and oh-my-zsh's, starship's or a lambda prompt
     * with its folder and git state ({@code ➜  ~ kubectl get pods}, {@code ➜  infra git:(main) ✗ argo get …}, {@code ❯ kubectl …}), and an
     * arrow after zsh's vi-mode indicator ({@code (ins)-> argo get …}, as argoproj/argo-workflows#3006 pastes it).
     */
    public static final Pattern PROMPT = Pattern.compile(
            "^(?:\\([\\w.:/@-]{1,60}\\) *)?(?:[$%#>]|->|" + SHELL_PROMPT + "|PS[^>]*>|[\u279c\u276f\u03bb](?: +(?!kubectl |argo )\\S+)*)"
            + " +(?:date(?: +[-+][\\w=+%:-]*)* *(?:;|&&) *)?((kubectl|argo) .*)$");
    /** Options before a command's verb ({@code kubectl -n argo get …}, {@code argo --context prod get …}). */
    private static final String OPTIONS = "(?: +-{1,2}[\\w-]+(?:[= ][\\w./:@=,-]+)?)*";
    /**
     * A command that printed the output under it, pasted without its prompt ({@code kubectl describe workflow pdb-wf-1}, then a blank
     * line and the object, as argoproj/argo-workflows#10942 pastes it): read as {@link #PROMPT}'s command (group 1) only among a
     * paste's leading lines, before its output; a line ending in {@code :} or {@code .} is a sentence that names a command, not one.
     */
    public static final Pattern BARE_COMMAND = Pattern.compile("^((?:kubectl" + OPTIONS + " +(?:get|describe)|argo" + OPTIONS
            + " +(?:get|list|watch))(?: +[\\w./:@=,*'\"|<>{}$-]+)*)(?<![:.]) *$");

    /** The command of a prompt line ({@link #PROMPT}) or of a bare command ({@link #BARE_COMMAND}); null for any other line. */
    public static String command(String t) {
        java.util.regex.Matcher m = PROMPT.matcher(t);
        if (m.matches()) {
            return m.group(1);
        }
        m = BARE_COMMAND.matcher(t);
        return m.matches() ? m.group(1) : null;
    }

    /** The day and month names {@code date} prints (the C locale's). */
    private static final String DAY = "(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)";
    private static final String MONTH = "(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)";
    /**
     * A prompt line running {@code date} alone ({@code $ date -u}), whose answer ({@link #DATE_OUTPUT}) comes before the next
     * prompt's command. The command that prints a table may run {@code date} first on its own line too ({@link #PROMPT}:
     * {@code $ date -u; kubectl get events -A}).
     */
    public static final Pattern DATE_PROMPT = Pattern.compile("^(?:[$%#>]|" + SHELL_PROMPT + "|PS[^>]*>) +date(?: +[-+][\\w=+%:-]*)* *$");
    /**
     * {@code date}'s answer, printed with a table when the user ran it first ({@code $ date -u; kubectl get events -A -o wide}):
     * GNU's and BSD's default ({@code Wed Nov 18 09:40:31 UTC 2026}; {@code Wed 18 Nov 2026 09:40:31 AM UTC} in newer GNU locales),
     * {@code date -R} ({@code Wed, 18 Nov 2026 09:40:31 +0000}) and {@code date -Iseconds} ({@code 2026-11-18T09:40:31+00:00}).
     * Groups: 1-4 (default: month, day, time, AM/PM) with 5 the zone and 6 the year; 7-11 (the day first: day, month, year, time,
     * AM/PM) with 12 the zone; 13 (-R: the whole); 14 (-I: the whole).
     */
    public static final Pattern DATE_OUTPUT = Pattern.compile("^(?:" + DAY + " (" + MONTH + ") +(\\d{1,2}) (\\d{2}:\\d{2}:\\d{2})(?: ([AP]M))? ([A-Z]{1,5}|[+-]\\d{2,4}) (\\d{4})"
            + "|" + DAY + " (\\d{1,2}) (" + MONTH + ") (\\d{4}) (\\d{2}:\\d{2}:\\d{2})(?: ([AP]M))? ([A-Z]{1,5}|[+-]\\d{2,4})"
            + "|(" + DAY + ", \\d{1,2} " + MONTH + " \\d{4} \\d{2}:\\d{2}:\\d{2} [+-]\\d{4})"
            + "|(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:[.,]\\d{1,9})?(?:Z|[+-]\\d{2}:\\d{2})))$");

    /**
     * The moment a {@link #DATE_OUTPUT} line states, or null where it names no offset: a zone abbreviation other than {@code UTC} or
     * {@code GMT} ({@code CET}, {@code EST}) is the machine's zone, which several offsets share, so it dates nothing.
     */
    public static java.time.Instant dateOutputTime(String line) {
        java.util.regex.Matcher m = DATE_OUTPUT.matcher(line.strip());
        if (!m.matches()) {
            return null;
        }
        try {
            if (m.group(14) != null) {
                return java.time.OffsetDateTime.parse(m.group(14).replace(',', '.')).toInstant();
            }
            if (m.group(13) != null) {
                return java.time.OffsetDateTime.parse(m.group(13), java.time.format.DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
            }
            boolean first = m.group(1) != null;
            String month = first ? m.group(1) : m.group(8);
            int day = Integer.parseInt(first ? m.group(2) : m.group(7));
            String clock = first ? m.group(3) : m.group(10);
            String half = first ? m.group(4) : m.group(11);
            String zone = first ? m.group(5) : m.group(12);
            int year = Integer.parseInt(first ? m.group(6) : m.group(9));
            java.time.ZoneOffset offset;
            if ("UTC".equals(zone) || "GMT".equals(zone)) {
                offset = java.time.ZoneOffset.UTC;
            } else if (zone.startsWith("+") || zone.startsWith("-")) {
                String digits = zone.substring(1);
                int hours = Integer.parseInt(digits.length() > 2 ? digits.substring(0, 2) : digits);
                int minutes = digits.length() > 2 ? Integer.parseInt(digits.substring(2)) : 0;
                offset = java.time.ZoneOffset.ofHoursMinutes(zone.startsWith("-") ? -hours : hours, zone.startsWith("-") ? -minutes : minutes);
            } else {
                return null;
            }
            java.time.LocalTime t = java.time.LocalTime.parse(clock);
            if (half != null) {
                int h = t.getHour() % 12 + ("PM".equals(half) ? 12 : 0);
                t = t.withHour(h);
            }
            java.time.Month mo = java.time.Month.from(java.time.format.DateTimeFormatter.ofPattern("MMM", java.util.Locale.ROOT).parse(month));
            return java.time.LocalDate.of(year, mo, day).atTime(t).toInstant(offset);
        } catch (RuntimeException e) {
            return null;
        }
    }
    /**
     * A prompt that shows the time of day ({@code [15:04:05] $ kubectl …}, zsh's {@code %*} or bash's {@code \\t} in PS1): group 1 the
     * time. The terminal's local time, with no date and no zone.
     */
    public static final Pattern PROMPT_TIME = Pattern.compile("^(?:\\([\\w.:/@-]{1,60}\\) *)?\\[(\\d{1,2}:\\d{2}(?::\\d{2})?)\\] ?\\S*[$#%] +(?:kubectl|argo) .*$");
    /**
     * kubectl's answer when the object it was asked for does not exist: {@code Error from server (NotFound): pods "X" not found}
     * (group 1 the resource, {@code pods} or {@code workflows.argoproj.io}; group 2 the name). It says the object did not exist
     * when the command ran, and carries no time of its own.
     */
    public static final Pattern NOT_FOUND = Pattern.compile("^Error from server \\(NotFound\\): (pods|workflows\\.argoproj\\.io) \"([a-z0-9][a-z0-9.-]*)\" not found *$");
    /**
     * kubectl's answer that a list came back empty ({@code No resources found in argo namespace.}, before kubectl 1.17 {@code No
     * resources found.}; argo's {@code No workflows found}): group 1 the namespace it names, if any.
     */
    public static final Pattern NO_RESOURCES = Pattern.compile("^No (?:resources|workflows|events) found(?: in (\\S+) namespace)?\\.?$");
    /**
     * kubectl's answer to a delete it was granted: {@code pod "X" deleted} ({@code force deleted} under {@code --grace-period=0 --force},
     * kubectl 1.33 and later add {@code from NS namespace}; {@code (dry run)} or {@code (server dry run)} under {@code --dry-run}, where
     * nothing was deleted), {@code workflow.argoproj.io "W" deleted} for a Workflow. Group 1 the resource ({@code pod} or
     * {@code workflow.argoproj.io}), 2 the name, 3 {@code force } or null, 4 the namespace or null, 5 the dry-run mark or null. With
     * {@code --wait} (kubectl's default) it is printed once the object is gone; it carries no time of its own.
     */
    public static final Pattern DELETED = Pattern.compile("^(pod|workflow\\.argoproj\\.io) \"([a-z0-9][a-z0-9.-]*)\" (force )?deleted"
            + "(?: from (\\S+) namespace)?( \\((?:server )?dry run\\))? *$");
    /** argo's answer to {@code argo delete W}: {@code Workflow 'W' deleted}, {@code (dry-run)} after it under {@code --dry-run} (group 2). */
    public static final Pattern ARGO_DELETED = Pattern.compile("^Workflow '([a-z0-9][a-z0-9.-]*)' deleted( \\(dry-run\\))? *$");
    /** kubectl's warning before a forced delete ({@code --grace-period=0 --force}): the terminal's, no log line. */
    public static final Pattern FORCE_WARNING = Pattern.compile("^Warning: Immediate deletion does not wait for confirmation that the running"
            + " resource has been terminated\\..*$");
    /** The namespace a pasted command names with {@code -n} or {@code --namespace} (group 1). */
    public static final Pattern NAMESPACE_FLAG = Pattern.compile("(?:^| )(?:-n|--namespace)(?: +|=)(\\S+)");

    private final String label;

    PasteShape(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** The shape an input's classification reason names, or NONE. */
    public static PasteShape of(String reason) {
        for (PasteShape s : values()) {
            if (s != NONE && s.label.equals(reason)) {
                return s;
            }
        }
        return NONE;
    }

    /**
     * The shape of a file from its first lines (blank lines, {@code #} comments and one prompt line before the content are passed over).
     * Terminal output inside a Markdown container (a reply's {@code > } quote, a code block indented by four spaces or by a list item's
     * three) is told by the lines under the container ({@link #container}); output in a fence after a sentence or two (an issue comment
     * saved whole) by the fenced lines.
     */
    public static PasteShape detect(List<String> head) {
        PasteShape shape = detectAsIs(head);
        if (shape == NONE) {
            Container c = container(head);
            if (!c.none()) {
                return detectAsIs(c.unwrap(head).subList(c.from(), head.size()));
            }
            return afterSentence(head);
        }
        return shape;
    }

    /** The shapes of terminal output, which a Markdown container or a sentence before its fence may hold. */
    private static final Set<PasteShape> TERMINAL_OUTPUT = EnumSet.of(ARGO_GET, KUBECTL_PODS, KUBECTL_DESCRIBE_POD,
            KUBECTL_DESCRIBE_WORKFLOW, KUBECTL_EVENTS, KUBECTL_WORKFLOWS, SESSION);

    /** How many lines of a file its shape is told by (the classifier's head). */
    public static final int HEAD_LINES = 64;

    /**
     * The Markdown container terminal output sits in: {@code quotes} levels of a reply's {@code >} quote, or an indentation of
     * {@code indent} spaces (a code block, a list item), or code spans ({@code spans}: each line of the output between backticks,
     * {@code `Name:   x`}, or one span opened on the output's first line and closed at the end of its last, as an issue writer
     * who did not fence the output keeps GitHub from folding its lines; session 43, argoproj/argo-workflows#13237). Each line loses
     * the container where it has it, and is left as it is where it has not (a sentence after the quote), so line numbers and the
     * text outside stay the file's.
     */
    public record Container(int quotes, int indent, int from, boolean spans) {
        public static final Container NONE = new Container(0, 0, 0, false);

        public Container(int quotes, int indent, int from) {
            this(quotes, indent, from, false);
        }

        public boolean none() {
            return quotes == 0 && indent == 0 && !spans;
        }

        /** How the container is named in the inputs table, after the shape: empty for none. */
        public String label() {
            String outer = quotes > 0 ? ", in a Markdown quote (" + ">".repeat(quotes) + ")" : indent > 0 ? ", indented by " + indent + " spaces (Markdown)" : "";
            return spans ? outer + ", in Markdown code spans (`…`)" : outer;
        }

        public List<String> unwrap(List<String> lines) {
            return none() ? lines : lines.stream().map(this::unwrap).toList();
        }

        public String unwrap(String line) {
            String out = unwrapOuter(line);
            return spans ? withoutSpan(out) : out;
        }

        private String unwrapOuter(String line) {
            if (quotes > 0) {
                int at = 0;
                for (int q = 0; q < quotes; q++) {
                    int m = quoteMarker(line, at);
                    if (m < 0) {
                        return q == 0 ? line : line.substring(at); // a line outside the quote, or quoted less deeply
                    }
                    at = m;
                }
                return line.substring(at);
            }
            int i = 0;
            while (i < indent && i < line.length() && line.charAt(i) == ' ') {
                i++;
            }
            return i == indent || line.isBlank() ? line.substring(i) : line;
        }
    }

    /** A code span's delimiter at a line's start (after its indentation) or end: one or two backticks, never a fence's three. */
    private static final Pattern SPAN_OPEN = Pattern.compile("^( *)(`{1,2})(?!`)");
    private static final Pattern SPAN_CLOSE = Pattern.compile("(?<!`)(`{1,2}) *$");

    /**
     * Whether a line opens a code span: one or two backticks at its start (after its indentation), not a fence's three, and something
     * after them.
     */
    static boolean opensSpan(String line) {
        java.util.regex.Matcher m = SPAN_OPEN.matcher(line);
        return m.find() && !line.substring(m.end()).isBlank();
    }

    /**
     * The line without the code span delimiters at its start (after its indentation, which is kept: the output's own) and at its
     * end; a line with neither is left as it is (a sentence, a blank line). The text inside is kept as written: kubectl's columns
     * and indentation are the output's.
     */
    static String withoutSpan(String line) {
        String out = line;
        java.util.regex.Matcher open = SPAN_OPEN.matcher(out);
        if (open.find() && !out.substring(open.end()).isBlank()) {
            out = open.group(1) + out.substring(open.end());
        }
        java.util.regex.Matcher close = SPAN_CLOSE.matcher(out);
        if (close.find() && !out.substring(0, close.start()).isBlank()) {
            out = out.substring(0, close.start());
        }
        return out;
    }

    /** Where the text after one quote marker at {@code from} starts (up to three spaces, {@code >}, one optional space), or -1. */
    private static int quoteMarker(String line, int from) {
        int i = from;
        while (i < line.length() && i - from < 3 && line.charAt(i) == ' ') {
            i++;
        }
        if (i >= line.length() || line.charAt(i) != '>') {
            return -1;
        }
        i++;
        return i < line.length() && line.charAt(i) == ' ' ? i + 1 : i;
    }

    /**
     * The container of terminal output that only it hides: NONE unless the file's head, read as it is, has no shape, quotes no log line,
     * and under the container of its first line that holds anything (its quote markers, or its indentation) is output of a terminal
     * shape. The classifier and the reader ask it of the same head, so they agree.
     */
    public static Container container(List<String> lines) {
        List<String> head = lines.subList(0, Math.min(lines.size(), HEAD_LINES));
        Container c = Container.NONE;
        int prose = 0;
        boolean blank = false;
        for (int i = 0; i < head.size(); i++) {
            String raw = head.get(i).stripTrailing();
            if (raw.isEmpty()) {
                blank = prose > 0 || blank;
                continue;
            }
            int quotes = 0;
            for (int at = quoteMarker(raw, 0); at >= 0; at = quoteMarker(raw, at)) {
                quotes++;
            }
            int indent = 0;
            while (indent < raw.length() && raw.charAt(indent) == ' ') {
                indent++;
            }
            String inside = quotes > 0 ? new Container(quotes, 0, i).unwrap(raw) : raw;
            if (opensSpan(inside) && !FENCE.matcher(inside.strip()).matches()) {
                // Output in code spans (`Name:   x`, a line each or one span over its lines), maybe in a quote: no blank line needed
                // after a sentence, as a span is no code block.
                c = new Container(quotes, 0, i, true);
                break;
            }
            if (quotes == 0 && indent == 0) {
                // A sentence or two before the quote or the indented block (a comment saved whole): never a log line, a prompt or a fence.
                String t = stripped(raw).strip();
                if (blank || ++prose > PROSE_BEFORE_FENCE || LOG_LINE.matcher(raw).find() || PROMPT.matcher(t).matches()
                        || FENCE.matcher(t).matches()) {
                    return Container.NONE;
                }
                continue;
            }
            if (prose > 0 && quotes == 0 && !(blank && indent >= 4)) {
                // After a sentence, Markdown starts a code block at 4 spaces and after a blank line only; a quote interrupts the
                // sentence's paragraph (CommonMark: a block quote may interrupt a paragraph; session 43: a reply's "as you asked:"
                // right above its quoted output was read as a log, each line of the output unparsed).
                return Container.NONE;
            }
            c = quotes > 0 ? new Container(quotes, 0, i) : new Container(0, indent, i);
            break;
        }
        if (c.none() || detectAsIs(head) != NONE || quotesLogLines(head)) {
            return Container.NONE;
        }
        return TERMINAL_OUTPUT.contains(detectAsIs(c.unwrap(head).subList(c.from(), head.size()))) ? c : Container.NONE;
    }

    /**
     * An issue comment saved whole: a sentence or two (no log line, no prompt), then a Markdown fence whose lines are terminal output of
     * a shape read here. The sentences are left to the shape's reader, which reports each at its line.
     */
    private static PasteShape afterSentence(List<String> head) {
        int first = 0;
        while (first < head.size() && (head.get(first).isBlank() || head.get(first).strip().startsWith("#"))) {
            first++;
        }
        for (int j = first + 1; j < head.size() && j <= first + PROSE_BEFORE_FENCE; j++) {
            String t = stripped(head.get(j)).strip();
            if (FENCE.matcher(t).matches()) {
                List<String> before = head.subList(first, j);
                if (before.stream().anyMatch(l -> LOG_LINE.matcher(l).find() || PROMPT.matcher(stripped(l).strip()).matches()
                        || FENCE.matcher(stripped(l).strip()).matches())) {
                    return NONE;
                }
                PasteShape fenced = detectAsIs(head.subList(j + 1, head.size()));
                return TERMINAL_OUTPUT.contains(fenced) && !quotesLogLines(head) ? fenced : NONE;
            }
        }
        return NONE;
    }

    private static PasteShape detectAsIs(List<String> head) {
        int i = 0;
        boolean prompt = false;
        while (i < head.size()) {
            String t = head.get(i).strip();
            if (t.isEmpty() || (t.startsWith("#") && !PROMPT.matcher(t).matches())) {
                i++;
            } else if (!prompt && i + 1 < head.size() && FENCE.matcher(t).matches() && !statusFragment(head, i)
                    && PROMPT.matcher(stripped(head.get(i + 1)).strip()).matches()) {
                // A Markdown fence around a command and its output (```console, then % argo get …): the fence is furniture.
                i++;
            } else if (!prompt && (PROMPT.matcher(t).matches() || BARE_COMMAND.matcher(t).matches())) {
                prompt = true;
                i++;
            } else if (!prompt && DATE_PROMPT.matcher(t).matches()) {
                // $ date -u on its own line, before the command that printed the table: its answer is the next line.
                i++;
            } else if (i > 0 && DATE_OUTPUT.matcher(t).matches()) {
                // date's answer after its prompt ($ date -u; kubectl get events -A): furniture, as the prompt is.
                i++;
            } else {
                break;
            }
        }
        if (i >= head.size()) {
            return NONE;
        }
        if (pastedObjects(head)) {
            return PASTED_OBJECTS;
        }
        if (prompt && session(head)) {
            return SESSION;
        }
        PasteShape shape = single(head, i);
        if (shape == NONE && !prompt) {
            // An issue comment saved as it is: a sentence or two, then the fenced piece of a Workflow's status.
            for (int j = i + 1; j < head.size() && j <= i + PROSE_BEFORE_FENCE; j++) {
                String t = stripped(head.get(j)).strip();
                if (t.startsWith("```")) {
                    return statusFragment(head, j) && head.subList(i, j).stream().noneMatch(l -> LOG_LINE.matcher(l).find())
                            ? WORKFLOW_STATUS_FRAGMENT : NONE;
                }
            }
        }
        return shape;
    }

    /** Lines of prose a fenced status fragment may follow. */
    private static final int PROSE_BEFORE_FENCE = 5;

    /** The shape of output that starts at line {@code i} of {@code head} (after its prompt and comments), or NONE. */
    private static PasteShape single(List<String> head, int i) {
        String first = stripped(head.get(i));
        if (statusFragment(head, i)) {
            return WORKFLOW_STATUS_FRAGMENT;
        }
        if (KUBECTL_HEADER.matcher(first).matches() || podRowLayout(first) != null) {
            return KUBECTL_PODS;
        }
        if (NOT_FOUND.matcher(first).matches() || NO_RESOURCES.matcher(first.strip()).matches()) {
            // kubectl's answer that the object does not exist (or that its list came back empty), read with the tables; a paste that
            // goes on to quote the controller's lines is the log, its answer read there (FileAssembler).
            return quotesLogLines(head) ? NONE : KUBECTL_PODS;
        }
        if (KUBECTL_EVENTS_HEADER.matcher(first).matches()) {
            return KUBECTL_EVENTS;
        }
        if (WORKFLOWS_HEADER.matcher(first).matches() || workflowRowStarts(first, commandAbove(head, i)) != null) {
            return KUBECTL_WORKFLOWS;
        }
        if (ARGO_TREE_HEADER.matcher(first).matches()) {
            return ARGO_GET;
        }
        if (ARGO_NAME.matcher(first).matches() && i + 1 < head.size() && ARGO_NAMESPACE.matcher(stripped(head.get(i + 1))).matches()) {
            if (i + 2 < head.size() && DESCRIBE_POD_FIELD.matcher(stripped(head.get(i + 2))).matches()) {
                return KUBECTL_DESCRIBE_POD;
            }
            return describesWorkflow(head, i + 2) ? KUBECTL_DESCRIBE_WORKFLOW : ARGO_GET;
        }
        if (describedStatus(head, i)) {
            return KUBECTL_DESCRIBE_WORKFLOW;
        }
        return NONE;
    }

    private static final Pattern DESCRIBED_NODE_ID = Pattern.compile("^ +Id: +\\S+$");
    private static final Pattern DESCRIBED_NODE_TYPE = Pattern.compile("^ +Type: +(?:Pod|Container|Steps|StepGroup|DAG|TaskGroup|Retry|Skipped|Suspend|HTTP|Plugin)$");

    /**
     * {@code kubectl describe workflow} cut from its {@code Status:} line on (#1341's shape: the head, Name: to Kind:, left out of
     * the paste): a column-0 {@code Status:} holding nothing on its line, then indented fields with a {@code Nodes:} tree whose
     * nodes print an {@code Id:} and a {@code Type:} of a Workflow node, within the classifier's head. Read as the Workflow status
     * it is, named by its root node as a status pasted without metadata is.
     */
    private static boolean describedStatus(List<String> head, int i) {
        if (!stripped(head.get(i)).equals("Status:")) {
            return false;
        }
        boolean nodes = false;
        boolean id = false;
        for (int j = i + 1; j < head.size(); j++) {
            String line = stripped(head.get(j));
            if (line.isBlank()) {
                continue;
            }
            if (!line.startsWith(" ")) {
                break;
            }
            nodes |= line.strip().equals("Nodes:");
            id |= nodes && DESCRIBED_NODE_ID.matcher(line).matches();
            if (id && DESCRIBED_NODE_TYPE.matcher(line).matches()) {
                return true;
            }
        }
        return false;
    }

    /**
     * One command's output in a terminal session: the lines from its prompt line up to the next prompt (or the end). {@code output}
     * is where the command's own output starts: after the prompt, the lines the shell asked for more of the command on ({@code > …},
     * its PS2) and, where the command ran {@code date} first ({@code $ date -u; kubectl describe pod …}), date's answer.
     */
    public record Section(int prompt, int end, String command, PasteShape shape, int output) {
        public Section(int prompt, int end, String command, PasteShape shape) {
            this(prompt, end, command, shape, prompt + 1);
        }
    }

    /**
     * A line of input at a prompt, whatever its command ({@code $ for p in a b; do}): group 1 the command. Asked only whether the shell
     * went on to ask for more of it ({@link #asksForMore}); {@code >} is no prompt here, it is the shell's prompt for more (PS2).
     */
    private static final Pattern INPUT = Pattern.compile("^(?:\\([\\w.:/@-]{1,60}\\) *)?(?:[$%#]|" + SHELL_PROMPT + "|PS[^>]*>) +(\\S.*)$");
    /** A word that opens a compound command the shell reads on until its closing word: {@code for … do … done}, {@code if … fi}. */
    private static final Pattern OPENS = Pattern.compile("(?:^|[;&|(] *|\\s)(do|then|case|\\{)(?=\\s|;|$)");
    private static final Pattern CLOSES = Pattern.compile("(?:^|[;&|] *|\\s)(done|fi|esac|\\})(?=\\s|;|$)");
    /** kubectl or argo run somewhere in a command line ({@code for p in a; do kubectl describe pod $p; done}). */
    private static final Pattern RUNS_KUBECTL = Pattern.compile("(?:^|[;&|(] *|\\bdo +|\\bthen +)(?:kubectl|argo) ");

    /**
     * Whether the shell asks for more of a command after this line of it ({@code joined}: the command so far): the line ends with a
     * backslash, a pipe or {@code &&}/{@code ||}, or a {@code do}, {@code then} or {@code case} is still open. What the shell then reads
     * after its PS2 ({@code > }) is the same command, never a new prompt.
     */
    public static boolean asksForMore(String joined, String line) {
        String l = line.strip();
        if (l.endsWith("\\") || l.endsWith("|") || l.endsWith("&&")) {
            return true;
        }
        return count(OPENS, joined) > count(CLOSES, joined);
    }

    private static int count(Pattern p, String text) {
        java.util.regex.Matcher m = p.matcher(text);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    /** The command so far with one more line of it read after the shell's {@code > }: a backslash's line joined, any other as a new line. */
    public static String joined(String command, String more) {
        String c = command.strip();
        if (c.endsWith("\\")) {
            return c.substring(0, c.length() - 1).strip() + " " + more;
        }
        return c.endsWith("|") || c.endsWith("&&") || c.endsWith("||") || c.endsWith(" do") || c.endsWith(" then") || c.endsWith(";")
                ? c + " " + more : c + "; " + more;
    }

    /**
     * The commands of a pasted terminal session, in order: each prompt line ({@link #PROMPT}, or a bare {@code $} the terminal
     * shows after the last output) starts a section that runs to the next, and each section's output is told apart by its own
     * first line as a file's is ({@link #single}). Lines before the first prompt (a {@code # taken-at:} comment) belong to none.
     * A prompt starts at the paste's own margin (the least indentation of its lines: 0, or a Markdown code block's 4): a line
     * indented deeper is inside a command's output ({@code kubectl describe pod}'s Args, a script in a YAML block, whose
     * {@code # kubectl …} comment or {@code $ argo …} example reads like a prompt) and ends nothing.
     */
    public static List<Section> sections(List<String> lines) {
        List<Section> out = new java.util.ArrayList<>();
        int start = -1;
        int output = -1;
        String command = "";
        int margin = margin(lines);
        boolean typedBare = typedWithoutPrompts(lines);
        for (int j = 0; j <= lines.size(); j++) {
            String raw = j < lines.size() ? stripped(lines.get(j)) : null;
            String t = raw == null ? null : raw.strip();
            java.util.regex.Matcher m = t == null ? null : PROMPT.matcher(t);
            boolean bare = t != null && (t.equals("$") || t.equals("%") || t.equals("#"));
            if (t != null && indent(raw) > margin) {
                continue;
            }
            java.util.regex.Matcher typed = typedBare && t != null && !m.matches() ? BARE_COMMAND.matcher(t) : null;
            if (typed != null && typed.matches()) {
                // A paste whose first line is a command typed without its prompt types its later ones so (upstream #4048's shape,
                // session 62: kubectl get workflows | grep W, its row, then kubectl get pod | grep P and its row): each starts a section.
                if (start >= 0) {
                    out.add(new Section(start, j, command, shapeOf(lines, output, j), output));
                }
                start = j;
                command = typed.group(1);
                output = j + 1;
                continue;
            }
            // The command read on over the lines the shell asked for more on (> …, its PS2): one command, its output after them.
            String input = t == null ? null : m.matches() ? m.group(1) : inputOf(t);
            int last = j;
            String whole = input;
            if (input != null && asksForMore(input, t)) {
                for (int c = j + 1; c < lines.size(); c++) {
                    String more = stripped(lines.get(c)).strip();
                    if (!more.startsWith(">") || indent(stripped(lines.get(c))) > margin) {
                        break;
                    }
                    String rest = more.substring(1).strip();
                    whole = joined(whole, rest);
                    last = c;
                    if (!asksForMore(whole, rest)) {
                        break;
                    }
                }
            }
            boolean prompt = t != null && (m.matches() || (whole != null && RUNS_KUBECTL.matcher(whole).find()));
            if (t != null && !prompt && !bare) {
                continue;
            }
            if (start >= 0) {
                out.add(new Section(start, j, command, shapeOf(lines, output, j), output));
            }
            start = t == null || bare ? -1 : j;
            command = t == null || bare ? "" : whole;
            output = t == null || bare ? -1 : dateAnswered(lines, j, last + 1);
            j = t == null || bare ? j : last;
        }
        return out;
    }

    /** Whether the paste's first line (blank lines and fences passed over) is a command typed without its prompt ({@link #BARE_COMMAND}). */
    private static boolean typedWithoutPrompts(List<String> lines) {
        for (String line : lines) {
            String t = stripped(line).strip();
            if (t.isEmpty() || t.startsWith("```")) {
                continue;
            }
            return BARE_COMMAND.matcher(t).matches();
        }
        return false;
    }

    /** The command of a line of input at a prompt ({@link #INPUT}), or null. */
    private static String inputOf(String line) {
        java.util.regex.Matcher m = INPUT.matcher(line);
        return m.matches() ? m.group(1) : null;
    }

    /**
     * Where a command's own output starts ({@code from}: the line after its input): past date's answer where the prompt ran {@code date}
     * first ({@code $ date -u; kubectl describe pod X}, {@code date -u && argo get …}), which is the time the output was taken, not
     * part of it.
     */
    private static int dateAnswered(List<String> lines, int prompt, int from) {
        java.util.regex.Matcher m = PROMPT.matcher(stripped(lines.get(prompt)).strip());
        if (!m.matches() || !stripped(lines.get(prompt)).strip().substring(0, m.start(1)).matches(".* date\\b.*")) {
            return from;
        }
        for (int j = from; j < lines.size(); j++) {
            String t = stripped(lines.get(j)).strip();
            if (!t.isEmpty() && !t.startsWith("```")) {
                return DATE_OUTPUT.matcher(t).matches() ? j + 1 : from;
            }
        }
        return from;
    }

    /** The least indentation of the lines that hold anything (0 when none does). */
    private static int margin(List<String> lines) {
        int margin = Integer.MAX_VALUE;
        for (String line : lines) {
            String raw = stripped(line);
            if (!raw.isBlank()) {
                margin = Math.min(margin, indent(raw));
            }
        }
        return margin == Integer.MAX_VALUE ? 0 : margin;
    }

    private static int indent(String line) {
        int i = 0;
        while (i < line.length() && Character.isWhitespace(line.charAt(i))) {
            i++;
        }
        return i;
    }

    /** The shape of the output between {@code from} and {@code to}, its first content line deciding. */
    private static PasteShape shapeOf(List<String> lines, int from, int to) {
        for (int j = from; j < to; j++) {
            String t = stripped(lines.get(j)).strip();
            if (!t.isEmpty() && !t.startsWith("```")) {
                return single(lines.subList(0, to), j);
            }
        }
        return NONE;
    }

    /**
     * A terminal session: two or more commands, each followed by output of a shape read here, and not all of one shape (one
     * shape's reader reads several of its own tables, each after its prompt, as it always did). A session that quotes log lines
     * ({@code kubectl logs} among the commands) is a log, read as such.
     */
    private static boolean session(List<String> head) {
        Set<PasteShape> shapes = EnumSet.noneOf(PasteShape.class);
        int known = 0;
        for (Section s : sections(head)) {
            if (s.shape() != NONE) {
                shapes.add(s.shape());
                known++;
            }
        }
        return known >= 2 && shapes.size() >= 2 && !quotesLogLines(head);
    }

    /** The shapes a section of a log transcript is read as an export by ({@link #transcriptOutputs}). */
    private static final Set<PasteShape> TRANSCRIPT_OUTPUT = EnumSet.of(ARGO_GET, KUBECTL_PODS, KUBECTL_DESCRIBE_POD,
            KUBECTL_DESCRIBE_WORKFLOW, KUBECTL_EVENTS, KUBECTL_WORKFLOWS);
    /**
     * The shapes of {@link #TRANSCRIPT_OUTPUT} whose output prints one object over many lines (a Pod's containers, a Workflow's node
     * tree): a filter after the command ({@code | head}, {@code | grep}) keeps part of an object, where a table's filter keeps or
     * drops whole rows.
     */
    private static final Set<PasteShape> WHOLE_OBJECT_OUTPUT = EnumSet.of(ARGO_GET, KUBECTL_DESCRIBE_POD, KUBECTL_DESCRIBE_WORKFLOW);

    /**
     * The sections of a terminal transcript that quotes log lines ({@code kubectl logs} among its commands, read as the log it is)
     * whose output is of a terminal shape read here, each told by its own first lines ({@link #sections}): a {@code kubectl describe
     * pod} or an {@code argo get} between two {@code kubectl logs}, read as the Pod or the Workflow it prints, at the file's line
     * numbers. A section that quotes a log line itself, or whose output is kubectl's answer that nothing was found (the log reader
     * reads those answers), is left to the log reader; so is a description or an {@code argo get} piped on to a filter (part of an object
     * is none) and a transcript in a Markdown container. Empty where the file quotes no
     * log line or has no such section.
     */
    public static List<Section> transcriptOutputs(List<String> lines) {
        if (!quotesLogLines(lines)) {
            return List.of();
        }
        List<Section> out = new java.util.ArrayList<>();
        for (Section s : sections(lines)) {
            if (!TRANSCRIPT_OUTPUT.contains(s.shape())) {
                continue;
            }
            List<String> output = lines.subList(s.output(), s.end());
            String first = output.stream().map(l -> stripped(l).strip()).filter(t -> !t.isEmpty()).findFirst().orElse("");
            if (quotesLogLines(output) || NOT_FOUND.matcher(first).matches() || NO_RESOURCES.matcher(first).matches()) {
                continue;
            }
            if (WHOLE_OBJECT_OUTPUT.contains(s.shape()) && ShellCommand.stages(s.command()).size() > 1) {
                // A description piped on (| head -60, | grep -A3 State): what it kept of one object is no object; main's block cut off
                // left wait's exit 0 as "every container exited 0" (session 48, breaker22). Left to the log reader, as filtered output.
                continue;
            }
            out.add(s);
        }
        return out;
    }

    /** The kinds {@code kubectl describe} or {@code kubectl get} prints in a shape read here (Pods, Workflows, Events). */
    private static final Set<String> EXPORTED_KINDS = Set.of("pod", "pods", "po", "workflow", "workflows", "wf", "workflows.argoproj.io",
            "events", "event", "ev");

    /**
     * Whether a command, unpiped, prints output of a shape a transcript's section is read by ({@link #TRANSCRIPT_OUTPUT}): {@code kubectl
     * describe pod|workflow …}, {@code kubectl get pods|wf|events …} (not {@code -o yaml}/{@code json}, read otherwise), {@code argo get}
     * or {@code argo list}.
     */
    public static boolean printsExport(String command) {
        if (ShellCommand.stages(command).size() > 1) {
            return false;
        }
        List<String> w = ShellCommand.commandWords(command);
        List<String> words = w.stream().filter(x -> !x.startsWith("-")).toList();
        if (words.size() < 2 || w.stream().anyMatch(x -> x.matches("(?:-o|--output)=?(?:yaml|json).*") ) || w.contains("yaml") || w.contains("json")) {
            return false;
        }
        if (words.get(0).equals("argo")) {
            return words.get(1).equals("get") || words.get(1).equals("list");
        }
        if (!words.get(0).equals("kubectl") && !words.get(0).equals("k") && !words.get(0).equals("oc")) {
            return false;
        }
        int verb = words.indexOf("describe") >= 0 ? words.indexOf("describe") : words.indexOf("get");
        return verb > 0 && verb + 1 < words.size() && EXPORTED_KINDS.contains(words.get(verb + 1).split("/")[0]);
    }

    /**
     * Whether a file led by terminal output of a shape read here (told by its first command's lines) goes on to a command whose output
     * is log lines ({@code $ kubectl logs …} after a {@code kubectl describe pod}, within the head or past it): a transcript that
     * quotes log lines, read as the log it is with the other output beside ({@link #transcriptOutputs}), not as the first output's
     * shape whole (its reader would take the log lines for its own). Asked only of output at the file's margin that starts at a prompt.
     */
    public static boolean logsAfterOutput(List<String> lines) {
        if (!container(lines).none() || !startsAtPrompt(lines)) {
            return false;
        }
        for (Section s : sections(lines)) {
            if (s.shape() == NONE && quotesLogLines(lines.subList(s.output(), s.end()))) {
                return true;
            }
        }
        return false;
    }

    private static boolean startsAtPrompt(List<String> lines) {
        for (String line : lines) {
            String t = stripped(line).strip();
            if (t.isEmpty() || (t.startsWith("#") && !PROMPT.matcher(t).matches())) {
                continue;
            }
            return PROMPT.matcher(t).matches();
        }
        return false;
    }

    /**
     * Whether a file led by one command's output of a terminal shape is a session all the same: its head ({@link #HEAD_LINES}) tells the
     * first command's shape only, as one long output ({@code kubectl describe pod}'s hundred lines) fills it, and the commands after
     * it, each after its own prompt, are told by the lines of the file past the head ({@code lines}: what the classifier read of it).
     * Asked only of output at the file's margin that starts at a prompt; a session that quotes log lines is none ({@link #session}).
     */
    public static boolean sessionPastHead(List<String> lines) {
        return lines.size() > HEAD_LINES && container(lines).none() && startsAtPrompt(lines) && session(lines);
    }

    /**
     * Whether, after the Name: and Namespace: lines, {@code API Version: argoproj.io/…} is followed by {@code Kind: Workflow}
     * among the column-0 fields (the labels' and annotations' continuation lines in between are indented); argo get's
     * header has neither, and its node tree or the next block's Name: ends the search.
     */
    private static boolean describesWorkflow(List<String> head, int from) {
        boolean api = false;
        for (int j = from; j < head.size(); j++) {
            String line = stripped(head.get(j));
            if (ARGO_TREE_HEADER.matcher(line).matches() || ARGO_NAME.matcher(line).matches()) {
                return false;
            }
            if (DESCRIBE_API_VERSION.matcher(line).matches()) {
                api = true;
            } else if (DESCRIBE_KIND_WORKFLOW.matcher(line).matches()) {
                return api;
            } else if (api && !line.startsWith(" ")) {
                return false;
            }
        }
        return false;
    }

    /**
     * A Workflow status fragment: a Markdown fence ({@code ```}, {@code ```yaml}) whose first line is {@code status:} or
     * {@code nodes:}, or, unfenced, an indented {@code status:} or a {@code nodes:} (a YAML file starting at a column-0
     * {@code status:} is an object document, read as it always was).
     */
    private static boolean statusFragment(List<String> head, int i) {
        // Also a piece holding only taskResultsCompletionStatus: and its node IDs (#12103's comments paste it so).
        String line = stripped(head.get(i));
        String t = line.strip();
        if (t.startsWith("```")) {
            String info = t.substring(t.lastIndexOf('`') + 1).strip();
            if (!info.isEmpty() && !info.equals("yaml") && !info.equals("yml")) {
                return false;
            }
            for (int j = i + 1; j < head.size(); j++) {
                String next = stripped(head.get(j)).strip();
                if (!next.isEmpty()) {
                    return next.equals("status:") || next.equals("nodes:") || next.equals(COMPLETION);
                }
            }
            return false;
        }
        return t.equals("nodes:") || t.equals(COMPLETION) || (t.equals("status:") && !line.startsWith("status:"));
    }

    private static final String COMPLETION = "taskResultsCompletionStatus:";

    /** A Markdown fence, with or without a language: {@code ```}, {@code ```yaml}, {@code ~~~}. */
    private static final Pattern FENCE = Pattern.compile("(?:`{3,}|~{3,})\\s*[\\w.+#-]*\\s*");
    /** A command that prints objects, with or without a prompt before it: {@code kubectl get pod x -o yaml}, {@code argo get wf -o json}. */
    private static final Pattern GETTER = Pattern.compile(
            "(?:^|[\\s$#%>])(?:kubectl|k|oc|argo)\\s+(?:\\S+\\s+)*?get\\s.*?(?:-o|--output)(?:\\s*=?\\s*)(?:yaml|json)\\b.*");
    /** Where an object starts: a column-0 {@code apiVersion:} or {@code kind:}, or {@code -o json}'s opening brace. */
    private static final Pattern OBJECT_START = Pattern.compile("(?:apiVersion|kind):(?:\\s.*)?|\\{\\s*|\\{\\s*\"(?:apiVersion|kind|metadata)\".*");
    /** A log record's head: a file that quotes log lines before its first object is a log, whatever it quotes later. */
    private static final Pattern RECORD_HEAD = Pattern.compile("(?:^|\\s|^ {0,3}`{1,2})(?:time=|level=)|^\\s*`{0,2}\\{\"(?:time|level|msg|log)\"|^`{0,2}(?:DEBU|INFO|WARN|ERRO)\\[");

    /**
     * Kubernetes objects pasted with text around them: the first object starts ({@link #OBJECT_START}) right after a Markdown
     * fence or a line that holds the command that printed it ({@link #GETTER}), blank lines between allowed, and no log record
     * comes before it. A file that starts with its object is an object document, read as such before this is asked.
     */
    private static boolean pastedObjects(List<String> head) {
        String previous = null;
        for (String raw : head) {
            String line = stripped(raw);
            String t = line.strip();
            if (t.isEmpty()) {
                continue;
            }
            if (RECORD_HEAD.matcher(line).find() && !OBJECT_START.matcher(line).matches()) {
                return false;
            }
            if (OBJECT_START.matcher(line).matches()) {
                return previous != null && (FENCE.matcher(previous).matches() || GETTER.matcher(previous).find());
            }
            previous = t;
        }
        return false;
    }

    /**
     * A line that quotes a log record: a logrus or slog head, a logrus TTY or klog header, a JSON record, or a time of day opening
     * a line as an issue's abridged excerpt writes it ({@code 16:31:11.257 queuing pod delay …}, {@code [16:31:11] INFO …}).
     */
    private static final Pattern LOG_LINE = Pattern.compile("(?:^|\\s|^ {0,3}`{1,2})time=\\S|(?:^|\\s)level=[A-Za-z]|^\\s*`{0,2}\\{.*\"msg\"\\s*:"
            + "|^`{0,2}(?:DEBU|INFO|WARN|ERRO|FATA|PANI|TRAC)\\[|^`{0,2}[IWEF]\\d{4} \\d{2}:\\d{2}:\\d{2}"
            + "|^\\s*`{0,2}\\[?\\d{1,2}:\\d{2}:\\d{2}(?:\\.\\d+)?]?\\s+\\S");

    /**
     * Whether a file that pasted objects also quotes log lines (an issue saved whole: its manifest in a fence, then the
     * controller's lines): such a file is read as the log it holds, as it always was, its objects' lines counted as unparsed.
     * A file is one kind of evidence; the lines quoted are what a reader of the issue came for.
     */
    public static boolean quotesLogLines(List<String> lines) {
        for (String line : lines) {
            // A prompt that shows its time ([15:04:05] $ kubectl …) is no time-of-day excerpt.
            if (line.length() < 4096 && LOG_LINE.matcher(line).find() && !PROMPT.matcher(stripped(line).strip()).matches()) {
                return true;
            }
        }
        return false;
    }

    private static final Pattern ANSI = Pattern.compile("\u001b\\[[0-9;]*m");

    /**
     * The line without colour codes (argo colours the phase symbols and the STEP header even when its
     * output goes to a file) and without its end-of-line blanks and CR.
     */
    /** How a {@code kubectl get pods} row without its header lays out its columns: {@code -A}'s NAMESPACE first, {@code -o wide}'s four more. */
    public record PodRowLayout(boolean allNamespaces, boolean wide) {
        /** The number of columns such a row has. */
        public int columns() {
            return (allNamespaces ? 1 : 0) + (wide ? 9 : 5);
        }
    }

    private static final Pattern CELLS = Pattern.compile(" {2,}");
    private static final Pattern ROW_NAME = Pattern.compile("^[a-z0-9][a-z0-9.-]*$");
    private static final Pattern ROW_READY = Pattern.compile("^\\d+/\\d+$");
    private static final Pattern ROW_STATUS = Pattern.compile("^[A-Za-z][A-Za-z0-9:/._-]*$");
    private static final Pattern ROW_RESTARTS = Pattern.compile("^\\d+(?: \\(\\S+ ago\\))?$");
    private static final Pattern ROW_AGE = Pattern.compile("^(?:\\d+[smhdy])+$|^<invalid>$");

    /**
     * The layout of a {@code kubectl get pods} row whose header a filter ({@code | grep wf}) dropped, or null: the cells
     * (split at two or more spaces) must be, in kubectl's order, a Pod name, READY {@code n/m}, a STATUS word, RESTARTS and
     * an AGE, with a namespace first only as a sixth (or tenth) column and {@code -o wide}'s IP, NODE, NOMINATED NODE and
     * READINESS GATES only as four more: their number tells the layout, so it is never guessed.
     */
    public static PodRowLayout podRowLayout(String line) {
        String t = line.strip();
        if (t.isEmpty() || t.indexOf("/") < 0) {
            return null;
        }
        String[] cells = CELLS.split(t);
        for (PodRowLayout layout : new PodRowLayout[] {new PodRowLayout(false, false), new PodRowLayout(true, false),
                new PodRowLayout(false, true), new PodRowLayout(true, true)}) {
            if (cells.length != layout.columns()) {
                continue;
            }
            int c = layout.allNamespaces() ? 1 : 0;
            if ((c == 0 || ROW_NAME.matcher(cells[0]).matches()) && ROW_NAME.matcher(cells[c]).matches()
                    && ROW_READY.matcher(cells[c + 1]).matches() && ROW_STATUS.matcher(cells[c + 2]).matches()
                    && ROW_RESTARTS.matcher(cells[c + 3]).matches() && ROW_AGE.matcher(cells[c + 4]).matches()) {
                return layout;
            }
        }
        return null;
    }

    /** A {@code kubectl get workflows} command ({@code wf}, {@code wfs}, {@code workflow}, {@code workflows.argoproj.io}), its first stage. */
    private static final Pattern GETS_WORKFLOWS = Pattern.compile("^(?:kubectl|k|oc)" + OPTIONS + " +get" + OPTIONS
            + " +(?:wfs?|workflows?(?:\\.argoproj\\.io)?)(?= |$)");
    private static final Pattern ALL_NAMESPACES = Pattern.compile("(?:^| )(?:-A|--all-namespaces)(?= |$)");
    private static final Set<String> WORKFLOW_PHASES = Set.of("Pending", "Running", "Succeeded", "Failed", "Error");

    /**
     * The command of the prompt (or the command pasted without one) just above line {@code i}, blank lines and fences passed over;
     * null where another line comes first or there is none.
     */
    private static String commandAbove(List<String> head, int i) {
        for (int j = i - 1; j >= 0; j--) {
            String t = stripped(head.get(j)).strip();
            if (t.isEmpty() || t.startsWith("```")) {
                continue;
            }
            return command(t);
        }
        return null;
    }

    /**
     * The column starts (NAMESPACE or -1, NAME, STATUS, AGE, MESSAGE or -1) of a {@code kubectl get workflows} row whose header a
     * filter dropped ({@code kubectl get workflows | grep wf}, upstream #4048's shape, session 62), or null: only under a command that
     * gets Workflows, the cells (split at two or more spaces) a Workflow name, a phase, an AGE and maybe a message, a namespace first
     * where the command has {@code -A}. A row whose STATUS is blank (no phase yet) has nothing to tell its columns by and is not read.
     */
    public static int[] workflowRowStarts(String line, String command) {
        if (command == null || !GETS_WORKFLOWS.matcher(command).lookingAt()) {
            return null;
        }
        String t = stripped(line);
        if (t.isEmpty() || t.charAt(0) == ' ') {
            return null;
        }
        List<Integer> starts = new java.util.ArrayList<>();
        List<String> cells = new java.util.ArrayList<>();
        java.util.regex.Matcher gap = CELLS.matcher(t);
        int from = 0;
        while (gap.find()) {
            starts.add(from);
            cells.add(t.substring(from, gap.start()));
            from = gap.end();
        }
        starts.add(from);
        cells.add(t.substring(from));
        int c = ALL_NAMESPACES.matcher(command).find() ? 1 : 0;
        if (cells.size() != c + 3 && cells.size() != c + 4) {
            return null;
        }
        if ((c == 1 && !ROW_NAME.matcher(cells.get(0)).matches()) || !ROW_NAME.matcher(cells.get(c)).matches()
                || !WORKFLOW_PHASES.contains(cells.get(c + 1)) || !ROW_AGE.matcher(cells.get(c + 2)).matches()) {
            return null;
        }
        return new int[] {c == 1 ? 0 : -1, starts.get(c), starts.get(c + 1), starts.get(c + 2), cells.size() == c + 4 ? starts.get(c + 3) : -1};
    }

    public static String stripped(String line) {
        return (line.indexOf('\u001b') >= 0 ? ANSI.matcher(line).replaceAll("") : line).stripTrailing();
    }
}
