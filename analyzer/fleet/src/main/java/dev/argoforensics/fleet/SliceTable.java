package dev.argoforensics.fleet;

import java.io.Serializable;

/**
 * Round 2b of the slices' flow: one slice of a cluster's Pod names after its task: its part of the cluster's projection (its
 * files' parts put together, as bytes: every executor derives the slice's table from it) and what its table ties for the
 * components ({@code FactsTable.componentEdges} as bytes: a name list per Pod and per Workflow exported); or, with
 * {@code failure}, why the slice was not derived (past {@code --cluster-held}).
 *
 * @param entries the entries its parts held, weighed against {@code --cluster-held} before any was decoded
 */
record SliceTable(String cluster, int slice, long entries, byte[] projection, byte[] edges, String failure) implements Serializable {
}
