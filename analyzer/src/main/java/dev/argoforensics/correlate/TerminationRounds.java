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
     * @param error why the kill command could not be run, or null when it ran ({@code <nil>}, JSON null)
     */
    public record Signaled(LogEvent line, String container, String error) {
        private static final java.util.regex.Pattern GONE = java.util.regex.Pattern.compile(
                "(?i)container not found|container .*is not running|not running|stopped container|no such container");

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

    /** The Pod's rounds, from its lines in input order ({@link PodHistory#events()}). */
    public static TerminationRounds of(List<LogEvent> podEvents) {
        List<Builder> built = new ArrayList<>();
        Map<Integer, Builder> current = new HashMap<>();
        List<LogEvent> requests = new ArrayList<>();
        Long grace = null;
        LogEvent graceLine = null;
        for (LogEvent e : podEvents) {
            if (e.event() instanceof PodCleanupStarted s) {
                if (s.cleanup() == CleanupAction.TERMINATE_CONTAINERS || s.cleanup() == CleanupAction.KILL_CONTAINERS) {
                    Builder b = new Builder(s.cleanup(), e);
                    built.add(b);
                    current.put(e.stream(), b);
                } else {
                    current.remove(e.stream());
                }
            } else if (e.event() instanceof PodCleanupQueued q) {
                if (q.cleanup() == CleanupAction.TERMINATE_CONTAINERS) {
                    requests.add(e);
                } else if (q.cleanup() == CleanupAction.KILL_CONTAINERS && q.afterNanos() != null && q.afterNanos() > 0 && grace == null) {
                    grace = q.afterNanos();
                    graceLine = e;
                }
            } else if (e.event() instanceof Signal s && SIGNALED.equals(s.name())) {
                Builder b = current.get(e.stream());
                if (b == null) {
                    b = new Builder(null, null);
                    built.add(b);
                    current.put(e.stream(), b);
                }
                String container = s.attribute("container");
                b.signaled.add(new Signaled(e, container == null ? "" : container, error(s.attribute("error"))));
            }
        }
        return new TerminationRounds(built.stream().map(b -> new Round(b.action, b.started, b.signaled)).toList(), requests, grace, graceLine);
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
    }
}
