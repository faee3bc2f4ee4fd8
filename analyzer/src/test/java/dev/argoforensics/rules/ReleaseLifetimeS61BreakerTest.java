package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
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
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.testing.AnalyzedFiles;
import dev.argoforensics.testing.Exports;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 61 breaker (s61-b-lifetime) of s61-lifetime's {@code ReleaseLifetime.datedBeforeCreation}: the release's delay dates the
 * transition it read on the node's clock (the releasing controller's clock cancels: its line's stamp and its {@code now} are one
 * clock), but the creation it is held against is the creating run's {@code Created pod} line where no export of the Pod gives its
 * {@code creationTimestamp}: that run's clock, which {@code RunClocks} dates against the objects' from the pairs of the other Pods
 * it created (their lines against their exports). A replica whose clock was stepped 100 s ahead creates {@code p}; the replica
 * that takes over, its clock right, releases it on its deletion (the #17024 race): the Created line's stamp puts the transition
 * the release dates (16:27:15, the Pod's Ready turning True 5 s after its creation) 95 s before it, though the run's pairs show
 * the line 100 s ahead of the objects.
 */
class ReleaseLifetimeS61BreakerTest {
    @TempDir
    Path dir;

    /** A line of the creating run stamped {@code offset} seconds off the true time {@code t} (a clock that far ahead: positive). */
    static String at(String t, long offset) {
        return Instant.parse(t).plusSeconds(offset).toString().replace("Z", "").replaceFirst("(\\.\\d{3})?$", "") + ms(t) + "Z";
    }

    private static String ms(String t) {
        int dot = t.indexOf('.');
        return dot < 0 ? ".000" : t.substring(dot, dot + 4);
    }

    static String created(String t, String pod) {
        return "time=" + t + " level=INFO msg=\"Created pod\" component=workflow_worker workflow=" + pod + " namespace=ns nodeName=" + pod
                + " nodeID=" + pod + " podName=" + pod;
    }

    /** Another Pod's export (its own Workflow of the same name), running, created at {@code creation} by the API server's clock. */
    static String otherPod(String pod, String creation, String started) {
        return Exports.Pod.of().startedAt(started).running("main").running("wait").lastTransition(started).yaml()
                .replace("name: p\n", "name: " + pod + "\n").replace("uid: u-1", "uid: u-" + pod).replace("workflow: p}", "workflow: " + pod + "}")
                .replace("node-id: p, workflows.argoproj.io/node-name: p", "node-id: " + pod + ", workflows.argoproj.io/node-name: " + pod)
                .replace("2026-09-19T16:27:10Z", creation);
    }

    /** Replica b, its clock {@code offset} s off: creates p (16:27:10.431 true), q1 and q2, then stops (its Pod evicted). */
    static List<String> creatingRun(long offset) {
        return List.of("time=" + at("2026-09-19T16:26:50.000Z", offset) + " level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3",
                workers(at("2026-09-19T16:26:50.100Z", offset), 2),
                processing(at("2026-09-19T16:27:10.402Z", offset), "\"\""),
                created(at("2026-09-19T16:27:10.431Z", offset), "p"), workflowUpdated(at("2026-09-19T16:27:10.448Z", offset), "Running"),
                created(at("2026-09-19T16:27:20.200Z", offset), "q1"), created(at("2026-09-19T16:27:50.500Z", offset), "q2"),
                podEvent(at("2026-09-19T16:27:15.300Z", offset), "update"), processingOther(at("2026-09-19T16:33:00.000Z", offset)));
    }

    /** Replica a, its clock right: takes over, and releases p on its deletion at 16:40:01 (delay from Ready's 16:27:15). */
    static List<String> releasingRun() {
        return List.of("time=2026-09-19T16:34:00.000Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3",
                workers("2026-09-19T16:34:00.100Z", 2), processing("2026-09-19T16:34:01.000Z", "Running"),
                podEvent("2026-09-19T16:40:01.247Z", "update"), removingFinalizers("2026-09-19T16:40:01.248Z"),
                queuingPodDelay("2026-09-19T16:40:01.249Z", "removeFinalizer", "-10m46.249s"), queueing("2026-09-19T16:40:01.249Z", "removeFinalizer"),
                cleaningUp("2026-09-19T16:40:01.251Z", "removeFinalizer"), podEvent("2026-09-19T16:40:01.266Z", "delete"),
                processing("2026-09-19T16:40:02.200Z", "Running"), podMissing("2026-09-19T16:40:02.246Z"), markingError("2026-09-19T16:40:02.246Z"),
                workflowUpdated("2026-09-19T16:40:02.300Z", "Error"), processingOther("2026-09-19T17:30:00.000Z"));
    }

    static Map<String, String> othersExports() {
        Map<String, String> out = new LinkedHashMap<>();
        out.put("q1.yaml", otherPod("q1", "2026-09-19T16:27:20Z", "2026-09-19T16:27:24Z"));
        out.put("q2.yaml", otherPod("q2", "2026-09-19T16:27:50Z", "2026-09-19T16:27:54Z"));
        return out;
    }

    AnalysisResult analyze(List<String> b, List<String> a, Map<String, String> exports) throws IOException {
        Map<String, List<String>> logs = new LinkedHashMap<>();
        logs.put("workflow-controller-b.log", b);
        logs.put("workflow-controller-a.log", a);
        return AnalyzedFiles.run(dir, logs, exports);
    }

    static List<Finding> af001(AnalysisResult r, String delay) {
        return r.outcomes().stream().filter(o -> o.rule().equals("AF001")).flatMap(o -> o.findings().stream())
                .filter(f -> delay.equals(f.fact("delay").map(Fact::value).orElse(null))).toList();
    }

    static String seen(AnalysisResult r) {
        return r.outcomes().stream().filter(o -> o.rule().equals("AF001")).map(o -> o.findings() + " " + o.cleared()).findFirst().orElse("")
                + " clocks=" + r.correlation().clocks();
    }

    /**
     * Attack 1a: the creating run 100 s ahead, shown so by its two other Pods' pairs. The release is this Pod's race; it is read as
     * it is read with the run's clock right (the control), not possible for a dating the run's pairs explain.
     */
    @Test
    void aRunAheadByItsPairsDoesNotDateThisPodsReleaseBeforeItsCreation() throws IOException {
        AnalysisResult right = analyze(creatingRun(0), releasingRun(), othersExports());
        AnalysisResult ahead = analyze(creatingRun(100), releasingRun(), othersExports());
        List<Finding> control = af001(right, "-10m46.249s");
        List<Finding> read = af001(ahead, "-10m46.249s");
        assertEquals(1, control.size(), seen(right));
        assertEquals(1, read.size(), seen(ahead));
        assertEquals(control.get(0).confidence(), read.get(0).confidence(), read.get(0).confidenceReason() + " | " + seen(ahead));
        assertFalse(read.get(0).confidenceReason().contains("dates the last condition transition"), read.get(0)::confidenceReason);
    }

    /** Replica a from a rotated piece on (its Created pod line of the first p rotated away): releases the first p at 16:29:33. */
    static List<String> earlierRelease() {
        return List.of(workers("2026-09-19T16:28:20.100Z", 2), processingOther("2026-09-19T16:28:30.000Z"),
                podEvent("2026-09-19T16:29:33.247Z", "update"), removingFinalizers("2026-09-19T16:29:33.248Z"),
                queuingPodDelay("2026-09-19T16:29:33.249Z", "removeFinalizer", "-2.249s"), queueing("2026-09-19T16:29:33.249Z", "removeFinalizer"),
                cleaningUp("2026-09-19T16:29:33.251Z", "removeFinalizer"), podEvent("2026-09-19T16:29:33.266Z", "delete"));
    }

    /**
     * Replica b, its clock {@code offset} s off, taking over after a: finds p missing and creates it again (16:29:51.100 true), with
     * q1 and q2; p's node succeeds at 16:40:00 and is persisted. Its own release of the second p is not in the lines.
     */
    static List<String> recreatingRun(long offset) {
        return List.of("time=" + at("2026-09-19T16:29:45.000Z", offset) + " level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3",
                workers(at("2026-09-19T16:29:45.100Z", offset), 2), processing(at("2026-09-19T16:29:51.000Z", offset), "Running"),
                podMissing(at("2026-09-19T16:29:51.050Z", offset), "Pending", false), created(at("2026-09-19T16:29:51.100Z", offset), "p"),
                workflowUpdated(at("2026-09-19T16:29:51.150Z", offset), "Running"), podEvent(at("2026-09-19T16:29:51.200Z", offset), "add"),
                created(at("2026-09-19T16:29:55.200Z", offset), "q1"), created(at("2026-09-19T16:30:20.500Z", offset), "q2"),
                podEvent(at("2026-09-19T16:29:56.000Z", offset), "update"), podEvent(at("2026-09-19T16:40:00.000Z", offset), "update"),
                processing(at("2026-09-19T16:40:00.500Z", offset), "Running"),
                dev.argoforensics.testing.V4.nodePhaseChanged(at("2026-09-19T16:40:00.510Z", offset), "Running", "Succeeded"),
                workflowUpdated(at("2026-09-19T16:40:00.600Z", offset), "Succeeded", "9"), processingOther(at("2026-09-19T17:30:00.000Z", offset)));
    }

    static Map<String, String> recreatedOthers() {
        Map<String, String> out = new LinkedHashMap<>();
        out.put("q1.yaml", otherPod("q1", "2026-09-19T16:29:55Z", "2026-09-19T16:29:59Z"));
        out.put("q2.yaml", otherPod("q2", "2026-09-19T16:30:20Z", "2026-09-19T16:30:24Z"));
        return out;
    }

    /**
     * Attack 1b, the reverse: the earlier p's release (its Created pod line rotated away) dates the transition it read (16:27:31)
     * 2m20s before the second p's creation (16:29:51 true); the recreating run's clock 90 s behind, shown so by its two other Pods'
     * pairs, stamps that creation 16:28:21, and the release reads as the second p's own, a race against its result persisted at
     * 16:40. Read as with the run's clock right (the control): possible at most, the dating named.
     */
    @Test
    void aRunBehindByItsPairsDoesNotMakeAnEarlierPodsReleaseThisPodsRace() throws IOException {
        Map<String, List<String>> right = new LinkedHashMap<>();
        right.put("workflow-controller-a.log", earlierRelease());
        right.put("workflow-controller-b.log", recreatingRun(0));
        Map<String, List<String>> behind = new LinkedHashMap<>();
        behind.put("workflow-controller-a.log", earlierRelease());
        behind.put("workflow-controller-b.log", recreatingRun(-90));
        AnalysisResult control = AnalyzedFiles.run(dir, right, recreatedOthers());
        AnalysisResult read = AnalyzedFiles.run(dir, behind, recreatedOthers());
        for (AnalysisResult r : List.of(control, read)) {
            List<Finding> found = af001(r, "-2.249s");
            List<String> clearances = r.outcomes().stream().filter(o -> o.rule().equals("AF001")).flatMap(o -> o.cleared().stream())
                    .map(c -> c.why().toString()).toList();
            for (Finding f : found) {
                assertTrue(f.confidence() != Confidence.CONFIRMED && f.confidence() != Confidence.LIKELY, f.confidenceReason() + " | " + seen(r));
                assertTrue(f.confidenceReason().contains("dates the last condition transition the handler read at 2026-09-19T16:27:31Z"),
                        f.confidenceReason());
            }
            assertTrue(!found.isEmpty() || !clearances.isEmpty(), seen(r));
        }
        // Fixed: the recreating run's Created pod line put on the objects' clock by its pairs dates the release before the creation.
        PodKey p = read.correlation().pods().keySet().stream().filter(k -> k.name().equals("p")).sorted().reduce((x, y) -> y).orElseThrow();
        assertTrue(read.correlation().lifecycle(p).releaseDatedBeforeCreation().filter(d -> d.paired() != null && !d.notItsOwn()).isPresent(),
                () -> seen(read) + " " + read.correlation().pods().keySet());
        // Session 62: AF001 cleared it as captured then persisted by the second Pod's result, a reason of the wrong Pod with no word of
        // the dating; the clearance now says it holds only if the release is this Pod's, and why it may not be.
        List<dev.argoforensics.rules.Clearance> cleared = read.outcomes().stream().filter(o -> o.rule().equals("AF001"))
                .flatMap(o -> o.cleared().stream()).toList();
        assertTrue(cleared.stream().noneMatch(c -> c.why().toString().startsWith("Keyed[key=AF001.cleared.capturedThenPersisted")), cleared::toString);
        assertTrue(cleared.stream().anyMatch(c -> c.reason().startsWith("if the release is this Pod's at all, finalizer released at 2026-09-19T16:29:33.251Z")
                && c.reason().contains("dates the last condition transition the handler read at 2026-09-19T16:27:31Z")), cleared::toString);
    }
}
