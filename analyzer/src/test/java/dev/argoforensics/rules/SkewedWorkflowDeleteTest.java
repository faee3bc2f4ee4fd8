package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.podEvent;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.Known;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import org.junit.jupiter.api.Test;

/**
 * Session 47 breaker: a real delete of this Workflow in this cluster's own audit file, set apart by an export's times that are
 * the controller's clock running ahead of the API server's. The file logs deletes only (a common audit policy, or a user's
 * {@code grep '"verb":"delete"'}), so it holds no write carrying the Workflow's UID. Alice deletes the Workflow at 16:40:00 (the
 * API server's clock); the garbage collector deletes its Pod half a second later. The export was taken just before the delete,
 * while a second step had started at 16:39:52 real: the controller, whose clock runs 20 s ahead, wrote that startedAt as 16:40:12,
 * "clearly" (10 s) after the delete. The same evidence as a staging cluster's TTL delete whose export shows the Workflow
 * finishing minutes later, except for the size of the gap.
 */
class SkewedWorkflowDeleteTest {
    private static final WorkflowRef WF = new WorkflowRef("ns", "p");
    private static final String GC = "system:serviceaccount:kube-system:generic-garbage-collector";
    private static final String ALICE_DELETE = Exports.workflowAudit("delete", "p", "alice@example.com", "2026-09-19T16:40:00.000000Z", 200);
    private static final String GC_POD_DELETE = Exports.audit("delete", "", GC, "2026-09-19T16:40:00.500000Z", 200);
    /** Running, exported just before the delete; node p2 started at 16:39:52 real, written 16:40:12 by the controller's clock. */
    private static final String RUNNING = "apiVersion: argoproj.io/v1alpha1\nkind: Workflow\nmetadata: {name: p, namespace: ns, uid: w-1}\n"
            + "status:\n  phase: Running\n  startedAt: \"2026-09-19T16:27:10Z\"\n  nodes:\n"
            + "    p:\n      id: p\n      name: p\n      type: Pod\n      templateName: main\n      phase: Running\n"
            + "      startedAt: \"2026-09-19T16:27:10Z\"\n"
            + "    p2:\n      id: p2\n      name: p2\n      type: Pod\n      templateName: side\n      phase: Pending\n"
            + "      startedAt: \"2026-09-19T16:40:12Z\"\n";
    /** The Pod the garbage collector deleted at 16:40:00.5 with its 30 s grace period. */
    private static final String GC_DELETED = Exports.Pod.of().deleted("2026-09-19T16:40:30Z", 30).running("main").running("wait").yaml();

    private static Evidence evidence(String workflowYaml) {
        return new Evidence().log("c.log", createdPod("2026-09-19T16:27:30.431Z"), podEvent("2026-09-19T16:40:20.600Z", "update"))
                .pod("pod.yaml", GC_DELETED).workflow("wf.yaml", workflowYaml)
                .object("audit.log", ALICE_DELETE).object("audit.log", GC_POD_DELETE);
    }

    private static Known deleted(Correlation c) {
        return c.fates().get(WF) == null ? null : c.fates().get(WF).deleted();
    }

    @Test
    void aDeleteOnlyAuditFileOfThisClusterKeepsItsWorkflowDeleteAgainstAControllerClockAhead() {
        Correlation c = evidence(RUNNING).correlate();
        Evaluation e = new PodDeletedDuringExecution().evaluate(c);
        Known k = deleted(c);
        assertNotNull(k, "alice's delete of ns/p was set apart on a controller time 12 s after it");
        assertEquals("2026-09-19T16:40:00.000000Z", k.at().format());
        assertTrue(e.findings().stream().noneMatch(f -> f.confidence() == Confidence.CONFIRMED || f.confidence() == Confidence.LIKELY),
                e.toString());
    }

    /**
     * Control: the same delete-only file and an export whose second step started at 16:41:30 by the controller's clock, 90 s after
     * the delete, more than an unchecked clock may be off: the Workflow stood after the delete, which was another object's (set
     * apart, as ForeignWorkflowDeleteTest's staging TTL delete is).
     */
    @Test
    void anExportPlacedAfterTheDeleteByMoreThanAnUncheckedClockStillSetsItApart() {
        assertEquals(null, deleted(evidence(RUNNING.replace("2026-09-19T16:40:12Z", "2026-09-19T16:41:30Z")).correlate()));
    }

    /**
     * A CronWorkflow-style fixed name resubmitted at once: the delete-only file holds the earlier run's delete at 16:27:00 and, at
     * 16:34:50, alice's delete of this run's Pod. This run was created a second after that delete; the controller, its clock 20 s
     * behind, wrote its node's startedAt as 16:26:42, "clearly" (10 s) before the delete, and the export, finished minutes later,
     * shows no deletion: the earlier run's delete was set apart, and the file taken for another cluster's, so alice's delete of this
     * Pod no longer bounded its deletion. A startedAt on the controller's clock is held to the same unchecked margin: the file stays
     * this cluster's.
     */
    @Test
    void aStartOnAControllerClockBehindDoesNotMakeThisClustersFileAnothers() {
        String finished = Exports.workflow("Failed", "Error", "pod deleted", "2026-09-19T16:35:20Z", null, null)
                .replace("2026-09-19T16:27:10Z", "2026-09-19T16:26:42Z");
        Correlation c = new Evidence().log("c.log", createdPod("2026-09-19T16:26:42.431Z"), podEvent("2026-09-19T16:35:19.600Z", "delete"))
                .pod("pod.yaml", Exports.Pod.of().deleted("2026-09-19T16:35:30Z", 30).running("main").running("wait").yaml())
                .workflow("wf.yaml", finished)
                .object("audit.log", Exports.workflowAudit("delete", "p", "alice@example.com", "2026-09-19T16:27:00.000000Z", 200))
                .object("audit.log", Exports.audit("delete", "", "alice@example.com", "2026-09-19T16:34:50.000000Z", 200)).correlate();
        assertEquals("2026-09-19T16:34:50.000000Z", c.lifecycles().values().iterator().next().deletion().notAfter().at().format());
    }
}
