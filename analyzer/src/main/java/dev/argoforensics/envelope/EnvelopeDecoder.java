package dev.argoforensics.envelope;

import dev.argoforensics.source.ChunkLineReader;
import dev.argoforensics.time.LenientTime;
import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Peels collector and export wrappers off one file's lines, outermost first:
 * <ol>
 * <li>a CSV export (decided by the file's first content line, a header naming a line column);</li>
 * <li>a JSON envelope: Docker json-file or a log store's export ({@link JsonEnvelope});</li>
 * <li>a time prefix: CRI ({@code <RFC3339Nano> stdout|stderr P|F }), CRI without the P/F tag, or
 * {@code kubectl logs --timestamps} ({@code <RFC3339Nano> });</li>
 * <li>any other prefix before a recognisable record ({@link RecordStart}): stern/kubetail's
 * {@code <pod> <container> }, or something unknown that is kept as metadata.</li>
 * </ol>
 * Pieces of one long line (CRI {@code P}, Docker pieces without a newline) are held until the last
 * piece and returned as one line that cites its first file line. One decoder per file: it keeps
 * that state.
 */
public final class EnvelopeDecoder {
    /** stern and kubetail: a Pod name and a container name, DNS labels separated by one space. */
    private static final Pattern STERN = Pattern.compile("[a-z0-9]([-a-z0-9.]*[a-z0-9])? [a-z0-9]([-a-z0-9]*[a-z0-9])?");

    /** A CSI colour sequence ({@code ESC [ 32 m}). */
    private static final Pattern ANSI = Pattern.compile("\u001b\\[[0-9;]*[A-Za-z]");

    private final JsonEnvelope json = new JsonEnvelope();
    private CsvExport csv;
    private boolean sawContent;
    private long envelopeHeaders;
    private StringBuilder partial;
    private UnwrappedLine partialStart;
    /** Characters of the pieces being joined, also those beyond {@link #maxJoined} that were not kept. */
    private long partialLength;
    private final int maxJoined;
    private String cut;

    public EnvelopeDecoder() {
        this(ChunkLineReader.MAX_LINE_BYTES);
    }

    /** @param maxJoined pieces of one line (CRI {@code P}, Docker) are joined up to this many characters, the rest dropped */
    public EnvelopeDecoder(int maxJoined) {
        this.maxJoined = maxJoined;
    }

    /**
     * A decoder for a chunk that does not start the file: it knows the file's first content line
     * (a CSV export's header) without counting it again.
     */
    public static EnvelopeDecoder continuing(String firstContentLine) {
        return continuing(firstContentLine, ChunkLineReader.MAX_LINE_BYTES);
    }

    /** As {@link #continuing(String)}, joining pieces up to {@code maxJoined} characters. */
    public static EnvelopeDecoder continuing(String firstContentLine, int maxJoined) {
        EnvelopeDecoder d = new EnvelopeDecoder(maxJoined);
        d.sawContent = true;
        if (firstContentLine != null) {
            d.csv = CsvExport.fromHeader(firstContentLine).orElse(null);
        }
        return d;
    }

    /**
     * @return the unwrapped record, or null if the line was consumed by the envelope (a partial
     *         piece held for later, or an export's header row)
     */
    public UnwrappedLine decode(String rawLine, long lineNumber) {
        cut = null;
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
        UnwrappedLine u = UnwrappedLine.raw(line, lineNumber);
        if (csv != null && !line.isBlank()) {
            JsonEnvelope.Content row = csv.read(line);
            if (row != null) {
                u = u.withRecord(row.line(), row.kind(), row.time(), row.origin(), null);
            }
        } else if (line.startsWith("{")) {
            JsonEnvelope.Content c = json.read(line);
            if (c == null) {
                c = json.readCut(line); // a Docker line that lost its end
            }
            if (c != null) {
                UnwrappedLine piece = u.withRecord(c.line(), c.kind(), c.time(), c.origin(), null);
                return joinPieces(c.cut() ? piece.cutShort() : piece, !c.complete());
            }
        } else {
            int timeEnd = rfc3339PrefixEnd(line);
            if (timeEnd > 0) {
                return timePrefix(u, line, timeEnd);
            }
        }
        return finish(u);
    }

    /** A piece held open at the end of the file, or null. */
    public UnwrappedLine flush() {
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
        Timestamp time = envelopeTime(line.substring(0, timeEnd));
        if (time == null) {
            return finish(u);
        }
        String rest = line.substring(timeEnd + 1);
        if (rest.startsWith("stdout ") || rest.startsWith("stderr ")) {
            boolean tagged = rest.length() >= 8 && (rest.charAt(7) == 'F' || rest.charAt(7) == 'P')
                    && (rest.length() == 8 || rest.charAt(8) == ' ');
            if (tagged) {
                String content = rest.length() > 9 ? rest.substring(9) : "";
                return joinPieces(u.withRecord(content, EnvelopeKind.CRI, time, null, null), rest.charAt(7) == 'P');
            }
            return finish(u.withRecord(rest.substring(7), EnvelopeKind.CRI_UNTAGGED, time, null, null));
        }
        return finish(u.withRecord(rest, EnvelopeKind.KUBECTL_TIMESTAMPS, time, null, null));
    }

    /** Holds a piece that continues on the next line, or completes the pieces held so far. */
    private UnwrappedLine joinPieces(UnwrappedLine piece, boolean continues) {
        if (partial == null && !continues) {
            return finish(piece);
        }
        if (partial == null) {
            partial = new StringBuilder();
            partialStart = piece;
            partialLength = 0;
        }
        String text = piece.record();
        partialLength += text.length();
        if (partial.length() < maxJoined) {
            partial.append(text, 0, Math.min(text.length(), maxJoined - partial.length()));
        }
        if (continues) {
            return null;
        }
        UnwrappedLine joined = new UnwrappedLine(partial.toString(), partialStart.firstLine(), piece.lastLine(), partialStart.envelope(),
                partialStart.envelopeTime(), partialStart.origin(), null, piece.cut());
        partial = null;
        cut = joinedCut();
        return finish(joined);
    }

    /** Finds a record behind a prefix no known wrapper explains, and keeps the prefix as metadata. */
    private static UnwrappedLine finish(UnwrappedLine u) {
        String record = u.record();
        if (record.isEmpty() || RecordStart.at(record, 0)) {
            return u;
        }
        int at = RecordStart.find(record);
        if (at < 0) {
            return u;
        }
        String prefix = record.substring(0, at).strip();
        if (prefix.indexOf('\u001b') >= 0) {
            // stern and kubetail colour the Pod and container names on a terminal
            prefix = ANSI.matcher(prefix).replaceAll("").strip();
        }
        String content = record.substring(at);
        if (STERN.matcher(prefix).matches()) {
            return u.withRecord(content, EnvelopeKind.STERN, null, prefix.substring(0, prefix.indexOf(' ')), null);
        }
        return u.withRecord(content, EnvelopeKind.PREFIX, timeIn(prefix), null, prefix);
    }

    /** The first token (or pair of tokens, for "date time") of a prefix that reads as a time. */
    private static Timestamp timeIn(String prefix) {
        String[] tokens = prefix.replace("\"", " ").replace(",", " ").replace("[", " ").replace("]", " ").trim().split("\\s+");
        for (int i = 0; i < tokens.length; i++) {
            if (i + 1 < tokens.length) {
                Timestamp pair = LenientTime.parse(tokens[i] + " " + tokens[i + 1]);
                if (pair != null) {
                    return pair;
                }
            }
            Timestamp single = LenientTime.parse(tokens[i]);
            if (single != null) {
                return single;
            }
        }
        return null;
    }

    /**
     * Index of the space after a leading {@code yyyy-MM-ddTHH:mm:ss[.f]Z|±hh:mm} time, or -1. Only a
     * time that starts the line and is followed by a space is an envelope.
     */
    static int rfc3339PrefixEnd(String line) {
        if (line.length() < 21 || !isDigit(line.charAt(0)) || line.charAt(4) != '-' || line.charAt(10) != 'T') {
            return -1;
        }
        int space = line.indexOf(' ', 19);
        if (space < 0) {
            return -1;
        }
        char last = line.charAt(space - 1);
        return last == 'Z' || isDigit(last) ? space : -1;
    }

    private static Timestamp envelopeTime(String text) {
        try {
            // kubectl and the CRI write RFC3339Nano, which trims trailing zeros: the precision is ns.
            return Timestamp.parseRfc3339(text, TimePrecision.NANOSECOND, false);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
