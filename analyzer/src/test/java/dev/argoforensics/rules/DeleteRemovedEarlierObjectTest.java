package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.nodePhaseChanged;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import org.junit.jupiter.api.Test;

/**
 * Session 49 breaker: a CI job deletes Workflow ns/p and submits it again under the name seconds later ({@code kubectl delete wf p;
 * argo submit --name p}); the audit policy logs deletes at RequestResponse, so the delete's Status names the object it removed,
 * w-0. The new Workflow w-1 (created 16:27:08, two seconds after the delete) starts its Pod at 16:27:10, within the ten seconds two
 * clocks may disagree by, and that Pod, whose export's owner reference names w-1, is deleted at 16:40 while running. The delete
 * removed w-0 (its own response says so, and a name is held by one object at a time): it is not the deletion of the Workflow this
 * Pod belongs to, and must not explain the Pod's deletion away ("the Pod went with its Workflow") and hide the race. It stays the
 * deletion of the name (an earlier run's Pods in the same lines did go with it), where the Pod's owner is not shown, or is w-0.
 */
class DeleteRemovedEarlierObjectTest {
    private static final WorkflowRef WF = new WorkflowRef("ns", "p");
    private static final String USER = "ci@example.com";
    private static final String AT = "2026-09-19T16:27:06.000000Z";

    private static String answered(String uid) {
        return Exports.workflowAudit("delete", "p", USER, AT, 200).replace("\"level\":\"Metadata\"", "\"level\":\"RequestResponse\"")
                .replace("\"responseStatus\":", "\"responseObject\":{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Success\","
                        + "\"details\":{\"name\":\"p\",\"group\":\"argoproj.io\",\"kind\":\"workflows\",\"uid\":\"" + uid + "\"}},\"responseStatus\":");
    }

    /** The Pod's export, its owner reference naming {@code owner} ("" for none). */
    private static String pod(String owner) {
        String yaml = Exports.Pod.of().deleted("2026-09-19T16:40:00Z", 0).running("main").running("wait").yaml();
        return owner.isEmpty() ? yaml : yaml.replace("  uid: u-1\n", "  uid: u-1\n  ownerReferences: [{apiVersion: argoproj.io/v1alpha1, "
                + "kind: Workflow, name: p, uid: " + owner + ", controller: true}]\n");
    }

    private static Correlation with(String owner, String delete) {
        String wf = Exports.workflow("Running", "Running", "", null, false, null)
                .replace("uid: w-1}", "uid: w-1, creationTimestamp: \"2026-09-19T16:27:08Z\"}");
        return new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z"), podEvent("2026-09-19T16:40:01.100Z", "delete"),
                        podMissing("2026-09-19T16:40:02.000Z"), markingError("2026-09-19T16:40:02.000Z"),
                        nodePhaseChanged("2026-09-19T16:40:02.001Z", "Running", "Error"))
                .pod("pod.yaml", pod(owner)).workflow("wf.yaml", wf).object("audit.log", delete).correlate();
    }

    private static PodLifecycle life(Correlation c) {
        return c.lifecycles().values().iterator().next();
    }

    /** Attack: the delete's Status names w-0, the Pod's owner is w-1: the Pod did not go with its Workflow. */
    @Test
    void aDeleteWhoseResponseNamesAnEarlierObjectIsNotThePodsWorkflowsDeletion() {
        Correlation c = with("w-1", answered("w-0"));
        assertTrue(life(c).deletedWithWorkflow().isEmpty(), () -> life(c).deletedWithWorkflow().get().how());
        // Still the name's deletion, saying whose it was.
        assertEquals(AT, c.fates().get(WF).deleted().at().format());
    }

    /** Control: the Status names w-1 itself: the Pod went with its Workflow. */
    @Test
    void aDeleteWhoseResponseNamesThePodsOwnerIsItsDeletion() {
        assertEquals(AT, life(with("w-1", answered("w-1"))).deletedWithWorkflow().orElseThrow().at().format());
    }

    /** Control: logged at Metadata (no response), nothing says whose it was: it stays the Pod's Workflow's deletion, as before. */
    @Test
    void aDeleteWithoutItsResponseStaysTheDeletion() {
        assertEquals(AT, life(with("w-1", Exports.workflowAudit("delete", "p", USER, AT, 200))).deletedWithWorkflow().orElseThrow().at().format());
    }

    /** Control: the Pod's export shows no owner: nothing ties it to w-1 rather than to w-0, and the deletion stays. */
    @Test
    void aPodWithoutOwnerReferenceKeepsTheDeletion() {
        assertEquals(AT, life(with("", answered("w-0"))).deletedWithWorkflow().orElseThrow().at().format());
    }
}
