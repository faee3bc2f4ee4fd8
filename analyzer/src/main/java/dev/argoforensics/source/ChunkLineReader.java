package dev.argoforensics.source;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.LongConsumer;

/**
 * Reads the lines of one chunk: bytes split at '\n' and decoded as UTF-8 line by line (invalid bytes
 * become U+FFFD, and such lines are counted). The line terminator is dropped, and so is a '\r'
 * before it (CRLF files): it belongs to no record, and would otherwise be quoted with the line.
 *
 * <p>Damaged input never costs more than the limits, and never the lines before the damage:
 * <ul>
 * <li>a line longer than {@link #maxLineBytes} is cut: its first bytes are returned, the rest is
 * skipped without being held, and {@link #cut()} says so;</li>
 * <li>NUL bytes starting a line (what a log truncated in place by {@code copytruncate} holds before
 * the next record) are skipped and counted, however many there are;</li>
 * <li>a gzip file that ends mid-stream or holds corrupt data ends there: every whole line before the
 * damage is returned, the line the damage cut is returned marked {@link #cut()}, and
 * {@link #damage()} says what was found.</li>
 * </ul>
 */
public final class ChunkLineReader implements Closeable {
    /** Lines longer than this (16 MiB; a 10 MB line is read whole) are cut: no line costs more memory. */
    public static final int MAX_LINE_BYTES = 16 * 1024 * 1024;
    private static final int BUFFER = 1 << 20;

    private final InputStream in;
    private final boolean compressed;
    private final int maxLineBytes;
    private long remaining;
    private byte[] buf = new byte[BUFFER];
    private int pos;
    private int limit;
    private boolean eof;
    private long lineNumber;

    private long lastLineBytes;
    private String cut;
    private long leadingNuls;
    private String damage;
    private long unterminatedLine;
    private long invalidUtf8Lines;
    private long firstInvalidUtf8Line;

    public ChunkLineReader(LineChunk chunk) throws IOException {
        this(chunk, n -> { });
    }

    /** @param storedBytesRead hears how many stored bytes were read (compressed ones for a gzip file) */
    public ChunkLineReader(LineChunk chunk, LongConsumer storedBytesRead) throws IOException {
        this(chunk, storedBytesRead, MAX_LINE_BYTES);
    }

    /** @param maxLineBytes lines longer than this are cut (tests use small limits) */
    public ChunkLineReader(LineChunk chunk, LongConsumer storedBytesRead, int maxLineBytes) throws IOException {
        this.maxLineBytes = Math.max(1, maxLineBytes);
        this.compressed = chunk.file().compressed();
        ChunkBytes bytes = ChunkBytes.open(chunk, storedBytesRead);
        this.in = bytes.in();
        this.remaining = bytes.remaining();
        this.damage = bytes.damage();
        this.eof = damage != null;
    }

    /** The next line, or null at the end of the chunk (or at the damage). */
    public String next() throws IOException {
        cut = null;
        leadingNuls = 0;
        int scan = pos;
        while (true) {
            for (int i = scan; i < limit; i++) {
                if (buf[i] == '\n') {
                    String line = line(pos, i);
                    pos = i + 1;
                    if (lastLineBytes > maxLineBytes) {
                        cut = tooLong();
                    }
                    return line;
                }
            }
            if (eof) {
                if (pos < limit) {
                    String line = line(pos, limit);
                    pos = limit;
                    if (lastLineBytes > maxLineBytes) {
                        cut = tooLong();
                    } else if (damage != null) {
                        cut = "expected a whole line, found one cut off after " + Bytes.describe(lastLineBytes) + " by the damage";
                    } else {
                        unterminatedLine = lineNumber;
                    }
                    return line;
                }
                return null;
            }
            if (!fill()) {
                // The unfinished line has reached the limit: keep its start, skip the rest without holding it.
                String line = line(pos, limit);
                pos = limit;
                lastLineBytes += skipToLineEnd();
                if (lastLineBytes > maxLineBytes) {
                    cut = tooLong();
                }
                return line;
            }
            scan = pos;
        }
    }

    private String tooLong() {
        return "expected a line of at most " + Bytes.describe(maxLineBytes) + ", found one of " + Bytes.describe(lastLineBytes)
                + ": its first " + Bytes.describe(maxLineBytes) + " were read, the rest skipped";
    }

    /** Consumes the rest of a line that is being cut, up to and including its '\n'; returns its length. */
    private long skipToLineEnd() throws IOException {
        long skipped = 0;
        while (true) {
            for (int i = pos; i < limit; i++) {
                if (buf[i] == '\n') {
                    skipped += i - pos;
                    pos = i + 1;
                    return skipped;
                }
            }
            skipped += limit - pos;
            pos = limit;
            if (eof) {
                return skipped;
            }
            fill();
        }
    }

    /** Decodes {@code buf[from, to)} (at most {@link #maxLineBytes} of it): leading NULs skipped and counted, invalid UTF-8 counted. */
    private String line(int from, int to) {
        lineNumber++;
        int start = from;
        if (start < to && buf[start] == 0) {
            while (start < to && buf[start] == 0) {
                start++;
            }
            leadingNuls += start - from;
        }
        lastLineBytes = to - start;
        int end = to > start && buf[to - 1] == '\r' ? to - 1 : to;
        int length = Math.min(end - start, maxLineBytes);
        String line = new String(buf, start, length, StandardCharsets.UTF_8);
        // A Latin-1 string cannot hold U+FFFD: the check costs nothing for ASCII lines.
        if (line.indexOf('\uFFFD') >= 0 && !validUtf8(buf, start, length)) {
            if (invalidUtf8Lines++ == 0) {
                firstInvalidUtf8Line = lineNumber;
            }
        }
        return line;
    }

    /**
     * Whether {@code bytes[from, from + length)} is well-formed UTF-8, as the JDK's strict decoder
     * judges it (no overlong forms, no surrogates, nothing above U+10FFFF, no sequence cut short). A
     * plain loop: a Latin-1 log has such a line on almost every line, and an exception per line would
     * cost more than the reading.
     */
    static boolean validUtf8(byte[] bytes, int from, int length) {
        int i = from;
        int end = from + length;
        while (i < end) {
            int b = bytes[i] & 0xff;
            if (b < 0x80) {
                i++;
                continue;
            }
            int n;
            int min;
            int max = 0xbf;
            if (b >= 0xc2 && b <= 0xdf) {
                n = 1;
                min = 0x80;
            } else if (b >= 0xe0 && b <= 0xef) {
                n = 2;
                min = b == 0xe0 ? 0xa0 : 0x80; // 0xe0 0x80..0x9f: overlong
                max = b == 0xed ? 0x9f : 0xbf; // 0xed 0xa0..0xbf: surrogates
            } else if (b >= 0xf0 && b <= 0xf4) {
                n = 3;
                min = b == 0xf0 ? 0x90 : 0x80; // 0xf0 0x80..0x8f: overlong
                max = b == 0xf4 ? 0x8f : 0xbf; // 0xf4 0x90..: above U+10FFFF
            } else {
                return false; // a continuation byte first, 0xc0, 0xc1 (overlong) or 0xf5..0xff
            }
            if (i + n >= end) {
                return false; // cut short
            }
            int second = bytes[i + 1] & 0xff;
            if (second < min || second > max) {
                return false;
            }
            for (int k = 2; k <= n; k++) {
                if ((bytes[i + k] & 0xc0) != 0x80) {
                    return false;
                }
            }
            i += n + 1;
        }
        return true;
    }

    /** 1-based number, within the chunk, of the line last returned. */
    public long lineNumber() {
        return lineNumber;
    }

    /** Why the line last returned is not whole (too long, or cut off by damage), or null if it is. */
    public String cut() {
        return cut;
    }

    /** NUL bytes skipped before the line last returned. */
    public long leadingNuls() {
        return leadingNuls;
    }

    /** What ended a damaged gzip stream early, or null. */
    public String damage() {
        return damage;
    }

    /** The last line if the chunk (so the file) ends without a line break after it, else 0: a copy may have been cut there. */
    public long unterminatedLine() {
        return unterminatedLine;
    }

    /** Lines that held bytes that are not UTF-8 (read as U+FFFD). */
    public long invalidUtf8Lines() {
        return invalidUtf8Lines;
    }

    /** The first of them (0 if none). */
    public long firstInvalidUtf8Line() {
        return firstInvalidUtf8Line;
    }

    /**
     * Keeps the unfinished line at the start of the buffer and reads more after it.
     *
     * @return false if the unfinished line already holds {@link #maxLineBytes} bytes (nothing was read)
     */
    private boolean fill() throws IOException {
        int kept = limit - pos;
        if (kept >= maxLineBytes) {
            if (buf[pos] != 0) {
                return false;
            }
            // A run of NULs before a record does not count against the limit: drop it.
            int start = pos;
            while (start < limit && buf[start] == 0) {
                start++;
            }
            leadingNuls += start - pos;
            pos = start;
            kept = limit - pos;
            if (kept >= maxLineBytes) {
                return false;
            }
        }
        if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, kept);
        } else if (kept == buf.length) {
            buf = Arrays.copyOf(buf, (int) Math.min((long) buf.length * 2, Math.max(buf.length, (long) maxLineBytes + 1)));
        }
        pos = 0;
        limit = kept;
        int want = (int) Math.min(buf.length - limit, remaining);
        int n;
        try {
            n = want == 0 ? -1 : in.read(buf, limit, want);
        } catch (IOException e) {
            if (!compressed) {
                throw e;
            }
            damage = Gzip.describe(e);
            n = -1;
        }
        if (n < 0) {
            eof = true;
        } else {
            limit += n;
            remaining -= n;
            if (remaining == 0) {
                eof = true;
            }
        }
        return true;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
