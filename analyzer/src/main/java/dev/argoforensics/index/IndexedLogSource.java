package dev.argoforensics.index;

import dev.argoforensics.analysis.LogLines;
import dev.argoforensics.analysis.LogSource;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.source.SourceStream;
import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@link LogSource} of an indexed analysis: an unchanged log file's lines come back from the
 * index, any other file is read here, whole ({@link LogLines#read}, through {@code reader}), so that
 * the index can keep its lines. A file is unchanged when the index recorded the same path, kind and
 * size and either the same modification time or (the time differs) the same SHA-256. It remembers
 * what it gave for each file, for bringing the index up to date afterwards.
 */
final class IndexedLogSource implements LogSource {
    private final StoredIndex index;
    private final Map<String, IndexedInput> known;
    private final FileReader reader;
    private final Map<String, Served> served = new ConcurrentHashMap<>();

    /** Reads a whole log file: {@link LogLines#read}, or a test's counting stand-in. */
    @FunctionalInterface
    interface FileReader {
        LogLines read(InputFile file) throws IOException;
    }

    /**
     * What was given for one file.
     *
     * @param fromIndex the lines came from the index; false when the file was read
     */
    record Served(InputFile file, InputStat stat, LogLines lines, boolean fromIndex) {
    }

    /**
     * @param index  the index as it was before this analysis
     * @param known  what the index recorded per input, if it may be reused (else empty)
     */
    IndexedLogSource(StoredIndex index, Map<String, IndexedInput> known, FileReader reader) {
        this.index = index;
        this.known = Map.copyOf(known);
        this.reader = reader;
    }

    @Override
    public Optional<LogLines> earlierRead(InputFile file) throws IOException {
        InputStat stat = InputStat.of(file);
        IndexedInput recorded = known.get(stat.key());
        LogLines lines = null;
        if (recorded != null && recorded.kind() == InputKind.LOG && recorded.compressed() == file.compressed() && recorded.size() == stat.size()
                && (stat.sameAs(recorded) || recorded.sha256().equals(sha256(file)))) {
            try {
                lines = index.lines(recorded);
            } catch (IOException e) {
                lines = null;
            }
        }
        boolean fromIndex = lines != null;
        if (!fromIndex) {
            lines = reader.read(file);
        }
        served.put(stat.key(), new Served(file, stat, lines, fromIndex));
        return Optional.of(lines);
    }

    /** The lines given so far, again, without the index or the files (for a second pass over the same inputs). */
    LogSource again() {
        return file -> served(InputStat.key(file)).map(Served::lines);
    }

    /** What was given for the file with this key; empty if the analysis did not ask or it could not be read. */
    Optional<Served> served(String key) {
        return Optional.ofNullable(served.get(key));
    }

    private static String sha256(InputFile file) throws IOException {
        try (SourceStream in = SourceStream.open(file, false)) {
            return in.sha256();
        }
    }
}
