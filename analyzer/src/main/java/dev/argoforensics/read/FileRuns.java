package dev.argoforensics.read;

import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerEvent.ControllerStarted;
import dev.argoforensics.event.ControllerEvent.LeaderChange;
import dev.argoforensics.event.ControllerEvent.LeaderElection;
import dev.argoforensics.event.ControllerProcess.ReplicaSource;
import dev.argoforensics.event.EventType;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The controller-run pieces of one file, in the order they open: what {@link ControllerRuns.InSet}
 * does over a rotated set, done within one file without knowing the files before it. A piece is a
 * local run (a {@link ControllerRun} numbered within the file) that either continues whatever run its
 * replica had at the file's start, or starts at a {@code Starting Workflow Controller} line (then it
 * is a new run if the replica's run so far has a line, as {@code streamFor} decides). The stitch
 * ({@link ReadingStitch}) gives each piece its run: pieces of one replica never overlap, so a piece is
 * whole when the next of its replica opens.
 *
 * <p>With leader election the banner is not a process's first line: the controller calls {@code Run} (which logs {@code
 * Starting Workflow Controller}) from client-go's {@code OnStartedLeading}, so a standby logs {@code attempting to acquire leader
 * lease}, {@code new leader}, and on taking the Lease {@code successfully acquired lease}, and only then the banner, all in one
 * process (v3.7 and v4 {@code cmd/workflow-controller/main.go}; single-instance mode logs {@code Leader election is turned off} and
 * {@code starting leading} before it too). So a banner right after this piece's own acquisition (or its {@code turned off}, the
 * {@code starting leading} between lost from an excerpt) continues the piece; and since the
 * process exits after {@code stopped leading} and logs {@code attempting to acquire} (or {@code Leader election is turned off})
 * once, at its start, such a line after {@code stopped leading}, or after another of them, opens a new piece (a restarted
 * container). Within one file only: a piece that continues a run from an earlier file starts with nothing known of its election;
 * one that opens at a banner with nothing of its election before it ({@link Piece#atBanner}) is told to the stitch, which
 * continues the replica's run with it where that run ended in its own acquisition (a rotation cut before the banner).
 *
 * <p>With election on, a process logs no Workflow work before it holds the Lease ({@code Run}, which starts the informers and the
 * workers, is called from {@code OnStartedLeading}; single-instance mode calls it after {@code starting leading}). So an election
 * start in a piece that logged Workflow work with no election line of its own before it (the tail of a log, {@code kubectl logs
 * --tail}, then the next process's log from its start, pasted one after the other) is another process's: the piece's work was a
 * process that had been leading before the file began. Whether it is told only by the lines after it: in a stream of two
 * replicas merged with no name on the lines (a log store's export, {@code kubectl logs -l} without {@code --prefix}), a standby's
 * start falls inside the leader's work. So the election start and the lines of its replica after it are held ({@link #holding}):
 * the process taking the Lease ({@code successfully acquired lease}, {@code starting leading}), its banner or another election
 * start opens a new piece with them; Workflow work (or {@code stopped leading}, a leader's line) before that says the leader goes
 * on and they join the piece as before, as they do when too many wait ({@link #HOLD_AT_MOST}). At the file's end nothing said the
 * leader goes on, and the held start is still a later process's (a standby that started and polls the Lease, the file ending before
 * it takes it): a new piece opens with them (session 50; before, they joined the piece, and the old process seemed to log on
 * through the standby's lines). In a merged stream the leader's lines after the file's end are not given either way: its piece ends
 * at its last line, as where the file ended before the standby's start.
 */
final class FileRuns {
    /** Whether a piece continues its replica's run or opens at a controller start. */
    enum Start { CONTINUES, STARTS }

    /** Whether a piece is a start beside its replica's current piece ({@link Piece#aside}), and whether it ends its key's lines in the file. */
    enum Aside { NO, WITHIN, AT_END }

    /**
     * One piece: {@code part.id} is its local number, its index in {@link #pieces()}.
     *
     * @param atBanner it starts at a {@code Starting Workflow Controller} line with nothing of its replica's election before it in
     *                 this file: the stitch continues the replica's run with it where that run's last election line was its own
     *                 acquisition of the Lease and no banner followed (a rotation cut between the two; {@link ControllerRun#bannerDue})
     * @param aside    a start that ended before its load, opened beside the replica's current piece (session 62): its lines are all
     *                 placed as it opens, and the current piece goes on (in a stream of two replicas merged with no name on the lines,
     *                 a crash-looping replica's starts fall among the leader's lines, and the leader's later work is not theirs); the
     *                 stitch gives it a run of its own and keeps the replica's run; {@code AT_END}: it opened at the file's end, where
     *                 the next file's first lines may go on with its start ({@code seam})
     * @param seam     the step of a process's start ({@link #PPROF} to {@link #SCOPED}) its first line is, where that line is its key's
     *                 first in the file and the piece opens at the start it began; -1 otherwise. The stitch continues with it a run
     *                 that is only a start's first steps so far, at an earlier step (a rotation cut inside a start: pprof's line at the
     *                 end of {@code .log.1}, the load at the top of {@code .log}; session 62)
     */
    record Piece(Start start, ControllerRun part, boolean atBanner, Aside aside, int seam) {
        Piece(Start start, ControllerRun part, boolean atBanner) {
            this(start, part, atBanner, Aside.NO, -1);
        }

        String key() {
            return part.key;
        }
    }

    /** Told as each piece opens (the live stitch resolves it then); may be null. */
    interface Opened {
        void opened(Piece piece);
    }

    private final String setFileName;
    private final Opened opened;
    private final Map<String, Piece> current = new HashMap<>();
    /** What the current piece of each key said of the election so far (see the class comment). */
    private final Map<String, Election> elections = new HashMap<>();

    /**
     * A piece's election so far: nothing, its start with election on ({@code attempting}), single-instance mode ({@code turned
     * off}, its {@code starting leading} not seen yet), the Lease taken (no banner yet), the banner logged (before or after the
     * election's lines, as logs of either order are read), the Lease given up.
     */
    private enum State { NONE, STARTED, OFF, ACQUIRED, BANNER, STOPPED }

    /** @param started the piece logged its process's election start ({@code attempting to acquire}, {@code turned off}) */
    private record Election(State state, boolean started) {
        static final Election NONE = new Election(State.NONE, false);
    }
    private final List<Piece> pieces = new ArrayList<>();
    /** Keys whose current piece logged Workflow work after its banner ({@link #streamFor}'s acquisition after it). */
    private final Set<String> workSinceBanner = new HashSet<>();
    /** Keys whose current piece logged Workflow work before any election line of its own (see the class comment). */
    private final Set<String> unelectedWork = new HashSet<>();
    /**
     * The latest time of a record of the key's current piece: an election start before it is not a later process's (the same
     * log asked for again from its start after its tail, see {@link #earlier}).
     */
    private final Map<String, Timestamp> latest = new HashMap<>();
    /** Lines held since an election start that may be another process's, by key, each placed once its piece is known. */
    private final Map<String, Held> held = new HashMap<>();

    /**
     * @param begun the held election start's state ({@code attempting}: STARTED, {@code turned off}: OFF), or null while the hold
     *              is a pasted {@code logs} command's prompt's, no election start after it yet ({@link #logsPrompt})
     */
    private record Held(State begun, List<Consumer<ControllerRun>> lines, int[] others, boolean startup, boolean[] scoped, int[] step,
                        int first, boolean atFileStart) {
        Held(State begun, List<Consumer<ControllerRun>> lines) {
            this(begun, lines, new int[1], false, new boolean[1], new int[] {LOADED}, LOADED, false);
        }

        /**
         * A load of the ConfigMap, or a line a process logs before it ({@link #prestart}, {@code step} its step), held until what
         * follows it says whose it is; {@code scoped}: its scope line came.
         */
        static Held startup(boolean scoped, int step, boolean atFileStart) {
            return new Held(null, new ArrayList<>(), new int[1], true, new boolean[] {scoped}, new int[] {step},
                    scoped ? SCOPED : step, atFileStart);
        }

        /** Its first line is one only a start logs (pprof's, the namespace warning). */
        boolean byStart() {
            return first <= NAMESPACE_WARNING;
        }

        boolean loaded() {
            return step[0] == LOADED;
        }

        /**
         * A start for certain: a load, or a line only a start logs (pprof's, the namespace warning); a request line alone is not (a
         * running process gets ConfigMaps too), and a banner or election start after it does not make it a start's.
         */
        boolean aStart() {
            return loaded() || byStart();
        }
    }

    /**
     * The steps of a process's start before its load, in the order main.go logs them: pprofutil.Init's line, the managed-namespace
     * warning, the load's GET of the ConfigMap past 5 s, the same GET's request line; then the load ({@link #LOADED}).
     */
    static final int PPROF = 0;
    static final int NAMESPACE_WARNING = 1;
    static final int WAITED_GET = 2;
    static final int REQUEST_GET = 3;
    static final int LOADED = 4;
    /** A load's last line ({@link #scopeLine}), as the first line of a start's hold or a run's step ({@link Piece#seam}). */
    static final int SCOPED = 5;

    /** The step of a start a line is ({@link #PPROF} to {@link #SCOPED}), -1 if none. */
    static int startStep(ControllerEvent event) {
        return scopeLine(event) ? SCOPED : loadStart(event) ? LOADED : prestart(event);
    }

    /**
     * Records other than a load's own lines a held load waits through at most before it is the current piece's: a load logs its
     * persistence lines (up to five with a database) between its first line and its scope line, a process without election logs
     * little more before its banner; a reload in a running process is followed by that process's lines, which end the hold.
     */
    static final int STARTUP_HOLD_AT_MOST = 16;
    /**
     * Lines held at most: a standby waiting for the Lease logs a few; more and the piece keeps them, as before. Its own election
     * lines do not count (session 50): a standby that polls the Lease logs {@code healthz: current pod is not the leader} at every
     * liveness probe and {@code new leader} at every change of holder, for as long as it stands by, and none of them is the leader's.
     */
    static final int HOLD_AT_MOST = 64;
    /**
     * Records of any key read while a hold is open, at most: the file's kept events wait with the held ones (nothing is handed over
     * before they are placed), so a hold other replicas' lines outlast ends as the file's end would end it. Counted in lines, not
     * in kept events, so that where it ends does not depend on the chunks or on which lines are kept.
     */
    static final int LINES_WHILE_HOLDING = 4096;
    private long linesWhileHolding;

    /** The lines only a leading controller logs: its Workflow workers', its pod informer's and pod-cleanup workers'. */
    private static final Set<EventType> WORK = EnumSet.of(EventType.WORKFLOW_PROCESSING, EventType.WORKFLOW_UPDATED,
            EventType.POD_CREATED, EventType.TASK_RESULT_RECONCILIATION, EventType.TASK_RESULT_INCOMPLETE, EventType.TASK_RESULT_FORCED,
            EventType.WORKFLOW_POD_MISSING, EventType.POD_STOPPING, EventType.POD_RESTART_QUALIFIED, EventType.NODE_MARKED_ERROR,
            EventType.NODE_INITIALIZED, EventType.NODE_PHASE_CHANGED, EventType.NODE_MESSAGE_CHANGED, EventType.NODE_FINISHED,
            EventType.NODE_CHANGED, EventType.POD_INFORMER_EVENT, EventType.FINALIZERS_ON_DELETE, EventType.POD_CLEANUP_SCHEDULED,
            EventType.POD_CLEANUP_QUEUED, EventType.POD_CLEANUP_STARTED, EventType.POD_CLEANUP_FAILED);

    /** Whether a line of this type is Workflow work (only a leading controller logs it). */
    static boolean work(EventType type) {
        return type != null && WORK.contains(type);
    }

    /** @param setName the display path of the file's rotated set ({@link dev.argoforensics.source.RotatedSet#name()}) */
    FileRuns(String setName, Opened opened) {
        this.setFileName = setName.substring(setName.lastIndexOf('/') + 1);
        this.opened = opened;
    }

    /**
     * The piece a kept line of {@code origin} belongs to: a controller start opens a new one, unless it follows the piece's own
     * acquisition of the Lease; an election start after {@code stopped leading} or after another election start does too.
     */
    ControllerRun streamFor(String origin, ReplicaSource from, ControllerEvent event) {
        return streamFor(origin, from, event, null, null);
    }

    /**
     * As {@link #streamFor(String, ReplicaSource, ControllerEvent)}, {@code type} the line's event type (Workflow work tells a
     * held election start apart, see the class comment), {@code time} the line's (null if none). The caller asks {@link #holding}
     * after: a held line is placed later.
     */
    ControllerRun streamFor(String origin, ReplicaSource from, ControllerEvent event, EventType type, Timestamp time) {
        String key = origin != null ? origin : setFileName;
        passing = null;
        boolean firstOfKey = !current.containsKey(key);
        bound(1);
        if (held.containsKey(key)) {
            settle(key, event, work(type), 1);
        }
        boolean loadHeld = held.containsKey(key) && held.get(key).startup();
        Election before = current.containsKey(key) ? elections.getOrDefault(key, Election.NONE) : Election.NONE;
        boolean start = false;
        Election after = before;
        if (event instanceof ControllerStarted) {
            // One banner per process, right after its acquisition: a banner after another (or after no acquisition) is a new process.
            // Single-instance mode logs only 'starting leading' between 'turned off' and the banner, so a banner after 'turned off'
            // alone is that process too (an excerpt that lost the line between); an attempt with no acquisition is not.
            start = before.state != State.ACQUIRED && before.state != State.OFF;
            after = new Election(State.BANNER, !start && before.started);
        } else if (event instanceof LeaderElection le) {
            switch (le.change()) {
                case ACQUIRING, DISABLED -> {
                    // Logged once per process, at its start: after another such line, after the Lease was taken or given up, a new one;
                    // at the replica's first line in this file too (kubectl's previous and current container, each from its start),
                    // as a banner there would be (a new run only if the replica's run so far has a line).
                    start = !current.containsKey(key) || before.started || before.state == State.ACQUIRED || before.state == State.STOPPED;
                    State begun = le.change() == ControllerEvent.LeaderChange.DISABLED ? State.OFF : State.STARTED;
                    after = new Election(!start && before.state == State.BANNER ? State.BANNER : begun, true);
                }
                case STARTED_LEADING -> {
                    if (before.state == State.BANNER && before.started && workSinceBanner.contains(key) && !earlier(key, time)) {
                        // The Lease taken after the piece's own start, banner and work (no stopped leading): another process's, as a
                        // process acquires once (client-go's loop ends with leading; it exits after stopped leading). A standby's, in a
                        // merged stream, after the leader died, or a restart's whose attempt was held as the leader's (session 61).
                        start = true;
                        after = new Election(State.ACQUIRED, false);
                    } else {
                        after = before.state == State.STOPPED || before.state == State.BANNER ? before
                                : new Election(State.ACQUIRED, before.started);
                    }
                }
                case STOPPED_LEADING -> after = new Election(State.STOPPED, before.started);
                default -> {
                }
            }
        }
        // An election start after the piece's own Workflow work with nothing of its election before: held (the class comment).
        boolean electionStart = event instanceof LeaderElection le
                && (le.change() == LeaderChange.ACQUIRING || le.change() == LeaderChange.DISABLED);
        // An attempt at the Lease while the piece leads (its own election start, then its acquisition or banner; no stopped leading):
        // a restart's (the process died without a line) or, in a stream of two replicas merged with no name on the lines (kubectl
        // logs -f -l without --prefix, a log store's export), a standby's start. Held as above (session 61): the process that
        // logged it taking the Lease or logging its banner opens its piece; the leader's work first says the leader goes on, as with
        // election on no process logs work before it holds the Lease. Before, the attempt opened a new piece at once and the
        // leader's later work was read as the standby's process's, the leader's run ending at its banner. The standby's load
        // held before its attempt (every start logs it: pprof's line, the dump) is held on with the attempt, not a start at once
        // (s61 breaker: with the load before it, the attempt still opened a piece that took the leader's later work).
        boolean standbyInLeader = start && event instanceof LeaderElection la && la.change() == LeaderChange.ACQUIRING && before.started
                && (before.state == State.BANNER || before.state == State.ACQUIRED) && !earlier(key, time);
        if (standbyInLeader) {
            start = false;
            after = before;
        }
        boolean hold = standbyInLeader || (!start && electionStart && unelected(before) && unelectedWork.contains(key) && !earlier(key, time));
        if (loadHeld && electionStart && !hold && !earlier(key, time)) {
            // A process's election start right after a load of the ConfigMap: its start (main.go loads it in NewWorkflowController,
            // then elects); the load is its first lines, whatever the piece held before (session 60).
            start = true;
            after = new Election(le(event).change() == LeaderChange.DISABLED ? State.OFF : State.STARTED, true);
        }
        if (!hold && electionStart && held.containsKey(key) && held.get(key).begun() == null && !loadHeld) {
            place(key, current.get(key).part()); // a prompt's hold, and the start after it is no later process's: the piece goes on
        }
        // A banner whose start's first line (pprof's) was held here does not open its piece (that line does): no rotation cut
        // before the banner, whatever the replica's run before it (a start that ended before its load, session 61).
        boolean startHere = loadHeld && held.get(key).first() == PPROF;
        // A start's hold that began at its key's first line in this file, after pprof's line: the rest of a start the file before
        // may have begun (a rotation cut inside it; the stitch decides, Piece#seam).
        int seam = start && loadHeld && held.get(key).atFileStart() && held.get(key).first() > PPROF ? held.get(key).first() : -1;
        ControllerRun run = streamFor(origin, from, start, start && event instanceof ControllerStarted && before.state == State.NONE && !startHere,
                seam);
        if (loadHeld && !hold && (electionStart || event instanceof ControllerStarted) && held.containsKey(key)) {
            // The banner or election start a held load waited for: a new process's piece takes it (its start), else the piece goes on.
            place(key, run);
        }
        elections.put(key, after);
        seen(key, time);
        if (work(type) && unelected(before)) {
            unelectedWork.add(key);
        }
        if (work(type) && after.state == State.BANNER) {
            workSinceBanner.add(key);
        }
        if (hold) {
            if (held.isEmpty()) {
                linesWhileHolding = 0;
            }
            Held prompt = held.get(key);
            held.put(key, new Held(((LeaderElection) event).change() == LeaderChange.DISABLED ? State.OFF : State.STARTED,
                    prompt == null ? new ArrayList<>() : prompt.lines()));
        } else if ((loadStart(event) || scopeLine(event) || prestart(event) >= 0) && !held.containsKey(key)) {
            // A load of the ConfigMap: a process's first lines, before its election and its banner, or a reload of a running one.
            // Held until what follows says which (session 60; before, a start with no election line read its load as a run of its
            // own, a phantom before the banner, and a restart gave it to the process before). A line main.go logs before the load
            // (session 61) is held as the load is, and the load after it joins the hold.
            if (held.isEmpty()) {
                linesWhileHolding = 0;
            }
            int step = prestart(event);
            held.put(key, Held.startup(scopeLine(event), step >= 0 ? step : LOADED, firstOfKey));
        }
        return run;
    }

    private static LeaderElection le(ControllerEvent event) {
        return (LeaderElection) event;
    }

    /** The first line of a load of the controller ConfigMap: v3's {@code Configuration:} dump, or {@code Configuration updated}. */
    static boolean loadStart(ControllerEvent event) {
        return event instanceof ControllerEvent.Signal s && (CONFIGURATION_SIGNAL.equals(s.name()) || CONFIG_LOAD_SIGNAL.equals(s.name()));
    }

    /**
     * The step of a process's start before its load the line is ({@link #PPROF} to {@link #REQUEST_GET}), -1 if none: pprof's line
     * or the namespace warning ({@code controller-prestart}), a GET of a ConfigMap that waited past 5 s (v3's words, v4's {@code Waited
     * for K8S request} with the ConfigMap in its URL, session 62) or its request line.
     */
    static int prestart(ControllerEvent event) {
        if (!(event instanceof ControllerEvent.Signal s)) {
            return -1;
        }
        if (PRESTART_SIGNAL.equals(s.name())) {
            return "namespace".equals(s.attributes().get("step")) ? NAMESPACE_WARNING : PPROF;
        }
        boolean getConfigMap = "Get".equals(s.attributes().get("verb"))
                && ("configmaps".equals(s.attributes().get("kind")) || oneConfigMap(s.attributes().get("url")));
        if (getConfigMap && "k8s-request-waited".equals(s.name())) {
            return WAITED_GET;
        }
        return getConfigMap && "k8s-request".equals(s.name()) ? REQUEST_GET : -1;
    }

    /** A URL of one ConfigMap (v4's {@code Waited for K8S request} names it in its {@code url} key, not in a kind; session 62). */
    static boolean oneConfigMap(String url) {
        if (url == null) {
            return false;
        }
        int q = url.indexOf('?');
        String path = q < 0 ? url : url.substring(0, q);
        int at = path.lastIndexOf("/configmaps/");
        return at >= 0 && path.indexOf('/', at + "/configmaps/".length()) < 0 && path.length() > at + "/configmaps/".length();
    }

    /** The last line of a load: {@code updateConfig}'s line with {@code executorImage} and {@code managedNamespace}. */
    static boolean scopeLine(ControllerEvent event) {
        return event instanceof ControllerEvent.Signal s && SCOPE_SIGNAL.equals(s.name());
    }

    /** Signals of a load's lines (catalog; the same names as {@code correlate.RunScopes}'s, which the reading cannot import). */
    static final String SCOPE_SIGNAL = "controller-scope";
    static final String CONFIGURATION_SIGNAL = "controller-configuration";
    static final String CONFIG_LOAD_SIGNAL = "controller-config-load";
    static final String PRESTART_SIGNAL = "controller-prestart";

    /**
     * A held load's next line(s) of its key, a banner or election start aside (decided with the start, {@link #streamFor}): another
     * load begins (the held one was a reload's), Workflow work or another election line (the process goes on), or more records than
     * a start logs before its banner: the current piece takes the held lines. Anything else waits with them.
     */
    private void settleStartup(String key, ControllerEvent event, boolean work, long records) {
        Held h = held.get(key);
        LeaderChange change = event instanceof LeaderElection le ? le.change() : null;
        if (event instanceof ControllerStarted || change == LeaderChange.ACQUIRING || change == LeaderChange.DISABLED) {
            if (!h.aStart()) {
                place(key, current.get(key).part()); // a request line alone: the running process's, the start decided without it
            }
            return;
        }
        boolean scope = scopeLine(event);
        int step = prestart(event);
        if (!h.loaded() && (loadStart(event) || scope || step > h.step()[0])) {
            // The start goes on: its next step before the load, or the load itself (its first line, or its last alone).
            h.step()[0] = loadStart(event) || scope ? LOADED : step;
            h.scoped()[0] |= scope;
            return;
        }
        if (step >= 0 && step <= h.step()[0] && step <= NAMESPACE_WARNING) {
            // A line only a start logs, again: the held lines are not that start's. A start that logged only its first steps is a
            // process of its own (it ended before its load: a crash loop's); a load, or a request line, is the current piece's.
            if (!h.loaded() && h.byStart()) {
                openStart(key, false);
            } else {
                place(key, current.get(key).part());
            }
            return;
        }
        if (!h.loaded() && h.byStart()) {
            // A start for certain that has not loaded yet (its pprof line or the namespace warning came): a line it does not log before
            // its load (Workflow work, an election line other than its own start, a GET of a ConfigMap again after its own) is another
            // process's, in a stream of replicas merged with no name on the lines. It goes to the current piece and the start's lines
            // wait on (session 62: before, work placed them in the current piece, and a crash loop's dead start there took the
            // leader's lines that came after it); too many lines, and the start ended before its load.
            if (work || change != null || (step >= WAITED_GET && step <= h.step()[0])) {
                passing = key;
            } else if ((h.others()[0] += records) > STARTUP_HOLD_AT_MOST) {
                openStart(key, false);
            }
            return;
        }
        if (work || change != null || loadStart(event) || (scope && h.scoped()[0])) {
            place(key, current.get(key).part());
            return;
        }
        if (scope) {
            h.scoped()[0] = true;
        } else if ((h.others()[0] += records) > STARTUP_HOLD_AT_MOST) {
            place(key, current.get(key).part());
        }
    }

    /**
     * A held key's next line: the process that started takes the Lease (or logs its banner, or another election start follows):
     * a new piece takes the held lines; Workflow work or {@code stopped leading} (the leader's) first: the current piece does.
     */
    private void settle(String key, ControllerEvent event, boolean work, long records) {
        LeaderChange change = event instanceof LeaderElection le ? le.change() : null;
        if (held.get(key).startup()) {
            settleStartup(key, event, work, records);
            return;
        }
        if (held.get(key).begun() == null) {
            // A prompt's hold: an election start makes it that start's (streamFor); anything else said first, the piece goes on.
            if (change != LeaderChange.ACQUIRING && change != LeaderChange.DISABLED
                    && (work || event instanceof ControllerStarted || change != null || held.get(key).lines().size() >= HOLD_AT_MOST)) {
                place(key, current.get(key).part());
            }
            return;
        }
        if (event instanceof ControllerStarted || change == LeaderChange.STARTED_LEADING || change == LeaderChange.ACQUIRING
                || change == LeaderChange.DISABLED) {
            openHeld(key);
        } else {
            if (change == null) {
                held.get(key).others()[0] += records; // lines that are not the standby's own election lines (new leader, healthz)
            }
            if (work || change == LeaderChange.STOPPED_LEADING || held.get(key).others()[0] > HOLD_AT_MOST) {
                place(key, current.get(key).part());
            }
        }
    }

    /**
     * Nothing of the piece's election before: no line of it, or only a banner (a rotation cut after the acquisition, or logs of
     * either order); an election start after the piece's work then is another process's as after no line.
     */
    private static boolean unelected(Election e) {
        return !e.started && (e.state == State.NONE || e.state == State.BANNER);
    }

    /**
     * Whether {@code time} is before a record the key's current piece already has. A process starts after the one before it ended,
     * so an election start earlier than the piece's lines is not the next process's: the same log asked for again from its start
     * after its tail ({@code kubectl logs --tail}, then {@code kubectl logs}), the tail printed twice. It stays in the piece, as
     * before session 48. (The previous container's log asked for after the current one's tail looks the same; its prompt,
     * {@code kubectl logs -p}, tells it apart: {@link #logsPrompt}.) Times that cannot be ordered (a time of day beside a dated one) say nothing.
     */
    private boolean earlier(String key, Timestamp time) {
        Timestamp last = latest.get(key);
        return time != null && last != null && time.isBefore(last);
    }

    /** A record of the key at {@code time} (null if none): the latest of its current piece's so far ({@link #earlier}). */
    private void seen(String key, Timestamp time) {
        if (time != null) {
            latest.merge(key, time, (a, b) -> a.comparable(b) && b.compareInstant(a) <= 0 ? a : b);
        }
    }

    /** Ends every hold that {@link #LINES_WHILE_HOLDING} records outlasted, as the file's end does ({@link #settleAll}). */
    private void bound(long records) {
        if (!held.isEmpty() && (linesWhileHolding += records) > LINES_WHILE_HOLDING) {
            settleAll(false);
        }
    }

    /**
     * A held election start with nothing of its replica after it that says the leader goes on: the process that logged it is
     * another one (a process logs it once, at its start, and the piece's own work came with nothing of its election before it), so
     * a new piece takes the held lines, as where the process takes the Lease ({@link #settle}).
     */
    private void openHeld(String key) {
        State begun = held.get(key).begun();
        ControllerRun run = streamFor(key, current.get(key).part().from, true, false);
        elections.put(key, new Election(begun, true)); // the new piece's election so far: the held start
        place(key, run);
    }

    /**
     * A held start with no load after it that ended (another start follows, or the file ends): a new piece takes its lines. Where
     * the current piece has lines, beside it ({@link Piece#aside}, session 62): the start's process logged only its held lines, and
     * whatever of the key comes after them (the next start's lines, or in a merged stream the leader's) is not that process's; the
     * current piece, its election so far and its work go on. {@code atEnd}: the file's end.
     */
    private void openStart(String key, boolean atEnd) {
        Piece now = current.get(key);
        if (now.part().count == 0) {
            place(key, streamFor(key, now.part().from, true, false));
            return;
        }
        Piece side = new Piece(Start.STARTS, new ControllerRun(pieces.size(), key, now.part().from, 0), false,
                atEnd ? Aside.AT_END : Aside.WITHIN, -1);
        pieces.add(side);
        if (opened != null) {
            opened.opened(side);
        }
        place(key, side.part());
    }

    private void place(String key, ControllerRun run) {
        held.remove(key).lines().forEach(line -> line.accept(run));
    }

    /**
     * A pasted prompt of a command that prints logs ({@code $ kubectl logs -f deploy/workflow-controller}), between lines of the
     * file's own key: the lines after it are another command's output, from the same process (the log asked for again) or another
     * one. Where the piece so far logged Workflow work with nothing of its election, they are held from here: an election start
     * among them holds on as its own hold does (the new process's lines before its election start, its configuration's, go with it).
     * {@code previous}: the command prints a Pod's previous container's log ({@code kubectl logs -p}); after a logs command of the
     * current container (or before one), its lines are another process's, the one before: a new piece opens with them.
     */
    void logsPrompt(boolean previous) {
        String key = setFileName;
        if (held.containsKey(key) && held.get(key).startup()) {
            place(key, current.get(key).part()); // a load at the end of a command's output: nothing after it in that output said whose
        }
        Boolean before = previousLogs;
        previousLogs = previous;
        if (before != null && before != previous) {
            // kubectl logs -p after kubectl logs (or the other way): the previous container's log and the current one's are two
            // processes whatever their lines say; the lines after the prompt open a new piece (kubectl prints no line of the restart).
            // Every replica's: under --prefix (or kubetail) a line's Pod keys its run, not the file (session 51: before, only the
            // file's key was split, and `kubectl logs -p --prefix` joined the previous container's lines to the current run). A key
            // the command before printed no line of since the switch before it is back at its own container: its mark is taken off.
            for (Map.Entry<String, Piece> e : List.copyOf(current.entrySet())) {
                if (held.containsKey(e.getKey())) {
                    place(e.getKey(), e.getValue().part());
                }
                if (!newProcess.remove(e.getKey())) {
                    newProcess.add(e.getKey());
                }
            }
            return;
        }
        if (current.containsKey(key) && !held.containsKey(key) && unelectedWork.contains(key)
                && unelected(elections.getOrDefault(key, Election.NONE))) {
            if (held.isEmpty()) {
                linesWhileHolding = 0;
            }
            held.put(key, new Held(null, new ArrayList<>()));
        }
    }

    /** Whether the latest pasted logs command printed a previous container's log ({@code kubectl logs -p}); null before any. */
    private Boolean previousLogs;
    /** Keys whose next line opens a new piece: a logs command of the other container was pasted before it ({@link #logsPrompt}). */
    private final Set<String> newProcess = new HashSet<>();

    /** Whether lines of {@code origin} are held now: the line just given to {@link #streamFor} is to be given to {@link #hold}. */
    boolean holding(String origin) {
        String key = origin != null ? origin : setFileName;
        return !held.isEmpty() && held.containsKey(key) && !key.equals(passing);
    }

    /**
     * The key whose line just given passes to its current piece though a start's lines of it are held ({@link #settleStartup}: a
     * line the held start does not log); null if none.
     */
    private String passing;

    /** Holds a line of {@code origin} ({@link #holding}): {@code place} counts it in its piece once that is known. */
    void hold(String origin, Consumer<ControllerRun> place) {
        held.get(origin != null ? origin : setFileName).lines().add(place);
    }

    /** Whether any line waits for its piece (the file's events cannot be handed over before). */
    boolean holdingAny() {
        return !held.isEmpty();
    }

    /**
     * The file's end (or {@link #LINES_WHILE_HOLDING} records of other keys while holding): nothing of a held replica after its
     * election start said the leader goes on, so a new piece opens with the held lines ({@link #openHeld}): a standby that started
     * and polls the Lease at the end of the file, after the old process's tail, is its own process (session 50; until then its
     * lines joined the old piece, whose run then seemed to log on through them). A prompt's hold with no election start after it
     * (the log asked for again) joins the current piece, as before.
     */
    void settleAll() {
        settleAll(true);
    }

    private void settleAll(boolean atEnd) {
        for (String key : List.copyOf(held.keySet())) {
            if (held.get(key).begun() != null) {
                openHeld(key);
            } else if (held.get(key).startup() && held.get(key).byStart()) {
                // A start whose log ends before its banner (session 61): its own process, not the last one's tail; a rotation cut
                // there, the next file's banner continues it (ControllerRun.onlyALoad).
                openStart(key, atEnd);
            } else {
                place(key, current.get(key).part());
            }
        }
    }

    /**
     * The piece {@code records} counted records of {@code origin} belong to ({@code work}: one of them is Workflow work, which settles a
     * hold), {@code time} the latest of them (null if none); ask {@link #holding} after.
     */
    ControllerRun counted(String origin, ReplicaSource from, boolean work, long records, Timestamp time) {
        String key = origin != null ? origin : setFileName;
        passing = null;
        bound(records);
        if (held.containsKey(key)) {
            settle(key, null, work, records);
        }
        ControllerRun run = counted(key, origin, from, work);
        seen(key, time);
        return run;
    }

    private ControllerRun counted(String key, String origin, ReplicaSource from, boolean work) {
        boolean heldNow = held.containsKey(key) && !key.equals(passing);
        if (work && !heldNow && (!current.containsKey(key) || unelected(elections.getOrDefault(key, Election.NONE)))) {
            unelectedWork.add(key);
        }
        if (work && !heldNow && current.containsKey(key) && elections.getOrDefault(key, Election.NONE).state == State.BANNER) {
            workSinceBanner.add(key);
        }
        return streamFor(origin, from, false, false);
    }

    /** The piece a line of {@code origin} belongs to; a controller start opens a new one. A held key's lines join its current piece. */
    ControllerRun streamFor(String origin, ReplicaSource from, boolean controllerStart) {
        String key = origin != null ? origin : setFileName;
        passing = null;
        if (held.containsKey(key)) {
            place(key, current.get(key).part());
        }
        return streamFor(origin, from, controllerStart, false);
    }

    private ControllerRun streamFor(String origin, ReplicaSource from, boolean controllerStart, boolean atBanner) {
        return streamFor(origin, from, controllerStart, atBanner, -1);
    }

    private ControllerRun streamFor(String origin, ReplicaSource from, boolean controllerStart, boolean atBanner, int seam) {
        String key = origin != null ? origin : setFileName;
        if (!newProcess.isEmpty() && newProcess.remove(key) && current.containsKey(key)) {
            controllerStart = true;
        }
        Piece p = current.get(key);
        if (controllerStart) {
            elections.remove(key);
            unelectedWork.remove(key);
            workSinceBanner.remove(key);
            latest.remove(key);
        }
        if (p == null || controllerStart) {
            p = new Piece(controllerStart ? Start.STARTS : Start.CONTINUES, new ControllerRun(pieces.size(), key, from, 0), controllerStart && atBanner,
                    Aside.NO, controllerStart ? seam : -1);
            current.put(key, p);
            pieces.add(p);
            if (opened != null) {
                opened.opened(p);
            }
        }
        return p.part();
    }

    List<Piece> pieces() {
        return pieces;
    }
}
