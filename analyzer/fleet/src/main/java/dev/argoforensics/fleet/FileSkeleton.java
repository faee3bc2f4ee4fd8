package dev.argoforensics.fleet;

import dev.argoforensics.correlate.LineProjection;

/**
 * What round 1 of the slices' flow sends of one log file to its cluster's task, besides its reading keeping the year-decided
 * lines: the skeleton of its projection as read ({@link LineProjection#skeleton}: each line kept whole without the text no
 * pairing reads; not placed), the places of its year-decided lines (the least stitch gives those lines, placed) and what the
 * caveats read of all its lines (as {@link FileProjection}). The names its lines join (the components' edges) do not go this
 * way: they go with the file's slice parts ({@link SlicePart}), so that the cluster's task holds none of them.
 *
 * @param keep the places in the file of its year-decided lines, in order: the lines its reading {@code keeping} holds
 */
record FileSkeleton(LineProjection skeleton, String source, int[] perPiece, boolean dated, int[] keep) {
    FileSkeleton {
        perPiece = perPiece.clone();
        keep = keep.clone();
    }
}
