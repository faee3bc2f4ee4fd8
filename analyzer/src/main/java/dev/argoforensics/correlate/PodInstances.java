package dev.argoforensics.correlate;

import dev.argoforensics.correlate.PodIdentity.UidBasis;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Pod objects behind each namespace/name, told apart by the UIDs of their exports (a Pod deleted
 * and created again with the same name is another Pod, upstream #8022). Records that carry no UID
 * (log lines, audit records) go to the Pod whose lifetime covers their time: from its "Created pod"
 * line (exact within a controller stream) or, without one, its creationTimestamp, until the next
 * one's. Records older than the first known creation go to the first Pod.
 */
final class PodInstances {
    private static final Comparator<Timestamp> EARLIEST_FIRST = Comparator.nullsFirst(Comparator.naturalOrder());

    /** One Pod object: its key with the UID, where its lifetime starts and how that is known. */
    private record Instance(PodKey key, SourceRef uidSource, Timestamp created, LogEvent createdLine) {
        Timestamp start() {
            return createdLine != null ? createdLine.time() : created;
        }

        SourceRef startSource() {
            return createdLine != null ? createdLine.source() : uidSource;
        }

        /** The record at this time (and, for a line, this place in its stream) is no older than this Pod. */
        boolean covers(Timestamp t, LogEvent line) {
            if (createdLine != null && line != null) {
                return line == createdLine || EventOrder.notAfter(createdLine, line);
            }
            Timestamp start = start();
            return start == null || !start.isAfter(t);
        }
    }

    private final Map<PodKey, List<Instance>> byName = new HashMap<>();

    /**
     * @param created "Created pod" lines by the Pod they name (namespace and name, no UID)
     */
    PodInstances(List<PodSnapshot> snapshots, Map<PodKey, List<LogEvent>> created) {
        Map<PodKey, Map<String, List<PodSnapshot>>> uids = new HashMap<>();
        for (PodSnapshot s : snapshots) {
            if (!s.uid().isEmpty()) {
                uids.computeIfAbsent(new PodKey(s.namespace(), s.name()), k -> new LinkedHashMap<>())
                        .computeIfAbsent(s.uid(), k -> new ArrayList<>()).add(s);
            }
        }
        uids.forEach((name, byUid) -> {
            List<Instance> instances = new ArrayList<>();
            byUid.forEach((uid, snaps) -> {
                Timestamp createdAt = snaps.stream().map(PodSnapshot::creationTimestamp).filter(java.util.Objects::nonNull).min(EARLIEST_FIRST).orElse(null);
                instances.add(new Instance(name.withUid(uid), snaps.get(0).source(), createdAt, null));
            });
            instances.sort(Comparator.comparing(Instance::created, EARLIEST_FIRST));
            List<LogEvent> lines = created.getOrDefault(name, List.of());
            byName.put(name, withLaterPods(withCreatedLines(instances, lines), lines));
        });
    }

    /**
     * The Pods created under the name after the last one an export shows: each {@code Created pod} line certainly after that
     * Pod's own is another Pod object (a create succeeds only when no Pod has the name), known by no UID (the name reused by a
     * Workflow submitted again under the same name, an {@code argo retry}, a Pod created again for its node). Without them
     * the lines of the later Pod went to the exported one and took its UID (#8022's shape: the old Pod exported, the new one
     * labelled completed while Pending and found missing for good).
     */
    private static List<Instance> withLaterPods(List<Instance> instances, List<LogEvent> unordered) {
        List<LogEvent> lines = EventOrder.inTimeOrder(unordered);
        Instance last = instances.get(instances.size() - 1);
        LogEvent own = last.createdLine();
        if (own == null && last.created() != null) {
            own = lines.stream().filter(e -> !e.time().isBefore(last.created())).findFirst().orElse(null);
        }
        if (own == null) {
            return instances;
        }
        List<Instance> out = new ArrayList<>(instances);
        List<LogEvent> taken = new ArrayList<>(List.of(own));
        for (LogEvent e : lines) {
            if (EventOrder.after(e, taken.get(taken.size() - 1)) && taken.stream().noneMatch(t -> sameRecord(e, t))) {
                out.add(new Instance(last.key().named(), null, null, e));
                taken.add(e);
            }
        }
        return out;
    }

    /**
     * The same {@code Created pod} record read again: the same text at the same instant, later in its stream (a log appended
     * twice with overlapping spans, an excerpt pasted twice). A Pod created again under the name comes after the earlier one
     * was deleted and seen gone, never at the same instant; one split at a repeated line gave the exported Pod's lines from
     * the repeat on to a Pod that never existed.
     */
    private static boolean sameRecord(LogEvent e, LogEvent taken) {
        return e.time().instant().equals(taken.time().instant()) && e.text().equals(taken.text());
    }

    /** Each Pod's "Created pod" line: the first one not certainly older than its creationTimestamp. */
    private static List<Instance> withCreatedLines(List<Instance> instances, List<LogEvent> lines) {
        List<Instance> out = new ArrayList<>(instances.size());
        for (int i = 0; i < instances.size(); i++) {
            Instance in = instances.get(i);
            Timestamp next = i + 1 < instances.size() ? instances.get(i + 1).created() : null;
            LogEvent line = null;
            for (LogEvent e : lines) {
                boolean notBefore = in.created() == null || !e.time().isBefore(in.created());
                boolean notAfterNext = next == null || e.time().isBefore(next);
                if (notBefore && notAfterNext) {
                    line = e;
                    break;
                }
            }
            out.add(new Instance(in.key(), in.uidSource(), in.created(), instances.size() > 1 ? line : null));
        }
        return out;
    }

    /** The Pod a log line naming this namespace/name is about. */
    PodKey forLine(PodKey named, LogEvent line) {
        return pick(named, line.time(), line);
    }

    /** The Pod a record without a UID, at this time, is about (the first one if the time is unknown). */
    PodKey forTime(PodKey named, Timestamp time) {
        return pick(named, time, null);
    }

    /** The Pod with this UID if an export showed it, else the one whose lifetime covers the time. */
    PodKey forUid(PodKey named, String uid, Timestamp time) {
        for (Instance in : byName.getOrDefault(named, List.of())) {
            if (java.util.Objects.equals(in.key().uid(), uid)) {
                return in.key();
            }
        }
        return forTime(named, time);
    }

    private PodKey pick(PodKey named, Timestamp time, LogEvent line) {
        List<Instance> instances = byName.get(named.named());
        if (instances == null) {
            return named.named();
        }
        Instance chosen = instances.get(0);
        for (int i = 1; time != null && i < instances.size(); i++) {
            if (instances.get(i).covers(time, line)) {
                chosen = instances.get(i);
            }
        }
        return chosen.key();
    }

    /** Every Pod known by a UID. */
    List<PodKey> keys() {
        List<PodKey> out = new ArrayList<>();
        byName.values().forEach(l -> l.forEach(i -> out.add(i.key())));
        return out;
    }

    PodIdentity identity(PodKey key) {
        List<Instance> instances = byName.get(key.named());
        if (instances == null || key.uid() == null) {
            return PodIdentity.none();
        }
        for (int i = 0; i < instances.size(); i++) {
            Instance in = instances.get(i);
            if (!in.key().equals(key)) {
                continue;
            }
            if (instances.size() == 1) {
                return new PodIdentity(UidBasis.ONLY_UID, in.uidSource(), null, null, null, 1);
            }
            Instance next = i + 1 < instances.size() ? instances.get(i + 1) : null;
            int exported = (int) instances.stream().filter(x -> x.key().uid() != null).count();
            return new PodIdentity(UidBasis.LIFETIME, in.uidSource(), i == 0 ? null : in.start(), i == 0 ? null : in.startSource(),
                    next == null ? null : next.start(), exported);
        }
        return PodIdentity.none();
    }
}
