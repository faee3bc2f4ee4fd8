package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.nodePhaseChanged;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import dev.argoforensics.testing.V4;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Session 61 (s61-lifetime): the export still holding the finalizer is read as taken after the release ({@code heldAfterRelease}:
 * the release removed nothing) on one clock. The export's times are the API server's (and its kubelet's); the release line is the
 * controller's. One run creates and releases the Pod, and no exit line follows the release (its {@code delete pod event} is not in
 * the lines); its {@code Created pod} line against the export's {@code creationTimestamp} (RunClocks) dates its clock 30 s off the
 * API server's. Behind: the line stamped 16:31:11 was 16:31:41 on the API server's clock, and an export no earlier than 16:31:26
 * (its deletion request) may be before it: it says nothing of what the release did. Ahead: the line stamped 16:31:41 was 16:31:11,
 * and an export no earlier than 16:31:35 (a condition's transition) came after it by more than two clocks may disagree: it did.
 */
class ReleaseOutlivedOnRunClockTest {

    private static String brief(Evaluation e) {
        return e.findings().stream().map(f -> f.pod() + " " + f.confidence() + " " + f.reason().code()).collect(Collectors.joining("; "))
                + " | cleared: " + e.cleared().stream().map(c -> c.pod() + " " + c.why().code() + " " + c.reason()).collect(Collectors.joining("; "));
    }

    private static PodLifecycle life(Correlation c) {
        return c.lifecycle(c.pods().keySet().stream().filter(k -> k.name().equals("p")).findFirst().orElseThrow());
    }

    /** The run: created the Pod at {@code created} (its clock), released it at {@code release} (no delete event after); lost later. */
    private static Evidence run(String created, String release, String heldYaml) {
        return new Evidence()
                .log("1.log", createdPod(created), workflowUpdated(created.replace(".431Z", ".470Z"), "Running"),
                        podEvent(release.replace(".257Z", ".256Z"), "update"), removingFinalizers(release),
                        queuingPodDelay(release, "removeFinalizer", "-1m24.257168224s"),
                        queueing(release.replace(".257Z", ".258Z"), "removeFinalizer"), cleaningUp(release.replace(".257Z", ".350Z"), "removeFinalizer"),
                        podMissing("2026-09-19T16:33:02.246Z"), markingError("2026-09-19T16:33:02.246Z"),
                        nodePhaseChanged("2026-09-19T16:33:02.247Z", "Running", "Error"))
                .pod("pod.yaml", heldYaml)
                .workflow("wf-after.yaml", V4.workflowYaml("Error", "pod deleted", "2026-09-19T16:33:02Z"));
    }

    /** The Pod finished (main exit 1), deleted at {@code deleted} (grace 0), held, its last condition at {@code last}. */
    private static String held(String deleted, String last) {
        return Exports.Pod.of().phase("Failed").terminated("main", 1, "Error", "2026-09-19T16:27:44Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:27:45Z").lastTransition(last).deleted(deleted, 0).yaml();
    }

    /** Behind by 30 s: the export (no earlier than 16:31:26) is not shown after the release (16:31:41 on the API server's clock). */
    @Test
    void aRunBehindDoesNotPutAnEarlierExportAfterItsRelease() {
        Correlation c = run("2026-09-19T16:26:40.431Z", "2026-09-19T16:31:11.257Z", held("2026-09-19T16:31:26Z", "2026-09-19T16:27:45Z")).correlate();
        assertTrue(life(c).heldAfterRelease().isEmpty(), () -> String.valueOf(life(c).heldAfterRelease()));
        Evaluation e = new PrematureFinalizerRemoval().evaluate(c);
        assertTrue(e.cleared().stream().noneMatch(x -> x.why().code().equals("AF001.cleared.stillHeld")), () -> brief(e));
    }

    /** Control: the same run on the API server's clock (its Created pod line with the creation): the export is 15 s after the release. */
    @Test
    void onTheObjectsClockTheSameExportOutlivesTheRelease() {
        Correlation c = run("2026-09-19T16:27:10.431Z", "2026-09-19T16:31:11.257Z", held("2026-09-19T16:31:26Z", "2026-09-19T16:27:45Z")).correlate();
        assertFalse(life(c).heldAfterRelease().isEmpty());
        Evaluation e = new PrematureFinalizerRemoval().evaluate(c);
        assertTrue(e.cleared().stream().anyMatch(x -> x.why().code().equals("AF001.cleared.stillHeld")), () -> brief(e));
    }

    /**
     * Ahead by 30 s: run 2 (which created Pod q at 16:28:40 on its clock, q's creationTimestamp 16:28:10) releases p at 16:31:41 on its
     * clock, 16:31:11 on the API server's; p's export (no earlier than 16:31:35, a condition's transition) is after the release by more
     * than 10 s: the release removed nothing.
     */
    @Test
    void aRunAheadPutsALaterExportAfterItsRelease() {
        String release = "2026-09-19T16:31:41.257Z";
        String q = Exports.Pod.of().phase("Succeeded").terminated("main", 0, "Completed", "2026-09-19T16:28:44Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:28:45Z").yaml().replace("name: p\n", "name: q\n").replace("uid: u-1", "uid: u-9")
                .replace("node-id: p, workflows.argoproj.io/node-name: p", "node-id: q, workflows.argoproj.io/node-name: q")
                .replace("creationTimestamp: \"2026-09-19T16:27:10Z\"", "creationTimestamp: \"2026-09-19T16:28:10Z\"");
        Correlation c = new Evidence()
                .log("1.log", createdPod("2026-09-19T16:27:10.431Z"), workflowUpdated("2026-09-19T16:27:10.470Z", "Running"))
                .log("2.log", createdPod("2026-09-19T16:28:40.431Z").replace("nodeName=p nodeID=p podName=p", "nodeName=q nodeID=q podName=q"),
                        podEvent("2026-09-19T16:31:41.256Z", "update"), removingFinalizers(release),
                        queuingPodDelay(release, "removeFinalizer", "-1m24.257168224s"),
                        queueing("2026-09-19T16:31:41.258Z", "removeFinalizer"), cleaningUp("2026-09-19T16:31:41.350Z", "removeFinalizer"))
                .log("3.log", podMissing("2026-09-19T16:33:02.246Z"), markingError("2026-09-19T16:33:02.246Z"),
                        nodePhaseChanged("2026-09-19T16:33:02.247Z", "Running", "Error"))
                .pod("pod.yaml", held("2026-09-19T16:30:50Z", "2026-09-19T16:31:35Z"))
                .pod("q.yaml", q)
                .workflow("wf-after.yaml", V4.workflowYaml("Error", "pod deleted", "2026-09-19T16:33:02Z")).correlate();
        Evaluation e = new PrematureFinalizerRemoval().evaluate(c);
        assertFalse(life(c).heldAfterRelease().isEmpty(), () -> life(c).deletion() + " " + brief(e));
        assertTrue(e.findings().stream().noneMatch(f -> f.pod() != null && f.pod().name().equals("p")), () -> brief(e));
        assertTrue(e.cleared().stream().anyMatch(x -> x.why().code().equals("AF001.cleared.stillHeld")), () -> brief(e));
    }
}
