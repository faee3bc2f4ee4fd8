package dev.argoforensics.index;

import dev.argoforensics.accounting.FileScan;
import dev.argoforensics.accounting.LogLines;
import dev.argoforensics.accounting.LogSource;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.source.SourceStream;
import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@link LogSource} of an indexed analysis. The index keeps no lines: every log file is read by
 * the analysis as without an index (its fast path: anchors in pass 1, only the lines of interest
 * parsed). What the index gives is whether the file is the one its documents were made from: the
 * same path, kind and size and either the same modification time or (the time differs) the same
 * SHA-256; for such a file the analysis takes the SHA-256 the index recorded instead of hashing the
 * file again. It remembers what it found for each file, for bringing the index up to date afterwards.
 */
final class IndexedLogSource implements LogSource {
    private final Map<String, IndexedInput> known;
    private final Map<String, Served> served = new ConcurrentHashMap<>();
    private final Map<String, FileScan> scans = new ConcurrentHashMap<>();
    /** Readings kept on the index's input documents, read when asked for (null: an index in memory, or none). */
    private final Readings stored;
    /** The readings this run made or took from the index, by input key: what the input documents keep. */
    private final Map<String, Reading> readings = new ConcurrentHashMap<>();

    /** What pass 2 made of a file, under the interest it was read with ({@code replayed}: taken from the index, not read). */
    record Reading(String interestKey, byte[] bytes, boolean replayed) {
    }

    /** The index's kept readings, by input key. */
    @FunctionalInterface
    interface Readings {
        Optional<byte[]> of(String key) throws IOException;
    }

    /**
     * What was found for one file.
     *
     * @param unchanged the index's documents of the file were made from this content
     * @param sha256    the recorded SHA-256 when unchanged, else null
     */
    record Served(InputFile file, InputStat stat, boolean unchanged, String sha256) {
    }

    /**
     * @param known what the index recorded per input, if it may be reused (else empty)
     */
    IndexedLogSource(Map<String, IndexedInput> known, Readings stored) {
        this.known = Map.copyOf(known);
        this.stored = stored;
    }

    @Override
    public boolean keepsReadings() {
        return true;
    }

    /** The reading kept for the unchanged file, when it was made with this interest. */
    @Override
    public Optional<byte[]> knownReading(InputFile file, String interestKey) {
        String key = InputStat.key(file);
        IndexedInput recorded = known.get(key);
        boolean unchanged = served(key).map(Served::unchanged).orElse(false);
        if (!unchanged || stored == null || !interestKey.equals(recorded.reading())) {
            return Optional.empty();
        }
        try {
            Optional<byte[]> bytes = stored.of(key);
            bytes.ifPresent(b -> readings.put(key, new Reading(interestKey, b, true)));
            return bytes;
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    @Override
    public void read(InputFile file, String interestKey, byte[] reading) {
        readings.put(InputStat.key(file), new Reading(interestKey, reading, false));
    }

    /**
     * The reading the input document of this file keeps: the one this run made or replayed; else, for
     * an unchanged file, the one kept before (an analysis that ended before pass 2 made none); else none.
     */
    Optional<Reading> reading(String key) throws IOException {
        Reading r = readings.get(key);
        if (r != null) {
            return Optional.of(r);
        }
        IndexedInput recorded = known.get(key);
        boolean unchanged = served(key).map(Served::unchanged).orElse(false);
        if (!unchanged || stored == null || recorded.reading() == null) {
            return Optional.empty();
        }
        return stored.of(key).map(b -> new Reading(recorded.reading(), b, false));
    }

    @Override
    public Optional<LogLines> earlierRead(InputFile file) throws IOException {
        InputStat stat = InputStat.of(file);
        IndexedInput recorded = known.get(stat.key());
        boolean unchanged = recorded != null && recorded.kind() == InputKind.LOG && recorded.compressed() == file.compressed()
                && recorded.size() == stat.size() && (stat.sameAs(recorded) || recorded.sha256().equals(sha256(file)));
        served.put(stat.key(), new Served(file, stat, unchanged, unchanged ? recorded.sha256() : null));
        return Optional.empty();
    }

    @Override
    public Optional<String> knownSha256(InputFile file) {
        return served(InputStat.key(file)).map(Served::sha256);
    }

    /** The first pass's result of an unchanged file, as recorded when its documents were made. */
    @Override
    public Optional<FileScan> knownScan(InputFile file) {
        String key = InputStat.key(file);
        IndexedInput recorded = known.get(key);
        boolean unchanged = served(key).map(Served::unchanged).orElse(false);
        return unchanged && recorded.scan() != null ? Optional.of(FileScan.decode(recorded.scan())) : Optional.empty();
    }

    @Override
    public void scanned(InputFile file, FileScan scan) {
        scans.put(InputStat.key(file), scan);
    }

    /**
     * The first pass's result of the file with this key, encoded: as scanned in this run, or (an
     * unchanged file not scanned again) as recorded; null if neither.
     */
    String scan(String key) {
        FileScan s = scans.get(key);
        if (s != null) {
            return s.encode();
        }
        IndexedInput recorded = known.get(key);
        boolean unchanged = served(key).map(Served::unchanged).orElse(false);
        return unchanged && recorded != null ? recorded.scan() : null;
    }

    /** Log files whose reading came from the index and was not made again (the analysis took it: a reading it could not use is made again). */
    int replayed() {
        return (int) readings.values().stream().filter(Reading::replayed).count();
    }

    /** What was found for the file with this key; empty if the analysis did not ask or it could not be read. */
    Optional<Served> served(String key) {
        return Optional.ofNullable(served.get(key));
    }

    private static String sha256(InputFile file) throws IOException {
        try (SourceStream in = SourceStream.open(file, false)) {
            return in.sha256();
        }
    }
}
