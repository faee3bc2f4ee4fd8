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
    private record Instance(PodKey key, SourceRef uidSource, Timestamp created, LogEvent createdLine, int unseenRun) {
        Instance(PodKey key, SourceRef uidSource, Timestamp created, LogEvent createdLine) {
            this(key, uidSource, created, createdLine, -1);
        }

        /** The run whose lines show this Pod: the one that logged its creation, else the run of a Pod whose creation is not in the input; -1: none. */
        int run() {
            return createdLine != null ? createdLine.stream() : unseenRun;
        }

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
    /** The names without an exported UID whose lines show them created again after the earlier Pod's cleanup ({@link Lifetimes}). */
    private final java.util.Set<PodKey> splitByLines = new java.util.HashSet<>();
    /** The names whose Created pod lines are certainly apart with no cleanup between them: read as one Pod's, and said so. */
    private final Map<PodKey, List<Lifetimes.Undecided>> undecided = new HashMap<>();
    /** The names an export gives a UID whose lines show earlier Pods of the name before the exported one ({@link #withEarlierPods}). */
    private final java.util.Set<PodKey> earlierByLines = new java.util.HashSet<>();
    /** The runs that led at once (session 56). */
    private final ConcurrentRuns runs;
    /** The names whose exports no line is tied to ({@link #untied}): their lines go to the name's key, no export's. */
    private final java.util.Set<PodKey> untiedNames = new java.util.HashSet<>();

    PodInstances(List<PodSnapshot> snapshots, Map<PodKey, List<LogEvent>> created) {
        this(snapshots, created, Map.of());
    }

    /**
     * @param created "Created pod" lines by the Pod they name (namespace and name, no UID)
     * @param ends    the cleanup lines that show a Pod's end under way ({@link Lifetimes#ends}), by the Pod they name
     */
    PodInstances(List<PodSnapshot> snapshots, Map<PodKey, List<LogEvent>> created, Map<PodKey, List<LogEvent>> ends) {
        this(snapshots, created, ends, ConcurrentRuns.NONE);
    }

    /**
     * @param runs which controller runs led at once ({@link ConcurrentRuns}): a Pod one of them created is never another's, and a
     *             line of one is about a Pod its own run, or a run not at once with it, created (session 56)
     */
    PodInstances(List<PodSnapshot> snapshots, Map<PodKey, List<LogEvent>> created, Map<PodKey, List<LogEvent>> ends, ConcurrentRuns runs) {
        this.runs = runs;
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
            if (instances.size() > 1 && untied(instances, lines)) {
                // Session 57 breaker: two exported Pods of the name created within the clock margin of each other, the name's
                // creations logged by two runs (two clusters given one Workflow at one moment): which export is which run's Pod the times
                // cannot say, so no line is tied to either export (before: the first export's line went to the second, the other
                // cluster's export then read with this cluster's release, a likely race of a Pod deleted while it ran).
                byName.put(name, instances);
                untiedNames.add(name);
                return;
            }
            List<Instance> known = withEarlierPods(name, withLaterPods(withCreatedLines(instances, lines), lines), lines,
                    ends.getOrDefault(name, List.of()));
            byName.put(name, known);
        });
        // The names no export gives a UID: their lifetimes as the Created pod lines show them (session 50). The latest keeps the
        // name's own key, as the lifecycle has always read the latest Pod of a name; the earlier ones are lifetimes 1, 2, ...
        List<PodKey> names = new ArrayList<>(created.keySet());
        names.sort(null);
        for (PodKey name : names) {
            List<LogEvent> lines = created.get(name);
            if (byName.containsKey(name) || lines.isEmpty()) {
                continue;
            }
            Lifetimes.Split split = lines.size() < 2 ? new Lifetimes.Split(List.copyOf(lines), List.of())
                    : Lifetimes.of(lines, ends.getOrDefault(name, List.of()), runs);
            if (!split.undecided().isEmpty()) {
                undecided.put(name, split.undecided());
            }
            List<Instance> instances = new ArrayList<>();
            int unseen = unseenCreationRun(split.starts(), ends.getOrDefault(name, List.of()));
            int of = split.starts().size() + (unseen < 0 ? 0 : 1);
            if (unseen >= 0) {
                // Session 57 breaker: a run at once with every run that logged a Created pod line of the name shows the end of a
                // Pod none of them created (another cluster's controller restarted after creating it; the creation not in the
                // input): a Pod of its own, its lines not another's. It keeps the name's key (its creation time unknown, not printed).
                for (int i = 0; i < split.starts().size(); i++) {
                    instances.add(new Instance(name.withLifetime(i + 1).labelled(new PodKey.Lifetime(i + 1, of, split.starts().get(i).time())),
                            null, null, split.starts().get(i)));
                }
                instances.add(new Instance(name, null, null, null, unseen));
                byName.put(name, instances);
                splitByLines.add(name);
                continue;
            }
            if (split.starts().size() < 2) {
                continue;
            }
            for (int i = 0; i < of; i++) {
                // Printed as its place among the name's lifetimes and its creation (session 51): every report tells them apart.
                PodKey key = (i == of - 1 ? name : name.withLifetime(i + 1))
                        .labelled(new PodKey.Lifetime(i + 1, of, split.starts().get(i).time()));
                instances.add(new Instance(key, null, null, split.starts().get(i)));
            }
            byName.put(name, instances);
            splitByLines.add(name);
        }
    }

    /**
     * Whether two of the exported Pods were created within the clock margin of each other ({@link #CLOCK_MARGIN_NANOS}: the
     * creationTimestamp is cut to its second, the lines on other clocks) while the name's {@code Created pod} lines come from two runs
     * (two clusters' controllers, whether or not their election lines were given; ConcurrentRuns reads them at once only with those):
     * the times cannot say which export is which run's Pod.
     */
    private boolean untied(List<Instance> exported, List<LogEvent> lines) {
        boolean twoRuns = false;
        for (int i = 0; i < lines.size() && !twoRuns; i++) {
            for (int j = i + 1; j < lines.size() && !twoRuns; j++) {
                twoRuns = lines.get(i).stream() != lines.get(j).stream() && !sameRecord(lines.get(i), lines.get(j));
            }
        }
        if (!twoRuns) {
            return false;
        }
        for (int i = 0; i < exported.size(); i++) {
            for (int j = i + 1; j < exported.size(); j++) {
                Timestamp x = exported.get(i).created();
                Timestamp y = exported.get(j).created();
                if (x != null && y != null
                        && Math.abs(java.time.Duration.between(x.instant(), y.instant()).toNanos()) <= CLOCK_MARGIN_NANOS + 1_000_000_000L) {
                    return true;
                }
            }
        }
        return false;
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
            own = ownCreatedLine(lines, last.created());
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
     * The Pods created under the name before the first one an export shows, where the lines tell them apart as they tell the
     * lifetimes of a name no export gives a UID ({@link Lifetimes}: a {@code Created pod} line certainly before the exported Pod's
     * own, the earlier Pod's cleanup shown between). Each is a Pod of its own, known by no UID, keyed and printed as a lifetime of
     * the name ({@link PodKey#withLifetime}); the exported Pod's lifetime starts at its own {@code Created pod} line. Before (session
     * 52 breaker), with only the later Pod exported, the earlier Pod's lines, its release and its node's loss among them, went to the
     * exported Pod, created long after: a UID belongs to one Pod, created once. Without the cleanup between (two clusters' Pods of
     * the name, or cut lines) nothing changes: the lines before go to the first Pod, as before.
     */
    private List<Instance> withEarlierPods(PodKey name, List<Instance> instances, List<LogEvent> unordered, List<LogEvent> ends) {
        Instance first = instances.get(0);
        if (first.key().uid() == null || unordered.size() < 2) {
            return instances;
        }
        List<LogEvent> lines = EventOrder.inTimeOrder(unordered);
        LogEvent own = first.createdLine();
        if (own == null && first.created() != null) {
            own = ownCreatedLine(lines, first.created());
        }
        if (own == null) {
            return instances;
        }
        LogEvent ownLine = own;
        List<LogEvent> before = new ArrayList<>();
        for (LogEvent e : lines) {
            if (Lifetimes.shownAfter(ownLine, e)) {
                before.add(e);
            }
        }
        if (before.isEmpty()) {
            return instances;
        }
        before.add(ownLine);
        Lifetimes.Split split = Lifetimes.of(before, ends, runs);
        List<LogEvent> starts = split.starts();
        if (starts.size() < 2 || starts.get(starts.size() - 1) != ownLine) {
            return instances; // the exported Pod's own creation not told apart from the earlier lines: as before
        }
        int of = starts.size() - 1 + instances.size();
        List<Instance> out = new ArrayList<>();
        for (int i = 0; i < starts.size() - 1; i++) {
            PodKey key = name.withLifetime(i + 1).labelled(new PodKey.Lifetime(i + 1, of, starts.get(i).time()));
            out.add(new Instance(key, null, null, starts.get(i)));
        }
        out.add(new Instance(first.key(), first.uidSource(), first.created(), ownLine));
        out.addAll(instances.subList(1, instances.size()));
        earlierByLines.add(name);
        return out;
    }

    /**
     * The {@code Created pod} line of the Pod whose creationTimestamp is {@code created}: the nearest one to the creationTimestamp's
     * second within the margin the API server's clock (which stamps creationTimestamp, in whole seconds) and the controller's (which
     * stamps the line) may disagree by, else the first line not before it. Session 53 breaker: with the API server's clock two
     * seconds ahead, the first
     * line not before the creationTimestamp was the NEXT Pod's of the name (or none), so the exported UID went to a later Pod, or
     * the earlier Pods' lines (a race among them) went to the exported one.
     */
    private static LogEvent ownCreatedLine(List<LogEvent> inTimeOrder, Timestamp created) {
        LogEvent nearest = null;
        long best = Long.MAX_VALUE;
        for (LogEvent e : inTimeOrder) {
            // creationTimestamp is cut to its second: the create happened in [created, created + 1 s); a line in that second is
            // 0 apart (the first such wins), others by their distance to it. Measured from the second's start alone, an earlier
            // Pod's line a few tenths before that second was nearer than the Pod's own line late in it.
            long since = java.time.Duration.between(created.instant(), e.time().instant()).toNanos();
            long apart = since < 0 ? -since : since >= 1_000_000_000L ? since - 1_000_000_000L + 1 : 0;
            if (apart <= CLOCK_MARGIN_NANOS && apart < best) {
                nearest = e;
                best = apart;
            }
        }
        if (nearest != null) {
            return nearest;
        }
        return inTimeOrder.stream().filter(e -> !e.time().isBefore(created)).findFirst().orElse(null);
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

    /**
     * The key as reports print it: for one of the lifetimes of a name its lines told apart ({@link Lifetimes}), with its place and
     * creation ({@link PodKey#printed}); any other key as it is. Equal to the key given.
     */
    PodKey labelled(PodKey key) {
        if (key.uid() != null || !(splitByLines.contains(key.named()) || earlierByLines.contains(key.named()))) {
            return key;
        }
        for (Instance in : byName.get(key.named())) {
            if (in.key().equals(key)) {
                return in.key();
            }
        }
        return key;
    }

    /** The Pod a log line naming this namespace/name is about. */
    PodKey forLine(PodKey named, LogEvent line) {
        return pick(named, line.time(), line);
    }

    /** The Pod a record without a UID, at this time, is about (the first one if the time is unknown). */
    PodKey forTime(PodKey named, Timestamp time) {
        return pick(named, time, null);
    }

    /** How far apart two sources' clocks may be: the API server's audit times and the controller's lines (DeletionBounds). */
    private static final long CLOCK_MARGIN_NANOS = DeletionBounds.CROSS_CLOCK_NANOS;

    /**
     * The Pod a {@code create} of the name without a UID made (session 51 breaker): the one whose lifetime starts (its
     * {@code Created pod} line, else its creationTimestamp) nearest the record's time within the clock margin, as the controller
     * logs {@code Created pod} once the API server has answered the create. By its time alone the create of a later Pod, received
     * just before that Pod's {@code Created pod} line, went to the earlier Pod of the name, and the later one had no creation
     * record (seed 340: AF008 then cleared it by the earlier Workflow's deletion). No start within the margin: by its time, as
     * any record.
     */
    PodKey forCreate(PodKey named, Timestamp time) {
        List<Instance> instances = byName.get(named.named());
        if (instances == null || time == null || instances.size() < 2) {
            return forTime(named, time);
        }
        Instance best = null;
        long bestGap = Long.MAX_VALUE;
        for (Instance in : instances) {
            Timestamp start = in.start();
            if (start == null) {
                continue;
            }
            long gap = Math.abs(java.time.Duration.between(time.instant(), start.instant()).toNanos());
            if (gap <= CLOCK_MARGIN_NANOS && gap < bestGap) {
                best = in;
                bestGap = gap;
            }
        }
        return best == null ? forTime(named, time) : best.key();
    }

    /**
     * The Pod an export without a UID is of: by its creationTimestamp where it shows one; of a name split by its lines
     * ({@link Lifetimes}), without one, by the earliest time it may have been taken (the Pod existed then), else the latest Pod.
     */
    PodKey forExport(PodKey named, PodSnapshot s) {
        if (s.creationTimestamp() != null || !splitByLines.contains(named.named())) {
            return forTime(named, s.creationTimestamp());
        }
        return s.observed() == null ? forTime(named, null) : forTime(named, s.observed().takenNoEarlierThan().at());
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
        if (time == null && line == null && splitByLines.contains(named.named())) {
            return instances.get(instances.size() - 1).key(); // nothing dates it: the latest Pod of the name, as the lifecycle read it before the split
        }
        // A line of a run that led at once with the run that created a Pod is not about that Pod (session 56: another cluster's, or
        // a split brain's): the Pods its own run's cluster created, where there is one; else all, as before.
        if (line != null && untiedNames.contains(named.named())) {
            return named.named(); // no export tied to the lines: the name's Pod the lines show, no export's
        }
        List<Instance> own = instances;
        if (line != null) {
            own = new ArrayList<>(instances.size());
            for (Instance in : instances) {
                if (in.run() < 0 || !runs.atOnce(in.run(), line.stream())) {
                    own.add(in);
                }
            }
            if (own.isEmpty()) {
                own = instances;
            }
        }
        Instance chosen = own.get(0);
        for (int i = 1; time != null && i < own.size(); i++) {
            if (own.get(i).covers(time, line)) {
                chosen = own.get(i);
            }
        }
        return chosen.key();
    }

    /**
     * The undecided Created pod lines of the name within this Pod's lifetime (from {@code from} until {@code until}, null: open): the
     * first of each pair and the second, each once, in time order.
     */
    private List<PodIdentity.Creation> unsplitOf(PodKey key, LogEvent from, LogEvent until) {
        List<LogEvent> lines = new ArrayList<>();
        for (Lifetimes.Undecided u : undecided.getOrDefault(key.named(), List.of())) {
            if ((from == null || !EventOrder.before(u.second(), from)) && (until == null || EventOrder.before(u.second(), until))) {
                if (!lines.contains(u.first())) {
                    lines.add(u.first());
                }
                if (!lines.contains(u.second())) {
                    lines.add(u.second());
                }
            }
        }
        return EventOrder.inTimeOrder(lines).stream().map(e -> new PodIdentity.Creation(e.source(), e.time())).toList();
    }

    /**
     * The Pod of the name after {@code instances.get(i)} that ends its lifetime: the next one whose run did not lead at once with its
     * own ({@link ConcurrentRuns}, session 56); a Pod another controller created meanwhile is not its next lifetime. Null: none.
     */
    private Instance nextOfItsRuns(List<Instance> instances, int i) {
        int own = instances.get(i).run();
        for (int j = i + 1; j < instances.size(); j++) {
            int other = instances.get(j).run();
            if (instances.get(j).unseenRun() >= 0) {
                continue; // a Pod whose creation is not in the input starts no one's next lifetime
            }
            if (own < 0 || other < 0 || !runs.atOnce(own, other)) {
                return instances.get(j);
            }
        }
        return null;
    }

    /**
     * The run whose cleanup lines of the name show a Pod none of the name's {@code Created pod} lines made (session 57 breaker): a run
     * that led at once with the run of every such line ({@link ConcurrentRuns}: another cluster's controller, whose Pod of the name
     * was created before its lines in the input begin, a restart's {@code kubectl logs} without {@code --previous}). By the runs at
     * once the session 56 model reads, a line of such a run is about no Pod those runs created; read with them, another cluster's
     * store of its own Pod's node cleared this one's release. -1: none (every run's lines may be about a Pod created in the input).
     */
    private int unseenCreationRun(List<LogEvent> starts, List<LogEvent> ends) {
        for (LogEvent end : ends) {
            boolean withEvery = !starts.isEmpty();
            for (LogEvent s : starts) {
                withEvery &= runs.atOnce(s.stream(), end.stream());
            }
            if (withEvery && !seenByAnother(end, ends)) {
                return end.stream();
            }
        }
        return -1;
    }

    /**
     * Whether another run logged the same cleanup of the name within the clock margin of {@code end}: two controllers watching one
     * cluster's Pods (a {@code --managed-namespace} controller beside a cluster-wide one: their informers see the same Pod's delete,
     * both handlers queue its release) wrote of one Pod, not of two. Two clusters' Pods' cleanups fall at moments of their own.
     */
    private static boolean seenByAnother(LogEvent end, List<LogEvent> ends) {
        for (LogEvent f : ends) {
            if (f.stream() != end.stream() && f.event().getClass() == end.event().getClass()
                    && ((dev.argoforensics.event.ControllerEvent.Cleanup) f.event()).cleanup()
                            == ((dev.argoforensics.event.ControllerEvent.Cleanup) end.event()).cleanup()
                    && Math.abs(java.time.Duration.between(f.time().instant(), end.time().instant()).toNanos()) <= CLOCK_MARGIN_NANOS) {
                return true;
            }
        }
        return false;
    }

    /** Every Pod known by a UID. */
    List<PodKey> keys() {
        List<PodKey> out = new ArrayList<>();
        byName.values().forEach(l -> l.forEach(i -> out.add(i.key())));
        return out;
    }

    PodIdentity identity(PodKey key) {
        List<Instance> instances = byName.get(key.named());
        if (splitByLines.contains(key.named())) {
            for (int i = 0; i < instances.size(); i++) {
                Instance in = instances.get(i);
                if (in.key().equals(key)) {
                    Instance next = nextOfItsRuns(instances, i);
                    return new PodIdentity(UidBasis.CREATED_LINES, null, in.start(), in.startSource(), next == null ? null : next.start(),
                            instances.size(), unsplitOf(key, in.createdLine(), next == null ? null : next.createdLine()));
                }
            }
            return PodIdentity.none();
        }
        if (instances != null && key.uid() == null && key.lifetime() > 0 && earlierByLines.contains(key.named())) {
            for (int i = 0; i < instances.size(); i++) {
                Instance in = instances.get(i);
                if (in.key().equals(key)) {
                    Instance next = nextOfItsRuns(instances, i); // an earlier Pod: the exported one follows, unless another controller's
                    return new PodIdentity(UidBasis.CREATED_LINES, null, in.start(), in.startSource(), next == null ? null : next.start(),
                            in.key().printed().of(), unsplitOf(key, in.createdLine(), next == null ? null : next.createdLine()));
                }
            }
        }
        if (instances == null || key.uid() == null) {
            List<PodIdentity.Creation> unsplit = unsplitOf(key, null, null);
            return unsplit.isEmpty() ? PodIdentity.none() : new PodIdentity(UidBasis.NONE, null, null, null, null, 0, unsplit);
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
