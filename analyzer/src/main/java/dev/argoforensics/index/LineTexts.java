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
import java.util.TreeSet;

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
        Map<Long, String> out = new HashMap<>();
        if (lines.isEmpty()) {
            return out;
        }
        InputFile file = new InputFile(input.displayPath(), Path.of(input.key()), InputKind.LOG, input.compressed(), "indexed log file");
        InputStat stat;
        try {
            stat = InputStat.of(file);
        } catch (IOException e) {
            lines.forEach(l -> out.put(l, unavailable("it cannot be read")));
            return out;
        }
        if (stat.size() != input.size() || !stat.sameAs(input)) {
            lines.forEach(l -> out.put(l, unavailable("it changed since it was indexed")));
            return out;
        }
        try (InputStream in = new BufferedInputStream(SourceStream.open(file, false), 1 << 16)) {
            ByteArrayOutputStream line = new ByteArrayOutputStream(256);
            long number = 1;
            long last = lines.last();
            NavigableSet<Long> wanted = new TreeSet<>(lines);
            boolean keep = wanted.contains(number);
            int b;
            while (number <= last && (b = in.read()) >= 0) {
                if (b == '\n') {
                    if (keep) {
                        out.put(number, text(line));
                    }
                    line.reset();
                    number++;
                    keep = wanted.contains(number);
                } else if (keep) {
                    line.write(b);
                }
            }
            if (number <= last && keep && line.size() > 0) {
                out.put(number, text(line));
            }
        } catch (IOException e) {
            // What was read stands; the rest says why not.
        }
        lines.forEach(l -> out.putIfAbsent(l, unavailable("it cannot be read")));
        return out;
    }

    /** The line without the '\r' of a CRLF ending, as the reader takes it. */
    private static String text(ByteArrayOutputStream line) {
        String s = line.toString(StandardCharsets.UTF_8);
        return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
    }
}
