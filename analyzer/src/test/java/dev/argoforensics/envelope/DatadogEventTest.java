package dev.argoforensics.envelope;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Datadog log events as its Logs API gives them (v2 {@code {"id","type":"log","attributes":{…}}}, v1 {@code {"id","content":{…}}}),
 * one per line (an NDJSON download) or as the entries of an API response: the controller's text line kept whole in
 * {@code message}; its JSON record parsed into the event's {@code attributes}, with or without the record's own {@code time} and
 * {@code msg}; and what is no Datadog event.
 */
class DatadogEventTest {
    private static final String TAGS = "\"tags\":[\"kube_namespace:argo\",\"pod_name:workflow-controller-58c4d9b7f-h2kqv\","
            + "\"kube_container_name:workflow-controller\"]";

    private static UnwrappedLine decode(String line) {
        return new EnvelopeDecoder().decode(line, 4);
    }

    @Test
    void aTextLineKeptWholeInMessageIsTheRecord() {
        String record = "time=2026-10-02T07:14:52.806Z level=INFO msg=\"queuing pod delay\" component=pod_controller delay=-2m7.301118462s "
                + "action=removeFinalizer namespace=ml-batch podName=embed-nightly-5rq8t-encode-1187206542";
        // The agent marks stderr lines "error" when no pipeline parses them: the record's own level stands.
        UnwrappedLine u = decode("{\"id\":\"AwAAAZK1\",\"type\":\"log\",\"attributes\":{\"attributes\":{},\"host\":\"ip-10-4-7-19\","
                + "\"message\":\"" + record.replace("\"", "\\\"") + "\",\"service\":\"workflow-controller\",\"status\":\"error\","
                + TAGS + ",\"timestamp\":\"2026-10-02T07:14:52.806Z\"}}");
        assertEquals(record, u.record());
        assertEquals(EnvelopeKind.DATADOG, u.envelope());
        assertEquals("2026-10-02T07:14:52.806Z", u.envelopeTime().format());
        assertEquals("workflow-controller-58c4d9b7f-h2kqv", u.origin());
        assertEquals("workflow-controller", u.container());
        assertEquals(4, u.firstLine());
    }

    @Test
    void aParsedJsonRecordWithItsOwnTimeIsThatRecord() {
        // Datadog parsed the slog JSON line and kept its keys; the record's nanosecond time is the controller's.
        UnwrappedLine u = decode("{\"id\":\"AwAAAZK2\",\"type\":\"log\",\"attributes\":{\"attributes\":{\"time\":\"2026-10-02T07:14:52.806311907Z\","
                + "\"level\":\"INFO\",\"msg\":\"Removing finalizers during a delete\",\"component\":\"pod_controller\","
                + "\"pod\":{\"Finalizers\":[\"workflows.argoproj.io/status\"]}},\"message\":\"Removing finalizers during a delete\","
                + "\"status\":\"info\"," + TAGS + ",\"timestamp\":\"2026-10-02T07:14:52.806Z\"}}");
        assertEquals(EnvelopeKind.DATADOG, u.envelope());
        assertTrue(u.record().startsWith("{\"time\":\"2026-10-02T07:14:52.806311907Z\",\"level\":\"INFO\",\"msg\":\"Removing finalizers"),
                u.record());
        // Datadog nests a dotted key; Argo's pod.Finalizers is put back.
        assertTrue(u.record().contains("\"pod.Finalizers\":[\"workflows.argoproj.io/status\"]"), u.record());
    }

    @Test
    void aRecordWhoseMsgWentIntoMessageKeepsItsOwnTime() {
        UnwrappedLine u = decode("{\"id\":\"AwAAAZK5\",\"type\":\"log\",\"attributes\":{\"attributes\":{\"time\":\"2026-10-02T07:14:53.012007Z\","
                + "\"level\":\"INFO\",\"component\":\"pod_controller\",\"pod\":\"embed-nightly-5rq8t-encode-1187206542\"},"
                + "\"message\":\"delete pod event\",\"status\":\"info\",\"timestamp\":\"2026-10-02T07:14:53.012Z\"}}");
        assertEquals(EnvelopeKind.DATADOG, u.envelope());
        assertEquals("{\"time\":\"2026-10-02T07:14:53.012007Z\",\"level\":\"INFO\",\"component\":\"pod_controller\","
                + "\"pod\":\"embed-nightly-5rq8t-encode-1187206542\",\"msg\":\"delete pod event\"}", u.record());
    }

    @Test
    void aMessageWithItsKeysInAttributesIsRebuiltWithTheEventsPrecision() {
        // The remapper took msg into message, level into status and time into timestamp (milliseconds): the record is rebuilt
        // as slog text, whose times are milliseconds, never as slog JSON, whose 3 digits would read as nanoseconds.
        UnwrappedLine u = decode("{\"id\":\"AwAAAZK3\",\"type\":\"log\",\"attributes\":{\"attributes\":{\"component\":\"pod_controller\","
                + "\"podGC\":{},\"delay\":-127301118462,\"action\":\"removeFinalizer\",\"namespace\":\"ml-batch\","
                + "\"podName\":\"embed-nightly-5rq8t-encode-1187206542\"},\"message\":\"queuing pod delay\",\"status\":\"info\"," + TAGS
                + ",\"timestamp\":\"2026-10-02T07:14:52.806Z\"}}");
        assertEquals(EnvelopeKind.DATADOG_FIELDS, u.envelope());
        assertTrue(u.envelope().rebuilt());
        assertEquals("time=2026-10-02T07:14:52.806Z level=INFO msg=\"queuing pod delay\" component=pod_controller podGC={} "
                + "delay=-127301118462 action=removeFinalizer namespace=ml-batch podName=embed-nightly-5rq8t-encode-1187206542", u.record());
        // v1 (logs-queries/list): the same content under "content".
        UnwrappedLine v1 = decode("{\"id\":\"AwAAAZK3\",\"content\":{\"attributes\":{\"action\":\"removeFinalizer\"},\"message\":\"cleaning up pod\","
                + "\"status\":\"warn\",\"timestamp\":\"2026-10-02T07:14:52.913Z\"}}");
        assertEquals("time=2026-10-02T07:14:52.913Z level=WARN msg=\"cleaning up pod\" action=removeFinalizer", v1.record());
    }

    @Test
    void aLevelIsNeverGuessed() {
        // Datadog's "notice" or "ok" is no level the controller writes: nothing is built, the event is no record.
        UnwrappedLine u = decode("{\"id\":\"AwAAAZK4\",\"type\":\"log\",\"attributes\":{\"attributes\":{},\"message\":\"cleaning up pod\","
                + "\"status\":\"ok\",\"timestamp\":\"2026-10-02T07:14:52.806Z\"}}");
        assertTrue(u == null || u.envelope() != EnvelopeKind.DATADOG_FIELDS, String.valueOf(u));
    }

    @Test
    void otherObjectsAreNoDatadogEvent() {
        // A Kubernetes object with attributes, a JSON record with a type key: not Datadog's.
        UnwrappedLine k = decode("{\"type\":\"log\",\"attributes\":{\"name\":\"x\"}}");
        assertTrue(k == null || k.envelope() != EnvelopeKind.DATADOG, String.valueOf(k));
        String record = "{\"time\":\"2026-10-02T07:14:52.806311907Z\",\"level\":\"INFO\",\"msg\":\"cleaning up pod\",\"type\":\"log\"}";
        UnwrappedLine r = decode(record);
        assertEquals(record, r.record());
        assertEquals(EnvelopeKind.NONE, r.envelope());
        assertNull(r.envelopeTime());
    }
}
