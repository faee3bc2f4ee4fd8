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
 * Session 49 breaker (s49-breaker23) of AF003's {@code likely} from a kept other Pod of the Workflow (WorkflowThere.keptSibling).
 * The garbage collector can act on a dependent only once it exists and once it sees it: an other Pod created after the act (by a
 * controller whose informer still held a Workflow already deleted, or any writer copying its owner reference) and exported seconds
 * later shows nothing of the collector; a Pod in another namespace naming the UID is no dependent of the Workflow (a namespaced
 * owner is resolved in the dependent's own namespace); a Pod's own times are a node's or the API server's clock, not the log's.
 * Controls: the same Pod kept long after its creation, exported from the Workflow's namespace, stays likely.
 */
class StallSiblingKeptBreakerTest {
    private final ReconciliationStalled rule = new ReconciliationStalled(RuleSettings.defaults());
    private static final String W1 = "5b8d0f2a-4c6e-4a1b-9d3f-1a3c5e7b9d24";

    /** The run without workers lists {@code ns/p} and handles its deletion at 16:31:11 (the act): {@link StallSiblingKeptTest}'s lines. */
    private static Evidence lines() {
        return StallSiblingKeptTest.lines();
    }

    private static final String THIS_POD = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  namespace: ns\n"
            + "  uid: 7a1c3e5b-0000-4000-8000-00000000000a\n  creationTimestamp: \"2026-09-19T16:27:10Z\"\n"
            + "  deletionGracePeriodSeconds: 0\n  deletionTimestamp: \"2026-09-19T16:28:40Z\"\n  finalizers:\n  - workflows.argoproj.io/status\n"
            + "  labels:\n    workflows.argoproj.io/workflow: p\n  annotations:\n    workflows.argoproj.io/node-id: p\n"
            + "    workflows.argoproj.io/node-name: p\n  ownerReferences:\n  - apiVersion: argoproj.io/v1alpha1\n    kind: Workflow\n"
            + "    name: p\n    uid: " + W1 + "\n    controller: true\n    blockOwnerDeletion: true\nspec:\n  nodeName: worker-1\n"
            + "status:\n  phase: Succeeded\n  conditions:\n  - type: Ready\n    status: \"False\"\n    reason: PodCompleted\n"
            + "    lastTransitionTime: \"2026-09-19T16:27:47Z\"\n";

    /** Another Pod {@code p-3} of the Workflow in {@code namespace}, created at {@code created}, its container started at {@code started}. */
    private static String sibling(String namespace, String created, String started) {
        return "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p-3\n  namespace: " + namespace + "\n"
                + "  uid: 7a1c3e5b-0000-4000-8000-00000000000c\n  creationTimestamp: \"" + created + "\"\n"
                + "  finalizers:\n  - workflows.argoproj.io/status\n  labels:\n    workflows.argoproj.io/workflow: p\n"
                + "  annotations:\n    workflows.argoproj.io/node-id: p-3\n    workflows.argoproj.io/node-name: p-3\n"
                + "  ownerReferences:\n  - apiVersion: argoproj.io/v1alpha1\n    kind: Workflow\n    name: p\n    uid: " + W1 + "\n"
                + "    controller: true\n    blockOwnerDeletion: true\nspec:\n  nodeName: worker-2\nstatus:\n  phase: Running\n"
                + "  conditions:\n  - type: Ready\n    status: \"True\"\n    lastTransitionTime: \"" + started + "\"\n"
                + "  containerStatuses:\n  - name: main\n    state:\n      running:\n        startedAt: \"" + started + "\"\n";
    }

    private Finding af003(String siblingYaml) {
        Evidence ev = lines().takenAt("p.yaml", "2026-09-19T16:29:00Z", THIS_POD).pod("p-3.yaml", siblingYaml);
        Evaluation e = rule.evaluate(ev.correlate());
        assertEquals(1, e.findings().size(), () -> e.findings() + " " + e.cleared());
        return e.findings().get(0);
    }

    /**
     * Created 2m20s after the act, exported 5s after its creation: the collector had had 5s, not 2m, to see a Pod whose owner was
     * gone. It shows no more than that the Pod was written with that owner reference.
     */
    @Test
    void aPodCreatedAfterTheActAndExportedSecondsLaterLeavesItPossible() {
        Finding f = af003(sibling("ns", "2026-09-19T16:33:31Z", "2026-09-19T16:33:36Z"));
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertTrue(f.fact("siblingKeptAfter").isEmpty(), f.toString());
    }

    /** Control: the same Pod created after the act, but exported 4m after its creation, kept: likely. */
    @Test
    void aPodCreatedAfterTheActKeptLongAfterItsCreationIsLikely() {
        Finding f = af003(sibling("ns", "2026-09-19T16:33:31Z", "2026-09-19T16:37:31Z"));
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        assertTrue(f.fact("siblingKeptAfter").isPresent(), f.toString());
    }

    /** A Pod of another namespace naming the Workflow's UID: no dependent of it (the collector looks the owner up in the Pod's namespace). */
    @Test
    void aPodInAnotherNamespaceLeavesItPossible() {
        Finding f = af003(sibling("ns-copy", "2026-09-19T16:27:40Z", "2026-09-19T16:36:00Z"));
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertTrue(f.fact("siblingKeptAfter").isEmpty(), f.toString());
    }

    /** Shown 2m05s after the act by a node's time only: within the margin once two clocks may disagree. */
    @Test
    void anExportJustPastTheMarginByANodesClockLeavesItPossible() {
        Finding f = af003(sibling("ns", "2026-09-19T16:27:40Z", "2026-09-19T16:33:16Z"));
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
    }

    /**
     * Control (the rule is right): {@code blockOwnerDeletion: false} only lets a foreground deletion of the Workflow finish without
     * waiting for that Pod; the collector still deletes it (background and foreground) or strips the reference (orphan). Likely.
     */
    @Test
    void aPodNotBlockingItsOwnersDeletionKeptWellAfterIsStillLikely() {
        Finding f = af003(sibling("ns", "2026-09-19T16:27:40Z", "2026-09-19T16:36:00Z").replace("blockOwnerDeletion: true", "blockOwnerDeletion: false"));
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
    }

    /** Control: the existing true case from another namespace's view: in the Workflow's own namespace, created before, kept: likely. */
    @Test
    void aPodOfTheNamespaceCreatedBeforeKeptWellAfterIsLikely() {
        Finding f = af003(sibling("ns", "2026-09-19T16:27:40Z", "2026-09-19T16:36:00Z"));
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
    }
}
