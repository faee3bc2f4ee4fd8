package dev.argoforensics.fleet;

import java.io.Serializable;

/**
 * Round 3 of the slices' flow: one file's lines one slice's table decides ({@code SlicedTable.SliceLines} as bytes: those naming
 * the slice's Pods and the handler lines paired with them, placed, with their places), keyed by (cluster, slice) for the
 * shuffle to that slice's task. With {@code lines} null, a slice's marker: every slice runs (its Pods' facts and run clocks go
 * to the groups and the context), even one no file sends a line to.
 */
record SliceBatch(String cluster, int slice, byte[] lines) implements Serializable {
    String key() {
        return cluster + "\u0000" + slice;
    }
}
