package dev.argoforensics.timeline;

import dev.argoforensics.correlate.FinalizerRemoval;
import dev.argoforensics.correlate.NodeOutcome;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.RemovalDeadline;
import dev.argoforensics.event.ControllerEvent.PodCleanupScheduled;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.time.GoDuration;
import java.util.Optional;
import java.util.Set;

/**
 * Entries that put two sources side by side: the controller's finalizer removal as one fact, the
 * removeFinalizer deadline recomputed from the Pod export against the logged delay, and the
 * containers' exit codes against the node's final phase.
 */
final class CrossChecks {
    private static final Set<String> COMPLETED = Set.of("Succeeded", "Failed", "Error");

    private CrossChecks() {
    }

    /** Each finalizer removal the controller's lines assemble into, right after its decisive line. */
    static void removals(Entries out, PodHistory pod) {
        for (FinalizerRemoval r : pod.removals()) {
            String delay = r.schedule().map(s -> ", delay=" + s.delayText()).orElse("");
            out.derived(r.decisive(), "finalizer:removed", "status-capture finalizer released by the controller: " + cause(r, delay));
        }
    }

    private static String cause(FinalizerRemoval r, String delay) {
        switch (r.cause()) {
            case POD_DELETED:
                return "the Pod was being deleted (pod event handler" + delay + ")";
            case ORPHANED:
                return "the Pod's Workflow was missing or being deleted (pod event handler" + delay + ")";
            case AFTER_PERSIST:
                return "cleanup queued after a Workflow update";
            default:
                return "why is not logged (only the cleanup worker's line was found)";
        }
    }

    /** The deadline the pod event handler computed, recomputed from the latest export of the Pod, at the deadline's time. */
    static void removalDeadline(Entries out, PodHistory pod) {
        PodSnapshot latest = pod.latestSnapshot().orElse(null);
        for (FinalizerRemoval r : pod.removals()) {
            Optional<PodCleanupScheduled> schedule = r.schedule();
            Optional<RemovalDeadline> dl = RemovalDeadline.recompute(latest, schedule.orElse(null), r.scheduled());
            if (dl.isEmpty()) {
                continue;
            }
            RemovalDeadline d = dl.get();
            out.fact(d.deadline(), latest.source(), "check:removal-deadline", "removeFinalizer deadline recomputed from this export: latest "
                    + "condition transition " + d.lastTransition().format() + " + max(pod GC delay, 2m) = " + d.deadline().format()
                    + "; at the queuing line " + r.scheduled().source() + " that is a delay of " + GoDuration.format(d.nanos()) + ", which "
                    + (d.agrees() ? "agrees with" : "does NOT agree with") + " the logged delay=" + schedule.get().delayText(), false);
        }
    }

    /** The containers' exit codes (latest export showing them all terminated) against the node's final phase. */
    static void exitCodes(Entries out, PodHistory pod, NodeOutcome outcome) {
        if (outcome == null || outcome.time() == null || !COMPLETED.contains(outcome.phase())) {
            return;
        }
        PodSnapshot finished = null;
        for (PodSnapshot s : pod.snapshots()) {
            if (s.containersFinishedAt().isPresent()) {
                finished = s;
            }
        }
        if (finished == null) {
            return;
        }
        String node = "node ended " + outcome.phase() + (outcome.message() == null || outcome.message().isEmpty() ? "" : " (" + outcome.message() + ")");
        boolean succeeded = finished.allContainersSucceeded();
        String codes = finished.exitCodeSummary() + " (" + finished.source() + ")";
        String verdict;
        if (succeeded && !"Succeeded".equals(outcome.phase())) {
            verdict = "do NOT agree: every container exited 0, " + codes + ", yet the " + node + ": the Pod's result was lost";
        } else if (!succeeded && "Succeeded".equals(outcome.phase())) {
            verdict = "do NOT agree: " + codes + ", yet the " + node;
        } else {
            verdict = "agree: " + codes + ", and the " + node;
        }
        out.fact(outcome.time(), outcome.source(), "check:exit-codes", "exit codes and final node phase " + verdict, false);
    }
}
