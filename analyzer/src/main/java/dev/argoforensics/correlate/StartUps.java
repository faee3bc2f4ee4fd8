package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerEvent.LeaderChange;
import dev.argoforensics.event.ControllerEvent.LeaderElection;
import dev.argoforensics.event.ControllerEvent.WorkerNumbers;
import dev.argoforensics.event.LogEvent;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where each controller run began its work: the point from which every Workflow not completed was on its Workflow workers'
 * queue. Derived once from the runs' own lines.
 *
 * <p>In every release (v3.4 to v4.1) {@code main.go} calls the controller's {@code Run} only once the run leads (from
 * client-go's {@code OnStartedLeading}, or at once with election off). {@code Run} logs {@code Current Worker Numbers}, then
 * builds and starts its informers; the Workflow informer's first listing delivers an add for every Workflow its filter keeps
 * (not labelled completed), and the add handler puts each key on the workers' queue ({@code AddAfter} with the configured
 * initial delay, 0 by default). The workers start once every cache has synced, and take keys in order. So a run that leads has
 * every active Workflow queued from its start-up: its first {@code Processing workflow} of a Workflow ends a wait that began
 * there, whatever the run before it did (a new leader's memory and queue start empty). The start-up line is the run's
 * {@code Current Worker Numbers}; where the excerpt lacks it, its acquisition of the Lease (before {@code Run} is called).
 */
public final class StartUps {
    private final Map<Integer, LogEvent> byRun;

    private StartUps(Map<Integer, LogEvent> byRun) {
        this.byRun = byRun;
    }

    /** The run's start-up line: its first {@code Current Worker Numbers}, else its first acquisition of the Lease. */
    public Optional<LogEvent> of(int run) {
        return Optional.ofNullable(byRun.get(run));
    }

    /**
     * The start-ups of the runs, from their lines in input order ({@code Current Worker Numbers} and election lines at least: a
     * caller that walks the correlation's events anyway passes those, so no further walk of every line is made, #17).
     */
    public static StartUps of(List<LogEvent> events) {
        Map<Integer, LogEvent> workers = new HashMap<>();
        Map<Integer, LogEvent> acquired = new HashMap<>();
        for (LogEvent e : events) {
            if (e.event() instanceof WorkerNumbers) {
                workers.putIfAbsent(e.stream(), e);
            } else if (e.event() instanceof LeaderElection le && le.change() == LeaderChange.STARTED_LEADING) {
                acquired.putIfAbsent(e.stream(), e);
            }
        }
        Map<Integer, LogEvent> out = new HashMap<>(acquired);
        out.putAll(workers);
        return new StartUps(out);
    }
}
