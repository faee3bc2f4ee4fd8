package dev.argoforensics.correlate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.argoforensics.snapshot.PodTable;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import dev.argoforensics.source.SourceRef;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The pasted rows of a Workflow's nodes' Pods, found once by name (session 32: WorkflowFates.listed and WorkflowNamespaces
 * walked every row of every table per Workflow): the same rows as testing each row ({@link WorkflowNamespaces#nodesPod}), in
 * paste order, none of another Workflow's.
 */
class PodRowIndexTest {
    private static PodTable.Row row(String file, int line, String ns, String name) {
        return new PodTable.Row(new SourceRef(file, line), ns, name, "0/2", "Completed", 0, "", "5m", null, null, "", "");
    }

    private static WorkflowSnapshot completionOf(String name, String... ids) {
        Map<String, Boolean> completion = new java.util.LinkedHashMap<>();
        for (String id : ids) {
            completion.put(id, false);
        }
        return new WorkflowSnapshot(new SourceRef("wf.yaml", 1), "", name, "", "Running", "", Map.of(), false, completion, null);
    }

    @Test
    void theRowsOfAWorkflowsNodesPodsAsTheRowByRowTestFindsThemInPasteOrder() {
        List<PodTable.Row> first = List.of(row("a.txt", 2, "ci", "build-x-main-1234"), row("a.txt", 3, "ci", "build-x-2-main-1234"),
                row("a.txt", 4, "ci", "build-x-lint-99"));
        List<PodTable.Row> second = List.of(row("b.txt", 2, "ci", "build-x-99"), row("b.txt", 3, "ci", "build-x"),
                row("b.txt", 4, "ci", "other-main-1234"));
        PodRowIndex index = new PodRowIndex(List.of(new PodTable(new SourceRef("a.txt", 1), "ci", "", null, false, first, false),
                new PodTable(new SourceRef("b.txt", 1), "ci", "", null, false, second, false)));
        WorkflowSnapshot w = completionOf("build-x", "build-x-1234", "build-x-99");
        List<PodTable.Row> all = java.util.stream.Stream.concat(first.stream(), second.stream())
                .filter(r -> WorkflowNamespaces.nodesPod(w, r.name())).toList();
        // The name test reads build-x-2-main-1234 as build-x's too (its hash ends it): the index finds what it finds, no more.
        assertEquals(List.of("build-x-main-1234", "build-x-2-main-1234", "build-x-lint-99", "build-x-99"), all.stream().map(PodTable.Row::name).toList(),
                "what testing every row finds: v2 names by the hash, a v1 name as the node's ID; not another Workflow's");
        assertEquals(all, index.nodesPods("build-x", List.of(w)));
        WorkflowSnapshot root = completionOf("build-x", "build-x");
        assertEquals(List.of("build-x"), index.nodesPods("build-x", List.of(root)).stream().map(PodTable.Row::name).toList(),
                "a Workflow of one Pod: the Pod named as the root node");
        assertEquals(List.of(), new PodRowIndex(List.of()).nodesPods("build-x", List.of(w)));
    }
}
