package dev.argoforensics.line;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reverses Go's {@code strconv.Quote}, which both logrus and slog use for quoted keys and values:
 * the single-character escapes ({@code \" \\ \n \t \r \a \b \f \v}), {@code \xNN}, backslash-u
 * with four and backslash-U with eight hex digits, and octal {@code \NNN}.
 */
public final class GoQuote {
    private GoQuote() {
    }

    /**
     * The index of the quote that closes a Go-quoted string whose text starts at {@code from} (just
     * after its opening quote), skipping escaped characters, or -1 if {@code end} comes first.
     */
    public static int closingQuote(CharSequence s, int from, int end) {
        for (int i = from; i < end; i++) {
            char c = s.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '"') {
                return i;
            }
        }
        return -1;
    }

    /**
     * @param quoted the text including its surrounding double quotes
     * @throws IllegalArgumentException on a malformed escape
     */
    public static String unquote(String quoted) {
        if (quoted.length() < 2 || quoted.charAt(0) != '"' || quoted.charAt(quoted.length() - 1) != '"') {
            throw new IllegalArgumentException("not a quoted string: " + quoted);
        }
        return unescape(quoted, 1, quoted.length() - 1);
    }

    /** Unescapes {@code text[from, to)}. */
    public static String unescape(String text, int from, int to) {
        int backslash = from; // bounded by to: a line's every quoted value would otherwise scan to the line's end
        while (backslash < to && text.charAt(backslash) != '\\') {
            backslash++;
        }
        if (backslash >= to) {
            return text.substring(from, to);
        }
        StringBuilder b = new StringBuilder(to - from);
        // Bytes from \x and octal escapes form UTF-8 sequences together.
        ByteArrayOutputStream pendingBytes = null;
        int i = from;
        while (i < to) {
            char c = text.charAt(i);
            if (c != '\\') {
                pendingBytes = flush(b, pendingBytes);
                b.append(c);
                i++;
                continue;
            }
            if (i + 1 >= to) {
                throw new IllegalArgumentException("dangling backslash at column " + (i + 1));
            }
            char e = text.charAt(i + 1);
            switch (e) {
                case 'x': {
                    int v = hex(text, i + 2, 2, to);
                    if (pendingBytes == null) {
                        pendingBytes = new ByteArrayOutputStream();
                    }
                    pendingBytes.write(v);
                    i += 4;
                    continue;
                }
                case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
                    if (i + 4 > to) {
                        throw new IllegalArgumentException("short octal escape at column " + (i + 1));
                    }
                    int v = Integer.parseInt(text.substring(i + 1, i + 4), 8);
                    if (pendingBytes == null) {
                        pendingBytes = new ByteArrayOutputStream();
                    }
                    pendingBytes.write(v);
                    i += 4;
                    continue;
                }
                default:
                    break;
            }
            pendingBytes = flush(b, pendingBytes);
            switch (e) {
                case '"': b.append('"'); i += 2; break;
                case '\\': b.append('\\'); i += 2; break;
                case '\'': b.append('\''); i += 2; break;
                case 'n': b.append('\n'); i += 2; break;
                case 't': b.append('\t'); i += 2; break;
                case 'r': b.append('\r'); i += 2; break;
                case 'a': b.append('\u0007'); i += 2; break;
                case 'b': b.append('\b'); i += 2; break;
                case 'f': b.append('\f'); i += 2; break;
                case 'v': b.append('\u000b'); i += 2; break;
                case 'u': b.appendCodePoint(hex(text, i + 2, 4, to)); i += 6; break;
                case 'U': b.appendCodePoint(hex(text, i + 2, 8, to)); i += 10; break;
                default:
                    throw new IllegalArgumentException("unknown escape \\" + e + " at column " + (i + 1));
            }
        }
        flush(b, pendingBytes);
        return b.toString();
    }

    private static ByteArrayOutputStream flush(StringBuilder b, ByteArrayOutputStream bytes) {
        if (bytes != null) {
            b.append(new String(bytes.toByteArray(), StandardCharsets.UTF_8));
        }
        return null;
    }

    private static int hex(String text, int from, int digits, int to) {
        if (from + digits > to) {
            throw new IllegalArgumentException("short hex escape at column " + (from - 1));
        }
        try {
            return Integer.parseInt(text.substring(from, from + digits), 16);
        } catch (NumberFormatException ex) {
            throw new IllegalArgumentException("bad hex escape at column " + (from - 1), ex);
        }
    }
}
