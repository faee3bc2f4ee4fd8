package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.deletedWhileRunning;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.nodePhaseChanged;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
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
import org.junit.jupiter.api.Test;

/**
 * Session 53 breaker of the node-clock bounds (s53-clocks): where a kubelet's times now count less a node's minute, and where they
 * do not. Each case is a shape a cluster writes: a JSON export with its managedFields (the API server's clock), a refused eviction
 * in the audit log (a record that is no Pod create), a grace-0 deletionTimestamp on a node behind.
 */
class NodeClockBreakerTest {
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

    private static PodLifecycle life(Correlation c) {
        return c.lifecycles().values().iterator().next();
    }

    private static PodHistory pod(Correlation c) {
        return c.podsNamed("ns", "p").get(0);
    }

    private static AuditRecord delete(PodHistory p) {
        return p.auditRecords().stream().filter(a -> "delete".equals(a.verb())).findFirst().orElseThrow();
    }

    /**
     * The Pod running, not deleted, its kubelet's Ready at {@code ready} (the node's clock) and, as a JSON or
     * {@code --show-managed-fields} export holds them, the kubelet's last status update at {@code managed} in its managedFields: that
     * time is the API server's, which stamps each entry when it applies the update.
     */
    private static String undeletedWithManagedFields(String ready, String managed) {
        return Exports.Pod.of().lastTransition(ready).running("main").running("wait").yaml().replace("  finalizers:",
                "  managedFields:\n  - {manager: argoexec, operation: Update, apiVersion: v1, time: \"2026-09-19T16:27:15Z\"}\n"
                        + "  - {manager: kubelet, operation: Update, apiVersion: v1, subresource: status, time: \"" + managed + "\"}\n  finalizers:");
    }

    private static Correlation deletedAt1635(String podYaml) {
        return new Evidence().log("c.log", lines()).workflow("wf.yaml", WF).pod("pod.yaml", podYaml)
                .object("audit.log", Exports.audit("delete", "", DANA, "2026-09-19T16:35:00.000000Z", 200)).correlate();
    }

    /**
     * Attack: a managedFields time is the API server's clock, not the node's. The branch reads an export whose latest time is a
     * kubelet's less a node's minute; where the API server stamped the kubelet's update as late as the kubelet's own time, the export
     * was taken after the delete on the API server's own clock: the undeleted export shows the delete was another object's (another
     * cluster's file given beside), as before the branch. Control: the managedFields time before the delete, only the kubelet's time
     * after it: a node ahead explains it, and the delete stays the Pod's.
     */
    @Test
    void aManagedFieldsTimeIsTheApiServersClockAndStillSetsAForeignDeleteApart() {
        // The delete's file is then another cluster's (OtherObjectDeletes#foreignFiles): its records leave the Pod's history.
        Correlation c = deletedAt1635(undeletedWithManagedFields("2026-09-19T16:35:30Z", "2026-09-19T16:35:30Z"));
        PodLifecycle u1 = c.lifecycles().values().stream().filter(l -> "u-1".equals(l.key().uid())).findFirst().orElseThrow();
        assertFalse(u1.deleter().map(Deletion::who).filter(DANA::equals).isPresent(), u1.deleters().toString());
        assertTrue(pod(c).auditRecords().stream().noneMatch(a -> "delete".equals(a.verb())), pod(c).auditRecords().toString());
        Correlation near = deletedAt1635(undeletedWithManagedFields("2026-09-19T16:35:30Z", "2026-09-19T16:34:40Z"));
        assertNull(OtherObjectDeletes.why(pod(near), delete(pod(near))));
        assertEquals(DANA, life(near).deleter().map(Deletion::who).orElse(null), life(near).deleters().toString());
    }

    /**
     * Pod p force-deleted by dana (grace 0, received 16:40:10), its containers killed (main 137) at 16:40:12 on the node's clock, and
     * {@code other}, a record of the Pod by someone else, in the same audit file.
     */
    private static Correlation audited(String other) {
        String pod = Exports.Pod.of().phase("Failed").deleted("2026-09-19T16:40:10Z", 0).terminated("main", 137, "Error", "2026-09-19T16:40:12Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:40:12Z").yaml();
        String[] seen = {createdPod("2026-09-19T16:27:10.431Z"), podEvent("2026-09-19T16:40:12.500Z", "delete"),
            podMissing("2026-09-19T16:40:13.000Z"), markingError("2026-09-19T16:40:13.000Z"), nodePhaseChanged("2026-09-19T16:40:13.001Z", "Running", "Error")};
        return new Evidence().log("c.log", seen).workflow("wf.yaml", WF).pod("pod.yaml", pod).object("audit.log", other)
                .object("audit.log", Exports.audit("delete", "", DANA, "2026-09-19T16:40:10.000000Z", 200)).correlate();
    }

    /**
     * Attack: auditShowsFirst reads a record less a node's minute except a {@code create}, for the Pod's own create precedes its
     * containers whatever the clocks. An eviction is a {@code create} too (of {@code pods/eviction}): a drain's eviction refused by a
     * PodDisruptionBudget (429) 42 s before the end as its node wrote it is no more before the end than the kubelet's status patch
     * of NodeClockBoundsTest: a node 40 s ahead puts it after the end, and a delete before the file's first record may have been the
     * first. Control: the Pod's own create (no subresource) at the same time is read as before, and the same eviction past a node's
     * minute shows the file ran while the containers did.
     */
    @Test
    void aRefusedEvictionIsNoPodCreateAndCountsLessANodesMinute() {
        String autoscaler = "system:serviceaccount:kube-system:cluster-autoscaler";
        DeletionRequest near = life(audited(Exports.audit("create", "eviction", autoscaler, "2026-09-19T16:39:30.000000Z", 429))).deletion();
        assertNull(near.dated(), near.toString());
        DeletionRequest far = life(audited(Exports.audit("create", "eviction", autoscaler, "2026-09-19T16:38:00.000000Z", 429))).deletion();
        assertNotNull(far.dated(), far.toString());
        DeletionRequest created = life(audited(Exports.podCreateAudit("2026-09-19T16:39:30.000000Z"))).deletion();
        assertNotNull(created.dated(), created.toString());
        DeletionRequest bound = life(audited(Exports.audit("create", "binding", "system:kube-scheduler", "2026-09-19T16:39:30.000000Z", 201)))
                .deletion();
        assertNotNull(bound.dated(), bound.toString());
    }

    /** The Pod whose containers completed (exit 0) at {@code finishedAt} on the node's clock, deletionTimestamp 16:40:00 with grace 0. */
    private static Correlation completed(String finishedAt) {
        String pod = Exports.Pod.of().phase("Succeeded").deleted("2026-09-19T16:40:00Z", 0).terminated("main", 0, "Completed", finishedAt)
                .terminated("wait", 0, "Completed", finishedAt).yaml();
        return new Evidence().log("c.log", lines()).workflow("wf.yaml", WF).pod("pod.yaml", pod).correlate();
    }

    /**
     * The grace-0 inference, which the review kept without a node's minute: a node 30 s behind whose kubelet's final delete came 10 s
     * after the containers' real end (16:39:50) writes the end at 16:39:20, 40 s before the deletionTimestamp: within the inference's
     * minute, no request inferred (held: the minute holds a node behind by tens of seconds with a prompt kubelet). The minute is all
     * of it: a gap of 61 s on the node's clock is read as the request (the inference, only ever likely, says what it rests on).
     */
    @Test
    void aNodeBehindWithinTheKubeletsMinuteDrawsNoGraceZeroInference() {
        DeletionRequest behind = life(completed("2026-09-19T16:39:20Z")).deletion();
        assertFalse(behind.inferredLower(), behind.toString());
        DeletionRequest past = life(completed("2026-09-19T16:38:58Z")).deletion();
        assertTrue(past.inferredLower(), past.toString());
    }

    /**
     * Attack: a delete of another cluster's file that only a node's time set apart before the branch (an undeleted export whose
     * kubelet Ready reads 30 s after it) now stays the Pod's; what readings rest on it? Held: AF007 names no deleter above possible
     * (the export before the deletion shows main running, nothing how it ended), and no rule reads it as the race.
     */
    @Test
    void aDeleteOnlyANodesTimeSetApartGivesNoClaimAbovePossible() {
        Correlation c = deletedAt1635(Exports.Pod.of().lastTransition("2026-09-19T16:35:30Z").running("main").running("wait").yaml());
        for (DeclaredRule r : new DeclaredRule[] {new PodDeletedDuringExecution(), new PrematureFinalizerRemoval(), new SuccessReportedAsError()}) {
            r.evaluate(c).findings().forEach(f -> assertEquals(Confidence.POSSIBLE, f.confidence(), f.rule() + ": " + f.confidenceReason()));
        }
    }

    /**
     * The Pod deleted by dana with grace 30 s (deletionTimestamp 16:40:25: requested at 16:39:55 on the API server's clock), main
     * completed with exit 0 at {@code mainEnd} and wait at 16:40:27 as their node wrote them.
     */
    private static Correlation deletedWhileWaitRan(String mainEnd) {
        return deletedWithGrace(mainEnd, "2026-09-19T16:40:27Z");
    }

    private static Correlation deletedWithGrace(String mainEnd, String waitEnd) {
        String pod = Exports.Pod.of().startedAt(STARTED).phase("Succeeded").deleted("2026-09-19T16:40:25Z", 30).terminated("main", 0, "Completed", mainEnd)
                .terminated("wait", 0, "Completed", waitEnd).yaml();
        return new Evidence().log("c.log", lines()).workflow("wf.yaml", WF).pod("pod.yaml", pod)
                .object("audit.log", Exports.podCreateAudit("2026-09-19T16:27:10.420000Z"))
                .object("audit.log", Exports.audit("delete", "", DANA, "2026-09-19T16:39:55.000000Z", 200)).correlate();
    }

    /**
     * Attack, where the margin does not apply (ExecutionOrder): main's end 17 s after the request on its node's clock. The branch's
     * model gives a node's time a minute against another clock (PodSnapshot.NODE_CLOCK_NANOS: "a node's time orders nothing on
     * another clock closer than this"); a node 30 s ahead wrote 16:40:12 for a main that completed at 16:39:42, 13 s before dana's
     * delete, wait (saving outputs) still running, which is what made the API server give the grace period. AF007 confirms "main had
     * not ended before it" on two clocks 17 s apart. Control: main's end 95 s after the request, past a node's minute: confirmed.
     */
    @Test
    void aNodeAheadWithinItsMinuteDoesNotConfirmMainRanAtTheDeletion() {
        // Session 54: within the node's minute the order is undetermined; AF007 reports nothing above possible and says what it lacked.
        var near = new PodDeletedDuringExecution().evaluate(deletedWhileWaitRan("2026-09-19T16:40:12Z"));
        near.findings().forEach(f -> assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason()));
        assertTrue(near.cleared().stream().anyMatch(x -> x.reason().contains("within what that clock may be off the API server's")),
                near.cleared().toString());
        // Session 56: past the minute alone, nothing bounding the node's clock: likely, saying so (was confirmed). Session 57: main's
        // start, written 64 s after the Pod's creation, bounds the node to 1m5.4s ahead at most: 95 s after the request is after it.
        // Session 59: that start is 13 minutes before the end; a clock stepped away since (a time daemon following a wrong server)
        // leaves no trace in the Pod's records: likely, saying so.
        Finding far = new PodDeletedDuringExecution().evaluate(deletedWhileWaitRan("2026-09-19T16:41:30Z")).findings().get(0);
        assertEquals(Confidence.LIKELY, far.confidence(), far.confidenceReason());
        assertTrue(far.confidenceReason().contains("more than a minute away"), far.confidenceReason());
        // 64 s after the request, within that bound (the shape of the lead's unseen seed 2960, a node ~64 s ahead): not confirmed, and
        // not ordered on the minute either: the Pod's own start lets the node be that far ahead.
        var bounded = new PodDeletedDuringExecution().evaluate(deletedWithGrace("2026-09-19T16:40:59Z", "2026-09-19T16:41:01Z"));
        bounded.findings().forEach(f -> {
            assertNotEquals(Confidence.CONFIRMED, f.confidence(), f.confidenceReason());
            assertFalse(f.confidenceReason().contains("that order rests on the node's clock"), f.confidenceReason());
        });
    }

    /**
     * Attack, the other way: a node 30 s behind writes 16:39:35 and 16:39:37 for a main and wait that ended at 16:40:05 and 16:40:07,
     * main answering dana's SIGTERM (16:39:55, grace 30 s) with exit 0: AF002's own possible reading names this look-alike ("its
     * answer to the deletion's SIGTERM ... makes 'pod deleted' a true record"), but the order read on two clocks 18 s apart makes it
     * confirmed. The grace period itself says the Pod had not finished at the request (a terminal Pod is deleted with grace 0).
     */
    @Test
    void aNodeBehindWithinItsMinuteDoesNotConfirmASuccessReportedAsError() {
        Correlation c = deletedWithGrace("2026-09-19T16:39:35Z", "2026-09-19T16:39:37Z");
        new SuccessReportedAsError().evaluate(c).findings()
                .forEach(f -> assertEquals(Confidence.POSSIBLE, f.confidence(), f.rule() + ": " + f.confidenceReason()));
    }
}
