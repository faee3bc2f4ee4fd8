package dev.argoforensics.correlate;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
import static dev.argoforensics.testing.V4.processing;
import static dev.argoforensics.testing.V4.processingOther;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static dev.argoforensics.testing.V4.workers;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.RuleOutcome;
import dev.argoforensics.testing.AnalyzedFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 60 (s60-delay): the release a Pod's lifecycle reads is one whose scheduling line describes that Pod. The deleting handler
 * logs {@code delay = lastTransition + max(podGC delay, 2m) - now}, so the line's time plus its delay, less that effective delay, is
 * the Pod's last condition transition as the handler read it: a time the scheduler or the kubelet stamped, no earlier than the Pod's
 * creation (give or take their clocks against the controller's). A line dating that transition minutes before the Pod's own
 * {@code Created pod} line describes an earlier Pod of the name.
 *
 * <p>Shape of {@code ScenariosNamesake}: the first Pod of {@code p} is unschedulable (PodScheduled False at 16:27:11), a user
 * deletes it at 16:29:30 and the handler of the replica that releases it (file a), whose clock runs 20 s ahead, logs
 * {@code delay=-39.251345678s} (16:27:11 + 2m - 16:29:50.25 on its clock) in a line stamped 16:29:50; that replica dies, and the replica that takes over (file
 * b, clock right) finds the node's Pod missing while {@code Pending} and creates it again at 16:29:41.100, a namesake that meets
 * #17024's race: main ends 16:31:00, the workers stall, PodGC deletes it at 16:34:30 and the handler releases it with
 * {@code delay=-1m30.412000000s}. The first release, stamped after the namesake's creation by the fast clock and within the
 * margin two controllers' clocks may disagree, does not split the name (no cleanup certainly between the two Created pod lines),
 * and was the first release the namesake's lifecycle read: its finding printed the first Pod's delay as the namesake's.
 */
class ReleaseOfItsLifetimeTest {
    @TempDir
    Path dir;

    private static final String FIRST_DELAY = "-39.251345678s";
    private static final String RACE_DELAY = "-1m30.412s";

    private static List<String> replicaA() {
        return List.of("time=2026-09-19T16:27:20.000Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3",
                workers("2026-09-19T16:27:20.100Z", 2),
                processing("2026-09-19T16:27:30.402Z", "\"\""), createdPod("2026-09-19T16:27:30.431Z"),
                workflowUpdated("2026-09-19T16:27:30.448Z", "Running"), podEvent("2026-09-19T16:27:30.500Z", "add"),
                podEvent("2026-09-19T16:29:50.247Z", "update"), removingFinalizers("2026-09-19T16:29:50.248Z"),
                queuingPodDelay("2026-09-19T16:29:50.249Z", "removeFinalizer", FIRST_DELAY), queueing("2026-09-19T16:29:50.249Z", "removeFinalizer"),
                cleaningUp("2026-09-19T16:29:50.251Z", "removeFinalizer"), podEvent("2026-09-19T16:29:50.266Z", "delete"));
    }

    private static List<String> replicaB(boolean withOwnRelease) {
        List<String> out = new ArrayList<>(List.of("time=2026-09-19T16:29:40.000Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3",
                workers("2026-09-19T16:29:40.100Z", 2),
                processing("2026-09-19T16:29:41.000Z", "Running"), podMissing("2026-09-19T16:29:41.050Z", "Pending", false),
                createdPod("2026-09-19T16:29:41.100Z"), workflowUpdated("2026-09-19T16:29:41.150Z", "Running"),
                podEvent("2026-09-19T16:29:41.200Z", "add"), podEvent("2026-09-19T16:30:40.000Z", "update"),
                workers("2026-09-19T16:30:50.000Z", 0), podEvent("2026-09-19T16:31:00.900Z", "update")));
        if (withOwnRelease) {
            out.addAll(List.of(podEvent("2026-09-19T16:34:30.410Z", "update"), removingFinalizers("2026-09-19T16:34:30.411Z"),
                    queuingPodDelay("2026-09-19T16:34:30.412Z", "removeFinalizer", RACE_DELAY), queueing("2026-09-19T16:34:30.412Z", "removeFinalizer"),
                    cleaningUp("2026-09-19T16:34:30.414Z", "removeFinalizer"), podEvent("2026-09-19T16:34:30.430Z", "delete")));
        }
        out.addAll(List.of(workers("2026-09-19T16:36:00.000Z", 2), processing("2026-09-19T16:36:02.200Z", "Running"),
                podMissing("2026-09-19T16:36:02.246Z"), markingError("2026-09-19T16:36:02.246Z"), workflowUpdated("2026-09-19T16:36:02.300Z", "Error"),
                processingOther("2026-09-19T17:30:00.000Z")));
        return out;
    }

    private AnalysisResult analyze(boolean withOwnRelease) throws IOException {
        return AnalyzedFiles.run(dir, Map.of("workflow-controller-a.log", replicaA(), "workflow-controller-b.log", replicaB(withOwnRelease)), Map.of());
    }

    private static List<Finding> af001(AnalysisResult r) {
        return r.outcomes().stream().filter(o -> o.rule().equals("AF001")).map(RuleOutcome::findings).findFirst().orElse(List.of());
    }

    private static Object delay(Finding f) {
        return f.fact("delay").map(dev.argoforensics.rules.Fact::value).orElse(null);
    }

    /** The namesake's finding prints its own release's delay; no finding prints the first Pod's as the namesake's. */
    @Test
    void theNamesakesFindingQuotesItsOwnQueueingLine() throws IOException {
        AnalysisResult r = analyze(true);
        List<Finding> fs = af001(r);
        String seen = fs + " " + new TreeMap<>(r.correlation().pods()).keySet();
        assertTrue(fs.stream().anyMatch(f -> RACE_DELAY.equals(delay(f))), seen);
        for (Finding f : fs) {
            if (FIRST_DELAY.equals(delay(f))) {
                assertTrue(f.pod() != null && f.pod().lifetime() == 1, () -> "the first Pod's delay told of another Pod than the first: " + seen);
            }
        }
    }

    /**
     * Control: the namesake's own release not in the lines (cut). The first Pod's line dates its Pod's last transition (16:27:11)
     * two and a half minutes before the namesake's creation: it tells nothing of the namesake, whose finding would print it as its
     * own delay.
     */
    @Test
    void aLineThatDescribesAnEarlierPodIsNotTheLaterPodsRelease() throws IOException {
        AnalysisResult r = analyze(false);
        List<Finding> fs = af001(r);
        String seen = fs + " " + new TreeMap<>(r.correlation().pods()).keySet();
        for (Finding f : fs) {
            if (FIRST_DELAY.equals(delay(f))) {
                assertTrue(f.pod() != null && f.pod().lifetime() == 1, () -> "the first Pod's delay told of another Pod than the first: " + seen);
            }
        }
    }

    /**
     * Control: a name created once. Replica a creates Pod p and dies; replica b releases it, its line dating the transition it read
     * 16:25:40, 90 s before a's {@code Created pod} line (the kubelet's clock behind, or a's ahead). No earlier Pod of the name is
     * shown that the line could describe: the release is read as p's, its delay printed; session 61: possible, as an earlier Pod's
     * lines may be missing (ReleaseDatedBeforeCreationTest).
     */
    @Test
    void aNameCreatedOnceKeepsItsReleaseWhateverItDates() throws IOException {
        String delay = "-4m0.412s";
        List<String> a = List.of("time=2026-09-19T16:27:00.000Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3",
                workers("2026-09-19T16:27:00.100Z", 2), processing("2026-09-19T16:27:10.402Z", "\"\""), createdPod("2026-09-19T16:27:10.431Z"),
                workflowUpdated("2026-09-19T16:27:10.448Z", "Running"), podEvent("2026-09-19T16:27:10.500Z", "add"),
                podEvent("2026-09-19T16:27:45.000Z", "update"), processing("2026-09-19T16:27:45.100Z", "Running"));
        List<String> b = List.of("time=2026-09-19T16:28:40.000Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3",
                workers("2026-09-19T16:28:40.100Z", 0), podEvent("2026-09-19T16:28:41.000Z", "add"),
                podEvent("2026-09-19T16:31:40.410Z", "update"), removingFinalizers("2026-09-19T16:31:40.411Z"),
                queuingPodDelay("2026-09-19T16:31:40.412Z", "removeFinalizer", delay), queueing("2026-09-19T16:31:40.412Z", "removeFinalizer"),
                cleaningUp("2026-09-19T16:31:40.414Z", "removeFinalizer"), podEvent("2026-09-19T16:31:40.430Z", "delete"),
                workers("2026-09-19T16:33:00.000Z", 2), processing("2026-09-19T16:33:02.200Z", "Running"), podMissing("2026-09-19T16:33:02.246Z"),
                markingError("2026-09-19T16:33:02.246Z"), workflowUpdated("2026-09-19T16:33:02.300Z", "Error"),
                processingOther("2026-09-19T17:30:00.000Z"));
        AnalysisResult r = AnalyzedFiles.run(dir, Map.of("workflow-controller-a.log", a, "workflow-controller-b.log", b), Map.of());
        List<Finding> fs = af001(r);
        assertTrue(fs.stream().anyMatch(f -> delay.equals(delay(f))), () -> fs + " " + new TreeMap<>(r.correlation().pods()).keySet());
        // Session 61: but the delay cannot be told this Pod's from an earlier namesake's whose lines are not given (no export, nothing
        // bounding the clocks): possible, saying so.
        for (Finding f : fs) {
            if (delay.equals(delay(f))) {
                assertEquals(dev.argoforensics.rules.Confidence.POSSIBLE, f.confidence(), f::confidenceReason);
                assertTrue(f.confidenceReason().contains("1m30") && f.confidenceReason().contains("no export of the Pod gives its creationTimestamp"),
                        f::confidenceReason);
            }
        }
    }

    /** The dating itself: the line's time plus its delay less the effective delay (2m here) is the transition the handler read. */
    @Test
    void theLoggedDelayDatesTheTransition() {
        assertEquals(java.time.Instant.parse("2026-09-19T16:27:10.997654322Z"),
                ReleaseLifetime.datedTransition(java.time.Instant.parse("2026-09-19T16:29:50.249Z"), -39_251_345_678L, null));
    }
}
