package dev.argoforensics.correlate;

import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.ExportedObjects;
import dev.argoforensics.snapshot.NodeStatus;
import dev.argoforensics.snapshot.PodTable;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** Gives the rows of pasted {@code kubectl get pods} tables to their Pods, and says where a table leaves a Pod out. */
final class PodListings {
    private PodListings() {
    }

    /** The Pods argo get output names by their pod name that nothing else named: each gets a history. */
    static Set<PodKey> printedPods(ExportedObjects objects, Set<PodKey> known) {
        Set<PodKey> out = new TreeSet<>();
        for (WorkflowSnapshot w : objects.workflows()) {
            if (!w.fromArgoGetText()) {
                continue;
            }
            for (NodeStatus n : w.nodes().values()) {
                if (n.podName().isEmpty()) {
                    continue;
                }
                PodKey key = new PodKey(w.namespace(), n.podName());
                if (known.stream().noneMatch(k -> k.named().equals(key))) {
                    out.add(key);
                }
            }
        }
        return out;
    }

    /**
     * What each table says of this Pod. A table that does not list it says something only when it was
     * printed at a stated time after the controller's first line about the Pod and lists other Pods of the
     * same Workflow (so it covered them); even then a label selector or a grep may have left it out, and
     * the timeline says so.
     */
    static List<PodListing> of(PodKey key, NodeLink link, List<LogEvent> events, List<PodTable> tables) {
        List<PodListing> out = new ArrayList<>();
        boolean listedSomewhere = tables.stream().anyMatch(t -> t.row(key.namespace(), key.name()).isPresent());
        for (PodTable t : tables) {
            PodTable.Row row = t.row(key.namespace(), key.name()).orElse(null);
            if (row != null) {
                out.add(new PodListing(t, row, 0));
                continue;
            }
            PodTable.NotFound notFound = t.notFound(PodTable.Resource.POD, key.namespace(), key.name(),
                    link == null ? "" : link.workflow().name()).orElse(null);
            if (notFound != null && notFound.listing() != null && (listedSomewhere || (t.observed() != null && !events.isEmpty()
                    && printedBefore(t, events.get(0).time())))) {
                // An empty list printed before the Pod existed (a repro's first look at its namespace): nothing of this Pod. One the
                // same paste lists, or one stated before its first line, is such a list; without a time, only the paste's rows tell.
                notFound = null;
            }
            if (notFound != null) {
                // kubectl said the Pod did not exist when it ran: an absence with no time of its own (never a deletion time).
                out.add(new PodListing(t, null, 0, notFound));
                continue;
            }
            if (t.observed() == null || link == null || events.isEmpty() || !t.observed().after(events.get(0).time().windowEnd()).known()
                    || !(t.namespace().isEmpty() || t.namespace().equals(key.namespace()))) {
                continue;
            }
            String prefix = link.workflow().name() + "-";
            int siblings = (int) t.rows().stream()
                    .filter(r -> r.name().startsWith(prefix) && (r.namespace().isEmpty() || r.namespace().equals(key.namespace()))).count();
            if (siblings > 0) {
                out.add(new PodListing(t, null, siblings));
            }
        }
        return out;
    }

    /**
     * Printed before {@code moment}, or possibly so: a stated time (a user's clock) within what that clock may be off of the
     * moment may be either side of it, and an empty list of that time may be of before the Pod existed.
     */
    private static boolean printedBefore(PodTable t, Timestamp moment) {
        return t.observed().statedTime() ? !t.observed().after(moment.windowEnd()).known() : t.observed().time().isBefore(moment);
    }
}
