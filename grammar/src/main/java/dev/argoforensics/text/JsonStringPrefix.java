package dev.argoforensics.text;

/**
 * Decodes a JSON string that a cut line left without its closing quote: the escapes up to the cut,
 * less an escape the cut left unfinished (a lone backslash, a Unicode escape without its four
 * digits). What it gives is always a prefix of what the whole string decodes to. JSON parsers
 * refuse such a string whole, which is
 * right for a whole line and useless for a cut one.
 */
public final class JsonStringPrefix {
    private JsonStringPrefix() {
    }

    /** What a string decodes to and whether its closing quote was found. */
    public record Decoded(String text, boolean closed, int end) {
    }

    /**
     * @param s    the text
     * @param from the index just after the opening quote
     * @return the decoded text, whether the string was closed, and the index after the closing quote (or the end)
     */
    public static Decoded decode(String s, int from) {
        StringBuilder b = new StringBuilder();
        int i = from;
        int n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            if (c == '"') {
                return new Decoded(b.toString(), true, i + 1);
            }
            if (c != '\\') {
                b.append(c);
                i++;
                continue;
            }
            if (i + 1 >= n) {
                break;
            }
            char e = s.charAt(i + 1);
            switch (e) {
                case '"', '\\', '/' -> b.append(e);
                case 'b' -> b.append('\b');
                case 'f' -> b.append('\f');
                case 'n' -> b.append('\n');
                case 'r' -> b.append('\r');
                case 't' -> b.append('\t');
                case 'u' -> {
                    if (i + 6 > n) {
                        return new Decoded(withoutLoneHighSurrogate(b), false, n);
                    }
                    int v;
                    try {
                        v = Integer.parseInt(s.substring(i + 2, i + 6), 16);
                    } catch (NumberFormatException x) {
                        return new Decoded(withoutLoneHighSurrogate(b), false, i);
                    }
                    b.append((char) v);
                    i += 6;
                    continue;
                }
                default -> {
                    return new Decoded(withoutLoneHighSurrogate(b), false, i); // not JSON: stop before it
                }
            }
            i += 2;
        }
        return new Decoded(withoutLoneHighSurrogate(b), false, n);
    }

    /** A surrogate pair the cut split leaves half a character: dropped. */
    private static String withoutLoneHighSurrogate(StringBuilder b) {
        int len = b.length();
        return len > 0 && Character.isHighSurrogate(b.charAt(len - 1)) ? b.substring(0, len - 1) : b.toString();
    }
}
