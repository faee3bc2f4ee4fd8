package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.argoforensics.testing.Evidence;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 62 breaker (s62-node's {@code PodRecords.byHost}: a Node's {@code NodeNotReady} up to five minutes after the Pod's last
 * record is the Pod's). A node that went NotReady minutes after its Pod was gone (a spot instance reclaimed, an autoscaler's
 * scale-down, a node drained and stopped after the Workflow) did not stop posting while the Pod stood; the readers that take a
 * NotReady as "the kubelet was out of reach" must not take that one so.
 */
class NodeNotReadyLateS62BreakerTest {
    private static final String NODE = "ip-10-1-3-44.eu-central-1.compute.internal";
    private final PodDeletedDuringExecution rule = new PodDeletedDuringExecution();

    static String nodeNotReady(String at) {
        return "apiVersion: v1\nkind: Event\nmetadata: {name: " + NODE + ".nnr, namespace: default, creationTimestamp: \"" + at + "\"}\n"
                + "involvedObject: {kind: Node, name: " + NODE + ", uid: " + NODE + "}\nreason: NodeNotReady\n"
                + "message: \"Node " + NODE + " status is now: NodeNotReady\"\nsource: {component: node-controller}\n"
                + "firstTimestamp: \"" + at + "\"\nlastTimestamp: \"" + at + "\"\ncount: 1\ntype: Normal\n";
    }

    private List<Finding> lateKill(String notReadyAt) {
        String[] late = java.util.Arrays.stream(KilledByDeletionTest.logs("Error (exit code 137)")).map(l -> l.replace("T11:04:01.", "T11:05:42."))
                .toArray(String[]::new);
        Evidence e = new Evidence().log("workflow-controller.log", late).object("audit.log", KilledByDeletionTest.EVICTION)
                .object("events.yaml", KilledByDeletionTest.killing("2026-12-04T11:05:40Z"))
                .object("pod.yaml", KilledByDeletionTest.deletedPod("2026-12-04T11:06:10Z"));
        if (notReadyAt != null) {
            e.object("node-events.yaml", nodeNotReady(notReadyAt));
        }
        return rule.evaluate(e.correlate()).findings();
    }

    /**
     * KilledByDeletionTest's s47 control (the eviction record at 11:04:00 is another object's: the Pod's own export dates its deletion
     * at the Killing, 11:05:40, a minute and a half later), and the node reclaimed three minutes after the Pod was gone (NodeNotReady
     * 11:09:00, the kubelet posting until ~11:08:10): the kill is still not that record's. A NotReady after the Pod's last record
     * says nothing of a kubelet that was out of reach while it killed main (its Killing is stamped, stored, and the export shows the
     * deletion it acted on).
     */
    @Test
    void aNodeReclaimedAfterThePodWasGoneDoesNotMakeALateKillTheForeignDeletes() {
        assertEquals(List.of(), lateKill(null));
        List<Finding> f = lateKill("2026-12-04T11:09:00Z");
        assertEquals(List.of(), f, f::toString);
        // Control: the node reported not ready before the kill (11:05:00, between the record and the Killing): its kubelet may have
        // been out of reach and seen the deletion only when it came back, so the kill may be the record's (as before, s45's
        // node-unreachable-evicted class).
        assertEquals(1, lateKill("2026-12-04T11:05:00Z").size());
    }
}
