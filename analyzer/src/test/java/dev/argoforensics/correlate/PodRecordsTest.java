package dev.argoforensics.correlate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.snapshot.ClusterEvent;
import dev.argoforensics.testing.Evidence;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Task results, cluster events and audit records reach the Pod through its node, its Workflow and its Kubernetes node. */
class PodRecordsTest {
    private static final String POD = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: hello-world-x7k2p-whalesay-841307739\n  namespace: argo\n"
            + "  uid: u-1\n  creationTimestamp: \"2026-09-19T10:00:01Z\"\n  labels: {workflows.argoproj.io/workflow: hello-world-x7k2p}\n"
            + "  annotations: {workflows.argoproj.io/node-id: hello-world-x7k2p-841307739, workflows.argoproj.io/node-name: \"hello-world-x7k2p[0].whalesay\"}\n"
            + "  deletionTimestamp: \"2026-09-19T10:01:30Z\"\nspec: {nodeName: ip-10-0-7-21.ec2.internal}\nstatus: {phase: Running}\n";

    private static String event(String name, String reason, String involved, String annotations, String at) {
        return "apiVersion: v1\nkind: Event\nreason: " + reason + "\nmessage: m\ninvolvedObject: " + involved + "\nfirstTimestamp: \"" + at
                + "\"\nlastTimestamp: \"" + at + "\"\nmetadata: {name: " + name + ", namespace: argo" + annotations + "}\n";
    }

    private static String audit(String id, String resource, String name, String verb, String at) {
        return "{\"kind\":\"Event\",\"apiVersion\":\"audit.k8s.io/v1\",\"level\":\"Metadata\",\"auditID\":\"" + id + "\",\"stage\":\"ResponseComplete\","
                + "\"verb\":\"" + verb + "\",\"user\":{\"username\":\"system:serviceaccount:argo:argo\"},\"objectRef\":{\"resource\":\"" + resource
                + "\",\"namespace\":\"argo\",\"name\":\"" + name + "\"},\"responseStatus\":{\"code\":200},"
                + "\"requestReceivedTimestamp\":\"" + at + "\",\"stageTimestamp\":\"" + at + "\"}";
    }

    private static PodHistory pod() {
        Correlation c = new Evidence()
                .pod("pod.yaml", POD)
                .object("tr.yaml", "apiVersion: argoproj.io/v1alpha1\nkind: WorkflowTaskResult\nmetadata:\n  name: hello-world-x7k2p-841307739\n"
                        + "  namespace: argo\n  creationTimestamp: \"2026-09-19T10:00:03Z\"\n  labels: {workflows.argoproj.io/workflow: hello-world-x7k2p}\n")
                .object("other-tr.yaml", "apiVersion: argoproj.io/v1alpha1\nkind: WorkflowTaskResult\nmetadata:\n  name: hello-world-x7k2p-1\n"
                        + "  namespace: argo\n  labels: {workflows.argoproj.io/workflow: hello-world-x7k2p}\n")
                .object("e1.yaml", event("n1", "WorkflowNodeError", "{kind: Workflow, namespace: argo, name: hello-world-x7k2p}",
                        ", annotations: {workflows.argoproj.io/node-name: \"hello-world-x7k2p[0].whalesay\"}", "2026-09-19T10:01:31Z"))
                .object("e2.yaml", event("n2", "WorkflowNodeSucceeded", "{kind: Workflow, namespace: argo, name: hello-world-x7k2p}",
                        ", annotations: {workflows.argoproj.io/node-name: \"hello-world-x7k2p[1].other\"}", "2026-09-19T10:01:31Z"))
                .object("e3.yaml", event("n3", "WorkflowRunning", "{kind: Workflow, namespace: argo, name: hello-world-x7k2p}", "", "2026-09-19T10:00:01Z"))
                .object("e4.yaml", event("n4", "NodeNotSchedulable", "{kind: Node, name: ip-10-0-7-21.ec2.internal}", "", "2026-09-19T10:01:00Z"))
                .object("e5.yaml", event("n5", "NodeReady", "{kind: Node, name: ip-10-0-7-21.ec2.internal}", "", "2026-09-19T09:00:00Z"))
                .object("e6.yaml", event("n6", "NodeNotSchedulable", "{kind: Node, name: ip-10-0-9-9.ec2.internal}", "", "2026-09-19T10:01:00Z"))
                .object("a1.log", audit("a-1", "workflows", "hello-world-x7k2p", "update", "2026-09-19T10:00:01.500000Z"))
                .object("a2.log", audit("a-2", "workflowtaskresults", "hello-world-x7k2p-841307739", "patch", "2026-09-19T10:00:40.000000Z"))
                .object("a3.log", audit("a-3", "workflows", "other-wf", "update", "2026-09-19T10:00:41.000000Z"))
                .object("a4.log", audit("a-4", "configmaps", "hello-world-x7k2p", "update", "2026-09-19T10:00:42.000000Z"))
                .correlate();
        return c.podsNamed("argo", "hello-world-x7k2p-whalesay-841307739").get(0);
    }

    @Test
    void theTaskResultOfItsNode() {
        assertEquals(List.of("tr.yaml:1"), pod().taskResults().stream().map(t -> t.source().toString()).toList());
    }

    @Test
    void eventsAboutThePodsNodeAndItsKubernetesNodeWhileItExisted() {
        List<String> reasons = pod().clusterEvents().stream().map(ClusterEvent::reason).toList();
        assertEquals(List.of("WorkflowNodeError", "NodeNotSchedulable"), reasons,
                "the node event by its name's hash; not another node's, not Workflow-level ones, not a Kubernetes node event from before the Pod");
    }

    @Test
    void requestsOnItsWorkflowAndItsTaskResult() {
        assertEquals(List.of("a1.log:1", "a2.log:1"), pod().auditRecords().stream().map(AuditRecord::source).map(Object::toString).toList());
    }

    /**
     * Session 34: a Pod exported with no deletion, at a time only its file states (10:05:00, a user's clock that may be a minute
     * off), is known to have existed on its Kubernetes node until 10:04:00 at least: a node's event at 10:04:30 (its kubelet's
     * NodeHasDiskPressure) may come after the Pod was gone and is not given to it (before, the stated time was read as exact and it
     * was). Control: the node's event at 10:03:30, while the Pod existed whichever way that clock is off. Session 62: a NodeNotReady
     * (session 34's event here) is given up to five minutes after the Pod's known time on its node (NodeClock.NOT_READY_LEAD_NANOS):
     * the node may have stopped posting a grace period and more before it, while the Pod stood.
     */
    @Test
    void aStatedExportTimeExtendsThePodsTimeOnItsNodeOnlyAsFarAsAUsersClockAllows() {
        String pod = POD.replace("  deletionTimestamp: \"2026-09-19T10:01:30Z\"\n", "");
        Correlation c = new Evidence()
                .takenAt("pod.yaml", "2026-09-19T10:05:00Z", pod)
                .object("e1.yaml", event("n1", "NodeHasDiskPressure", "{kind: Node, name: ip-10-0-7-21.ec2.internal}", "", "2026-09-19T10:04:30Z"))
                .object("e2.yaml", event("n2", "NodeNotSchedulable", "{kind: Node, name: ip-10-0-7-21.ec2.internal}", "", "2026-09-19T10:03:30Z"))
                .object("e3.yaml", event("n3", "NodeNotReady", "{kind: Node, name: ip-10-0-7-21.ec2.internal}", "", "2026-09-19T10:08:30Z"))
                .object("e4.yaml", event("n4", "NodeNotReady", "{kind: Node, name: ip-10-0-7-21.ec2.internal}", "", "2026-09-19T10:09:30Z"))
                .correlate();
        PodHistory p = c.podsNamed("argo", "hello-world-x7k2p-whalesay-841307739").get(0);
        assertEquals(List.of("NodeNotSchedulable", "NodeNotReady"), p.clusterEvents().stream().map(ClusterEvent::reason).toList(),
                "the NotReady at 10:08:30 (within five minutes of 10:04:00), not the one at 10:09:30");
    }
}
