package dev.argoforensics.fleet;

import java.io.Serializable;

/**
 * Round 3: one file's lines of one group of its cluster, assigned from the cluster's table ({@code FactsTable.Assigned}:
 * each line as correlated with its place, Pod, handler line's place and component), as bytes, keyed by (cluster, group) for
 * the shuffle; group -1 holds the file's context lines. With {@code lines} null, a group's marker: every group runs, even
 * one no file holds a line of. In the slices' flow a slice's task also sends, with {@code lines} null, what its table gives
 * the group in {@code facts}: its Pods' facts (a group's, as bytes) or its run clocks (the context's, group -1, as bytes, with
 * the slice in {@code first}).
 *
 * @param first the place of its first line (the batches of a group put in place order by it)
 */
record LineBatch(String cluster, int group, long first, int count, byte[] lines, byte[] facts) implements Serializable {
    LineBatch(String cluster, int group, long first, int count, byte[] lines) {
        this(cluster, group, first, count, lines, null);
    }

    String key() {
        return cluster + "\u0000" + group;
    }
}
