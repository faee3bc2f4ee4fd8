package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.testing.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run's evidence that ends before the Workflow is seen to end: AF008's #8022 case (samples/false-pod-deleted, v3.6.10 logrus
 * text, 86 lines) given as rotated pieces. Line 68 marks the node "pod deleted", line 83 writes the Workflow Failed. A piece
 * whose later piece is not given caps the finding at possible and says which piece it lacked; the whole series, a live file
 * that simply ends there, a piece that holds the Workflow's end, and an export of the Pod alive after the error do not.
 */
class RotatedTailTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> LOG = lines("samples/false-pod-deleted/logs/workflow-controller.log");

    @TempDir
    Path dir;

    private static List<String> lines(String file) {
        try {
            return Files.readAllLines(Path.of(file));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Lines {@code from} to {@code to} of the log (1-based, both included) written to {@code name} under logs/. */
    private void piece(String name, int from, int to) throws IOException {
        piece(LOG, name, from, to);
    }

    private void piece(List<String> log, String name, int from, int to) throws IOException {
        Path logs = Files.createDirectories(dir.resolve("logs"));
        Files.write(logs.resolve(name), log.subList(from - 1, to));
    }

    private JsonNode analyze() throws IOException {
        Cli run = Cli.run("analyze", dir.toString(), "--now", "2026-06-13T00:00:00Z", "--format", "json");
        assertEquals(1, run.exitCode(), run.err());
        return JSON.readTree(run.out());
    }

    private static JsonNode af008(JsonNode report) {
        return one(report, "AF008");
    }

    private static JsonNode one(JsonNode report, String rule) {
        JsonNode found = null;
        for (JsonNode f : report.get("findings")) {
            if (rule.equals(f.get("rule").asText())) {
                assertEquals(null, found, "one " + rule + " finding");
                found = f;
            }
        }
        assertTrue(found != null, report.get("findings").toString());
        return found;
    }

    @Test
    void aRotatedPieceWithoutItsSuccessorEndingBeforeTheWorkflowDoesIsPossibleAndNamesThePiece() throws IOException {
        piece("workflow-controller.log.2", 1, 71);
        JsonNode report = analyze();
        JsonNode f = af008(report);
        assertEquals("possible", f.get("confidence").asText());
        String why = f.get("confidenceReason").asText();
        assertTrue(why.contains("the Pod's own lines show it leaving the informer"), why);
        assertTrue(why.contains("its last line given, at 2026-06-12T01:06:47.543Z, is from controller run workflow-controller.log #1, in a rotated piece"
                + " whose later piece, workflow-controller.log.1, is not in the inputs"), why);
        assertTrue(f.get("laterLogNotGiven").asText().contains("workflow-controller.log.1"), f.toString());
        JsonNode run = report.get("controllers").get(0);
        assertTrue(run.get("continuesIn").asText().endsWith("logs/workflow-controller.log.1"), run.toString());
        assertTrue(report.get("inputs").get(0).toString().contains("a rotated piece of a log whose later pieces were not given"), report.get("inputs").toString());
    }

    @Test
    void twoPiecesWithoutTheLiveFileGoOnInTheLiveFile() throws IOException {
        piece("workflow-controller.log.2", 1, 62);
        piece("workflow-controller.log.1", 63, 80);
        JsonNode report = analyze();
        assertEquals("possible", af008(report).get("confidence").asText());
        assertTrue(report.get("controllers").get(0).get("continuesIn").asText().endsWith("logs/workflow-controller.log"), report.get("controllers").toString());
    }

    /**
     * logrotate's {@code dateext} (default {@code dateformat -%Y%m%d}): {@code workflow-controller.log-20260612} is a rotated piece
     * too, whose writer went on in the live file; before, the name read as a live file of its own and AF008 stayed likely.
     */
    @Test
    void aDateextPieceWithoutTheLiveFileGoesOnInTheLiveFile() throws IOException {
        piece("workflow-controller.log-20260612", 1, 71);
        JsonNode report = analyze();
        assertEquals("possible", af008(report).get("confidence").asText());
        assertTrue(report.get("controllers").get(0).get("continuesIn").asText().endsWith("logs/workflow-controller.log"), report.get("controllers").toString());
    }

    /** Negative control: the dateext piece with its live file is one series (one run), and AF008 stays likely. */
    @Test
    void aDateextPieceWithItsLiveFileStaysLikely() throws IOException {
        piece("workflow-controller.log-20260612", 1, 62);
        piece("workflow-controller.log", 63, 86);
        JsonNode report = analyze();
        assertEquals("likely", af008(report).get("confidence").asText());
        assertEquals(1, report.get("controllers").size(), report.get("controllers").toString());
        assertEquals(null, report.get("controllers").get(0).get("continuesIn"), report.get("controllers").toString());
    }

    @Test
    void theWholeRotatedSeriesStaysLikely() throws IOException {
        piece("workflow-controller.log.2", 1, 62);
        piece("workflow-controller.log.1", 63, 71);
        piece("workflow-controller.log", 72, 86);
        JsonNode report = analyze();
        JsonNode f = af008(report);
        assertEquals("likely", f.get("confidence").asText());
        assertFalse(f.has("laterLogNotGiven"), f.toString());
        assertFalse(report.get("controllers").get(0).has("continuesIn"), report.get("controllers").toString());
    }

    /**
     * The later piece given holds only a new run (the controller restarted after .2's last line, took the Workflow up and wrote it
     * Failed): the run of .2 ended there, and what is missing is the new run's later log, not .2's run's.
     */
    @Test
    void aLaterPieceHoldingOnlyARestartedRunLeavesTheEarlierRunUncut() throws IOException {
        piece("workflow-controller.log.2", 1, 71);
        Files.write(dir.resolve("logs/workflow-controller.log.1"), List.of(
                "time=\"2026-06-12T01:07:30.004Z\" level=info msg=\"Starting Workflow Controller\" defaultRequeueTime=10s version=v3.6.10",
                "time=\"2026-06-12T01:07:30.006Z\" level=info msg=\"Current Worker Numbers\" cronWorkflowWorkers=8 podCleanup=4 workflowArchive=8"
                        + " workflowTtlWorkers=4 workflowWorkers=32",
                "time=\"2026-06-12T01:07:30.052Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=88125790 namespace=reports"
                        + " workflow=nightly-ledger-export",
                "time=\"2026-06-12T01:07:30.055Z\" level=info msg=\"Updated phase Running -> Failed\" namespace=reports workflow=nightly-ledger-export",
                "time=\"2026-06-12T01:07:30.055Z\" level=info msg=\"Marking workflow completed\" namespace=reports workflow=nightly-ledger-export",
                "time=\"2026-06-12T01:07:30.071Z\" level=info msg=\"Workflow update successful\" namespace=reports phase=Failed resourceVersion=88125811"
                        + " workflow=nightly-ledger-export",
                "time=\"2026-06-12T01:12:30.011Z\" level=info msg=\"Alloc=20911 TotalAlloc=88233 Sys=60115 NumGC=31 Goroutines=168\""));
        JsonNode report = analyze();
        assertEquals("likely", af008(report).get("confidence").asText());
        JsonNode runs = report.get("controllers");
        assertEquals(2, runs.size(), runs.toString());
        assertFalse(runs.get(0).has("continuesIn"), runs.toString());
        assertTrue(runs.get(1).get("continuesIn").asText().endsWith("logs/workflow-controller.log"), runs.toString());
    }

    /** The user's whole log, ending where the piece does: nothing tells that the run went on, so nothing is capped. */
    @Test
    void aLiveFileThatSimplyEndsIsNotCapped() throws IOException {
        piece("workflow-controller.log", 1, 71);
        assertEquals("likely", af008(analyze()).get("confidence").asText());
    }

    /** The piece holds the Workflow's end (its update Failed): what the run wrote later is about other Workflows. */
    @Test
    void aPieceThatShowsTheWorkflowEndIsNotCapped() throws IOException {
        piece("workflow-controller.log.2", 1, 84);
        JsonNode report = analyze();
        assertEquals("likely", af008(report).get("confidence").asText());
        assertTrue(report.get("controllers").get(0).has("continuesIn"), "the run is still cut, but not before the Workflow ended");
    }

    /**
     * An export of the Pod alive after the error, with one of its Workflow recording the node lost and not being deleted, settles it
     * whatever the later lines say. The Pod's export alone does not: the later piece may hold the Workflow's deletion (its update
     * refused as not found, its Pods released on the orphan path), the look-alike the Pod's export cannot rule out.
     */
    @Test
    void anExportOfThePodAliveAfterTheErrorStillConfirms() throws IOException {
        piece("workflow-controller.log.2", 1, 71);
        Path exports = Files.createDirectories(dir.resolve("exports"));
        Files.writeString(exports.resolve("pod.yaml"), """
                apiVersion: v1
                kind: Pod
                metadata:
                  name: nightly-ledger-export-export-3089624639
                  namespace: reports
                  uid: 5b0f2c1e-7d4a-4f7e-9a51-3c2e8d1b6f40
                  creationTimestamp: "2026-06-12T01:05:33Z"
                  managedFields: [{manager: workflow-controller, operation: Update, time: "2026-06-12T01:06:47Z"}, {manager: kubelet, operation: Update, subresource: status, time: "2026-06-12T01:12:10Z"}]
                  labels:
                    workflows.argoproj.io/completed: "true"
                    workflows.argoproj.io/workflow: nightly-ledger-export
                  annotations:
                    workflows.argoproj.io/node-id: nightly-ledger-export-3089624639
                    workflows.argoproj.io/node-name: nightly-ledger-export[0].export
                  ownerReferences:
                  - apiVersion: argoproj.io/v1alpha1
                    kind: Workflow
                    name: nightly-ledger-export
                    uid: 0c6a9d2e-51f3-4b8a-8e7d-2f4b6a1c9e03
                spec:
                  containers:
                  - name: wait
                  - name: main
                status:
                  phase: Running
                  containerStatuses:
                  - name: main
                    state:
                      running:
                        startedAt: "2026-06-12T01:05:36Z"
                  - name: wait
                    state:
                      running:
                        startedAt: "2026-06-12T01:05:36Z"
                """);
        JsonNode alone = af008(analyze());
        assertEquals("possible", alone.get("confidence").asText(), alone.toString());
        assertTrue(alone.has("laterLogNotGiven"), alone.toString());
        Files.writeString(exports.resolve("workflow.yaml"), """
                apiVersion: argoproj.io/v1alpha1
                kind: Workflow
                metadata:
                  name: nightly-ledger-export
                  namespace: reports
                  uid: 0c6a9d2e-51f3-4b8a-8e7d-2f4b6a1c9e03
                  creationTimestamp: "2026-06-12T01:05:30Z"
                status:
                  phase: Failed
                  finishedAt: "2026-06-12T01:06:47Z"
                  nodes:
                    nightly-ledger-export-3089624639:
                      id: nightly-ledger-export-3089624639
                      name: nightly-ledger-export[0].export
                      type: Pod
                      phase: Error
                      message: pod deleted
                      startedAt: "2026-06-12T01:05:33Z"
                      finishedAt: "2026-06-12T01:06:47Z"
                """);
        JsonNode f = af008(analyze());
        assertEquals("confirmed", f.get("confidence").asText(), f.toString());
        assertFalse(f.has("laterLogNotGiven"), f.toString());
    }

    /**
     * Session 33: a {@code kubectl get wf} listing pasted with a stated time ({@code # taken-at:}, the clock of whoever took it) shows
     * the Workflow Failed. At 01:07:10 that is 23 s after the node was marked "pod deleted" (01:06:47.543): within what such a clock
     * may be off (60 s), so the listing may have come before the mark and does not show the Workflow ended after it; the piece is
     * still cut there and AF008 possible (it was likely: the stated time read as exact). Negative control: the same listing at
     * 01:20:00, long after, shows the Workflow ended and AF008 stays likely.
     */
    @Test
    void aListingShowingTheWorkflowEndedOnlyByAStatedTimeNearTheMarkLeavesTheCut() throws IOException {
        piece("workflow-controller.log.2", 1, 71);
        Path exports = Files.createDirectories(dir.resolve("exports"));
        for (String[] c : new String[][]{{"2026-06-12T01:07:10Z", "possible"}, {"2026-06-12T01:20:00Z", "likely"}}) {
            Files.writeString(exports.resolve("workflows.txt"), "# taken-at: " + c[0] + "\n$ kubectl get wf -n reports\n"
                    + "NAME                    STATUS    AGE   MESSAGE\n"
                    + "nightly-ledger-export   Failed    " + (c[1].equals("possible") ? "97s" : "14m") + "   child 'nightly-ledger-export-3089624639' failed\n");
            JsonNode f = af008(analyze());
            assertEquals(c[1], f.get("confidence").asText(), c[0] + ": " + f);
            assertEquals(c[1].equals("possible"), f.has("laterLogNotGiven"), f.toString());
        }
    }

    /**
     * AF005's claim is that nothing finished the node after the Pod went (samples/pod-gone-node-running, v3.6 logrus JSON: three
     * "Workflow pod is missing" 20 minutes apart, the run going on to 15:00 without a line about the Workflow, its stats ticker
     * every 5 minutes: a whole log, session 56). As the live file,
     * likely; as a rotated piece whose later piece is not given, a line finishing the node may be there: possible.
     */
    @Test
    void podGoneNodeRunningInARotatedPieceIsPossibleAndAsTheLiveFileLikely() throws IOException {
        List<String> log = lines("samples/pod-gone-node-running/logs/workflow-controller.json.log");
        piece(log, "workflow-controller.json.log", 1, log.size());
        assertEquals("likely", one(analyze(), "AF005").get("confidence").asText());
        Files.delete(dir.resolve("logs/workflow-controller.json.log"));
        piece(log, "workflow-controller.json.log.1", 1, log.size());
        JsonNode f = one(analyze(), "AF005");
        assertEquals("possible", f.get("confidence").asText());
        assertTrue(f.get("confidenceReason").asText().contains("whose later piece, workflow-controller.json.log, is not in the inputs, and what the controller"
                + " wrote there could clear or change this (a line finishing the node or the Workflow)"), f.get("confidenceReason").asText());
    }

    /**
     * Session 33: AF005 in the rotated piece with the sample's {@code argo get} export beside it. An export showing the node unfinished
     * after the piece's last line about the Workflow (14:43:44.436) covers what the missing piece held, but one dated only by its
     * file's {@code # taken-at:} (the clock of whoever ran {@code argo get}) does so only from that time less 60 s: stated at 14:44:14,
     * 30 s after, it may have been taken before the last line, and AF005 stays possible (it was likely). Negative control: the
     * sample's own 15:05:00, long after: likely.
     */
    @Test
    void anUnfinishedExportStatedWithinAUsersClockOfTheLastLineDoesNotCoverTheMissingPiece() throws IOException {
        List<String> log = lines("samples/pod-gone-node-running/logs/workflow-controller.json.log");
        piece(log, "workflow-controller.json.log.1", 1, log.size());
        Path exports = Files.createDirectories(dir.resolve("snapshots"));
        String export = Files.readString(Path.of("samples/pod-gone-node-running/snapshots/workflow-argo-get.yaml"));
        for (String[] c : new String[][]{{"2026-09-25T14:44:14Z", "possible"}, {"2026-09-25T15:05:00Z", "likely"}}) {
            Files.writeString(exports.resolve("workflow-argo-get.yaml"), export.replace("# taken-at: 2026-09-25T15:05:00Z", "# taken-at: " + c[0]));
            JsonNode f = one(analyze(), "AF005");
            assertEquals(c[1], f.get("confidence").asText(), c[0] + ": " + f);
        }
    }
}
