package dev.argoforensics.index;

import dev.argoforensics.analysis.LogLines;
import dev.argoforensics.envelope.EnvelopeKind;
import dev.argoforensics.envelope.UnwrappedLine;
import dev.argoforensics.line.Cut;
import dev.argoforensics.line.Field;
import dev.argoforensics.line.Level;
import dev.argoforensics.line.LineParse;
import dev.argoforensics.line.LogRecord;
import dev.argoforensics.line.RecordFormat;
import dev.argoforensics.line.ValueStyle;
import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A log file's lines as the index keeps them, so that the file need not be read again: every
 * unwrapped line (its text, where it stood, its envelope, both clocks) and what the grammar made
 * of it, in parts of {@link #LINES_PER_PART} lines. Enum values are kept by name; an index written
 * by another version of the tool is never read (see {@link IndexIdentity}).
 */
final class LineStore {
    static final int LINES_PER_PART = 8192;
    private static final int BLANK = 0;
    private static final int REJECTED = 1;
    private static final int PARSED = 2;
    /** A record read from a line cut short: as {@link #PARSED}, then what the cut lost. */
    private static final int PARSED_CUT = 3;

    private LineStore() {
    }

    /** The lines in parts, each part a byte array. */
    static List<byte[]> encode(LogLines lines) {
        List<byte[]> parts = new ArrayList<>();
        List<LogLines.Line> all = lines.lines();
        for (int from = 0; from < all.size(); from += LINES_PER_PART) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (DataOutputStream out = new DataOutputStream(bytes)) {
                List<LogLines.Line> part = all.subList(from, Math.min(all.size(), from + LINES_PER_PART));
                out.writeInt(part.size());
                for (LogLines.Line l : part) {
                    line(out, l);
                }
            } catch (IOException e) {
                throw new UncheckedIOException("writing to memory does not fail", e);
            }
            parts.add(bytes.toByteArray());
        }
        return parts;
    }

    /**
     * @throws IOException if a part was not written by {@link #encode}
     */
    static List<LogLines.Line> decode(byte[] part, int offset, int length) throws IOException {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(part, offset, length))) {
            int n = in.readInt();
            List<LogLines.Line> lines = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                lines.add(line(in));
            }
            return lines;
        } catch (IllegalArgumentException e) {
            throw new IOException("not a part of a line store: " + e.getMessage(), e);
        }
    }

    private static void line(DataOutputStream out, LogLines.Line l) throws IOException {
        UnwrappedLine u = l.line();
        text(out, u.record());
        out.writeLong(u.firstLine());
        out.writeLong(u.lastLine());
        text(out, u.envelope().name());
        time(out, u.envelopeTime());
        text(out, u.origin());
        text(out, u.prefix());
        text(out, u.container());
        if (l.parse() == null) {
            out.writeByte(BLANK);
        } else if (l.parse() instanceof LineParse.Rejected r) {
            out.writeByte(REJECTED);
            out.writeInt(r.column());
            text(out, r.reason());
        } else {
            LogRecord r = ((LineParse.Parsed) l.parse()).record();
            out.writeByte(r.isCut() ? PARSED_CUT : PARSED);
            text(out, r.format().name());
            time(out, r.time());
            text(out, r.rawTime());
            text(out, r.level() == null ? null : r.level().name());
            text(out, r.message());
            out.writeInt(r.fields().size());
            for (Field f : r.fields()) {
                text(out, f.key());
                text(out, f.value());
                text(out, f.style().name());
            }
            if (r.isCut()) {
                text(out, r.cut().lastWhole());
                text(out, r.cut().lost());
                out.writeBoolean(r.cut().message());
                text(out, r.cut().why());
            }
        }
    }

    private static LogLines.Line line(DataInputStream in) throws IOException {
        UnwrappedLine u = new UnwrappedLine(text(in), in.readLong(), in.readLong(), EnvelopeKind.valueOf(text(in)), time(in), text(in), text(in),
                text(in));
        int kind = in.readByte();
        if (kind == BLANK) {
            return new LogLines.Line(u, null);
        }
        if (kind == REJECTED) {
            return new LogLines.Line(u, new LineParse.Rejected(in.readInt(), text(in)));
        }
        RecordFormat format = RecordFormat.valueOf(text(in));
        Timestamp time = time(in);
        String rawTime = text(in);
        String level = text(in);
        String message = text(in);
        int n = in.readInt();
        List<Field> fields = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            fields.add(new Field(text(in), text(in), ValueStyle.valueOf(text(in))));
        }
        Cut cut = kind == PARSED_CUT ? new Cut(text(in), text(in), in.readBoolean(), text(in)) : null;
        return new LogLines.Line(u, new LineParse.Parsed(new LogRecord(format, time, rawTime, level == null ? null : Level.valueOf(level),
                message, fields, cut)));
    }

    /** A string or null: its UTF-8 length (-1 for null), then the bytes. */
    private static void text(DataOutputStream out, String s) throws IOException {
        if (s == null) {
            out.writeInt(-1);
            return;
        }
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    private static String text(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0) {
            return null;
        }
        byte[] b = new byte[n];
        in.readFully(b);
        return new String(b, StandardCharsets.UTF_8);
    }

    private static void time(DataOutputStream out, Timestamp t) throws IOException {
        out.writeBoolean(t != null);
        if (t != null) {
            out.writeLong(t.instant().getEpochSecond());
            out.writeInt(t.instant().getNano());
            text(out, t.precision().name());
            text(out, t.zone().name());
        }
    }

    private static Timestamp time(DataInputStream in) throws IOException {
        if (!in.readBoolean()) {
            return null;
        }
        Instant instant = Instant.ofEpochSecond(in.readLong(), in.readInt());
        return new Timestamp(instant, TimePrecision.valueOf(text(in)), ZoneBasis.valueOf(text(in)));
    }
}
