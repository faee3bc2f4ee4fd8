package dev.argoforensics.source;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Splits a large plain file into chunks that end right after a line break, so that workers can read
 * them at the same time. A boundary never falls inside one logical line: after a CRI partial piece
 * ({@code … stdout P …}) or a Docker json-file piece without its trailing {@code \n}, the boundary
 * moves on past the next line; so it does after a line whose meaning the next line decides (a console's time on a line of its
 * own above the record it stamps, which the reader tells by the line under it). gzip'd files are one chunk (a gzip stream cannot
 * be entered midway).
 */
public final class ChunkPlanner {
    /** Files up to this size are read whole by one worker. */
    public static final long CHUNK_BYTES = 16L * 1024 * 1024;
    private static final int PEEK = 64 * 1024;

    private final long chunkBytes;
    private final Predicate<InputFile> keepWhole;

    public ChunkPlanner() {
        this(CHUNK_BYTES);
    }

    /** With a chosen chunk size (tests use small ones to exercise boundaries). */
    public ChunkPlanner(long chunkBytes) {
        this(chunkBytes, f -> false);
    }

    /**
     * @param keepWhole a file no larger than {@link #CHUNK_BYTES} that this accepts is one chunk whatever the chunk size (a
     *                  terminal copy whose lines must be read together, which the reader recognises), so that a smaller
     *                  chunk size reads it as the default one does
     */
    public ChunkPlanner(long chunkBytes, Predicate<InputFile> keepWhole) {
        this(chunkBytes, keepWhole, f -> false);
    }

    /**
     * @param keepWholeAnySize a file this accepts is one chunk whatever its size: a document whose entries span lines
     *                         ({@link LogEntryDocument}), which a boundary between lines would cut inside an entry
     */
    public ChunkPlanner(long chunkBytes, Predicate<InputFile> keepWhole, Predicate<InputFile> keepWholeAnySize) {
        this(chunkBytes, keepWhole, keepWholeAnySize, line -> false);
    }

    /**
     * @param heldForNext a line the reader holds until the next one shows what it was (a time alone above its record): a boundary
     *                    never falls right after one, or the chunk before would give it back as a line of its own and the record
     *                    at the head of the next would lose its time
     */
    public ChunkPlanner(long chunkBytes, Predicate<InputFile> keepWhole, Predicate<InputFile> keepWholeAnySize, Predicate<String> heldForNext) {
        this(chunkBytes, keepWhole, keepWholeAnySize, heldForNext, window -> null);
    }

    /**
     * @param carry what the lines just before a chunk leave in effect for it ({@link LineChunk#carried()}), read from up to
     *              {@link #CARRY_WINDOW} bytes of whole lines before the chunk
     */
    public ChunkPlanner(long chunkBytes, Predicate<InputFile> keepWhole, Predicate<InputFile> keepWholeAnySize, Predicate<String> heldForNext,
                        Carry carry) {
        this.chunkBytes = chunkBytes;
        this.keepWhole = keepWhole;
        this.keepWholeAnySize = keepWholeAnySize;
        this.heldForNext = heldForNext;
        this.carry = carry;
    }

    /**
     * What a pasted excerpt's lines leave in effect for the lines after them: a chunk read on its own starts with it, as the file's
     * reader would have it there. The planner gives the lines before a chunk; the reader says what they leave.
     */
    @FunctionalInterface
    public interface Carry {
        /** @param before whole lines that end where the chunk starts; the result as {@link LineChunk#carried()} */
        String over(LineChunk before) throws IOException;

        /**
         * The carry for one plan of {@code file}, which the planner asks for its windows in the file's order (each starts and ends
         * no earlier than the one before): it may remember what it saw of the file's bytes, so that overlapping windows are not
         * looked at again. By default this carry itself.
         */
        default Carry forFile(InputFile file) {
            return this;
        }
    }

    /**
     * How far back before a chunk the planner looks for what carries into it: a prompt further back than this (a command whose
     * output runs on for more than a MiB) is not carried, and the chunk is read as before.
     */
    public static final long CARRY_WINDOW = 1024 * 1024;

    private final Carry carry;

    private final Predicate<InputFile> keepWholeAnySize;
    private final Predicate<String> heldForNext;

    public List<LineChunk> plan(InputFile file) throws IOException {
        long size = java.nio.file.Files.size(file.path());
        if (file.compressed() || size <= chunkBytes || size <= CHUNK_BYTES && keepWhole.test(file) || keepWholeAnySize.test(file)) {
            return List.of(new LineChunk(file, 0, 0, -1));
        }
        List<LineChunk> chunks = new ArrayList<>();
        Carry carry = this.carry.forFile(file);
        try (RandomAccessFile raf = new RandomAccessFile(file.path().toFile(), "r")) {
            long start = 0;
            while (start < size) {
                long end = start + chunkBytes >= size ? size : safeBoundary(raf, start + chunkBytes, size);
                String carried = null;
                if (start > 0) {
                    long from = start <= CARRY_WINDOW ? 0 : nextLineStart(raf, start - CARRY_WINDOW, size);
                    carried = carry.over(new LineChunk(file, chunks.size(), from, start));
                }
                chunks.add(new LineChunk(file, chunks.size(), start, end, carried));
                start = end;
            }
        }
        return List.copyOf(chunks);
    }

    /** The first position at or after {@code from} that starts a logical line. */
    private long safeBoundary(RandomAccessFile raf, long from, long size) throws IOException {
        long boundary = nextLineStart(raf, from, size);
        // Move past lines that continue on the next one (at most a few: CRI splits at 16 KiB) or that the next one decides.
        for (int guard = 0; guard < 1024 && boundary < size; guard++) {
            String previous = lineBefore(raf, boundary);
            if (!continues(previous) && !heldForNext.test(previous)) {
                return boundary;
            }
            boundary = nextLineStart(raf, boundary, size);
        }
        return boundary;
    }

    private static long nextLineStart(RandomAccessFile raf, long from, long size) throws IOException {
        byte[] buf = new byte[PEEK];
        long pos = from;
        while (pos < size) {
            raf.seek(pos);
            int n = raf.read(buf, 0, (int) Math.min(buf.length, size - pos));
            for (int i = 0; i < n; i++) {
                if (buf[i] == '\n') {
                    return pos + i + 1;
                }
            }
            pos += n;
        }
        return size;
    }

    /** The line that ends just before {@code boundary} (up to PEEK bytes of it). */
    private static String lineBefore(RandomAccessFile raf, long boundary) throws IOException {
        long from = Math.max(0, boundary - PEEK);
        byte[] buf = new byte[(int) (boundary - from)];
        raf.seek(from);
        raf.readFully(buf);
        int end = buf.length - 1; // the '\n'
        int start = end - 1;
        while (start >= 0 && buf[start] != '\n') {
            start--;
        }
        return new String(buf, start + 1, Math.max(0, end - start - 1), StandardCharsets.UTF_8);
    }

    /** A CRI partial piece, or a Docker json-file piece whose log does not end with a newline. */
    static boolean continues(String line) {
        int space = line.indexOf(' ');
        if (space > 0 && (line.startsWith("stdout P ", space + 1) || line.startsWith("stderr P ", space + 1))) {
            return true;
        }
        return line.startsWith("{\"log\":\"") && !line.contains("\\n\",\"stream\"");
    }
}
