package dev.argoforensics.snapshot;

import com.fasterxml.jackson.databind.JsonNode;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.List;

/** Turns cluster events (core/v1, events.k8s.io/v1) and API server audit events into records. */
public final class EventDecoder {
    private EventDecoder() {
    }

    /**
     * core/v1: {@code involvedObject}, {@code message}, {@code source}, {@code count},
     * {@code firstTimestamp}/{@code lastTimestamp} (seconds) or {@code eventTime} (microseconds) and
     * {@code series}; events.k8s.io/v1: {@code regarding}, {@code note}, {@code reportingController},
     * {@code eventTime}, {@code series} and the {@code deprecated…} copies of the core fields.
     *
     * @throws RefusedObject if the event holds no time at all
     */
    public static ClusterEvent clusterEvent(ObjectKind kind, ObjectDocument doc) {
        JsonNode n = doc.node();
        JsonNode meta = n.path("metadata");
        JsonNode regarding = n.has("regarding") ? n.path("regarding") : n.path("involvedObject");
        JsonNode source = n.has("source") ? n.path("source") : n.path("deprecatedSource");
        JsonNode series = n.path("series");
        Timestamp first = firstOf(KubeTime.at(n.path("eventTime")), KubeTime.at(n.path("firstTimestamp")),
                KubeTime.at(n.path("deprecatedFirstTimestamp")), KubeTime.at(meta.path("creationTimestamp")));
        // Session 56: the creation is kept beside a first time of the Event's own (its recorder's stamp), not where it stands in for one.
        boolean ownStamp = KubeTime.at(n.path("eventTime")) != null || KubeTime.at(n.path("firstTimestamp")) != null
                || KubeTime.at(n.path("deprecatedFirstTimestamp")) != null;
        if (first == null) {
            throw new RefusedObject("an Event without eventTime, firstTimestamp or creationTimestamp");
        }
        Timestamp last = firstOf(KubeTime.at(series.path("lastObservedTime")), KubeTime.at(n.path("lastTimestamp")),
                KubeTime.at(n.path("deprecatedLastTimestamp")), first);
        long count = series.hasNonNull("count") ? series.get("count").asLong()
                : n.hasNonNull("count") ? n.get("count").asLong()
                : n.hasNonNull("deprecatedCount") ? n.get("deprecatedCount").asLong() : 1;
        String reportedBy = firstText(source.path("component"), n.path("reportingController"), n.path("reportingComponent"));
        InvolvedObject about = new InvolvedObject(regarding.path("kind").asText(""), regarding.path("namespace").asText(""),
                regarding.path("name").asText(""), regarding.path("uid").asText(""), regarding.path("fieldPath").asText(""));
        return new ClusterEvent(doc.source(), kind, meta.path("namespace").asText(""), meta.path("name").asText(""),
                n.path("reason").asText(""), n.path("type").asText(""), firstText(n.path("note"), n.path("message")), about, reportedBy,
                source.path("host").asText(""), Math.max(1, count), first, last.compareTo(first) < 0 ? first : last,
                ObjectDecoder.strings(meta.path("annotations")), false, 0, ownStamp ? KubeTime.at(meta.path("creationTimestamp")) : null);
    }

    /**
     * One audit.k8s.io/v1 Event; for a {@code patch} or {@code update} whose body the policy logged,
     * what it does to {@code metadata.finalizers}.
     *
     * @throws RefusedObject if the record holds no time
     */
    public static AuditRecord audit(ObjectDocument doc) {
        return audit(doc, "");
    }

    /**
     * As {@link #audit(ObjectDocument)} for an Event a managed cluster's log service carried (an EKS
     * CloudWatch Logs message, an AKS diagnostics record's {@code properties.log}).
     *
     * @param exporter the service, as {@link AuditRecord#exporter()} names it
     */
    public static AuditRecord audit(ObjectDocument doc, String exporter) {
        JsonNode n = doc.node();
        JsonNode ref = n.path("objectRef");
        Timestamp received = KubeTime.at(n.path("requestReceivedTimestamp"));
        Timestamp stage = KubeTime.at(n.path("stageTimestamp"));
        if (received == null && stage == null) {
            throw new RefusedObject("an audit event without requestReceivedTimestamp or stageTimestamp");
        }
        String level = n.path("level").asText("");
        boolean bodyLogged = level.equals("Request") || level.equals("RequestResponse");
        String verb = n.path("verb").asText("");
        JsonNode code = n.path("responseStatus").path("code");
        return new AuditRecord(doc.source(), n.path("auditID").asText(""), n.path("stage").asText(""), verb,
                n.path("user").path("username").asText(""), AuditRecord.qualified(ref.path("resource").asText(""), ref.path("apiGroup").asText("")),
                ref.path("subresource").asText(""),
                ref.path("namespace").asText(""), ref.path("name").asText(""), code.isIntegralNumber() ? code.asInt() : null,
                received, stage, bodyLogged, bodyLogged ? finalizerEdit(verb, n.path("requestObject")) : null, dryRun(n), exporter, null,
                verb.equals("delete") ? gracePeriod(n.path("requestObject"), n.path("responseObject")) : null, ref.path("uid").asText(""),
                verb.equals("delete") && bodyLogged ? n.path("requestObject").path("preconditions").path("uid").asText("") : "",
                deletedUid(verb, ref.path("name").asText(""), n.path("responseObject")),
                "deletecollection".equals(verb) ? selectors(n.path("requestURI").asText("")) : "",
                "deletecollection".equals(verb) && n.path("requestURI").isTextual() && !n.path("requestURI").asText("").isEmpty());
    }

    /**
     * The selectors a request URI's query gives ({@code labelSelector}, {@code fieldSelector}), decoded, as
     * "labelSelector=app=etl; fieldSelector=…"; "" if none.
     */
    static String selectors(String uri) {
        int q = uri.indexOf('?');
        if (q < 0) {
            return "";
        }
        List<String> out = new ArrayList<>();
        for (String param : uri.substring(q + 1).split("&")) {
            int eq = param.indexOf('=');
            String key = eq < 0 ? param : param.substring(0, eq);
            try {
                // s52 breaker: Go's url.ParseQuery decodes the key too (label%53elector is labelSelector); one it cannot decode, it drops.
                key = java.net.URLDecoder.decode(key, java.nio.charset.StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                continue;
            }
            // An empty one is kept (s52 breaker): the API server reads the first of a name, and an empty first selects every Pod.
            if (key.equals("labelSelector") || key.equals("fieldSelector")) {
                String value;
                try {
                    value = eq < 0 ? "" : java.net.URLDecoder.decode(param.substring(eq + 1), java.nio.charset.StandardCharsets.UTF_8);
                } catch (IllegalArgumentException e) {
                    value = param.substring(eq + 1); // a malformed escape: shown as written
                }
                out.add(key + "=" + value);
            }
        }
        return String.join("; ", out);
    }

    /**
     * The UID of the object a delete's logged response names ({@link AuditRecord#responseUid}), "" if none: the returned object's
     * {@code metadata.uid} where it is of the record's name, or a Status's {@code details.uid} where its details name it. Only a
     * delete's: another verb's response is read where its object is (an update's carries the UID in {@code objectRef} already).
     */
    static String deletedUid(String verb, String name, JsonNode response) {
        if (!"delete".equals(verb) || name.isEmpty() || !response.isObject()) {
            return "";
        }
        JsonNode named = "Status".equals(response.path("kind").asText("")) ? response.path("details") : response.path("metadata");
        return name.equals(named.path("name").asText("")) ? named.path("uid").asText("") : "";
    }

    /**
     * The Pod an audit record's response carries, read as an export of it; null if there is none. At level
     * {@code RequestResponse} the API server logs the object it returned: for a granted {@code create}, {@code patch} (of
     * the Pod or its {@code status}), {@code update} or {@code delete} of a Pod, the whole Pod as stored by that request
     * (k8s.io/apiserver {@code LogResponseObject}). It is placed as any export that states no time is, by the latest time
     * inside it: the record's own time is the API server's, but no reading here needs it. A dry run stored nothing, a
     * refused request returned a Status, and a read ({@code get}, {@code list}, {@code watch}) is not kept.
     */
    public static PodSnapshot responsePod(ObjectDocument doc, AuditRecord record) {
        JsonNode response = doc.node().path("responseObject");
        if (record.dryRun() || !record.mutating() || !"ResponseComplete".equals(record.stage()) || record.responseCode() == null
                || record.responseCode() / 100 != 2 || !"pods".equals(record.resource()) || !"Pod".equals(response.path("kind").asText(""))
                || !"v1".equals(response.path("apiVersion").asText(""))) {
            return null;
        }
        JsonNode meta = response.path("metadata");
        if (!meta.path("name").asText("").equals(record.name()) || !meta.path("namespace").asText("").equals(record.namespace())) {
            return null;
        }
        return ObjectDecoder.pod(new ObjectDocument(doc.source(), response));
    }

    /**
     * A delete's grace period: what the DeleteOptions asked for, else what the returned object carries
     * ({@code metadata.deletionGracePeriodSeconds}); null if neither was logged.
     */
    static Long gracePeriod(JsonNode request, JsonNode response) {
        Long asked = wholeNumber(request.path("gracePeriodSeconds"));
        return asked != null ? asked : wholeNumber(response.path("metadata").path("deletionGracePeriodSeconds"));
    }

    /** A whole number, also as Cloud Logging's Struct writes it ({@code 30.0}); null for anything else. */
    static Long wholeNumber(JsonNode n) {
        if (n.isIntegralNumber()) {
            return n.asLong();
        }
        if (n.isNumber() && n.asDouble() == Math.rint(n.asDouble()) && Math.abs(n.asDouble()) < 1e15) {
            return (long) n.asDouble();
        }
        return null;
    }

    /** {@code dryRun=All} in the request URI's query, or in the logged DeleteOptions / options of the body. */
    private static boolean dryRun(JsonNode n) {
        String uri = n.path("requestURI").asText("");
        int q = uri.indexOf('?');
        if (q >= 0) {
            for (String param : uri.substring(q + 1).split("&")) {
                if (param.equals("dryRun=All") || param.equals("dryRun%3DAll")) {
                    return true;
                }
            }
        }
        for (JsonNode d : n.path("requestObject").path("dryRun")) {
            if ("All".equals(d.asText())) {
                return true;
            }
        }
        return false;
    }

    /** What a logged request body does to {@code metadata.finalizers}, or null if it leaves them alone. */
    static FinalizerEdit finalizerEdit(String verb, JsonNode body) {
        if (body.isArray()) {
            return jsonPatch(body);
        }
        JsonNode meta = body.path("metadata");
        if (meta.has("finalizers")) {
            return new FinalizerEdit.SetTo(strings(meta.get("finalizers")));
        }
        if (meta.has("$deleteFromPrimitiveList/finalizers")) {
            return new FinalizerEdit.Deleted(strings(meta.get("$deleteFromPrimitiveList/finalizers")));
        }
        // An update sends the whole object: no finalizers field means none are left.
        if (verb.equals("update") && body.has("kind") && body.has("metadata")) {
            return new FinalizerEdit.SetTo(List.of());
        }
        return null;
    }

    private static FinalizerEdit jsonPatch(JsonNode ops) {
        List<String> touching = new ArrayList<>();
        for (JsonNode op : ops) {
            String path = op.path("path").asText("");
            String kind = op.path("op").asText("");
            // Session 55 breaker: an operation on a mapping that holds the list (a replace of "/metadata", or of the whole object at
            // ""), or one moving the list away ("from": "/metadata/finalizers"), edits the finalizers as well.
            String from = op.path("from").asText("");
            if (!path.startsWith("/metadata/finalizers")) {
                if (!"test".equals(kind) && (path.equals("/metadata") || path.isEmpty() && op.has("path"))
                        || "move".equals(kind) && (from.startsWith("/metadata/finalizers") || from.equals("/metadata"))) {
                    touching.add(kind + " " + (path.isEmpty() ? "(the object)" : path) + ("move".equals(kind) ? " from " + from : ""));
                }
                continue;
            }
            if (path.equals("/metadata/finalizers") && ops.size() == 1) {
                if (kind.equals("remove")) {
                    return new FinalizerEdit.SetTo(List.of());
                }
                if ((kind.equals("replace") || kind.equals("add")) && op.path("value").isArray()) {
                    return new FinalizerEdit.SetTo(strings(op.get("value")));
                }
            }
            touching.add(kind + " " + path);
        }
        return touching.isEmpty() ? null : new FinalizerEdit.JsonPatch(touching);
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(f -> out.add(f.asText()));
        return out;
    }

    private static Timestamp firstOf(Timestamp... candidates) {
        for (Timestamp t : candidates) {
            if (t != null) {
                return t;
            }
        }
        return null;
    }

    private static String firstText(JsonNode... candidates) {
        for (JsonNode c : candidates) {
            String t = c.asText("");
            if (!t.isEmpty()) {
                return t;
            }
        }
        return "";
    }
}
