package dev.argoforensics.read;

import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerEvent.ControllerStarted;
import dev.argoforensics.event.ControllerEvent.LeaderElection;
import dev.argoforensics.event.ControllerProcess.ReplicaSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
 */
final class FileRuns {
    /** Whether a piece continues its replica's run or opens at a controller start. */
    enum Start { CONTINUES, STARTS }

    /**
     * One piece: {@code part.id} is its local number, its index in {@link #pieces()}.
     *
     * @param atBanner it starts at a {@code Starting Workflow Controller} line with nothing of its replica's election before it in
     *                 this file: the stitch continues the replica's run with it where that run's last election line was its own
     *                 acquisition of the Lease and no banner followed (a rotation cut between the two; {@link ControllerRun#bannerDue})
     */
    record Piece(Start start, ControllerRun part, boolean atBanner) {
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
        String key = origin != null ? origin : setFileName;
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
                case STARTED_LEADING -> after = before.state == State.STOPPED || before.state == State.BANNER ? before
                        : new Election(State.ACQUIRED, before.started);
                case STOPPED_LEADING -> after = new Election(State.STOPPED, before.started);
                default -> {
                }
            }
        }
        ControllerRun run = streamFor(origin, from, start, start && event instanceof ControllerStarted && before.state == State.NONE);
        elections.put(key, after);
        return run;
    }

    /** The piece a line of {@code origin} belongs to; a controller start opens a new one. */
    ControllerRun streamFor(String origin, ReplicaSource from, boolean controllerStart) {
        return streamFor(origin, from, controllerStart, false);
    }

    private ControllerRun streamFor(String origin, ReplicaSource from, boolean controllerStart, boolean atBanner) {
        String key = origin != null ? origin : setFileName;
        Piece p = current.get(key);
        if (controllerStart) {
            elections.remove(key);
        }
        if (p == null || controllerStart) {
            p = new Piece(controllerStart ? Start.STARTS : Start.CONTINUES, new ControllerRun(pieces.size(), key, from, 0), controllerStart && atBanner);
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
