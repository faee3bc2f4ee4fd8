package dev.argoforensics.correlate;

import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.snapshot.ExportedObjects;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * A Workflow exported without its metadata ({@code argo get -o yaml} or {@code kubectl get wf -o yaml}
 * pasted from {@code status:} on, named by its root node) states no namespace. It takes the only
 * namespace the other evidence places a Workflow of that name in (the controller's lines, the Pods'
 * workflow label, other exports); with none or several it keeps none, and joins nothing.
 */
final class WorkflowNamespaces {
    private WorkflowNamespaces() {
    }

    static ExportedObjects resolve(ExportedObjects objects, List<LogEvent> events) {
        if (objects.workflows().stream().noneMatch(WorkflowNamespaces::unplaced)) {
            return objects;
        }
        List<WorkflowSnapshot> workflows = new ArrayList<>();
        for (WorkflowSnapshot w : objects.workflows()) {
            workflows.add(unplaced(w) ? placed(w, objects, events) : w);
        }
        return new ExportedObjects(objects.pods(), workflows, objects.taskResults(), objects.clusterEvents(), objects.auditRecords(),
                objects.nodeLogs(), objects.podTables());
    }

    private static boolean unplaced(WorkflowSnapshot w) {
        return w.namespace().isEmpty() && !w.name().isEmpty();
    }

    private static WorkflowSnapshot placed(WorkflowSnapshot w, ExportedObjects objects, List<LogEvent> events) {
        Set<String> namespaces = new TreeSet<>();
        for (LogEvent e : events) {
            e.event().workflow().filter(r -> r.name().equals(w.name()) && r.namespace() != null && !r.namespace().isEmpty())
                    .map(WorkflowRef::namespace).ifPresent(namespaces::add);
        }
        for (PodSnapshot p : objects.pods()) {
            if (!p.namespace().isEmpty() && p.workflowName().filter(w.name()::equals).isPresent()) {
                namespaces.add(p.namespace());
            }
        }
        for (WorkflowSnapshot o : objects.workflows()) {
            if (!o.namespace().isEmpty() && o.name().equals(w.name())) {
                namespaces.add(o.namespace());
            }
        }
        if (namespaces.size() != 1) {
            return w;
        }
        return new WorkflowSnapshot(w.source(), namespaces.iterator().next(), w.name(), w.uid(), w.phase(), w.podNameFormat(), w.nodes(),
                w.nodesOffloaded(), w.taskResultsCompletion(), w.observed(), w.finishedAt(), w.synchronization(), w.printed(),
                w.deletionTimestamp());
    }
}
