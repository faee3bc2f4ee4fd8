package dev.argoforensics.rules;

import dev.argoforensics.event.CleanupAction;
import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.EventOrder;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.SignalledContainers;
import dev.argoforensics.correlate.TerminationRounds;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerEvent.InformerAction;
import dev.argoforensics.event.ControllerEvent.NodeChanged;
import dev.argoforensics.event.ControllerEvent.NodeFinished;
import dev.argoforensics.event.ControllerEvent.NodePhaseChanged;
import dev.argoforensics.event.ControllerEvent.PodCleanupQueued;
import dev.argoforensics.event.ControllerEvent.PodCleanupStarted;
import dev.argoforensics.event.ControllerEvent.PodInformerEvent;
import dev.argoforensics.event.ControllerEvent.Signal;
import dev.argoforensics.event.ControllerEvent.TaskResultForced;
import dev.argoforensics.event.ControllerEvent.WorkflowUpdated;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.wording.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** AF010: lines that show a Pod (or, for a sidecar, its last container) had stopped running. */
final class PodStopped {
    private PodStopped() {
    }

    /** The first line after {@code after} that shows the Pod stopped, or null. */
    static LogEvent first(Correlation correlation, PodHistory pod, LogEvent after, Set<String> containers, SignalledContainers signalled) {
        List<LogEvent> candidates = new ArrayList<>();
        for (LogEvent e : pod.events()) {
            ControllerEvent ev = e.event();
            if ((ev instanceof Signal s && "pod-failed".equals(s.name()))
                    || (ev instanceof PodInformerEvent i && i.action() == InformerAction.DELETE)
                    || (ev instanceof PodCleanupQueued q && (q.cleanup() == CleanupAction.LABEL_POD_COMPLETED || q.cleanup() == CleanupAction.DELETE_POD))
                    || (ev instanceof PodCleanupStarted s2 && (s2.cleanup() == CleanupAction.LABEL_POD_COMPLETED || s2.cleanup() == CleanupAction.DELETE_POD))) {
                candidates.add(e);
            }
        }
        if (pod.link() != null) {
            for (LogEvent e : correlation.nodes().of(pod.link())) {
                ControllerEvent ev = e.event();
                if ((ev instanceof NodeChanged c && NodeLines.COMPLETED.contains(c.newPhase()))
                        || (ev instanceof NodePhaseChanged p && NodeLines.COMPLETED.contains(p.toPhase()))
                        || ev instanceof NodeFinished || (ev instanceof TaskResultForced f && "wait-exit".equals(f.why()))) {
                    candidates.add(e);
                }
            }
            correlation.nodes().ofKind(pod.link().workflow(), WorkflowUpdated.class, Signal.class).stream()
                    .filter(e -> (e.event() instanceof WorkflowUpdated u && u.phase() != null && NodeLines.COMPLETED.contains(u.phase()))
                            || (e.event() instanceof Signal s && "sidecar-exit-ignored".equals(s.name()) && containers.contains(s.attribute("container"))
                                    && !signalled.otherPodMayOwn(pod.key(), pod.link().workflow(), s.attribute("container"), e)))
                    .forEach(candidates::add);
        }
        // The earliest by time across runs (input order within one): not the first of whichever file was named first.
        return EventOrder.earliest(candidates.stream().filter(e -> EventOrder.after(e, after)).toList());
    }

    /** What the line shows of the Pod's stopping. */
    static Message describe(LogEvent e) {
        ControllerEvent ev = e.event();
        if (ev instanceof Signal s && "pod-failed".equals(s.name())) {
            return Message.of("AF010.stopped.podFailed");
        }
        if (ev instanceof Signal s && "sidecar-exit-ignored".equals(s.name())) {
            return Message.of("AF010.stopped.exitIgnored", "container", s.attribute("container"), "code", s.attribute("exitCode"));
        }
        if (ev instanceof PodInformerEvent) {
            return Message.of("AF010.stopped.leftInformer");
        }
        if (ev instanceof PodCleanupQueued || ev instanceof PodCleanupStarted) {
            return Message.of("AF010.stopped.cleanedUp");
        }
        if (ev instanceof WorkflowUpdated u) {
            return Message.of("AF010.stopped.persisted", "phase", u.phase());
        }
        if (ev instanceof TaskResultForced) {
            return Message.of("AF010.stopped.waitEnded");
        }
        return Message.of("AF010.stopped.nodeCompleted");
    }

    /**
     * The Workflow's {@code TaskResultForced} (wait exit) line for the Pod's node after the line and within the Pod object's
     * run (before a later object of its name was created), or null.
     */
    static LogEvent forcedWait(Correlation correlation, PodHistory pod, LogEvent after, TerminationRounds.PodRun run) {
        return pod.link() == null ? null : correlation.nodes().of(pod.link()).stream()
                .filter(e -> e.event() instanceof TaskResultForced f && "wait-exit".equals(f.why()) && EventOrder.after(e, after) && run.holds(e))
                .findFirst().orElse(null);
    }

    /**
     * The exit code the controller ignored for one of the containers (its Workflow's line), after the line and within the Pod
     * object's run, or null: an earlier object's of the name (session 43 breaker), or another step's sidecar of the same name
     * ignored before this Pod was signalled, is not this one's.
     */
    static Integer ignoredExit(Correlation correlation, PodHistory pod, Set<String> containers, LogEvent after, TerminationRounds.PodRun run,
                               SignalledContainers signalled) {
        if (pod.link() == null) {
            return null;
        }
        return correlation.nodes().ofKind(pod.link().workflow(), Signal.class).stream()
                .filter(e -> e.event() instanceof Signal s && "sidecar-exit-ignored".equals(s.name()) && containers.contains(s.attribute("container"))
                        && EventOrder.after(e, after) && run.holds(e)
                        && !signalled.otherPodMayOwn(pod.key(), pod.link().workflow(), ((Signal) e.event()).attribute("container"), e))
                .map(e -> ((Signal) e.event()).attribute("exitCode")).filter(x -> x != null && x.matches("\\d+")).map(Integer::valueOf).findFirst()
                .orElse(null);
    }
}
