package dev.argoforensics.fleet;

import java.io.Serializable;

/**
 * Round 2b of the slices' flow: one log file's part of one slice of its cluster's Pod names ({@code LineProjection.slice} of
 * the file's projection, placed, as bytes), keyed by (cluster, slice) for the shuffle. With {@code projection} null, a slice's
 * marker: every slice is derived, even one no file sends a part of.
 *
 * @param file    the file's index in stitch order (a slice's parts are put together in it)
 * @param entries what the slice's task holds of this part: its lines kept whole, the Pods it names and its Workflow node lines
 */
record SlicePart(String cluster, int slice, int file, long entries, byte[] projection) implements Serializable {
    String key() {
        return cluster + "\u0000" + slice;
    }
}
