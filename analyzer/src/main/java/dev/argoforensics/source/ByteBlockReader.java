package dev.argoforensics.source;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.function.LongConsumer;
import java.util.zip.GZIPInputStream;

/**
 * Reads a chunk as blocks of whole lines (each block ends with a '\n', except at the end of the
 * chunk), for scans that search the raw bytes instead of looking at every line. A line longer than
 * the block size makes its block grow to hold it.
 */
public final class ByteBlockReader implements Closeable {
    private final InputStream in;
    private long remaining;
    private byte[] buf;
    /** The other buffer: blocks alternate between the two, so a block stays valid until the next call. */
    private byte[] spare;
    private int carried;
    private boolean eof;

    /** @param storedBytesRead hears how many stored bytes were read (compressed ones for a gzip file) */
    public ByteBlockReader(LineChunk chunk, int blockBytes, LongConsumer storedBytesRead) throws IOException {
        InputFile file = chunk.file();
        if (chunk.whole()) {
            InputStream raw = new CountingInputStream(Files.newInputStream(file.path()), storedBytesRead);
            this.in = file.compressed() ? new GZIPInputStream(raw, 1 << 16) : raw;
            this.remaining = Long.MAX_VALUE;
        } else {
            FileChannel channel = FileChannel.open(file.path(), StandardOpenOption.READ);
            channel.position(chunk.start());
            this.in = new CountingInputStream(Channels.newInputStream(channel), storedBytesRead);
            this.remaining = chunk.end() - chunk.start();
        }
        this.buf = new byte[blockBytes];
        this.spare = new byte[blockBytes];
    }

    /** One block: {@code bytes[0, length)} holds whole lines. */
    public record Block(byte[] bytes, int length) {
    }

    /** The next block, or null at the end of the chunk; its bytes are valid until the next call. */
    public Block next() throws IOException {
        int limit = carried;
        while (!eof && limit < buf.length) {
            int want = (int) Math.min(buf.length - limit, remaining);
            int n = want == 0 ? -1 : in.read(buf, limit, want);
            if (n < 0) {
                eof = true;
            } else {
                limit += n;
                remaining -= n;
                eof = remaining == 0;
            }
        }
        if (limit == 0) {
            return null;
        }
        if (eof) {
            carried = 0;
            return new Block(swap(), limit);
        }
        int end = limit - 1;
        while (end >= 0 && buf[end] != '\n') {
            end--;
        }
        if (end < 0) {
            // One line longer than the block: grow and read on.
            buf = Arrays.copyOf(buf, buf.length * 2);
            carried = limit;
            return next();
        }
        carried = limit - (end + 1);
        byte[] out = swap();
        System.arraycopy(out, end + 1, buf, 0, carried);
        return new Block(out, end + 1);
    }

    /** Makes the spare buffer the one to fill next; returns the one just filled. */
    private byte[] swap() {
        byte[] out = buf;
        buf = spare.length >= out.length ? spare : new byte[out.length];
        spare = out;
        return out;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
