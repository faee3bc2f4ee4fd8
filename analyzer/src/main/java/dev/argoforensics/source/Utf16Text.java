package dev.argoforensics.source;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * UTF-16 text with its byte order mark (or, rarer, without one: {@link #of(int, int, int, int)}), read as the UTF-8 the rest of the reading expects. Windows PowerShell 5.1 writes what
 * {@code kubectl logs … > controller.log} or {@code kubectl get pod -o yaml > pod.yaml} prints as UTF-16LE with a byte order mark
 * (its {@code >} and {@code Out-File} default), so a log or an export attached from a Windows machine is often such a file:
 * read byte by byte, every character is followed by a NUL and no line is a record. Such a file is read through this stream as a
 * gzip file is read through its decompressing one (whole, as one piece; its SHA-256 and size those of the file as stored); lines
 * and their numbers are the file's. A malformed sequence reads as U+FFFD.
 */
public final class Utf16Text extends InputStream {
    private final Reader reader;
    private final char[] chars = new char[8192];
    private byte[] out = new byte[0];
    private int pos;
    /** A high surrogate at the end of the last read, kept for the low one the next read starts with. */
    private boolean pending;

    /** What {@link #of} says of UTF-16 text that starts without a byte order mark. */
    private static final String NO_MARK = ", no byte order mark";

    /** @param encoding what {@link #of} said of the file's first bytes */
    Utf16Text(InputStream in, String encoding) {
        // Java's UTF-16 decoder reads the byte order mark (and drops it); without one, the order the text's first bytes show.
        this.reader = new InputStreamReader(in, !encoding.endsWith(NO_MARK) ? StandardCharsets.UTF_16
                : encoding.startsWith("UTF-16LE") ? StandardCharsets.UTF_16LE : StandardCharsets.UTF_16BE);
    }

    /**
     * The file's UTF-16 encoding ({@code UTF-16LE} or {@code UTF-16BE}; with {@code ", no byte order mark"} where its text starts
     * without one), or null.
     */
    public static String of(Path path) throws IOException {
        try (InputStream in = Files.newInputStream(path)) {
            return of(in.read(), in.read(), in.read(), in.read());
        }
    }

    /** The encoding the two first bytes mark, or null. */
    static String of(int first, int second) {
        if (first == 0xFF && second == 0xFE) {
            return "UTF-16LE";
        }
        return first == 0xFE && second == 0xFF ? "UTF-16BE" : null;
    }

    /**
     * The encoding the four first bytes mark or show, or null: with a byte order mark, as {@link #of(int, int)}; without one (what
     * {@code iconv -t UTF-16LE} or a program writing UTF-16 by hand leaves), two ASCII characters each beside a NUL, on its right
     * (little-endian) or its left (big-endian). No log or export of UTF-8 text starts with a NUL in its first two bytes.
     */
    static String of(int b0, int b1, int b2, int b3) {
        String marked = of(b0, b1);
        if (marked != null) {
            return marked;
        }
        if (ascii(b0) && b1 == 0 && ascii(b2) && b3 == 0) {
            return "UTF-16LE" + NO_MARK;
        }
        return b0 == 0 && ascii(b1) && b2 == 0 && ascii(b3) ? "UTF-16BE" + NO_MARK : null;
    }

    /** A printable ASCII character, a tab or a line break: how a log's or an export's text starts. */
    private static boolean ascii(int b) {
        return b >= 0x20 && b < 0x7F || b == '\t' || b == '\n' || b == '\r';
    }

    @Override
    public int read() throws IOException {
        return fill() ? out[pos++] & 0xFF : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        if (!fill()) {
            return -1;
        }
        int n = Math.min(len, out.length - pos);
        System.arraycopy(out, pos, b, off, n);
        pos += n;
        return n;
    }

    private boolean fill() throws IOException {
        while (pos >= out.length) {
            int from = pending ? 1 : 0;
            pending = false;
            int n = reader.read(chars, from, chars.length - from);
            if (n < 0) {
                if (from == 0) {
                    return false;
                }
                n = 0; // a lone high surrogate at the end: encoded as UTF-8 encodes one (as '?')
            }
            int len = from + n;
            if (n > 0 && Character.isHighSurrogate(chars[len - 1])) {
                pending = true;
                len--;
            }
            out = new String(chars, 0, len).getBytes(StandardCharsets.UTF_8);
            pos = 0;
            if (pending) {
                chars[0] = chars[len];
            }
        }
        return true;
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }
}
