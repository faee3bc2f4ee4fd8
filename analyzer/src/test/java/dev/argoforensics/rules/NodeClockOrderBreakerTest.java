package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.deletedWhileRunning;
import static dev.argoforensics.testing.V4.podEvent;
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
 * Session 54 breaker of the node-clock ordering (s54-order): the new one-clock readings of {@code ExecutionOrder} against shapes
 * whose decisive fact is missing or contradicted. dana deletes the Pod at 16:39:55 (audit), the API server giving grace 30 s
 * (deletionTimestamp 16:40:25); the containers' times are their node's clock.
 */
class NodeClockOrderBreakerTest {
    private static final String WF = Exports.workflow("Error", "Error", "pod deleted", "2026-09-19T16:40:02Z", true, null);
    private static final String DANA = "dana@example.com";
    /**
     * The containers' start as the node wrote it, 64 s after the Pod's creation (16:27:10): session 57, a start is after the creation,
     * so the premise of a node up to a minute ahead is a start written that late (a node in step with the API server would write
     * 16:27:14, which bounds it to 5 s ahead: NodeClock's upper bound).
     */
    private static final String STARTED = "2026-09-19T16:28:14Z";

    private static String[] lines() {
        return deletedWhileRunning();
    }

    private static Exports.Pod graced(int mainExit, String mainEnd, String waitEnd) {
        return Exports.Pod.of().startedAt(STARTED).phase(mainExit == 0 ? "Succeeded" : "Failed").deleted("2026-09-19T16:40:25Z", 30)
                .terminated("main", mainExit, mainExit == 0 ? "Completed" : "Error", mainEnd).terminated("wait", 0, "Completed", waitEnd);
    }

    private static Evidence evidence(String podYaml) {
        return new Evidence().log("c.log", lines()).workflow("wf.yaml", WF).pod("pod.yaml", podYaml)
                .object("audit.log", Exports.podCreateAudit("2026-09-19T16:27:10.420000Z"))
                .object("audit.log", Exports.audit("delete", "", DANA, "2026-09-19T16:39:55.000000Z", 200));
    }

    /** A native sidecar (an init container with restartPolicy Always: istio's native mode) as the kubelet reports it. */
    private static String withNativeSidecar(String podYaml, String sidecarEnd) {
        return podYaml.replace("spec: {nodeName: ip-10-0-12-34.ec2.internal}",
                "spec:\n  nodeName: ip-10-0-12-34.ec2.internal\n  initContainers:\n  - {name: istio-proxy, image: istio/proxyv2, restartPolicy: Always}\n"
                        + "  containers:\n  - {name: wait, image: quay.io/argoproj/argoexec:v3.7.6}\n  - {name: main, image: alpine}")
                + "  initContainerStatuses:\n  - name: istio-proxy\n    state:\n      terminated: {exitCode: 0, reason: Completed, startedAt: "
                + "\"2026-09-19T16:28:12Z\", finishedAt: \"" + sidecarEnd + "\"}\n";
    }

    private static Execution execution(Correlation c) {
        return c.lifecycles().values().iterator().next().execution();
    }

    private static void noneAbovePossible(DeclaredRule rule, Correlation c) {
        rule.evaluate(c).findings().forEach(f -> assertEquals(Confidence.POSSIBLE, f.confidence(), f.rule() + ": " + f.confidenceReason()));
    }

    private static Confidence af007(Correlation c) {
        var findings = new PodDeletedDuringExecution().evaluate(c).findings();
        return findings.isEmpty() ? null : findings.get(0).confidence();
    }

    @Test
    void aNativeSidecarStillStoppingKeepsThePodUnfinishedSoTheGraceBoundsNothingOfMainsEnd() {
        // main exited 0 on its own 25 s before the request, wait 2 s later; istio-proxy, a native sidecar (an init container with
        // restartPolicy Always), is stopped by the kubelet only once the regular containers ended and takes 35 s to drain: the phase
        // stays Running, so the API server graces the request. On a node 30 s ahead main's end is written 5 s after the request and
        // wait 2 s after it: the grace period's ground (every container ended moments after main) holds only if the sidecar ended too.
        Correlation c = evidence(withNativeSidecar(graced(0, "2026-09-19T16:40:00Z", "2026-09-19T16:40:02Z").yaml(), "2026-09-19T16:40:37Z")).correlate();
        Execution e = execution(c);
        assertNotEquals(State.RUNNING, e.state(), e.reason());
        noneAbovePossible(new PodDeletedDuringExecution(), c);
        noneAbovePossible(new SuccessReportedAsError(), c);
        // Control: the native sidecar ended with wait (moments after main): the grace period's ground holds, likely.
        Correlation held = evidence(withNativeSidecar(graced(0, "2026-09-19T16:40:00Z", "2026-09-19T16:40:02Z").yaml(), "2026-09-19T16:40:03Z")).correlate();
        assertEquals(State.RUNNING, execution(held).state(), execution(held).reason());
        assertEquals(Confidence.LIKELY, af007(held));
    }

    @Test
    void aLostNodesMainEndWithinTheMinuteIsNotReadOnTheGracesGround() {
        // The node went NotReady at 16:34 (its Pod's NodeNotReady Event): the kubelet was not reporting, so the API server's phase was
        // its last report and the grace period says nothing of when the containers ended. main's exit 0 written 30 s after the request,
        // wait 2 s later: a main that ended on its own before the request on a node ahead reads the same.
        Correlation c = evidence(graced(0, "2026-09-19T16:40:25Z", "2026-09-19T16:40:27Z").yaml())
                .object("events.yaml", Exports.podEvent("NodeNotReady", "node-controller", "", "2026-09-19T16:34:00Z", "Node is not ready"))
                .correlate();
        Execution e = execution(c);
        assertTrue(e.state() != State.RUNNING || e.frozenReport() || !e.crossClock(), e.reason());
        assertNotEquals(Confidence.CONFIRMED, af007(c), e.reason());
    }

    @Test
    void theKubeletsOwnDeadlineKillIsNotTheDeletionsKill() {
        // The Pod's activeDeadlineSeconds (Argo sets it from the template's): the kubelet stopped main itself at 16:39:49 (Killing,
        // Stopping container main; status.reason DeadlineExceeded), main exited 143 at 16:39:50, wait at 16:39:51; the request at
        // 16:39:55 came before the kubelet's Failed reached the API server, so it was graced. main had ended before the request.
        String pod = graced(143, "2026-09-19T16:39:50Z", "2026-09-19T16:39:51Z")
                .reason("DeadlineExceeded", "Pod was active on the node longer than the specified deadline").yaml();
        Correlation c = evidence(pod).object("events.yaml", Exports.podEvent("Killing", "kubelet", "spec.containers{main}",
                "2026-09-19T16:39:49Z", "Stopping container main")).correlate();
        assertNotEquals(Confidence.CONFIRMED, af007(c), execution(c).reason());
    }

    @Test
    void aKillingOfAnotherPodOfTheNameDoesNotConfirm() {
        // 137 written 30 s after the request (likely on its own); a Killing of main naming another Pod's UID (an earlier Pod of the
        // name on the same node) dated within the window must not make it confirmed.
        String other = "apiVersion: v1\nkind: Event\nmetadata: {name: p.2, namespace: ns}\ninvolvedObject: {kind: Pod, name: p, namespace: ns, "
                + "uid: u-0, fieldPath: \"spec.containers{main}\"}\nreason: Killing\nmessage: \"Stopping container main\"\nsource: {component: kubelet}\n"
                + "firstTimestamp: \"2026-09-19T16:40:20Z\"\nlastTimestamp: \"2026-09-19T16:40:20Z\"\ncount: 1\ntype: Normal\n";
        Correlation c = evidence(graced(137, "2026-09-19T16:40:25Z", "2026-09-19T16:40:26Z").yaml()).object("events.yaml", other).correlate();
        assertEquals(Confidence.LIKELY, af007(c), execution(c).reason());
        // Nor one of no UID from another node's kubelet (source.host): not the clock of main's end, nor this Pod's kill.
        String otherNode = "apiVersion: v1\nkind: Event\nmetadata: {name: p.3, namespace: ns}\ninvolvedObject: {kind: Pod, name: p, namespace: ns, "
                + "fieldPath: \"spec.containers{main}\"}\nreason: Killing\nmessage: \"Stopping container main\"\n"
                + "source: {component: kubelet, host: ip-10-0-99-1.ec2.internal}\n"
                + "firstTimestamp: \"2026-09-19T16:40:20Z\"\nlastTimestamp: \"2026-09-19T16:40:20Z\"\ncount: 1\ntype: Normal\n";
        Correlation elsewhere = evidence(graced(137, "2026-09-19T16:40:25Z", "2026-09-19T16:40:26Z").yaml()).object("events.yaml", otherNode).correlate();
        assertEquals(Confidence.LIKELY, af007(elsewhere), execution(elsewhere).reason());
        // Control: the Killing of this Pod's main confirms.
        Correlation own = evidence(graced(137, "2026-09-19T16:40:25Z", "2026-09-19T16:40:26Z").yaml()).object("events.yaml",
                Exports.podEventStored("Killing", "kubelet", "spec.containers{main}", "2026-09-19T16:40:20Z", "Stopping container main")).correlate();
        assertEquals(Confidence.CONFIRMED, af007(own), execution(own).reason());
        // Control: the same from this Pod's node (source.host its nodeName) confirms; so does the Deadline test's Killing on a Pod the
        // kubelet did not stop itself (no DeadlineExceeded).
        Correlation here = evidence(graced(137, "2026-09-19T16:40:25Z", "2026-09-19T16:40:26Z").yaml()).object("events.yaml",
                otherNode.replace("ip-10-0-99-1.ec2.internal", "ip-10-0-12-34.ec2.internal")
                        .replace("metadata: {name: p.3, namespace: ns}", "metadata: {name: p.3, namespace: ns, creationTimestamp: \"2026-09-19T16:40:20Z\"}")).correlate();
        assertEquals(Confidence.CONFIRMED, af007(here), execution(here).reason());
        // Session 61: as kubectl prints it (its creationTimestamp); a Killing the API server stored at 16:39:49, before the request,
        // is not the deletion's kill (s60), so the control's kill comes a second after the request: main's 143 a second later.
        Correlation notOwnStop = evidence(graced(143, "2026-09-19T16:39:57Z", "2026-09-19T16:39:58Z").yaml()).object("events.yaml",
                Exports.podEventStored("Killing", "kubelet", "spec.containers{main}", "2026-09-19T16:39:56Z", "Stopping container main")).correlate();
        assertEquals(Confidence.CONFIRMED, af007(notOwnStop), execution(notOwnStop).reason());
    }

    @Test
    void theTaintManagersDeleteForAnUnreachableNodeIsNotReadOnTheGracesGround() {
        // The taint manager deleted the Pod (DisruptionTarget DeletionByTaintManager) for a NoExecute taint: node.kubernetes.io/unreachable
        // or not-ready after the default 300 s toleration, its kubelet cut off and not reporting, so the API server's Running phase was its
        // last report and the grace period bounds nothing of main's own exit; written 20 s after the request, wait 2 s later.
        Correlation c = evidence(graced(0, "2026-09-19T16:40:15Z", "2026-09-19T16:40:17Z")
                .condition("DisruptionTarget", "True", "DeletionByTaintManager", "2026-09-19T16:39:55Z").yaml()).correlate();
        Execution e = execution(c);
        assertTrue(e.state() != State.RUNNING || e.frozenReport() || !e.crossClock(), e.reason());
        assertNotEquals(Confidence.CONFIRMED, af007(c), e.reason());
    }

    @Test
    void anEvictionOrAnExplicitGraceIsStillTheApiServersWordThatThePodWasNotTerminal() {
        // Control: the API server sets a delete's grace to 0 for a Pod whose phase it holds Succeeded or Failed whoever asks and with
        // whatever grace (the Pod strategy's CheckGracefulDelete): an eviction API call (EvictionByEvictionAPI) or a user's own
        // --grace-period=10 with every container ended moments after main is the grace period's ground as for a plain delete: likely.
        Correlation evicted = evidence(graced(0, "2026-09-19T16:40:15Z", "2026-09-19T16:40:17Z")
                .condition("DisruptionTarget", "True", "EvictionByEvictionAPI", "2026-09-19T16:39:55Z").yaml()).correlate();
        assertEquals(State.RUNNING, execution(evicted).state(), execution(evicted).reason());
        assertEquals(Confidence.LIKELY, af007(evicted), execution(evicted).reason());
        String explicit = Exports.Pod.of().startedAt(STARTED).phase("Succeeded").deleted("2026-09-19T16:40:05Z", 10).terminated("main", 0, "Completed", "2026-09-19T16:40:15Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:40:17Z").yaml();
        Correlation c = evidence(explicit).correlate();
        assertEquals(State.RUNNING, execution(c).state(), execution(c).reason());
        assertEquals(Confidence.LIKELY, af007(c), execution(c).reason());
    }
}
