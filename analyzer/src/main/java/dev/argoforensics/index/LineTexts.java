package dev.argoforensics.index;

import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.source.SourceStream;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.NavigableSet;

/**
 * The texts an index does not store: a log line that is its record as it stands is read back from
 * its file, by line number, in one pass over the file for all the lines a search shows. Only from the
 * file the documents were made from: if it changed since (size or modification time), or cannot be
 * read, the text says so instead.
 */
final class LineTexts {
    private LineTexts() {
    }

    /** What a hit shows when its file changed or is gone. */
    static String unavailable(String why) {
        return "(the line is no longer in its file: " + why + "; run index again)";
    }

    /**
     * @param input the input the lines belong to
     * @param lines line numbers (1-based)
     * @return the text of each line found
     */
    static Map<Long, String> read(IndexedInput input, NavigableSet<Long> lines) {
        try (Cursor c = new Cursor(input)) {
            return c.read(lines);
        }
    }

    /**
     * Reads one input's lines forward, for several sets of lines in turn: a set that starts after
     * the lines read so far continues from there, one that starts before reads the file again from
     * its start.
     */
    static final class Cursor implements AutoCloseable {
        private final InputFile file;
        /** Why the file's lines cannot be shown, or null. */
        private String unavailable;
        private InputStream in;
        /** The number of the line the stream is at the start of. */
        private long number;

        Cursor(IndexedInput input) {
            this.file = new InputFile(input.displayPath(), Path.of(input.key()), InputKind.LOG, input.compressed(), "indexed log file");
            try {
                InputStat stat = InputStat.of(file);
                if (stat.size() != input.size() || !stat.sameAs(input)) {
                    unavailable = "it changed since it was indexed";
                }
            } catch (IOException e) {
                unavailable = "it cannot be read";
            }
        }

        /** @param lines line numbers (1-based); the text of each line found, or why not */
        Map<Long, String> read(NavigableSet<Long> lines) {
            Map<Long, String> out = new HashMap<>();
            if (lines.isEmpty()) {
                return out;
            }
            if (unavailable != null) {
                lines.forEach(l -> out.put(l, unavailable(unavailable)));
                return out;
            }
            try {
                if (in == null || lines.first() < number) {
                    close();
                    in = new BufferedInputStream(SourceStream.open(file, false), 1 << 16);
                    number = 1;
                }
                forward(lines, out);
            } catch (IOException e) {
                // What was read stands; the rest says why not.
                close();
            }
            lines.forEach(l -> out.putIfAbsent(l, unavailable("it cannot be read")));
            return out;
        }

        private void forward(NavigableSet<Long> lines, Map<Long, String> out) throws IOException {
            ByteArrayOutputStream line = new ByteArrayOutputStream(256);
            long last = lines.last();
            boolean keep = lines.contains(number);
            int b;
            while (number <= last && (b = in.read()) >= 0) {
                if (b == '\n') {
                    if (keep) {
                        out.put(number, text(line));
                    }
                    line.reset();
                    number++;
                    keep = number <= last && lines.contains(number);
                } else if (keep) {
                    line.write(b);
                }
            }
            if (number <= last && keep && line.size() > 0) {
                out.put(number, text(line));
                number++;
            }
        }

        @Override
        public void close() {
            if (in != null) {
                try {
                    in.close();
                } catch (IOException e) {
                    // Nothing was written.
                }
                in = null;
            }
        }
    }

    /** The line without the '\r' of a CRLF ending, as the reader takes it. */
    private static String text(ByteArrayOutputStream line) {
        String s = line.toString(StandardCharsets.UTF_8);
        return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
    }
}
