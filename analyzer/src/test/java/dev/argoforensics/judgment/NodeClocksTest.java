package dev.argoforensics.judgment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Session 55: the node clocks of the generator ({@link NodeClocks}). A node's offset is drawn from the mix, per corpus and
 * node; the kubelet's times move with it and nothing the API server, the scheduler or the control plane writes does.
 */
class NodeClocksTest {
    private static final long START = Go.epochNanos("2026-10-05T08:00:00Z");
    private static final long OFFSET = 47 * Go.SECOND;

    /**
     * Session 56: a controller's clock ({@link NodeClocks#controllerOffset}) is drawn per corpus and controller name from the
     * mix, mostly well under a second, never past 20 s; the same seed and name draw the same offset, and a Rec stamped on it
     * prints its klog time moved with it.
     */
    @Test
    void controllerOffsetsAreMostlyWellUnderASecond() {
        int within300ms = 0;
        int pastASecond = 0;
        int negative = 0;
        int n = 4000;
        for (int i = 0; i < n; i++) {
            String name = "wfc-team-" + i;
            long o = NodeClocks.controllerOffset(11, name);
            assertEquals(o, NodeClocks.controllerOffset(11, name), name);
            assertTrue(Math.abs(o) <= 20 * Go.SECOND, name + ": " + o);
            within300ms += Math.abs(o) <= 300 * Go.MILLI ? 1 : 0;
            pastASecond += Math.abs(o) > Go.SECOND ? 1 : 0;
            negative += o < 0 ? 1 : 0;
        }
        // 80% within 300 ms, 5% past a second, either way.
        assertTrue(within300ms > n * 0.76 && within300ms < n * 0.84, "within 300 ms: " + within300ms);
        assertTrue(pastASecond > n * 0.03 && pastASecond < n * 0.07, "past a second: " + pastASecond);
        assertTrue(negative > n * 0.45 && negative < n * 0.55, "behind: " + negative);
        assertNotEquals(NodeClocks.controllerOffset(11, "wfc-a"), NodeClocks.controllerOffset(12, "wfc-a"));

        long t = Go.epochNanos("2026-10-05T08:00:00.5Z");
        Rec klog = Rec.klog(t, 'I', "leaderelection.go:257", "attempting to acquire leader lease argo/workflow-controller...");
        Rec moved = klog.shifted(-700 * Go.MILLI);
        assertEquals(t - 700 * Go.MILLI, moved.time);
        assertEquals(Rec.klog(t - 700 * Go.MILLI, 'I', "leaderelection.go:257", "attempting to acquire leader lease argo/workflow-controller...").msg,
                moved.msg);
        assertTrue(klog.shifted(0) == klog, "no offset, the same line");
    }

    @Test
    void offsetsAreDrawnFromTheMixPerCorpusAndNode() {
        NodeClocks a = NodeClocks.drawn(7);
        NodeClocks again = NodeClocks.drawn(7);
        NodeClocks other = NodeClocks.drawn(8);
        Map<String, Integer> perBand = new HashMap<>();
        int negative = 0;
        int differs = 0;
        for (int i = 0; i < 2000; i++) {
            String node = "ip-10-0-" + (i % 63) + "-" + (i / 63 + 2) + ".ec2.internal";
            long o = a.offset(node);
            assertEquals(o, again.offset(node), "the same corpus seed and node draw the same offset");
            assertEquals(o, a.offset(node), "asked again, the same");
            assertTrue(Math.abs(o) <= 90 * Go.SECOND, node + ": " + o);
            perBand.merge(NodeClocks.band(o), 1, Integer::sum);
            negative += o < 0 ? 1 : 0;
            differs += o != other.offset(node) ? 1 : 0;
        }
        // 70% / 15% / 10% / 5%, either way.
        assertTrue(perBand.get("0-2s") > 1250 && perBand.get("0-2s") < 1550, perBand.toString());
        assertTrue(perBand.get("2-5s") > 200 && perBand.get("2-5s") < 400, perBand.toString());
        assertTrue(perBand.get("5-30s") > 120 && perBand.get("5-30s") < 280, perBand.toString());
        assertTrue(perBand.get("30-90s") > 50 && perBand.get("30-90s") < 160, perBand.toString());
        assertTrue(negative > 850 && negative < 1150, "either way: " + negative);
        assertTrue(differs > 1900, "another corpus draws again: " + differs);
        assertEquals(0, a.offset(null), "an unbound Pod has no node clock");
    }

    @Test
    void bandsHoldTheirBounds() {
        assertEquals("0-2s", NodeClocks.band(0));
        assertEquals("0-2s", NodeClocks.band(-2 * Go.SECOND));
        assertEquals("2-5s", NodeClocks.band(2 * Go.SECOND + 1));
        assertEquals("5-30s", NodeClocks.band(-30 * Go.SECOND));
        assertEquals("30-90s", NodeClocks.band(30 * Go.SECOND + 1));
    }

    /** One Pod's run through the cluster model: bound, started, deleted by a user while main runs, killed, gone. */
    private record Run(List<K8s.Pod> history, List<Kube.Event> events, Truth.PodFacts facts) {
    }

    private static Run run(NodeClocks clocks) {
        Sim sim = new Sim(START);
        Truth truth = new Truth();
        Kube kube = new Kube(sim, new Sim.Rng(Sim.seed(3, 2)), 34, truth, 1_000_000L, 3);
        kube.clocks = clocks;
        K8s.Pod p = new K8s.Pod();
        p.namespace = "skew";
        p.name = "wf-a-main-123";
        p.uid = "0b9e8f9a-1111-4222-8333-444455556666";
        p.workflow = "wf-a";
        p.workflowUid = "0b9e8f9a-aaaa-4bbb-8ccc-ddddeeeeffff";
        p.annotations.put(K8s.ANN_NODE_ID, "wf-a-123");
        p.executorImage = "quay.io/argoproj/argoexec:v3.6.19";
        K8s.Step step = new K8s.Step();
        step.template = "main";
        step.mainDuration = 600 * Go.SECOND;
        step.onTerm = 1;
        Truth.PodFacts facts = truth.podCreated(p, "skew-test", true, "c", "v3.6.19", "wf-a");
        kube.watchedPods.add(p.key());
        kube.createPod(p, step);
        sim.at(START + 40 * Go.SECOND, () -> kube.deletePod(p.key(), 30, null, "user"));
        sim.run(START + 5 * Go.MINUTE);
        List<Kube.Event> events = new ArrayList<>(kube.events.getOrDefault("skew", List.of()));
        return new Run(kube.podHistory.get(p.key()), events, facts);
    }

    @Test
    void kubeletTimesMoveWithTheNodeClockAndNothingElseDoes() {
        Run base = run(NodeClocks.NONE);
        for (long offset : new long[] {OFFSET, -OFFSET}) {
            Run skewed = run(NodeClocks.fixed(offset));
            long d = offset / Go.SECOND;
            assertEquals(base.history().size(), skewed.history().size(), "the same writes");
            boolean sawContainerTimes = false;
            boolean sawKubeletCondition = false;
            for (int i = 0; i < base.history().size(); i++) {
                K8s.Pod b = base.history().get(i);
                K8s.Pod s = skewed.history().get(i);
                // The API server's and the scheduler's: unchanged.
                assertEquals(b.creation, s.creation, "creationTimestamp, write " + i);
                assertEquals(b.deletionTimestamp, s.deletionTimestamp, "deletionTimestamp, write " + i);
                assertEquals(b.resourceVersion, s.resourceVersion, "resourceVersion, write " + i);
                assertEquals(b.hostNode, s.hostNode);
                assertEquals(b.phase, s.phase);
                K8s.Cond scheduled = b.conditions.get("PodScheduled");
                if (scheduled != null) {
                    assertEquals(scheduled.lastTransition, s.conditions.get("PodScheduled").lastTransition, "PodScheduled is the scheduler's");
                }
                // The kubelet's: moved by the node's offset.
                for (String type : List.of("Initialized", "PodReadyToStartContainers", "ContainersReady", "Ready")) {
                    K8s.Cond c = b.conditions.get(type);
                    if (c != null) {
                        sawKubeletCondition = true;
                        assertEquals(c.lastTransition + d, s.conditions.get(type).lastTransition, type + ", write " + i);
                    }
                }
                if (b.startTime >= 0) {
                    assertEquals(b.startTime + d, s.startTime, "startTime is the kubelet's");
                }
                for (String name : List.of("main", "wait")) {
                    K8s.Ctr bc = name.equals("main") ? b.main : b.wait;
                    K8s.Ctr sc = name.equals("main") ? s.main : s.wait;
                    if (bc.startedAt != null) {
                        sawContainerTimes = true;
                        assertEquals(bc.startedAt + d, sc.startedAt, name + " startedAt, write " + i);
                    }
                    if (bc.finishedAt != null) {
                        assertEquals(bc.finishedAt + d, sc.finishedAt, name + " finishedAt, write " + i);
                        assertEquals(bc.finishedNanos + offset, sc.finishedNanos);
                    }
                }
            }
            assertTrue(sawContainerTimes && sawKubeletCondition, "the run reached the kubelet's writes");
            assertNotNull(base.history().get(base.history().size() - 1).main.finishedAt, "main ended on the deletion");
            // Events: the API server's creationTimestamp stays, the recorder's own timestamps are the kubelet's clock.
            assertEquals(base.events().size(), skewed.events().size());
            boolean sawKubelet = false;
            for (int i = 0; i < base.events().size(); i++) {
                Kube.Event b = base.events().get(i);
                Kube.Event s = skewed.events().get(i);
                assertEquals(b.reason(), s.reason());
                assertEquals(b.time(), s.time(), "the API server stored it when it did: " + b.reason());
                if (b.component().equals("kubelet")) {
                    sawKubelet = true;
                    assertEquals(b.reported() + offset, s.reported(), b.reason());
                    assertNotEquals(b.name(), s.name(), "the recorder names it by its own clock");
                    Map<String, Object> exported = Exports.event(s);
                    assertEquals(Go.k8s(K8s.sec(b.time() + offset)), exported.get("firstTimestamp"), b.reason());
                    // Stored a little after its stamp (session 56, salt 592): the API server's clock, never before the true stamp.
                    assertEquals(Go.k8s(K8s.sec(s.time() + Exports.storeLatency(s))), ((Map<?, ?>) exported.get("metadata")).get("creationTimestamp"), b.reason());
                    assertTrue(Exports.storeLatency(s) > 0 && Exports.storeLatency(s) <= 1_500_000_000L, b.reason());
                } else {
                    assertEquals(b.reported(), s.reported(), "the " + b.component() + "'s clock is the cluster's: " + b.reason());
                    assertEquals(b.name(), s.name());
                }
            }
            assertTrue(sawKubelet, "Created, Started, Killing");
            // The truth stays in true time.
            assertEquals(base.facts().mainStartedAt, skewed.facts().mainStartedAt);
            assertEquals(base.facts().mainFinishedAt, skewed.facts().mainFinishedAt);
            assertEquals(base.facts().firstDeletionAt, skewed.facts().firstDeletionAt);
            assertEquals(offset, skewed.facts().nodeClockOffsetNanos);
        }
    }
}
