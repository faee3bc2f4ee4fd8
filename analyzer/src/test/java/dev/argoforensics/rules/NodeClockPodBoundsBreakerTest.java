package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.deletedWhileRunning;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.Execution;
import dev.argoforensics.correlate.Execution.State;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import org.junit.jupiter.api.Test;

/**
 * Session 57 breaker of the node-clock bounds every export holds ({@code correlate.NodeClock}: a container's {@code startedAt} and
 * {@code status.startTime} after the Pod's {@code creationTimestamp}, the kubelet's Events after the Pod's creation, the kubelet's
 * {@code managedFields} status entry after the node times it wrote). Each case is a shape a real cluster produces; each asserts the
 * right answer. The Pod {@code ns/p} is created at 16:27:10 (the API server's clock) on ip-10-0-12-34; dana deletes it at 16:39:55
 * (audit), the API server giving grace 30 s (deletionTimestamp 16:40:25) as wait still runs.
 */
class NodeClockPodBoundsBreakerTest {
    private static final String WF = Exports.workflow("Error", "Error", "pod deleted", "2026-09-19T16:40:02Z", true, null);
    private static final String DANA = "dana@example.com";

    private static String[] lines() {
        return deletedWhileRunning();
    }

    /** The Pod deleted while it ran (V4.deletedWhileRunning), its Workflow, dana's delete at 16:39:55 and {@code objects}: NodeClockAwayBreakerTest's too. */
    static Correlation deleted(String pod, String... objects) {
        Evidence e = new Evidence().log("c.log", lines()).workflow("wf.yaml", WF).pod("pod.yaml", pod)
                .object("audit.log", Exports.podCreateAudit("2026-09-19T16:27:10.420000Z"))
                .object("audit.log", Exports.audit("delete", "", DANA, "2026-09-19T16:39:55.000000Z", 200));
        for (int i = 0; i < objects.length; i++) {
            e.object("o-" + i + ".yaml", objects[i]);
        }
        return e.correlate();
    }

    static Execution execution(Correlation c) {
        return c.lifecycles().values().iterator().next().execution();
    }

    static void noneAbovePossible(DeclaredRule rule, Correlation c) {
        rule.evaluate(c).findings().forEach(f -> assertEquals(Confidence.POSSIBLE, f.confidence(), f.rule() + ": " + f.confidenceReason()));
    }

    /**
     * A node 90 s behind when the Pod started (a VM whose time daemon had lost its server: main's and wait's start written 16:25:44,
     * 4 s after the creation in true time), stepped to true time by systemd-timesyncd (it steps past 0.4 s) when its server came back
     * at 16:33, six minutes into main's run. main ended on its own at 16:39:25 (true time, written so), 30 s before dana's delete;
     * wait, still uploading its outputs, made the grace period. The start bounds the node at least 85 s behind at 16:25:44, not at
     * 16:39:25: a bound that says the clock is off holds only as long as nothing corrected it, and a time daemon coming back corrects
     * it at any moment. Not "deleted while main ran".
     */
    @Test
    void aStartWrittenBeforeTheClockWasCorrectedDoesNotOrderTheEnd() {
        String pod = Exports.Pod.of().startedAt("2026-09-19T16:25:44Z").phase("Succeeded").deleted("2026-09-19T16:40:25Z", 30)
                .terminated("main", 0, "Completed", "2026-09-19T16:39:25Z").terminated("wait", 0, "Completed", "2026-09-19T16:39:57Z").yaml();
        Correlation c = deleted(pod);
        Execution e = execution(c);
        assertNotEquals(State.RUNNING, e.state(), e.reason());
        noneAbovePossible(new PodDeletedDuringExecution(), c);
        noneAbovePossible(new SuccessReportedAsError(), c);
    }

    /**
     * The mirror of the first case: a node 88 s ahead when the Pod started (its Started Event stamped 16:28:42, stored by the API
     * server at 16:27:14; main's start written 16:28:42), its clock stepped back to true time at 16:33. dana's delete at 16:39:55; main
     * answered its SIGTERM with exit 143 at 16:39:56 (true time, written so), wait two seconds later. The Event shows the node at least
     * 87 s ahead at 16:28:42, not at 16:39:56: main ran at the request (a Pod deleted while main ran), not "main had ended, another
     * container still ran".
     */
    @Test
    void anEventWrittenBeforeTheClockWasCorrectedDoesNotPutTheKillBeforeTheRequest() {
        String pod = Exports.Pod.of().startedAt("2026-09-19T16:28:42Z").phase("Failed").deleted("2026-09-19T16:40:25Z", 30)
                .terminated("main", 143, "Error", "2026-09-19T16:39:56Z").terminated("wait", 0, "Completed", "2026-09-19T16:39:58Z").yaml();
        Correlation c = deleted(pod, NodeClockBoundBreakerTest.kubeletEvent("Started", "2026-09-19T16:28:42Z", "2026-09-19T16:27:14Z"));
        Execution e = execution(c);
        assertEquals(State.RUNNING, e.state(), e.reason());
        assertTrue(!e.reason().contains("had ended at"), e.reason());
    }

    /**
     * Control for both: the same clock off and not corrected, its records near the end. The kubelet's status entry
     * ({@code managedFields}, subresource status) stored at 16:38:29 the write that carried main's end written 16:39:56 (the node 87 s
     * ahead then, its start 16:28:42 too): main's end, 88 s before the request in true time, orders before it on the bound its own
     * write gives; the start 11 minutes earlier is not needed.
     */
    @Test
    void aBoundFromTheWriteThatCarriedTheEndStillOrdersIt() {
        String pod = Exports.Pod.of().startedAt("2026-09-19T16:28:42Z").phase("Succeeded").deleted("2026-09-19T16:40:25Z", 30)
                .terminated("main", 0, "Completed", "2026-09-19T16:39:56Z").terminated("wait", 0, "Completed", "2026-09-19T16:41:27Z").yaml()
                .replace("  finalizers:", "  managedFields:\n  - {manager: kubelet, operation: Update, apiVersion: v1, subresource: status, "
                        + "time: \"2026-09-19T16:40:00Z\"}\n  finalizers:");
        Correlation c = deleted(pod);
        Execution e = execution(c);
        // wait's end 16:41:27 less the write's 16:40:01: at least 86 s ahead; main's end 16:39:56 was before 16:38:31, the request 16:39:55.
        assertNotEquals(State.RUNNING, e.state(), e.reason());
    }

    /**
     * A container restarted (main OOMKilled once, its current run started 16:33:05 on the node) and an init container (started
     * 16:27:13): each start is after the Pod's creation, the earliest the tightest; the restart's later start only loosens. The kubelet's
     * status entry stored 16:45:00, six minutes after its last change of the node times shown (a later write of a condition, the field
     * still listed): the bound it gives is looser, never wrong. The node in step; main's end 40 s before the request (written so): not
     * "deleted while main ran".
     */
    @Test
    void aRestartAnInitContainerAndALaterStatusWriteOnlyLoosen() {
        String pod = Exports.Pod.of().startedAt("2026-09-19T16:33:05Z").phase("Succeeded").deleted("2026-09-19T16:40:25Z", 30)
                .terminated("main", 0, "Completed", "2026-09-19T16:39:15Z").terminated("wait", 0, "Completed", "2026-09-19T16:39:58Z").yaml()
                .replace("  containerStatuses:\n", "  initContainerStatuses:\n  - name: init\n    state:\n      terminated: {exitCode: 0, reason: "
                        + "Completed, startedAt: \"2026-09-19T16:27:13Z\", finishedAt: \"2026-09-19T16:27:14Z\"}\n  containerStatuses:\n")
                .replace("  - name: main\n", "  - name: main\n    restartCount: 1\n    lastState:\n      terminated: {exitCode: 137, reason: OOMKilled, "
                        + "startedAt: \"2026-09-19T16:27:15Z\", finishedAt: \"2026-09-19T16:33:01Z\"}\n")
                .replace("  finalizers:", "  managedFields:\n  - {manager: kubelet, operation: Update, apiVersion: v1, subresource: status, "
                        + "time: \"2026-09-19T16:45:00Z\"}\n  finalizers:");
        Correlation c = deleted(pod);
        Execution e = execution(c);
        assertNotEquals(State.RUNNING, e.state(), e.reason());
        noneAbovePossible(new PodDeletedDuringExecution(), c);
    }

    /**
     * Two Pods of one node an hour's clock apart: q, another Workflow's, ran when the node was 90 s behind (its start written 16:25:44,
     * four seconds after its creation at 16:27:10 in true time); p ran on the same node after its clock was corrected (its start 16:27:14).
     * A node's clock is bounded per Pod from that Pod's own records: q's start says nothing of the node at p's end. main's end 30 s
     * before the request, the node in step: not "deleted while main ran".
     */
    @Test
    void anotherPodsBoundOnTheSameNodeDoesNotBoundThisPodsEnd() {
        String q = Exports.Pod.of().startedAt("2026-09-19T16:25:44Z").phase("Succeeded").terminated("main", 0, "Completed", "2026-09-19T16:30:00Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:30:02Z").yaml().replace("  name: p\n", "  name: q\n").replace("uid: u-1", "uid: u-9")
                .replace("workflows.argoproj.io/workflow: p}", "workflows.argoproj.io/workflow: q}")
                .replace("node-id: p, workflows.argoproj.io/node-name: p", "node-id: q, workflows.argoproj.io/node-name: q");
        String pod = Exports.Pod.of().phase("Succeeded").deleted("2026-09-19T16:40:25Z", 30)
                .terminated("main", 0, "Completed", "2026-09-19T16:39:25Z").terminated("wait", 0, "Completed", "2026-09-19T16:39:57Z").yaml();
        Correlation c = deleted(pod, q);
        Execution e = c.lifecycles().entrySet().stream().filter(x -> x.getKey().name().equals("p")).findFirst().orElseThrow().getValue().execution();
        assertNotEquals(State.RUNNING, e.state(), e.reason());
        noneAbovePossible(new PodDeletedDuringExecution(), c);
    }
}
