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

    private static final String NODE4 = "ip-10-0-12-34.ec2.internal";

    static String nodeNotReady4(String at) {
        return nodeNotReady(at).replace(NODE, NODE4);
    }

    private List<Finding> deletedRunning(String notReadyAt) {
        String pod = dev.argoforensics.testing.Exports.Pod.of().deleted("2026-09-19T16:40:30Z", 30).running("main").running("wait").yaml();
        Evidence e = new Evidence().log("c.log", dev.argoforensics.testing.V4.deletedWhileRunning()).pod("pod.yaml", pod);
        if (notReadyAt != null) {
            e.object("node-events.yaml", nodeNotReady4(notReadyAt));
        }
        return rule.evaluate(e.correlate()).findings();
    }

    /**
     * The Pod deleted while main ran (its export: deletionTimestamp 16:40:30, grace 30 s, main running), nothing naming who deleted
     * it, and its node reclaimed three minutes later (NodeNotReady on the Node at 16:43:30, 3 min after the Pod's last record): the
     * NotReady came after the request and deleted nothing; it must not be named the deleter ("Deleted by node-controller"), which read
     * as another component ending the Pod and lifted the cap of a Workflow deleted in the foreground (possible -> likely). Control:
     * without it, possible and no deleter.
     */
    @Test
    void aNodeReclaimedAfterTheRequestIsNotTheDeleter() {
        List<Finding> quiet = deletedRunning(null);
        assertEquals(1, quiet.size(), quiet::toString);
        assertEquals(Confidence.POSSIBLE, quiet.get(0).confidence());
        List<Finding> late = deletedRunning("2026-09-19T16:43:30Z");
        assertEquals(1, late.size(), late::toString);
        assertEquals(Confidence.POSSIBLE, late.get(0).confidence(), late.get(0).confidenceReason().toString());
        assertEquals("null", fact(late.get(0), "deletedBy"), late.get(0).facts().toString());
    }

    private static Object fact(Finding f, String key) {
        return f.facts().stream().filter(x -> x.key().equals(key)).map(x -> String.valueOf(x.value())).findFirst().orElse("absent");
    }
}
