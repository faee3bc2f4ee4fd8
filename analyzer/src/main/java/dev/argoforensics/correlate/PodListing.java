package dev.argoforensics.correlate;

import dev.argoforensics.snapshot.PodTable;

/**
 * What one pasted {@code kubectl get pods} table says of a Pod: its row, or, when the table leaves the
 * Pod out while it lists other Pods of the same Workflow, that it was not listed.
 *
 * @param row      the Pod's row; null when the table does not list the Pod
 * @param siblings for a Pod not listed: how many other Pods of its Workflow the table lists
 * @param notFound kubectl's answer that the Pod did not exist (the table then has no row), or null
 */
public record PodListing(PodTable table, PodTable.Row row, int siblings, PodTable.NotFound notFound) {

    public PodListing(PodTable table, PodTable.Row row, int siblings) {
        this(table, row, siblings, null);
    }

    public boolean listed() {
        return row != null;
    }

    /** A table printed with its rows that leaves the Pod out, as opposed to kubectl's explicit answer that it does not exist. */
    public boolean leftOut() {
        return row == null && notFound == null;
    }
}
