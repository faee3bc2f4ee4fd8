package dev.argoforensics.read;

import dev.argoforensics.envelope.EnvelopeDecoder;
import dev.argoforensics.source.ChunkLineReader;
import dev.argoforensics.source.ChunkPlanner;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.LineChunk;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * What the lines before a chunk leave in effect for it ({@link ChunkPlanner.Carry}): the prompt whose {@code kubectl logs … -c
 * wait} printed the lines that go on in the chunk, and a fenced block the chunk starts in (its {@code >>>} lines are no quotes). A file read whole gives those lines to the container the command named; a
 * chunk read on its own started without the prompt and took them for the controller's (a wait container's {@code Alloc=…} line
 * read as a controller run). The lines before the chunk go through the decoder a chunk's reading uses, so the prompt carried
 * is the one the file read whole has in effect there.
 */
final class CarriedPrompt {
    private CarriedPrompt() {
    }

    /**
     * The carry of a reading that cuts lines longer than {@code maxLineBytes}; for each file's plan, a carry that looks at each
     * byte of the file once ({@link Marks}) instead of once per window that holds it.
     */
    static ChunkPlanner.Carry of(int maxLineBytes) {
        return new ChunkPlanner.Carry() {
            @Override
            public String over(LineChunk before) throws IOException {
                return CarriedPrompt.over(before, maxLineBytes);
            }

            @Override
            public ChunkPlanner.Carry forFile(InputFile file) {
                Marks marks = new Marks();
                return before -> marks.mayHold(before) ? readLines(before, maxLineBytes) : null;
            }
        };
    }

    /**
     * What is in effect where {@code before} ends ({@link EnvelopeDecoder#carry()}: the prompt line, and whether a fenced block is
     * open), or null where its lines hold no {@code logs} command and no fence (nothing there can set either: the chunk is read as
     * it was, which is most of a controller log's chunks, read no further).
     */
    static String over(LineChunk before, int maxLineBytes) throws IOException {
        return mayHold(before) ? readLines(before, maxLineBytes) : null;
    }

    /** {@link #over} without the look at the window's bytes first: every line read. */
    static String readLines(LineChunk before, int maxLineBytes) throws IOException {
        List<String> lines = new ArrayList<>();
        boolean logs = false;
        try (ChunkLineReader reader = new ChunkLineReader(before, n -> { }, maxLineBytes)) {
            String line;
            while ((line = reader.next()) != null) {
                // A line cut for its length goes to no decoder (LineFrontEnd.walk): it sets no prompt.
                if (reader.cut() == null) {
                    lines.add(line);
                    logs |= line.contains("logs") || line.contains("```") || line.contains("~~~");
                }
            }
        }
        if (!logs) {
            return null;
        }
        EnvelopeDecoder d = before.start() == 0 ? new EnvelopeDecoder(maxLineBytes)
                : EnvelopeDecoder.continuing(PlannedFile.firstContentLine(before.file()), maxLineBytes);
        long n = 0;
        for (String line : lines) {
            d.decode(line, ++n);
            d.released();
        }
        // Whether a fenced block is open is known only from the file's first line on; from further in, only the prompt is carried.
        return before.start() == 0 ? d.carry() : d.promptInEffect();
    }

    /**
     * False where the window's bytes hold none of {@code logs}, {@code ```} and {@code ~~~}: then no line of it does (a line is
     * its bytes decoded as UTF-8, which maps ASCII bytes to themselves and never makes an ASCII character of other bytes, less
     * leading NULs and a final CR), and {@link #over} is null without a String per line. A planner asks for every chunk of a
     * file, and its windows overlap: with the index's 256 KiB chunks each byte of a 300 MB log was read four times as lines, on
     * the planning thread (1.7 s of CPU).
     */
    static boolean mayHold(LineChunk before) throws IOException {
        if (before.whole() || before.file().compressed()) {
            return true;
        }
        long length = before.end() - before.start();
        if (length <= 0) {
            return false;
        }
        if (length > ChunkPlanner.CARRY_WINDOW) {
            return true;
        }
        byte[] b = new byte[(int) length];
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(before.file().path(), java.nio.file.StandardOpenOption.READ)) {
            java.nio.ByteBuffer buf = java.nio.ByteBuffer.wrap(b);
            long at = before.start();
            while (buf.hasRemaining()) {
                int n = ch.read(buf, at);
                if (n < 0) {
                    break;
                }
                at += n;
            }
        }
        for (int i = 2; i < b.length; i++) {
            byte c = b[i];
            if (c == '`' && b[i - 1] == '`' && b[i - 2] == '`' || c == '~' && b[i - 1] == '~' && b[i - 2] == '~'
                    || c == 'g' && i + 1 < b.length && b[i + 1] == 's' && b[i - 1] == 'o' && b[i - 2] == 'l') {
                return true;
            }
        }
        return false;
    }
    /**
     * {@link #mayHold} for one file's windows asked in the file's order, each byte read and looked at once: the planner's windows
     * overlap (a MiB before each chunk, the index's chunks a quarter of that), and reading each window whole read every byte of
     * a 300 MB log four times on the planning thread, before any chunk was read (some 2 s of {@code index}'s wall). It remembers the span
     * of the file it has looked at and where in it {@code logs}, {@code ```} or {@code ~~~} stand; a window is answered from
     * those marks, reading only the bytes past what was looked at. A window that starts before the span or after its end
     * starts a new span, so any order gives {@link #mayHold}'s answers.
     */
    static final class Marks {
        /** The longest of the marks ({@code logs}): a mark ending past the span's end may start this much less one before it. */
        private static final int LONGEST = 4;
        /** Every mark that lies wholly in [{@link #from}, {@link #to}), by start and end (exclusive), in the file's order. */
        private long[] starts = new long[8];
        private long[] ends = new long[8];
        private int first;
        private int count;
        private long from = -1;
        private long to = -1;
        /** The file the span is of. */
        private InputFile file;

        boolean mayHold(LineChunk before) throws IOException {
            if (before.whole() || before.file().compressed()) {
                return true;
            }
            long start = before.start();
            long end = before.end();
            if (end - start <= 0) {
                return false;
            }
            if (end - start > ChunkPlanner.CARRY_WINDOW) {
                return true;
            }
            if (from < 0 || start < from || start > to || !before.file().equals(file)) {
                file = before.file();
                from = start;
                to = start;
                first = 0;
                count = 0;
            }
            if (end > to) {
                look(before.file(), Math.max(from, to - (LONGEST - 1)), end);
            }
            // Marks that end by this window's start lie in no later window: the span starts here from now on.
            while (first < count && ends[first] <= start) {
                first++;
            }
            from = start;
            for (int i = first; i < count && starts[i] < end; i++) {
                if (starts[i] >= start && ends[i] <= end) {
                    return true;
                }
            }
            return false;
        }

        /** Reads [{@code at}, {@code end}) and notes the marks that end past {@link #to} (the others are noted), then extends the span. */
        private void look(InputFile file, long at, long end) throws IOException {
            byte[] b = new byte[(int) (end - at)];
            try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file.path(), java.nio.file.StandardOpenOption.READ)) {
                java.nio.ByteBuffer buf = java.nio.ByteBuffer.wrap(b);
                long pos = at;
                while (buf.hasRemaining()) {
                    int n = ch.read(buf, pos);
                    if (n < 0) {
                        break;
                    }
                    pos += n;
                }
            }
            for (int i = 2; i < b.length; i++) {
                byte c = b[i];
                if (c == '`' && b[i - 1] == '`' && b[i - 2] == '`' || c == '~' && b[i - 1] == '~' && b[i - 2] == '~') {
                    note(at + i - 2, at + i + 1);
                } else if (c == 'g' && i + 1 < b.length && b[i + 1] == 's' && b[i - 1] == 'o' && b[i - 2] == 'l') {
                    note(at + i - 2, at + i + 2);
                }
            }
            to = end;
        }

        private void note(long start, long end) {
            if (end <= to) {
                return; // wholly in the span looked at before: noted then
            }
            if (count == starts.length) {
                int live = count - first;
                long[] s = new long[Math.max(8, 2 * live)];
                long[] e = new long[s.length];
                System.arraycopy(starts, first, s, 0, live);
                System.arraycopy(ends, first, e, 0, live);
                starts = s;
                ends = e;
                first = 0;
                count = live;
            }
            starts[count] = start;
            ends[count++] = end;
        }
    }
}
