package dev.argoforensics.envelope;

import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;

/**
 * Peels collector wrappers off one file's lines, in the order the reference gives (section 10):
 * a CRI prefix {@code <RFC3339Nano> stdout|stderr P|F }, then a {@code kubectl logs --timestamps}
 * prefix {@code <RFC3339Nano> }. CRI partial pieces ({@code P}) are held until the closing {@code F}
 * piece and returned as one line. One decoder per file: it keeps that state.
 */
public final class EnvelopeDecoder {
    private StringBuilder partial;
    private long partialFirstLine;
    private Timestamp partialTime;

    /**
     * @return the unwrapped record, or null if the line was a partial piece held for later
     */
    public UnwrappedLine decode(String line, long lineNumber) {
        int timeEnd = rfc3339PrefixEnd(line);
        if (timeEnd > 0) {
            String rest = line.substring(timeEnd + 1);
            if (isCriStreamTag(rest)) {
                return cri(line.substring(0, timeEnd), rest, lineNumber);
            }
            Timestamp time = envelopeTime(line.substring(0, timeEnd));
            if (time != null) {
                return new UnwrappedLine(rest, lineNumber, lineNumber, EnvelopeKind.KUBECTL_TIMESTAMPS, time);
            }
        }
        return new UnwrappedLine(line, lineNumber, lineNumber, EnvelopeKind.NONE, null);
    }

    /** A partial CRI line left open at the end of the file, or null. */
    public UnwrappedLine flush() {
        if (partial == null) {
            return null;
        }
        UnwrappedLine open = new UnwrappedLine(partial.toString(), partialFirstLine, partialFirstLine, EnvelopeKind.CRI, partialTime);
        partial = null;
        return open;
    }

    private UnwrappedLine cri(String timeText, String rest, long lineNumber) {
        Timestamp time = envelopeTime(timeText);
        boolean isPartial = rest.charAt(7) == 'P';
        String content = rest.length() > 9 ? rest.substring(9) : "";
        if (isPartial) {
            if (partial == null) {
                partial = new StringBuilder(content.length() * 2);
                partialFirstLine = lineNumber;
                partialTime = time;
            }
            partial.append(content);
            return null;
        }
        if (partial != null) {
            partial.append(content);
            UnwrappedLine joined = new UnwrappedLine(partial.toString(), partialFirstLine, lineNumber, EnvelopeKind.CRI, partialTime);
            partial = null;
            return joined;
        }
        return new UnwrappedLine(content, lineNumber, lineNumber, EnvelopeKind.CRI, time);
    }

    /** "stdout F " / "stderr P " (the content may be empty). */
    private static boolean isCriStreamTag(String rest) {
        if (rest.length() < 8) {
            return false;
        }
        boolean stream = rest.startsWith("stdout ") || rest.startsWith("stderr ");
        char tag = rest.charAt(7);
        return stream && (tag == 'F' || tag == 'P') && (rest.length() == 8 || rest.charAt(8) == ' ');
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
