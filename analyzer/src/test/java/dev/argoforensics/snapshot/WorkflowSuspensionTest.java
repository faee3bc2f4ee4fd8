package dev.argoforensics.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What an export shows of a suspension, read once ({@link WorkflowSnapshot#suspended}, session 54): {@code IsWorkflowSuspended}'s
 * test ({@code spec.suspend: true}, or a node of type {@code Suspend} still {@code Running}), which {@code argo get} and
 * {@code argo list} print as {@code Running (Suspended)}; unknown where the spec is not shown.
 */
class WorkflowSuspensionTest {
    @TempDir
    Path dir;

    private static final String WHOLE = """
            apiVersion: argoproj.io/v1alpha1
            kind: Workflow
            metadata:
              name: approve-x7
              namespace: ops
              uid: 5d1c0e3a-0000-4000-8000-00000000000b
            spec:
              entrypoint: main
              suspend: true
            status:
              phase: Running
              startedAt: "2026-09-19T16:27:10Z"
              nodes:
                approve-x7:
                  id: approve-x7
                  name: approve-x7
                  displayName: approve-x7
                  type: Steps
                  phase: Succeeded
                  children: [approve-x7-1]
                approve-x7-1:
                  id: approve-x7-1
                  name: "approve-x7[0].wait"
                  displayName: wait
                  type: Suspend
                  phase: Succeeded
            """;

    private WorkflowSnapshot workflow(String yaml) throws IOException {
        Path p = dir.resolve("wf.yaml");
        Files.writeString(p, yaml, StandardCharsets.UTF_8);
        List<WorkflowSnapshot> out = new ArrayList<>();
        ObjectFileReader.Result r = new ObjectFileReader().read(new InputFile("wf.yaml", p, InputKind.SNAPSHOT, false, "test"), null,
                d -> out.add(ObjectDecoder.workflow(d)));
        assertTrue(r.problems().isEmpty(), () -> r.problems().toString());
        assertEquals(1, out.size());
        return out.get(0);
    }

    @Test
    void specSuspendTrueIsShownSuspended() throws IOException {
        WorkflowSnapshot w = workflow(WHOLE);
        assertEquals(Boolean.TRUE, w.suspended());
        assertTrue(w.shownSuspended());
    }

    @Test
    void aSpecWithoutSuspendAndNoSuspendNodeRunningIsShownNotSuspended() throws IOException {
        assertEquals(Boolean.FALSE, workflow(WHOLE.replace("  suspend: true\n", "")).suspended(), "a suspend node that ended is no suspension");
        assertEquals(Boolean.FALSE, workflow(WHOLE.replace("suspend: true", "suspend: false")).suspended(), "resumed: argo resume clears it");
    }

    @Test
    void aSuspendNodeStillRunningIsASuspensionWithoutSpecSuspend() throws IOException {
        String yaml = WHOLE.replace("  suspend: true\n", "").replace("type: Suspend\n      phase: Succeeded", "type: Suspend\n      phase: Running");
        assertTrue(yaml.contains("type: Suspend\n      phase: Running"), yaml);
        WorkflowSnapshot w = workflow(yaml);
        assertEquals(Boolean.TRUE, w.suspended());
        // A Running node of another type is not one.
        assertEquals(Boolean.FALSE, workflow(yaml.replace("type: Suspend", "type: Pod")).suspended());
    }

    @Test
    void noSpecOrASpecCutLeavesItUnknown() throws IOException {
        String noSpec = WHOLE.replace("spec:\n  entrypoint: main\n  suspend: true\n", "");
        assertNull(workflow(noSpec).suspended(), "no spec shown: not known either way");
        WorkflowSnapshot cut = workflow(WHOLE.replace("  suspend: true\n", "  [...]\n"));
        assertTrue(cut.trimmed().any(), cut.trimmed().toString());
        assertNull(cut.suspended(), "a cut where spec.suspend would stand");
        assertFalse(cut.shownSuspended());
    }

    private static String argoGet(String status) {
        return """
                # taken-at: 2026-09-19T17:10:00Z
                $ argo get -n ops approve-x7
                Name:                approve-x7
                Namespace:           ops
                ServiceAccount:      unset (will run with the default ServiceAccount)
                Status:              %s
                Created:             Sat Sep 19 16:27:10 +0000 (43 minutes ago)
                Started:             Sat Sep 19 16:27:10 +0000 (43 minutes ago)
                Duration:            42 minutes 50 seconds
                Progress:            1/1

                STEP            TEMPLATE  PODNAME  DURATION  MESSAGE
                 ✔ approve-x7   main
                 └───✔ wait     wait
                """.formatted(status);
    }

    @Test
    void argoGetsRunningSuspendedIsShownSuspendedAndItsPlainRunningIsNot() throws IOException {
        WorkflowSnapshot suspended = (WorkflowSnapshot) KubectlWorkflowTablesTest.readAsDetected(dir, "get.txt",
                argoGet("Running (Suspended)")).objects().get(0);
        assertEquals("Running", suspended.phase());
        assertEquals(Boolean.TRUE, suspended.suspended());
        WorkflowSnapshot running = (WorkflowSnapshot) KubectlWorkflowTablesTest.readAsDetected(dir, "get2.txt", argoGet("Running"))
                .objects().get(0);
        assertEquals(Boolean.FALSE, running.suspended(), "printer.WorkflowStatus adds (Suspended) to every suspended Running");
        WorkflowSnapshot failed = (WorkflowSnapshot) KubectlWorkflowTablesTest.readAsDetected(dir, "get3.txt", argoGet("Failed"))
                .objects().get(0);
        assertNull(failed.suspended(), "a completed Workflow's status never says it");
    }

    @Test
    void argoListSaysItAndKubectlsStatusColumnDoesNot() throws IOException {
        List<ExportedObject> list = KubectlWorkflowTablesTest.readAsDetected(dir, "list.txt", "$ argo list -n ops\n" + TabWriter.lay(3, List.of(
                List.of("NAME", "STATUS", "AGE", "DURATION", "PRIORITY", "MESSAGE"),
                List.of("approve-x7", "Running (Suspended)", "43m", "43m", "0", ""),
                List.of("approve-y8", "Running", "2m", "2m", "0", "")))).objects();
        assertEquals(Boolean.TRUE, ((WorkflowSnapshot) list.get(0)).suspended());
        assertEquals(Boolean.FALSE, ((WorkflowSnapshot) list.get(1)).suspended());
        List<ExportedObject> table = KubectlWorkflowTablesTest.readAsDetected(dir, "wf.txt", "$ kubectl get wf -n ops\n" + TabWriter.lay(3, List.of(
                List.of("NAME", "STATUS", "AGE", "MESSAGE"),
                List.of("approve-x7", "Running", "43m", "")))).objects();
        assertNull(((WorkflowSnapshot) table.get(0)).suspended(), "kubectl's STATUS is status.phase alone");
    }
}
