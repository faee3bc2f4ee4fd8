package dev.argoforensics.fleet;

import java.io.Serializable;

/**
 * Round 3: one file's lines of one group of its cluster, assigned from the cluster's table ({@code FactsTable.Assigned}:
 * each line as correlated with its place, Pod, handler line's place and component), as bytes, keyed by (cluster, group) for
 * the shuffle; group -1 holds the file's context lines. With {@code lines} null, a group's marker: every group runs, even
 * one no file holds a line of.
 *
 * @param first the place of its first line (the batches of a group put in place order by it)
 */
record LineBatch(String cluster, int group, long first, int count, byte[] lines) implements Serializable {
    String key() {
        return cluster + "\u0000" + group;
    }
}
