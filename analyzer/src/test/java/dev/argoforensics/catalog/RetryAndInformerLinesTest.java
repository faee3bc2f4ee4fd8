package dev.argoforensics.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.line.LineParse;
import dev.argoforensics.line.LogRecord;
import dev.argoforensics.line.RecordParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Session 57: the retry node's outcomes (processNodeRetries, operator.go) and the pod informer's callback failures
 * (pod/controller.go), read from the tags v3.4.0 to v4.1.2, each release line in its own shape: v3's words with the values in
 * the message (logrus text and JSON), v4's fixed words with the values in keys (slog text and JSON). Each gives its signal and
 * values, and narrows the release to its line (a v3 wording is no v4 line, and the reverse).
 */
class RetryAndInformerLinesTest {
    private static final MessageCatalog CATALOG = MessageCatalog.standard();

    private static LogRecord record(String line) {
        LineParse p = new RecordParser().parse(line, 2026);
        return assertInstanceOf(LineParse.Parsed.class, p, p::toString).record();
    }

    private static ControllerEvent.Signal signal(String line, String entry) {
        LogRecord r = record(line);
        CatalogMatch m = CATALOG.match(r).orElseThrow(() -> new AssertionError("no entry: " + line));
        assertEquals(entry, m.entry().id(), line);
        return assertInstanceOf(ControllerEvent.Signal.class, m.event());
    }

    private static boolean allows(String line, String version) {
        LogRecord r = record(line);
        ReleaseEvidence e = CATALOG.releases(r, CATALOG.match(r).orElseThrow());
        return !e.range().intersect(ReleaseRange.exactly(ArgoVersion.exact(version))).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        // v3.4-v3.7, logrus text: the count and the retry node's name in the words
        "time=\"2026-11-07T01:58:09.601Z\" level=info msg=\"1 child nodes of ingest-prd-h8k2w failed. Trying again...\" namespace=ingest workflow=ingest-prd-h8k2w | retry-trying-again-v3 | 1 | ingest-prd-h8k2w | v3.4.0 | v4.0.0",
        // a node name with spaces and brackets (a steps node), logrus JSON
        "{\"level\":\"info\",\"msg\":\"12 child nodes of etl-x[0].load data failed. Trying again...\",\"namespace\":\"etl\",\"time\":\"2026-10-02T08:31:40.021Z\",\"workflow\":\"etl-x\"} | retry-trying-again-v3 | 12 | etl-x[0].load data | v3.7.18 | v4.1.2",
        // v4.0-v4.1, slog text and JSON: fixed words, count and nodeName keys
        "time=2026-10-02T08:31:40.021Z level=INFO msg=\"child nodes failed, trying again\" component=workflow_worker workflow=etl-x namespace=etl count=2 nodeName=\"etl-x[0].load\" | retry-trying-again-v4 | 2 | etl-x[0].load | v4.1.2 | v3.7.18",
        "{\"time\":\"2026-10-02T08:31:40.021Z\",\"level\":\"INFO\",\"msg\":\"child nodes failed, trying again\",\"nodeName\":\"etl-x\",\"count\":4,\"workflow\":\"etl-x\",\"namespace\":\"etl\"} | retry-trying-again-v4 | 4 | etl-x | v4.0.0 | v3.4.0",
    })
    void aRetryTriedAgainInEachReleaseLinesShape(String line, String entry, String count, String node, String allowed, String excluded) {
        ControllerEvent.Signal s = signal(line, entry);
        assertEquals("retry-trying-again", s.name());
        assertEquals(count, s.attribute("count"));
        assertEquals(node, s.attribute("nodeName"));
        assertTrue(allows(line, allowed), allowed);
        assertFalse(allows(line, excluded), excluded);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "time=\"2026-10-02T08:31:40.020Z\" level=info msg=\"Retry Policy: OnError (onFailed: false, onError true)\" namespace=etl workflow=etl-x | retry-policy-v3 | retry-policy | policy=OnError onFailed=false onError=true",
        "time=2026-10-02T08:31:40.020Z level=INFO msg=\"Retry Policy\" workflow=etl-x namespace=etl onError=true policy=OnError onFailed=false | retry-policy-v4 | retry-policy | policy=OnError onFailed=false onError=true",
        "time=\"2026-10-02T08:31:40.021Z\" level=info msg=\"Node not set to be retried after status: Error\" namespace=etl workflow=etl-x | retry-not-set-v3 | retry-not-set | phase=Error",
        "{\"time\":\"2026-10-02T08:31:40.021Z\",\"level\":\"INFO\",\"msg\":\"Node not set to be retried\",\"phase\":\"Failed\",\"workflow\":\"etl-x\",\"namespace\":\"etl\"} | retry-not-set-v4 | retry-not-set | phase=Failed",
        "time=\"2026-10-02T08:31:40.021Z\" level=info msg=\"Node cannot be retried. Marking it failed\" namespace=etl workflow=etl-x | retry-impossible-v3 | retry-impossible | ",
        "time=2026-10-02T08:31:40.021Z level=INFO msg=\"Node cannot be retried, marking it failed\" workflow=etl-x namespace=etl | retry-impossible-v4 | retry-impossible | ",
        "time=\"2026-10-02T08:31:40.021Z\" level=info msg=\"No more retries left. Failing...\" namespace=etl workflow=etl-x | retry-exhausted | retry-exhausted | ",
        "time=2026-10-02T08:31:40.021Z level=INFO msg=\"No more retries left. Failing...\" workflow=etl-x namespace=etl | retry-exhausted | retry-exhausted | ",
    })
    void aRetryNodesOtherOutcomesNameTheirWorkflow(String line, String entry, String name, String values) {
        ControllerEvent.Signal s = signal(line, entry);
        assertEquals(name, s.name());
        assertEquals("etl-x", s.wf().name());
        assertEquals("etl", s.wf().namespace());
        if (values != null) {
            for (String kv : values.split(" ")) {
                assertEquals(kv.substring(kv.indexOf('=') + 1), s.attribute(kv.substring(0, kv.indexOf('='))), kv);
            }
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "time=\"2026-10-02T08:31:40.021Z\" level=info msg=\"Max duration limit exceeded. Failing...\" namespace=etl workflow=etl-x | retry-max-duration | retry-max-duration | ",
        "time=2026-10-02T08:31:40.021Z level=INFO msg=\"Backoff would exceed max duration limit. Failing...\" workflow=etl-x namespace=etl | retry-backoff-max-duration | retry-max-duration | ",
        "time=\"2026-10-02T08:31:40.021Z\" level=info msg=\"Mark node etl-x[0].load as Pending, due to: exceeded quota: q\" namespace=etl workflow=etl-x | node-marked-pending-v3 | node-marked-pending | nodeName=etl-x[0].load",
        "{\"time\":\"2026-10-02T08:31:40.021Z\",\"level\":\"INFO\",\"msg\":\"marking node as pending\",\"nodeName\":\"etl-x[0].load\",\"error\":\"quota\",\"workflow\":\"etl-x\",\"namespace\":\"etl\"} | node-marked-pending-v4 | node-marked-pending | nodeName=etl-x[0].load error=quota",
        "time=\"2026-10-02T08:31:40.021Z\" level=error msg=\"was unable to retrieve workflow pods\" namespace=etl workflow=etl-x | workflow-pods-unlisted | workflow-pods-unlisted | ",
        "time=\"2026-10-02T08:31:40.021Z\" level=panic msg=\"cannot persist updates with mismatched resource versions\" namespace=etl workflow=etl-x | persist-version-mismatch | persist-version-mismatch | ",
    })
    void aNodeOrPassEndedByTheControllersOwnLimitsNamesItsWorkflow(String line, String entry, String name, String values) {
        aRetryNodesOtherOutcomesNameTheirWorkflow(line, entry, name, values);
    }

    /** The Workflow informer's delete could not list the Workflow's Pods: their finalizers are not taken off by it. Only with its error. */
    @Test
    void aWorkflowsPodsUnlistedOnItsDeleteNeedsItsError() {
        String line = "time=\"2026-10-02T08:31:40.021Z\" level=error msg=\"Failed to list pods\" error=\"context deadline exceeded\"";
        assertEquals("context deadline exceeded", signal(line, "workflow-delete-pods-unlisted").attribute("error"));
        assertTrue(allows(line, "v3.6.0"));
        assertFalse(allows(line, "v3.5.15"));
        assertTrue(CATALOG.match(record("time=\"2026-10-02T08:31:40.021Z\" level=error msg=\"Failed to list pods\"")).isEmpty(),
                "another program's words without the controller's error key");
    }

    @Test
    void theLivenessChecksStallIsV371OnAndNamesNothing() {
        String line = "time=\"2026-10-02T08:31:40.021Z\" level=info msg=\"healthz: workflows exceed max age\"";
        assertEquals("healthz-unreconciled-old", signal(line, "healthz-unreconciled-old").name());
        assertTrue(allows(line, "v3.7.1"));
        assertFalse(allows(line, "v3.7.0"));
        assertTrue(CATALOG.nameless().namesNothing(CATALOG.match(record(line)).orElseThrow().entry(), "healthz: workflows exceed max age"));
    }

    @Test
    void aPodCallbackFailureNamesItsPodAndEvent() {
        for (String action : new String[] {"add", "update", "delete"}) {
            ControllerEvent.Signal s = signal("time=\"2026-10-02T08:31:40.021Z\" level=warning msg=\"callback for pod " + action
                    + " failed\" pod=etl-x-load-2201948117", "pod-callback-failed");
            assertEquals(action, s.attribute("informerAction"));
            assertEquals("etl-x-load-2201948117", s.podRef().name());
        }
        // a callback failure is v3.6.5 on (the pod controller's own lines)
        String v4 = "time=2026-10-02T08:31:40.021Z level=WARN msg=\"callback for pod delete failed\" component=pod_controller pod=etl-x-load-2201948117";
        assertEquals("etl-x-load-2201948117", signal(v4, "pod-callback-failed").podRef().name());
        assertFalse(allows(v4, "v3.6.4"));
        assertEquals("pod-delete-event-unread", signal("time=\"2026-10-02T08:31:40.021Z\" level=info msg=\"error obtaining pod object from tombstone\"",
                "pod-delete-event-unread").name());
        assertEquals("pod-delete-event-unread", signal("time=2026-10-02T08:31:40.021Z level=WARN msg=\"deleted pod last known state not a pod\" component=pod_controller",
                "pod-delete-event-not-a-pod").name());
    }

    @Test
    void aRecentlyCompletedWorkflowRejectedIsV353ToV406() {
        String line = "time=\"2026-10-02T08:31:40.021Z\" level=warning msg=\"Cache: Rejecting recently deleted\" name=etl-x";
        assertEquals("etl-x", signal(line, "recently-completed-rejected").wf().name());
        assertTrue(allows(line, "v3.5.3"));
        assertFalse(allows(line, "v3.5.2"));
        assertFalse(allows(line, "v4.0.7"));
    }
}
