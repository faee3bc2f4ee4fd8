package dev.argoforensics.accounting;

import dev.argoforensics.source.InputFile;
import java.io.IOException;
import java.util.Optional;

/**
 * The one seam between an analysis and the log files: for each log file, the reader ({@code dev.argoforensics.read.LogReader}) first asks
 * its source for an earlier read of it, and opens the file only when there is none. The search
 * index ({@code dev.argoforensics.index}) answers with the lines it keeps of files it holds
 * unchanged; tests count the files that are really read.
 *
 * <p>Contract: {@link #earlierRead} is called once per log file, from the thread that runs the
 * analysis, before the file is read; what it gives must be what {@code dev.argoforensics.read.WholeFile.lines} gives for the
 * file's current content. The analysis then runs both passes on those lines instead of the file's
 * chunks, so the result is the same.
 */
@FunctionalInterface
public interface LogSource {

    /**
     * @return every line of the file as an earlier read gave it, or empty to read the file
     * @throws IOException if the source cannot tell; the analysis lists the file as unreadable
     */
    Optional<LogLines> earlierRead(InputFile file) throws IOException;

    /**
     * The SHA-256 of the file's current content, when the source already knows it (the index, for a
     * file it holds unchanged): the analysis then does not hash the file itself. Called after
     * {@link #earlierRead} for the same file.
     */
    default Optional<String> knownSha256(InputFile file) {
        return Optional.empty();
    }

    /**
     * What the first pass learnt from the file at an earlier read, when its content is unchanged (the
     * index): the analysis then does not scan it again. Called after {@link #knownSha256}.
     */
    default Optional<FileScan> knownScan(InputFile file) {
        return Optional.empty();
    }

    /** Hears what the first pass learnt from a file it scanned (the index keeps it for the next run). */
    default void scanned(InputFile file, FileScan scan) {
    }

    /**
     * What pass 2 made of the file at an earlier run with the same interest ({@code interestKey}), when
     * its content is unchanged (the index): the bytes of {@code dev.argoforensics.read.FileReading#encode()}.
     * The analysis then does not read the file again but stitches that reading in (a reading is a pure
     * function of the file and the interest); bytes it cannot decode, or of another file, are read over.
     * Asked only of a source that {@link #keepsReadings() keeps readings}.
     */
    default Optional<byte[]> knownReading(InputFile file, String interestKey) {
        return Optional.empty();
    }

    /** True if the source keeps what pass 2 made of each file ({@link #read}): the analysis then encodes each reading it makes. */
    default boolean keepsReadings() {
        return false;
    }

    /** Hears what pass 2 made of a file it read, under the interest it was read with (the index keeps it for the next run). */
    default void read(InputFile file, String interestKey, byte[] reading) {
    }

    /** No earlier reads: every log file is read (the default). */
    static LogSource files() {
        return file -> Optional.empty();
    }
}
