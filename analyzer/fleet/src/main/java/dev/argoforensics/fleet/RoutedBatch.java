package dev.argoforensics.fleet;

import java.io.Serializable;

/** Round 3 of the slices' flow, what a file's task sends: lines assigned to a group ({@code toGroup}) or lines for a slice's table ({@code toSlice}). */
record RoutedBatch(LineBatch toGroup, SliceBatch toSlice) implements Serializable {
}
