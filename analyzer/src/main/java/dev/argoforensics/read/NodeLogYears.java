package dev.argoforensics.read;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.snapshot.ClusterEvent;
import dev.argoforensics.snapshot.ExportedObject;
import dev.argoforensics.snapshot.NodeLogEntry;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.wording.Message;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Plain {@code journalctl} lines print no year, and neither does klog: a kubelet line's year is the one
 * that puts it nearest to a dated export (a Pod's creation or observation, an audit record, a cluster
 * event), as klog lines of a controller log take the year of their neighbours. Without any dated export
 * the lines cannot be placed: the file's summary says how many.
 */
public final class NodeLogYears {
    private NodeLogYears() {
    }

    public static List<ExportedObject> resolve(List<ExportedObject> objects, Map<dev.argoforensics.source.InputFile, InputSummary> summaries) {
        TreeSet<Instant> dated = new TreeSet<>();
        boolean undated = false;
        for (ExportedObject o : objects) {
            if (o instanceof PodSnapshot p) {
                add(dated, p.creationTimestamp());
                add(dated, p.observed() == null ? null : p.observed().time());
            } else if (o instanceof AuditRecord a) {
                add(dated, a.time());
            } else if (o instanceof ClusterEvent e) {
                add(dated, e.first());
            } else if (o instanceof NodeLogEntry n) {
                add(dated, n.time());
                undated |= n.time() == null;
            }
        }
        if (!undated) {
            return objects;
        }
        List<ExportedObject> out = new ArrayList<>(objects.size());
        Map<String, Long> unplaced = new java.util.TreeMap<>();
        for (ExportedObject o : objects) {
            if (o instanceof NodeLogEntry n && n.time() == null) {
                Timestamp t = dated.isEmpty() ? null : nearest(n, dated);
                if (t == null) {
                    unplaced.merge(n.source().file(), 1L, Long::sum);
                }
                out.add(t == null ? n : n.at(t));
            } else {
                out.add(o);
            }
        }
        summaries.replaceAll((file, s) -> {
            Long count = unplaced.get(file.displayPath());
            if (count == null) {
                return s;
            }
            List<Message> notes = new ArrayList<>(s.notes());
            notes.add(Message.of("note.read.kubeletNoYear", "count", count));
            return s.withNotes(notes);
        });
        return out;
    }

    /** The year, among those of the dated exports and their neighbours, that puts the line nearest to one of them. */
    private static Timestamp nearest(NodeLogEntry n, TreeSet<Instant> dated) {
        TreeSet<Integer> years = new TreeSet<>();
        for (Instant i : List.of(dated.first(), dated.last())) {
            int y = i.atZone(ZoneOffset.UTC).getYear();
            years.add(y - 1);
            years.add(y);
            years.add(y + 1);
        }
        Timestamp best = null;
        long bestGap = Long.MAX_VALUE;
        for (int y : years) {
            Timestamp t;
            try {
                t = dev.argoforensics.snapshot.KubeletLine.at(n.clock(), y);
            } catch (IllegalArgumentException e) {
                continue; // 29 February in a year without it
            }
            Instant floor = dated.floor(t.instant());
            Instant ceiling = dated.ceiling(t.instant());
            long gap = Math.min(floor == null ? Long.MAX_VALUE : t.instant().getEpochSecond() - floor.getEpochSecond(),
                    ceiling == null ? Long.MAX_VALUE : ceiling.getEpochSecond() - t.instant().getEpochSecond());
            if (gap < bestGap) {
                bestGap = gap;
                best = t;
            }
        }
        return best;
    }

    private static void add(TreeSet<Instant> dated, Timestamp t) {
        if (t != null) {
            dated.add(t.instant());
        }
    }
}
