package dev.argoforensics.rules;

import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.TerminationRounds.Signaled;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.time.GoDuration;

/** AF010's explanation in plain words. */
final class StopWording {
    private StopWording() {
    }

    static String explain(PodHistory pod, String who, boolean killRound, long grace, boolean graceLogged, Signaled undelivered, LogEvent end,
                          boolean waitForced) {
        StringBuilder b = new StringBuilder();
        b.append("When a Pod's main container has ended but the Pod still runs, each reconcile of the Workflow asks the pod controller "
                + "to stop the Pod's other containers (terminateContainers): it runs a kill command (SIGTERM) in every container the "
                + "informer shows Running, and queues killContainers (SIGKILL) after the Pod's terminationGracePeriodSeconds (");
        b.append(GoDuration.format(grace)).append(graceLogged ? ", as logged" : ", the default; the delay is logged from v3.6.5").append("). ");
        if (killRound) {
            b.append("In Pod ").append(pod.key()).append(", ").append(who)
                    .append(" was still running when that SIGKILL round came: it did not stop on SIGTERM. Until it stops, the Pod stays Running, "
                            + "the node stays Running and the Workflow does not move on. ");
        } else if (undelivered == null) {
            b.append("In Pod ").append(pod.key()).append(", ").append(who)
                    .append(" was still being signalled after the grace period, but the logs hold no SIGKILL round to show whether it stopped then. ");
        }
        if (undelivered != null) {
            b.append("The kill command could not be run in ").append(undelivered.container()).append(" (").append(undelivered.error())
                    .append("): a container image without /bin/sh, or without a kill command, cannot be signalled this way; the "
                            + "annotation workflows.argoproj.io/kill-cmd-").append(undelivered.container())
                    .append(" names a command that works in it. ");
        }
        if (who.contains("wait")) {
            b.append("The wait container saves the step's outputs and reports its task result; a wait container killed with SIGKILL "
                    + "exits 137 and the controller then marks the task result complete itself (\"marking its taskResult as completed since "
                    + "wait container did not exit normally\")").append(waitForced ? ", as it did here" : "").append(": the node ends Error. ");
        } else {
            b.append("A sidecar killed this way exits 137, which the controller ignores for sidecars, so the node can still succeed; "
                    + "the cost is the time the Pod kept running. ");
        }
        if (end == null) {
            b.append("The logs do not show the Pod stopping. ");
        }
        b.append("Make the sidecar exit on SIGTERM (a process that traps or ignores it, or a shell as PID 1 that does not pass it on, "
                + "will not), or lower terminationGracePeriodSeconds for the template. Upstream: argoproj/argo-workflows#879, #1570, #10612 and #13627.");
        return b.toString();
    }
}
