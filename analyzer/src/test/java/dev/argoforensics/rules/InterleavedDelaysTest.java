package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.nodePhaseChanged;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.queueingAfter;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static dev.argoforensics.testing.V4.workers;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Evidence;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 40 (breaking AF001): one controller handling the deletions of two Pods in the same second, the one Pod's release due
 * later (a positive delay: it had changed under two minutes before) beside the other's due at once. The release that ran is the
 * one whose worker took it, with its own delay: the positive delay of the other Pod is not quoted, and that Pod, never taken,
 * is no finding.
 */
class InterleavedDelaysTest {
    private final PrematureFinalizerRemoval rule = new PrematureFinalizerRemoval();

    private static String q(String line) {
        return line.replace("pod=p", "pod=q").replace("podName=p", "podName=q").replace("key=ns/p/", "key=ns/q/");
    }

    @Test
    void aPositiveDelayOfAnotherPodBesideANegativeOneIsNotTheRelease() {
        Evidence e = new Evidence()
                .log("1.log", createdPod("2026-09-19T16:27:10.431Z"),
                        q(createdPod("2026-09-19T16:29:50.431Z")).replace("nodeName=p nodeID=p", "nodeName=q nodeID=q"),
                        workflowUpdated("2026-09-19T16:29:50.470Z", "Running"))
                .log("2.log", workers("2026-09-19T16:31:11.132Z", 0),
                        q(podEvent("2026-09-19T16:31:11.250Z", "update")),
                        removingFinalizers("2026-09-19T16:31:11.251Z"),
                        q(queuingPodDelay("2026-09-19T16:31:11.251Z", "removeFinalizer", "1m38.749s")),
                        q(queueingAfter("2026-09-19T16:31:11.252Z", "removeFinalizer", "1m38.749s")),
                        podEvent("2026-09-19T16:31:11.256Z", "update"),
                        removingFinalizers("2026-09-19T16:31:11.257Z"),
                        queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s"),
                        queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"),
                        cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"),
                        podEvent("2026-09-19T16:31:11.363Z", "delete"))
                .log("3.log", podMissing("2026-09-19T16:33:02.246Z"), markingError("2026-09-19T16:33:02.246Z"),
                        nodePhaseChanged("2026-09-19T16:33:02.247Z", "Running", "Error"));
        Evaluation ev = rule.evaluate(e.correlate());
        List<Finding> found = ev.findings();
        assertEquals(1, found.size(), () -> found + " / " + ev.cleared());
        Finding f = found.get(0);
        assertEquals("p", f.pod().name());
        assertEquals("-1m24.257168224s", f.fact("delay").orElseThrow().value());
        assertEquals(-84_257_168_224L, f.fact("delayNanos").orElseThrow().value());
        assertEquals("2026-09-19T16:31:11.350Z", f.fact("finalizerRemovedAt").orElseThrow().value());
        assertTrue(f.evidence().stream().noneMatch(x -> x.source().toString().equals("2.log:4")), f.evidence()::toString);
    }
}
