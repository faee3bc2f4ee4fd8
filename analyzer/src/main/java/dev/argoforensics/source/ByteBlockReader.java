package dev.argoforensics.source;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.function.LongConsumer;

/**
 * Reads a chunk as blocks of whole lines (each block ends with a '\n', except at the end of the
 * chunk), for scans that search the raw bytes instead of looking at every line. A line longer than
 * the block size makes its block grow to hold it, up to {@link ChunkLineReader#MAX_LINE_BYTES}: a
 * longer line is left out (the line reader reports it as cut), and so is a run of NUL bytes before
 * a line. A damaged gzip stream ends the blocks after the last whole line before the damage.
 */
public final class ByteBlockReader implements Closeable {
    private final InputStream in;
    private long remaining;
    private byte[] buf;
    /** The other buffer: blocks alternate between the two, so a block stays valid until the next call. */
    private byte[] spare;
    private int carried;
    private boolean eof;
    private final boolean compressed;
    private final int maxLineBytes;
    private final Buffers reuse;
    private final int blockBytes;
    /** Set while the rest of a line longer than {@link #maxLineBytes} is dropped. */
    private boolean skipping;
    private boolean damaged;

    /** @param storedBytesRead hears how many stored bytes were read (compressed ones for a gzip file) */
    public ByteBlockReader(LineChunk chunk, int blockBytes, LongConsumer storedBytesRead) throws IOException {
        this(chunk, blockBytes, storedBytesRead, ChunkLineReader.MAX_LINE_BYTES);
    }

    /** @param maxLineBytes lines longer than this are left out */
    public ByteBlockReader(LineChunk chunk, int blockBytes, LongConsumer storedBytesRead, int maxLineBytes) throws IOException {
        this(chunk, blockBytes, storedBytesRead, maxLineBytes, null);
    }

    /**
     * @param reuse block buffers of earlier readers, taken if they are of {@code blockBytes} and given back at
     *              {@link #close()} (null: fresh ones)
     */
    public ByteBlockReader(LineChunk chunk, int blockBytes, LongConsumer storedBytesRead, int maxLineBytes, Buffers reuse) throws IOException {
        this.compressed = chunk.file().compressed();
        this.reuse = reuse;
        this.maxLineBytes = Math.max(1, maxLineBytes);
        ChunkBytes bytes = ChunkBytes.open(chunk, storedBytesRead);
        this.in = bytes.in();
        this.remaining = bytes.remaining();
        this.damaged = bytes.damage() != null;
        this.blockBytes = blockBytes;
        this.buf = reuse == null ? new byte[blockBytes] : reuse.take(blockBytes);
        this.spare = reuse == null ? new byte[blockBytes] : reuse.take(blockBytes);
    }

    /**
     * Block buffers kept from one reader to the next: pass 1 reads each chunk in blocks of a few MiB, and two
     * fresh buffers per chunk were a sixteenth of all the bytes an incident corpus's reading allocated (a 4 MiB
     * block for a file of a few KiB, too). Only buffers of the size asked for are handed out, so the blocks, and
     * the lines each one samples, are those a fresh reader gives. Shared by a reading's threads; {@link #clear()}
     * once the pass is over lets the collector have them.
     */
    public static final class Buffers {
        private final byte[][] held;
        private int count;

        /** @param capacity how many buffers are kept at most (two per reading thread) */
        public Buffers(int capacity) {
            held = new byte[Math.max(0, capacity)][];
        }

        synchronized byte[] take(int size) {
            for (int i = count - 1; i >= 0; i--) {
                byte[] b = held[i];
                if (b.length == size) {
                    held[i] = held[--count];
                    held[count] = null;
                    return b;
                }
            }
            return new byte[size];
        }

        synchronized void give(byte[] b, int size) {
            // one grown for a long line is left to the collector, as are those beyond the capacity
            if (b != null && b.length == size && count < held.length) {
                held[count++] = b;
            }
        }

        /** Drops the buffers held. */
        public synchronized void clear() {
            java.util.Arrays.fill(held, null);
            count = 0;
        }
    }

    /** One block: {@code bytes[0, length)} holds whole lines. */
    public record Block(byte[] bytes, int length) {
    }

    /** The next block, or null at the end of the chunk; its bytes are valid until the next call. */
    public Block next() throws IOException {
        int limit = carried;
        while (true) {
            while (!eof && limit < buf.length) {
                int want = (int) Math.min(buf.length - limit, remaining);
                int n = want == 0 ? -1 : read(limit, want);
                if (n < 0) {
                    eof = true;
                } else {
                    limit += n;
                    remaining -= n;
                    eof = remaining == 0;
                }
                if (skipping) {
                    limit = dropToLineEnd(limit);
                }
            }
            if (limit == 0) {
                carried = 0;
                return null;
            }
            if (eof) {
                carried = 0;
                // After damage, the line it cut is left to the line reader, which reports it.
                int end = damaged ? lastNewline(limit) + 1 : limit;
                return end == 0 ? null : new Block(swap(), end);
            }
            int end = lastNewline(limit);
            if (end >= 0) {
                carried = limit - (end + 1);
                byte[] out = swap();
                System.arraycopy(out, end + 1, buf, 0, carried);
                return new Block(out, end + 1);
            }
            // One line fills the whole buffer.
            if (buf[0] == 0) {
                int nuls = 0;
                while (nuls < limit && buf[nuls] == 0) {
                    nuls++;
                }
                System.arraycopy(buf, nuls, buf, 0, limit - nuls);
                limit -= nuls;
            } else if (buf.length > maxLineBytes) {
                skipping = true;
                limit = 0;
            } else {
                buf = Arrays.copyOf(buf, (int) Math.min((long) buf.length * 2, (long) maxLineBytes + 1));
            }
        }
    }

    private int read(int offset, int length) throws IOException {
        try {
            return in.read(buf, offset, length);
        } catch (IOException e) {
            if (!compressed) {
                throw e;
            }
            damaged = true;
            return -1;
        }
    }

    /** Drops the bytes of {@code buf[0, limit)} up to and including the first '\n', if there is one; returns the new limit. */
    private int dropToLineEnd(int limit) {
        for (int i = 0; i < limit; i++) {
            if (buf[i] == '\n') {
                skipping = false;
                System.arraycopy(buf, i + 1, buf, 0, limit - i - 1);
                return limit - i - 1;
            }
        }
        return 0;
    }

    private int lastNewline(int limit) {
        int end = limit - 1;
        while (end >= 0 && buf[end] != '\n') {
            end--;
        }
        return end;
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
        if (reuse != null) {
            reuse.give(buf, blockBytes);
            reuse.give(spare, blockBytes);
            buf = null;
            spare = null;
        }
        in.close();
    }
}
