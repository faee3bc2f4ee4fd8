package dev.argoforensics.rules;

import static dev.argoforensics.rules.HeldUntilStandbyTakesOverTest.LOCK;
import static dev.argoforensics.rules.HeldUntilStandbyTakesOverTest.deletedPod;
import static dev.argoforensics.rules.HeldUntilStandbyTakesOverTest.line;
import static dev.argoforensics.rules.HeldUntilStandbyTakesOverTest.newLeader;
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
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 50: AF004 where the controller's log is one file, {@code kubectl logs} of the Deployment pasted as it stood: the tail of
 * the leading process (v4.1.3 words, no election line of its own: its start is older than the tail), which logs the Pod and whose
 * last line is at 16:30, and at the file's end the next process's start-up lines, a standby that started at 16:31:30 and polls the
 * Lease, naming wc-bbbbb as its holder. The Pod was deleted at 16:31:04 (its release due then) and an export stated 17:04:54 still
 * shows the finalizer. Before, the standby's lines joined the leader's run ({@code FileRuns} held them and, at the file's end,
 * gave them to the old piece), so the leader seemed to log on after the due time and the export decided: likely, the finalizer
 * "kept". Its process had stopped logging before the release was due, and a standby releases nothing: only standbys after it,
 * possible, naming the standby.
 *
 * <p>Controls: the leader's work after the standby's lines (two replicas merged with no name on the lines: the leader logs on)
 * leaves it to the export as before; the same file without the standby's lines (no controller line after the due time at all) is
 * read alike, possible (session 50: a log that ends is no controller shown to have stopped, nor one shown running).
 */
class FinalizerHeldStandbyAtFileEndTest {
    /** The leader's tail: it logs the Pod at 16:27:45, its last line at 16:30. */
    private static List<String> tail() {
        return List.of(processingOther("2026-09-19T16:26:00.000Z"), podEvent("2026-09-19T16:27:45.000Z", "update"),
                processingOther("2026-09-19T16:30:00.000Z"));
    }

    /** The next process's start-up: a standby from 16:31:30 naming wc-bbbbb, its lines until {@code last}. */
    private static List<String> standby(String last) {
        return List.of(line("2026-09-19T16:31:30.000Z", "Attempting to acquire leader lease...") + LOCK,
                newLeader("2026-09-19T16:31:30.020Z", "wc-bbbbb"), newLeader(last, "wc-bbbbb"));
    }

    @TempDir
    Path dir;

    private AnalysisResult analyze(List<String> log) throws IOException {
        Files.write(dir.resolve("workflow-controller.txt"), log);
        Files.writeString(dir.resolve("pod.yaml"), "# taken-at: 2026-09-19T17:04:54Z\n" + deletedPod());
        return Analysis.standard(AnalysisOptions.defaults()).run(List.of(dir.toString()));
    }

    private static RuleOutcome af004(AnalysisResult r) {
        return r.outcomes().stream().filter(o -> o.rule().equals("AF004")).findFirst().orElseThrow();
    }

    @Test
    void aStandbysStartUpAtTheFileEndIsNoControllerLoggingOn() throws IOException {
        List<String> log = new ArrayList<>(tail());
        log.addAll(standby("2026-09-19T16:45:00.000Z"));
        AnalysisResult r = analyze(log);
        assertEquals(2, r.correlation().processes().size(), r.correlation().processes().toString());
        RuleOutcome o = af004(r);
        assertEquals(1, o.findings().size(), o::toString);
        Finding f = o.findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("after 2026-09-19T16:30:00.000Z")
                && f.confidenceReason().contains("from 2026-09-19T16:31:30.000Z, naming wc-bbbbb as the Lease's holder, never taking"),
                f.confidenceReason());
        assertTrue(o.cleared().isEmpty(), o::toString);
    }

    /** Control: the leader's work goes on after the standby's lines (a merged stream): it logged after the due time, the export decides. */
    @Test
    void theLeadersWorkAfterTheStandbysLinesLeavesItToTheExport() throws IOException {
        List<String> log = new ArrayList<>(tail());
        log.addAll(standby("2026-09-19T16:45:00.000Z"));
        log.add(processingOther("2026-09-19T16:46:00.000Z"));
        AnalysisResult r = analyze(log);
        assertEquals(1, r.correlation().processes().size(), r.correlation().processes().toString());
        Finding f = af004(r).findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        assertTrue(f.summary().contains("was deleted but kept its status-capture finalizer"), f.summary());
    }

    /**
     * The same file without the standby's lines: no controller line after the due time at all. The hold is the export's; that a
     * controller ran and kept it is no more shown than with standbys only: possible too (it was confirmed, or likely on a stated
     * time, while the standby's shape was possible).
     */
    @Test
    void theFileEndingWithTheLeadersTailIsReadAlike() throws IOException {
        AnalysisResult r = analyze(tail());
        Finding f = af004(r).findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("has no line after 2026-09-19T16:30:00.000Z, before the release was due"), f.confidenceReason());
    }
}
