package dev.argoforensics.event;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.lang.ref.Cleaner;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where one reading's deflated text blocks ({@link TextBlock}) are held once the first {@link #DEFAULT_KEEP_IN_HEAP} bytes of
 * them are kept in the heap: a temporary file, read back by position when a text is asked for. {@code --timelines all} on an
 * incident corpus keeps every line, and their deflated texts were ~170 MB of a live set that decides the heap's size
 * (docs/performance.md, session 29); a report reads them back once (the timelines, in order) and a block inflated is
 * inflated from the bytes read, not from the heap.
 *
 * <p>The file is made with the owner's permissions only ({@link Files#createTempFile}) in {@code java.io.tmpdir}, and
 * unlinked as soon as it is open where the system allows it (it then goes when the process ends, however it ends; where it
 * does not, when the process exits): nothing of the logs stays on disk after the run. The file is closed once no block refers
 * to the spill any more. If the file cannot be made or written, the blocks stay in the heap, as without a spill: a text is
 * never lost, only the memory not saved.
 *
 * <p>Thread-safe: blocks are packed on the reading threads and read on any, one at a time. Through a {@link RandomAccessFile},
 * not a {@code FileChannel}: a channel is closed for every thread when one thread is interrupted in it (or enters it with its
 * interrupt status set), and the reading's pool is shut down with {@code shutdownNow} while a chunk read of a file whose
 * rest was skipped may still be packing; every text spilled before was then lost.
 */
public final class TextSpill {
    /** Deflated bytes of a reading kept in the heap before blocks go to the file: small readings never touch the disk. */
    public static final long DEFAULT_KEEP_IN_HEAP = 8L << 20;

    private static final Cleaner CLEANER = Cleaner.create();

    private final long keepInHeap;
    private long inHeap;
    private long size;
    private boolean failed;
    /** The file, made when the first block goes there; closed by {@link #CLEANER}. */
    private Open open;

    /** The open file, apart from the spill so that the cleaner's action does not hold the spill itself. */
    private record Open(RandomAccessFile file) implements Runnable {
        @Override
        public void run() {
            try {
                file.close();
            } catch (IOException e) {
                // closing an unlinked temporary file: nothing left to do
            }
        }
    }

    private TextSpill(long keepInHeap) {
        this.keepInHeap = keepInHeap;
    }

    /** A spill to a temporary file, the first {@link #DEFAULT_KEEP_IN_HEAP} bytes kept in the heap. */
    public static TextSpill temporary() {
        return new TextSpill(DEFAULT_KEEP_IN_HEAP);
    }

    /** A spill keeping the first {@code keepInHeap} bytes in the heap (tests: 0, every block to the file). */
    public static TextSpill keepingInHeap(long keepInHeap) {
        return new TextSpill(Math.max(0, keepInHeap));
    }

    /**
     * Writes {@code length} bytes of {@code data} to the file, or keeps them out of it.
     *
     * @return where they start in the file; -1 if they are to stay in the heap (the heap's share not used up yet, or the
     *         file could not be made or written)
     */
    synchronized long put(byte[] data, int length) {
        if (failed || open == null && inHeap + length <= keepInHeap) { // the first blocks, until one does not fit: then all to the file
            inHeap += length;
            return -1;
        }
        try {
            if (open == null) {
                open = create();
                CLEANER.register(this, open);
            }
            long at = size;
            open.file().seek(at);
            open.file().write(data, 0, length);
            size += length;
            return at;
        } catch (IOException | RuntimeException e) {
            failed = true; // this block and the rest stay in the heap
            inHeap += length;
            return -1;
        }
    }

    /** Reads {@code length} bytes written at {@code at} into {@code into}. */
    synchronized void read(long at, byte[] into, int length) {
        try {
            if (at + length > size) {
                throw new IOException("the text spill ends at " + size + ", before " + (at + length));
            }
            open.file().seek(at);
            open.file().readFully(into, 0, length);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the texts spilled to a temporary file", e);
        }
    }

    /** Bytes written to the file so far. */
    public synchronized long spilled() {
        return size;
    }

    private static Open create() throws IOException {
        Path path = Files.createTempFile("argo-forensics-texts-", ".tmp");
        RandomAccessFile file;
        try {
            file = new RandomAccessFile(path.toFile(), "rw");
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(path);
            throw e;
        }
        try {
            Files.deleteIfExists(path); // POSIX: gone from the folder now, readable through the open file until it closes
        } catch (IOException e) {
            path.toFile().deleteOnExit(); // Windows: an open file cannot be removed
        }
        return new Open(file);
    }
}
