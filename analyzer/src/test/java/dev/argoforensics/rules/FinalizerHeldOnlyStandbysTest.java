package dev.argoforensics.rules;

import static dev.argoforensics.rules.HeldUntilStandbyTakesOverTest.LOCK;
import static dev.argoforensics.rules.HeldUntilStandbyTakesOverTest.banner;
import static dev.argoforensics.rules.HeldUntilStandbyTakesOverTest.deletedPod;
import static dev.argoforensics.rules.HeldUntilStandbyTakesOverTest.line;
import static dev.argoforensics.rules.HeldUntilStandbyTakesOverTest.newLeader;
import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.processingOther;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static dev.argoforensics.testing.V4.workers;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.testing.Exports;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 49: AF004 and a replica that only stands by. Replica a (leader election on, v4.1.3 words) leads from 16:20, logs the
 * Pod, and dies at 16:30 (its process's last line); its container restarts at 16:31:30 and the new process stands by: its own
 * lines are {@code Attempting to acquire leader lease...} and {@code new leader} naming wc-bbbbb, another replica, which took the
 * Lease while a was down and whose logs were not given. {@code main.go} runs the controller (informers, pod-cleanup workers) only
 * from {@code OnStartedLeading}: a standby removes no finalizer. The Pod was deleted at 16:31:04 (its release due then) and an
 * export stated 17:04:54 still shows the finalizer. Before, the standby's lines after the due time counted as a controller
 * "logging" through it, and the export decided: likely, the finalizer "kept" by a running controller. What ran is a leader whose
 * log is missing (or none): the finding is possible, naming the standby and the holder it named.
 */
class FinalizerHeldOnlyStandbysTest {
    /** a's first process: acquires at 16:20, logs the Pod, its last line at 16:30 (killed). */
    private static List<String> leader() {
        return List.of(line("2026-09-19T16:20:00.000Z", "Attempting to acquire leader lease...") + LOCK,
                line("2026-09-19T16:20:00.050Z", "Successfully acquired lease") + LOCK, newLeader("2026-09-19T16:20:00.050Z", "wc-aaaaa"),
                banner("2026-09-19T16:20:00.051Z"), workers("2026-09-19T16:20:00.100Z", 32),
                podEvent("2026-09-19T16:27:45.000Z", "update"), processingOther("2026-09-19T16:30:00.000Z"));
    }

    /** a's restarted process from 16:31:30, standing by, naming {@code holder} (none if null); its last line {@code last}. */
    private static List<String> standby(String holder, String last) {
        List<String> b = new ArrayList<>(List.of(line("2026-09-19T16:31:30.000Z", "Attempting to acquire leader lease...") + LOCK));
        if (holder != null) {
            b.add(newLeader("2026-09-19T16:31:30.020Z", holder));
        }
        if (last != null) {
            b.add(newLeader(last, holder == null ? "wc-ccccc" : holder));
        }
        return b;
    }

    /** The restarted process taking the Lease at {@code acquired}, its banner and workers, and the Pod's release {@code takeUp}. */
    private static List<String> takesOver(String acquired, String takeUp) {
        return HeldUntilStandbyTakesOverTest.takeOver(acquired, "wc-aaaaa", takeUp);
    }

    private static List<String> cri(List<String> lines) {
        return lines.stream().map(l -> l.substring(5, l.indexOf(' ')) + " stdout F " + l).toList();
    }

    @TempDir
    Path dir;

    /** The kubelet's files of a's container (CRI), as copied from the node: 0.log the first process, 1.log the restarted one. */
    private RuleOutcome analyze(List<String> restarted) throws IOException {
        return analyze(restarted, null);
    }

    /** As above, with {@code other} (if not null) the log of replica b, wc-bbbbb, copied beside. */
    private RuleOutcome analyze(List<String> restarted, List<String> other) throws IOException {
        if (other != null) {
            Path b = dir.resolve("argo_wc-bbbbb_9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b/workflow-controller");
            Files.createDirectories(b);
            Files.write(b.resolve("0.log"), cri(other));
        }
        Path container = dir.resolve("argo_workflow-controller-7d9f8b6c5d-aaaaa_0b6c1d2e-3f4a-4b5c-8d6e-7f8091a2b3c4/workflow-controller");
        Files.createDirectories(container);
        Files.write(container.resolve("0.log"), cri(leader()));
        Files.write(container.resolve("1.log"), cri(restarted));
        Files.writeString(dir.resolve("pod.yaml"), "# taken-at: 2026-09-19T17:04:54Z\n" + deletedPod());
        AnalysisResult r = Analysis.standard(AnalysisOptions.defaults()).run(List.of(dir.toString()));
        return r.outcomes().stream().filter(o -> o.rule().equals("AF004")).findFirst().orElseThrow();
    }

    /**
     * The restarted process stands by from 16:31:30, naming wc-bbbbb, and its lines end at 16:45 with the Lease never taken. Before:
     * likely, held while a controller "was logging". What ran was wc-bbbbb, whose log was not given (or none): possible, naming it.
     */
    @Test
    void aRestartedProcessThatOnlyStandsByNamingAnotherHolderIsNoControllerRunning() throws IOException {
        RuleOutcome o = analyze(standby("wc-bbbbb", "2026-09-19T16:45:00.000Z"));
        assertEquals(1, o.findings().size(), o::toString);
        Finding f = o.findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        String why = f.confidenceReason();
        assertTrue(why.contains("after 2026-09-19T16:30:00.000Z") && why.contains("from 2026-09-19T16:31:30.000Z, naming wc-bbbbb as the Lease's holder, never taking")
                && why.contains("the log of the holder would tell"), why);
        assertTrue(o.cleared().isEmpty(), o::toString);
    }

    /** Its lines only {@code Attempting to acquire leader lease...}: it names no holder, and says so. */
    @Test
    void aRestartedProcessThatOnlyTriesNamesNoHolder() throws IOException {
        RuleOutcome o = analyze(standby(null, null));
        assertEquals(1, o.findings().size(), o::toString);
        Finding f = o.findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("naming no holder, never taking the Lease in its lines"), f.confidenceReason());
    }

    /**
     * It stands by naming wc-bbbbb, takes the Lease at 17:04:59.900 and takes the release up 250 ms later. Before: counted from its
     * first line (16:31:30, after the due time) it "ran" through the export and the finding was likely. It worked from its
     * acquisition; before it wc-bbbbb led, whose log is missing, so the release at the take-over clears nothing either: possible.
     */
    @Test
    void aRestartedProcessThatStoodByAndTookTheLeaseAfterTheExportIsNoReturnWithItsHolderUnseen() throws IOException {
        List<String> r = new ArrayList<>(standby("wc-bbbbb", null));
        r.addAll(takesOver("2026-09-19T17:04:59.900Z", "2026-09-19T17:05:00"));
        RuleOutcome o = analyze(r);
        assertTrue(o.cleared().isEmpty(), o::toString);
        assertEquals(1, o.findings().size(), o::toString);
        Finding f = o.findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("naming wc-bbbbb as the Lease's holder, taking the Lease at 2026-09-19T17:04:59.900Z"),
                f.confidenceReason());
    }

    /** Control: it takes the Lease at 16:40, before the export, and releases only at 17:05: it led then, the export decides. */
    @Test
    void aStandbyThatTookTheLeaseBeforeTheExportLedThen() throws IOException {
        List<String> r = new ArrayList<>(standby("wc-bbbbb", null));
        r.addAll(takesOver("2026-09-19T16:40:00.000Z", "2026-09-19T17:05:00"));
        RuleOutcome o = analyze(r);
        assertEquals(1, o.findings().size(), o::toString);
        assertEquals(Confidence.LIKELY, o.findings().get(0).confidence(), o.findings().get(0).confidenceReason());
    }

    /**
     * Control: wc-bbbbb's own log is given, leading from 16:31 through 17:30 (it never names the Pod): the holder the standby named
     * is in the input and was running; its lines, not the standby's, decide, and the export decides as before.
     */
    @Test
    void aStandbyWhoseHolderIsInTheInputLeavesItToTheHoldersLines() throws IOException {
        List<String> b = List.of(line("2026-09-19T16:31:00.000Z", "Attempting to acquire leader lease...") + LOCK,
                line("2026-09-19T16:31:00.050Z", "Successfully acquired lease") + LOCK, newLeader("2026-09-19T16:31:00.050Z", "wc-bbbbb"),
                banner("2026-09-19T16:31:00.051Z"), workers("2026-09-19T16:31:00.100Z", 32), processingOther("2026-09-19T17:30:00.000Z"));
        RuleOutcome o = analyze(standby("wc-bbbbb", "2026-09-19T16:45:00.000Z"), b);
        assertEquals(1, o.findings().size(), o::toString);
        Finding f = o.findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        assertTrue(!f.confidenceReason().contains("stood by"), f.confidenceReason());
    }
}
