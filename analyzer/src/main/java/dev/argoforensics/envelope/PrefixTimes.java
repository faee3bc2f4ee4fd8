package dev.argoforensics.envelope;

import dev.argoforensics.time.LenientTime;
import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;

/** Times at the start of a line or inside a prefix, as collectors and consoles write them. */
final class PrefixTimes {
    private PrefixTimes() {
    }

    /** The first token (or pair of tokens, for "date time") of a prefix that reads as a time. */
    static Timestamp timeIn(String prefix) {
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

    /** An RFC 3339 time whose precision is its fraction digits (a writer that does not trim zeros), or null. */
    static Timestamp digitsTime(String text) {
        try {
            return Timestamp.parseRfc3339(text, null, false);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    static Timestamp envelopeTime(String text) {
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
