package dev.argoforensics.source;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.function.LongConsumer;
import java.util.zip.GZIPInputStream;

/**
 * Reads the lines of one chunk: bytes split at '\n' and decoded as UTF-8 line by line (invalid bytes
 * become U+FFFD). The line terminator is dropped; a '\r' before it is left for the record reader,
 * which ignores trailing white space.
 */
public final class ChunkLineReader implements Closeable {
    private static final int BUFFER = 1 << 20;

    private final InputStream in;
    private long remaining;
    private byte[] buf = new byte[BUFFER];
    private int pos;
    private int limit;
    private boolean eof;
    private long lineNumber;

    public ChunkLineReader(LineChunk chunk) throws IOException {
        this(chunk, n -> { });
    }

    /** @param storedBytesRead hears how many stored bytes were read (compressed ones for a gzip file) */
    public ChunkLineReader(LineChunk chunk, LongConsumer storedBytesRead) throws IOException {
        InputFile file = chunk.file();
        if (chunk.whole()) {
            InputStream raw = new CountingInputStream(java.nio.file.Files.newInputStream(file.path()), storedBytesRead);
            this.in = file.compressed() ? new GZIPInputStream(raw, 1 << 16) : raw;
            this.remaining = Long.MAX_VALUE;
        } else {
            FileChannel channel = FileChannel.open(file.path(), StandardOpenOption.READ);
            channel.position(chunk.start());
            this.in = new CountingInputStream(Channels.newInputStream(channel), storedBytesRead);
            this.remaining = chunk.end() - chunk.start();
        }
    }

    /** The next line, or null at the end of the chunk. */
    public String next() throws IOException {
        int scan = pos;
        while (true) {
            for (int i = scan; i < limit; i++) {
                if (buf[i] == '\n') {
                    String line = new String(buf, pos, i - pos, StandardCharsets.UTF_8);
                    pos = i + 1;
                    lineNumber++;
                    return line;
                }
            }
            if (eof) {
                if (pos < limit) {
                    String line = new String(buf, pos, limit - pos, StandardCharsets.UTF_8);
                    pos = limit;
                    lineNumber++;
                    return line;
                }
                return null;
            }
            scan = limit - pos;
            fill();
        }
    }

    /** 1-based number, within the chunk, of the line last returned. */
    public long lineNumber() {
        return lineNumber;
    }

    /** Keeps the unfinished line at the start of the buffer and reads more after it. */
    private void fill() throws IOException {
        int kept = limit - pos;
        if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, kept);
        } else if (kept == buf.length) {
            buf = Arrays.copyOf(buf, buf.length * 2);
        }
        pos = 0;
        limit = kept;
        int want = (int) Math.min(buf.length - limit, remaining);
        int n = want == 0 ? -1 : in.read(buf, limit, want);
        if (n < 0) {
            eof = true;
        } else {
            limit += n;
            remaining -= n;
            if (remaining == 0) {
                eof = true;
            }
        }
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
