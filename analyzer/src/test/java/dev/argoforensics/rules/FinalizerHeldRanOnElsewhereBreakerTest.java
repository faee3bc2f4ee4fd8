package dev.argoforensics.rules;

import static dev.argoforensics.rules.HeldUntilStandbyTakesOverTest.deletedPod;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.processingOther;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.AnalysisResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 50 breaker on AF004's "no controller line after the due time: possible": a controller whose log goes on after the due
 * time in another file of the same replica (the kubelet's rotated set: the older piece ends before the due time, the current one
 * goes on) ran on while the finalizer stayed: the export decides as before (likely on a stated time), not possible.
 */
class FinalizerHeldRanOnElsewhereBreakerTest {
    private static final String POD_LOG = "workflow-controller-6c4f8b2d97-q9k5m.log";

    @TempDir
    Path dir;

    private AnalysisResult analyze() throws IOException {
        return analyze(POD_LOG);
    }

    private AnalysisResult analyze(String later) throws IOException {
        // The older rotated piece: the leader logs the Pod, its last line there before the release was due (16:31:04).
        Files.write(dir.resolve(POD_LOG + ".1"), List.of(processingOther("2026-09-19T16:26:00.000Z"),
                podEvent("2026-09-19T16:27:45.000Z", "update"), processingOther("2026-09-19T16:30:00.000Z")));
        // The current piece: the same process goes on working after the due time.
        Files.write(dir.resolve(later), List.of(processingOther("2026-09-19T16:40:00.000Z"),
                processingOther("2026-09-19T16:50:00.000Z")));
        Files.writeString(dir.resolve("pod.yaml"), "# taken-at: 2026-09-19T17:04:54Z\n" + deletedPod());
        return Analysis.standard(AnalysisOptions.defaults()).run(List.of(dir.toString()));
    }

    @Test
    void aLeaderLoggingOnInTheRotatedSetsCurrentPieceLeavesItToTheExport() throws IOException {
        AnalysisResult r = analyze();
        RuleOutcome o = r.outcomes().stream().filter(x -> x.rule().equals("AF004")).findFirst().orElseThrow();
        assertEquals(1, o.findings().size(), o::toString);
        Finding f = o.findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason() + " runs " + r.correlation().processes());
        assertTrue(!f.confidenceReason().contains("has no line after"), f.confidenceReason());
    }

    /**
     * The leader's later work in a file not named as the Pod's replica (a second paste, {@code controller-after.txt}): a run doing
     * Workflow work in the Pod's namespace from 16:40 to 16:50, after the due time. On s50-af004 alone the breaker saw AF004
     * possible with the reason "nor any run after it in the logs", false here; on main after session 50's merges it is likely
     * again (the export's stated time the only cap), as before that branch. The reason's wording now says what it reads either way
     * (no later run of the Pod's replica; lines in a file not tied to it are not read as its).
     */
    @Test
    void aLeaderWorkingAfterTheDueTimeInAnotherFileIsNotNoRunAfterIt() throws IOException {
        AnalysisResult r = analyze("controller-after.txt");
        Finding f = r.outcomes().stream().filter(x -> x.rule().equals("AF004")).findFirst().orElseThrow().findings().get(0);
        assertTrue(!f.confidenceReason().contains("nor any run after it in the logs"), f.confidenceReason());
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
    }
}
