package dev.argoforensics.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.catalog.CatalogMatch;
import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.event.ControllerEvent.EventRecorded;
import dev.argoforensics.line.LineParse;
import dev.argoforensics.line.RecordParser;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** v4's {@code Event occurred} lines, read from both slog formats into the node, phase and message their event states. */
class EventRecordedTest {
    private static final MessageCatalog CATALOG = MessageCatalog.standard();

    private static EventRecorded read(String line) {
        LineParse p = new RecordParser().parse(line, 2026);
        Optional<CatalogMatch> m = CATALOG.match(((LineParse.Parsed) p).record());
        assertTrue(m.isPresent(), line);
        return (EventRecorded) m.get().event();
    }

    @Test
    void nodeErrorFromSlogTextNamesTheWorkflowNodePhaseAndMessage() {
        EventRecorded e = read("time=2026-09-19T10:03:12.215Z level=INFO msg=\"Event occurred\" component=workflow_worker "
                + "message=\"Error node train-4v8kq[1].fit: pod deleted\" type=Warning object=ml/train-4v8kq fieldPath=\"\" "
                + "apiVersion=argoproj.io/v1alpha1 kind=Workflow reason=WorkflowNodeError");
        assertEquals(new WorkflowRef("ml", "train-4v8kq"), e.wf());
        assertNull(e.podRef());
        assertEquals("train-4v8kq[1].fit", e.node());
        assertEquals("Error", e.phase());
        assertEquals("pod deleted", e.nodeMessage());
        assertTrue(e.persistedResult());
    }

    @Test
    void slogJsonObjectIsReadFromItsNameAndNamespace() {
        EventRecorded e = read("{\"time\":\"2026-09-19T10:03:12.2Z\",\"level\":\"INFO\",\"msg\":\"Event occurred\",\"kind\":\"Workflow\","
                + "\"object\":{\"name\":\"train-4v8kq\",\"namespace\":\"ml\"},\"fieldPath\":\"\",\"type\":\"Normal\","
                + "\"reason\":\"WorkflowNodeSucceeded\",\"message\":\"Succeeded node train-4v8kq\",\"apiVersion\":\"argoproj.io/v1alpha1\"}");
        assertEquals(new WorkflowRef("ml", "train-4v8kq"), e.wf());
        assertEquals("train-4v8kq", e.node());
        assertEquals("Succeeded", e.phase());
        assertEquals("", e.nodeMessage());
        assertTrue(e.persistedResult());
    }

    @Test
    void runningIsNoPersistedResultAndWorkflowEventsNameNoNode() {
        EventRecorded running = read("time=2026-09-19T10:01:00Z level=INFO msg=\"Event occurred\" object=ml/train-4v8kq kind=Workflow "
                + "apiVersion=argoproj.io/v1alpha1 fieldPath=\"\" type=Normal reason=WorkflowNodeRunning message=\"Running node train-4v8kq\"");
        assertEquals("Running", running.phase());
        assertFalse(running.persistedResult());
        EventRecorded wf = read("time=2026-09-19T10:01:00Z level=INFO msg=\"Event occurred\" object=ml/train-4v8kq kind=Workflow "
                + "apiVersion=argoproj.io/v1alpha1 fieldPath=\"\" type=Warning reason=WorkflowFailed message=\"child 'x' failed\"");
        assertNull(wf.node());
        assertNull(wf.phase());
        assertFalse(wf.persistedResult());
        assertEquals(new WorkflowRef("ml", "train-4v8kq"), wf.wf());
    }

    @Test
    void sendAsPodNamesThePodAndNoWorkflow() {
        EventRecorded e = read("time=2026-09-19T10:03:12Z level=INFO msg=\"Event occurred\" object=ml/train-4v8kq-fit-1234 kind=Pod "
                + "apiVersion=v1 fieldPath=\"\" type=Warning reason=WorkflowNodeFailed message=\"Failed node train-4v8kq[1].fit: Error (exit code 1)\"");
        assertNull(e.wf());
        assertEquals("train-4v8kq-fit-1234", e.podRef().name());
        assertEquals("Error (exit code 1)", e.nodeMessage());
    }

    @Test
    void aMessageNotInTheNodeFormNamesNoNode() {
        EventRecorded e = read("time=2026-09-19T10:03:12Z level=INFO msg=\"Event occurred\" object=ml/train-4v8kq kind=Workflow "
                + "apiVersion=argoproj.io/v1alpha1 fieldPath=\"\" type=Warning reason=WorkflowNodeError message=\"something else\"");
        assertNull(e.node());
        assertFalse(e.persistedResult());
    }
}
