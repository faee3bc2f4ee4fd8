package dev.argoforensics.timeline;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.NodeLink;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.correlate.PodListing;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.snapshot.NodeLogEntry;
import dev.argoforensics.snapshot.ClusterEvent;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.snapshot.TaskResultSnapshot;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import java.util.List;

/**
 * Rebuilds one Pod's story from every source: the lines naming it, its node's and its Workflow's
 * operator lines, controller restarts within its span, what each export of the Pod, of its Workflow
 * and of its task result shows, the cluster events and audit records about it, and the cross-checks
 * between them.
 *
 * <p>Order: by time; equal times keep log lines in input order and put exports after log lines, by
 * file and line. Entries whose precision windows overlap are flagged concurrent, never "before".
 */
public final class TimelineBuilder {
    private final Correlation correlation;
    /** Controller starts and worker numbers, in input order: a few per run, looked up per Pod by its span. */
    private final List<LogEvent> controllerLifecycle;

    public TimelineBuilder(Correlation correlation) {
        this.correlation = correlation;
        this.controllerLifecycle = correlation.events().stream()
                .filter(e -> e.event() instanceof ControllerEvent.ControllerStarted || e.event() instanceof ControllerEvent.WorkerNumbers).toList();
    }

    public Timeline build(PodHistory pod) {
        Entries out = new Entries(e -> correlation.process(e).label());
        pod.events().forEach(out::log);
        NodeLink link = pod.link();
        WorkflowHistory wf = link == null ? null : correlation.workflow(link.workflow()).orElse(null);
        if (wf != null) {
            for (LogEvent e : wf.events()) {
                if (link.isAbout(e.event()) || isWorkflowLevel(e.event())) {
                    out.log(e);
                }
            }
        }
        addControllerLifecycle(out);
        PodLifecycle life = correlation.lifecycle(pod.key());
        CrossChecks.removals(out, pod);
        CrossChecks.lifecycle(out, life);
        for (PodSnapshot s : pod.snapshots()) {
            ObjectEntries.pod(out, s);
        }
        ObjectEntries.finalizerChanges(out, pod.snapshots());
        if (wf != null) {
            for (WorkflowSnapshot s : wf.snapshots()) {
                ObjectEntries.node(out, s, link.nodeId());
            }
        }
        for (TaskResultSnapshot t : pod.taskResults()) {
            ObjectEntries.taskResult(out, t);
        }
        for (ClusterEvent e : pod.clusterEvents()) {
            ObjectEntries.clusterEvent(out, e);
        }
        for (AuditRecord a : pod.auditRecords()) {
            ObjectEntries.audit(out, a);
        }
        for (NodeLogEntry n : pod.nodeLogs()) {
            ObjectEntries.nodeLog(out, n);
        }
        for (PodListing l : pod.listings()) {
            PastedEntries.listing(out, l);
        }
        CrossChecks.removalDeadline(out, pod);
        CrossChecks.exitCodes(out, life);
        return new Timeline(pod.key(), pod.uid(), pod.identity(), link, out.sorted());
    }

    private static boolean isWorkflowLevel(ControllerEvent e) {
        return e instanceof ControllerEvent.WorkflowProcessing || e instanceof ControllerEvent.WorkflowUpdated
                || e instanceof ControllerEvent.TaskResultReconciliation;
    }

    /** Controller starts and worker numbers between the Pod's first and last log line. */
    private void addControllerLifecycle(Entries out) {
        out.span().ifPresent(span -> {
            for (LogEvent e : controllerLifecycle) {
                if (span.covers(e.time())) {
                    out.log(e);
                }
            }
        });
    }
}
