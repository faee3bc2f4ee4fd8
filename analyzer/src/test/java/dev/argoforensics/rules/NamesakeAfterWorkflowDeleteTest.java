package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.nodePhaseChanged;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import org.junit.jupiter.api.Test;

/**
 * Session 48 breaker (a control: s48-owfd's reading holds): a delete of the name at 16:35 logged at RequestResponse, its Status naming the earlier object (w-0),
 * and a namesake (w-1, {@code argo resubmit} or a CronWorkflow firing) created minutes after it, whose export and run are what the
 * lines and the export show. Neither the response's UID nor the creationTimestamp may set the file apart (both say the delete was
 * before this object, not in another cluster): its 16:39:30 delete of the Pod's name (after the Pod's creation) stays a bound.
 */
class NamesakeAfterWorkflowDeleteTest {
    private static final String USER = "bob@example.com";
    private static final String AT = "2026-09-19T16:35:00.000000Z";
    private static final String POD_DELETE = Exports.audit("delete", "", USER, "2026-09-19T16:39:30.000000Z", 200);
    private static final String DELETED_RUNNING = Exports.Pod.of().deleted("2026-09-19T16:40:00Z", 0).running("main").running("wait").yaml();

    private static String answered(String uid) {
        return Exports.workflowAudit("delete", "p", USER, AT, 200).replace("\"level\":\"Metadata\"", "\"level\":\"RequestResponse\"")
                .replace("\"responseStatus\":", "\"responseObject\":{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Success\","
                        + "\"details\":{\"name\":\"p\",\"group\":\"argoproj.io\",\"kind\":\"workflows\",\"uid\":\"" + uid + "\"}},\"responseStatus\":");
    }

    private static Correlation with(String created, String started) {
        String wf = Exports.workflow("Error", "Error", "pod deleted", "2026-09-19T16:40:02Z", true, null)
                .replace("uid: w-1}", "uid: w-1, creationTimestamp: \"" + created + "\"}")
                .replace("startedAt: \"2026-09-19T16:27:10Z\"", "startedAt: \"" + started + "\"");
        return new Evidence().log("c.log", createdPod(started.replace("Z", ".431Z")), podEvent("2026-09-19T16:40:01.100Z", "delete"),
                        podMissing("2026-09-19T16:40:02.000Z"), markingError("2026-09-19T16:40:02.000Z"),
                        nodePhaseChanged("2026-09-19T16:40:02.001Z", "Running", "Error"))
                .pod("pod.yaml", DELETED_RUNNING).workflow("wf.yaml", wf).object("audit.log", POD_DELETE).object("audit.log", answered("w-0")).correlate();
    }

    @Test
    void aNamesakeCreatedMinutesAfterTheDeleteSetsNoFileApart() {
        Correlation c = with("2026-09-19T16:38:00Z", "2026-09-19T16:38:10Z");
        PodLifecycle life = c.lifecycles().values().iterator().next();
        assertEquals("2026-09-19T16:39:30.000000Z", life.deletion().notAfter().at().format());
    }

    /**
     * Session 49: the delete, read as the name's deletion (an earlier run's Pods went with it), says whose it was: its Status names
     * w-0, not this Workflow (w-1), which is no "untied" record. Control: a Metadata-level delete (no response) is untied as before.
     */
    @Test
    void theDeletionSaysItRemovedAnotherObjectOfTheName() {
        Correlation c = with("2026-09-19T16:38:00Z", "2026-09-19T16:38:10Z");
        String how = c.fates().get(new dev.argoforensics.event.WorkflowRef("ns", "p")).deleted().how();
        assertEquals("deleted by " + USER + " (audit record; the delete removed another object of that name (uid w-0), not this Workflow, w-1)", how);
        String wf = Exports.workflow("Error", "Error", "pod deleted", "2026-09-19T16:40:02Z", true, null);
        Correlation metadata = new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z")).workflow("wf.yaml", wf)
                .object("audit.log", Exports.workflowAudit("delete", "p", USER, "2026-09-19T16:45:00.000000Z", 200)).correlate();
        org.junit.jupiter.api.Assertions.assertTrue(metadata.fates().get(new dev.argoforensics.event.WorkflowRef("ns", "p")).deleted().how()
                .contains("nothing in its audit file ties it to this Workflow's UID w-1"));
    }

    @Test
    void aNamesakeCreatedSecondsAfterTheDeleteSetsNoFileApart() {
        Correlation c = with("2026-09-19T16:35:04Z", "2026-09-19T16:35:10Z");
        PodLifecycle life = c.lifecycles().values().iterator().next();
        assertEquals("2026-09-19T16:39:30.000000Z", life.deletion().notAfter().at().format());
    }
}
