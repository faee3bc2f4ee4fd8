package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.rules.Clearance;
import dev.argoforensics.rules.Confidence;
import dev.argoforensics.rules.Finding;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * #12103's paste: a piece of a Workflow's {@code status.taskResultsCompletionStatus} (node ID: false), then under a root prompt a
 * {@code kubectl get pods | grep} row of the node's Pod, Completed. Until session 31 the file was "nothing usable", its lines
 * unparsed. Now the piece is a Workflow (named by its node ID, placed by the row's namespace) and AF006 is possible: the result is
 * not complete while the Pod has ended, and nothing dates either, so how long it was pending (what the threshold is about) is
 * unknown.
 */
class CompletionStatusPieceTest {
    @TempDir
    Path dir;

    private static final String POD = "ingest-batch-4f7kq-run-step-437929116";

    private AnalysisResult run(String... lines) throws IOException {
        return PastedAf006.run(dir, "comment.txt", lines);
    }

    private static List<Finding> af006(AnalysisResult r) {
        return PastedAf006.findings(r);
    }

    private static List<Clearance> af006Cleared(AnalysisResult r) {
        return PastedAf006.cleared(r);
    }

    private static String[] paste(String status) {
        return new String[] {
            "Same here after moving to v3.5.6: the pod finished long ago but the workflow never leaves Running.",
            "```",
            "  taskResultsCompletionStatus:",
            "    ingest-batch-4f7kq-437929116: false",
            "root@jump-7:/home/ops# kubectl get pods  -n data-ingest | grep -i ingest-batch",
            POD + "   " + ("Completed".equals(status) ? "0/2" : "2/2") + "     " + status + "   0          9d",
            "```",
        };
    }

    @Test
    void aPieceWithItsPodsCompletedRowIsAPossibleAf006() throws IOException {
        AnalysisResult r = run(paste("Completed"));
        assertEquals(0, r.inputs().get(0).unparsed(), "nothing left unread");
        List<Finding> f = af006(r);
        assertEquals(1, f.size(), f.toString());
        assertEquals(Confidence.POSSIBLE, f.get(0).confidence(), "nothing dates the status or the row");
        assertEquals("data-ingest/ingest-batch-4f7kq", f.get(0).workflow().namespace() + "/" + f.get(0).workflow().name(),
                "named by the node ID, placed by the row's namespace");
        assertEquals(POD, f.get(0).pod().name());
        assertEquals("ingest-batch-4f7kq-437929116", f.get(0).node().id());
        assertTrue(f.get(0).confidenceReason().contains("unknown"), f.get(0).confidenceReason());
    }

    /** Negative control: the Pod still Running when listed: a running Pod's result is not complete either. */
    @Test
    void aRunningPodIsCleared() throws IOException {
        AnalysisResult r = run(paste("Running"));
        assertTrue(af006(r).isEmpty(), af006(r).toString());
        assertTrue(af006Cleared(r).stream().anyMatch(c -> c.reason().contains("listed Running")), af006Cleared(r).toString());
    }

    /** Negative control: the result complete ({@code true}): nothing to report. */
    @Test
    void aCompleteResultIsNoFinding() throws IOException {
        String[] lines = paste("Completed");
        lines[3] = "    ingest-batch-4f7kq-437929116: true";
        AnalysisResult r = run(lines);
        assertTrue(af006(r).isEmpty(), af006(r).toString());
    }

    /**
     * A lone node ID and no Pod row: a Workflow of one Pod whose name ends in digits (a CronWorkflow's run) looks the same as a
     * node of another Workflow, so the piece names no Workflow: reported at its line, nothing guessed.
     */
    @Test
    void aLoneIdWithoutItsPodNamesNoWorkflow() throws IOException {
        AnalysisResult r = run("```", "  taskResultsCompletionStatus:", "    refresh-quotas-1790000000: false", "```");
        assertTrue(af006(r).isEmpty());
        assertEquals(1, r.inputs().get(0).unparsed(), "the piece is named at its line");
    }
}
