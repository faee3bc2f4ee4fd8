package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.accounting.UnparsedLine;
import dev.argoforensics.read.SnapshotFileReader;
import dev.argoforensics.snapshot.ExportedObject;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An export whose {@code status:} block was indented one level too deep is still valid YAML, with the status read as a
 * field of the spec: read as it parses, the object has no status at all. It must be refused and named at its line, never
 * kept as an object without status (the #17024 sample's exports, re-indented as a hand edit does).
 */
class MisindentedExportTest {
    private static final Path SAMPLE = Path.of("samples/issue-17024/snapshots");

    @TempDir
    Path dir;

    private record Read(InputSummary summary, List<ExportedObject> kept) {
    }

    private Read read(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        List<ExportedObject> kept = new ArrayList<>();
        InputSummary s = new SnapshotFileReader().read(new InputFile(name, p, InputKind.SNAPSHOT, false, "t"), null, kept::add);
        return new Read(s, kept);
    }

    private static String sample(String name) throws Exception {
        return Files.readString(SAMPLE.resolve(name));
    }

    @Test
    void workflowStatusIndentedUnderSpecIsRefusedAtItsLine() throws Exception {
        String text = sample("workflow-while-stopped.yaml").replace("\nstatus:\n", "\n  status:\n");
        Read r = read("wf.yaml", text);
        assertEquals(List.of(), r.kept(), "no Workflow without its status");
        assertEquals(1, r.summary().samples().size());
        UnparsedLine u = r.summary().samples().get(0);
        assertEquals(3, u.source().line(), "the object starts after the two comment lines");
        assertTrue(u.reason().contains("expected status at the top level") && u.reason().contains("found spec.status"), u.reason());
        assertEquals(1, r.summary().unparsed());
    }

    @Test
    void podStatusIndentedUnderSpecIsRefused() throws Exception {
        String text = sample("pod-terminating.yaml").replace("\nstatus:\n", "\n  status:\n");
        Read r = read("pod.yaml", text);
        assertEquals(List.of(), r.kept());
        assertTrue(r.summary().samples().get(0).reason().contains("found spec.status"), r.summary().samples().get(0).reason());
    }

    @Test
    void aBrokenDocumentDoesNotHideTheOthers() throws Exception {
        String text = sample("pod-terminating.yaml") + "---\n" + sample("workflow-while-stopped.yaml").replace("\nstatus:\n", "\n  status:\n");
        Read r = read("both.yaml", text);
        assertEquals(1, r.kept().size());
        assertTrue(r.kept().get(0) instanceof PodSnapshot);
        assertEquals(1, r.summary().unparsed());
        assertEquals(116, r.summary().samples().get(0).source().line());
    }

    @Test
    void negativeControlsWholeExportsAndWorkflowsNotYetGivenAStatus() throws Exception {
        Read whole = read("wf.yaml", sample("workflow-while-stopped.yaml"));
        assertEquals(0, whole.summary().unparsed());
        assertEquals("Running", ((WorkflowSnapshot) whole.kept().get(0)).phase());
        // What `kubectl create -o yaml` prints for a Workflow the controller has not seen yet: no status, and none misplaced.
        String text = sample("workflow-while-stopped.yaml");
        Read created = read("created.yaml", text.substring(0, text.indexOf("\nstatus:\n") + 1));
        assertEquals(0, created.summary().unparsed(), created.summary().samples().toString());
        assertEquals(1, created.kept().size());
    }
}
