package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.processing;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static dev.argoforensics.testing.V4.workers;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Evidence;
import org.junit.jupiter.api.Test;

/**
 * Session 49: AF003 in a run without Workflow workers, where another Pod of the same Workflow object is exported well after the
 * pod controller acted, not being deleted and still owned by it. However the Workflow had been deleted, that Pod would not be so:
 * in the background the Workflow goes at once and the garbage collector deletes every Pod it owns; in the foreground it deletes
 * every dependent before the Workflow; with orphan propagation it strips the dependents' owner references before the Workflow
 * goes. So the Workflow was there: {@code likely} (a collector not working is the limit). Look-alike controls: that Pod being
 * deleted (background or foreground), no longer owned (orphaned), owned by another object of the name (a namesake), exported
 * too soon after the act for the collector to have reached it, or this Pod's owner not known.
 */
class StallSiblingKeptTest {
    private final ReconciliationStalled rule = new ReconciliationStalled(RuleSettings.defaults());

    /** The Workflow {@code ns/p}'s first pass and its Pod {@code p}; the run without workers lists it and handles its deletion. */
    static Evidence lines() {
        return new Evidence().log("1.log", processing("2026-09-19T16:27:10.402Z", "Running"), createdPod("2026-09-19T16:27:10.431Z"),
                workflowUpdated("2026-09-19T16:27:10.448Z", "Running"))
                .log("2.log", workers("2026-09-19T16:31:11.132Z", 0), podEvent("2026-09-19T16:31:11.256Z", "add"),
                        removingFinalizers("2026-09-19T16:31:11.257Z"),
                        queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s"),
                        queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"), cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"),
                        podEvent("2026-09-19T16:31:11.363Z", "delete"));
    }

    private static String owner(String uid) {
        return uid == null ? "" : "  ownerReferences:\n  - apiVersion: argoproj.io/v1alpha1\n    kind: Workflow\n    name: p\n    uid: " + uid
                + "\n    controller: true\n    blockOwnerDeletion: true\n";
    }

    /** The Pod {@code p} as exported at 16:29 (Terminating, its containers ended), owned by {@code ownerUid}. */
    private static String thisPod(String ownerUid) {
        return "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  namespace: ns\n  uid: 7a1c3e5b-0000-4000-8000-00000000000a\n"
                + "  creationTimestamp: \"2026-09-19T16:27:10Z\"\n  deletionGracePeriodSeconds: 0\n  deletionTimestamp: \"2026-09-19T16:28:40Z\"\n"
                + "  finalizers:\n  - workflows.argoproj.io/status\n  labels:\n    workflows.argoproj.io/workflow: p\n"
                + "  annotations:\n    workflows.argoproj.io/node-id: p\n    workflows.argoproj.io/node-name: p\n" + owner(ownerUid)
                + "spec:\n  nodeName: worker-1\nstatus:\n  phase: Succeeded\n  conditions:\n  - type: Ready\n    status: \"False\"\n"
                + "    reason: PodCompleted\n    lastTransitionTime: \"2026-09-19T16:27:47Z\"\n";
    }

    /** Another Pod of the Workflow, {@code p-2}, running since {@code started} (a time inside it), owned by {@code ownerUid}. */
    private static String sibling(String ownerUid, String deletionTimestamp, String started) {
        return "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p-2\n  namespace: ns\n  uid: 7a1c3e5b-0000-4000-8000-00000000000b\n"
                + "  creationTimestamp: \"2026-09-19T16:27:40Z\"\n"
                + (deletionTimestamp == null ? "" : "  deletionGracePeriodSeconds: 30\n  deletionTimestamp: \"" + deletionTimestamp + "\"\n")
                + "  finalizers:\n  - workflows.argoproj.io/status\n  labels:\n    workflows.argoproj.io/workflow: p\n"
                + "  annotations:\n    workflows.argoproj.io/node-id: p-2\n    workflows.argoproj.io/node-name: p-2\n" + owner(ownerUid)
                + "spec:\n  nodeName: worker-2\nstatus:\n  phase: Running\n  conditions:\n  - type: Ready\n    status: \"True\"\n"
                + "    lastTransitionTime: \"" + started + "\"\n  containerStatuses:\n  - name: main\n    state:\n      running:\n"
                + "        startedAt: \"" + started + "\"\n";
    }

    private static final String W1 = "5b8d0f2a-4c6e-4a1b-9d3f-1a3c5e7b9d24";

    private Finding af003(String thisPodOwner, String siblingYaml) {
        Evidence ev = lines().takenAt("p.yaml", "2026-09-19T16:29:00Z", thisPod(thisPodOwner));
        if (siblingYaml != null) {
            ev.pod("p-2.yaml", siblingYaml);
        }
        Evaluation e = rule.evaluate(ev.correlate());
        assertEquals(1, e.findings().size(), () -> e.findings() + " " + e.cleared());
        return e.findings().get(0);
    }

    @Test
    void anotherPodKeptAndOwnedWellAfterTheActMakesTheStallLikely() {
        Finding f = af003(W1, sibling(W1, null, "2026-09-19T16:36:00Z"));
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("an export of its Pod ns/p-2 taken at 2026-09-19T16:36:00Z shows it still owned by the Workflow (uid "
                + W1 + ") and not being deleted, more than 2m0s after the act"), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("unless the cluster's garbage collector was not working then"), f.confidenceReason());
        assertTrue(f.fact("siblingKeptAfter").isPresent(), f.toString());
        assertTrue(f.evidence().stream().anyMatch(x -> x.source().toString().startsWith("p-2.yaml")), f.evidence().toString());
    }

    /** Background or foreground deletion: the garbage collector deleted the other Pod too (its deletionTimestamp). */
    @Test
    void anotherPodBeingDeletedLeavesItPossible() {
        Finding f = af003(W1, sibling(W1, "2026-09-19T16:31:40Z", "2026-09-19T16:36:00Z"));
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertTrue(f.fact("siblingKeptAfter").isEmpty(), f.toString());
    }

    /** Orphan propagation: the other Pod runs on, but without its owner reference (the collector stripped it). */
    @Test
    void anOrphanedPodLeavesItPossible() {
        Finding f = af003(W1, sibling(null, null, "2026-09-19T16:36:00Z"));
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("as would an export of another of its Pods taken well after the act"), f.confidenceReason());
    }

    /** A namesake: the other Pod belongs to another Workflow object of the name (another UID): it says nothing of this one. */
    @Test
    void aPodOfANamesakeLeavesItPossible() {
        Finding f = af003(W1, sibling("9c2e4a6b-1111-4222-8333-444455556666", null, "2026-09-19T16:36:00Z"));
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
    }

    /** Exported 1m19s after the act: within what a busy garbage collector may take to reach it. */
    @Test
    void anExportTooSoonAfterTheActLeavesItPossible() {
        Finding f = af003(W1, sibling(W1, null, "2026-09-19T16:32:30Z"));
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
    }

    /** This Pod's owner not known (its export names none): the other Pod cannot be tied to the same Workflow object. */
    @Test
    void thisPodsOwnerUnknownLeavesItPossible() {
        Finding f = af003(null, sibling(W1, null, "2026-09-19T16:36:00Z"));
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
    }
}
