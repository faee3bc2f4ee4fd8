package dev.argoforensics.envelope;

import dev.argoforensics.source.ChunkLineReader;
import dev.argoforensics.time.Timestamp;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Peels collector and export wrappers off one file's lines, outermost first. It only dispatches, on
 * the line's first character (each shape has its own class):
 * <ol>
 * <li>a CSV export (decided by the file's first content line, a header naming a line column;
 * {@link CsvExport}, {@link ColumnRecord} where the record is in columns);</li>
 * <li>{@code {}: a JSON envelope: Docker json-file, a log store's export or a Discover hit ({@link JsonEnvelope});</li>
 * <li>a digit: a time prefix: Loki {@code logcli} ({@link LokiLogcli}), CRI ({@code <RFC3339Nano> stdout|stderr P|F }),
 * CRI without the P/F tag, {@code kubectl logs --timestamps} ({@code <RFC3339Nano> }), or a Grafana
 * Explore copy ({@link GrafanaExplore});</li>
 * <li>{@code [}: {@code kubectl logs --prefix} ({@link KubectlPrefix});</li>
 * <li>{@code |}: a CloudWatch Logs Insights table copy ({@link InsightsTable});</li>
 * <li>a capital: a Cloud Logging text copy ({@link CloudLoggingText}), or logcli's "Common labels" line;</li>
 * <li>any other prefix before a recognisable record ({@link RecordStart}): stern/kubetail's
 * {@code <pod> <container> }, docker compose's or goreman's {@code <service> | }, a log command the record was pasted onto without a line break
 * ({@code kubectl logs … | grep my-wftime="…"}, {@link RecordStart#afterLogCommand}), or something unknown that is
 * kept as metadata.</li>
 * </ol>
 * Pieces of one long line (CRI {@code P}, Docker pieces without a newline) are held until the last
 * piece and returned as one line that cites its first file line. One decoder per file: it keeps
 * that state.
 */
public final class EnvelopeDecoder {
    /**
     * docker compose ({@code argo-server-1  | }, v1 {@code argo-server_1  | }) and goreman ({@code controller | }): the service
     * (group 1, without compose's replica number) and a bar.
     */
    private static final Pattern COMPOSE = Pattern.compile("([a-z0-9](?:[-a-z0-9_.]*?[a-z0-9])?)(?:[-_]\\d+)?\\s*\\|");
    /**
     * The services whose {@code <name> | } is taken as compose's or goreman's: a name holding {@code controller}, and those
     * Argo's own compose and Procfile set-ups run beside it. Any other name before a bar (a host, {@code ip-10-0-1-2 | })
     * stays an unrecognised prefix, so that no controller line is put apart as another container's on a guess.
     */
    private static final java.util.Set<String> COMPOSE_SERVICES = java.util.Set.of("argo-server", "server", "ui", "executor", "argoexec",
            "minio", "postgres", "mysql", "dex", "wait", "main", "init");
    /**
     * A controller's service before Go's crash output on docker compose's or goreman's console ({@code controller | panic: …},
     * {@code controller | goroutine 279 [running]:}, {@code controller | \t/go/src/…/server.go:53 +0x117}): the service (group 1)
     * and the line as the program wrote it (group 2, after the one space the console puts after the bar).
     */
    private static final Pattern COMPOSE_LINE = Pattern.compile("\\s*([a-z0-9](?:[-a-z0-9_.]*?[a-z0-9])?)(?:[-_]\\d+)?\\s*\\| ?(.*)");
    /**
     * What Go writes when a program crashes, line by line (read.GoPanicBlock gathers such lines into one event; a package below it
     * says the same shapes again here): its first line, a goroutine's head, a function with its arguments, a file line indented by a
     * tab, {@code created by …}, {@code [signal …]}, {@code exit status N}.
     */
    private static final Pattern GO_CRASH_LINE = Pattern.compile("(?:panic: |fatal error: |goroutine \\d+ \\[|created by |\\[signal |exit status \\d"
            + "|\\t\\S).*|[\\w./*()\\[\\]{}~-]+\\(.*\\)(?: \\+0x[0-9a-f]+)?");

    /** stern and kubetail: a Pod name and a container name, DNS labels separated by one space. */
    private static final Pattern STERN = Pattern.compile("[a-z0-9]([-a-z0-9.]*[a-z0-9])? [a-z0-9]([-a-z0-9]*[a-z0-9])?");

    /** k9s' log view: the Pod before the line, after the time the view shows when asked ({@code [<RFC 3339> ]<pod>}). */
    private static final Pattern K9S_POD = Pattern.compile("(?:(\\S+) )?([a-z0-9](?:[-a-z0-9.]*[a-z0-9])?)");

    /**
     * stern and kubetail with {@code --timestamps}: the Pod and container names, then the time the kubelet gave the line (RFC 3339,
     * as {@code kubectl logs --timestamps} prints it), then the line.
     */
    private static final Pattern STERN_TIMED = Pattern.compile(
            "([a-z0-9](?:[-a-z0-9.]*[a-z0-9])?) ([a-z0-9](?:[-a-z0-9]*[a-z0-9])?) (\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(?:\\.\\d+)?(?:Z|[+-]\\d\\d:\\d\\d))");

    /**
     * stern with {@code --timestamps=short}: the Pod and container names, then {@code MM-dd HH:mm:ss} in the zone stern was told
     * ({@code --timezone}, the machine's own by default), which states neither: no time is read from it.
     */
    private static final Pattern STERN_SHORT = Pattern.compile(
            "([a-z0-9](?:[-a-z0-9.]*[a-z0-9])?) ([a-z0-9](?:[-a-z0-9]*[a-z0-9])?) (?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01]) (?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d");

    /**
     * stern across namespaces ({@code -A}, or several {@code -n}): the namespace, then the Pod and container names as above, then the
     * time when asked ({@code --timestamps}: RFC 3339, or {@code =short}'s {@code MM-dd HH:mm:ss}, not read). Taken only where the Pod
     * is named as a Deployment's Pod is ({@code workflow-controller-7c9d8f6b4-mx2lp}: a generated five-character suffix), so that three
     * words of prose before a record are no Pod (session 50: before, the form was an unrecognised prefix, two replicas one run).
     */
    private static final Pattern STERN_NAMESPACED = Pattern.compile("([a-z0-9](?:[-a-z0-9]*[a-z0-9])?) ([a-z0-9](?:[-a-z0-9.]*[a-z0-9])?"
            + "-[bcdfghjklmnpqrstvwxz2456789]{5}) ([a-z0-9](?:[-a-z0-9]*[a-z0-9])?)(?: (\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(?:\\.\\d+)?"
            + "(?:Z|[+-]\\d\\d:\\d\\d))| (?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01]) (?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d)?");

    /**
     * A CSI colour sequence ({@code ESC [ 32 m}), or a character-set designation ({@code ESC ( B}), which {@code tput sgr0} writes before
     * its reset on xterm-like terminals (kubetail ends each line with it).
     */
    private static final Pattern ANSI = Pattern.compile("\u001b(?:\\[[0-9;]*[A-Za-z]|[()][0-9A-Za-z])");

    /**
     * kubetail's prefix ({@code [<pod>]}, {@code [<pod> <container>]} for a Pod of several containers), or the Pod's name alone before
     * the line: a Pod named as a Deployment's Pod is (a generated five-character suffix, as {@link #STERN_NAMESPACED} asks), so that
     * a word or a bracketed tag before a record is no Pod unless it is shaped as one.
     */
    private static final Pattern POD_NAMED = Pattern.compile("(\\[)?([a-z0-9](?:[-a-z0-9.]*[a-z0-9])?-[bcdfghjklmnpqrstvwxz2456789]{5})"
            + "(?: ([a-z0-9](?:[-a-z0-9]*[a-z0-9])?))?(\\])?");

    /**
     * A Deployment's Pod: its ReplicaSet's pod-template-hash (six to ten characters of the same alphabet) before the five-character suffix.
     * A Pod named by {@link #POD_NAMED} with no container names a replica only so: a single-Pod Workflow's Pod is its Workflow's name,
     * also ending in a generated five-character suffix ({@code nightly-report-x7k2p}), and its wait container's lines behind kubetail's
     * {@code [pod]} (with {@code -c wait}) or its name are no controller's run (session 51's breaker: before, such a Pod opened a
     * controller run of its own, named by the Workflow's Pod). Where a container is named, the container tells whose line it is.
     */
    static final Pattern DEPLOYMENT_POD = Pattern.compile("[a-z0-9](?:[-a-z0-9.]*[a-z0-9])?-[bcdfghjklmnpqrstvwxz2456789]{6,10}"
            + "-[bcdfghjklmnpqrstvwxz2456789]{5}");

    private final JsonEnvelope json = new JsonEnvelope();
    private CsvExport csv;
    private InsightsTable table;
    private String commonPod;
    private String commonContainer;
    private boolean sawContent;
    private long envelopeHeaders;
    private StringBuilder partial;
    private UnwrappedLine partialStart;
    /** Characters of the pieces being joined, also those beyond {@link #maxJoined} that were not kept. */
    private long partialLength;
    private final int maxJoined;
    private String cut;
    /** The file's json-file lines all stop where their records end ({@link JsonFileEnds}): such a line is read whole. */
    private boolean logEndsLeftOff;

    public EnvelopeDecoder() {
        this(ChunkLineReader.MAX_LINE_BYTES);
    }

    /** @param maxJoined pieces of one line (CRI {@code P}, Docker) are joined up to this many characters, the rest dropped */
    public EnvelopeDecoder(int maxJoined) {
        this.maxJoined = maxJoined;
    }

    /**
     * A decoder for a chunk that does not start the file: it knows the file's first content line
     * (a CSV export's or Insights table's header, logcli's common labels) without counting it again.
     */
    public static EnvelopeDecoder continuing(String firstContentLine) {
        return continuing(firstContentLine, ChunkLineReader.MAX_LINE_BYTES);
    }

    /**
     * As {@link #continuing(String, int)}, for a chunk that starts under what the lines before it left ({@link #carry()} or {@link
     * #promptInEffect()} of a decoder that read them): {@code ""} nothing, null not known (then only the first content line's
     * prompt, as before).
     */
    public static EnvelopeDecoder continuing(String firstContentLine, int maxJoined, String carriedPrompt) {
        EnvelopeDecoder d = continuing(firstContentLine, maxJoined);
        int indent = carriedPrompt == null ? 0 : leadingSpaces(carriedPrompt);
        if (carriedPrompt != null && carriedPrompt.startsWith(IN_FENCE, indent)) {
            d.inFence = true;
            d.fenceIndent = indent;
            carriedPrompt = carriedPrompt.substring(indent + IN_FENCE.length());
        }
        if (carriedPrompt != null) {
            d.promptTarget = null;
            if (!carriedPrompt.isEmpty()) {
                d.prompt(carriedPrompt);
                d.promptLine = false;
            }
        }
        return d;
    }

    /**
     * The prompt line whose {@code kubectl logs} command the lines decoded next would be given to (the line as {@link #decode} was
     * given it, its quote markers off), or {@code ""} if none: what a chunk after the lines this decoder read starts under.
     */
    public String promptInEffect() {
        return promptTarget == null ? "" : promptSource;
    }

    /** As {@link #continuing(String)}, joining pieces up to {@code maxJoined} characters. */
    public static EnvelopeDecoder continuing(String firstContentLine, int maxJoined) {
        EnvelopeDecoder d = new EnvelopeDecoder(maxJoined);
        d.sawContent = true;
        if (firstContentLine != null) {
            d.csv = CsvExport.fromHeader(firstContentLine).orElse(null);
            if (firstContentLine.startsWith("|")) {
                d.table = InsightsTable.fromHeader(firstContentLine);
            } else if (firstContentLine.startsWith(COMMON_LABELS)) {
                d.commonLabels(firstContentLine.substring(COMMON_LABELS.length()));
            } else {
                d.prompt(firstContentLine);
            }
        }
        return d;
    }

    /** Says the file's json-file lines all stop where their records end ({@link JsonFileEnds#leftOff}); returns this. */
    public EnvelopeDecoder logEndsLeftOff(boolean leftOff) {
        logEndsLeftOff = leftOff;
        return this;
    }

    /**
     * @return the unwrapped record, or null if the line was consumed by the envelope (a partial
     *         piece held for later, or an export's header row)
     */
    public UnwrappedLine decode(String rawLine, long lineNumber) {
        if (heldPrompt != null) {
            String more = ps2(rawLine);
            // A "> " line that starts a record is no more of the command: a Markdown quote of a log under the prompt (a reply quoting
            // the lines the command printed). The prompt is read as it was and the line as the quote it is (session 51: before, the
            // record was joined to the command, lost, and the prompt read as a record behind an unrecognised prefix).
            if (more != null && !quotedRecord(more, heldPrompt)) {
                // The shell's prompt for more of the command (PS2, "> "): the same command, its flags read with the prompt's.
                heldPrompt = dev.argoforensics.source.PasteShape.joined(heldPrompt, more);
                heldPromptLast = lineNumber;
                return dev.argoforensics.source.PasteShape.asksForMore(heldPrompt, more) ? null : heldPromptRead();
            }
            // No PS2 line came (the paste left it out): the prompt is read as it was, before this line.
            released = heldPromptRead();
        } else if (heldTime == null && partial == null && row == null && csv == null && asksForMore(rawLine)) {
            heldPrompt = rawLine;
            heldPromptFirst = lineNumber;
            heldPromptLast = lineNumber;
            return null;
        }
        return decodeOne(rawLine, lineNumber);
    }

    /**
     * A prompt line whose command the shell asked more of ({@link #asksForMore}), joined with the lines read after its PS2 so far; null
     * when none is held. Its first and last lines in the file.
     */
    private String heldPrompt;
    private long heldPromptFirst;
    private long heldPromptLast;

    /** The held prompt ({@link #heldPrompt}) read as one line, from its first line to its last PS2 line; nothing is held after it. */
    private UnwrappedLine heldPromptRead() {
        String line = heldPrompt;
        heldPrompt = null;
        UnwrappedLine u = decodeOne(line, heldPromptFirst);
        return u == null ? null : u.through(heldPromptLast);
    }

    /**
     * Whether {@code rawLine} is a shell prompt (not quoted) whose command the shell reads on after it: the line ends with a
     * backslash, a pipe or {@code &&}, or a {@code do}/{@code then} is still open ({@link dev.argoforensics.source.PasteShape#asksForMore}).
     * The lines after it that start with the shell's PS2 ({@code > }) are the same command: {@code $ kubectl -n argo logs POD \} then
     * {@code >   -p --timestamps}, whose flags say what the lines under it are (session 50: before, the {@code > } line was read as a
     * Markdown quote, its flags lost and itself unparsed).
     */
    private static boolean asksForMore(String rawLine) {
        int n = rawLine.length();
        if (n < 3 || rawLine.charAt(0) == '>' || rawLine.charAt(0) == ' ') {
            return false;
        }
        char last = rawLine.charAt(n - 1);
        // Looked at the line's end first: every line of a log is asked.
        boolean maybe = last == '\\' || last == '|' || rawLine.endsWith("&&") || rawLine.endsWith(" do") || rawLine.endsWith(" then");
        if (!maybe || !(LogsCommand.isPrompt(rawLine) || LogsCommand.isBareLogsCommand(rawLine))) {
            return false;
        }
        String command = LogsCommand.command(rawLine);
        return command != null && dev.argoforensics.source.PasteShape.asksForMore(command, rawLine);
    }

    /** The text after the shell's PS2 ({@code > }, after at most three spaces), or null if the line does not start with it. */
    private static String ps2(String rawLine) {
        int i = 0;
        while (i < rawLine.length() && i < 3 && rawLine.charAt(i) == ' ') {
            i++;
        }
        if (i >= rawLine.length() || rawLine.charAt(i) != '>' || (i + 1 < rawLine.length() && rawLine.charAt(i + 1) != ' ')) {
            return null;
        }
        return rawLine.substring(i + 1).strip();
    }

    /**
     * Whether a {@code > } line under a prompt that asks for more holds a record, so that it is a quote of the log the command printed
     * and no more of the command: a record at its start, or after a prefix the command printed before it ({@code --prefix}'s
     * {@code [pod/…/container] }, kubetail's {@code [pod] }, a Pod's name; session 51's breaker: before, such a quoted line was joined
     * to the command, and its record read behind the prompt as an unrecognised prefix, the replica the prefix named lost). A flag
     * ({@code -c wait}, {@code --since-time=…}) or a pipe's command ({@code | grep time=…}) is no such prefix.
     */
    private static boolean quotedRecord(String more, String held) {
        if (RecordStart.at(more, 0)) {
            return true;
        }
        int at = more.startsWith("-") ? -1 : RecordStart.find(more);
        if (at > 0 && commandFollows(held)) {
            // The shell asked for the next command (after a pipe, |&, && or ||, a loop's do, an if's then): the line starts with a
            // command's name, so a record after its first word is that command's argument ({@code | \} then
            // {@code >   grep time=2026-10-14T02:4}; session 52: before, read as a quoted record behind a prefix {@code grep}, the
            // filter lost from the command). Only a prefix no command is named as says a quote of the output: --prefix's
            // [pod/…/container], kubetail's [pod], a Deployment's Pod's name.
            return podPrefix(more.substring(0, at).strip());
        }
        return at > 0 && more.lastIndexOf('|', at) < 0 && more.lastIndexOf('\'', at) < 0 && more.lastIndexOf('$', at) < 0;
    }

    /** Whether the text before a record start is a shell prompt with its command, or a logs command pasted without one. */
    private static boolean commandBefore(String prefix) {
        return LogsCommand.isPrompt(prefix) || LogsCommand.isBareLogsCommand(prefix);
    }

    /** Whether {@code prefix} is a Pod's as a command that prints logs puts it before a line: --prefix's, kubetail's, a Deployment Pod's name. */
    private static boolean podPrefix(String prefix) {
        if (KubectlPrefix.read(prefix + " ") != null) {
            return true;
        }
        Matcher m = POD_NAMED.matcher(prefix);
        return m.matches() && podNamed(m);
    }

    /** Whether a {@link #POD_NAMED} match is kubetail's {@code [pod]} ({@code [pod container]}) or a Deployment's Pod's name alone. */
    private static boolean podNamed(Matcher m) {
        return (m.group(1) != null) == (m.group(4) != null) && (m.group(1) != null || m.group(3) == null)
                && (m.group(3) != null || DEPLOYMENT_POD.matcher(m.group(2)).matches());
    }

    /**
     * Whether the command read so far ends where the shell reads a new command next: a pipe ({@code |}, {@code |&}), {@code &&},
     * {@code ||}, {@code do} or {@code then}, before the backslash that may continue its line ({@code … | \}).
     */
    private static boolean commandFollows(String held) {
        String c = held.strip();
        if (c.endsWith("\\")) {
            c = c.substring(0, c.length() - 1).strip();
        }
        return c.endsWith("|") || c.endsWith("|&") || c.endsWith("&&") || c.endsWith(" do") || c.endsWith(" then") || c.endsWith(";do")
                || c.endsWith(";then");
    }

    /**
     * Whether a chunk must not end on {@code rawLine} because the decoder holds it for the lines after it: a prompt whose command the
     * shell reads on ({@link #asksForMore}), or a PS2 line that asks for more again.
     */
    private static boolean holdsPrompt(String rawLine) {
        if (asksForMore(rawLine)) {
            return true;
        }
        String more = ps2(rawLine);
        return more != null && (more.endsWith("\\") || more.endsWith("|") || more.endsWith("&&"));
    }

    private UnwrappedLine decodeOne(String rawLine, long lineNumber) {
        quoteDepth = 0;
        if (partial == null && row == null && csv == null) {
            Timestamp alone = TimeAbove.alone(rawLine);
            if (alone != null) {
                // A console copy that puts each line's time on a line of its own, the line under it: held until the next line
                // shows whether it is such a line's time (a record follows) or a line of its own (given back as it was).
                release();
                heldTime = UnwrappedLine.raw(rawLine, lineNumber);
                heldAt = alone;
                inQuote = false;
                if (!decodedAny) {
                    // the chunk opens on a line that is not quoted
                    decodedAny = true;
                    opensQuoted = false;
                }
                return null;
            }
        }
        UnwrappedLine u = under(decodeLine(unfenced(rawLine), lineNumber));
        if (!decodedAny) {
            decodedAny = true;
            opensQuoted = quoteDepth > 0;
        }
        if (quoteDepth > 0 && !inQuote) {
            // A quote after a line that is not quoted (a blank line, a sentence, the reply's own lines) is another blockquote:
            // most often another earlier comment, maybe another reporter's controller or another incident.
            quoteBlocks++;
        }
        inQuote = quoteDepth > 0;
        if (u != null && quoteDepth > 0 && u.origin() == null) {
            // Lines quoted in a reply are another comment's, most often another reporter's controller: named apart ({@link #quoteOrigin}),
            // never read as more lines of the run the reply's own lines belong to, nor of another blockquote's.
            return u.withOrigin(QUOTE_ORIGIN.repeat(quoteDepth) + (quoteBlocks > 1 ? QUOTE_BLOCK + quoteBlocks : ""));
        }
        return u;
    }

    /**
     * The line without a Markdown fence glued to the record it holds: a comment that opened its block on the log's first line
     * ({@code ```[pod/…/init] {"level":…}}, {@code ```time="…" …}) or closed it at the end of the last one ({@code … workflow=x```}),
     * as GitHub comments are pasted (session 51; argoproj/argo-workflows#12788 opens a block so). Before, the first record was an
     * unparsed line and the last one's last value read with the backticks. Only where the rest of the line holds a record: a fence
     * with its info string ({@code ```text}) is furniture, as before. A limit: such a glued fence opens or closes no block for the
     * reader's fence state (a lone fence line after it is taken as opening one).
     */
    static String unfenced(String line) {
        int n = line.length();
        if (n > 3 && (line.startsWith("```") || line.startsWith("~~~"))) {
            char f = line.charAt(0);
            int i = 3;
            while (i < n && line.charAt(i) == f) {
                i++;
            }
            String rest = line.substring(i);
            if (RecordStart.at(rest, 0) || RecordStart.find(rest) > 0) {
                line = rest;
                n = line.length();
            }
        }
        int end = n;
        while (end > 0 && line.charAt(end - 1) == ' ') {
            end--;
        }
        if (end > 3 && line.startsWith("```", end - 3)) {
            int start = end - 3;
            while (start > 0 && line.charAt(start - 1) == '`') {
                start--;
            }
            String before = line.substring(0, start);
            if (RecordStart.at(before, 0) || RecordStart.find(before) > 0) {
                line = before;
            }
        }
        return line;
    }

    /**
     * Whether the decoder holds this line until the next one shows what it was ({@link TimeAbove}: a time alone, above the record it
     * stamps): a chunk of the file must not end on it.
     */
    public static boolean heldForNext(String rawLine) {
        return TimeAbove.alone(rawLine) != null || holdsPrompt(rawLine);
    }

    /** A line that held only a time, waiting for the line after it ({@link TimeAbove}), and that time; or null. */
    private UnwrappedLine heldTime;
    private Timestamp heldAt;
    /** A held time line given back as it was (no record followed it), for the caller to take before the line it returned. */
    private UnwrappedLine released;

    /**
     * The line after a held time line: a record the controller wrote, as it wrote it (no collector's time of its own), takes that
     * time as the collector's and the time line counts as a continuation of it; anything else, and the time line is given back
     * as the line it was ({@link #released()}).
     */
    private UnwrappedLine under(UnwrappedLine u) {
        if (heldTime == null) {
            return u;
        }
        if (u != null && u.envelope() == EnvelopeKind.NONE && u.envelopeTime() == null && RecordStart.at(u.record(), 0)) {
            heldTime = null;
            envelopeHeaders++;
            return u.withRecord(u.record(), EnvelopeKind.TIME_ABOVE, heldAt, u.origin(), u.prefix(), u.container());
        }
        release();
        return u;
    }

    private void release() {
        if (heldTime != null) {
            released = heldTime;
            heldTime = null;
        }
    }

    /**
     * A line this decoder held and gave back unread (a line holding only a time that no record followed), or null: it comes
     * before the line the last {@link #decode} or {@link #flush} returned, and is read as any line of its own.
     */
    public UnwrappedLine released() {
        UnwrappedLine r = released;
        released = null;
        return r;
    }

    /** Between a quote's markers and its blockquote's number in the file, in the origin of the second blockquote on. */
    private static final String QUOTE_BLOCK = "#";

    /**
     * How a quote's origin reads in a run's name: its markers ({@code >}, {@code >>}), and from the file's second blockquote on
     * which one it is ({@code >, quote 2}).
     */
    public static String quoteLabel(String origin) {
        int block = origin.indexOf(QUOTE_BLOCK);
        return block < 0 ? origin : origin.substring(0, block) + ", quote " + origin.substring(block + QUOTE_BLOCK.length());
    }

    /** Whether the line before was quoted (the blockquote goes on), and how many blockquotes the file has had so far. */
    private boolean inQuote;
    private int quoteBlocks;
    /** Whether a line was decoded yet, and whether the first was quoted. */
    private boolean decodedAny;
    private boolean opensQuoted;

    /**
     * The blockquotes met so far, numbered from 1 in the order of the lines this decoder was given (a chunk's, when a file is read
     * in chunks: the reading renumbers them in the file's order, {@link #renumberQuote}).
     */
    public int quoteBlocks() {
        return quoteBlocks;
    }

    /** Whether the first line decoded was quoted: with a chunk that ended quoted before it, the same blockquote goes on. */
    public boolean opensQuoted() {
        return opensQuoted;
    }

    /** Whether the last line decoded was quoted: a blockquote may go on in the next chunk. */
    public boolean endsQuoted() {
        return inQuote;
    }

    /**
     * A quote's origin ({@link #quoteOrigin}) with its blockquote counted {@code shift} later: a chunk's blockquote {@code n} is the
     * file's {@code shift + n}. Any other origin as it is.
     */
    public static String renumberQuote(String origin, int shift) {
        if (shift == 0 || !quoteOrigin(origin)) {
            return origin;
        }
        int block = origin.indexOf(QUOTE_BLOCK);
        int n = shift + (block < 0 ? 1 : Integer.parseInt(origin.substring(block + QUOTE_BLOCK.length())));
        String markers = block < 0 ? origin : origin.substring(0, block);
        return n > 1 ? markers + QUOTE_BLOCK + n : markers;
    }

    /**
     * The origin of lines quoted in Markdown, one {@code >} per level of quoting ({@code >} for a reply's quote, {@code >>} for a
     * quote within it): no Pod name starts with it.
     */
    public static final String QUOTE_ORIGIN = ">";

    /** Whether an origin is a Markdown quote's ({@link #QUOTE_ORIGIN}), not a Pod a collector named. */
    public static boolean quoteOrigin(String origin) {
        return origin != null && origin.startsWith(QUOTE_ORIGIN);
    }

    /** The quote level of the line being decoded (0: not quoted). */
    private int quoteDepth;

    private UnwrappedLine decodeLine(String rawLine, long lineNumber) {
        cut = null;
        promptLine = false;
        String line = rawLine;
        if (!sawContent && !line.isBlank()) {
            sawContent = true;
            if (line.charAt(0) == '\uFEFF') {
                // A UTF-8 byte order mark (Windows editors and exporters write one) is no part of the first line.
                line = line.substring(1);
            }
            Optional<CsvExport> header = CsvExport.fromHeader(line);
            if (header.isPresent()) {
                csv = header.get();
                envelopeHeaders++;
                return null;
            }
        }
        if (csv != null && (row != null || quoteOpens(line, false))) {
            return csvRow(line, lineNumber);
        }
        if (csv == null && !line.isEmpty() && (Character.isDigit(line.charAt(0)) || line.charAt(0) == '"')) {
            JsonEnvelope.Content headerless = CsvExport.headerless(line);
            if (headerless != null) {
                return finish(with(UnwrappedLine.raw(line, lineNumber), headerless));
            }
        }
        // Inside a fenced block (``` or ~~~, not quoted) a '>' is the block's text, not a quote: a REPL's ">>> " prompt, a shell's
        // "> " continuation, a nested quote marker copied into the block. A quoted fence ("> ```") is the quote's own.
        int quoted = inFence ? 0 : quoteMarkers(line);
        if (quoted == 0) {
            boolean was = inFence;
            inFence = inFenceAfter(line, inFence, false);
            if (inFence && !was) {
                fenceIndent = leadingSpaces(line);
            } else if (inFence && fenceIndent > 0) {
                // A fence indented under a list item ("- The wait container:", then "  ```"): its lines carry the item's indentation,
                // which Markdown takes off them (as many spaces as the fence's, at most); it is no prefix of the record's.
                line = line.substring(Math.min(fenceIndent, leadingSpaces(line)));
            }
        }
        if (quoted > 0) {
            quoteDepth = (int) line.substring(0, quoted).chars().filter(c -> c == '>').count();
            // A Markdown quote (an issue comment replying to another quotes its log lines with "> "): the markers are no part of
            // the line, and a quoted line is read as the same line unquoted (a ">" alone is a blank line of the quote).
            line = line.substring(quoted);
        }
        String spanned = codeSpan(line);
        if (spanned != null) {
            line = spanned;
        }
        String boxed = quoted > 0 || spanned != null ? null : k9sView(line);
        // k9s cuts a line at its view's width (unless wrapping is on): a line that reaches the closing bar may stop short there
        boolean boxCut = boxed != null && k9sViewEdge(line);
        if (boxed != null) {
            line = boxed;
        }
        UnwrappedLine u = quoted > 0 ? UnwrappedLine.raw(line, lineNumber).withRecord(line, EnvelopeKind.MARKDOWN_QUOTE, null, null, null)
                : spanned != null ? UnwrappedLine.raw(line, lineNumber).withRecord(line, EnvelopeKind.MARKDOWN_CODE_SPAN, null, null, null)
                : boxed != null ? UnwrappedLine.raw(line, lineNumber).withRecord(line, EnvelopeKind.K9S_VIEW, null, null, null)
                : UnwrappedLine.raw(line, lineNumber);
        if (boxCut) {
            u = u.cutShort();
        }
        if (line.isEmpty()) {
            return u;
        }
        char first = line.charAt(0);
        if (first == '$' || first == 'k' || first == 'o' || first == '#' || first == '%' || first == '>' || first == 'P' || first == '('
                || LogsCommand.mayStartBareCommand(line)) {
            prompt(line);
        }
        String grepName = null;
        int grepped = csv == null ? GrepFileName.jsonStart(line) : -1;
        long grepNumber = grepped > 0 ? GrepFileName.number(line) : -1;
        if (partial != null && pieceGrepName != null && (grepped > 0 ? !pieceGrepName.equals(GrepFileName.name(line))
                || grepNumber >= 0 && pieceGrepNumber >= 0 && grepNumber != pieceGrepNumber + 1 : "--".equals(line))) {
            // A Docker line's piece held open (its log string did not end in \n) whose next piece grep did not print: this line is
            // another file's, or grep -n's number skips, or grep's "--" ends a group. The piece is given back as a line cut short, not
            // joined with this line's record (session 62's breaker: a "Workflow update successful" was swallowed into the piece).
            endOpenPiece();
        }
        currentGrepName = null;
        currentGrepNumber = -1;
        if (grepped > 0) {
            // grep's file name before a runtime's JSON line (grep -r over the node's container logs): taken off and kept as the line's
            // prefix, and the Pod and container where the name is a container log link's (/var/log/containers/<pod>_<ns>_<c>-<id>.log)
            // or the kubelet's folder's (/var/log/pods/<ns>_<pod>_<uid>/<c>/<n>.log)
            grepName = GrepFileName.name(line);
            currentGrepName = grepName;
            currentGrepNumber = grepNumber;
            line = line.substring(grepped);
            first = '{';
        }
        if (csv == null && grepName == null && line.indexOf('\t') >= 0) {
            JsonEnvelope.Content row = GrafanaTable.read(line);
            if (row != null) {
                return finish(with(u, row));
            }
        }
        if (csv != null && !line.isBlank()) {
            JsonEnvelope.Content row = csv.read(line);
            if (row != null) {
                u = with(u, row);
            }
        } else if (first == '{') {
            JsonEnvelope.Content c = json.read(line);
            if (c == null) {
                c = json.readCut(line, logEndsLeftOff); // a Docker line that lost its end
            }
            if (c != null && grepName != null) {
                String[] named = ContainerPath.podAndContainerOfFile(grepName);
                c = new JsonEnvelope.Content(c.line(), c.complete(), c.kind(), c.time(),
                        c.origin() != null ? c.origin() : named != null ? named[0] : null,
                        c.container() != null ? c.container() : named != null ? named[1] : null,
                        c.prefix() != null ? c.prefix() : grepName, c.cut());
            }
            if (c != null) {
                UnwrappedLine piece = with(u, c);
                return joinPieces(c.cut() ? piece.cutShort() : piece, !c.complete());
            }
        } else if (first == '"') {
            JsonEnvelope.Content c = json.readWithoutBrace(line, logEndsLeftOff); // a Docker line that lost its brace
            if (c != null) {
                UnwrappedLine piece = with(u, c);
                return joinPieces(c.cut() ? piece.cutShort() : piece, !c.complete());
            }
        } else if (first >= '0' && first <= '9') {
            int timeEnd = PrefixTimes.rfc3339PrefixEnd(line);
            if (timeEnd > 0) {
                JsonEnvelope.Content loki = LokiLogcli.read(line, timeEnd);
                return loki != null ? finish(with(u, loki)) : timePrefix(u, line, timeEnd);
            }
            JsonEnvelope.Content grafana = GrafanaExplore.read(line);
            if (grafana != null) {
                u = with(u, grafana);
            }
        } else if (first == '[') {
            JsonEnvelope.Content prefixed = KubectlPrefix.read(line);
            if (prefixed != null) {
                return kubectlPrefix(with(u, prefixed));
            }
        } else if (first == '|') {
            return tableRow(u, line);
        } else if (first >= 'A' && first <= 'Z') {
            if (line.startsWith(COMMON_LABELS)) {
                commonLabels(line.substring(COMMON_LABELS.length()));
                envelopeHeaders++;
                return null;
            }
            if (commonLabelsSeen && (line.startsWith(LINE_LIMIT) || line.startsWith(BYTES_PROCESSED))) {
                // Grafana's download of a Loki query's lines: under "Common labels", the query's line limit and the bytes it read
                envelopeHeaders++;
                return null;
            }
            JsonEnvelope.Content copy = CloudLoggingText.read(line);
            if (copy != null) {
                u = with(u, copy);
            }
        }
        return finish(u);
    }

    private static final String COMMON_LABELS = "Common labels: ";
    private static final String LINE_LIMIT = "Line limit: ";
    private static final String BYTES_PROCESSED = "Total bytes processed: ";
    /** A {@code Common labels} line was read: the header of a Loki query's lines, which may go on with its limit and size. */
    private boolean commonLabelsSeen;

    /** Whether the line is quoted in Markdown ({@code > …}, nested {@code > > …}, {@code >} alone). */
    public static boolean markdownQuote(String line) {
        return quoteMarkers(line) > 0;
    }

    /**
     * The length of the Markdown quote markers a line starts with, or 0: {@code >} after at most three spaces, one space after it
     * if there is one, nested ({@code > > }, {@code >>}) as a reply to a reply quotes. No log line starts with {@code >}.
     */
    static int quoteMarkers(String line) {
        int i = 0;
        int n = line.length();
        while (i < n && i < 3 && line.charAt(i) == ' ') {
            i++;
        }
        if (i >= n || line.charAt(i) != '>') {
            return 0;
        }
        int end = 0;
        while (i < n && line.charAt(i) == '>') {
            i++;
            if (i < n && line.charAt(i) == ' ') {
                i++;
            }
            end = i;
            while (i < n && line.charAt(i) == ' ' && i - end < 3) {
                i++;
            }
            if (i >= n || line.charAt(i) != '>') {
                break;
            }
        }
        return end;
    }

    /**
     * A CSV row whose quoted cell holds line breaks (a message of several lines: a stack trace joined by Container Insights'
     * multi-line logging, a message Kibana or Datadog kept whole), held line by line until its quotes close; its first line, null
     * outside one.
     */
    private StringBuilder row;
    private long rowFirst;
    private long rowLines;
    /** Lines a CSV row may span: a quote that never closes (a malformed cell) is not let take the rest of the file. */
    static final int MAX_ROW_LINES = 200;

    /**
     * Whether a row is inside a quoted cell at the end of {@code line}, given whether it was before it (RFC 4180: a cell is quoted
     * only if a quote opens it, a quote doubled inside it is one quote; in a cell that no quote opened a quote is a character). So the
     * tail of a cell that a chunk of the file starts in ({@code main.go:17 +0x1d",stderr}) opens nothing.
     */
    static boolean quoteOpens(String line, boolean open) {
        boolean cellStart = !open;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (open) {
                if (c == '"') {
                    if (i + 1 < line.length() && line.charAt(i + 1) == '"') {
                        i++;
                    } else {
                        open = false;
                    }
                }
            } else if (c == ',') {
                cellStart = true;
            } else {
                open = c == '"' && cellStart;
                cellStart = false;
            }
        }
        return open;
    }

    /** A physical line of a CSV row that spans lines: null while the row goes on, the row read once its quotes close. */
    private UnwrappedLine csvRow(String line, long lineNumber) {
        boolean open;
        if (row == null) {
            row = new StringBuilder(line);
            rowFirst = lineNumber;
            rowLines = 1;
            open = true;
        } else {
            open = quoteOpens(line, true);
            if (row.length() < maxJoined) {
                row.append('\n').append(line, 0, Math.min(line.length(), maxJoined - row.length()));
            }
            rowLines++;
        }
        if (open && rowLines < MAX_ROW_LINES) {
            return null;
        }
        return heldRow(open ? "expected the quoted cell of the CSV row at line " + rowFirst + " to close within " + MAX_ROW_LINES
                + " lines, found it still open: the lines read as one row, not as records" : null, lineNumber);
    }

    /** The CSV row held, read as one row through {@code last}; {@code why} the reason it is not whole, or null. */
    private UnwrappedLine heldRow(String why, long last) {
        String text = row.toString();
        row = null;
        UnwrappedLine u = UnwrappedLine.raw(text, rowFirst).through(last);
        JsonEnvelope.Content read = why == null ? csv.read(text) : null;
        UnwrappedLine found = finish(read == null ? u : with(u, read));
        cut = why;
        return found;
    }

    /** The labels logcli (and Grafana's text download) print once for all lines: their Pod and container, if named. */
    private void commonLabels(String labels) {
        commonLabelsSeen = true;
        String json = labels.replace("\":\"", "=\"");
        commonPod = LokiLogcli.label(json, "pod");
        commonContainer = LokiLogcli.label(json, "container");
    }

    private UnwrappedLine with(UnwrappedLine u, JsonEnvelope.Content c) {
        return u.withRecord(c.line(), c.kind(), c.time(), c.origin() != null ? c.origin() : commonPod, c.prefix(),
                c.container() != null ? c.container() : commonContainer);
    }

    /** kubectl writes {@code --prefix} before {@code --timestamps}' time: both are peeled, the kind stays the prefix. */
    private UnwrappedLine kubectlPrefix(UnwrappedLine u) {
        String rest = u.record();
        int timeEnd = PrefixTimes.rfc3339PrefixEnd(rest);
        Timestamp time = timeEnd > 0 ? PrefixTimes.envelopeTime(rest, 0, timeEnd) : null;
        if (time != null) {
            u = u.withRecord(rest.substring(timeEnd + 1), EnvelopeKind.KUBECTL_PREFIX, time, null, null);
        }
        return finish(u);
    }

    /** A Markdown table row of a CloudWatch Logs Insights copy; its header and rule rows are consumed. */
    private UnwrappedLine tableRow(UnwrappedLine u, String line) {
        InsightsTable header = InsightsTable.fromHeader(line);
        if (header != null) {
            table = header;
            envelopeHeaders++;
            return null;
        }
        if (table != null && InsightsTable.isRule(line)) {
            envelopeHeaders++;
            return null;
        }
        JsonEnvelope.Content row = table == null ? null : table.read(line);
        return finish(row == null ? u : with(u, row));
    }

    /** A piece held open at the end of the file, or null. */
    public UnwrappedLine flush() {
        release();
        if (heldPrompt != null) {
            return heldPromptRead(); // the file (or chunk) ends in the command's PS2 lines: read as far as it goes
        }
        if (row != null) {
            return heldRow("expected the quoted cell of the CSV row at line " + rowFirst + " to close, found the end of the file: the"
                    + " export may have been cut in it (its lines read as one row, not as records)", rowFirst + rowLines - 1);
        }
        if (partial == null) {
            return null;
        }
        UnwrappedLine open = partialStart.withRecord(partial.toString(), partialStart.envelope(), null, null, null);
        partial = null;
        cut = joinedCut();
        return finish(open);
    }

    /**
     * Why the line last returned is not whole, or null: its pieces added up to more than the limit,
     * and only the first characters were kept.
     */
    public String cut() {
        return cut;
    }

    private String joinedCut() {
        return partialLength <= maxJoined ? null : "expected a line of at most " + maxJoined + " characters once its pieces are joined, found "
                + partialLength + ": its first " + maxJoined + " were kept, the rest dropped";
    }

    /** Header rows of exports consumed so far (they are not records). */
    public long envelopeHeaders() {
        return envelopeHeaders;
    }

    private UnwrappedLine timePrefix(UnwrappedLine u, String line, int timeEnd) {
        Timestamp time = PrefixTimes.envelopeTime(line, 0, timeEnd);
        if (time == null) {
            return finish(u);
        }
        // What follows the time, read in place: one copy of the record per line, not two.
        int r = timeEnd + 1;
        if (line.startsWith("stdout ", r) || line.startsWith("stderr ", r)) {
            int length = line.length() - r;
            boolean tagged = length >= 8 && (line.charAt(r + 7) == 'F' || line.charAt(r + 7) == 'P')
                    && (length == 8 || line.charAt(r + 8) == ' ');
            if (tagged) {
                String content = length > 9 ? line.substring(r + 9) : "";
                return joinPieces(u.withRecord(content, EnvelopeKind.CRI, time, null, null), line.charAt(r + 7) == 'P');
            }
            return finish(u.withRecord(line.substring(r + 7), EnvelopeKind.CRI_UNTAGGED, time, null, null));
        }
        // k9s' view shows the kubelet's time as kubectl --timestamps prints it, before the Pod it names (recordIn)
        EnvelopeKind kind = u.envelope() == EnvelopeKind.K9S_VIEW ? EnvelopeKind.K9S_VIEW : EnvelopeKind.KUBECTL_TIMESTAMPS;
        return finish(u.withRecord(line.substring(r), kind, time, null, null));
    }

    /** Holds a piece that continues on the next line, or completes the pieces held so far. */
    /** grep's file name and {@code -n} number of the line being decoded (null and -1 for a line without one). */
    private String currentGrepName;
    private long currentGrepNumber = -1;
    /** grep's file name and number of the last piece of {@link #partial} (null when grep named none). */
    private String pieceGrepName;
    private long pieceGrepNumber = -1;

    /**
     * Gives the piece held open back ({@link #released()}) as the line it is, cut short (its end is in a line grep did not print), and
     * holds nothing after it.
     */
    private void endOpenPiece() {
        UnwrappedLine open = partialStart.withRecord(partial.toString(), partialStart.envelope(), null, null, partialStart.prefix());
        partial = null;
        pieceGrepName = null;
        boolean wasPrompt = promptLine;
        promptLine = false;
        UnwrappedLine found = finish(open).cutShort();
        promptLine = wasPrompt;
        if (released == null) {
            released = found;
        }
    }

    private UnwrappedLine joinPieces(UnwrappedLine piece, boolean continues) {
        if (partial == null && !continues) {
            return finish(piece);
        }
        if (partial == null) {
            partial = new StringBuilder();
            partialStart = piece;
            partialLength = 0;
        }
        pieceGrepName = currentGrepName;
        pieceGrepNumber = currentGrepNumber;
        String text = piece.record();
        partialLength += text.length();
        if (partial.length() < maxJoined) {
            partial.append(text, 0, Math.min(text.length(), maxJoined - partial.length()));
        }
        if (continues) {
            return null;
        }
        UnwrappedLine joined = new UnwrappedLine(partial.toString(), partialStart.firstLine(), piece.lastLine(), partialStart.envelope(),
                partialStart.envelopeTime(), partialStart.origin(), null, partialStart.container(), piece.cut());
        partial = null;
        cut = joinedCut();
        return finish(joined);
    }

    /** Finds a record behind a prefix no known wrapper explains, and keeps the prefix as metadata. */
    /**
     * The Pod and container a {@code kubectl logs POD -c CONTAINER} prompt line names for the lines after it, or null: set by
     * a prompt line ({@link LogsCommand}), cleared by one that names none.
     */
    private LogsCommand.Target promptTarget;

    /** The line's record found, then the Pod and container of a prompt's {@code kubectl logs POD -c CONTAINER} given to a line no wrapper names. */
    private UnwrappedLine finish(UnwrappedLine u) {
        if (promptTarget != null && promptTarget.argo() && !promptLine) {
            u = argoLogs(u);
        }
        UnwrappedLine found = recordIn(u);
        if (found.envelopeTime() != null && timelessJson(found.record())) {
            found = found.withRecord(found.record(), EnvelopeKind.TIMELESS_JSON, null, null, found.prefix(), null);
        }
        boolean command = promptLine;
        promptLine = false;
        if (promptTarget != null && !command && fence(found.record())) {
            // A Markdown fence after the command closes the block that held its output: the lines after it are no longer its.
            promptTarget = null;
        }
        if (promptTarget == null || command || found.container() != null || found.record().isEmpty()) {
            return found;
        }
        return new UnwrappedLine(found.record(), found.firstLine(), found.lastLine(), found.envelope(), found.envelopeTime(),
                found.origin() != null ? found.origin() : promptTarget.pod(), found.prefix(), promptTarget.container(), found.cut());
    }

    /**
     * Whether the lines after {@code line} (a line no quote holds) are inside a fenced block, those before it being so if {@code inFence}:
     * a fence with an info string ({@code ```text}) only opens one (inside a block it is the block's text), a bare one opens or closes.
     * Met {@code backwards} (a file read newest first gives its lines last first), the block a fence with an info string opens ends
     * there. The one reading of fences: the decoder's, and the file's assembler's, which follows them across its chunks in file order.
     */
    public static boolean inFenceAfter(String line, boolean inFence, boolean backwards) {
        if (!fence(line)) {
            return inFence;
        }
        String t = line.strip();
        boolean bare = t.chars().allMatch(c -> c == '`' || c == '~');
        return bare ? !inFence : !backwards;
    }

    /** A Markdown fence line ({@code ```}, {@code ~~~}, with or without a language). */
    private static boolean fence(String record) {
        String t = record.strip();
        return (t.startsWith("```") || t.startsWith("~~~")) && t.indexOf(' ', 3) < 0 && t.length() < 40;
    }

    /** {@code argo logs}' {@code <pod>: } before a line (a Pod name, a colon, a space), and {@code --timestamps}' time after it. */
    private static final Pattern ARGO_LOGS_PREFIX = Pattern.compile("([a-z0-9](?:[-a-z0-9.]*[a-z0-9])?): ");

    /**
     * A line under an {@code argo logs} prompt: its {@code <pod>: } taken off as the Pod it came from, {@code --timestamps}' time after
     * it as the collector's; the container is the one the command printed ({@code main} unless {@code -c}). Another line is left as is.
     */
    private UnwrappedLine argoLogs(UnwrappedLine u) {
        String line = u.record();
        Matcher m = ARGO_LOGS_PREFIX.matcher(line);
        if (!m.lookingAt() || (promptTarget.pod() != null && !promptTarget.pod().equals(m.group(1)))) {
            return u;
        }
        String rest = line.substring(m.end());
        int timeEnd = PrefixTimes.rfc3339PrefixEnd(rest);
        Timestamp time = timeEnd > 0 ? PrefixTimes.envelopeTime(rest, 0, timeEnd) : null;
        if (time != null) {
            rest = timeEnd + 1 <= rest.length() ? rest.substring(Math.min(rest.length(), timeEnd + 1)) : "";
        }
        return u.withRecord(rest, EnvelopeKind.ARGO_LOGS, time, m.group(1), null, promptTarget.container());
    }

    /**
     * stern's line of a workflow Pod's own container ({@code main}, {@code wait}, {@code init}) that holds no record: what the
     * user's program prints, after the Pod, the container and the time stern adds when asked (RFC 3339, or {@code --timestamps=short}'s
     * {@code MM-dd HH:mm:ss}, which is not read). The Pod must hold a {@code -}, as every workflow Pod's name does.
     */
    private static final Pattern STERN_WORKFLOW_CONTAINER = Pattern.compile("([a-z0-9](?:[-a-z0-9.]*[a-z0-9])?-[a-z0-9](?:[-a-z0-9.]*[a-z0-9])?)"
            + " (main|wait|init)(?: (\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(?:\\.\\d+)?(?:Z|[+-]\\d\\d:\\d\\d))"
            + "|(?: (?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01]) (?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d))? (.*)");

    /**
     * A stern line of a workflow Pod's container that holds no record ({@link #STERN_WORKFLOW_CONTAINER}) as that container's line,
     * kept apart as other containers' lines are (a {@code main} container prints what it likes); any other line as it is. Before
     * session 41 such a line was unparsed, though the same line behind {@code kubectl logs --prefix} was kept apart.
     */
    private static UnwrappedLine sternWorkflowContainer(UnwrappedLine u, String record) {
        String line = record.indexOf('\u001b') >= 0 ? ANSI.matcher(record).replaceAll("") : record;
        Matcher m = STERN_WORKFLOW_CONTAINER.matcher(line);
        if (!m.matches()) {
            return u;
        }
        Timestamp time = m.group(3) == null ? null : PrefixTimes.timeIn(m.group(3));
        return u.withRecord(m.group(4), EnvelopeKind.STERN, time, m.group(1), null, m.group(2));
    }

    /**
     * The line inside a Markdown code span that is the whole line ({@code `time="…" level=info msg="…"`}, or between two backticks,
     * up to three spaces before it), or null: as an issue writer who did not fence a log wraps each of its lines, so that GitHub
     * does not read its underscores and asterisks as emphasis (session 43, the shape argoproj/argo-workflows#13237 pastes
     * kubectl's output in). The span ends at the first backtick run of its opening's length (CommonMark), so the text inside holds
     * none; one space is taken off each side where both have one, as Markdown renders it. Only a line whose text starts a record
     * or holds one, or is a command's prompt, is unwrapped: a sentence's code span ({@code `pod deleted`}) stays the sentence.
     */
    static String codeSpan(String line) {
        int n = line.length();
        // A span's first backtick is within the first 18 characters (three spaces, a list marker of at most ten, four spaces): a
        // line without one there is no span, decided before the list item's matcher is made (session 58: it was made for every line).
        if (!backtickBefore(line, Math.min(n, CODE_SPAN_REACH))) {
            return null;
        }
        int i = 0;
        while (i < n && i < 3 && line.charAt(i) == ' ') {
            i++;
        }
        // A list item's marker before the span ("- `time=…`", "1. `time=…`"): a comment listing the lines it quotes, a bullet each.
        Matcher item = LIST_ITEM.matcher(line).region(i, n);
        if (item.lookingAt()) {
            i = item.end();
        }
        int run = 0;
        while (i + run < n && line.charAt(i + run) == '`') {
            run++;
        }
        if (run < 1 || run > 2) {
            return null;
        }
        int end = n;
        while (end > i && line.charAt(end - 1) == ' ') {
            end--;
        }
        if (end - i < 2 * run + 1) {
            return null;
        }
        String delimiter = "`".repeat(run);
        if (!line.startsWith(delimiter, end - run) || line.charAt(end - run - 1) == '`') {
            return null;
        }
        String inner = line.substring(i + run, end - run);
        if (run == 1 ? inner.indexOf('`') >= 0 : inner.contains("``")) {
            return null;
        }
        if (inner.length() > 2 && inner.charAt(0) == ' ' && inner.charAt(inner.length() - 1) == ' ') {
            inner = inner.substring(1, inner.length() - 1);
        }
        if (inner.isBlank() || inner.charAt(0) == ' ') {
            return null;
        }
        boolean command = inner.charAt(0) == '$' || LogsCommand.mayStartBareCommand(inner);
        return RecordStart.at(inner, 0) || RecordStart.find(inner) > 0 || command || TIME_OF_DAY_LINE.matcher(inner).lookingAt() ? inner : null;
    }

    /** A Markdown list item's marker and the spaces after it ({@code - }, {@code * }, {@code + }, {@code 1. }, {@code 1) }). */
    private static final Pattern LIST_ITEM = Pattern.compile("(?:[-*+]|\\d{1,9}[.)]) {1,4}(?=`)");

    /** How far into a line a code span's first backtick can be: up to three spaces, {@link #LIST_ITEM}'s marker (at most nine digits and
     * a dot) and its up to four spaces. */
    static final int CODE_SPAN_REACH = 3 + 10 + 4 + 1;

    private static boolean backtickBefore(String line, int end) {
        for (int k = 0; k < end; k++) {
            if (line.charAt(k) == '`') {
                return true;
            }
        }
        return false;
    }

    /** A time of day opening a line as an issue's abridged excerpt writes it ({@code 16:31:11.257 queuing pod delay …}, {@code [16:31:11] INFO …}). */
    private static final Pattern TIME_OF_DAY_LINE = Pattern.compile("\\[?\\d{1,2}:\\d{2}:\\d{2}(?:\\.\\d+)?]?\\s+\\S");

    /**
     * The line inside k9s' log view as a terminal copy holds it ({@code │ time="…" level=info msg="…"      │}, as argoproj/argo-workflows#10490
     * pastes it), or null: a box-drawing bar, a space, the line, the padding to the view's width and the closing bar. Both bars
     * are needed: a line that merely holds one is the line; except the closing bar alone after a line that starts a record, or a
     * Pod before one, as the first line of a copy whose selection began after the opening bar holds it (argoproj/argo-workflows#14344):
     * the controller never ends a line with a bare bar (a key without a value), so that bar is the view's.
     */
    static String k9sView(String line) {
        int n = line.length();
        int end = n;
        while (end > 2 && line.charAt(end - 1) == ' ') {
            end--;
        }
        if (n < 4 || end <= 2 || line.charAt(end - 1) != '\u2502') {
            return null;
        }
        if (line.charAt(0) == '\u2502' && line.charAt(1) == ' ') {
            return line.substring(2, end - 1).stripTrailing();
        }
        String content = line.substring(0, end - 1).stripTrailing();
        if (line.charAt(end - 2) != ' ' || content.indexOf('\u2502') >= 0 || !(RecordStart.at(content, 0) || RecordStart.find(content) > 0)) {
            return null;
        }
        return content;
    }

    /**
     * Whether a k9s view line ({@link #k9sView}) runs to the view's edge: at most one space between its text and the closing bar.
     * k9s does not wrap a log line unless asked to: it cuts it at the view's width, so such a line may stop short there, whatever
     * its end looks like ({@code workflow=nightly-etl-k2m9p} shown as {@code workflow=nigh}). One that ends exactly there loses only
     * its last bare field when read as cut, never gets a shortened value.
     */
    static boolean k9sViewEdge(String line) {
        int end = line.length();
        while (end > 0 && line.charAt(end - 1) == ' ') {
            end--;
        }
        // end - 1: the closing bar; before it at most one space, then the line's last character
        return end >= 3 && (line.charAt(end - 2) != ' ' || line.charAt(end - 3) != ' ');
    }

    /**
     * A JSON record with a level and a message and no {@code time} of its own (no top-level {@code "time"} key; a value that merely
     * holds the word, inside another object, makes the record read as before, and rejected for its missing time).
     */
    static boolean timelessJson(String record) {
        return record.startsWith("{\"") && record.endsWith("}") && !record.contains("\"time\"") && record.contains("\"msg\"")
                && record.contains("\"level\"");
    }

    /**
     * The line as the controller wrote it, where a word processor or a wiki changed it on its way into a document, else null: every
     * space made non-breaking (U+00A0; a line that keeps an ASCII space is left alone), or values opened by typographic quotes
     * ({@code =“}, {@code =”}) where none is opened by {@code "} (the controller quotes with {@code "} only).
     */
    static String straightened(String line) {
        String s = line;
        if (s.indexOf('\u00a0') >= 0 && s.indexOf(' ') < 0) {
            s = s.replace('\u00a0', ' ');
        }
        if ((s.contains("=\u201c") || s.contains("=\u201d")) && !s.contains("=\"")) {
            s = s.replace('\u201c', '"').replace('\u201d', '"');
        }
        return s.equals(line) ? null : s;
    }

    /** A prompt line: what its {@code kubectl logs} command names (or nothing) holds for the lines after it. */
    private void prompt(String line) {
        LogsCommand.Target t = LogsCommand.target(line);
        if (t != null || LogsCommand.isPrompt(line) || LogsCommand.isBareLogsCommand(line)) {
            promptTarget = t;
            promptSource = line;
            promptLine = true;
        }
    }

    /** The line that set {@link #promptTarget}. */
    private String promptSource;

    /** Whether the lines being decoded are inside a fenced block that no quote holds (a fence line opened it, none closed it yet). */
    private boolean inFence;

    /** How far the fence of the open block is indented: its lines lose as many spaces (at most), as Markdown renders them. */
    private int fenceIndent;

    private static int leadingSpaces(String line) {
        int n = 0;
        while (n < line.length() && line.charAt(n) == ' ') {
            n++;
        }
        return n;
    }

    /**
     * How {@link #carry()} says that the lines after it are inside a fenced block: before the prompt line, which holds no line break,
     * after as many spaces as the block's fence is indented by.
     */
    private static final String IN_FENCE = "```\n";

    /**
     * What the lines decoded so far leave in effect for the lines after them, in this decoder's own words for {@link
     * #continuing(String, int, String)}: the prompt in effect ({@link #promptInEffect()}) and whether a fenced block is open.
     */
    public String carry() {
        return (inFence ? " ".repeat(fenceIndent) + IN_FENCE : "") + promptInEffect();
    }

    /** The line being decoded is the prompt's own (excerpt furniture, not the container's). */
    private boolean promptLine;

    private UnwrappedLine recordIn(UnwrappedLine u) {
        String record = u.record();
        if (!u.envelope().bare() && record.startsWith("{\"")) {
            // A collector's JSON inside an export's field: CloudWatch Logs Insights' @message (or an S3 export line) holding what
            // fluent-bit shipped ({"log":"time=…","kubernetes":{…}}, or the parsed record under log_processed, as AWS Container
            // Insights configures it). The record is what that JSON carries; its time is the collector's nearer the source.
            JsonEnvelope.Content inner = json.tree(record);
            if (inner != null) {
                return u.withRecord(inner.line(), u.envelope(), inner.time(), inner.origin(), u.prefix(), inner.container());
            }
        }
        if (u.envelope().bare()) {
            String straight = straightened(record);
            if (straight != null && RecordStart.at(straight, 0)) {
                return u.withRecord(straight, EnvelopeKind.TYPOGRAPHIC, null, null, null);
            }
        }
        if (record.isEmpty() || RecordStart.at(record, 0)) {
            return u;
        }
        int at = RecordStart.find(record);
        if (at < 0) {
            at = RecordStart.afterLogCommand(record);
        }
        if (at < 0) {
            if (u.envelope() == EnvelopeKind.NONE && record.indexOf('|') > 0) {
                // Go's crash output behind the controller's service on a compose or goreman console: the console's prefix taken off,
                // so that the lines are read as the panic they are (session 58, upstream #4761's shape: 7 unparsed lines before).
                Matcher crash = COMPOSE_LINE.matcher(record);
                if (crash.matches() && crash.group(1).contains("controller")
                        && GO_CRASH_LINE.matcher(crash.group(2)).matches()) {
                    String prefix = record.substring(0, record.length() - crash.group(2).length()).strip();
                    return u.withRecord(crash.group(2), EnvelopeKind.COMPOSE, null, null, prefix, crash.group(1));
                }
            }
            return u.envelope() == EnvelopeKind.NONE ? sternWorkflowContainer(u, record) : u;
        }
        if (!RecordStart.beyondTime(record, at) && commandBefore(record.substring(0, at))) {
            // A command's argument shaped as a record's time ($ kubectl logs … | grep time=2026-10-14T09:12): no record there (session
            // 52: before, read as a record behind the prompt, unparsed, and the command lost). A record pasted onto the command without
            // a line break reads on past its time (a level, a message) and is found after it; with none, the prompt's line as it is.
            do {
                at = RecordStart.next(record, at + 1);
            } while (at >= 0 && !RecordStart.beyondTime(record, at));
            if (at < 0) {
                return u;
            }
        }
        String prefix = record.substring(0, at).strip();
        if (prefix.indexOf('\u001b') >= 0) {
            // stern and kubetail colour the Pod and container names on a terminal
            prefix = ANSI.matcher(prefix).replaceAll("").strip();
            if (prefix.isEmpty()) {
                return u.withRecord(record.substring(at)); // only colours before the record (the whole line coloured): no prefix
            }
        }
        String content = record.substring(at);
        Matcher compose = COMPOSE.matcher(prefix);
        if (compose.matches() && (compose.group(1).contains("controller") || COMPOSE_SERVICES.contains(compose.group(1)))) {
            return u.withRecord(content, EnvelopeKind.COMPOSE, null, null, prefix, compose.group(1));
        }
        if (STERN.matcher(prefix).matches()) {
            int space = prefix.indexOf(' ');
            return u.withRecord(content, EnvelopeKind.STERN, null, prefix.substring(0, space), null, prefix.substring(space + 1));
        }
        Matcher k9s = u.envelope() == EnvelopeKind.K9S_VIEW ? K9S_POD.matcher(prefix) : null;
        if (k9s != null && k9s.matches()) {
            // k9s' log view of several Pods (a Deployment's) puts each line's Pod before it, and its time when asked to show it;
            // a Pod of one container is named alone (a Pod of several, with its container: stern's form, above)
            Timestamp shown = k9s.group(1) == null ? null : PrefixTimes.timeIn(k9s.group(1));
            if (k9s.group(1) == null || shown != null) {
                // the Argo Server's Pod (one container): its line is that container's, no replica's
                String container = ArgoServer.deploymentPod(k9s.group(2)) ? ArgoServer.CONTAINER : null;
                return u.withRecord(content, EnvelopeKind.K9S_VIEW, shown, k9s.group(2), null, container);
            }
        }
        Matcher podNamed = POD_NAMED.matcher(prefix);
        if (podNamed.matches() && podNamed(podNamed)) {
            // kubetail's [pod] (its [pod container] for a Pod of several), or a multi-Pod view's Pod before each line: the Pod names the
            // replica (session 51: before, an unrecognised prefix, and two replicas' lines were one run); the container, where named,
            // whose line it is
            // whose line it is; the Argo Server's Pod named alone: its one container's (ArgoServer), no controller replica's
            String container = podNamed.group(3) != null ? podNamed.group(3)
                    : ArgoServer.deploymentPod(podNamed.group(2)) ? ArgoServer.CONTAINER : null;
            return u.withRecord(content, EnvelopeKind.STERN, null, podNamed.group(2), null, container);
        }
        Matcher timed = STERN_TIMED.matcher(prefix);
        if (timed.matches()) {
            Timestamp collected = PrefixTimes.timeIn(timed.group(3));
            if (collected != null) {
                return u.withRecord(content, EnvelopeKind.STERN, collected, timed.group(1), null, timed.group(2));
            }
        }
        Matcher shortTimed = STERN_SHORT.matcher(prefix);
        if (shortTimed.matches()) {
            // the Pod and container name the replica and whose line it is; the short time is the reader's clock, not read
            return u.withRecord(content, EnvelopeKind.STERN, null, shortTimed.group(1), null, shortTimed.group(2));
        }
        Matcher namespaced = STERN_NAMESPACED.matcher(prefix);
        if (namespaced.matches()) {
            Timestamp collected = namespaced.group(4) == null ? null : PrefixTimes.timeIn(namespaced.group(4));
            if (namespaced.group(4) == null || collected != null) {
                return u.withRecord(content, EnvelopeKind.STERN, collected, namespaced.group(2), null, namespaced.group(3));
            }
        }
        // A prefix naming the node's container log file the line came from (aws logs tail: the event's time, then a log stream
        // fluent-bit named after it): the Pod and container.
        String[] named = ContainerPath.podAndContainerIn(prefix);
        if (named != null) {
            return u.withRecord(content, EnvelopeKind.PREFIX, PrefixTimes.timeIn(prefix), named[0], prefix, named[1]);
        }
        return u.withRecord(content, EnvelopeKind.PREFIX, PrefixTimes.timeIn(prefix), null, prefix);
    }
}
