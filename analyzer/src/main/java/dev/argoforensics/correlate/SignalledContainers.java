package dev.argoforensics.correlate;

import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which Pods of a Workflow the pod controller asked to stop a container of a given name, and when: the {@code signaled container}
 * lines of every Pod, by Workflow and container name, in time order. The controller's {@code Ignoring <code> exit code of container
 * '<name>'} (v3) and {@code ignoring exit code} (v4) name the container and, in v4, the Workflow, never the Pod: such a line is a
 * Pod's only where no other Pod of its Workflow had a container of that name signalled within a grace period before it (a
 * signalled sidecar exits within the grace period, or is killed at its end, and the reconcile after its exit logs the line).
 * Several steps of one Workflow often share a sidecar ({@code istio-proxy}); session 43 breaker: another step's ignored exit,
 * read as this Pod's, cleared a sidecar still running at this Pod's SIGKILL round as "stopped before it".
 */
public final class SignalledContainers {
    private record Signal(PodKey pod, Instant at, long graceNanos) {
    }

    private final Map<WorkflowRef, Map<String, List<Signal>>> signals = new HashMap<>();
    private long widest;

    /** @param defaultGraceNanos the kill delay assumed where a Pod's lines do not give it */
    public SignalledContainers(Collection<PodHistory> pods, long defaultGraceNanos) {
        for (PodHistory pod : pods) {
            WorkflowRef wf = pod.workflow();
            if (wf == null) {
                continue;
            }
            for (TerminationRounds.PodRun run : TerminationRounds.runs(pod.events())) {
                long grace = run.rounds().graceNanos() != null ? run.rounds().graceNanos() : defaultGraceNanos;
                widest = Math.max(widest, grace);
                for (TerminationRounds.Signaled s : run.rounds().signals()) {
                    signals.computeIfAbsent(wf, k -> new HashMap<>()).computeIfAbsent(s.container(), k -> new ArrayList<>())
                            .add(new Signal(pod.key(), s.line().time().instant(), grace));
                }
            }
        }
        signals.values().forEach(m -> m.values().forEach(l -> l.sort(Comparator.comparing(Signal::at))));
    }

    /**
     * Whether a Pod of the Workflow other than {@code self} had a container of this name signalled within its grace period
     * before the line (so that the line, which names no Pod, may be that Pod's).
     */
    public boolean otherPodMayOwn(PodKey self, WorkflowRef workflow, String container, LogEvent line) {
        List<Signal> list = signals.getOrDefault(workflow, Map.of()).get(container);
        if (list == null) {
            return false;
        }
        Instant at = line.time().instant();
        Instant from = at.minusNanos(widest);
        int lo = 0;
        int hi = list.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (list.get(mid).at().isBefore(from)) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        for (int i = lo; i < list.size() && !list.get(i).at().isAfter(at); i++) {
            Signal s = list.get(i);
            if (!s.pod().equals(self) && !s.at().plusNanos(s.graceNanos()).isBefore(at)) {
                return true;
            }
        }
        return false;
    }
}
