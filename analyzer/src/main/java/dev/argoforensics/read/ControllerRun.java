package dev.argoforensics.read;

import dev.argoforensics.catalog.ReleaseEvidence;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerEvent.LeaderElection;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.ControllerProcess.Leadership;
import dev.argoforensics.event.ControllerProcess.ReplicaSource;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A controller run being assembled: one replica from one start, with what its lines say of it. A
 * file's reading fills runs of its own, one per piece ({@link FileRuns}); the stitch adds each piece
 * to the run it belongs to ({@link #absorb}), which gives what taking the piece's lines one by one
 * would have given.
 */
final class ControllerRun {
    final int id;
    final String key;
    final ReplicaSource from;
    final int incarnation;
    final Set<String> files = new LinkedHashSet<>();
    ReleaseEvidence releases = ReleaseEvidence.NONE;
    String leaderIdentity;
    Leadership leadership = Leadership.UNKNOWN;
    long count;
    long backwards;
    /** The first and the last record's time in the order read: which way the lines run, lines going back counted against {@code last}. */
    Timestamp first;
    Timestamp last;
    /**
     * The earliest and the latest record's time: the run's span. Not {@link #first} and {@link #last}: lines read in
     * the order given that go back in time (a console's copy newest first, too short to be judged so) would make a
     * span that ends before it starts.
     */
    Timestamp earliest;
    Timestamp latest;
    String firstBackwards;
    long processed;
    Timestamp firstProcessed;
    Timestamp lastProcessed;
    /** Records that name no Pod, Workflow or namespace ({@link ControllerProcess.Nameless}): how many, where, and their gaps. */
    NamelessSpread nameless = new NamelessSpread();
    /**
     * Where its lines from an earlier file end when the file that continues it is not the piece that followed that one (a rotated
     * set given without a middle piece: {@code .2}, then the live file): the run's latest time before the missing piece; null
     * otherwise. The next piece absorbed closes the cut at its earliest time ({@link #cuts}).
     */
    Timestamp cutFrom;
    /**
     * Stretches of the run held by pieces of its log that were not given (from its latest line before to its earliest after): its
     * lines there were written and are missing, as in a gap of its nameless records ({@link ControllerProcess.Nameless#gaps()}).
     */
    final List<ControllerProcess.Gap> cuts = new ArrayList<>();
    /** Its {@code Processing workflow} records' pauses longer than {@link ControllerProcess.Work#GAP} ({@link ControllerProcess.Work#gaps()}). */
    NamelessSpread work = new NamelessSpread(ControllerProcess.Work.GAP.toNanos());
    /**
     * Per Workflow ({@code namespace/name}) its first {@code Processing workflow} in the run's lines, in the order read: where the
     * workers' queue first came round to a Workflow again ({@link ControllerProcess.Work#cameRound()}, session 48).
     */
    final Map<String, Timestamp> passed = new java.util.LinkedHashMap<>();
    /** The namespaces of the Workflows every pass read or counted named, whether or not before the queue came round (session 49). */
    final java.util.Set<String> passNamespaces = new java.util.TreeSet<>();
    /** The first pass of a Workflow the run had already taken up, in the order read; null if none. */
    Timestamp cameRound;
    /** Some of its passes were counted without their Workflow's name (a counted stretch): where the queue came round is unknown. */
    boolean roundUnknown;
    /** Where the first record stands ({@code file:line}): a piece's first line may go back in time from the run it joins. */
    String firstRecord;
    /**
     * Each distinct release evidence once, in order of first appearance (folding them is folding every line's:
     * folding an evidence equal to one folded before changes nothing). Distinct by value: kept lines bring a new
     * evidence object each, and a run must not hold one per line until it is stitched.
     */
    final List<ReleaseEvidence> evidence = new ArrayList<>();
    private final java.util.Set<ReleaseEvidence> seenEvidence = new java.util.HashSet<>();
    private ReleaseEvidence lastEvidence;
    /** The leader election lines, in order (the leadership is a state machine over them). */
    final List<LeaderElection> elections = new ArrayList<>();
    /** Each election line's time, beside {@link #elections}: the {@code new leader} line of the run's own acquisition is told by it. */
    final List<Timestamp> electionTimes = new ArrayList<>();
    private final dev.argoforensics.event.OwnElectionIdentity own = new dev.argoforensics.event.OwnElectionIdentity();
    /**
     * Whether the run's lines so far end in its own taking of the Lease ({@code successfully acquired lease}, {@code starting
     * leading}) with no {@code Starting Workflow Controller} banner yet: true then, false once a banner, an election start or
     * {@code stopped leading} followed, null if its lines said neither. main.go logs the banner right after the acquisition
     * ({@code OnStartedLeading}), once per process, so a file that opens with the banner continues such a run ({@link ControllerRuns}).
     */
    Boolean bannerDue;
    /**
     * Whether the run's lines so far are a load of the ConfigMap and nothing else: its first line begins a load ({@code Configuration:},
     * {@code Configuration updated}) and no line since was Workflow work, an election line or a banner, {@link #LOAD_AT_MOST} records
     * at most; null before any line. main.go loads the ConfigMap before it elects and before {@code Run} logs the banner, so a file
     * that opens with the banner continues such a run (a rotation cut inside a process's start; session 60, {@link ControllerRuns}).
     */
    Boolean loadOnly;
    /** Records of a load and what a process logs after it before its banner, at most ({@code FileRuns.STARTUP_HOLD_AT_MOST} and the load). */
    static final int LOAD_AT_MOST = FileRuns.STARTUP_HOLD_AT_MOST + 4;

    /** No line of the run so far was Workflow work, an election line or a banner. */
    boolean quiet = true;
    /**
     * The latest step of a process's start ({@code FileRuns.PPROF} to {@code FileRuns.SCOPED}) among the run's lines, -1 if none: a
     * start cut by a rotation goes on in the next file from a later step ({@code FileRuns.Piece#seam}, session 62).
     */
    int startStep = -1;

    /** {@code records} records just counted (a kept one's {@code event}, else null), {@code work} if one of them was Workflow work. */
    void loadOnly(ControllerEvent event, long records, boolean work) {
        if (loadOnly == null && count == records) {
            loadOnly = event != null && (FileRuns.loadStart(event) || FileRuns.prestart(event) >= 0) && records == 1;
        }
        quiet &= !work && !(event instanceof LeaderElection) && !(event instanceof ControllerEvent.ControllerStarted);
        if (event != null) {
            startStep = Math.max(startStep, FileRuns.startStep(event));
        }
    }

    /** The run's lines so far are a load of the ConfigMap and what follows it before a banner ({@link #loadOnly}). */
    boolean onlyALoad() {
        return Boolean.TRUE.equals(loadOnly) && quiet && count <= LOAD_AT_MOST;
    }

    ControllerRun(int id, String key, ReplicaSource from, int incarnation) {
        this.id = id;
        this.key = key;
        this.from = from;
        this.incarnation = incarnation;
    }

    /** A kept {@code Processing workflow} of {@code key} at {@code time}, after every line taken so far. */
    void pass(String key, Timestamp time) {
        addNamespace(key);
        if (key == null) {
            roundUnknown = true; // a pass whose text did not name its Workflow
        } else if (cameRound == null && passed.putIfAbsent(key, time) != null) {
            cameRound = time;
        }
    }

    /**
     * Where a run whose lines so far gave {@code passed} and {@code cameRound} came round once {@code piece}'s lines (which come
     * after) are added: its own, else the earliest of the piece's own and the piece's first pass of a Workflow already passed.
     */
    private void cameRound(ControllerRun piece) {
        passNamespaces.addAll(piece.passNamespaces);
        piece.passed.keySet().forEach(this::addNamespace);
        if (cameRound != null) {
            return;
        }
        Timestamp at = piece.cameRound;
        for (Map.Entry<String, Timestamp> e : piece.passed.entrySet()) {
            if (passed.containsKey(e.getKey()) && (at == null || e.getValue().isBefore(at))) {
                at = e.getValue();
            }
        }
        cameRound = at;
        if (cameRound == null) {
            piece.passed.forEach(passed::putIfAbsent);
        }
    }

    void count(Timestamp time, InputFile file, long line, ReleaseEvidence lineReleases, boolean processing, boolean namesNothing) {
        count++;
        if (processing) {
            processed(1, time, time);
            work.add(time);
        }
        if (namesNothing) {
            nameless.add(time);
        }
        files.add(file.displayPath());
        if (!Objects.equals(lineReleases, ReleaseEvidence.NONE)) {
            evidence(lineReleases);
        }
        if (last != null && time.isBefore(last)) {
            backwards++;
            if (firstBackwards == null) {
                firstBackwards = file.at(line).toString();
            }
        }
        if (first == null) {
            first = time;
            firstRecord = file.at(line).toString();
        }
        last = time;
        span(time, time);
    }

    /**
     * A record counted at {@code from} (a klog line before any record that gives its year, at a placeholder year) now read at
     * {@code to}: the run's first, last and span take it, and a record that names nothing joins the nameless spread there.
     */
    void retimed(Timestamp from, Timestamp to, boolean namesNothing) {
        if (from.equals(first)) {
            first = to;
        }
        if (from.equals(last)) {
            last = to;
        }
        if (from.equals(earliest)) {
            earliest = to;
        }
        if (from.equals(latest)) {
            latest = to;
        }
        span(to, to);
        if (namesNothing) {
            nameless.add(to);
        }
    }

    private void span(Timestamp from, Timestamp to) {
        if (from != null && (earliest == null || from.isBefore(earliest))) {
            earliest = from;
        }
        if (to != null && (latest == null || latest.isBefore(to))) {
            latest = to;
        }
    }

    void evidence(ReleaseEvidence e) {
        releases = releases.and(e);
        if (e != lastEvidence) {
            lastEvidence = e;
            if (seenEvidence.add(e)) {
                evidence.add(e);
            }
        }
    }

    /**
     * Adds a piece of this run read apart (its lines come after every line taken so far): the same
     * counts, times, lines going back in time, work, release and leadership as its lines one by one.
     */
    void absorb(ControllerRun piece) {
        if (cutFrom != null && piece.earliest != null) {
            cuts.add(new ControllerProcess.Gap(cutFrom, piece.earliest));
            cutFrom = null;
        }
        cuts.addAll(piece.cuts);
        count += piece.count;
        if (piece.processed > 0) {
            processed(piece.processed, piece.firstProcessed, piece.lastProcessed);
        }
        roundUnknown |= piece.roundUnknown;
        cameRound(piece);
        nameless.add(piece.nameless);
        work.add(piece.work);
        files.addAll(piece.files);
        for (ReleaseEvidence e : piece.evidence) {
            evidence(e);
        }
        if (piece.first != null) {
            if (last != null && piece.first.isBefore(last)) {
                backwards++;
                if (firstBackwards == null) {
                    firstBackwards = piece.firstRecord;
                }
            }
            if (first == null) {
                first = piece.first;
                firstRecord = piece.firstRecord;
            }
            last = piece.last;
        }
        span(piece.earliest, piece.latest);
        backwards += piece.backwards;
        if (firstBackwards == null) {
            firstBackwards = piece.firstBackwards;
        }
        for (int i = 0; i < piece.elections.size(); i++) {
            leadership(piece.elections.get(i), piece.electionTimes.get(i));
        }
        if (piece.bannerDue != null) {
            bannerDue = piece.bannerDue;
        }
        if (count == piece.count) {
            loadOnly = piece.loadOnly; // the run's first piece
        }
        quiet &= piece.quiet;
        startStep = Math.max(startStep, piece.startStep);
    }

    /** A worker's {@code Processing workflow} lines: the run took Workflows up. */
    private void processed(long n, Timestamp from, Timestamp to) {
        processed += n;
        if (firstProcessed == null || from.isBefore(firstProcessed)) {
            firstProcessed = from;
        }
        if (lastProcessed == null || to.isAfter(lastProcessed)) {
            lastProcessed = to;
        }
    }

    /** As {@link #count} for each record of the run. */
    void countRun(CountedRun r, InputFile file, long lineBase) {
        count += r.records;
        if (r.processed > 0) {
            processed(r.processed, r.firstProcessed, r.lastProcessed);
        }
        roundUnknown |= r.roundUnknown;
        r.passed.keySet().forEach(this::addNamespace);
        if (cameRound == null) {
            Timestamp at = r.cameRound;
            for (Map.Entry<String, Timestamp> e : r.passed.entrySet()) {
                if (passed.containsKey(e.getKey()) && (at == null || e.getValue().isBefore(at))) {
                    at = e.getValue();
                }
            }
            cameRound = at;
            if (at == null) {
                r.passed.forEach(passed::putIfAbsent);
            }
        }
        nameless.add(r.nameless);
        work.add(r.work);
        files.add(file.displayPath());
        for (ReleaseEvidence e : r.releases) {
            if (!Objects.equals(e, ReleaseEvidence.NONE)) {
                evidence(e);
            }
        }
        if (last != null && r.first.isBefore(last)) {
            backwards++;
            if (firstBackwards == null) {
                firstBackwards = file.at(lineBase + r.firstLine).toString();
            }
        }
        backwards += r.backwards;
        if (firstBackwards == null && r.firstBackwardsLine >= 0) {
            firstBackwards = file.at(lineBase + r.firstBackwardsLine).toString();
        }
        if (first == null) {
            first = r.first;
            firstRecord = file.at(lineBase + r.firstLine).toString();
        }
        last = r.last;
        span(r.earliest, r.latest);
    }

    void add(LogEvent e, InputFile file, ReleaseEvidence lineReleases, boolean namesNothing) {
        add(e, e.time(), file, lineReleases, namesNothing);
    }

    /** As {@link #add(LogEvent, InputFile, ReleaseEvidence, boolean)} with the event's time at hand ({@link LogEvent#time()} makes one). */
    void add(LogEvent e, Timestamp time, InputFile file, ReleaseEvidence lineReleases, boolean namesNothing) {
        count(time, file, e.source().line(), lineReleases, e.event() instanceof ControllerEvent.WorkflowProcessing, namesNothing);
        if (e.event() instanceof ControllerEvent.WorkflowProcessing) {
            // Read from the text as a counted pass is (PassKeys): the same whichever lines the reading keeps.
            pass(PassKeys.of(e.text()), time);
        }
        if (e.event() instanceof LeaderElection le) {
            leadership(le, time);
            switch (le.change()) {
                case STARTED_LEADING -> bannerDue = !bannerSeen;
                case NEW_LEADER -> {
                    // client-go's report of the holder, its own beside the acquisition: changes nothing due
                }
                default -> bannerDue = false;
            }
        } else if (e.event() instanceof ControllerEvent.ControllerStarted) {
            bannerSeen = true;
            bannerDue = false;
        }
    }

    /** A banner among the run's lines so far (a banner before the acquisition, as logs of either order are read, is not due again). */
    private boolean bannerSeen;

    private void leadership(LeaderElection le, Timestamp time) {
        elections.add(le);
        electionTimes.add(time);
        // Its identity: starting/stopped leading id=, or (election on, v3.4.18-v4.1.2) the new leader line of its own acquisition.
        String named = own.accept(le, time);
        if (named != null) {
            leaderIdentity = named;
        }
        switch (le.change()) {
            case DISABLED -> leadership = Leadership.SINGLE_INSTANCE;
            case STARTED_LEADING -> {
                if (!"single-instance".equals(le.identity())) {
                    leadership = Leadership.LEADER;
                }
            }
            case ACQUIRING, NEW_LEADER -> {
                if (leadership == Leadership.UNKNOWN) {
                    leadership = Leadership.STANDBY;
                }
            }
            case STOPPED_LEADING -> {
                // Only a holder loses the Lease: a run whose lines said nothing of it, or only waited, led (its acquisition not read).
                if (leadership == Leadership.UNKNOWN || leadership == Leadership.STANDBY) {
                    leadership = Leadership.LED_BY_STOP;
                }
            }
            default -> throw new IllegalStateException(le.change().name());
        }
    }

    ControllerProcess process() {
        boolean renamed = from == ReplicaSource.FILE && leaderIdentity != null;
        // Workflow workers run only while the run leads: a "standby" by its election lines whose workers processed Workflows led, the
        // line of its taking the lease cut off (session 36: such a leader's releases were not quoted).
        Leadership read = leadership == Leadership.STANDBY && processed > 0 ? Leadership.LED_BY_WORK : leadership;
        return new ControllerProcess(id, renamed ? leaderIdentity : key, renamed ? ReplicaSource.LEADER_ELECTION : from, incarnation,
                releases.describe(), read, List.copyOf(files), earliest, latest, count,
                processed == 0 ? ControllerProcess.Work.NONE : new ControllerProcess.Work(processed, firstProcessed, lastProcessed, work.gapList(),
                        // lines read going back in time (a paste newest first) or passes counted unnamed: the order of passes is not known
                        roundUnknown || backwards > 0 ? null : cameRound, passNamespaces()),
                cut(nameless.nameless(), cuts));
    }

    /**
     * The run's nameless records with the stretches of missing pieces among their gaps: a claim that a line is absent there reads
     * the run as cut, as where a head and a tail were pasted together. Gaps that overlap are joined; a run without nameless records
     * stays without (it is read as cut everywhere).
     */
    static ControllerProcess.Nameless cut(ControllerProcess.Nameless n, List<ControllerProcess.Gap> cuts) {
        if (cuts.isEmpty() || n.records() == 0) {
            return n;
        }
        List<ControllerProcess.Gap> all = new ArrayList<>(n.gaps());
        all.addAll(cuts);
        all.sort((a, b) -> a.from().compareInstant(b.from()));
        List<ControllerProcess.Gap> joined = new ArrayList<>();
        for (ControllerProcess.Gap g : all) {
            ControllerProcess.Gap before = joined.isEmpty() ? null : joined.get(joined.size() - 1);
            if (before != null && g.from().compareInstant(before.to()) <= 0) {
                if (g.to().compareInstant(before.to()) > 0) {
                    joined.set(joined.size() - 1, new ControllerProcess.Gap(before.from(), g.to()));
                }
            } else {
                joined.add(g);
            }
        }
        return new ControllerProcess.Nameless(n.records(), n.first(), n.last(), joined);
    }

    /** The namespaces of the Workflows the passes named. */
    private java.util.Set<String> passNamespaces() {
        passed.keySet().forEach(this::addNamespace);
        return passNamespaces;
    }

    /** A pass key's namespace ({@code <namespace>/<workflow>}, {@code PassKeys}). */
    private void addNamespace(String key) {
        int slash = key == null ? -1 : key.indexOf('/');
        if (slash > 0) {
            passNamespaces.add(key.substring(0, slash));
        }
    }
}
