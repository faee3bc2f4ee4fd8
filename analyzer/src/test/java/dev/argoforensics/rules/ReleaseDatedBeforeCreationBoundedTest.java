package dev.argoforensics.rules;

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
import dev.argoforensics.correlate.DatedBeforeCreation;
import dev.argoforensics.correlate.NodeClock;
import dev.argoforensics.testing.AnalyzedFiles;
import dev.argoforensics.testing.Exports;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 62 (s62-lifetime): the BOUNDED path of {@code ReleaseLifetime.datedBeforeCreation} through {@code analyze}, end to end.
 * ReleaseDatedBeforeCreationTest's shape: a rotated piece of replica a's log releases the first Pod of {@code p} with {@code
 * delay=-39.251345678s} in a line stamped 16:29:50 (dating the transition it read 16:27:10 on its node's clock); replica b created
 * {@code p} again at 16:29:41.100, its export's {@code creationTimestamp} 16:29:41. The node's clock runs about 90 s behind, and its
 * records of this Pod say so near that time: the kubelet's {@code Pulling} Event stamped 16:28:08 on the node was stored at 16:29:43
 * (the node is at most 95 s behind), its containers started at 16:28:15 by the node. This Pod's own transition would read 16:28:06
 * or later by that clock; one at 16:27:10 was at the latest 16:28:46 by the API server's, a minute before the Pod existed: the
 * release is not this Pod's. Not decided, the clock that excludes it named; no finding on it.
 */
class ReleaseDatedBeforeCreationBoundedTest {
    @TempDir
    Path dir;

    private static final String FIRST_DELAY = "-39.251345678s";

    private static List<String> rotatedPieceOfA() {
        return List.of(workers("2026-09-19T16:28:20.100Z", 2), processingOther("2026-09-19T16:28:30.000Z"),
                podEvent("2026-09-19T16:29:50.247Z", "update"), removingFinalizers("2026-09-19T16:29:50.248Z"),
                queuingPodDelay("2026-09-19T16:29:50.249Z", "removeFinalizer", FIRST_DELAY), queueing("2026-09-19T16:29:50.249Z", "removeFinalizer"),
                cleaningUp("2026-09-19T16:29:50.251Z", "removeFinalizer"), podEvent("2026-09-19T16:29:50.266Z", "delete"));
    }

    private static List<String> replicaB() {
        return List.of("time=2026-09-19T16:29:40.000Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3",
                workers("2026-09-19T16:29:40.100Z", 2),
                processing("2026-09-19T16:29:41.000Z", "Running"), podMissing("2026-09-19T16:29:41.050Z", "Pending", false),
                createdPod("2026-09-19T16:29:41.100Z"), workflowUpdated("2026-09-19T16:29:41.150Z", "Running"),
                podEvent("2026-09-19T16:29:41.200Z", "add"), podEvent("2026-09-19T16:30:40.000Z", "update"),
                workers("2026-09-19T16:36:00.000Z", 2), processing("2026-09-19T16:36:02.200Z", "Running"),
                podMissing("2026-09-19T16:36:02.246Z"), markingError("2026-09-19T16:36:02.246Z"), workflowUpdated("2026-09-19T16:36:02.300Z", "Error"),
                processingOther("2026-09-19T17:30:00.000Z"));
    }

    private AnalysisResult analyze(boolean event) throws IOException {
        Map<String, List<String>> logs = new LinkedHashMap<>();
        logs.put("workflow-controller-a.log", rotatedPieceOfA());
        logs.put("workflow-controller-b.log", replicaB());
        Map<String, String> exports = new LinkedHashMap<>();
        exports.put("pod.yaml", Exports.Pod.of().startedAt("2026-09-19T16:28:15Z").running("main").running("wait").deleted("2026-09-19T16:34:30Z", 30)
                .lastTransition("2026-09-19T16:28:16Z").yaml().replace("2026-09-19T16:27:10Z", "2026-09-19T16:29:41Z"));
        if (event) {
            exports.put("events.yaml", Exports.Event.of("Pulling", "2026-09-19T16:28:08Z").storedAt("2026-09-19T16:29:43Z").yaml());
        }
        return AnalyzedFiles.run(dir, logs, exports);
    }

    private static DatedBeforeCreation dating(AnalysisResult r) {
        return r.correlation().pods().keySet().stream().filter(k -> k.name().equals("p") && k.lifetime() == 0)
                .flatMap(k -> r.correlation().lifecycle(k).releaseDatedBeforeCreation().stream()).findFirst().orElse(null);
    }

    private static RuleOutcome af001(AnalysisResult r) {
        return r.outcomes().stream().filter(o -> o.rule().equals("AF001")).findFirst().orElseThrow();
    }

    @Test
    void aNodeClockBoundedNearTheDatingExcludesThisPodsRelease() throws IOException {
        AnalysisResult r = analyze(true);
        DatedBeforeCreation d = dating(r);
        assertTrue(d != null && d.exported() && d.order() == NodeClock.NodeOrder.BOUNDED && d.notItsOwn(), () -> String.valueOf(d));
        RuleOutcome o = af001(r);
        assertTrue(o.findings().stream().noneMatch(f -> FIRST_DELAY.equals(f.fact("delay").map(Fact::value).orElse(null))), o.findings()::toString);
        List<Clearance> notDecided = o.cleared().stream().filter(c -> c.why().toString().startsWith("Keyed[key=AF001.cleared.datedBeforeCreation")).toList();
        assertEquals(1, notDecided.size(), o.cleared()::toString);
        String why = notDecided.get(0).reason();
        assertTrue(why.startsWith("not decided: the release at 2026-09-19T16:29:50.249Z"), why);
        assertTrue(why.contains("dates the last condition transition the handler read at 2026-09-19T16:27:10Z") && why.contains("16:29:41Z")
                && why.contains("its export's creationTimestamp") && why.contains("the clocks do not explain it"), why);
    }

    /** Control: without the Event nothing near the dating bounds the node's clock: possible at most, the node's clock named as lacking. */
    @Test
    void withoutTheEventTheNodesClockIsWhatIsLacking() throws IOException {
        AnalysisResult r = analyze(false);
        DatedBeforeCreation d = dating(r);
        assertTrue(d == null || !d.notItsOwn(), () -> String.valueOf(d));
        RuleOutcome o = af001(r);
        assertTrue(o.cleared().stream().noneMatch(c -> c.why().toString().startsWith("Keyed[key=AF001.cleared.datedBeforeCreation")), o.cleared()::toString);
        for (Finding f : o.findings()) {
            if (FIRST_DELAY.equals(f.fact("delay").map(Fact::value).orElse(null))) {
                assertTrue(f.confidence() != Confidence.CONFIRMED && f.confidence() != Confidence.LIKELY, f::confidenceReason);
            }
        }
    }
}
