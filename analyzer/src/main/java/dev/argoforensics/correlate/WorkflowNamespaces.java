package dev.argoforensics.correlate;

import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.snapshot.ExportedObjects;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A Workflow exported without its metadata ({@code argo get -o yaml} or {@code kubectl get wf -o yaml}
 * pasted from {@code status:} on, named by its root node) states no namespace. It takes the only
 * namespace the other evidence places a Workflow of that name in (the controller's lines, the Pods'
 * workflow label, other exports, a pasted {@code kubectl get pods} row of one of its nodes' Pods); with none or several it keeps
 * none, and joins nothing. Where its own nodes' messages
 * quote the API server refusing a task result write, the namespace they name is taken first ({@link #refusedIn}): the
 * Workflow's own statement, over a namesake (a Workflow of the same name in another namespace) the other evidence places.
 */
final class WorkflowNamespaces {
    private WorkflowNamespaces() {
    }

    /** Whether a Workflow was exported without its namespace (only then do the lines' Workflow namespaces matter). */
    static boolean anyUnplaced(ExportedObjects objects) {
        return objects.workflows().stream().anyMatch(WorkflowNamespaces::unplaced);
    }

    /** @param stated each Workflow name with the namespaces lines state for it ({@link NamespaceProjection#workflows}) */
    static ExportedObjects resolve(ExportedObjects objects, Map<String, Set<String>> stated) {
        if (!anyUnplaced(objects)) {
            return objects;
        }
        Map<String, Set<String>> namespaces = namespacesByName(objects, stated);
        List<WorkflowSnapshot> workflows = new ArrayList<>();
        for (WorkflowSnapshot w : objects.workflows()) {
            // Its own refusal names its namespace (the executor writes beside its Workflow): a namesake the other evidence
            // places elsewhere is another Workflow, not this one.
            Set<String> own = unplaced(w) ? refusedIn(w) : Set.of();
            Set<String> found = namespaces.getOrDefault(w.name(), Set.of());
            workflows.add(unplaced(w) ? placed(w, own.isEmpty() ? found : own) : w);
        }
        return objects.withWorkflows(workflows);
    }

    /** For each name an unplaced Workflow has, the namespaces the lines, Pods and placed Workflows give it: one pass over each. */
    private static Map<String, Set<String>> namespacesByName(ExportedObjects objects, Map<String, Set<String>> stated) {
        Map<String, Set<String>> out = new HashMap<>();
        for (WorkflowSnapshot w : objects.workflows()) {
            if (unplaced(w)) {
                out.putIfAbsent(w.name(), new TreeSet<>());
            }
        }
        stated.forEach((name, namespaces) -> namespaces.forEach(ns -> add(out, name, ns)));
        for (PodSnapshot p : objects.pods()) {
            if (!p.namespace().isEmpty()) {
                p.workflowName().ifPresent(name -> add(out, name, p.namespace()));
            }
        }
        for (WorkflowSnapshot o : objects.workflows()) {
            if (!o.namespace().isEmpty()) {
                add(out, o.name(), o.namespace());
            }
        }
        // A pasted kubectl get pods row of one of its nodes' Pods: named as the node, by the hash its ID ends with.
        PodRowIndex rows = new PodRowIndex(objects.podTables());
        for (WorkflowSnapshot w : objects.workflows()) {
            if (unplaced(w)) {
                rows.nodesPods(w.name(), List.of(w)).stream().filter(r -> !r.namespace().isEmpty()).forEach(r -> add(out, w.name(), r.namespace()));
            }
        }
        return out;
    }

    /**
     * Whether a Pod of that name is one of the Workflow's nodes' Pods: the node's ID itself (v1 Pod names, or the root node of a
     * Workflow of one Pod), or {@code <workflow>-<template>-<hash>} with the hash the node's ID ends with (v2).
     */
    static boolean nodesPod(WorkflowSnapshot w, String pod) {
        return java.util.stream.Stream.concat(w.nodes().keySet().stream(), w.taskResultsCompletion().keySet().stream())
                .anyMatch(id -> WorkflowSnapshot.podOfNode(w.name(), id, pod));
    }

    /**
     * The namespace the Workflow's own node messages name: the API server's refusal of a
     * WorkflowTaskResult write ({@code wait: Error (exit code 64): workflowtaskresults.argoproj.io is forbidden: User … cannot
     * create resource "workflowtaskresults" … in the namespace "<ns>"}) names the namespace the executor wrote in, which is
     * the Workflow's (a task result lives beside its Workflow, reference §7.3).
     */
    private static Set<String> refusedIn(WorkflowSnapshot w) {
        Set<String> out = new TreeSet<>();
        w.nodes().values().forEach(n -> ForbiddenWrite.parse(n.message()).map(ForbiddenWrite::target).ifPresent(out::add));
        return out;
    }

    private static void add(Map<String, Set<String>> out, String name, String namespace) {
        Set<String> set = out.get(name);
        if (set != null) {
            set.add(namespace);
        }
    }

    /** The names of the Workflows exported without a namespace: the only names {@link #resolve} reads the lines' namespaces of. */
    static Set<String> unplacedNames(ExportedObjects objects) {
        Set<String> out = new TreeSet<>();
        for (WorkflowSnapshot w : objects.workflows()) {
            if (unplaced(w)) {
                out.add(w.name());
            }
        }
        return out;
    }

    private static boolean unplaced(WorkflowSnapshot w) {
        return w.namespace().isEmpty() && !w.name().isEmpty();
    }

    private static WorkflowSnapshot placed(WorkflowSnapshot w, Set<String> namespaces) {
        if (namespaces.size() != 1) {
            return w;
        }
        return w.withNamespace(namespaces.iterator().next());
    }
}
