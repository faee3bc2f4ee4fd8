package dev.argoforensics.timeline;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.NodeLink;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.correlate.PodListing;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.Interner;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.snapshot.NodeLogEntry;
import dev.argoforensics.snapshot.ClusterEvent;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.snapshot.TaskResultSnapshot;
import dev.argoforensics.snapshot.WorkflowSnapshot;

/**
 * Rebuilds one Pod's story from every source: the lines naming it, its node's and its Workflow's
 * operator lines, controller restarts within its span, what each export of the Pod, of its Workflow
 * and of its task result shows, the cluster events and audit records about it, and the cross-checks
 * between them.
 *
 * <p>Order: by time; equal times keep one run's log lines in input order, two runs' lines by their text and
 * files' names, and put exports after log lines, by file and line. Entries whose precision windows overlap are flagged concurrent, never "before".
 */
public final class TimelineBuilder {
    /** Entries are placed per controller run by input ordinal (unique per line), so the order lines are added in does not matter. */
    private final Correlation correlation;
    /** Controller starts and worker numbers by time: a few per run, looked up per Pod by its span. */
    private final TimeIndex controllerLifecycle;

    /** One copy of each controller run's label, however many timeline entries name it. */
    private final Interner labels = new Interner();

    public TimelineBuilder(Correlation correlation) {
        this.correlation = correlation;
        this.controllerLifecycle = new TimeIndex(correlation.events().stream()
                .filter(e -> e.event() instanceof ControllerEvent.ControllerStarted || e.event() instanceof ControllerEvent.WorkerNumbers).toList());
    }

    public Timeline build(PodHistory pod) {
        Entries out = new Entries(e -> labels.name(correlation.process(e).label()));
        pod.events().forEach(out::log);
        NodeLink link = pod.link();
        WorkflowHistory wf = link == null ? null : correlation.workflow(link.workflow()).orElse(null);
        if (wf != null) {
            // The node's own lines and the Workflow-level ones, from indexes: not a walk of the Workflow's every line per Pod.
            correlation.nodes().about(link).forEach(out::log);
            // The Workflow-level lines (processing, updates, task-result reconciliation) from the node index: a cache of them per
            // Workflow grew through the report to 1.3 M references on an incident corpus with every Pod's timeline.
            correlation.nodes().ofKind(wf.ref(), ControllerEvent.WorkflowProcessing.class, ControllerEvent.WorkflowUpdated.class,
                    ControllerEvent.TaskResultReconciliation.class).forEach(out::log);
        }
        addControllerLifecycle(out);
        PodLifecycle life = correlation.lifecycle(pod.key());
        CrossChecks.removals(out, pod, life);
        CrossChecks.lifecycle(out, life);
        for (PodSnapshot s : pod.snapshots()) {
            ObjectEntries.pod(out, s);
        }
        ObjectEntries.finalizerChanges(out, pod.snapshots());
        pod.laterDescribed().forEach(a -> ObjectEntries.laterNamesake(out, a));
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
        for (ClusterEvent e : pod.minuteEvents()) {
            ObjectEntries.clusterEvent(out, e);
        }
        for (AuditRecord a : pod.auditRecords()) {
            ObjectEntries.audit(out, a, life != null && life.selection(a) != null ? life.selection(a).words() : null);
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

    /** Controller starts and worker numbers between the Pod's first and last log line. */
    private void addControllerLifecycle(Entries out) {
        out.span().ifPresent(span -> controllerLifecycle.within(span.first(), span.last()).forEach(out::log));
    }
}
