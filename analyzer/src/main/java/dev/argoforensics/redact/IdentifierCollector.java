package dev.argoforensics.redact;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.analysis.AnalysisResult;
import com.fasterxml.jackson.databind.JsonNode;
import dev.argoforensics.correlate.NodeLink;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.line.Field;
import dev.argoforensics.line.LineParse;
import dev.argoforensics.line.RecordParser;
import dev.argoforensics.snapshot.NodeStatus;
import dev.argoforensics.snapshot.ObjectDocument;
import dev.argoforensics.snapshot.ObjectFileReader;
import dev.argoforensics.snapshot.OwnerRef;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import dev.argoforensics.snapshot.PasteFileReader;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.source.PasteShape;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the identifiers to replace in everything the analysis read: what correlation made of the
 * log lines and exports (namespaces, Workflow, Pod and node names, UIDs), the key/value pairs of
 * every log line, and every exported object read again in full, for the fields the analysis does
 * not keep (node hostnames, IPs, service accounts, images, users), whatever the object's kind.
 */
final class IdentifierCollector {
    /**
     * Log keys whose values are identifiers, by kind: the catalog's {@code identifiers} section (a kind
     * there is this enum's name in lower case, {@code service-account} for {@code SERVICE_ACCOUNT});
     * {@code key} and {@code wfOwnerKey} are split.
     */
    private static final Map<String, IdentifierKind> LOG_KEYS = logKeys(MessageCatalog.standard().identifierKeys());
    /** Object fields whose string values are identifiers, wherever they stand in an object. */
    private static final Map<String, IdentifierKind> OBJECT_FIELDS = Map.ofEntries(
            Map.entry("namespace", IdentifierKind.NAMESPACE),
            Map.entry("uid", IdentifierKind.UID),
            Map.entry("nodeName", IdentifierKind.HOST),
            Map.entry("hostNodeName", IdentifierKind.HOST),
            Map.entry("host", IdentifierKind.HOST),
            Map.entry("hostname", IdentifierKind.HOST),
            Map.entry("reportingInstance", IdentifierKind.HOST),
            Map.entry("serviceAccountName", IdentifierKind.SERVICE_ACCOUNT),
            Map.entry("serviceAccount", IdentifierKind.SERVICE_ACCOUNT),
            Map.entry("hostIP", IdentifierKind.IP),
            Map.entry("podIP", IdentifierKind.IP),
            Map.entry("ip", IdentifierKind.IP),
            Map.entry("sourceIPs", IdentifierKind.IP),
            Map.entry("image", IdentifierKind.IMAGE),
            Map.entry("imageID", IdentifierKind.IMAGE),
            Map.entry("username", IdentifierKind.USER),
            Map.entry("principalEmail", IdentifierKind.USER),
            Map.entry("cluster_name", IdentifierKind.OBJECT),
            Map.entry("node_name", IdentifierKind.HOST),
            Map.entry("_HOSTNAME", IdentifierKind.HOST),
            Map.entry("workflows.argoproj.io/workflow", IdentifierKind.WORKFLOW),
            Map.entry("workflows.argoproj.io/controller-instanceid", IdentifierKind.INSTANCE_ID),
            Map.entry("workflows.argoproj.io/node-name", IdentifierKind.NODE),
            Map.entry("workflows.argoproj.io/node-id", IdentifierKind.NODE));

    /** The kinds of the names pasted argo get and kubectl get pods output holds. */
    private static final Map<String, IdentifierKind> PASTED = Map.of("pod", IdentifierKind.POD, "namespace", IdentifierKind.NAMESPACE,
            "workflow", IdentifierKind.WORKFLOW, "host", IdentifierKind.HOST, "serviceAccount", IdentifierKind.SERVICE_ACCOUNT);

    /** A CRI log folder on a node: {@code /var/log/pods/<namespace>_<pod>_<uid>/}, or that folder copied without its parent. */
    private static final Pattern CRI_FOLDER = Pattern.compile("(?:^|/)(?:pods/)?([^_/]+)_([^_/]+)_([0-9a-fA-F-]{36})/");

    /** The alphabet of Kubernetes' generated name parts (pod-template-hash, the random suffix): no vowels, no 0, 1, 3. */
    private static final String GENERATED = "[bcdfghjklmnpqrstvwxz2456789]";
    /** A Deployment's Pod name, {@code workflow-controller-6b8d9f7c4-p2x7w}, as a whole name in a path. */
    private static final Pattern DEPLOYMENT_POD = Pattern.compile("(?<![A-Za-z0-9-])[a-z0-9](?:[-a-z0-9]*[a-z0-9])?-" + GENERATED + "{6,10}-"
            + GENERATED + "{5}(?![A-Za-z0-9-])");
    /** The kubelet's symbolic links, {@code /var/log/containers/<pod>_<namespace>_<container>-<container id>.log}. */
    private static final Pattern CONTAINERS_FILE = Pattern.compile("(?:^|/)([a-z0-9][-a-z0-9.]*)_([a-z0-9][-a-z0-9]*)_[^/_]+-[0-9a-f]{64}\\.log");

    private final Identifiers found = new Identifiers();

    static Map<String, IdentifierKind> logKeys(Map<String, String> declared) {
        Map<String, IdentifierKind> out = new java.util.HashMap<>();
        declared.forEach((key, kind) -> out.put(key, IdentifierKind.valueOf(kind.toUpperCase(java.util.Locale.ROOT).replace('-', '_'))));
        return Map.copyOf(out);
    }
    private final RecordParser parser = new RecordParser();

    static Identifiers collect(AnalysisResult result) {
        IdentifierCollector c = new IdentifierCollector();
        c.correlated(result);
        for (LogEvent e : result.correlation().events()) {
            c.logEvent(e);
        }
        for (ControllerProcess p : result.correlation().processes()) {
            c.controller(p);
        }
        for (InputSummary i : result.inputs()) {
            c.path(i.file().displayPath());
            if (i.file().kind() == InputKind.SNAPSHOT && i.sha256() != null) {
                c.objects(i);
            }
        }
        result.unreadable().forEach(u -> c.path(u.path()));
        return c.found;
    }

    /**
     * Names a path holds and no content may repeat: a Deployment's Pod name in a file or folder name
     * (a standby replica's log saved as {@code workflow-controller-6b8d9f7c4-p2x7w.log}), the Pod and
     * namespace of a kubelet {@code /var/log/containers/} link, and those of a CRI log folder.
     */
    private void path(String path) {
        if (path == null) {
            return;
        }
        Matcher pod = DEPLOYMENT_POD.matcher(path);
        while (pod.find()) {
            found.add(IdentifierKind.POD, pod.group());
        }
        Matcher link = CONTAINERS_FILE.matcher(path);
        if (link.find()) {
            found.add(IdentifierKind.POD, link.group(1));
            found.add(IdentifierKind.NAMESPACE, link.group(2));
        }
        Matcher cri = CRI_FOLDER.matcher(path);
        if (cri.find()) {
            found.add(IdentifierKind.NAMESPACE, cri.group(1));
            found.add(IdentifierKind.POD, cri.group(2));
            found.add(IdentifierKind.UID, cri.group(3));
        }
    }

    private void correlated(AnalysisResult result) {
        for (PodHistory pod : result.correlation().pods().values()) {
            pod(pod.key());
            found.add(IdentifierKind.UID, pod.uid());
            NodeLink link = pod.link();
            if (link != null) {
                workflow(link.workflow());
                found.add(IdentifierKind.NODE, link.nodeId());
                found.add(IdentifierKind.NODE, link.nodeName());
            }
            for (PodSnapshot s : pod.snapshots()) {
                podSnapshot(s);
            }
            // Exports whose records sit inside text (EKS, AKS) or in lines (CSV, journal) are not walked again: their
            // identifiers come from what was read.
            for (dev.argoforensics.snapshot.AuditRecord a : pod.auditRecords()) {
                found.add(IdentifierKind.USER, a.user());
                int cluster = a.exporter().indexOf(", cluster ");
                if (cluster >= 0) {
                    found.add(IdentifierKind.OBJECT, a.exporter().substring(cluster + ", cluster ".length()));
                }
                // A deletecollection's selector values (labelSelector=app=etl,team!=x): the report quotes them (session 50).
                for (String selector : a.selector().split("; ")) {
                    int eq = selector.indexOf('=');
                    // Session 52: a set's values (tier in (a,b)) too; the report now quotes a selector's reading as well.
                    java.util.regex.Matcher set = java.util.regex.Pattern.compile("\\(([^)]*)\\)").matcher(eq < 0 ? "" : selector.substring(eq + 1));
                    while (set.find()) {
                        for (String value : set.group(1).split(",")) {
                            if (!value.isBlank()) {
                                found.add(IdentifierKind.OBJECT, value.strip());
                            }
                        }
                    }
                    for (String term : eq < 0 ? new String[0] : selector.substring(eq + 1).replaceAll("\\([^)]*\\)", "").split(",")) {
                        int op = Math.max(term.lastIndexOf('='), term.lastIndexOf('!'));
                        String value = op < 0 ? "" : term.substring(op + 1).strip();
                        if (!value.isEmpty()) {
                            found.add(IdentifierKind.OBJECT, value);
                        }
                    }
                }
            }
            for (dev.argoforensics.snapshot.NodeLogEntry n : pod.nodeLogs()) {
                found.add(IdentifierKind.HOST, n.host());
                found.add(IdentifierKind.UID, n.podUid());
                found.add(IdentifierKind.OBJECT, n.containerId());
            }
        }
        for (WorkflowHistory wf : result.correlation().workflows().values()) {
            workflow(wf.ref());
            for (WorkflowSnapshot s : wf.snapshots()) {
                found.add(IdentifierKind.NAMESPACE, s.namespace());
                found.add(IdentifierKind.WORKFLOW, s.name());
                found.add(IdentifierKind.UID, s.uid());
                for (Map.Entry<String, NodeStatus> n : s.nodes().entrySet()) {
                    found.add(IdentifierKind.NODE, n.getKey());
                    found.add(IdentifierKind.NODE, n.getValue().id());
                    found.add(IdentifierKind.NODE, n.getValue().name());
                }
            }
        }
    }

    /** A controller replica's Pod name, and the namespace, Pod and UID in a CRI log folder. */
    private void controller(ControllerProcess p) {
        if (p.replicaFrom() != ControllerProcess.ReplicaSource.FILE && p.replicaFrom() != ControllerProcess.ReplicaSource.QUOTE) {
            found.add(IdentifierKind.POD, p.replica());
        } else {
            path(p.replica());
        }
        for (String file : p.files()) {
            Matcher m = CRI_FOLDER.matcher(file);
            if (m.find()) {
                found.add(IdentifierKind.NAMESPACE, m.group(1));
                found.add(IdentifierKind.POD, m.group(2));
                found.add(IdentifierKind.UID, m.group(3));
            }
        }
    }

    private void podSnapshot(PodSnapshot s) {
        found.add(IdentifierKind.NAMESPACE, s.namespace());
        found.add(IdentifierKind.POD, s.name());
        found.add(IdentifierKind.UID, s.uid());
        for (OwnerRef o : s.owners()) {
            found.add("Workflow".equals(o.kind()) ? IdentifierKind.WORKFLOW : IdentifierKind.OBJECT, o.name());
            found.add(IdentifierKind.UID, o.uid());
        }
        labelsAndAnnotations(s.labels());
        labelsAndAnnotations(s.annotations());
    }

    private void labelsAndAnnotations(Map<String, String> values) {
        values.forEach((k, v) -> {
            IdentifierKind kind = OBJECT_FIELDS.get(k);
            if (kind != null && k.startsWith("workflows.argoproj.io/")) {
                found.add(kind, v);
            }
        });
    }

    private void logEvent(LogEvent e) {
        ControllerEvent ev = e.event();
        ev.pod().filter(p -> !dev.argoforensics.correlate.ElidedNames.isElided(p.name())).ifPresent(p -> {
            found.add(IdentifierKind.NAMESPACE, p.namespace());
            found.add(IdentifierKind.POD, p.name());
        });
        ev.workflow().ifPresent(this::workflow);
        ev.nodeId().ifPresent(n -> found.add(IdentifierKind.NODE, n));
        ev.nodeName().ifPresent(n -> found.add(IdentifierKind.NODE, n));
        if (ev instanceof ControllerEvent.ControllerStarted s) {
            found.add(IdentifierKind.INSTANCE_ID, s.instanceId());
        } else if (ev instanceof ControllerEvent.Signal s && dev.argoforensics.correlate.RunScopes.TASK_RESULT_WATCH_SIGNAL.equals(s.name())) {
            // The run's instance ID inside the watch's label selector (session 59), a value no identifier key carries.
            found.add(IdentifierKind.INSTANCE_ID, dev.argoforensics.correlate.RunScopes.watchedInstanceId(s.attribute("labelSelector")));
        }
        urlHosts(e.text());
        if (parser.parse(e.text(), e.time().instant().atZone(java.time.ZoneOffset.UTC).getYear()) instanceof LineParse.Parsed parsed) {
            for (Field f : parsed.record().fields()) {
                logField(f.key(), f.value());
            }
            if (ev instanceof ControllerEvent.EventRecorded r) {
                eventOccurred(r, parsed.record().fields());
            }
        }
    }

    /** A node ID or Pod name a Workflow's name begins: its name, then {@code -}, {@code .} or {@code [}, up to a quote, a space or a sentence's end. */
    private static final String DERIVED_NAME = "[-.\\[][^\\s'\"`,;]*[^\\s'\"`,;.:]";

    /**
     * A v4 {@code Event occurred} line: the namespace and name of its {@code object} whatever the kind (a CronWorkflow's
     * {@code Malformed} event names no Workflow), and the node IDs and Pod names its {@code message} derives from the Workflow's
     * name ({@code WorkflowFailed}'s message is the Workflow's, {@code child '<node ID>' failed}); the node a
     * {@code WorkflowNode<Phase>} message names is the event's own.
     */
    private void eventOccurred(ControllerEvent.EventRecorded r, java.util.List<Field> fields) {
        String object = null;
        String kind = null;
        String message = null;
        for (Field f : fields) {
            switch (f.key()) {
                case "object" -> object = f.value();
                case "kind" -> kind = f.value();
                case "message" -> message = f.value();
                default -> {
                }
            }
        }
        String[] ref = ControllerEvent.EventRecorded.objectRef(object);
        if (ref[0] != null && !dev.argoforensics.event.RedactedNames.isPlaceholder(ref[0])) {
            found.add(IdentifierKind.NAMESPACE, ref[0]);
        }
        if (ref[1] != null && !dev.argoforensics.event.RedactedNames.isPlaceholder(ref[1])) {
            found.add(kind == null ? IdentifierKind.OBJECT : nameKind(kind), ref[1]);
        }
        if (message != null && r.wf() != null && r.wf().name() != null) {
            Matcher m = Pattern.compile("(?<![A-Za-z0-9._-])" + Pattern.quote(r.wf().name()) + DERIVED_NAME).matcher(message);
            while (m.find()) {
                found.add(IdentifierKind.NODE, m.group());
            }
        }
    }

    /** Words of Argo's and the report's own that a URL may use as a host name ({@code http://main:8080}): never replaced as names. */
    private static final java.util.Set<String> VOCABULARY = java.util.Set.of("argo", "main", "wait", "init", "default", "kubernetes",
            "pod", "node", "host", "server", "api", "controller", "workflow", "localhost");

    /**
     * The hosts of the URLs in a line, also those without a dot ({@code http://minio:9000/}, {@code https://argo-server:2746}): named
     * before any text is redacted, so the same name standing bare in any line ({@code lookup minio on …}) is replaced too. A
     * cloud service's public endpoint is not collected, only the bucket or account before it.
     */
    private void urlHosts(String text) {
        if (text.indexOf("://") < 0) {
            return;
        }
        Matcher m = TextRedactor.URL_HOST.matcher(text);
        while (m.find()) {
            String own = TextRedactor.privatePart(m.group(1));
            if (own != null && own.length() >= 3 && !VOCABULARY.contains(own.toLowerCase(java.util.Locale.ROOT))) {
                found.add(IdentifierKind.HOST, own);
            }
        }
    }

    private void logField(String key, String value) {
        if (key.equals("key") || key.equals("wfOwnerKey")) {
            // <namespace>/<pod>/<action>[/<uid>] or <namespace>/<workflow>
            String[] parts = value.split("/");
            found.add(IdentifierKind.NAMESPACE, parts[0]);
            if (parts.length > 1) {
                found.add(key.equals("key") ? IdentifierKind.POD : IdentifierKind.WORKFLOW, parts[1]);
            }
            if (parts.length > 3) {
                found.add(IdentifierKind.UID, parts[3]);
            }
            return;
        }
        IdentifierKind kind = LOG_KEYS.get(key);
        if (kind != null) {
            found.add(kind, value);
        }
    }

    private void pod(PodKey key) {
        if (dev.argoforensics.correlate.ElidedNames.isElided(key.name())) {
            return; // names no Pod (an excerpt left the name out): its words stay, its file's folder is rewritten as every path is
        }
        found.add(IdentifierKind.NAMESPACE, key.namespace());
        found.add(IdentifierKind.POD, key.name());
    }

    private void workflow(WorkflowRef ref) {
        if (ref != null) {
            found.add(IdentifierKind.NAMESPACE, ref.namespace());
            found.add(IdentifierKind.WORKFLOW, ref.name());
        }
    }

    /** Reads a snapshot file again, this time every field of every object. */
    private void objects(InputSummary input) {
        try {
            PasteShape shape = PasteShape.of(input.file().reason());
            if (shape != PasteShape.NONE) {
                for (String id : new PasteFileReader().read(input.file(), shape, null, null, dev.argoforensics.wording.Message.NOTHING).identifiers()) {
                    int colon = id.indexOf(':');
                    found.add(PASTED.get(id.substring(0, colon)), id.substring(colon + 1));
                }
                return;
            }
            new ObjectFileReader().read(input.file(), null, this::object);
        } catch (IOException e) {
            throw new UncheckedIOException(input.file().displayPath() + ": " + e.getMessage(), e);
        }
    }

    private void object(ObjectDocument doc) {
        JsonNode n = doc.node();
        found.add(nameKind(doc.kind()), n.path("metadata").path("name").asText(""));
        walk(n);
    }

    /** Every identifier field, at any depth; a reference to an object ({kind, name}) names it by its kind. */
    private void walk(JsonNode n) {
        if (n.isObject()) {
            if (n.path("kind").isTextual() && n.path("name").isTextual()) {
                found.add(nameKind(n.path("kind").asText()), n.path("name").asText());
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> f = it.next();
                IdentifierKind kind = OBJECT_FIELDS.get(f.getKey());
                if (kind != null) {
                    values(kind, f.getValue());
                }
                walk(f.getValue());
            }
            nodeStatuses(n);
        } else if (n.isArray()) {
            n.forEach(this::walk);
        }
    }

    /** A Workflow's {@code status.nodes}: keys are node IDs, {@code name} node names. */
    private void nodeStatuses(JsonNode n) {
        JsonNode nodes = n.path("nodes");
        if (n.has("phase") && nodes.isObject()) {
            nodes.fields().forEachRemaining(e -> {
                found.add(IdentifierKind.NODE, e.getKey());
                found.add(IdentifierKind.NODE, e.getValue().path("name").asText(""));
            });
        }
    }

    private void values(IdentifierKind kind, JsonNode v) {
        if (v.isTextual()) {
            found.add(kind, v.asText());
        } else if (v.isArray()) {
            v.forEach(x -> {
                if (x.isTextual()) {
                    found.add(kind, x.asText());
                }
            });
        }
    }

    private static IdentifierKind nameKind(String objectKind) {
        return switch (objectKind) {
            case "Pod" -> IdentifierKind.POD;
            case "Workflow" -> IdentifierKind.WORKFLOW;
            case "WorkflowTaskResult" -> IdentifierKind.NODE;
            case "Namespace" -> IdentifierKind.NAMESPACE;
            case "Node" -> IdentifierKind.HOST;
            case "ServiceAccount" -> IdentifierKind.SERVICE_ACCOUNT;
            default -> IdentifierKind.OBJECT;
        };
    }
}
