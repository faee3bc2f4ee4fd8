package dev.argoforensics.snapshot;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;
import java.util.Map;

/**
 * The kinds of exported object the analyzer reads. Events come in three API groups that share the
 * kind {@code Event}: core/v1 and events.k8s.io/v1 (cluster events), audit.k8s.io/v1 (API server
 * audit records); the apiVersion tells them apart.
 */
public enum ObjectKind {
    POD("Pod"),
    WORKFLOW("Workflow"),
    TASK_RESULT("WorkflowTaskResult"),
    CORE_EVENT("Event"),
    EVENTS_V1_EVENT("Event (events.k8s.io/v1)"),
    AUDIT_EVENT("Event (audit.k8s.io/v1)"),
    /** A GKE audit entry in Cloud Logging (protoPayload of type AuditLog, service k8s.io). */
    GKE_AUDIT("Cloud Logging audit entry (GKE)"),
    /** An audit.k8s.io/v1 Event carried as text by a log service (EKS CloudWatch Logs, AKS diagnostics). */
    EXPORTED_AUDIT("audit Event in a log export"),
    /** A kubelet journald entry in Cloud Logging whose message the timeline shows. */
    NODE_LOG("kubelet journal entry");

    /** Folder and file names that say which kind the objects inside are (used only when an object names no kind). */
    private static final Map<String, ObjectKind> PATH_NAMES = Map.of(
            "pods", POD, "pod", POD,
            "workflows", WORKFLOW, "workflow", WORKFLOW,
            "workflowtaskresults", TASK_RESULT, "workflowtaskresult", TASK_RESULT, "taskresults", TASK_RESULT,
            "events", CORE_EVENT, "event", CORE_EVENT);

    private final String label;

    ObjectKind(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** What one document is, and the words the inputs table uses for it. */
    public record Classified(ObjectKind kind, String label) {
        public boolean read() {
            return kind != null;
        }
    }

    /**
     * @param fromPath the kind the file's folder or name states ({@link #fromPath}), or null
     */
    public static Classified classify(ObjectDocument doc, ObjectKind fromPath) {
        String kind = doc.kind();
        String group = group(doc.apiVersion());
        JsonNode n = doc.node();
        switch (kind) {
            case "Pod":
                return known(POD);
            case "Workflow":
                return known(WORKFLOW);
            case "WorkflowTaskResult":
                return known(TASK_RESULT);
            case "Event":
                return known(event(group, n));
            case "":
                Classified managed = managed(n);
                if (managed != null) {
                    return managed;
                }
                if (looksLikeArgoGet(n)) {
                    return new Classified(WORKFLOW, WORKFLOW.label + " (no kind: read as argo get output)");
                }
                if (looksLikeWorkflowStatus(n)) {
                    return new Classified(WORKFLOW, WORKFLOW.label + " (no kind, status only: named by its root node)");
                }
                if (fromPath != null) {
                    ObjectKind k = fromPath == CORE_EVENT ? event(group, n) : fromPath;
                    return new Classified(k, k.label + " (no kind: named by its path)");
                }
                return new Classified(null, "(no kind) (ignored)");
            default:
                return new Classified(null, kind + " (ignored)");
        }
    }

    /**
     * Log-service entries without a kind, decided by their content before any folder name is heeded
     * ({@code aws logs filter-log-events > events.json} holds no core Events): a Cloud Logging entry,
     * an Azure diagnostics record, or a log export holding an audit Event as text; null for anything else.
     */
    private static Classified managed(JsonNode n) {
        if (ManagedAuditDecoder.isCloudAudit(n)) {
            return ManagedAuditDecoder.isKubernetesAudit(n) ? known(GKE_AUDIT)
                    : new Classified(null, "Cloud Logging audit entry of " + n.path("protoPayload").path("serviceName").asText("another service")
                    + " (ignored)");
        }
        if (ManagedAuditDecoder.isKubeletJournal(n)) {
            return KubeletLine.action(n.path("jsonPayload").path("MESSAGE").asText("")) != null ? known(NODE_LOG)
                    : new Classified(null, "kubelet journal entry, another message (ignored)");
        }
        String category = ManagedAuditDecoder.azureCategory(n);
        if (!category.isEmpty() && (n.has("properties") || n.has("log_s") || n.has("resourceId") || n.has("_ResourceId"))) {
            boolean audit = category.equals("kube-audit") || category.equals("kube-audit-admin");
            if (!audit) {
                return new Classified(null, "Azure diagnostics record, category " + category + " (ignored)");
            }
            return ManagedAuditDecoder.embeddedEvent(n) != null ? known(EXPORTED_AUDIT)
                    : new Classified(null, "Azure diagnostics record, category " + category + ", without an audit Event (ignored)");
        }
        if (ManagedAuditDecoder.embeddedEvent(n) != null) {
            return known(EXPORTED_AUDIT);
        }
        if (n.has("protoPayload") || n.has("jsonPayload") || n.has("textPayload")) {
            return new Classified(null, "Cloud Logging entry (ignored)");
        }
        String search = dev.argoforensics.source.LogEntryDocument.searchResponseWithoutEntries(n);
        if (search != null) {
            return new Classified(null, search + " (ignored)");
        }
        if (dev.argoforensics.source.LogEntryDocument.lokiStreams(n) >= 0) {
            // Loki's query_range API printed with each value on one line (Jackson's default pretty-printer): no value is read
            return new Classified(null, LOKI_RESPONSE);
        }
        if (n.path("message").isTextual() && (n.has("logStreamName") || n.has("ingestionTime"))) {
            // aws logs filter-log-events / get-log-events --output json: the log lines inside a JSON document, not one per line
            return new Classified(null, CLOUDWATCH_EVENT);
        }
        return null;
    }

    /** What the inputs table says of {@code aws logs filter-log-events} JSON, which the log reader cannot take as it is. */
    static final String CLOUDWATCH_EVENT = "CloudWatch Logs event holding a log line (ignored: a pretty-printed document is not read as log lines;"
            + " give the lines themselves, e.g. jq -r '.events[].message' events.json > controller.log)";

    /** What the inputs table says of a Loki query response, whose lines the log reader cannot take as they are. */
    static final String LOKI_RESPONSE = "Loki query response holding log lines (ignored: its values are not laid out as jq prints them;"
            + " give it as jq . response.json prints it, each value then read at its time with its stream's labels)";

    private static Classified known(ObjectKind k) {
        return new Classified(k, k.label);
    }

    private static ObjectKind event(String group, JsonNode n) {
        switch (group) {
            case "audit.k8s.io":
                return AUDIT_EVENT;
            case "events.k8s.io":
                return EVENTS_V1_EVENT;
            case "":
                if (n.has("auditID")) {
                    return AUDIT_EVENT;
                }
                return n.has("regarding") || n.has("note") ? EVENTS_V1_EVENT : CORE_EVENT;
            default:
                return CORE_EVENT;
        }
    }

    /** {@code argo get -o yaml|json} prints a Workflow without apiVersion and kind. */
    private static boolean looksLikeArgoGet(JsonNode n) {
        JsonNode spec = n.path("spec");
        return n.has("metadata") && n.has("status") && (spec.has("templates") || spec.has("workflowTemplateRef") || spec.has("entrypoint"));
    }

    /**
     * {@code argo get -o yaml} or {@code kubectl get wf -o yaml} pasted from {@code status:} on: no metadata, a
     * {@code status.nodes} map whose entries are Workflow nodes (each with an {@code id} and a {@code type}).
     */
    private static boolean looksLikeWorkflowStatus(JsonNode n) {
        JsonNode nodes = n.path("status").path("nodes");
        if (n.has("metadata") || !nodes.isObject() || nodes.isEmpty()) {
            return false;
        }
        for (JsonNode node : nodes) {
            if (!node.path("id").isTextual() || !node.path("type").isTextual()) {
                return false;
            }
        }
        return true;
    }

    private static String group(String apiVersion) {
        int slash = apiVersion.indexOf('/');
        return slash < 0 ? "" : apiVersion.substring(0, slash);
    }

    /** The kind the nearest folder or file name states ({@code pods/}, {@code events.json}), or null. */
    public static ObjectKind fromPath(String displayPath) {
        String[] segments = displayPath.split("/");
        for (int i = segments.length - 1; i >= 0; i--) {
            String s = segments[i].toLowerCase(Locale.ROOT);
            if (i == segments.length - 1) {
                int dot = s.indexOf('.');
                s = dot < 0 ? s : s.substring(0, dot);
            }
            ObjectKind k = PATH_NAMES.get(s);
            if (k != null) {
                return k;
            }
        }
        return null;
    }
}
