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
        return run(clocks, ImagePulls.NONE, 40 * Go.SECOND);
    }

    private static Run run(NodeClocks clocks, ImagePulls pulls, long deleteAfter) {
        Sim sim = new Sim(START);
        Truth truth = new Truth();
        Kube kube = new Kube(sim, new Sim.Rng(Sim.seed(3, 2)), 34, truth, 1_000_000L, 3);
        kube.clocks = clocks;
        kube.pulls = pulls;
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
        sim.at(START + deleteAfter, () -> kube.deletePod(p.key(), 30, null, "user"));
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

    /**
     * Session 58: a corrected clock ({@link NodeClocks.Correction}) is off by its offset before the correction, at its residual
     * after, and in between a slew moves it toward the residual at its rate, never past it; a step moves it at once.
     */
    @Test
    void aCorrectionStepsOrSlewsTowardTheClusterClockAndNotPast() {
        long at = START + 10 * Go.MINUTE;
        NodeClocks.Correction step = new NodeClocks.Correction(-90 * Go.SECOND, at, 0, -40 * Go.MILLI);
        assertEquals(-90 * Go.SECOND, step.offset(at - 1));
        assertEquals(-40 * Go.MILLI, step.offset(at));
        assertEquals(at, step.settledAt());
        NodeClocks.Correction slew = new NodeClocks.Correction(60 * Go.SECOND, at, NodeClocks.MAX_SLEW_PER_MILLION, 0);
        assertEquals(60 * Go.SECOND, slew.offset(at));
        // 83.333 ms a second: 12 s in, a second less.
        assertEquals(60 * Go.SECOND - 12 * 83_333 * 1_000L, slew.offset(at + 12 * Go.SECOND));
        assertTrue(slew.settledAt() > at + 11 * Go.MINUTE && slew.settledAt() < at + 13 * Go.MINUTE, "60 s slewed in 12 minutes");
        assertEquals(0, slew.offset(slew.settledAt()));
        assertEquals(0, slew.offset(at + 60 * Go.MINUTE));
        long last = slew.offset(at);
        for (long t = at; t < at + 15 * Go.MINUTE; t += 7 * Go.SECOND) {
            long o = slew.offset(t);
            assertTrue(o <= last && o >= 0, "toward the cluster's clock, never past it: " + o);
            last = o;
        }
        NodeClocks clocks = NodeClocks.fixed(step);
        assertEquals(-90 * Go.SECOND, clocks.offset("n"), "the truth's offset is the one before the correction");
        assertEquals(at - 40 * Go.MILLI + Go.SECOND, clocks.at("n", at + Go.SECOND));
    }

    /** Session 58: a share of the nodes is corrected, 10-120 s off before, drawn per corpus and node (salt 5931). */
    @Test
    void correctionsAreDrawnOnAShareOfTheNodes() {
        long to = START + 110 * Go.MINUTE;
        NodeClocks a = NodeClocks.drawn(7, START, to);
        NodeClocks again = NodeClocks.drawn(7, START, to);
        NodeClocks plain = NodeClocks.drawn(7);
        int corrected = 0;
        int slewed = 0;
        int behind = 0;
        int away = 0;
        int awayBehind = 0;
        for (int i = 0; i < 2000; i++) {
            String node = "ip-10-0-" + (i % 63) + "-" + (i / 63 + 2) + ".ec2.internal";
            NodeClocks.Correction c = a.correction(node);
            assertEquals(c, again.correction(node), node);
            assertEquals(null, plain.correction(node), "drawn without a span, no correction");
            if (c == null) {
                assertEquals(plain.offset(node), a.offset(node), "an uncorrected node keeps its session 55 offset: " + node);
                continue;
            }
            if (c.away()) {
                // Session 59: stepped away from its usual offset (salt 59) to 15-90 s off, either way, at once.
                away++;
                awayBehind += c.after() < 0 ? 1 : 0;
                assertEquals(plain.offset(node), c.before(), node + ": " + c);
                assertTrue(Math.abs(c.after()) >= 15 * Go.SECOND && Math.abs(c.after()) <= 90 * Go.SECOND, node + ": " + c);
                assertEquals(0, c.slewPerMillion(), node + ": " + c);
                assertTrue(c.at() >= START && c.at() < to, node + ": " + c);
                continue;
            }
            corrected++;
            slewed += c.slewPerMillion() > 0 ? 1 : 0;
            behind += c.before() < 0 ? 1 : 0;
            assertTrue(Math.abs(c.before()) >= 10 * Go.SECOND && Math.abs(c.before()) <= 120 * Go.SECOND, node + ": " + c);
            assertTrue(c.at() >= START && c.at() < to, node + ": " + c);
            assertTrue(c.slewPerMillion() <= NodeClocks.MAX_SLEW_PER_MILLION, node + ": " + c);
            assertTrue(Math.abs(c.after()) <= 100 * Go.MILLI && c.after() * Long.signum(c.before()) >= -20 * Go.MILLI, node + ": " + c);
            assertEquals(c.before(), a.offset(node));
        }
        assertTrue(corrected > 320 && corrected < 480, "a fifth of the nodes: " + corrected);
        assertTrue(slewed > corrected * 0.4 && slewed < corrected * 0.6, "half slewed: " + slewed);
        assertTrue(behind > corrected * 0.4 && behind < corrected * 0.6, "either way: " + behind);
        // Session 59: a twentieth of the nodes not corrected (about 80 of 2,000) stepped away, either way.
        assertTrue(away > 50 && away < 115, "a twentieth of the rest stepped away: " + away);
        assertTrue(awayBehind > away * 0.3 && awayBehind < away * 0.7, "either way: " + awayBehind);
    }

    /**
     * Session 58: everything the kubelet stamps after its node's clock was stepped is on the new offset: the Pod started on a clock
     * 47 s ahead, stepped back 20 s after the start; the Killing Event and main's end (deleted at 40 s) are on the cluster's clock.
     */
    @Test
    void kubeletTimesAfterAStepAreOnTheNewOffset() {
        Run base = run(NodeClocks.NONE);
        long startedAt = base.facts().mainStartedAt;
        long stepAt = startedAt + 20 * Go.SECOND;
        Run stepped = run(NodeClocks.fixed(new NodeClocks.Correction(OFFSET, stepAt, 0, 0)));
        assertEquals(base.history().size(), stepped.history().size(), "the same writes");
        K8s.Pod b = base.history().get(base.history().size() - 1);
        K8s.Pod s = stepped.history().get(stepped.history().size() - 1);
        assertEquals(b.main.startedAt + OFFSET / Go.SECOND, s.main.startedAt, "started before the step");
        assertEquals(b.startTime + OFFSET / Go.SECOND, s.startTime);
        assertNotNull(b.main.finishedAt);
        assertEquals(b.main.finishedAt, s.main.finishedAt, "ended after the step, in step");
        int before = 0;
        int after = 0;
        for (int i = 0; i < base.events().size(); i++) {
            Kube.Event be = base.events().get(i);
            Kube.Event se = stepped.events().get(i);
            if (!be.component().equals("kubelet")) {
                continue;
            }
            if (be.time() < stepAt) {
                assertEquals(be.reported() + OFFSET, se.reported(), be.reason());
                before++;
            } else {
                assertEquals(be.reported(), se.reported(), be.reason());
                after++;
            }
        }
        assertTrue(before > 0 && after > 0, "Started before the step, Killing after: " + before + ", " + after);
    }

    /**
     * Session 58 ({@link ImagePulls}): a Pod whose first image is pulled shows Pulling when its kubelet takes it up and Pulled when
     * done, its containers start after (their startedAt late after the creation by the pull), and the truth's start moves with it.
     */
    @Test
    void aSlowPullDelaysTheStartAndShowsItsEvents() {
        Run base = run(NodeClocks.NONE, ImagePulls.NONE, 3 * Go.MINUTE);
        long pullNanos = 95 * Go.SECOND;
        Run pulled = run(NodeClocks.fixed(OFFSET), ImagePulls.fixed(new ImagePulls.Pull(100 * Go.MILLI, pullNanos, 123_456_789L)), 3 * Go.MINUTE);
        assertTrue(pulled.facts().mainStartedAt >= base.facts().mainStartedAt + pullNanos, "started after the pull");
        Kube.Event pulling = null;
        Kube.Event done = null;
        for (Kube.Event e : pulled.events()) {
            if (e.reason().equals("Pulling")) {
                pulling = e;
            } else if (e.reason().equals("Pulled")) {
                done = e;
            }
        }
        assertNotNull(pulling);
        assertNotNull(done);
        assertEquals("spec.containers{wait}", pulling.fieldPath());
        assertEquals("Pulling image \"quay.io/argoproj/argoexec:v3.6.19\"", pulling.message());
        assertEquals("Successfully pulled image \"quay.io/argoproj/argoexec:v3.6.19\" in 1m35s (1m35s including waiting). Image size: 123456789 bytes.",
                done.message());
        assertEquals(pullNanos, done.time() - pulling.time());
        assertEquals(pulling.time() + OFFSET, pulling.reported(), "the kubelet's clock");
        assertTrue(done.time() <= pulled.facts().mainStartedAt);
        K8s.Pod last = pulled.history().get(pulled.history().size() - 1);
        assertTrue(last.main.startedAt - last.creation >= pullNanos / Go.SECOND + OFFSET / Go.SECOND, "startedAt late after the creation");
        assertTrue(base.events().stream().noneMatch(e -> e.reason().startsWith("Pull")), "no pull, no pull Events");
    }
}
