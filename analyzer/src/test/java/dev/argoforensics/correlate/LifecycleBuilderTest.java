package dev.argoforensics.correlate;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Execution.State;
import dev.argoforensics.correlate.FinalizerRemoval.RemovalCause;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import dev.argoforensics.testing.LookAlikes;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The facts of a Pod's life as the Kubernetes and controller semantics give them: when its deletion
 * was requested (deletionTimestamp is the request plus the grace period, and the kubelet's grace-0
 * delete rewrites it), whether its containers had finished by then, what a delete pod event was.
 */
class LifecycleBuilderTest {
    private static final PodKey P = new PodKey("ns", "p");

    /** The deleting handler's lines for ns/p, seen through the given informer event. */
    private static List<String> handler(String informerAction) {
        return new ArrayList<>(List.of(
                podEvent("2026-09-19T16:31:11.256Z", informerAction),
                removingFinalizers("2026-09-19T16:31:11.257Z"),
                queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s"),
                queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"),
                cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer")));
    }

    /** The lifecycle of ns/p (keyed with the UID when an export gave one). */
    private static PodLifecycle life(Evidence evidence) {
        List<PodLifecycle> named = evidence.correlate().lifecycles().values().stream().filter(l -> l.key().named().equals(P)).toList();
        assertEquals(1, named.size(), () -> named.toString());
        return named.get(0);
    }

    private static String finishedPod(String deletionTimestamp, long grace, int mainExit) {
        return Exports.Pod.of().phase(mainExit == 0 ? "Succeeded" : "Failed").deleted(deletionTimestamp, grace)
                .terminated("main", mainExit, mainExit == 0 ? "Completed" : "Error", "2026-09-19T16:27:44Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:27:44Z").yaml();
    }

    @Test
    void aGracePeriodDatesTheRequestExactlyAndShowsThePodHadNotFinished() {
        String during = Exports.Pod.of().deleted("2026-09-19T16:28:13Z", 30).running("main").running("wait").yaml();
        PodLifecycle l = life(new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z")).pod("pod.yaml", during));
        DeletionRequest d = l.deletion();
        assertTrue(d.exact());
        assertEquals("2026-09-19T16:27:43Z", d.notAfter().at().format());
        assertEquals("2026-09-19T16:27:43Z", d.notBefore().at().format());
        assertEquals(30L, d.grace());
        assertEquals("at 2026-09-19T16:27:43Z", d.when());
        assertEquals(State.RUNNING, l.execution().state());
        assertEquals("an export of the deleted Pod shows main running", l.execution().reason());
        assertFalse(l.execution().weak());
    }

    @Test
    void aGraceZeroTimestampLongAfterTheEndIsTheRequestItself() {
        PodLifecycle l = life(new Evidence().pod("pod.yaml", finishedPod("2026-09-19T16:31:04Z", 0, 0)));
        assertEquals("2026-09-19T16:31:04Z", l.deletion().notBefore().at().format());
        assertEquals(State.FINISHED_BEFORE, l.execution().state());
        assertTrue(l.execution().reason().startsWith("the containers ended at 2026-09-19T16:27:44Z (main exit 0, wait exit 0), before the deletion "
                + "was requested at 2026-09-19T16:31:04Z"), l.execution().reason());
    }

    /**
     * Kubernetes 1.33+: the kubelet's grace-0 delete after the kill puts deletionTimestamp just after the
     * containers' end. That orders nothing; main ended by a signal moments apart is read, weakly, as the kill.
     */
    @Test
    void aGraceZeroTimestampJustAfterTheEndOrdersNothingButASignalSaysKill() {
        PodLifecycle l = life(new Evidence().pod("pod.yaml", finishedPod("2026-09-19T16:27:46Z", 0, 137)));
        assertNull(l.deletion().notBefore());
        assertEquals("no later than 2026-09-19T16:27:46Z", l.deletion().when());
        assertEquals(State.RUNNING, l.execution().state());
        assertTrue(l.execution().weak());
        assertTrue(l.containers().mainSignalled());
        PodLifecycle completed = life(new Evidence().pod("pod.yaml", finishedPod("2026-09-19T16:27:46Z", 0, 0)));
        assertEquals(State.UNDETERMINED, completed.execution().state(), "exit 0, 2s apart: the kubelet's final delete or a request, either way");
    }

    @Test
    void anAuditRecordDatesTheRequestAndNamesWho() {
        PodLifecycle l = life(new Evidence().pod("pod.yaml", finishedPod("2026-09-19T16:27:46Z", 0, 137))
                .object("audit.log", Exports.podCreateAudit("2026-09-19T16:27:10.420000Z"))
                .object("audit.log", Exports.audit("delete", "", "alice@example.com", "2026-09-19T16:27:41.500123Z", 200)));
        assertTrue(l.deletion().exact());
        assertEquals("alice@example.com", l.deletion().requestedBy());
        assertEquals("2026-09-19T16:27:41.500123Z", l.deletion().notBefore().at().format());
        assertEquals(State.RUNNING, l.execution().state(), "main ended by a signal 2.5s after the request: within two clocks' disagreement, so "
                + "read (weakly) as the deletion's kill");
        assertTrue(l.execution().weak());
    }

    /**
     * Session 42 breaker: a delete alone in an audit log (one that starts after the containers ended, or keeps one user's requests) is
     * not shown to be the first request: a Pod stuck Terminating is deleted again. It bounds the request from above only, and still names
     * who made it. A record of the Pod by someone else from before the end (the controller's create, above) shows it would hold an earlier
     * one; one after the end, or by the deleter, does not.
     */
    @Test
    void aDeleteAloneInAnAuditExcerptBoundsTheRequestOnlyFromAbove() {
        String delete = Exports.audit("delete", "", "alice@example.com", "2026-09-19T16:31:04.101200Z", 200);
        for (String other : new String[] {null, Exports.audit("patch", "", "alice@example.com", "2026-09-19T16:27:20.000000Z", 200),
                Exports.audit("patch", "", "system:serviceaccount:argo:argo-workflow-controller", "2026-09-19T16:27:40.000000Z", 200)}) {
            // The export as in #17024: grace 0 at 16:31:04 (on 1.33+ the forced delete's own time), the containers ended at 16:27:44.
            Evidence e = new Evidence().pod("pod.yaml", finishedPod("2026-09-19T16:31:04Z", 0, 0));
            if (other != null) {
                e = e.object("audit.log", other);
            }
            PodLifecycle l = life(e.object("audit.log", delete));
            assertFalse(l.deletion().exact(), String.valueOf(other));
            assertTrue(l.deletion().inferredLower(), "the lower bound is the grace-0 inference again, not the audit record: " + other);
            assertTrue(l.execution().graceGuess(), String.valueOf(other));
            assertEquals("alice@example.com", l.deletion().requestedBy());
        }
    }

    @Test
    void anExportTakenBeforeTheDeletionWithEveryContainerEndedShowsTheOrder() {
        String before = Exports.Pod.of().phase("Succeeded").terminated("main", 0, "Completed", "2026-09-19T16:27:44Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:27:44Z").yaml();
        PodLifecycle l = life(new Evidence().log("c.log", handler("add").toArray(String[]::new))
                .takenAt("before.yaml", "2026-09-19T16:29:00Z", before));
        assertEquals(State.FINISHED_BEFORE, l.execution().state());
        // Its file states 16:29:00, a user's clock: the request came no earlier than that less what such a clock may be off.
        assertEquals("2026-09-19T16:28:00Z", l.deletion().notBefore().at().format());
        assertTrue(l.deletion().notBefore().statedClock());
        assertEquals("2026-09-19T16:31:11.257Z", l.deletion().notAfter().at().format(), "the controller's first sight of the deletion");
    }

    /**
     * Session 31 review: an export showing main running and no deletion, its file stating 16:29:00 (a laptop 40 s ahead: really
     * 16:28:20), and a later export of the Pod deleted (grace 0 at 16:29:20) with main ended exit 0 at 16:28:30. The deletion came after the
     * first export was really taken, which may be before main's end: read as exact, the stated time put the request after the
     * end and the order "finished before the deletion" was shown (AF001's confirmed). As a user's clock it bounds the request
     * from 16:28:00 only, weakly, and orders nothing here; the export's own time (a condition the kubelet wrote at 16:28:45)
     * still does.
     */
    @Test
    void aStatedExportTimeBoundsTheRequestOnlyAsFarAsAUsersClockMayBeOff() {
        String deleted = Exports.Pod.of().phase("Succeeded").deleted("2026-09-19T16:29:20Z", 0)
                .terminated("main", 0, "Completed", "2026-09-19T16:28:30Z").terminated("wait", 0, "Completed", "2026-09-19T16:28:31Z").yaml();
        java.util.function.Function<String, PodLifecycle> with = running -> life(new Evidence().log("c.log", handler("update").toArray(String[]::new))
                .takenAt("running.yaml", "2026-09-19T16:29:00Z", running).pod("deleted.yaml", deleted));
        PodLifecycle stated = with.apply(Exports.Pod.of().running("main").running("wait").yaml());
        assertEquals("2026-09-19T16:28:00Z", stated.deletion().notBefore().at().format());
        assertTrue(stated.deletion().notBefore().statedClock());
        assertFalse(stated.execution().state() == State.FINISHED_BEFORE && !stated.execution().weak(), stated.execution().toString());
        PodLifecycle own = with.apply(Exports.Pod.of().lastTransition("2026-09-19T16:28:45Z").running("main").running("wait").yaml());
        assertEquals("2026-09-19T16:28:45Z", own.deletion().notBefore().at().format(), "the object's own time, on the API server's clock");
        assertFalse(own.deletion().notBefore().statedClock());
        assertEquals(State.FINISHED_BEFORE, own.execution().state(), own.execution().toString());
        assertFalse(own.execution().weak());
    }

    @Test
    void fromLogsAloneAPodStillChangingAfterTheDeletionWasRunning() {
        List<String> lines = handler("update");
        lines.add(podEvent("2026-09-19T16:31:14.900Z", "update"));
        lines.add(podEvent("2026-09-19T16:31:15.400Z", "delete"));
        PodLifecycle l = life(new Evidence().log("c.log", lines.toArray(String[]::new)));
        assertEquals(State.RUNNING, l.execution().state());
        assertTrue(l.execution().weak());
        assertEquals(InformerExit.Kind.REMOVED, l.informerExit().kind());
        // Negative control: a change 1.6 s after the deletion was seen, within the kubelet's report lag, orders nothing.
        List<String> early = handler("update");
        early.add(podEvent("2026-09-19T16:31:12.900Z", "update"));
        early.add(podEvent("2026-09-19T16:31:13.400Z", "delete"));
        PodLifecycle within = life(new Evidence().log("c.log", early.toArray(String[]::new)));
        assertEquals(State.UNDETERMINED, within.execution().state(), within.execution().reason());
        assertTrue(within.execution().reason().contains("within the kubelet's report lag"), within.execution().reason());
        assertTrue(within.execution().reason().contains("an export of the Pod showing both (its containers' finishedAt, its "
                + "deletionTimestamp and grace period)"), within.execution().reason());
        // What settles it: main ran past the request (SIGTERM, exit 143), as an export taken while the Pod was being deleted shows; the
        // lines within the lag cannot tell that from the race, the export can. Session 54: main's end is its node's clock, the request
        // (deletionTimestamp less the grace) the API server's; 1 s apart is within what the node's clock may be off, so the signal
        // exit moments from the request is most likely the deletion's kill (weak: the executor's own kill before it, on a node ahead,
        // reads the same); past the node's minute the export shows main running at the request.
        String terminating = Exports.Pod.of().phase("Failed").deleted("2026-09-19T16:31:41Z", 30)
                .terminated("main", 143, "Error", "2026-09-19T16:31:12Z").terminated("wait", 0, "Completed", "2026-09-19T16:31:12Z").yaml();
        PodLifecycle settled = life(new Evidence().log("c.log", early.toArray(String[]::new)).pod("pod.yaml", terminating));
        assertEquals(State.RUNNING, settled.execution().state(), settled.execution().reason());
        assertTrue(settled.execution().weak(), settled.execution().reason());
        assertTrue(settled.execution().reason().contains("most likely the kill of that deletion"), settled.execution().reason());
        String late = Exports.Pod.of().phase("Failed").deleted("2026-09-19T16:31:41Z", 30)
                .terminated("main", 143, "Error", "2026-09-19T16:32:20Z").terminated("wait", 0, "Completed", "2026-09-19T16:32:20Z").yaml();
        PodLifecycle past = life(new Evidence().log("c.log", early.toArray(String[]::new)).pod("pod.yaml", late));
        assertEquals(State.RUNNING, past.execution().state(), past.execution().reason());
        assertFalse(past.execution().weak(), past.execution().reason());
    }

    @Test
    void fromLogsAloneAPodGoneAtTheReleaseOfADeletionSeenArrivingHadFinished() {
        List<String> lines = handler("update");
        lines.add(0, createdPod("2026-09-19T16:20:00.431Z"));
        lines.add(podEvent("2026-09-19T16:31:11.363Z", "delete"));
        PodLifecycle l = life(new Evidence().log("c.log", lines.toArray(String[]::new)));
        assertEquals(State.FINISHED_BEFORE, l.execution().state());
        assertTrue(l.execution().weak());
        // Created 37s before its last condition transition: that may be its start-up, as for a running Pod force-deleted.
        lines.set(0, createdPod("2026-09-19T16:27:10.431Z"));
        assertEquals(State.UNDETERMINED, life(new Evidence().log("c.log", lines.toArray(String[]::new))).execution().state());
    }

    @Test
    void fromLogsAloneADeletionFoundAtStartUpOrdersNothing() {
        List<String> lines = handler("add");
        lines.add(podEvent("2026-09-19T16:31:11.363Z", "delete"));
        PodLifecycle l = life(new Evidence().log("c.log", lines.toArray(String[]::new)));
        assertEquals(State.UNDETERMINED, l.execution().state());
        assertEquals("no export of the Pod shows how its containers ended", l.execution().reason());
    }

    @Test
    void aDeleteEventAfterTheControllersOwnLabellingIsThePodLeavingTheSelector() {
        PodLifecycle l = life(new Evidence().log("c.log",
                workflowUpdated("2026-09-19T16:27:50.100Z", "Succeeded"),
                queueing("2026-09-19T16:27:50.101Z", "labelPodCompleted"),
                cleaningUp("2026-09-19T16:27:50.150Z", "labelPodCompleted"),
                podEvent("2026-09-19T16:27:50.170Z", "delete"),
                removingFinalizers("2026-09-19T16:27:50.171Z"),
                queuingPodDelay("2026-09-19T16:27:50.171Z", "removeFinalizer", "1m56.829s"),
                cleaningUp("2026-09-19T16:29:47.010Z", "removeFinalizer")));
        assertEquals(InformerExit.Kind.LABELLED, l.informerExit().kind());
        assertEquals("c.log:3", l.informerExit().cause().source().toString());
        assertNull(l.release(), "the removal after leaving the informer patches nothing");
        assertNull(l.deletion(), "nothing says the Pod was deleted");
        assertEquals(State.NOT_DELETED, l.execution().state());
    }

    @Test
    void aDeleteEventThatTriggersTheDeletingHandlerLeftTheInformerWithItsFinalizer() {
        Correlation c = new Evidence().log("c.log",
                podEvent("2026-09-19T16:27:50.170Z", "delete"),
                removingFinalizers("2026-09-19T16:27:50.171Z"),
                queuingPodDelay("2026-09-19T16:27:50.171Z", "removeFinalizer", "1m56.829s"),
                cleaningUp("2026-09-19T16:29:47.010Z", "removeFinalizer")).correlate();
        assertEquals(RemovalCause.LEFT_INFORMER, c.pods().get(P).removals().get(0).cause());
        assertEquals(InformerExit.Kind.LABELLED, c.lifecycle(P).informerExit().kind());
    }

    @Test
    void theFateOfADeletedWorkflowComesFromItsAuditRecord() {
        String audit = Exports.workflowDeleteAudit("2026-09-19T16:31:10.902113Z", "2026-09-19T16:31:10.911725Z");
        Correlation c = new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z")).object("audit.log", audit).correlate();
        WorkflowFate fate = c.lifecycle(P).workflow();
        // Dated by the API server's receipt of the request (session 43: one request, one date, as every other audit reading).
        assertEquals("2026-09-19T16:31:10.902113Z", fate.deleted().at().format());
        assertEquals("deleted by alice@example.com (audit record)", fate.deleted().how());
        assertNull(fate.completed());
    }

    /**
     * Session 33: a Workflow exported Succeeded completed no later than the export was taken. Dated only by its file (16:40:00, a
     * user's clock), the fate's completion says so and is flagged stated ({@code Known#statedClock}, so weak): it was an exact,
     * object-strong time. Negative control: the same export with no time stated, placed no earlier than the latest time inside it
     * (the API server's clock), is not flagged.
     */
    @Test
    void aWorkflowExportedCompletedOnlyAtAStatedTimeGivesAStatedCompletion() {
        String succeeded = Exports.workflow("Succeeded", "Succeeded", "", "2026-09-19T16:27:45Z", true, null);
        WorkflowFate stated = new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z")).takenAt("wf.yaml", "2026-09-19T16:40:00Z", succeeded)
                .correlate().lifecycle(P).workflow();
        assertEquals("2026-09-19T16:40:00Z", stated.completed().at().format());
        assertTrue(stated.completed().statedClock() && stated.completed().weak());
        assertEquals("exported in phase Succeeded at a time stated for it (the file's # taken-at comment, on the clock of whoever took it, which "
                + "may be off by 1m0s)", stated.completed().how());
        WorkflowFate inside = new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z")).object("wf.yaml", succeeded)
                .correlate().lifecycle(P).workflow();
        assertFalse(inside.completed().statedClock(), inside.completed().toString());
        assertEquals("exported in phase Succeeded", inside.completed().how());
    }

    /**
     * Review (issue 13): the controller first handled the deletion at 16:28:30.001 and the Pod kept
     * changing after it (16:28:31.5, 16:28:32.5): by the documented rule it was still running. The
     * lifecycle takes "first seen" from the removal that did the work, i.e. the last handler run
     * (16:28:32.501), sees no update after that one and calls the Pod finished "with no grace period".
     */
    @Test
    void fromLogsAloneTheFirstDeletingHandlerRunDatesTheDeletionNotTheOneThatReleased() {
        PodLifecycle l = life(new Evidence().log("c.log", LookAlikes.runningPodDeletedWithAPositiveDelay().toArray(String[]::new)));
        assertEquals("2026-09-19T16:28:30.001Z", l.deletion().notAfter().at().format(), "the controller first handled the deletion then");
        assertEquals(State.RUNNING, l.execution().state(), l.execution().reason());
    }

    /**
     * Review (issue 13): the same, but the controller that saw the deletion arrive and the kill follow
     * it restarts before the release is due; its successor releases the finalizer at its start-up
     * listing. The export (Kubernetes 1.33+: the kubelet's grace-0 delete moved deletionTimestamp to
     * just after the containers' end) orders nothing by itself; the first controller's lines show it
     * handled the deletion at 16:28:30.001, before the containers ended at 16:28:31 (exit 143). That is
     * a deletion during execution (AF007), but the lifecycle ignores the first run's handler lines
     * because they never became a removal, and leaves the order undetermined.
     */
    @Test
    void aHandlerRunOfAControllerThatRestartedBeforeTheReleaseStillDatesTheDeletion() {
        List<String> first = LookAlikes.runningPodDeletedWithAPositiveDelay().subList(0, 8);
        String pod = Exports.Pod.of().phase("Failed").deleted("2026-09-19T16:28:32Z", 0).lastTransition("2026-09-19T16:28:31Z")
                .terminated("main", 143, "Error", "2026-09-19T16:28:31Z").terminated("wait", 0, "Completed", "2026-09-19T16:28:31Z").yaml();
        PodLifecycle l = life(new Evidence().log("1.log", first.toArray(String[]::new))
                .log("2.log", podEvent("2026-09-19T16:40:00.256Z", "add"), removingFinalizers("2026-09-19T16:40:00.257Z"),
                        queuingPodDelay("2026-09-19T16:40:00.257Z", "removeFinalizer", "-9m29.257s"),
                        queueing("2026-09-19T16:40:00.258Z", "removeFinalizer"), cleaningUp("2026-09-19T16:40:00.350Z", "removeFinalizer"),
                        podEvent("2026-09-19T16:40:00.363Z", "delete"))
                .takenAt("pod.yaml", "2026-09-19T16:35:00Z", pod));
        assertEquals(State.RUNNING, l.execution().state(), l.execution().reason());
    }

    /**
     * Kubernetes 1.33+ leaves a grace-0 deletionTimestamp moments after the end unordered with it (the kubelet's final delete may
     * have set it). The controller's lines order them: it saw the deletion arrive on a Pod it watched (update pod event, its log
     * read whole) and no change until the Pod left at its release, so the export's terminated containers were already in the
     * first deleted version; had main still run, its end (and the kubelet's delete) would have come as updates in between.
     */
    @Test
    void aDeletionSeenArrivingOnAPodThatChangedNoMoreFoundItsContainersEnded() {
        PodLifecycle l = life(new Evidence().log("c.log", LookAlikes.deletionSeenArriving("update", "1m53.743s").toArray(String[]::new))
                .pod("pod.yaml", LookAlikes.ENDED_JUST_BEFORE));
        assertEquals(State.FINISHED_BEFORE, l.execution().state(), l.execution().reason());
        assertTrue(l.execution().weak());
        assertTrue(l.execution().reason().contains("saw the Pod change no more until it left the informer at its finalizer's release "
                + "(2026-09-19T16:33:05.014Z): the containers' end was already in the first version that carried the deletion"), l.execution().reason());
    }

    /** Its negative controls: the Pod changed after the deletion arrived; the log may be an excerpt; the deletion was found at start-up. */
    @Test
    void aDeletionThatChangedThePodOrWasNotSeenArrivingInAWholeLogOrdersNothingSo() {
        PodLifecycle changed = life(new Evidence().log("c.log", LookAlikes.deletionSeenArriving("update", "1m53.743s",
                podEvent("2026-09-19T16:31:14.900Z", "update")).toArray(String[]::new)).pod("pod.yaml", LookAlikes.ENDED_JUST_BEFORE));
        assertEquals(State.RUNNING, changed.execution().state(), "the existing weak reading of a Pod still changing");
        PodLifecycle changedWithinLag = life(new Evidence().log("c.log", LookAlikes.deletionSeenArriving("update", "1m53.743s",
                podEvent("2026-09-19T16:31:12.900Z", "update")).toArray(String[]::new)).pod("pod.yaml", LookAlikes.ENDED_JUST_BEFORE));
        assertEquals(State.UNDETERMINED, changedWithinLag.execution().state(), "a change within the kubelet's report lag orders nothing either way");
        List<String> grep = LookAlikes.deletionSeenArriving("update", "1m53.743s");
        grep.remove(grep.size() - 1);
        PodLifecycle excerpt = life(new Evidence().log("c.log", grep.toArray(String[]::new)).pod("pod.yaml", LookAlikes.ENDED_JUST_BEFORE));
        assertEquals(State.UNDETERMINED, excerpt.execution().state(), "no record naming nothing after the Pod left: maybe a grep, which drops updates too");
        PodLifecycle startUp = life(new Evidence().log("c.log", LookAlikes.deletionSeenArriving("add", "1m53.743s").toArray(String[]::new))
                .pod("pod.yaml", LookAlikes.ENDED_JUST_BEFORE));
        assertEquals(State.UNDETERMINED, startUp.execution().state(), "found deleted when listed: the first deleted version was never seen");
    }

    /**
     * The first deleting handler run's delay (1m59.743s at 16:31:11.257) dates the latest condition transition of the first deleted
     * version it saw to 16:31:11 (the eviction's DisruptionTarget); the export's Ready and ContainersReady went False after it: the
     * containers were still ready, so running, when the deletion came. Stated by the Pod's own times, not inferred from a signal exit
     * moments apart. Session 54: the flip's time is its kubelet's, on its node's clock, and the deletion the API server's: a flip at
     * 16:31:14, 3 s after, is within what the node's clock may be off (a node 30 s ahead wrote it for a main that ended just before
     * the eviction, reported late), so it is read as running at the deletion only past that minute and the kubelet's report lag.
     */
    @Test
    void readinessThatChangedAfterTheFirstDeletedVersionShowsMainRan() {
        for (int exit : new int[] {137, 0}) {
            PodLifecycle l = life(new Evidence().log("c.log", LookAlikes.deletionSeenArriving("update", "1m59.743s",
                    podEvent("2026-09-19T16:32:20.900Z", "update")).toArray(String[]::new))
                    .pod("pod.yaml", LookAlikes.evicted("2026-09-19T16:32:20Z", exit, "2026-09-19T16:32:20Z")));
            assertEquals(State.RUNNING, l.execution().state(), l.execution().reason());
            assertFalse(l.execution().weak(), l.execution().reason());
            assertTrue(l.execution().reason().contains("dates the latest condition transition of the deleted Pod it saw to no later than "
                    + "2026-09-19T16:31:11.001Z (its logged delay), and an export shows Ready False since 2026-09-19T16:32:20Z"), l.execution().reason());
            // Within the node's minute: not shown running by an object (a signal's exit moments apart is the most it says).
            PodLifecycle near = life(new Evidence().log("c.log", LookAlikes.deletionSeenArriving("update", "1m59.743s",
                    podEvent("2026-09-19T16:31:14.900Z", "update")).toArray(String[]::new))
                    .pod("pod.yaml", LookAlikes.evicted("2026-09-19T16:31:14Z", exit, "2026-09-19T16:31:14Z")));
            assertFalse(near.execution().state() == State.RUNNING && !near.execution().weak(), near.execution().reason());
        }
        // Session 46 (s46-breaker10): a flip a second after it, within the kubelet's report lag (its sync dates the transition when it
        // notices the change), may be of a main that ended just before the deletion: not read as main running.
        PodLifecycle withinLag = life(new Evidence().log("c.log", LookAlikes.deletionSeenArriving("update", "1m59.743s",
                podEvent("2026-09-19T16:31:12.900Z", "update")).toArray(String[]::new)).pod("pod.yaml", LookAlikes.evicted("2026-09-19T16:31:12Z", 0)));
        assertFalse(withinLag.execution().state() == State.RUNNING && !withinLag.execution().weak(), withinLag.execution().reason());
    }

    /** Its negative control: readiness gone before the deletion's version (the sandbox condition after it says nothing of main). */
    @Test
    void readinessThatChangedBeforeTheFirstDeletedVersionShowsNothing() {
        PodLifecycle signalled = life(new Evidence().log("c.log", LookAlikes.deletionSeenArriving("update", "1m59.743s",
                podEvent("2026-09-19T16:31:12.900Z", "update")).toArray(String[]::new)).pod("pod.yaml", LookAlikes.evicted("2026-09-19T16:31:10Z", 137)));
        assertEquals(State.RUNNING, signalled.execution().state());
        assertTrue(signalled.execution().weak(), "only main's signal moments apart: " + signalled.execution().reason());
        PodLifecycle zero = life(new Evidence().pod("pod.yaml", LookAlikes.evicted("2026-09-19T16:31:12Z", 0)));
        assertEquals(State.UNDETERMINED, zero.execution().state(), "no controller line dates the first deleted version");
    }

    /**
     * Session 34: the first Pod of the name (exported, u-1) deleted while Pending, found missing, and a later Pod created under
     * the name at 16:30:00.140. An export of the Workflow stated taken at 16:29:50 shows the node Running: by a user's clock that
     * may be a minute off, so it may be the later Pod's node, and it is not the first Pod's outcome. Before, the stated time was
     * read as exact (10 s before the later Pod) and the first Pod's node read as Running from it. Control: stated 16:28:30, before
     * the later Pod even if that clock ran a minute ahead: the first Pod's node, from the export.
     */
    @Test
    void aWorkflowExportStatedNearALaterPodsCreationIsNotTheEarlierPodsOutcome() {
        String firstPod = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  namespace: ns\n  uid: u-1\n  creationTimestamp: \"2026-09-19T16:27:10Z\"\n"
                + "  labels: {workflows.argoproj.io/workflow: p}\n  annotations: {workflows.argoproj.io/node-id: p}\nstatus: {phase: Pending}\n";
        String running = Exports.workflow("Running", "Running", "", null, null, null);
        java.util.function.Function<String, NodeOutcome> outcome = takenAt -> {
            Evidence e = new Evidence().log("c.log", dev.argoforensics.testing.V4.processing("2026-09-19T16:27:10.402Z", ""),
                            createdPod("2026-09-19T16:27:10.431Z"), podEvent("2026-09-19T16:27:10.452Z", "add"),
                            podEvent("2026-09-19T16:27:31.006Z", "delete"), dev.argoforensics.testing.V4.processing("2026-09-19T16:27:31.120Z", "Running"),
                            dev.argoforensics.testing.V4.podMissing("2026-09-19T16:27:31.125Z", "Pending", false),
                            createdPod("2026-09-19T16:30:00.140Z"), podEvent("2026-09-19T16:30:00.160Z", "add"))
                    .pod("pod.yaml", firstPod).takenAt("wf.yaml", takenAt, running);
            Correlation c = e.correlate();
            PodLifecycle first = c.lifecycles().values().stream().filter(l -> "u-1".equals(l.key().uid())).findFirst().orElseThrow();
            assertEquals("2026-09-19T16:30:00.140Z", c.pods().get(first.key()).identity().until().format(),
                    "the later Pod's creation ends the first one's");
            return first.outcome();
        };
        NodeOutcome near = outcome.apply("2026-09-19T16:29:50Z");
        assertTrue(near == null || !near.fromExport(), () -> String.valueOf(near));
        NodeOutcome clear = outcome.apply("2026-09-19T16:28:30Z");
        assertTrue(clear != null && clear.fromExport() && "Running".equals(clear.phase()), () -> String.valueOf(clear));
    }

    /**
     * Session 34: a Pod export trimmed of its UID and creationTimestamp, its containers terminated, stated taken at 16:27:15,
     * 4.6 s after the latest Created pod line of the name (16:27:10.431): by a user's clock that may be a minute off it may
     * have been taken before that line, of the earlier Pod of the name, and its containers' end is not this Pod's (before, the
     * stated time was read as exact and it was). Control: stated 16:28:30, after the line whichever way that clock is off.
     */
    @Test
    void aTrimmedExportStatedJustAfterTheLatestCreatedLineMayBeTheEarlierPods() {
        String trimmed = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  namespace: ns\n"
                + "  labels: {workflows.argoproj.io/workflow: p}\n  annotations: {workflows.argoproj.io/node-id: p}\n"
                + "status:\n  phase: Succeeded\n  containerStatuses:\n"
                + "  - name: wait\n    state:\n      terminated: {exitCode: 0, reason: Completed, finishedAt: \"2026-09-19T16:24:00Z\"}\n"
                + "  - name: main\n    state:\n      terminated: {exitCode: 0, reason: Completed, finishedAt: \"2026-09-19T16:24:00Z\"}\n";
        java.util.function.Function<String, Evidence> evidence = takenAt -> new Evidence().log("c.log",
                        createdPod("2026-09-19T16:20:00.100Z"), podEvent("2026-09-19T16:20:00.120Z", "add"),
                        podEvent("2026-09-19T16:25:00.010Z", "delete"),
                        createdPod("2026-09-19T16:27:10.431Z"), podEvent("2026-09-19T16:27:10.452Z", "add"))
                .takenAt("pod.yaml", takenAt, trimmed);
        assertNull(life(evidence.apply("2026-09-19T16:27:15Z")).containers());
        ContainersEnd after = life(evidence.apply("2026-09-19T16:28:30Z")).containers();
        assertTrue(after != null && after.allZero(), () -> String.valueOf(after));
    }
}
