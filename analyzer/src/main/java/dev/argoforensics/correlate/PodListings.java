package dev.argoforensics.correlate;

import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.ExportedObjects;
import dev.argoforensics.snapshot.NodeStatus;
import dev.argoforensics.snapshot.PodTable;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.HashSet;
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
        // The known Pods by name, once: a look-up per printed node, not a walk of every known Pod for each.
        Set<PodKey> knownNamed = new HashSet<>();
        known.forEach(k -> knownNamed.add(k.named()));
        for (WorkflowSnapshot w : objects.workflows()) {
            if (!w.fromArgoGetText()) {
                continue;
            }
            for (NodeStatus n : w.nodes().values()) {
                if (n.podName().isEmpty()) {
                    continue;
                }
                PodKey key = new PodKey(w.namespace(), n.podName());
                if (!knownNamed.contains(key)) {
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
    static List<PodListing> of(PodKey key, NodeLink link, List<LogEvent> events, Tables tables) {
        List<PodListing> out = new ArrayList<>();
        boolean listedSomewhere = tables.indexes.stream().anyMatch(t -> t.row(key.namespace(), key.name()) != null);
        for (TableIndex index : tables.indexes) {
            PodTable t = index.table;
            PodTable.Row row = index.row(key.namespace(), key.name());
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
            int siblings = index.startingWith(prefix, key.namespace());
            if (siblings > 0) {
                out.add(new PodListing(t, null, siblings));
            }
        }
        return out;
    }

    /**
     * The pasted tables, each with its rows by name and its names sorted by namespace: built once for the correlation, so that
     * each Pod finds its row and counts its Workflow's other rows by look-ups, not by a walk of every row of every table (#17).
     */
    static final class Tables {
        private final List<TableIndex> indexes = new ArrayList<>();

        Tables(List<PodTable> tables) {
            tables.forEach(t -> indexes.add(new TableIndex(t)));
        }
    }

    private static final class TableIndex {
        private final PodTable table;
        private final Map<String, List<PodTable.Row>> byName = new HashMap<>();
        /** Each namespace's row names ("" for rows that print none), sorted, one entry per row. */
        private final Map<String, String[]> sortedNames = new HashMap<>();

        TableIndex(PodTable table) {
            this.table = table;
            Map<String, List<String>> names = new HashMap<>();
            for (PodTable.Row r : table.rows()) {
                byName.computeIfAbsent(r.name(), k -> new ArrayList<>(1)).add(r);
                names.computeIfAbsent(r.namespace(), k -> new ArrayList<>()).add(r.name());
            }
            names.forEach((ns, list) -> {
                String[] sorted = list.toArray(String[]::new);
                Arrays.sort(sorted);
                sortedNames.put(ns, sorted);
            });
        }

        /** {@link PodTable#row}: the last row of that name that prints no namespace or that one; null when none. */
        PodTable.Row row(String podNamespace, String podName) {
            PodTable.Row last = null;
            for (PodTable.Row r : byName.getOrDefault(podName, List.of())) {
                if (r.namespace().isEmpty() || r.namespace().equals(podNamespace)) {
                    last = r;
                }
            }
            return last;
        }

        /** How many rows are named {@code prefix…} and print no namespace or {@code namespace}; the prefix ends in "-". */
        int startingWith(String prefix, String namespace) {
            int n = count(sortedNames.get(""), prefix);
            return namespace == null || namespace.isEmpty() ? n : n + count(sortedNames.get(namespace), prefix);
        }

        /** The names in [prefix, the prefix with its last character the next one): exactly those that start with the prefix. */
        private static int count(String[] sorted, String prefix) {
            if (sorted == null) {
                return 0;
            }
            String end = prefix.substring(0, prefix.length() - 1) + (char) (prefix.charAt(prefix.length() - 1) + 1);
            return lowerBound(sorted, end) - lowerBound(sorted, prefix);
        }

        private static int lowerBound(String[] sorted, String key) {
            int lo = 0;
            int hi = sorted.length;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (sorted[mid].compareTo(key) < 0) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            return lo;
        }
    }

    /**
     * Printed before {@code moment}, or possibly so: a stated time (a user's clock) within what that clock may be off of the
     * moment may be either side of it, and an empty list of that time may be of before the Pod existed.
     */
    private static boolean printedBefore(PodTable t, Timestamp moment) {
        return t.observed().statedTime() ? !t.observed().after(moment.windowEnd()).known() : t.observed().time().isBefore(moment);
    }
}
