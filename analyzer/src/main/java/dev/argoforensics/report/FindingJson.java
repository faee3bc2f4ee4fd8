package dev.argoforensics.report;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.rules.EvidenceLine;
import dev.argoforensics.rules.Fact;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.wording.Message;
import dev.argoforensics.wording.Words;
import java.io.IOException;

/**
 * One finding in the JSON report's schema (docs/report-schema.md), written once: the report's
 * {@code findings} array and the fleet scan's JSON lines both go through here. Also the small
 * pieces of the schema other parts of the report share (a Pod, a Workflow, a source reference, a
 * message's key and values).
 */
public final class FindingJson {
    private FindingJson() {
    }

    /** One finding as a JSON object in the report's finding schema. */
    public static void write(JsonGenerator g, Finding f) throws IOException {
        g.writeStartObject();
        fields(g, f);
        g.writeEndObject();
    }

    /**
     * The fields of one finding, in the report's order, inside an object the caller opened (and may
     * have started with fields of its own, as the fleet scan does with the cluster).
     */
    public static void fields(JsonGenerator g, Finding f) throws IOException {
        g.writeStringField("rule", f.rule());
        g.writeStringField("title", f.title());
        g.writeStringField("severity", f.severity().label());
        g.writeStringField("confidence", f.confidence().label());
        g.writeStringField("confidenceReason", f.confidenceReason());
        code(g, "confidenceReasonCode", f.reason());
        values(g, "confidenceReasonValues", f.reason());
        pod(g, f.pod(), f.podUid());
        workflow(g, "workflow", f.workflow());
        if (f.node() == null) {
            g.writeNullField("node");
        } else {
            g.writeObjectFieldStart("node");
            g.writeStringField("id", f.node().id());
            g.writeStringField("name", f.node().name());
            g.writeEndObject();
        }
        g.writeStringField("summary", f.summary());
        code(g, "summaryCode", f.about());
        g.writeStringField("explanation", f.explanation());
        for (Fact fact : f.facts()) {
            Object v = fact.value();
            if (v == null) {
                g.writeNullField(fact.key());
            } else if (v instanceof Long l) {
                g.writeNumberField(fact.key(), l);
            } else if (v instanceof Integer i) {
                g.writeNumberField(fact.key(), i);
            } else if (v instanceof Boolean b) {
                g.writeBooleanField(fact.key(), b);
            } else {
                g.writeStringField(fact.key(), (String) v);
            }
        }
        g.writeArrayFieldStart("evidence");
        for (EvidenceLine e : f.evidence()) {
            g.writeStartObject();
            source(g, e.source());
            g.writeStringField("time", e.time() == null ? null : e.time().format());
            g.writeStringField("role", e.role());
            g.writeStringField("text", e.text());
            g.writeStringField("controller", e.controller());
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    /** The key of what was said (dev/argoforensics/wording/en.yaml), for programs; null where a rule still writes literal text. */
    static void code(JsonGenerator g, String field, Message m) throws IOException {
        String code = m.code();
        if (code.isEmpty()) {
            g.writeNullField(field);
        } else {
            g.writeStringField(field, code);
        }
    }

    /** The values the message was said with (a nested part as its words), so that a program need not parse the sentence. */
    static void values(JsonGenerator g, String field, Message m) throws IOException {
        Message first = m instanceof Message.Sequence s && !s.parts().isEmpty() ? s.parts().get(0) : m;
        g.writeObjectFieldStart(field);
        if (first instanceof Message.Keyed k) {
            for (var e : k.args().entrySet()) {
                Object v = e.getValue();
                if (v instanceof Message nested) {
                    g.writeStringField(e.getKey(), Words.english().render(nested));
                } else if (v instanceof Number || v instanceof Boolean) {
                    g.writeObjectField(e.getKey(), v);
                } else {
                    g.writeStringField(e.getKey(), v == null ? null : v.toString());
                }
            }
        }
        g.writeEndObject();
    }

    /** The Pod as {@code {namespace, name, uid}}, or null for a finding about a Workflow or the controllers. */
    static void pod(JsonGenerator g, PodKey pod, String uid) throws IOException {
        if (pod == null) {
            g.writeNullField("pod");
            return;
        }
        g.writeObjectFieldStart("pod");
        g.writeStringField("namespace", pod.namespace());
        g.writeStringField("name", pod.name());
        g.writeStringField("uid", uid == null || uid.isEmpty() ? null : uid);
        if (pod.printed() != null) {
            // One of the lifetimes of a name the controller's lines told apart (session 51): which, and when it was created.
            g.writeObjectFieldStart("lifetime");
            g.writeNumberField("number", pod.printed().number());
            g.writeNumberField("of", pod.printed().of());
            g.writeStringField("created", pod.printed().created().format());
            g.writeEndObject();
        }
        g.writeEndObject();
    }

    static void workflow(JsonGenerator g, String field, WorkflowRef w) throws IOException {
        if (w == null) {
            g.writeNullField(field);
            return;
        }
        g.writeObjectFieldStart(field);
        g.writeStringField("namespace", w.namespace());
        g.writeStringField("name", w.name());
        g.writeEndObject();
    }

    static void source(JsonGenerator g, SourceRef s) throws IOException {
        g.writeStringField("source", s.file());
        g.writeNumberField("line", s.line());
    }
}
