package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.deletedWhileRunning;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.nodePhaseChanged;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.Deletion;
import dev.argoforensics.correlate.DeletionRequest;
import dev.argoforensics.correlate.OtherObjectDeletes;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

/**
 * Session 52: the times a Pod export holds are partly its node's (its containers' {@code startedAt} and {@code finishedAt}, the
 * kubelet's conditions' {@code lastTransitionTime}), on the node's clock, not the API server's. {@code OtherObjectDeletes} and
 * {@code DeletionBounds} read them with what a node's clock may be off (a minute, as an unchecked clock elsewhere): a node clock ahead
 * or behind the API server's by more than two clocks' usual 10 s neither takes a true deleter away nor makes a bound tighter than the
 * evidence. Controls: the same times further off than a node's clock may be, which still decide as before.
 */
class NodeClockBoundsTest {
    private static final String WF = Exports.workflow("Error", "Error", "pod deleted", "2026-09-19T16:40:02Z", true, null);
    private static final String DANA = "dana@example.com";

    private static String[] lines() {
        return deletedWhileRunning();
    }

    /** The Pod running, not deleted, its kubelet's Ready condition last changed at {@code ready} (the node's clock). */
    private static String undeleted(String ready) {
        return Exports.Pod.of().lastTransition(ready).running("main").running("wait").yaml();
    }

    private static PodLifecycle life(Correlation c) {
        return c.lifecycles().values().iterator().next();
    }

    private static PodHistory pod(Correlation c) {
        return c.podsNamed("ns", "p").get(0);
    }

    private static AuditRecord delete(PodHistory p) {
        return p.auditRecords().stream().filter(a -> "delete".equals(a.verb())).findFirst().orElseThrow();
    }

    /** A granted delete of the Pod by dana at 16:35:00 and an export of it undeleted whose kubelet time is {@code ready}. */
    private static Correlation deletedAt1635(String ready) {
        return new Evidence().log("c.log", lines()).workflow("wf.yaml", WF).pod("pod.yaml", undeleted(ready))
                .object("audit.log", Exports.audit("delete", "", DANA, "2026-09-19T16:35:00.000000Z", 200)).correlate();
    }

    @Test
    void aNodeClockAheadDoesNotTakeATrueDeleteAwayFromThePod() {
        // The kubelet wrote Ready at 16:35:00 on the API server's clock, before dana's delete; its node runs 30 s ahead, so the export
        // holds 16:35:30. Read as the API server's clock (session 46's two clocks' 10 s), the export was taken after the delete and
        // shows no deletion: the delete was set apart as another object's. Only a node's clock puts it after: the delete stays the Pod's.
        Correlation c = deletedAt1635("2026-09-19T16:35:30Z");
        assertNull(OtherObjectDeletes.why(pod(c), delete(pod(c))));
        assertEquals(DANA, life(c).deleter().map(Deletion::who).orElse(null), life(c).deleters().toString());
        // Control: a kubelet time two minutes after the delete, further than a node's clock may be off: the export shows the Pod
        // undeleted after it, and the delete is another object's as before (another cluster's audit file given beside).
        Correlation far = deletedAt1635("2026-09-19T16:37:00Z");
        PodLifecycle u1 = far.lifecycles().values().stream().filter(l -> "u-1".equals(l.key().uid())).findFirst().orElseThrow();
        assertFalse(u1.deleter().map(Deletion::who).filter(DANA::equals).isPresent(), u1.deleters().toString());
    }

    @Test
    void aNodeClockBehindSetsNothingApartEither() {
        // The kubelet's time reads 30 s early: the export is not placed after the delete at all, whatever the margin.
        Correlation c = deletedAt1635("2026-09-19T16:34:50Z");
        assertNull(OtherObjectDeletes.why(pod(c), delete(pod(c))));
        assertEquals(DANA, life(c).deleter().map(Deletion::who).orElse(null));
    }

    /**
     * The Pod deleted with grace 30 s (deletionTimestamp 16:40:30: requested at 16:40:00), its containers killed at 16:40:28 on the
     * node's clock, and an export of it without a deletion whose latest time is {@code condition}'s at {@code at}.
     */
    private static Correlation graceful(String condition, String at) {
        String deleted = Exports.Pod.of().deleted("2026-09-19T16:40:30Z", 30).terminated("main", 137, "Error", "2026-09-19T16:40:28Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:40:28Z").yaml();
        String alive = condition.equals("Ready") ? undeleted(at)
                : Exports.Pod.of().condition(condition, "True", "", at).running("main").running("wait").yaml();
        return new Evidence().log("c.log", lines()).workflow("wf.yaml", WF).pod("alive.yaml", alive).pod("deleted.yaml", deleted).correlate();
    }

    @Test
    @Disabled("session 53 review: DeletionBounds keeps an undeleted export's latest time as written (the node's, for a kubelet condition): "
            + "the same bound orders the containers' end on that node's clock (LifecycleBuilderTest.aStatedExportTimeBoundsTheRequestOnlyAs"
            + "FarAsAUsersClockMayBeOff), which a minute less lost. A node ahead still drops the lower bound here (the objects disagree: "
            + "nothing tighter than the upper bound claimed, no wrong order); a bound on two clocks is left for a later session. Session 56: "
            + "correlate.NodeClock now bounds a node's clock from the Pod's kubelet Events and startTime, but DeletionBounds does not read it "
            + "yet, and this fixture carries no Event that would bound it (its node's 30 s is the premise, not evidence). Session 57: still "
            + "open. The startTime against the binding would bound the node from above (the export taken no earlier than the kubelet's "
            + "time less that bound), but the one Known that dates the export is also the same-node bound ExecutionOrder.sameNodeClock "
            + "orders the containers' end by (10 s, no margin): moved onto the API server's clock it loses that order; it needs a bound "
            + "that keeps both clocks' readings (Known is shared by every bound), left for a later session")
    void aKubeletTimeAheadDoesNotContradictTheRequestTheObjectsState() {
        // deletionTimestamp less the grace period states the request: 16:40:00. An export without a deletion whose kubelet-written Ready
        // reads 16:40:20 (its node 30 s ahead: written at 16:39:50) was taken before it; read as the API server's clock it put the Pod
        // undeleted after the request, the objects disagreed and the lower bound was dropped.
        DeletionRequest r = life(graceful("Ready", "2026-09-19T16:40:20Z")).deletion();
        assertNotNull(r.notBefore(), r.toString());
        assertEquals("2026-09-19T16:40:00Z", r.notBefore().at().format());
        assertEquals("2026-09-19T16:40:00Z", r.notAfter().at().format());
        // Control: the same time written by the scheduler (PodScheduled, the cluster's clock): the objects disagree, as before, and
        // nothing tighter than the upper bound is claimed.
        DeletionRequest cluster = life(graceful("PodScheduled", "2026-09-19T16:40:20Z")).deletion();
        assertNull(cluster.notBefore(), cluster.toString());
    }

    /**
     * The Pod whose containers completed (exit 0) at {@code finishedAt} on the node's clock, deletionTimestamp 16:40:00 with grace 0,
     * and its kubelet's {@code events} (what bounds the node's clock, as a real export of the Pod's Events holds them).
     */
    private static Correlation completed(String finishedAt, String... events) {
        String pod = Exports.Pod.of().phase("Succeeded").deleted("2026-09-19T16:40:00Z", 0).terminated("main", 0, "Completed", finishedAt)
                .terminated("wait", 0, "Completed", finishedAt).yaml();
        Evidence e = new Evidence().log("c.log", lines()).workflow("wf.yaml", WF).pod("pod.yaml", pod);
        for (int i = 0; i < events.length; i++) {
            e.object("events-" + i + ".yaml", events[i]);
        }
        return e.correlate();
    }

    /**
     * Session 53 review kept the grace-0 inference's minute ({@code KUBELET_FINAL_DELETE_NANOS}, which already holds two clocks'
     * seconds; it gives only likely): a node's minute on top lowered three samples' likely (released-after-pod-gone,
     * json-banner-no-election, es-timestamp-offset-local-z) and cleared PrematureFinalizerRemovalTest's race under a literal-Z local-time
     * controller. Session 57: the inference reads the node's clock where the Pod's own records bound it ({@code NodeClock}, through
     * {@code ContainersEnd#finalDeleteOrder}), so it needs no minute on top: the fixture gives the node's kubelet Event, stored by the
     * API server 31 s after the kubelet stamped it, which a real export of the Pod's Events holds (the node's 30 s were the premise).
     * Those samples hold no Event that bounds their node, and keep their readings.
     */
    @Test
    void aNodeClockBehindDoesNotMakeAKubeletFinalDeleteTheRequest() {
        // A grace-0 deletionTimestamp long after the containers' end is read as the request (the kubelet's final delete comes within
        // moments of the end). Containers that ended at 16:39:20 on the API server's clock, on a node 30 s behind, read 16:38:50: 70 s
        // before the deletionTimestamp, past the minute the inference allowed. It is not drawn where the node's clock explains the gap.
        String behind = NodeEventsClockTest.kubeletEvent("Started", "2026-09-19T16:27:14Z", "2026-09-19T16:27:45Z");
        DeletionRequest r = life(completed("2026-09-19T16:38:50Z", behind)).deletion();
        assertFalse(r.inferredLower(), r.toString());
        // Control: ended four minutes before it, more than the kubelet's delay and the node's bounded offset together: the inference stands.
        DeletionRequest aged = life(completed("2026-09-19T16:36:00Z", behind)).deletion();
        assertTrue(aged.inferredLower(), aged.toString());
        assertEquals("2026-09-19T16:40:00Z", aged.notBefore().at().format());
        // Control: nothing bounds the node (no Event): the written 70 s read as before, the inference drawn (likely at most).
        assertTrue(life(completed("2026-09-19T16:38:50Z")).deletion().inferredLower());
    }

    /**
     * Pod p force-deleted by dana (grace 0, received 16:40:10), its containers killed (main 137) at 16:40:12 on the node's clock, and
     * a record of the Pod by its kubelet (a status patch by {@code user}, verb {@code verb}) at {@code at} in the same audit file.
     */
    private static Correlation audited(String verb, String user, String at) {
        String pod = Exports.Pod.of().phase("Failed").deleted("2026-09-19T16:40:10Z", 0).terminated("main", 137, "Error", "2026-09-19T16:40:12Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:40:12Z").yaml();
        String[] seen = {createdPod("2026-09-19T16:27:10.431Z"), podEvent("2026-09-19T16:40:12.500Z", "delete"),
            podMissing("2026-09-19T16:40:13.000Z"), markingError("2026-09-19T16:40:13.000Z"), nodePhaseChanged("2026-09-19T16:40:13.001Z", "Running", "Error")};
        return new Evidence().log("c.log", seen).workflow("wf.yaml", WF).pod("pod.yaml", pod)
                .object("audit.log", Exports.audit(verb, "patch".equals(verb) ? "status" : "", user, at, 200))
                .object("audit.log", Exports.audit("delete", "", DANA, "2026-09-19T16:40:10.000000Z", 200)).correlate();
    }

    @Test
    void anotherRecordBeforeTheContainersEndShowsTheDeleteFirstOnlyPastANodesClock() {
        // The audit file holds dana's delete and, 42 s before the containers' end as their node wrote it, the kubelet's status patch:
        // read with two clocks' 10 s, the file ran while the containers did, so a delete before dana's would be in it, and dana's
        // dated the request exactly. The end is the node's clock: a node 40 s ahead puts the real end at 16:39:32, two seconds after
        // the patch, and a delete just before the file's first record (16:39:20, which a cut file lacks) may have been the first.
        DeletionRequest near = life(audited("patch", "system:node:n1", "2026-09-19T16:39:30.000000Z")).deletion();
        assertNull(near.dated(), near.toString());
        // Control: the patch more than a node's minute and two clocks' 10 s before the end: the file shows the delete was the first.
        DeletionRequest far = life(audited("patch", "system:node:n1", "2026-09-19T16:38:00.000000Z")).deletion();
        assertNotNull(far.dated(), far.toString());
        assertTrue(far.dated().at().format().startsWith("2026-09-19T16:40:10"), far.toString());
    }
}
