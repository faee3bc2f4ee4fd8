package dev.argoforensics.rules;

import static dev.argoforensics.rules.NodeClockBoundBreakerTest.kubeletEvent;
import static dev.argoforensics.rules.NodeClockPodBoundsBreakerTest.deleted;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.testing.Exports;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 60 breaker of the kubelet's Killing of main read as the deletion's kill ({@code ExecutionOrder}, s60-clock): a Killing
 * "Stopping container main" says main ran when the kubelet began that kill, at a time its node stamped and the API server stored
 * later (its {@code creationTimestamp}), not that the kill was the deletion's. The Pod {@code ns/p} created 16:27:10 on
 * ip-10-0-12-34, its start's Event 16:27:14 (stamped and stored in the same second); dana's delete at 16:39:55 (audit; grace 30 s,
 * deletionTimestamp 16:40:25).
 */
class KillingS60BreakerTest {
    private static final String NODE = "ip-10-0-12-34.ec2.internal";

    private static String pod(String mainEnd, String waitEnd) {
        return Exports.Pod.of().phase("Succeeded").deleted("2026-09-19T16:40:25Z", 30).terminated("main", 0, "Completed", mainEnd)
                .terminated("wait", 0, "Completed", waitEnd).yaml();
    }

    private static String killing(String container, String first, String created, int count) {
        return Exports.Event.of("Killing", first).storedAt(created).count(count).pod("ns", "p", "u-1").named("p.killing." + container)
                .plainMessage("Stopping container " + container).from("kubelet", NODE).yaml();
    }

    private static void notConfirmed(Correlation c) {
        List<Finding> f = new PodDeletedDuringExecution().evaluate(c).findings();
        for (Finding x : f) {
            assertNotEquals(Confidence.CONFIRMED, x.confidence(), x.confidenceReason());
        }
    }

    /**
     * The node's time daemon stepped it 30 s ahead at 16:33 (its server gone, a site server 30 s fast). At 16:39:45 (true time) the
     * Pod's sandbox died (its pause container OOM-killed): with restartPolicy Never the kubelet re-creates no sandbox, it stops the
     * containers ("Stopping container main", stamped 16:40:15, no SandboxChanged Event, no status reason); main trapped the SIGTERM and
     * exited 0 at 16:39:50 (written 16:40:20), wait a second later. The node's API traffic was cut off 16:39:44-16:39:57 (a control-
     * plane load balancer's failover): the recorder's first post failed and its retry stored the Killing at 16:39:58, and the Pod's
     * terminal phase reached the API server after dana's delete (16:39:55), which so got grace 30 s. main had ended 5 s before the
     * request; the Killing, stored after it, was the sandbox's kill, not the deletion's. Main's end read through far bounds is likely
     * at most (session 59); its node's Killing, on the same far bounds, does not make it confirmed.
     */
    @Test
    void aSandboxKillStoredLateAfterTheRequestDoesNotConfirm() {
        String started = kubeletEvent("Started", "2026-09-19T16:27:14Z", "2026-09-19T16:27:14Z");
        notConfirmed(deleted(pod("2026-09-19T16:40:20Z", "2026-09-19T16:40:21Z"), started,
                killing("main", "2026-09-19T16:40:15Z", "2026-09-19T16:39:58Z", 1)));
    }

    /**
     * The same with the node keeping time (its stamps true): the sandbox's kill at 16:39:48, main's exit 0 at 16:39:52, wait's at
     * 16:39:53, the Killing stored by the recorder's retry at 16:39:58. main ended 3 s before the request by its node's stamp, within
     * what the node may be off; the Killing's stamp 7 s before it, within two clocks' 10 s: neither orders main running at the request.
     */
    @Test
    void aSandboxKillStampedBeforeTheRequestStoredAfterItDoesNotConfirm() {
        String started = kubeletEvent("Started", "2026-09-19T16:27:14Z", "2026-09-19T16:27:14Z");
        notConfirmed(deleted(pod("2026-09-19T16:39:52Z", "2026-09-19T16:39:53Z"), started,
                killing("main", "2026-09-19T16:39:48Z", "2026-09-19T16:39:58Z", 1)));
    }

    /**
     * The kubelet's stop of main retried (its first kill timed out in the runtime, retried on the next sync): one Killing aggregated,
     * count 2, first stamped and stored at 16:39:50, five seconds before dana's request, its last at 16:40:05. The kubelet was
     * stopping main before the deletion came (its own stop, which this export does not show); main's exit 0 at 16:40:20, read through
     * far bounds, stays likely at most.
     */
    @Test
    void anAggregatedKillingFirstStoredBeforeTheRequestDoesNotConfirm() {
        String started = kubeletEvent("Started", "2026-09-19T16:27:14Z", "2026-09-19T16:27:14Z");
        String twice = killing("main", "2026-09-19T16:39:50Z", "2026-09-19T16:39:50Z", 2)
                .replace("lastTimestamp: \"2026-09-19T16:39:50Z\"", "lastTimestamp: \"2026-09-19T16:40:05Z\"");
        notConfirmed(deleted(pod("2026-09-19T16:40:20Z", "2026-09-19T16:40:21Z"), started, twice));
    }
}
