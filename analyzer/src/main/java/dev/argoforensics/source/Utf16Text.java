package dev.argoforensics.source;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * UTF-16 text with its byte order mark, read as the UTF-8 the rest of the reading expects. Windows PowerShell 5.1 writes what
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

    Utf16Text(InputStream in) {
        // Java's UTF-16 decoder reads the byte order mark (and drops it), big-endian without one.
        this.reader = new InputStreamReader(in, StandardCharsets.UTF_16);
    }

    /** The byte order mark's encoding at the start of the file ({@code UTF-16LE} or {@code UTF-16BE}), or null. */
    public static String of(Path path) throws IOException {
        try (InputStream in = Files.newInputStream(path)) {
            return of(in.read(), in.read());
        }
    }

    /** The encoding the two first bytes mark, or null. */
    static String of(int first, int second) {
        if (first == 0xFF && second == 0xFE) {
            return "UTF-16LE";
        }
        return first == 0xFE && second == 0xFF ? "UTF-16BE" : null;
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
