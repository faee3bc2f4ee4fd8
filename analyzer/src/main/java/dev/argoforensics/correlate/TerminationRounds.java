package dev.argoforensics.correlate;

import dev.argoforensics.event.CleanupAction;
import dev.argoforensics.event.ControllerEvent.PodCleanupQueued;
import dev.argoforensics.event.ControllerEvent.PodCleanupStarted;
import dev.argoforensics.event.ControllerEvent.PodCreated;
import dev.argoforensics.event.ControllerEvent.Signal;
import dev.argoforensics.event.LogEvent;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How the controller stopped a Pod's containers, from the Pod's own lines: each time a cleanup worker
 * took a {@code terminateContainers} (SIGTERM) or {@code killContainers} (SIGKILL) item ({@code cleaning
 * up pod}), and the {@code signaled container} lines that followed it in the same stream (the worker
 * signals, one by one, only the containers the informer shows Running). A container signalled in a
 * round was Running, as the controller's cache saw it, when the round ran.
 *
 * @param rounds     the rounds in input order; a signal with no worker line before it (an excerpt) forms a
 *                   round of unknown action
 * @param requests   the operator's {@code queueing pod for cleanup action=terminateContainers} lines
 *                   (v3.6.5+; one per reconcile that found the Pod's main container(s) done and the Pod Running)
 * @param graceNanos the kill delay the pod controller logged ({@code queueing pod for cleanup after
 *                   action=killContainers after=…}, the Pod's {@code terminationGracePeriodSeconds}), or null
 * @param graceLine  the line that gave it, or null
 */
public record TerminationRounds(List<Round> rounds, List<LogEvent> requests, Long graceNanos, LogEvent graceLine) {
    public static final String SIGNALED = "signaled-container";

    public TerminationRounds {
        rounds = List.copyOf(rounds);
        requests = List.copyOf(requests);
    }

    /** One worker's pass: its {@code cleaning up pod} line (null if not in the logs) and the containers it signalled. */
    public record Round(CleanupAction action, LogEvent started, List<Signaled> signaled) {
        public Round {
            signaled = List.copyOf(signaled);
        }

        public boolean kill() {
            return action == CleanupAction.KILL_CONTAINERS;
        }
    }

    /**
     * One {@code signaled container} line.
     *
     * @param error  why the kill command could not be run, or null when it ran ({@code <nil>}, JSON null)
     * @param either logged while a SIGTERM round and a SIGKILL round of the Pod both ran in the stream (two cleanup workers),
     *               neither having signalled the container yet, its output not naming the signal: it is either round's. It is
     *               kept with the SIGKILL round: either way the container was Running, as the cache saw it, while that round ran
     */
    public record Signaled(LogEvent line, String container, String error, boolean either) {
        private static final java.util.regex.Pattern GONE = java.util.regex.Pattern.compile(
                "(?i)container not found|container .*is not running|not running|stopped container|no such container");
        /** {@code argoexec kill}'s own output ({@code killing <pid> with <signal>}), which the line's {@code stdout} carries. */
        private static final java.util.regex.Pattern SENT = java.util.regex.Pattern.compile("killing \\d+ with (terminated|killed)");

        /**
         * The signal the line's own output names: {@code argoexec kill} (the kill command wherever the executor is mounted) prints
         * {@code killing 1 with terminated} for SIGTERM and {@code killing 1 with killed} for SIGKILL, and the controller logs it as
         * {@code stdout}; null where it printed nothing ({@code kill -15 1} through {@code /bin/sh}, an annotation's command) or the
         * format dropped it (JSON prints the buffer as {@code {}}).
         */
        public CleanupAction sent() {
            String out = line.event() instanceof Signal s ? s.attribute("stdout") : null;
            java.util.regex.Matcher m = out == null ? null : SENT.matcher(out);
            if (m == null || !m.find()) {
                return null;
            }
            return "killed".equals(m.group(1)) ? CleanupAction.KILL_CONTAINERS : CleanupAction.TERMINATE_CONTAINERS;
        }

        /**
         * The exec failed because the container had already stopped (the informer had not caught up):
         * the signal found nothing left to stop (#13627's "unable to upgrade connection: container not found").
         */
        public boolean containerGone() {
            return error != null && GONE.matcher(error).find();
        }

        /** The signal reached a running container, or could not be delivered to one. */
        public boolean toRunning() {
            return !containerGone();
        }
    }

    /** Every signal by time across controller runs, each run's in its input order (not file by file: {@link EventOrder#inTimeOrder}). */
    public List<Signaled> signals() {
        List<Signaled> out = new ArrayList<>();
        rounds.forEach(r -> out.addAll(r.signaled()));
        return new ArrayList<>(EventOrder.inTimeOrder(out, Signaled::line));
    }

    /**
     * One Pod object of the name: the lines from a {@code Created pod} of the name (or the first line) to the next one.
     *
     * @param created the {@code Created pod} line it starts at, or null (lines before any: an earlier object's, or an
     *                excerpt's head)
     * @param next    the next {@code Created pod} of the name, where a later object's lines begin, or null
     * @param events  its lines, in input order
     * @param rounds  its rounds
     */
    public record PodRun(LogEvent created, LogEvent next, List<LogEvent> events, TerminationRounds rounds) {
        public PodRun {
            events = List.copyOf(events);
        }

        /** Whether the line comes before the next object of the name was created (always, when none was). */
        public boolean holds(LogEvent e) {
            return next == null || EventOrder.before(e, next);
        }
    }

    /**
     * The Pod's lines cut into the objects of its name. The controller logs {@code Created pod} only for a create the API
     * server accepted (an existing object logs {@code Failed pod … creation: already exists} instead), so each such line is
     * a new object: a Workflow deleted and submitted again under its name, {@code argo retry}, a Pod restarted. Pod names
     * repeat and the pod controller's queue keys ({@code <ns>/<pod>/<action>}) carry no UID, so a {@code killContainers}
     * item queued for one object may run against the next (session 43 breaker): each object's rounds are its own.
     */
    public static List<PodRun> runs(List<LogEvent> podEvents) {
        List<PodRun> out = new ArrayList<>();
        List<LogEvent> current = new ArrayList<>();
        LogEvent created = null;
        for (LogEvent e : podEvents) {
            if (e.event() instanceof PodCreated && !current.isEmpty()) {
                out.add(new PodRun(created, e, current, of(current)));
                current = new ArrayList<>();
                created = e;
            } else if (e.event() instanceof PodCreated) {
                created = e;
            }
            current.add(e);
        }
        if (!current.isEmpty()) {
            out.add(new PodRun(created, null, current, of(current)));
        }
        return out;
    }

    /**
     * The Pod's rounds, from its lines in input order ({@link PodHistory#events()}).
     *
     * <p>Several cleanup workers run at once ({@code podCleanup}, 4 by default) and their lines interleave; a line names no worker.
     * A worker's pass ends at no line of its own, so another item's {@code cleaning up pod} (another action of the Pod:
     * {@code labelPodCompleted}, {@code removeFinalizer}, {@code deletePod}) ends none (session 44: it had cut a SIGKILL round
     * from its signals, which then read as a round of unknown action and the SIGKILL round as one that signalled nothing). What
     * the queue guarantees: one key is never processed by two workers at once, and the key is {@code <ns>/<pod>/<action>}, so a
     * Pod has at most one SIGTERM and one SIGKILL round running in a stream, and a new round of an action follows the end of the
     * previous one. A SIGTERM round ends, in v3.6.5+, with its {@code queueing pod for cleanup after action=killContainers}. A
     * round signals each container at most once (one read of the cache, Running containers only). A signal goes to the open round
     * these leave; where both remain, to the one the line's {@code stdout} names ({@link Signaled#sent()}), else it is either's
     * ({@link Signaled#either()}).
     */
    public static TerminationRounds of(List<LogEvent> podEvents) {
        List<Builder> built = new ArrayList<>();
        Map<Integer, Open> open = new HashMap<>();
        List<LogEvent> requests = new ArrayList<>();
        Long grace = null;
        LogEvent graceLine = null;
        for (LogEvent e : podEvents) {
            if (e.event() instanceof PodCleanupStarted s) {
                if (s.cleanup() == CleanupAction.TERMINATE_CONTAINERS || s.cleanup() == CleanupAction.KILL_CONTAINERS) {
                    Builder b = new Builder(s.cleanup(), e);
                    built.add(b);
                    Open o = open.computeIfAbsent(e.stream(), k -> new Open());
                    if (s.cleanup() == CleanupAction.TERMINATE_CONTAINERS) {
                        o.terminate = b;
                    } else {
                        o.kill = b;
                    }
                    o.unknown = null;
                }
            } else if (e.event() instanceof PodCleanupQueued q) {
                if (q.cleanup() == CleanupAction.TERMINATE_CONTAINERS) {
                    requests.add(e);
                } else if (q.cleanup() == CleanupAction.KILL_CONTAINERS) {
                    Open o = open.get(e.stream());
                    if (o != null) {
                        o.terminate = null; // the SIGTERM round's worker queues the kill once it has signalled every container
                    }
                    if (q.afterNanos() != null && q.afterNanos() > 0 && grace == null) {
                        grace = q.afterNanos();
                        graceLine = e;
                    }
                }
            } else if (e.event() instanceof Signal s && SIGNALED.equals(s.name())) {
                String container = s.attribute("container") == null ? "" : s.attribute("container");
                Open o = open.computeIfAbsent(e.stream(), k -> new Open());
                Signaled probe = new Signaled(e, container, error(s.attribute("error")), false);
                CleanupAction sent = probe.sent();
                List<Builder> candidates = new ArrayList<>();
                for (Builder b : new Builder[] {o.terminate, o.kill}) {
                    if (b != null && !b.signals(container) && (sent == null || sent == b.action)) {
                        candidates.add(b);
                    }
                }
                Builder b;
                boolean either = false;
                if (candidates.size() == 1) {
                    b = candidates.get(0);
                } else if (candidates.size() == 2) {
                    b = o.kill;
                    either = true;
                } else if (o.unknown != null && !o.unknown.signals(container)) {
                    b = o.unknown;
                } else {
                    b = new Builder(null, null); // a signal whose worker line is not in the logs (an excerpt's head)
                    built.add(b);
                    o.unknown = b;
                }
                b.signaled.add(new Signaled(e, container, probe.error(), either));
            }
        }
        return new TerminationRounds(built.stream().map(b -> new Round(b.action, b.started, b.signaled)).toList(), requests, grace, graceLine);
    }

    /** The rounds of one stream still running: at most one per action (the queue's key), and signals with no worker line. */
    private static final class Open {
        Builder terminate;
        Builder kill;
        Builder unknown;
    }

    /** The logged error, or null when the exec worked: logrus and slog print a nil error as {@code <nil>}, JSON as null. */
    static String error(String logged) {
        if (logged == null) {
            return null;
        }
        String t = logged.strip();
        return t.isEmpty() || "<nil>".equals(t) || "null".equals(t) ? null : t;
    }

    private static final class Builder {
        final CleanupAction action;
        final LogEvent started;
        final List<Signaled> signaled = new ArrayList<>();

        Builder(CleanupAction action, LogEvent started) {
            this.action = action;
            this.started = started;
        }

        boolean signals(String container) {
            return signaled.stream().anyMatch(x -> x.container().equals(container));
        }
    }
}
