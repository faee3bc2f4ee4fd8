package dev.argoforensics.snapshot;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.argoforensics.time.Timestamp;
import java.util.Locale;

/**
 * Audit records and node-log lines as managed clusters export them: GKE's Cloud Logging entries
 * ({@code protoPayload} of type {@code google.cloud.audit.AuditLog}; journald entries of the kubelet in
 * {@code jsonPayload}), and the API server's own audit Event carried as a string by EKS (CloudWatch Logs
 * {@code message}/{@code @message}) and AKS (Azure diagnostics {@code properties.log}).
 */
public final class ManagedAuditDecoder {
    public static final String AUDIT_LOG_TYPE = "type.googleapis.com/google.cloud.audit.AuditLog";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String[] RPC_CODES = {"OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED", "NOT_FOUND",
        "ALREADY_EXISTS", "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION", "ABORTED", "OUT_OF_RANGE", "UNIMPLEMENTED",
        "INTERNAL", "UNAVAILABLE", "DATA_LOSS", "UNAUTHENTICATED"};

    private ManagedAuditDecoder() {
    }

    /** A Cloud Logging entry with an AuditLog payload. */
    static boolean isCloudAudit(JsonNode n) {
        return AUDIT_LOG_TYPE.equals(n.path("protoPayload").path("@type").asText(""));
    }

    /** A Cloud Logging AuditLog entry of the Kubernetes API ({@code serviceName: k8s.io}, methods {@code io.k8s.…}). */
    static boolean isKubernetesAudit(JsonNode n) {
        JsonNode p = n.path("protoPayload");
        return "k8s.io".equals(p.path("serviceName").asText("")) || p.path("methodName").asText("").startsWith("io.k8s.");
    }

    /** A journald entry of the kubelet in Cloud Logging: its text in {@code jsonPayload.MESSAGE}. */
    static boolean isKubeletJournal(JsonNode n) {
        JsonNode j = n.path("jsonPayload");
        return j.path("MESSAGE").isTextual() && ("kubelet.service".equals(j.path("_SYSTEMD_UNIT").asText(""))
                || "kubelet".equals(j.path("SYSLOG_IDENTIFIER").asText("")));
    }

    /** The Azure diagnostics category ({@code category} or Log Analytics' {@code Category}), or "". */
    static String azureCategory(JsonNode n) {
        String c = n.path("category").asText("");
        return c.isEmpty() ? n.path("Category").asText("") : c;
    }

    /** The audit Event JSON text a log export carries, or null: CloudWatch's {@code @message}/{@code message}, Azure's log. */
    static String embeddedEvent(JsonNode n) {
        for (JsonNode c : new JsonNode[] {n.path("@message"), n.path("message"), n.path("properties").path("log"), n.path("log_s")}) {
            String t = c.asText("").strip();
            if (t.startsWith("{") && t.contains("\"auditID\"")) {
                return t;
            }
        }
        return null;
    }

    /** Who exported an embedded audit Event, from the fields around it. */
    static String exporterOf(JsonNode n) {
        String category = azureCategory(n);
        if (!category.isEmpty()) {
            return "AKS diagnostics, " + category;
        }
        if (n.has("@message") || n.has("logStreamName") || n.has("ingestionTime") || n.has("@logStream")) {
            return "EKS CloudWatch Logs";
        }
        return "log export";
    }

    /**
     * The audit Event a log export carries as text.
     *
     * @throws RefusedObject if the text is not an audit Event
     */
    static AuditRecord embedded(ObjectDocument doc) {
        String text = embeddedEvent(doc.node());
        JsonNode event;
        try {
            event = text == null ? null : JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new RefusedObject("expected an audit Event as JSON text, found text that is not JSON: " + e.getOriginalMessage(), e);
        }
        if (event == null || !event.isObject()) {
            throw new RefusedObject("expected an audit Event as JSON text, found none");
        }
        return EventDecoder.audit(new ObjectDocument(doc.source(), event, doc.takenAt()), exporterOf(doc.node()));
    }

    /**
     * One GKE audit entry: the verb is the last part of {@code methodName} ({@code io.k8s.core.v1.pods.delete}),
     * the object comes from {@code resourceName} ({@code core/v1/namespaces/NS/pods/NAME[/SUBRESOURCE]}), the user
     * from {@code authenticationInfo.principalEmail}, the time from the entry's {@code timestamp}, the outcome from
     * {@code protoPayload.status}, the request's ID and stage from {@code operation}.
     *
     * @throws RefusedObject if the entry holds no time or no Kubernetes object
     */
    static AuditRecord gke(ObjectDocument doc) {
        JsonNode n = doc.node();
        JsonNode p = n.path("protoPayload");
        Timestamp time = KubeTime.at(n.path("timestamp"));
        if (time == null) {
            throw new RefusedObject("a Cloud Logging audit entry without timestamp");
        }
        String method = p.path("methodName").asText("");
        String verb = method.substring(method.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
        String[] object = object(p.path("resourceName").asText(""));
        if (object == null || verb.isEmpty()) {
            throw new RefusedObject("expected protoPayload.methodName and a resourceName like core/v1/namespaces/NS/pods/NAME, found \""
                    + method + "\" and \"" + p.path("resourceName").asText("") + "\"");
        }
        JsonNode request = withoutType(p.path("request"));
        JsonNode response = withoutType(p.path("response"));
        boolean bodyLogged = request.isObject() && request.size() > 0;
        JsonNode op = n.path("operation");
        String stage = !op.isObject() || op.path("last").asBoolean(false) ? "ResponseComplete"
                : op.path("first").asBoolean(false) ? "RequestReceived" : "";
        String cluster = n.path("resource").path("labels").path("cluster_name").asText("");
        boolean dryRun = false;
        for (JsonNode d : request.path("dryRun")) {
            dryRun |= "All".equals(d.asText());
        }
        return new AuditRecord(doc.source(), op.path("id").asText(n.path("insertId").asText("")), stage, verb,
                p.path("authenticationInfo").path("principalEmail").asText(""), AuditRecord.qualified(object[1], object[4]), object[3], object[0], object[2], null, time, null,
                bodyLogged, bodyLogged ? EventDecoder.finalizerEdit(verb, request) : null, dryRun,
                // A first entry of an operation not yet complete (RequestReceived) holds no status: its outcome is not logged, not OK
                // (session 49: read as OK, a delete refused afterwards was granted).
                AuditRecord.GKE_EXPORTER + (cluster.isEmpty() ? "" : ", cluster " + cluster),
                "RequestReceived".equals(stage) && !p.has("status") ? null : status(p.path("status")),
                verb.equals("delete") ? EventDecoder.gracePeriod(request, response) : null, "",
                // The DeleteOptions' UID precondition, as the audit.k8s.io record's requestObject carries it (session 40).
                verb.equals("delete") && bodyLogged ? request.path("preconditions").path("uid").asText("") : "",
                EventDecoder.deletedUid(verb, object[2], response));
    }

    /**
     * {namespace, resource, name, subresource, group} from a resourceName, or null; the group is the path's first part before its
     * version ({@code argoproj.io/v1alpha1/…}; {@code core/v1/…} is the core group, ""), "" where the path states none.
     */
    static String[] object(String resourceName) {
        String r = resourceName;
        int k8s = r.indexOf("/k8s/");
        if (k8s >= 0) {
            r = r.substring(k8s + "/k8s/".length());
        }
        String[] s = r.split("/");
        int ns = -1;
        for (int i = 0; i < s.length - 1; i++) {
            if (s[i].equals("namespaces")) {
                ns = i;
                break;
            }
        }
        if (ns >= 0 && s.length > ns + 2) {
            String group = ns >= 2 && version(s[ns - 1]) ? apiGroup(s[ns - 2]) : "";
            return new String[] {s[ns + 1], s[ns + 2], at(s, ns + 3), at(s, ns + 4), group};
        }
        if (ns >= 0) {
            return new String[] {"", "namespaces", s[ns + 1], "", ""};
        }
        // Cluster-scoped: group/version/resource[/name[/subresource]], or resource/name without a group.
        if (s.length >= 3 && version(s[1])) {
            return new String[] {"", s[2], at(s, 3), at(s, 4), apiGroup(s[0])};
        }
        return null;
    }

    private static boolean version(String part) {
        return part.matches("v\\d+((alpha|beta)\\d+)?");
    }

    /** A resourceName's group: {@code core} is the core group's name there. */
    private static String apiGroup(String part) {
        return "core".equals(part) ? "" : part;
    }

    private static String at(String[] s, int i) {
        return i < s.length ? s[i] : "";
    }

    /** google.rpc.Status in words: "OK" when empty or code 0. */
    static String status(JsonNode status) {
        int code = status.path("code").asInt(0);
        if (code == 0) {
            return AuditRecord.RPC_OK;
        }
        String name = code > 0 && code < RPC_CODES.length ? RPC_CODES[code] : "code";
        String message = status.path("message").asText("");
        return name + " (" + code + ")" + (message.isEmpty() ? "" : ": " + message);
    }

    private static JsonNode withoutType(JsonNode n) {
        if (n instanceof ObjectNode o && o.has("@type")) {
            ObjectNode copy = o.deepCopy();
            copy.remove("@type");
            return copy;
        }
        return n;
    }

    /**
     * One kubelet journald entry in Cloud Logging; its time is the entry's {@code timestamp} when the klog
     * header's year cannot be had otherwise, the header's clock in the entry's year.
     *
     * @return the entry, or null if its message is not one the timeline shows
     */
    static NodeLogEntry kubeletJournal(ObjectDocument doc) {
        JsonNode n = doc.node();
        JsonNode j = n.path("jsonPayload");
        Timestamp entry = KubeTime.at(n.path("timestamp"));
        String host = n.path("resource").path("labels").path("node_name").asText(j.path("_HOSTNAME").asText(""));
        Integer year = entry == null ? null : entry.instant().atZone(java.time.ZoneOffset.UTC).getYear();
        NodeLogEntry e = KubeletLine.read(doc.source(), j.path("MESSAGE").asText(""), host, year);
        if (e != null && entry != null && e.time() != null && Math.abs(e.time().instant().getEpochSecond() - entry.instant().getEpochSecond()) > 180 * 86_400L) {
            // Around New Year the header's month lies in the year before (or after) the entry's.
            int y = year + (e.time().instant().isAfter(entry.instant()) ? -1 : 1);
            e = e.at(KubeletLine.time("I" + e.clock(), y));
        }
        return e;
    }
}
