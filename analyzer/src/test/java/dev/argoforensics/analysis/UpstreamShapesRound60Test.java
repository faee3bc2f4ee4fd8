package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.rules.Confidence;
import dev.argoforensics.source.PasteShape;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 60's round of upstream shapes (re-typed with own names, times and values; only the shape of each thread kept), read as
 * {@code analyze} reads a pasted file.
 */
class UpstreamShapesRound60Test {
    @TempDir
    Path dir;

    private AnalysisResult run(String file, String text) throws IOException {
        return dev.argoforensics.testing.AnalyzedFiles.pasted(dir, file, text);
    }

    private static void noRaceClaimed(AnalysisResult r) {
        assertTrue(r.outcomes().stream().flatMap(o -> o.findings().stream())
                .noneMatch(f -> f.confidence() == Confidence.CONFIRMED || f.confidence() == Confidence.LIKELY), "nothing shows a race");
    }

    /**
     * #10942's shape: the command typed without its prompt, a blank line, then {@code kubectl describe workflow}'s output of a Workflow
     * that failed before any Pod (its Events table under it). Before: the whole file was read as a log, 23 unparsed lines, nothing
     * usable. After: the described Workflow, its command furniture.
     */
    @Test
    void aDescribedWorkflowUnderItsCommandWithoutAPromptIsRead() throws IOException {
        AnalysisResult r = run("describe.txt", """
                kubectl describe workflow guard-run-7

                Name:         guard-run-7
                Namespace:    ml-jobs
                Labels:       workflows.argoproj.io/completed=true
                              workflows.argoproj.io/phase=Failed
                Annotations:  <none>
                API Version:  argoproj.io/v1alpha1
                Kind:         Workflow
                Metadata:
                  Creation Timestamp:  2026-10-14T09:02:11Z
                Status:
                  Conditions:
                    Status:     True
                    Type:       Completed
                  Finished At:  2026-10-14T09:02:12Z
                  Message:      Unable to create PDB resource for workflow, guard-run-7 error: already exists
                  Phase:        Failed
                  Progress:     0/0
                Events:
                  Type     Reason           Age   From                 Message
                  ----     ------           ----  ----                 -------
                  Normal   WorkflowRunning  41s   workflow-controller  Workflow Running
                """);
        InputSummary in = r.inputs().get(0);
        assertEquals(0, in.unparsed(), in.samples().toString());
        assertTrue(in.format().startsWith("kubectl describe workflow"), in.format());
        assertTrue(r.correlation().workflows().containsKey(new WorkflowRef("ml-jobs", "guard-run-7")), r.correlation().workflows().keySet()
                .toString());
        noRaceClaimed(r);
    }

    /**
     * What a bare command is: a command's form alone, among a paste's leading lines. A sentence that names a command and ends in a colon
     * or a full stop is text, and a command of another verb ({@code kubectl delete}) printed no table to read.
     */
    @Test
    void aBareCommandIsTheCommandsFormOnly() {
        assertEquals("kubectl -n argo get pods -o wide", PasteShape.command("kubectl -n argo get pods -o wide"));
        assertEquals("argo get ci-run-8w9dg", PasteShape.command("argo get ci-run-8w9dg"));
        assertEquals("kubectl get pods -n argo | grep wf-x", PasteShape.command("kubectl get pods -n argo | grep wf-x"));
        assertNull(PasteShape.command("kubectl describe workflow shows it failed:"));
        assertNull(PasteShape.command("argo get prints the same."));
        assertNull(PasteShape.command("kubectl delete pod wf-x-123"));
        assertNull(PasteShape.command("kubectl"));
    }

    /**
     * #1341's and #1470's era (v2.3-v2.4, re-typed): argo get under its bare command, the tree without a TEMPLATE column, a step group's
     * first child drawn {@code ·-}. Before: the header unparsed, the rows passed over unsaid, the nodes unknown. After: each Pod node
     * read (the {@code pod deleted} one an Error), and nothing claimed from a status alone.
     */
    @Test
    void anArgoV2TreeUnderItsBareCommandIsRead() throws IOException {
        String wf = "ci-run-8w9dg";
        String checkout = wf + "-" + fnv(wf + "[0].checkout");
        String build = wf + "-" + fnv(wf + "[1].build");
        String lint = wf + "-" + fnv(wf + "[1].lint");
        String[][] rows = {
                {"STEP", "PODNAME", "DURATION", "MESSAGE"},
                {" ✖ " + wf, "", "", "child '" + build + "' failed"},
                {" ├---✔ checkout", checkout, "6s", ""},
                {" └-·-⚠ build", build, "4h", "pod deleted"},
                {"   └-✔ lint", lint, "5s", ""}};
        StringBuilder tree = new StringBuilder();
        int[] widths = new int[3];
        for (String[] row : rows) {
            for (int i = 0; i < 3; i++) {
                widths[i] = Math.max(widths[i], row[i].length() + 2);
            }
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < 3; i++) {
                line.append(row[i]).append(" ".repeat(widths[i] - row[i].length()));
            }
            tree.append((line + row[3]).stripTrailing()).append('\n');
        }
        AnalysisResult r = run("argo-get.txt", "argo get " + wf + "\n"
                + "Name:                " + wf + "\n"
                + "Namespace:           ci\n"
                + "ServiceAccount:      default\n"
                + "Status:              Failed\n"
                + "Created:             Sat Apr 13 01:15:03 +0000 (4 hours ago)\n"
                + "Started:             Sat Apr 13 01:15:03 +0000 (4 hours ago)\n"
                + "Finished:            Sat Apr 13 05:16:10 +0000 (2 minutes ago)\n"
                + "Duration:            4 hours 1 minute\n\n" + tree);
        InputSummary in = r.inputs().get(0);
        assertEquals(0, in.unparsed(), in.samples().toString());
        assertTrue(in.format().contains("4 node(s)"), in.format());
        assertTrue(r.correlation().workflows().containsKey(new WorkflowRef("ci", wf)), r.correlation().workflows().keySet().toString());
        noRaceClaimed(r);
    }

    /** FNV-1a 32-bit of the UTF-8 bytes, unsigned decimal: the controller's node hash. */
    private static String fnv(String name) {
        int h = 0x811c9dc5;
        for (byte b : name.getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x01000193;
        }
        return Integer.toUnsignedString(h);
    }
}
