package dev.argoforensics.index;

/**
 * What bringing an index up to date did.
 *
 * @param logFilesRead   log files read (new or changed)
 * @param logFilesReused log files whose records came from the index
 * @param inputsWritten  inputs whose event documents were written
 * @param eventsWritten  event documents written (log events and observations)
 * @param inputsDropped  inputs the index held that were not named again
 * @param rebuilt        the index had been built by another version, catalog or {@code --log-tz}, and was built again
 * @param readingsReplayed log files the analysis did not read at all: the index kept what pass 2 made of them with the
 *                       same interest, and the analysis stitched that in
 */
public record IndexChanges(int logFilesRead, int logFilesReused, int inputsWritten, long eventsWritten, int inputsDropped,
                           boolean rebuilt, int readingsReplayed) {
}
