package dev.argoforensics.fleet;

import dev.argoforensics.correlate.LineProjection;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.LogCoverage;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.read.Placement;
import dev.argoforensics.snapshot.ExportedObjects;
import java.util.List;

/**
 * What round 2a of the slices' flow makes once per cluster and broadcasts (as bytes): what every executor derives the
 * cluster's {@code PodSlices} from ({@code PodSlices.of}: the skeletons of the lines kept whole, placed and put together, the
 * exports, the coverage, the slice count), the runs (each slice's derivation reads them), and where each log file's lines go:
 * its place among the cluster's lines, its run pieces' runs (the least stitch's {@link Placement}) and its year-decided lines as
 * the least stitch placed them (a file's projection is placed with them, as round 2 of the rounds' flow places it with the thin
 * stitch's lines: SlicedFactsTest).
 */
record SliceShared(LineProjection skeleton, ExportedObjects exported, LogCoverage coverage, int slices, List<ControllerProcess> processes,
                   List<FileLeast> files) {
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
