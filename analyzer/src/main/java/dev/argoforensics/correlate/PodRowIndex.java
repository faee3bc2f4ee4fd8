package dev.argoforensics.correlate;

import dev.argoforensics.snapshot.PodTable;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The pasted {@code kubectl get pods} rows, found by the names their Pods may belong to: each row under its Pod's name and each
 * prefix of it that ends before a {@code -}. A Workflow's nodes' Pods are named {@code <workflow>-…} or as the node's ID
 * ({@link WorkflowSnapshot#podOfNode}), so the rows of a Workflow's Pods are those under its name or its node IDs: built once,
 * looked up per Workflow, in place of walking every row of every table per Workflow.
 */
final class PodRowIndex {
    private final List<PodTable.Row> rows = new ArrayList<>();
    private final Map<String, List<Integer>> byName = new HashMap<>();

    PodRowIndex(List<PodTable> tables) {
        for (PodTable t : tables) {
            for (PodTable.Row r : t.rows()) {
                int i = rows.size();
                rows.add(r);
                String name = r.name();
                for (int dash = name.indexOf('-'); dash > 0; dash = name.indexOf('-', dash + 1)) {
                    byName.computeIfAbsent(name.substring(0, dash), k -> new ArrayList<>()).add(i);
                }
                byName.computeIfAbsent(name, k -> new ArrayList<>()).add(i);
            }
        }
    }

    /**
     * The rows that name one of the Workflow's nodes' Pods by the node IDs the exports show
     * ({@link WorkflowNamespaces#nodesPod} of any of them), in the order the tables and their rows were pasted.
     */
    List<PodTable.Row> nodesPods(String workflow, Collection<WorkflowSnapshot> snapshots) {
        return nodesPods(workflow, snapshots, name -> false);
    }

    /**
     * {@link #nodesPods(String, Collection)}, and the rows under the Workflow's name that {@code alsoNamed} accepts (a Pod
     * named as Argo names its Workflow's Pods, where no export shows a node).
     */
    List<PodTable.Row> nodesPods(String workflow, Collection<WorkflowSnapshot> snapshots, java.util.function.Predicate<String> alsoNamed) {
        if (rows.isEmpty()) {
            return List.of();
        }
        TreeSet<Integer> candidates = new TreeSet<>(byName.getOrDefault(workflow, List.of()));
        for (WorkflowSnapshot s : snapshots) {
            s.nodes().keySet().forEach(id -> candidates.addAll(byName.getOrDefault(id, List.of())));
            s.taskResultsCompletion().keySet().forEach(id -> candidates.addAll(byName.getOrDefault(id, List.of())));
        }
        List<PodTable.Row> out = new ArrayList<>();
        for (int i : candidates) {
            PodTable.Row r = rows.get(i);
            if (snapshots.stream().anyMatch(s -> WorkflowNamespaces.nodesPod(s, r.name())) || alsoNamed.test(r.name())) {
                out.add(r);
            }
        }
        return out;
    }
}
