package dev.argoforensics.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.source.PasteShape;
import dev.argoforensics.testing.Notes;
import dev.argoforensics.wording.Message;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kubectl get workflows} and {@code argo list} tables as reports paste them: each row a Workflow's phase, with no node, no
 * UID and no deletion time, and its AGE (relative to a moment the table does not print) never turned into a time.
 */
class KubectlWorkflowTablesTest {
    @TempDir
    Path dir;

    private PasteFileReader.Result read(String text) throws IOException {
        return readAsDetected(dir, "wf.txt", text);
    }

    /** {@code text} written to {@code dir/name} and read as the shape its first lines are detected as. */
    static PasteFileReader.Result readAsDetected(Path dir, String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        PasteShape shape = PasteShape.detect(List.of(text.split("\n")));
        return new PasteFileReader().read(new InputFile(name, p, InputKind.SNAPSHOT, false, shape.label()), shape, null, null,
                Message.NOTHING);
    }

    private static List<WorkflowSnapshot> workflows(PasteFileReader.Result r) {
        return r.objects().stream().map(WorkflowSnapshot.class::cast).toList();
    }

    @Test
    void aTableUnderItsPromptGivesEachWorkflowsPhaseInThePromptsNamespaceAndNoNodes() throws IOException {
        String text = "# taken-at: 2026-11-20T09:12:30Z\n$ kubectl get wf -n geo-tiles\n" + TabWriter.lay(3, List.of(
                List.of("NAME", "STATUS", "AGE", "MESSAGE"),
                List.of("tile-render-m9q2d", "Failed", "12m", "child 'tile-render-m9q2d-1309992446' failed"),
                List.of("tile-render-h2w5s", "Running", "85s", ""),
                List.of("tile-render-p0q1r", "", "", "")));
        PasteFileReader.Result r = read(text);
        assertEquals("kubectl get workflows table", r.format());
        assertTrue(r.problems().isEmpty(), r.problems().toString());
        List<WorkflowSnapshot> w = workflows(r);
        assertEquals(3, w.size());
        WorkflowSnapshot failed = w.get(0);
        assertEquals("geo-tiles", failed.namespace());
        assertEquals("tile-render-m9q2d", failed.name());
        assertEquals("Failed", failed.phase());
        assertTrue(failed.completed());
        assertEquals("", failed.uid());
        assertTrue(failed.nodes().isEmpty());
        assertTrue(failed.nodesOffloaded(), "the table prints no nodes: unknown, not absent");
        assertEquals("kubectl get workflows table", failed.what());
        assertEquals("wf.txt:4", failed.source().toString());
        assertEquals("2026-11-20T09:12:30Z", failed.observed().time().format());
        assertEquals("child 'tile-render-m9q2d-1309992446' failed", failed.message(), "MESSAGE is kept: why the Workflow failed");
        assertEquals("", w.get(1).message());
        assertEquals("Running", w.get(1).phase());
        assertEquals("", w.get(2).phase(), "not yet started: no phase printed");
        assertTrue(Notes.words(r.notes()).stream().anyMatch(n -> n.contains("AGE is an age from a moment the table does not print")),
                r.notes().toString());
    }

    @Test
    void allNamespacesAndArgoListWithoutAStatedTime() throws IOException {
        PasteFileReader.Result all = read(TabWriter.lay(3, List.of(
                List.of("NAMESPACE", "NAME", "STATUS", "AGE", "MESSAGE"),
                List.of("geo-tiles", "tile-render-m9q2d", "Failed", "3h12m", "child 'tile-render-m9q2d-1309992446' failed"),
                List.of("ops", "nightly-gc-29407560", "Succeeded", "2d", ""))));
        assertTrue(all.problems().isEmpty(), all.problems().toString());
        List<WorkflowSnapshot> w = workflows(all);
        assertEquals(List.of("geo-tiles", "ops"), w.stream().map(WorkflowSnapshot::namespace).toList());
        assertEquals(null, w.get(0).observed(), "no stated time: the table is placed nowhere");

        PasteFileReader.Result list = read("$ argo list -n geo-tiles\n" + TabWriter.lay(3, List.of(
                List.of("NAME", "STATUS", "AGE", "DURATION", "PRIORITY", "MESSAGE"),
                List.of("tile-render-m9q2d", "Failed", "12m", "8m", "0", "child 'tile-render-m9q2d-1309992446' failed"),
                List.of("tile-render-h2w5s", "Running (Suspended)", "2m", "2m", "0", ""))));
        assertTrue(list.problems().isEmpty(), list.problems().toString());
        List<WorkflowSnapshot> l = workflows(list);
        assertEquals("argo list table", l.get(0).what());
        assertEquals("child 'tile-render-m9q2d-1309992446' failed", l.get(0).message(), "argo list's MESSAGE after DURATION and PRIORITY");
        assertEquals("Running", l.get(1).phase(), "argo list's status names the phase first");
        assertEquals("geo-tiles", l.get(1).namespace());
    }

    /**
     * kubectl get wf -w prints a row per change, each when it came: the stated time is when the paste ended, so only a Workflow's
     * last row was its state then (its earlier Running rows were read as Running at the stated time, after the Workflow had
     * failed). The rows it superseded are counted in a note. Negative control: a table listing each Workflow once keeps every row.
     */
    @Test
    void aWatchKeepsEachWorkflowsLastRowAtTheStatedTime() throws IOException {
        for (String flag : List.of(" -w", "")) {
            PasteFileReader.Result r = read("# taken-at: 2026-11-20T09:12:30Z\n$ kubectl get wf -n geo-tiles" + flag + "\n" + TabWriter.lay(3, List.of(
                    List.of("NAME", "STATUS", "AGE", "MESSAGE"),
                    List.of("tile-render-m9q2d", "Running", "6m55s", ""),
                    List.of("tile-render-h2w5s", "Running", "85s", ""),
                    List.of("tile-render-m9q2d", "Running", "9m", ""),
                    List.of("tile-render-m9q2d", "Failed", "9m", "child 'tile-render-m9q2d-1309992446' failed"))));
            assertTrue(r.problems().isEmpty(), r.problems().toString());
            List<WorkflowSnapshot> w = workflows(r);
            assertEquals(List.of("tile-render-m9q2d", "tile-render-h2w5s"), w.stream().map(WorkflowSnapshot::name).toList(), flag);
            assertEquals("Failed", w.get(0).phase());
            assertEquals("wf.txt:7", w.get(0).source().toString());
            assertTrue(Notes.words(r.notes()).stream().anyMatch(n -> n.startsWith("2 row(s) of a watch")), r.notes().toString());
        }
        PasteFileReader.Result once = read("# taken-at: 2026-11-20T09:12:30Z\n$ kubectl get wf -n geo-tiles -w\n" + TabWriter.lay(3, List.of(
                List.of("NAME", "STATUS", "AGE", "MESSAGE"), List.of("tile-render-m9q2d", "Running", "6m55s", ""),
                List.of("tile-render-h2w5s", "Running", "85s", ""))));
        assertEquals(2, workflows(once).size());
        assertTrue(Notes.words(once.notes()).stream().noneMatch(n -> n.contains("of a watch")), once.notes().toString());
    }

    @Test
    void aRowThatFitsNoColumnIsReportedAtItsLineNeverGuessed() throws IOException {
        String text = "$ kubectl get wf -n geo-tiles\n" + TabWriter.lay(3, List.of(
                List.of("NAME", "STATUS", "AGE", "MESSAGE"),
                List.of("tile-render-m9q2d", "Failed", "12m", ""),
                List.of("Tile_Render", "Failed", "12m", ""),
                List.of("tile-render-x1", "Exploded", "12m", ""),
                List.of("tile-render-x2", "Failed", "twelve", "")));
        PasteFileReader.Result r = read(text);
        assertEquals(1, r.objects().size());
        assertEquals(List.of(4L, 5L, 6L), r.problems().stream().map(ObjectFileReader.Problem::line).toList(), r.problems().toString());
        assertTrue(r.problems().get(1).reason().contains("Workflow phase"), r.problems().toString());
    }

    @Test
    void otherKindsTablesAndProseAreNotWorkflowTables() {
        assertEquals(PasteShape.KUBECTL_WORKFLOWS, PasteShape.detect(List.of("NAME                STATUS   AGE   MESSAGE")));
        assertEquals(PasteShape.KUBECTL_WORKFLOWS, PasteShape.detect(List.of("NAME                STATUS   AGE")), "before v3.4: no MESSAGE");
        assertFalse(PasteShape.detect(List.of("NAME STATUS AGE MESSAGE")) == PasteShape.KUBECTL_WORKFLOWS, "single spaces: prose");
        assertEquals(PasteShape.NONE, PasteShape.detect(List.of("NAME          STATUS   ROLES           AGE   VERSION")), "kubectl get nodes");
        assertEquals(PasteShape.NONE, PasteShape.detect(List.of("NAME     STATUS   VOLUME   CAPACITY   ACCESS MODES")), "a PVC table");
    }

    /**
     * A row under {@code kubectl get workflows | grep W}, its header dropped by the filter (upstream #4048's shape, session 62): read by
     * its own cells (a name, a phase, an AGE, maybe a message), as kubectl aligned them. Before: the row was an unparsed line.
     */
    @Test
    void aRowWhoseHeaderAGrepDroppedIsReadUnderItsCommand() throws IOException {
        PasteFileReader.Result r = read("kubectl get workflows -n ingest | grep data-ingest-x7p2m\n"
                + "data-ingest-x7p2m                         Running   9h\n");
        assertEquals("kubectl get workflows table", r.format());
        assertTrue(r.problems().isEmpty(), r.problems().toString());
        List<WorkflowSnapshot> w = workflows(r);
        assertEquals(1, w.size());
        assertEquals("data-ingest-x7p2m", w.get(0).name());
        assertEquals("ingest", w.get(0).namespace());
        assertEquals("Running", w.get(0).phase());
        assertTrue(w.get(0).nodes().isEmpty());

        PasteFileReader.Result all = read("$ kubectl get wf -A | grep nightly\n"
                + "etl        nightly-load-q2r8s   Failed      2d    child 'nightly-load-q2r8s-1170552436' failed\n"
                + "etl        nightly-load-b7c1d   Succeeded   26h   \n");
        assertTrue(all.problems().isEmpty(), all.problems().toString());
        List<WorkflowSnapshot> a = workflows(all);
        assertEquals(2, a.size());
        assertEquals("etl", a.get(0).namespace());
        assertEquals("Failed", a.get(0).phase());
        assertEquals("child 'nightly-load-q2r8s-1170552436' failed", a.get(0).message());
        assertEquals("Succeeded", a.get(1).phase());
    }

    /** Such a row is read only under a command that gets Workflows: alone, or under kubectl get pods, it is nobody's row. */
    @Test
    void aHeaderlessRowNeedsItsCommand() {
        String row = "data-ingest-x7p2m                         Running   9h";
        assertEquals(PasteShape.NONE, PasteShape.detect(List.of(row)));
        assertEquals(PasteShape.NONE, PasteShape.detect(List.of("kubectl get pods | grep data-ingest", row)));
        assertEquals(PasteShape.NONE, PasteShape.detect(List.of("kubectl get workflows | grep data-ingest",
                "data-ingest-x7p2m                         Runnin    9h")), "no phase: not the Workflow table's row");
        assertEquals(PasteShape.KUBECTL_WORKFLOWS, PasteShape.detect(List.of("kubectl get workflows | grep data-ingest", row)));
    }
}
