package dev.argoforensics.fleet;

import java.io.Serializable;

/**
 * Round 2b of the slices' flow: one log file's part of one slice of its cluster's Pod names ({@code LineProjection.slice} of
 * the file's projection, placed, as bytes), keyed by (cluster, slice) for the shuffle. With {@code projection} null, a slice's
 * marker: every slice is derived, even one no file sends a part of.
 *
 * @param file    the file's index in stitch order (a slice's parts are put together in it)
 * @param entries what the slice's task holds of this part: its lines kept whole, the Pods it names, its Workflow node lines and
 *                the name lists it carries
 * @param edges   this slice's share of the names the file's lines join ({@code LineProjection.edges} and
 *                {@code LineProjection.settledEdges}: each list in one slice, by its hash), as bytes; the slice's task sends
 *                them on with its own to its cluster's task after the slices
 */
record SlicePart(String cluster, int slice, int file, long entries, byte[] projection, byte[] edges) implements Serializable {
    String key() {
        return cluster + "\u0000" + slice;
    }
}
