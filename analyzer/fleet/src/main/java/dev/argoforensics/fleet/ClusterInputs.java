package dev.argoforensics.fleet;

import java.io.Serializable;
import java.util.List;

/**
 * A cluster after its exports were read, once, in one task: what is of interest in its logs
 * ({@link dev.argoforensics.read.Interest#encode()}), and the analysis's inputs so far
 * ({@link dev.argoforensics.analysis.Analysis.Inputs} as bytes: files, exported objects, summaries,
 * problems); or why that failed.
 *
 * @param objects   every object of the cluster (for the accounting of a failure)
 * @param recreated the Pod names exported with two UIDs or more ({@code LineProjection.recreated}), whose lines each file's
 *                  projection keeps whole (round 1)
 */
record ClusterInputs(String cluster, String interest, byte[] inputs, List<ScannedFile> objects, String failure, List<String> recreated)
        implements Serializable {
    ClusterInputs {
        objects = List.copyOf(objects);
        recreated = recreated == null ? List.of() : List.copyOf(recreated);
    }
}
