package dev.argoforensics.snapshot;

import com.fasterxml.jackson.databind.JsonNode;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns exported Pods, Workflows and WorkflowTaskResults into the observation records the analyzer
 * keeps (only what it uses); {@link EventDecoder} does the same for cluster events and audit records.
 */
public final class ObjectDecoder {
    private ObjectDecoder() {
    }

    /** Decodes a document of a kind the analyzer reads. */
    public static ExportedObject decode(ObjectKind kind, ObjectDocument doc) {
        switch (kind) {
            case POD:
                return pod(doc);
            case WORKFLOW:
                return workflow(doc);
            case TASK_RESULT:
                return taskResult(doc);
            case CORE_EVENT:
            case EVENTS_V1_EVENT:
                return EventDecoder.clusterEvent(kind, doc);
            case AUDIT_EVENT:
                return EventDecoder.audit(doc);
            case GKE_AUDIT:
                return ManagedAuditDecoder.gke(doc);
            case EXPORTED_AUDIT:
                return ManagedAuditDecoder.embedded(doc);
            case NODE_LOG:
                return ManagedAuditDecoder.kubeletJournal(doc);
            default:
                throw new IllegalStateException(kind.name());
        }
    }

    public static PodSnapshot pod(ObjectDocument doc) {
        JsonNode n = doc.node();
        misplacedStatus(n, POD_STATUS_FIELDS);
        JsonNode meta = n.path("metadata");
        JsonNode status = n.path("status");
        Latest latest = new Latest();
        Timestamp created = latest.add(KubeTime.at(meta.path("creationTimestamp")));
        Timestamp deleted = KubeTime.at(meta.path("deletionTimestamp"));
        Long grace = meta.hasNonNull("deletionGracePeriodSeconds") ? meta.get("deletionGracePeriodSeconds").asLong() : null;
        // A running Pod's deletionTimestamp is the end of its grace period, possibly still ahead: the request is what happened.
        latest.add(deleted == null || grace == null ? deleted
                : new Timestamp(requestedAt(deleted, grace), deleted.precision(), deleted.zone()));
        Timestamp managed = managedFieldTimes(meta, latest);
        List<PodCondition> conditions = new ArrayList<>();
        for (JsonNode c : status.path("conditions")) {
            conditions.add(new PodCondition(c.path("type").asText(), c.path("status").asText(),
                    latest.add(KubeTime.at(c.path("lastTransitionTime"))), c.path("reason").asText(""), c.path("message").asText("")));
        }
        List<ContainerState> containers = new ArrayList<>();
        for (JsonNode c : status.path("initContainerStatuses")) {
            containers.add(container(c, true, latest));
        }
        for (JsonNode c : status.path("containerStatuses")) {
            containers.add(container(c, false, latest));
        }
        List<String> finalizers = new ArrayList<>();
        meta.path("finalizers").forEach(f -> finalizers.add(f.asText()));
        return new PodSnapshot(doc.source(), meta.path("namespace").asText(""), meta.path("name").asText(""),
                meta.path("uid").asText(""), created, deleted, grace, n.path("spec").path("nodeName").asText(""),
                strings(meta.path("labels")), strings(meta.path("annotations")), finalizers, owners(meta),
                status.path("phase").asText(""), conditions, containers, ObservedAt.of(doc.takenAt(), latest.value),
                status.path("reason").asText(""), status.path("message").asText(""), false, endCut(n, doc.trimmed(), doc.source().line()), executorImage(n),
                KubeTime.at(status.path("startTime")), managed);
    }

    /**
     * Session 55 (s54 breaker): the API server returns every Pod with its {@code status}, which kubectl prints last ({@code -o yaml}
     * sorts the keys: apiVersion, kind, metadata, spec, status). An export of a Pod read from the server (its {@code uid},
     * {@code creationTimestamp}, {@code resourceVersion} or {@code deletionTimestamp} shown) without {@code status} was cut after its last line: a paste that ended there, inside
     * {@code metadata.finalizers} or anywhere before. What followed that line is unknown, not absent: the cut stands at the last
     * field's path, and in each mapping on the way it may have held the keys after the last one shown (kubectl's order; where a
     * mapping's keys are not in that order, any of them). A {@code status: {}} is a status shown. Trimmed as read otherwise;
     * {@code line} is where the object starts (where the paste ended is not kept).
     */
    static Trimmed endCut(JsonNode pod, Trimmed trimmed, long line) {
        JsonNode meta = pod.path("metadata");
        // Session 55 breaker: a manifest cleaner (kubectl neat, a yq script) drops uid, creationTimestamp and resourceVersion with the
        // status, but keeps a deletionTimestamp, which only the API server sets: such a paste cut in its finalizers is cut as well.
        boolean fromServer = !meta.path("uid").asText("").isEmpty() || meta.hasNonNull("creationTimestamp") || meta.hasNonNull("deletionTimestamp")
                || !meta.path("resourceVersion").asText("").isEmpty();
        if (pod.has("status") || !fromServer || !pod.isObject()) {
            return trimmed;
        }
        List<String> path = new ArrayList<>();
        List<Trimmed.Span> spans = new ArrayList<>();
        JsonNode at = pod;
        while (at.isObject() && at.size() > 0) {
            List<String> keys = new ArrayList<>();
            at.fieldNames().forEachRemaining(keys::add);
            String last = keys.get(keys.size() - 1);
            boolean sorted = true;
            for (int i = 1; i < keys.size() && sorted; i++) {
                sorted = keys.get(i - 1).compareTo(keys.get(i)) < 0;
            }
            spans.add(new Trimmed.Span(path, sorted ? last : "", null));
            path.add(last);
            at = at.get(last);
        }
        List<Trimmed.Cut> cuts = new ArrayList<>(trimmed.cuts());
        cuts.add(new Trimmed.Cut(line, path, Trimmed.END, spans));
        return new Trimmed(cuts);
    }

    /** The image of the executor's {@code wait} container, else of its {@code init} container, from the spec, else the status; "" if none. */
    private static String executorImage(JsonNode pod) {
        for (String name : List.of("wait", "init")) {
            for (String[] where : new String[][] {{"spec", "containers"}, {"spec", "initContainers"}, {"status", "containerStatuses"},
                    {"status", "initContainerStatuses"}}) {
                for (JsonNode c : pod.path(where[0]).path(where[1])) {
                    if (name.equals(c.path("name").asText()) && !c.path("image").asText("").isEmpty()) {
                        return c.path("image").asText();
                    }
                }
            }
        }
        return "";
    }

    /** When the deletion was asked for: {@code deletionTimestamp} less the grace period. */
    private static java.time.Instant requestedAt(Timestamp deleted, long grace) {
        try {
            return deleted.instant().minusSeconds(grace);
        } catch (java.time.DateTimeException | ArithmeticException e) {
            throw new RefusedObject("expected metadata.deletionGracePeriodSeconds to be a number of seconds before its deletionTimestamp,"
                    + " found " + grace);
        }
    }

    public static WorkflowSnapshot workflow(ObjectDocument doc) {
        JsonNode n = doc.node();
        misplacedStatus(n, WORKFLOW_STATUS_FIELDS);
        JsonNode meta = n.path("metadata");
        JsonNode status = n.path("status");
        Latest latest = new Latest();
        Timestamp created = latest.add(KubeTime.at(meta.path("creationTimestamp")));
        Timestamp deleting = latest.add(KubeTime.at(meta.path("deletionTimestamp")));
        latest.add(KubeTime.at(status.path("startedAt")));
        Timestamp finishedAt = latest.add(KubeTime.at(status.path("finishedAt")));
        managedFieldTimes(meta, latest);
        for (JsonNode c : status.path("conditions")) {
            latest.add(KubeTime.at(c.path("lastTransitionTime")));
        }
        java.util.Set<String> daemonTemplates = daemonTemplates(n);
        Map<String, NodeStatus> nodes = new LinkedHashMap<>();
        status.path("nodes").fields().forEachRemaining(e -> {
            JsonNode v = e.getValue();
            Boolean synced = v.has("taskResultSynced") && !v.get("taskResultSynced").isNull()
                    ? v.get("taskResultSynced").asBoolean() : null;
            NodeStatus node = new NodeStatus(v.path("id").asText(e.getKey()), v.path("name").asText(""),
                    v.path("displayName").asText(""), v.path("type").asText(""), v.path("templateName").asText(""),
                    v.path("templateRef").path("template").asText(""), v.path("phase").asText(""), v.path("message").asText(""),
                    latest.add(KubeTime.at(v.path("startedAt"))), latest.add(KubeTime.at(v.path("finishedAt"))), synced)
                    .withExitCode(v.path("outputs").hasNonNull("exitCode") ? v.path("outputs").get("exitCode").asText() : null);
            String ref = v.path("templateRef").path("name").asText("") + "/" + v.path("templateRef").path("template").asText("");
            boolean daemon = v.path("daemoned").asBoolean(false) || (v.path("templateRef").isObject()
                    ? daemonTemplates.stream().anyMatch(k -> k.endsWith("/" + ref)) : daemonTemplates.contains(node.templateName()));
            nodes.put(e.getKey(), daemon ? node.asDaemon() : node);
        });
        boolean offloaded = !status.has("nodes")
                && (status.hasNonNull("offloadNodeStatusVersion") || status.hasNonNull("compressedNodes"));
        String podNameFormat = meta.path("annotations").path("workflows.argoproj.io/pod-name-format").asText("");
        Map<String, Boolean> completion = new LinkedHashMap<>();
        status.path("taskResultsCompletionStatus").fields().forEachRemaining(e -> {
            if (e.getValue().isBoolean()) {
                completion.put(e.getKey(), e.getValue().asBoolean());
            }
        });
        String name = meta.path("name").asText("");
        if (name.isEmpty() && !meta.isObject() && !nodes.isEmpty()) {
            name = rootNode(nodes);
        }
        return new WorkflowSnapshot(doc.source(), meta.path("namespace").asText(""), name,
                meta.path("uid").asText(""), status.path("phase").asText(""), podNameFormat, nodes, offloaded, completion,
                ObservedAt.of(doc.takenAt(), latest.value), finishedAt, Synchronization.of(status.path("synchronization")), "", deleting,
                meta.path("resourceVersion").asText(""), doc.trimmed(), status.path("message").asText(""), created,
                WorkflowSnapshot.suspension(n.path("spec").isObject() && !doc.trimmed().hides("spec", "suspend"),
                        n.path("spec").path("suspend").asBoolean(false), nodes));
    }

    /**
     * The Workflow's daemon templates ({@code daemon: true}): by name from {@code spec.templates} and
     * {@code status.storedWorkflowTemplateSpec.templates}, and by their key ({@code namespaced/<template>/<name>}) from
     * {@code status.storedTemplates}, where the templates a {@code templateRef} names are kept.
     */
    private static java.util.Set<String> daemonTemplates(JsonNode workflow) {
        java.util.Set<String> out = new java.util.HashSet<>();
        for (JsonNode list : List.of(workflow.path("spec").path("templates"), workflow.path("status").path("storedWorkflowTemplateSpec").path("templates"))) {
            for (JsonNode t : list) {
                if (t.path("daemon").asBoolean(false) && !t.path("name").asText("").isEmpty()) {
                    out.add(t.path("name").asText());
                }
            }
        }
        workflow.path("status").path("storedTemplates").fields().forEachRemaining(e -> {
            if (e.getValue().path("daemon").asBoolean(false)) {
                out.add(e.getKey());
            }
        });
        return out;
    }

    /**
     * The Workflow's name when only its status was exported: its root node's ID is its name, and that node's
     * name is the same; without the root (a fragment), the name every node's ID and name agree on (ID
     * {@code <workflow>-<hash>}, name {@code <workflow>} followed by {@code .}, {@code [} or {@code (}).
     */
    private static final java.util.regex.Pattern NODE_ID = java.util.regex.Pattern.compile("^(.+)-\\d+$");

    private static String rootNode(Map<String, NodeStatus> nodes) {
        for (NodeStatus n : nodes.values()) {
            if (!n.id().isEmpty() && n.id().equals(n.name())) {
                return n.id();
            }
        }
        // A fragment without the root: every other node's ID is "<workflow>-<hash>" and its name "<workflow>" then ".", "[" or "(".
        java.util.Set<String> named = new java.util.TreeSet<>();
        for (NodeStatus n : nodes.values()) {
            java.util.regex.Matcher m = NODE_ID.matcher(n.id());
            String wf = m.matches() ? m.group(1) : "";
            if (wf.isEmpty() || n.name().length() <= wf.length() || !n.name().startsWith(wf) || ".[(".indexOf(n.name().charAt(wf.length())) < 0) {
                named.clear();
                break;
            }
            named.add(wf);
        }
        if (named.size() == 1) {
            return named.iterator().next();
        }
        throw new RefusedObject("a Workflow status without metadata, and no node whose ID is its name (the root node, which names the "
                + "Workflow): export it with metadata (kubectl get wf NAME -n NS -o yaml)");
    }

    public static TaskResultSnapshot taskResult(ObjectDocument doc) {
        JsonNode n = doc.node();
        JsonNode meta = n.path("metadata");
        Latest latest = new Latest();
        Timestamp created = latest.add(KubeTime.at(meta.path("creationTimestamp")));
        managedFieldTimes(meta, latest);
        JsonNode labels = meta.path("labels");
        JsonNode outputs = n.path("outputs");
        List<String> parameters = new ArrayList<>();
        outputs.path("parameters").forEach(p -> parameters.add(p.path("name").asText("")));
        String completed = labels.hasNonNull(TaskResultSnapshot.OUTPUTS_COMPLETED_LABEL)
                ? labels.get(TaskResultSnapshot.OUTPUTS_COMPLETED_LABEL).asText() : null;
        return new TaskResultSnapshot(doc.source(), meta.path("namespace").asText(""), meta.path("name").asText(""),
                meta.path("uid").asText(""), labels.path(PodSnapshot.WORKFLOW_LABEL).asText(""), completed, owners(meta),
                n.path("phase").asText(""), n.path("message").asText(""),
                parameters, n.path("progress").asText(""), created, ObservedAt.of(doc.takenAt(), latest.value));
    }

    /** Fields only an object's {@code status} holds: neither {@code spec} nor {@code metadata} of that kind has them. */
    private static final List<String> POD_STATUS_FIELDS = List.of("status", "phase", "containerStatuses", "initContainerStatuses", "podIP");
    private static final List<String> WORKFLOW_STATUS_FIELDS = List.of("status", "phase", "nodes", "startedAt", "finishedAt", "progress",
            "taskResultsCompletionStatus");

    /**
     * Refuses an object whose status was indented under {@code spec} or {@code metadata} (a hand-edited or re-indented export:
     * {@code status:} one level too deep is still valid YAML, with its fields read as the spec's). Read as it parses, the object
     * would have no status at all: a Workflow with no nodes, a Pod with no container states, which no rule may take for what the
     * cluster held. Kubernetes writes {@code status} at the top level only, and these fields are never in a spec or metadata.
     */
    private static void misplacedStatus(JsonNode n, List<String> statusFields) {
        if (n.path("status").isObject() && !n.path("status").isEmpty()) {
            return;
        }
        for (String parent : List.of("spec", "metadata")) {
            for (String field : statusFields) {
                if (n.path(parent).has(field)) {
                    throw new RefusedObject("expected status at the top level of the object (at the indentation of spec), found "
                            + parent + "." + field + ": the status looks indented under " + parent + ", so it was not read; object"
                            + " ignored (fix the export's indentation)");
                }
            }
        }
    }

    private static List<OwnerRef> owners(JsonNode meta) {
        List<OwnerRef> owners = new ArrayList<>();
        for (JsonNode o : meta.path("ownerReferences")) {
            owners.add(new OwnerRef(o.path("kind").asText(), o.path("name").asText(), o.path("uid").asText(),
                    o.path("controller").asBoolean(false)));
        }
        return owners;
    }

    private static ContainerState container(JsonNode c, boolean init, Latest latest) {
        JsonNode state = c.path("state");
        String kind = state.has("terminated") ? "terminated" : state.has("running") ? "running" : state.has("waiting") ? "waiting" : "";
        JsonNode s = state.path(kind);
        Integer exit = s.has("exitCode") ? s.get("exitCode").asInt() : null;
        Timestamp started = latest.add(KubeTime.at(s.path("startedAt")));
        Timestamp finished = latest.add(KubeTime.at(s.path("finishedAt")));
        return new ContainerState(c.path("name").asText(""), init, kind, exit, s.path("reason").asText(""), started, finished,
                s.path("message").asText(""));
    }

    /** Adds the managedFields entries' times (the API server's clock) to {@code latest}; returns the latest of them, or null. */
    private static Timestamp managedFieldTimes(JsonNode meta, Latest latest) {
        Timestamp managed = null;
        for (JsonNode m : meta.path("managedFields")) {
            managed = KubeTime.latest(managed, latest.add(KubeTime.at(m.path("time"))));
        }
        return managed;
    }

    static Map<String, String> strings(JsonNode map) {
        Map<String, String> out = new LinkedHashMap<>();
        map.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
        return out;
    }

    /** Tracks the latest time seen inside an object. */
    private static final class Latest {
        Timestamp value;

        Timestamp add(Timestamp t) {
            value = KubeTime.latest(value, t);
            return t;
        }
    }
}
