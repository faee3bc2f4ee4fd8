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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.correlate.DatedBeforeCreation;
import dev.argoforensics.correlate.NodeClock;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.testing.AnalyzedFiles;
import dev.argoforensics.testing.Exports;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 61 (s61-lifetime): a lone release dated before its Pod's creation. ReleaseOfItsLifetimeTest's shape (session 60) with the
 * first Pod's {@code Created pod} line not given: replica a created the first Pod of {@code p} (unschedulable, PodScheduled False at
 * 16:27:11), a user deleted it and a's handler, its clock 20 s ahead, released it with {@code delay=-39.251345678s} in a line stamped
 * 16:29:50 (dating the transition it read 16:27:11); replica b had taken over and created {@code p} again at 16:29:41.100, whose own
 * release is not in the lines. Replica a's log is given as a rotated piece that begins after its {@code Created pod} line, or as a
 * grep of the Pod's name that cut it: the name's only creation shown is b's, and the release dates a transition two and a half
 * minutes before it. An earlier Pod of the name whose lines are missing, or this Pod's on clocks off by that much: never confirmed
 * on this Pod, possible with what would settle it named.
 */
class ReleaseDatedBeforeCreationTest {
    @TempDir
    Path dir;

    private static final String FIRST_DELAY = "-39.251345678s";

    /** Replica a from its rotated piece on (no banner, no Created pod line): its handler releases the first Pod. */
    private static List<String> rotatedPieceOfA() {
        return List.of(workers("2026-09-19T16:28:20.100Z", 2), processingOther("2026-09-19T16:28:30.000Z"),
                podEvent("2026-09-19T16:29:50.247Z", "update"), removingFinalizers("2026-09-19T16:29:50.248Z"),
                queuingPodDelay("2026-09-19T16:29:50.249Z", "removeFinalizer", FIRST_DELAY), queueing("2026-09-19T16:29:50.249Z", "removeFinalizer"),
                cleaningUp("2026-09-19T16:29:50.251Z", "removeFinalizer"), podEvent("2026-09-19T16:29:50.266Z", "delete"));
    }

    /** Replica b: takes over, finds the node's Pod missing while Pending and creates it again; {@code own}, its own release, if given. */
    private static List<String> replicaB(List<String> own) {
        List<String> out = new ArrayList<>(List.of("time=2026-09-19T16:29:40.000Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3",
                workers("2026-09-19T16:29:40.100Z", 2),
                processing("2026-09-19T16:29:41.000Z", "Running"), podMissing("2026-09-19T16:29:41.050Z", "Pending", false),
                createdPod("2026-09-19T16:29:41.100Z"), workflowUpdated("2026-09-19T16:29:41.150Z", "Running"),
                podEvent("2026-09-19T16:29:41.200Z", "add"), podEvent("2026-09-19T16:30:40.000Z", "update"),
                workers("2026-09-19T16:30:50.000Z", 0), podEvent("2026-09-19T16:31:00.900Z", "update")));
        out.addAll(own);
        out.addAll(List.of(workers("2026-09-19T16:36:00.000Z", 2), processing("2026-09-19T16:36:02.200Z", "Running"),
                podMissing("2026-09-19T16:36:02.246Z"), markingError("2026-09-19T16:36:02.246Z"), workflowUpdated("2026-09-19T16:36:02.300Z", "Error"),
                processingOther("2026-09-19T17:30:00.000Z")));
        return out;
    }

    private AnalysisResult analyze(List<String> a, List<String> b, Map<String, String> exports) throws IOException {
        Map<String, List<String>> logs = new LinkedHashMap<>();
        logs.put("workflow-controller-a.log", a);
        logs.put("workflow-controller-b.log", b);
        return AnalyzedFiles.run(dir, logs, exports);
    }

    private static RuleOutcome af001(AnalysisResult r) {
        return r.outcomes().stream().filter(o -> o.rule().equals("AF001")).findFirst().orElseThrow();
    }

    private static Object delay(Finding f) {
        return f.fact("delay").map(Fact::value).orElse(null);
    }

    private static DatedBeforeCreation dating(AnalysisResult r) {
        return r.correlation().pods().keySet().stream().filter(k -> k.name().equals("p") && k.lifetime() == 0)
                .map(k -> r.correlation().lifecycle(k).releaseDatedBeforeCreation().orElse(null)).findFirst().orElse(null);
    }

    private static void assertPossibleNamingTheLack(AnalysisResult r, String lack) {
        RuleOutcome o = af001(r);
        String seen = o.findings() + " " + o.cleared() + " " + new TreeMap<>(r.correlation().pods()).keySet();
        List<Finding> mine = o.findings().stream().filter(f -> FIRST_DELAY.equals(delay(f))).toList();
        assertFalse(mine.isEmpty(), seen);
        for (Finding f : mine) {
            assertEquals(Confidence.POSSIBLE, f.confidence(), seen);
            assertTrue(f.confidenceReason().contains("dates the last condition transition the handler read at 2026-09-19T16:27:10Z")
                    && f.confidenceReason().contains("2m30") && f.confidenceReason().contains(lack), f::confidenceReason);
        }
    }

    /** A rotated piece of a's log: the first Pod's creation rotated away. Possible, naming the export and clocks that would settle it. */
    @Test
    void aReleaseFromARotatedPieceDatedBeforeTheOnlyCreationIsPossible() throws IOException {
        AnalysisResult r = analyze(rotatedPieceOfA(), replicaB(List.of()), Map.of());
        DatedBeforeCreation d = dating(r);
        assertTrue(d != null && !d.exported() && d.order() == NodeClock.NodeOrder.MARGIN, () -> String.valueOf(d));
        assertPossibleNamingTheLack(r, "no export of the Pod gives its creationTimestamp");
    }

    /** A grep of a's log for the Pod's name (its Created pod line cut by the excerpt): the same reading. */
    @Test
    void aReleaseFromAGrepExcerptDatedBeforeTheOnlyCreationIsPossible() throws IOException {
        List<String> grep = rotatedPieceOfA().stream().filter(l -> l.contains("=p") || l.contains("podName=p")).toList();
        AnalysisResult r = analyze(grep, replicaB(List.of()), Map.of());
        assertPossibleNamingTheLack(r, "no export of the Pod gives its creationTimestamp");
    }

    /**
     * An export of the namesake (created 16:29:41 by the API server's clock, still deleting with the finalizer) puts the creation on
     * the API server's clock; nothing near 16:27:11 bounds its node's clock: possible, naming the node's clock as the lack.
     */
    @Test
    void withTheExportsCreationTheNodesClockIsWhatIsLacking() throws IOException {
        String pod = Exports.Pod.of().startedAt("2026-09-19T16:29:45Z").running("main").running("wait").deleted("2026-09-19T16:34:30Z", 30)
                .lastTransition("2026-09-19T16:29:46Z").yaml().replace("2026-09-19T16:27:10Z", "2026-09-19T16:29:41Z");
        AnalysisResult r = analyze(rotatedPieceOfA(), replicaB(List.of()), Map.of("pod.yaml", pod));
        DatedBeforeCreation d = dating(r);
        assertTrue(d != null && d.exported() && !d.notItsOwn(), () -> String.valueOf(d));
        RuleOutcome o = af001(r);
        for (Finding f : o.findings()) {
            if (FIRST_DELAY.equals(delay(f))) {
                assertEquals(Confidence.POSSIBLE, f.confidence(), f::confidenceReason);
                assertTrue(f.confidenceReason().contains("nothing near that time bounds the clock of the node"), f::confidenceReason);
            }
        }
    }

    /**
     * Control: the namesake's own release in b's lines, its delay dating a transition after its creation: its finding is unchanged
     * by the first Pod's line (ReleaseOfItsLifetimeTest), and nothing is dated before the creation.
     */
    @Test
    void theNamesakesOwnReleaseIsReadAsBefore() throws IOException {
        List<String> own = List.of(podEvent("2026-09-19T16:34:30.410Z", "update"), removingFinalizers("2026-09-19T16:34:30.411Z"),
                queuingPodDelay("2026-09-19T16:34:30.412Z", "removeFinalizer", "-1m30.412s"), queueing("2026-09-19T16:34:30.412Z", "removeFinalizer"),
                cleaningUp("2026-09-19T16:34:30.414Z", "removeFinalizer"), podEvent("2026-09-19T16:34:30.430Z", "delete"));
        AnalysisResult withOwn = analyze(List.of(), replicaB(own), Map.of());
        AnalysisResult both = analyze(rotatedPieceOfA(), replicaB(own), Map.of());
        PodKey p = both.correlation().pods().keySet().stream().filter(k -> k.name().equals("p") && k.lifetime() == 0).findFirst().orElseThrow();
        assertTrue(both.correlation().lifecycle(p).releaseDatedBeforeCreation().isEmpty() || !both.correlation().lifecycle(p).release().scheduled()
                .text().contains("-1m30.412s"));
        List<Finding> alone = af001(withOwn).findings().stream().filter(f -> "-1m30.412s".equals(delay(f))).toList();
        assertEquals(1, alone.size(), af001(withOwn).findings()::toString);
        assertFalse(alone.get(0).confidenceReason().contains("dates the last condition transition"), alone.get(0)::confidenceReason);
        List<Finding> read = af001(both).findings().stream().filter(f -> "-1m30.412s".equals(delay(f))).toList();
        assertEquals(1, read.size(), af001(both).findings()::toString);
        assertEquals(alone.get(0).confidence(), read.get(0).confidence(), read.get(0)::confidenceReason);
        assertFalse(read.get(0).confidenceReason().contains("dates the last condition transition"), read.get(0)::confidenceReason);
    }
}
