package dev.argoforensics.read;

import java.time.ZoneId;
import java.util.List;

/**
 * What the reading of logs needs to know of an analysis's options (the driver's {@code AnalysisOptions}
 * sits above this package and gives these).
 *
 * @param logZone        the zone logrus and klog wall-clock times were written in, or null for UTC
 * @param threads        worker threads for reading (at least 1)
 * @param keepEverything keep every line, not only what concerns Pods and Workflows of interest
 * @param chunkBytes     plain files larger than this are split and read by several workers
 * @param podsOfInterest Pods the user asks about by name (their lines are kept)
 * @param progress       hears how far the reading has come
 * @param maxLineBytes   log lines longer than this are cut (and reported)
 */
public record ReadSettings(ZoneId logZone, int threads, boolean keepEverything, long chunkBytes, List<String> podsOfInterest,
                           Progress progress, int maxLineBytes) {
    public ReadSettings {
        podsOfInterest = List.copyOf(podsOfInterest);
    }
}
