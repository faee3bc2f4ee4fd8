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
 * Session 60 breaker of s60-delay (ReleaseLifetime): a release another run logged whose line dates the transition it read more than
 * 61 s before a Pod's Created pod line is read as an earlier Pod's, where the lines show an earlier Pod of the name.
 */
class ReleaseLifetimeS60BreakerTest {
    @TempDir
    Path dir;

    private static List<Finding> af001(AnalysisResult r) {
        return r.outcomes().stream().filter(o -> o.rule().equals("AF001")).map(RuleOutcome::findings).findFirst().orElse(List.of());
    }

    private static Object delay(Finding f) {
        return f.fact("delay").map(dev.argoforensics.rules.Fact::value).orElse(null);
    }

    /**
     * Replica a (clock right) creates Pod p at 16:20:00.431; a user deletes it and a releases it at 16:22:00 (its own delay, -30.5 s),
     * its informer drops it. The Workflow finds the node's Pod missing while Pending and a creates p again at 16:27:10.431: the
     * namesake. Its main ends at 16:27:20 on the controller's clock; the node's kubelet runs 90 s behind and stamps that transition
     * 16:25:50. Replica a dies, b takes over at 16:28:40 (workers stalled) and releases the namesake when PodGC deletes it at
     * 16:31:40.412: delay = 16:25:50 + 2m - 16:31:40.412 = -3m50.412s. The line dates the transition 80 s before the namesake's
     * Created pod line (another run's), beyond the 61 s margin; the lines show an earlier Pod of the name (a's first Created pod line).
     */
    private static List<String> replicaA() {
        return List.of("time=2026-09-19T16:19:50.000Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3",
                workers("2026-09-19T16:19:50.100Z", 2),
                processing("2026-09-19T16:20:00.402Z", "\"\""), createdPod("2026-09-19T16:20:00.431Z"),
                workflowUpdated("2026-09-19T16:20:00.448Z", "Running"), podEvent("2026-09-19T16:20:00.500Z", "add"),
                podEvent("2026-09-19T16:22:00.247Z", "update"), removingFinalizers("2026-09-19T16:22:00.248Z"),
                queuingPodDelay("2026-09-19T16:22:00.249Z", "removeFinalizer", "-30.5s"), queueing("2026-09-19T16:22:00.249Z", "removeFinalizer"),
                cleaningUp("2026-09-19T16:22:00.251Z", "removeFinalizer"), podEvent("2026-09-19T16:22:00.266Z", "delete"),
                processing("2026-09-19T16:27:10.000Z", "Running"), podMissing("2026-09-19T16:27:10.050Z", "Pending", false),
                createdPod("2026-09-19T16:27:10.431Z"), workflowUpdated("2026-09-19T16:27:10.448Z", "Running"),
                podEvent("2026-09-19T16:27:10.500Z", "add"), podEvent("2026-09-19T16:27:20.000Z", "update"),
                processing("2026-09-19T16:27:20.100Z", "Running"));
    }

    private static final String NAMESAKE_DELAY = "-3m50.412s";

    private static List<String> replicaB() {
        return List.of("time=2026-09-19T16:28:40.000Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3",
                workers("2026-09-19T16:28:40.100Z", 0), podEvent("2026-09-19T16:28:41.000Z", "add"),
                podEvent("2026-09-19T16:31:40.410Z", "update"), removingFinalizers("2026-09-19T16:31:40.411Z"),
                queuingPodDelay("2026-09-19T16:31:40.412Z", "removeFinalizer", NAMESAKE_DELAY), queueing("2026-09-19T16:31:40.412Z", "removeFinalizer"),
                cleaningUp("2026-09-19T16:31:40.414Z", "removeFinalizer"), podEvent("2026-09-19T16:31:40.430Z", "delete"),
                workers("2026-09-19T16:33:00.000Z", 2), processing("2026-09-19T16:33:02.200Z", "Running"), podMissing("2026-09-19T16:33:02.246Z"),
                markingError("2026-09-19T16:33:02.246Z"), workflowUpdated("2026-09-19T16:33:02.300Z", "Error"),
                processingOther("2026-09-19T17:30:00.000Z"));
    }

    /** The namesake's own release, logged by the replica that took over with the kubelet behind, stays the namesake's. */
    @Test
    void aNamesakesOwnReleaseByTheNextReplicaWithTheKubeletBehindStaysItsOwn() throws IOException {
        AnalysisResult r = AnalyzedFiles.run(dir, Map.of("workflow-controller-a.log", replicaA(), "workflow-controller-b.log", replicaB()), Map.of());
        List<Finding> fs = af001(r);
        String seen = fs + " " + new TreeMap<>(r.correlation().pods()).keySet();
        assertTrue(fs.stream().anyMatch(f -> NAMESAKE_DELAY.equals(delay(f))), seen);
        for (Finding f : fs) {
            assertTrue(!"-30.5s".equals(delay(f)) || (f.pod() != null && f.pod().lifetime() == 1), () -> "first Pod's delay on the namesake: " + seen);
        }
    }
}
