package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.nodePhaseChanged;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.Known;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import org.junit.jupiter.api.Test;

/**
 * Session 48 breaker: one API server writes a request's {@code RequestReceived} and {@code ResponseComplete} records when each
 * happens, and its log backend rotates by size ({@code --audit-log-maxsize}): a rotation between the two leaves the first in the
 * rotated file ({@code audit-<time>.log}) and the second in {@code audit.log}. The two files are one log; the auditID (a UUID the
 * API server gives each request) ties the stages together across them. A delete refused 403 must not be read as the Workflow's
 * deletion because its RequestReceived record landed in the older file.
 */
class RotatedWorkflowDeleteStagesTest {
    private static final WorkflowRef WF = new WorkflowRef("ns", "p");
    private static final String USER = "bob@example.com";
    private static final String AT = "2026-09-19T16:35:00.000000Z";
    private static final String ROTATED = "audit-2026-09-19T16-35-00.000.log";
    private static final String RUNNING = Exports.workflow("Running", "Running", "", null, false, null);
    private static final String DELETED_RUNNING = Exports.Pod.of().deleted("2026-09-19T16:40:00Z", 0).running("main").running("wait").yaml();

    private static String complete(int code) {
        return Exports.workflowAudit("delete", "p", USER, AT, code);
    }

    private static String received() {
        return complete(200).replace("\"stage\":\"ResponseComplete\"", "\"stage\":\"RequestReceived\"").replace("\"responseStatus\":{\"code\":200},", "");
    }

    private static Known deleted(String received, String complete) {
        Correlation c = new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z"), podEvent("2026-09-19T16:40:01.100Z", "delete"),
                        podMissing("2026-09-19T16:40:02.000Z"), markingError("2026-09-19T16:40:02.000Z"),
                        nodePhaseChanged("2026-09-19T16:40:02.001Z", "Running", "Error"))
                .pod("pod.yaml", DELETED_RUNNING).workflow("wf.yaml", RUNNING)
                .object(ROTATED, received).object("audit.log", complete).correlate();
        return c.fates().get(WF) == null ? null : c.fates().get(WF).deleted();
    }

    /** RBAC refused the delete (403) in audit.log; its RequestReceived record, rotated out before, is no deletion. */
    @Test
    void aRefusedDeleteWhoseFirstStageWasRotatedOutIsNoDeletion() {
        assertNull(deleted(received(), complete(403)));
        assertNull(deleted(received(), complete(404)));
    }

    /** Control: the same split request granted (200) is the Workflow's deletion, once, at its time. */
    @Test
    void aGrantedDeleteSplitByRotationIsTheDeletion() {
        assertEquals(AT, deleted(received(), complete(200)).at().format());
    }
}
