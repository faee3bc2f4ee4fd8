package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.queueingAfter;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import org.junit.jupiter.api.Test;

/**
 * Session 53 breaker of AF010's node-clock bound (s53-clocks, 86f56991): main's {@code finishedAt} against a kill round whose
 * SIGTERM round an excerpt cut away, with main's node ahead and behind the controller by less and more than a node's minute; and
 * the kill round's own clearance by an export ({@code AF010.cleared.exportedEnded}), which compares the signalled container's
 * {@code finishedAt} (its node's clock) with the round's line (the controller's) to the second.
 */
class KillRoundNodeClockBreakerTest {
    private final ContainerWouldNotStop rule = new ContainerWouldNotStop();

    private static String signaled(String t, String container) {
        return "time=" + t + " level=INFO msg=\"signaled container\" component=pod_controller namespace=ns pod=p container=" + container
                + " stdout=\"\" stderr=\"\" error=<nil>";
    }

    /** An excerpt that lost the first SIGTERM round: a later round at 16:30:00.900, the SIGKILL round at 16:30:30.302 (grace 30 s). */
    private static String[] cut() {
        return new String[] {cleaningUp("2026-09-19T16:30:00.900Z", "terminateContainers"),
            signaled("2026-09-19T16:30:00.950Z", "wait"),
            signaled("2026-09-19T16:30:00.960Z", "proxy"),
            queueingAfter("2026-09-19T16:30:00.961Z", "killContainers", "30s"),
            cleaningUp("2026-09-19T16:30:30.302Z", "killContainers"),
            signaled("2026-09-19T16:30:30.400Z", "proxy"),
            workflowUpdated("2026-09-19T16:30:31.500Z", "Succeeded")};
    }

    private Finding cutWithMainEnded(String mainEnded) {
        String pod = Exports.Pod.of().phase("Failed").terminated("main", 0, "Completed", mainEnded)
                .terminated("wait", 0, "Completed", "2026-09-19T16:30:01Z").terminated("proxy", 137, "Error", "2026-09-19T16:30:31Z").yaml();
        return rule.evaluate(new Evidence().log("c.log", cut()).takenAt("pod.yaml", "2026-09-19T16:40:00Z", pod).correlate()).findings().get(0);
    }

    /**
     * The cut round ran no later than 16:30:00.302. A node 50 s behind writes 16:29:20 for a main that ended at 16:30:10, after that
     * round (which may then have been the controller stopping the Pod while main ran: no finding): possible, held. A node 50 s ahead
     * writes 16:30:40 for a main that ended at 16:29:50, before it: possible, a lost confirmation, never a wrong one. A node 70 s behind
     * (past a node's minute) writing 16:28:59 for an end at 16:30:09 was confirmed (the margin's documented limit); session 57: likely,
     * the order resting on the node's clock (NodeClockReadersTest: possible where the node's Events show it that far behind).
     */
    @Test
    void aCutRoundKeepsPossibleWithMainsNodeOffWithinItsMinute() {
        Finding behind = cutWithMainEnded("2026-09-19T16:29:20Z");
        assertEquals(Confidence.POSSIBLE, behind.confidence(), behind.confidenceReason());
        Finding ahead = cutWithMainEnded("2026-09-19T16:30:40Z");
        assertEquals(Confidence.POSSIBLE, ahead.confidence(), ahead.confidenceReason());
        Finding past = cutWithMainEnded("2026-09-19T16:28:59Z");
        assertEquals(Confidence.LIKELY, past.confidence(), past.confidenceReason());
    }

    /** Main ended at 16:30:00 (its node's clock); the whole rounds kept; proxy exported killed (137) at {@code proxyEnded}. */
    private Evaluation wholeWithProxyEnded(String proxyEnded) {
        return wholeWithProxyEnded(proxyEnded, 137);
    }

    private Evaluation wholeWithProxyEnded(String proxyEnded, int exit) {
        String[] lines = {createdPod("2026-09-19T16:27:10.431Z"),
            cleaningUp("2026-09-19T16:30:00.100Z", "terminateContainers"),
            signaled("2026-09-19T16:30:00.200Z", "wait"),
            signaled("2026-09-19T16:30:00.300Z", "proxy"),
            queueingAfter("2026-09-19T16:30:00.301Z", "killContainers", "30s"),
            cleaningUp("2026-09-19T16:30:30.302Z", "killContainers"),
            signaled("2026-09-19T16:30:30.400Z", "proxy"),
            workflowUpdated("2026-09-19T16:30:31.500Z", "Succeeded")};
        String pod = Exports.Pod.of().phase("Failed").terminated("main", 0, "Completed", "2026-09-19T16:30:00Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:30:01Z").terminated("proxy", exit, "Error", proxyEnded).yaml();
        return rule.evaluate(new Evidence().log("c.log", lines).takenAt("pod.yaml", "2026-09-19T16:40:00Z", pod).correlate());
    }

    /**
     * Attack, where the margin does not apply: proxy, SIGKILLed by the round at 16:30:30.400 (exit 137), on a node 3 s behind the
     * controller, is written as ended at 16:30:28: two seconds before the round's line, read as "the exported Pod shows proxy ended
     * before the kill round: the pod controller acted on a stale cache" and cleared, a true AF010 hidden by a clock three seconds off
     * (within even two clocks' 10 s). The exit 137 is the kill's own mark: now found, likely. Control: ended at 16:30:31, after the
     * round: confirmed.
     */
    @Test
    void aKilledSidecarsEndOnANodeSecondsBehindDoesNotClearIt() {
        Evaluation e = wholeWithProxyEnded("2026-09-19T16:30:28Z");
        assertFalse(e.findings().isEmpty(), e.cleared().toString());
        // likely, not confirmed: the order rests on the node's clock (another's SIGKILL just before the round reads the same)
        assertEquals(Confidence.LIKELY, e.findings().get(0).confidence(), e.findings().get(0).confidenceReason());
        assertTrue(e.findings().get(0).confidenceReason().contains("exit 137"), e.findings().get(0).confidenceReason());
        // Controls: an exit 143 (its own answer to the SIGTERM) two seconds before the round still clears (a stale cache), and a 137
        // more than a node's minute before it too.
        assertTrue(wholeWithProxyEnded("2026-09-19T16:30:28Z", 143).findings().isEmpty());
        assertTrue(wholeWithProxyEnded("2026-09-19T16:29:20Z", 137).findings().isEmpty());
        Evaluation after = wholeWithProxyEnded("2026-09-19T16:30:31Z");
        assertEquals(Confidence.CONFIRMED, after.findings().get(0).confidence(), after.findings().get(0).confidenceReason());
    }
}
