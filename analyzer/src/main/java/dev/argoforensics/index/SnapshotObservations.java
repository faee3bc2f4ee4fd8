package dev.argoforensics.index;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.snapshot.ClusterEvent;
import dev.argoforensics.snapshot.ContainerState;
import dev.argoforensics.snapshot.ExportWords;
import dev.argoforensics.snapshot.InvolvedObject;
import dev.argoforensics.snapshot.NodeStatus;
import dev.argoforensics.snapshot.ObservedAt;
import dev.argoforensics.snapshot.PodCondition;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.snapshot.TaskResultSnapshot;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Turns the exported objects of an analysis into observations: one per dated fact (a Pod created, a
 * container finished, a node's phase as exported, a cluster Event, an audit record), each with the
 * fields a query names. Objects of one file keep their file order. Pods and Workflows come from
 * correlation's histories; task results, Events and audit records as correlation joined them to a
 * Pod. A new kind of object is one more method here, called from {@link #byFile}.
 */
final class SnapshotObservations {
    private SnapshotObservations() {
    }

    /** Observations per snapshot file (display path), in file order. */
    static Map<String, List<Observation>> byFile(Correlation correlation) {
        Map<SourceRef, List<Observation>> objects = new TreeMap<>();
        for (PodHistory h : correlation.pods().values()) {
            h.snapshots().forEach(p -> objects.computeIfAbsent(p.source(), k -> pod(p)));
            h.taskResults().forEach(t -> objects.computeIfAbsent(t.source(), k -> taskResult(t)));
            h.clusterEvents().forEach(e -> objects.computeIfAbsent(e.source(), k -> clusterEvent(e)));
            h.auditRecords().forEach(a -> objects.computeIfAbsent(a.source(), k -> audit(a)));
        }
        for (WorkflowHistory h : correlation.workflows().values()) {
            h.snapshots().forEach(w -> objects.computeIfAbsent(w.source(), k -> workflow(w)));
        }
        Map<String, List<Observation>> out = new TreeMap<>();
        objects.forEach((source, list) -> out.computeIfAbsent(source.file(), k -> new ArrayList<>()).addAll(list));
        return out;
    }

    static List<Observation> pod(PodSnapshot p) {
        Facts f = new Facts(p.source());
        f.field(IndexFields.NAMESPACE, p.namespace()).field(IndexFields.POD, p.name()).field(IndexFields.UID, p.uid())
                .field(IndexFields.WORKFLOW, p.workflowName().orElse(null)).field(IndexFields.PHASE, p.phase()).field("host", p.nodeName())
                .field(IndexFields.NODE_ID, p.annotations().get(PodSnapshot.NODE_ID_ANNOTATION))
                .field(IndexFields.NODE_NAME, p.annotations().get(PodSnapshot.NODE_NAME_ANNOTATION));
        p.finalizers().forEach(x -> f.field("finalizer", x));
        f.add(p.creationTimestamp(), "pod-created", ExportWords.podCreated(p));
        for (ContainerState c : p.containers()) {
            Facts cf = f.with("container", c.name()).with("state", c.state());
            cf.add(c.startedAt(), "pod-container-started", ExportWords.containerStarted(c));
            if (c.terminated()) {
                cf.with("exitCode", c.exitCode() == null ? null : c.exitCode().toString()).with("reason", c.reason())
                        .add(c.finishedAt(), "pod-container-finished", ExportWords.containerFinished(c));
            }
        }
        for (PodCondition c : p.conditions()) {
            f.with("condition", c.type()).with("status", c.status())
                    .add(c.lastTransitionTime(), "pod-condition", ExportWords.condition(c, false));
        }
        if (p.deletionTimestamp() != null) {
            Long grace = p.deletionGracePeriodSeconds();
            f.add(p.deletionTimestamp(), "pod-deletion", "deletionTimestamp" + (grace == null ? "" : " (grace period " + grace + "s)")
                    + "; finalizers " + p.finalizers());
        }
        f.exported(p.observed(), "pod-exported", ExportWords.podExported(p));
        return f.observations;
    }

    static List<Observation> workflow(WorkflowSnapshot w) {
        Facts f = new Facts(w.source());
        f.field(IndexFields.NAMESPACE, w.namespace()).field(IndexFields.WORKFLOW, w.name()).field(IndexFields.UID, w.uid());
        f.with(IndexFields.PHASE, w.phase()).exported(w.observed(), "workflow-exported",
                "Workflow exported: phase " + w.phase() + ", " + (w.nodesOffloaded() ? "nodes offloaded" : w.nodes().size() + " node(s)"));
        List<NodeStatus> nodes = new ArrayList<>(w.nodes().values());
        nodes.sort(Comparator.comparing(NodeStatus::id));
        for (NodeStatus n : nodes) {
            Facts nf = f.with(IndexFields.NODE_ID, n.id()).with(IndexFields.NODE_NAME, n.name()).with(IndexFields.PHASE, n.phase())
                    .with("nodeType", n.type()).with("template", n.podNameTemplate());
            nf.add(n.startedAt(), "node-started", ExportWords.nodeStarted(n));
            nf.add(n.finishedAt(), "node-finished", ExportWords.nodeFinished(n));
            nf.exported(w.observed(), "node-exported", ExportWords.nodeExported(n));
        }
        return f.observations;
    }

    static List<Observation> taskResult(TaskResultSnapshot t) {
        Facts f = new Facts(t.source());
        f.field(IndexFields.NAMESPACE, t.namespace()).field(IndexFields.WORKFLOW, t.workflow()).field(IndexFields.NODE_ID, t.name())
                .field(IndexFields.UID, t.uid()).field(IndexFields.PHASE, t.phase())
                .field("outputsCompleted", t.outputsCompleted());
        f.add(t.creationTimestamp(), "taskresult-created", ExportWords.taskResultCreated(t));
        f.exported(t.observed(), "taskresult-exported", "task result " + t.name() + " exported: report-outputs-completed="
                + ExportWords.outputsCompleted(t) + (t.phase().isEmpty() ? "" : ", phase " + t.phase()));
        return f.observations;
    }

    static List<Observation> clusterEvent(ClusterEvent e) {
        Facts f = new Facts(e.source());
        InvolvedObject about = e.regarding();
        f.field(IndexFields.NAMESPACE, e.namespace()).field("reason", e.reason()).field("type", e.type()).field("host", e.host())
                .field("reportedBy", e.reportedBy());
        if (about != null) {
            f.field("Pod".equals(about.kind()) ? IndexFields.POD : "object", about.name()).field(IndexFields.UID, about.uid());
        }
        String text = e.type() + " " + e.reason() + (about == null ? "" : " " + about.kind() + " " + about.name()) + ": " + e.note()
                + (e.count() > 1 ? " (" + e.count() + " times, last " + (e.last() == null ? "?" : e.last().format()) + ")" : "");
        f.add(e.first() != null ? e.first() : e.last(), "cluster-event", text);
        return f.observations;
    }

    static List<Observation> audit(AuditRecord a) {
        Facts f = new Facts(a.source());
        f.field(IndexFields.NAMESPACE, a.namespace()).field("verb", a.verb()).field("user", a.user()).field("resource", a.resource())
                .field("stage", a.stage()).field("responseCode", a.outcome())
                .field("pods".equals(a.resource()) ? IndexFields.POD : "object", a.name());
        String text = a.verb() + " " + a.resource() + (a.subresource() == null || a.subresource().isEmpty() ? "" : "/" + a.subresource()) + " "
                + a.name() + " by " + a.user() + (a.outcome() == null ? "" : " → " + a.outcome())
                + (a.finalizers() == null ? "" : "; finalizers " + a.finalizers());
        f.add(a.requestReceived() != null ? a.requestReceived() : a.stageTimestamp(), "audit", text);
        return f.observations;
    }

    /** Fields shared by the facts of one object (or one of its parts), and the facts gathered so far. */
    private static final class Facts {
        final SourceRef source;
        final Map<String, List<String>> fields;
        final List<Observation> observations;

        Facts(SourceRef source) {
            this(source, new LinkedHashMap<>(), new ArrayList<>());
        }

        private Facts(SourceRef source, Map<String, List<String>> fields, List<Observation> observations) {
            this.source = source;
            this.fields = fields;
            this.observations = observations;
        }

        /** Adds a field to these facts and every part's. */
        Facts field(String name, String value) {
            if (value != null && !value.isEmpty()) {
                fields.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
            }
            return this;
        }

        /** The facts of a part (a container, a node): the fields so far plus this one, sharing the list of facts. */
        Facts with(String name, String value) {
            Map<String, List<String>> copy = new LinkedHashMap<>();
            fields.forEach((k, v) -> copy.put(k, new ArrayList<>(v)));
            copy.remove(name);
            return new Facts(source, copy, observations).field(name, value);
        }

        void add(Timestamp time, String kind, String text) {
            if (time != null) {
                observations.add(new Observation(time, false, source, kind, text, fields));
            }
        }

        /** The export itself: kept even without a time, so that every object can be found; its time may be only a lower bound. */
        void exported(ObservedAt observed, String kind, String text) {
            observations.add(observed == null ? new Observation(null, false, source, kind, text, fields)
                    : new Observation(observed.time(), observed.lowerBound(), source, kind, text + "; " + observed.describe(), fields));
        }
    }
}
