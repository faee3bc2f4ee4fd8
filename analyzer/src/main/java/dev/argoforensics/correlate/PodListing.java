package dev.argoforensics.correlate;

import dev.argoforensics.snapshot.PodTable;

/**
 * What one pasted {@code kubectl get pods} table says of a Pod: its row, or, when the table leaves the
 * Pod out while it lists other Pods of the same Workflow, that it was not listed.
 *
 * @param row      the Pod's row; null when the table does not list the Pod
 * @param siblings for a Pod not listed: how many other Pods of its Workflow the table lists
 */
public record PodListing(PodTable table, PodTable.Row row, int siblings) {

    public boolean listed() {
        return row != null;
    }
}
