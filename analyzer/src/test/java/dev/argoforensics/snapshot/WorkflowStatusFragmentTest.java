package dev.argoforensics.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.source.PasteShape;
import dev.argoforensics.wording.Message;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A Workflow status cut from a larger YAML paste, fenced and still indented, read as the Workflow status it is. */
class WorkflowStatusFragmentTest {
    private static final List<String> FENCED = List.of(
            "```yaml",
            "    nodes:",
            "      nightly-etl-x2k4q:",
            "        id: nightly-etl-x2k4q",
            "        name: nightly-etl-x2k4q",
            "        displayName: nightly-etl-x2k4q",
            "        type: Steps",
            "        phase: Failed",
            "      nightly-etl-x2k4q-1184473260:",
            "        id: nightly-etl-x2k4q-1184473260",
            "        name: nightly-etl-x2k4q[0].load",
            "        displayName: load",
            "        type: Pod",
            "        templateName: load",
            "        phase: Error",
            "        message: pod deleted",
            "        startedAt: \"2026-10-25T10:00:04Z\"",
            "        finishedAt: \"2026-10-25T10:21:33Z\"",
            "    phase: Failed",
            "    startedAt: \"2026-10-25T10:00:04Z\"",
            "```");

    @Test
    void aFencedIndentedNodesFragmentIsAWorkflowStatus() {
        assertEquals(PasteShape.WORKFLOW_STATUS_FRAGMENT, PasteShape.detect(FENCED));
        assertEquals(PasteShape.WORKFLOW_STATUS_FRAGMENT, PasteShape.detect(FENCED.subList(1, FENCED.size() - 1)), "unfenced, indented");
        assertEquals(PasteShape.NONE, PasteShape.detect(List.of("status:", "  nodes:", "    a: {id: a, type: Pod}")),
                "a YAML file from a column-0 status: is an object document, read as before");
        assertEquals(PasteShape.NONE, PasteShape.detect(List.of("```text", "nodes:")), "a fence of another language");
        assertEquals(PasteShape.NONE, PasteShape.detect(List.of("```", "time=2026-10-25T10:00:00.000Z level=INFO msg=\"x\"")));
    }

    @Test
    void itIsReadAsTheWorkflowItsRootNodeNames(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("wf-nodes.txt");
        Files.write(file, FENCED);
        InputFile in = new InputFile("wf-nodes.txt", file, InputKind.SNAPSHOT, false, PasteShape.WORKFLOW_STATUS_FRAGMENT.label());
        PasteFileReader.Result r = new PasteFileReader().read(in, PasteShape.WORKFLOW_STATUS_FRAGMENT, null, null, Message.NOTHING);
        assertEquals(List.of(), r.problems());
        assertEquals(1, r.objects().size());
        WorkflowSnapshot w = (WorkflowSnapshot) r.objects().get(0);
        assertEquals("nightly-etl-x2k4q", w.name());
        assertEquals("", w.namespace(), "placed later, from the other evidence");
        assertEquals("Failed", w.phase());
        NodeStatus load = w.nodes().get("nightly-etl-x2k4q-1184473260");
        assertEquals("pod deleted", load.message());
        assertEquals(2, r.rows());
        assertEquals("wf-nodes.txt:2", w.source().toString(), "cited at its first line, the file's numbering kept");
    }

    @Test
    void aBrokenFragmentIsNamedWithItsLine(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("bad.txt");
        Files.write(file, List.of("```yaml", "    nodes:", "      a:", "        id: a", "       type: [Pod", "```"));
        InputFile in = new InputFile("bad.txt", file, InputKind.SNAPSHOT, false, PasteShape.WORKFLOW_STATUS_FRAGMENT.label());
        PasteFileReader.Result r = new PasteFileReader().read(in, PasteShape.WORKFLOW_STATUS_FRAGMENT, null, null, Message.NOTHING);
        assertEquals(0, r.objects().size());
        assertEquals(1, r.problems().size());
        assertTrue(r.problems().get(0).reason().startsWith("not valid YAML"), r.problems().get(0).reason());
    }

    @Test
    void anUnfencedPieceIsReadWhenAFencedBlockFollowsIt() {
        List<String> piece = FENCED.subList(1, FENCED.size() - 1);
        List<String> withBlock = new java.util.ArrayList<>(piece);
        withBlock.addAll(List.of("```console", "$ kubectl get pods -n etl", "```"));
        InputFile in = new InputFile("wf-nodes.txt", Path.of("wf-nodes.txt"), InputKind.SNAPSHOT, false, PasteShape.WORKFLOW_STATUS_FRAGMENT.label());
        WorkflowStatusFragment.Read alone = WorkflowStatusFragment.read(in, piece, null, List.of());
        WorkflowStatusFragment.Read followed = WorkflowStatusFragment.read(in, withBlock, null, List.of());
        assertEquals(1, alone.workflows().size());
        assertEquals(1, followed.workflows().size(), "the fence after the piece does not open it: " + followed.problems());
        assertEquals(alone.workflows().get(0).name(), followed.workflows().get(0).name());
        assertEquals(alone.workflows().get(0).nodes().keySet(), followed.workflows().get(0).nodes().keySet());
    }
}
