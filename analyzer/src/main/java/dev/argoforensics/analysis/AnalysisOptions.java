package dev.argoforensics.analysis;

import dev.argoforensics.read.Progress;
import dev.argoforensics.source.ChunkLineReader;
import dev.argoforensics.source.ChunkPlanner;
import java.io.InputStream;
import java.time.ZoneId;
import java.util.List;

/**
 * How to run an analysis.
 *
 * @param logZone       the zone logrus and klog wall-clock times were written in, or null for UTC
 * @param threads       worker threads for reading (at least 1)
 * @param keepEverything keep and correlate every line, not only what concerns Pods and Workflows of
 *                      interest (needed for timelines of every Pod; memory grows with the input)
 * @param chunkBytes    plain files larger than this are split and read by several workers
 * @param podsOfInterest Pods the user asks about by name (their lines are kept)
 * @param progress      hears how far the reading has come
 * @param maxLineBytes  log lines longer than this are cut (and reported); joined pieces likewise
 * @param stdin         what the input {@code -} reads (the process's standard input unless a test or the CLI says otherwise)
 */
public record AnalysisOptions(ZoneId logZone, int threads, boolean keepEverything, long chunkBytes, List<String> podsOfInterest,
                              Progress progress, int maxLineBytes, InputStream stdin) {
    public AnalysisOptions {
        java.util.Objects.requireNonNull(progress, "progress");
        java.util.Objects.requireNonNull(stdin, "stdin");
        if (maxLineBytes < 1) {
            throw new IllegalArgumentException("maxLineBytes must be at least 1: " + maxLineBytes);
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1: " + threads);
        }
        podsOfInterest = List.copyOf(podsOfInterest);
    }

    public static AnalysisOptions defaults() {
        return new AnalysisOptions(null, Runtime.getRuntime().availableProcessors(), false, ChunkPlanner.CHUNK_BYTES, List.of(), Progress.NONE,
                ChunkLineReader.MAX_LINE_BYTES, System.in);
    }

    public AnalysisOptions withLogZone(ZoneId zone) {
        return new AnalysisOptions(zone, threads, keepEverything, chunkBytes, podsOfInterest, progress, maxLineBytes, stdin);
    }

    public AnalysisOptions withThreads(int n) {
        return new AnalysisOptions(logZone, n, keepEverything, chunkBytes, podsOfInterest, progress, maxLineBytes, stdin);
    }

    public AnalysisOptions keepingEverything(boolean keep) {
        return new AnalysisOptions(logZone, threads, keep, chunkBytes, podsOfInterest, progress, maxLineBytes, stdin);
    }

    public AnalysisOptions withChunkBytes(long bytes) {
        return new AnalysisOptions(logZone, threads, keepEverything, bytes, podsOfInterest, progress, maxLineBytes, stdin);
    }

    public AnalysisOptions withProgress(Progress p) {
        return new AnalysisOptions(logZone, threads, keepEverything, chunkBytes, podsOfInterest, p, maxLineBytes, stdin);
    }

    /** Lines longer than this are cut (tests use small limits; the default is {@link ChunkLineReader#MAX_LINE_BYTES}). */
    public AnalysisOptions withMaxLineBytes(int bytes) {
        return new AnalysisOptions(logZone, threads, keepEverything, chunkBytes, podsOfInterest, progress, bytes, stdin);
    }

    /** What the input {@code -} reads. */
    public AnalysisOptions withStdin(InputStream in) {
        return new AnalysisOptions(logZone, threads, keepEverything, chunkBytes, podsOfInterest, progress, maxLineBytes, in);
    }

    public AnalysisOptions withPodsOfInterest(List<String> names) {
        return new AnalysisOptions(logZone, threads, keepEverything, chunkBytes, names, progress, maxLineBytes, stdin);
    }
}
