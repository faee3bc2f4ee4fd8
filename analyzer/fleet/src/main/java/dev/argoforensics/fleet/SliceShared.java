package dev.argoforensics.fleet;

import dev.argoforensics.correlate.PodSlices;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.read.Placement;
import java.util.List;

/**
 * What round 2a of the slices' flow makes once per cluster and broadcasts (as bytes): what the cluster's slices share
 * ({@code PodSlices.Form}: the cleanup pairs and places in arrays, the lines completion changed, the exports placed, the
 * evidence available), the runs (each slice's derivation reads them), and where each log file's lines go: its place among the
 * cluster's lines, its run pieces' runs (the least stitch's {@link Placement}) and its year-decided lines as the least stitch
 * placed them (a file's projection is placed with them, as round 2 of the rounds' flow places it with the thin stitch's lines:
 * SlicedFactsTest).
 */
record SliceShared(PodSlices.Form cross, List<ControllerProcess> processes, List<FileLeast> files) {
    SliceShared {
        files = List.copyOf(files);
    }

    /**
     * One log file, in stitch order.
     *
     * @param keep  the places in the file of its year-decided lines
     * @param lines those lines, placed by the least stitch (one per place in {@code keep})
     */
    record FileLeast(String display, long offset, Placement placement, int[] keep, List<LogEvent> lines) {
        FileLeast {
            keep = keep.clone();
            lines = List.copyOf(lines);
        }
    }
}
