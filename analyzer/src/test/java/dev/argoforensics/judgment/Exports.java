package dev.argoforensics.judgment;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import dev.argoforensics.judgment.K8s.Cond;
import dev.argoforensics.judgment.K8s.Ctr;
import dev.argoforensics.judgment.K8s.Node;
import dev.argoforensics.judgment.K8s.Pod;
import dev.argoforensics.judgment.K8s.Workflow;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Exported objects as kubectl writes them: {@code get -o yaml} (keys sorted, as kubectl's JSON to
 * YAML conversion sorts them), {@code -o json} (4-space indent), {@code kind: List} for a label
 * query, and {@code get -w -o yaml} streams (one document per change), with the
 * {@code # taken-at:} comment people add when they follow docs/snapshots.md.
 */
final class Exports {
    private final Path dir;
    private final Map<String, Release> releaseOfNamespace;
    private int files;
    private int objects;
    private final ObjectWriter json;

    Exports(Path dir, Map<String, Release> releaseOfNamespace) {
        this.dir = dir;
        this.releaseOfNamespace = releaseOfNamespace;
        DefaultPrettyPrinter pp = new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("    ", "\n"))
                .withArrayIndenter(new DefaultIndenter("    ", "\n"));
        this.json = new ObjectMapper().writer(pp);
    }

    int files() {
        return files;
    }

    int objects() {
        return objects;
    }

    // ---- object trees -------------------------------------------------------------------------

    /** A map with its keys in order (Map.of iterates in an order that changes from run to run). */
    static Map<String, Object> sorted(Object... kv) {
        Map<String, Object> m = new TreeMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    static Map<String, Object> pod(Pod p) {
        return pod(p, false);
    }

    /**
     * A Pod as {@code kubectl get} prints it; with {@code managedFields} as {@code --show-managed-fields} does (session 57): the
     * creator's entry ({@code workflow-controller}, at the creation) and, once it wrote, the kubelet's status entry, each stamped by
     * the API server as it stored the write (whole seconds, as {@code metav1.Time} prints).
     */
    static Map<String, Object> pod(Pod p, boolean managedFields) {
        Map<String, Object> meta = new TreeMap<>();
        if (managedFields) {
            List<Object> entries = new ArrayList<>();
            entries.add(sorted("apiVersion", "v1", "fieldsType", "FieldsV1", "fieldsV1", sorted("f:metadata", sorted("f:labels", new TreeMap<>())),
                    "manager", "workflow-controller", "operation", "Update", "time", Go.k8s(p.creation)));
            if (p.kubeletWrite >= 0) {
                entries.add(sorted("apiVersion", "v1", "fieldsType", "FieldsV1", "fieldsV1", sorted("f:status", sorted("f:containerStatuses",
                        new TreeMap<>())), "manager", "kubelet", "operation", "Update", "subresource", "status", "time", Go.k8s(K8s.sec(p.kubeletWrite))));
            }
            meta.put("managedFields", entries);
        }
        meta.put("annotations", new TreeMap<>(p.annotations));
        meta.put("creationTimestamp", Go.k8s(p.creation));
        if (p.deletionTimestamp != null) {
            meta.put("deletionTimestamp", Go.k8s(p.deletionTimestamp));
            meta.put("deletionGracePeriodSeconds", p.deletionGrace);
        }
        if (!p.finalizers.isEmpty()) {
            meta.put("finalizers", new ArrayList<>(p.finalizers));
        }
        meta.put("labels", new TreeMap<>(p.labels));
        meta.put("name", p.name);
        meta.put("namespace", p.namespace);
        if (p.ownerRef) {
            Map<String, Object> owner = new TreeMap<>();
            owner.put("apiVersion", "argoproj.io/v1alpha1");
            owner.put("blockOwnerDeletion", true);
            owner.put("controller", true);
            owner.put("kind", "Workflow");
            owner.put("name", p.workflow);
            owner.put("uid", p.workflowUid);
            meta.put("ownerReferences", List.of(owner));
        }
        meta.put("resourceVersion", String.valueOf(p.resourceVersion));
        meta.put("uid", p.uid);

        Map<String, Object> wait = new TreeMap<>();
        wait.put("command", List.of("argoexec", "wait", "--loglevel", "info", "--log-format", "text"));
        wait.put("image", p.executorImage);
        wait.put("name", "wait");
        Map<String, Object> main = new TreeMap<>();
        if (p.wait == null) {
            // A resource or data template's Pod: main is the executor (operator.go executeResource / executeData), no wait.
            main.put("command", K8s.Step.DATA.equals(p.template) ? List.of("argoexec", "data", "{\"source\":{\"artifactPaths\":{\"name\":\"inputs\"}}}")
                    : List.of("argoexec", "resource", p.resourceAction));
        } else {
            main.put("args", p.args);
            main.put("command", List.of("sh", "-c"));
        }
        main.put("image", p.image);
        main.put("name", "main");
        Map<String, Object> spec = new TreeMap<>();
        spec.put("containers", p.wait == null ? List.of(main) : List.of(wait, main));
        if (p.hostNode != null) {
            spec.put("nodeName", p.hostNode);
        }
        if (!"general".equals(p.nodePool)) {
            spec.put("nodeSelector", sorted("team", p.nodePool));
        }
        spec.put("restartPolicy", "Never");
        spec.put("serviceAccountName", p.serviceAccount);
        spec.put("terminationGracePeriodSeconds", p.terminationGrace);

        Map<String, Object> status = new TreeMap<>();
        List<Object> conds = new ArrayList<>();
        for (Cond c : p.conditions.values()) {
            Map<String, Object> m = new TreeMap<>();
            m.put("lastProbeTime", null);
            m.put("lastTransitionTime", Go.k8s(c.lastTransition));
            if (c.message != null) {
                m.put("message", c.message);
            }
            if (c.reason != null) {
                m.put("reason", c.reason);
            }
            m.put("status", c.status);
            m.put("type", c.type);
            conds.add(m);
        }
        if (!conds.isEmpty()) {
            status.put("conditions", conds);
        }
        if (p.startTime >= 0) {
            List<Object> statuses = new ArrayList<>(List.of(container(p.main, p.image)));
            if (p.sidecar != null) {
                statuses.add(container(p.sidecar, p.sidecarImage));
            }
            if (p.wait != null) {
                statuses.add(container(p.wait, p.executorImage));
            }
            status.put("containerStatuses", statuses);
            status.put("startTime", Go.k8s(p.startTime));
        }
        if (p.hostIp != null) {
            status.put("hostIP", p.hostIp);
        }
        status.put("phase", p.phase);
        if (p.statusReason != null) {
            status.put("reason", p.statusReason);
            status.put("message", p.statusMessage);
        }
        if (p.podIp != null) {
            status.put("podIP", p.podIp);
        }
        status.put("qosClass", "Burstable");

        Map<String, Object> m = new TreeMap<>();
        m.put("apiVersion", "v1");
        m.put("kind", "Pod");
        m.put("metadata", meta);
        m.put("spec", spec);
        m.put("status", status);
        return m;
    }

    private static Map<String, Object> container(Ctr c, String image) {
        Map<String, Object> m = new TreeMap<>();
        if (c.containerId != null) {
            m.put("containerID", c.containerId);
        }
        m.put("image", image);
        m.put("lastState", new TreeMap<>());
        m.put("name", c.name);
        m.put("ready", c.running());
        m.put("restartCount", 0);
        m.put("started", c.running());
        Map<String, Object> state = new TreeMap<>();
        Map<String, Object> s = new TreeMap<>();
        switch (c.state) {
            case "running" -> {
                s.put("startedAt", Go.k8s(c.startedAt));
                state.put("running", s);
            }
            case "terminated" -> {
                if (c.containerId != null) {
                    s.put("containerID", c.containerId);
                }
                s.put("exitCode", c.exitCode);
                if (c.finishedAt != null) {
                    s.put("finishedAt", Go.k8s(c.finishedAt));
                } else {
                    s.put("finishedAt", null);
                }
                if (c.message != null) {
                    s.put("message", c.message);
                }
                s.put("reason", c.reason);
                s.put("startedAt", c.startedAt == null ? null : Go.k8s(c.startedAt));
                state.put("terminated", s);
            }
            default -> {
                s.put("reason", c.waitingReason);
                state.put("waiting", s);
            }
        }
        m.put("state", state);
        return m;
    }

    /**
     * A WorkflowTaskResult as the executor writes it: labels and owner, no {@code outputs.exitCode}. No executor from v3.4.18 to
     * v4.1.2 writes one (read at the tags: {@code workflow/executor}, {@code cmd/argoexec}); only the controller puts main's exit code
     * on the node ({@code getExitCode} in {@code assessNodeStatus}), and the task-result reconciliation keeps it there ({@code
     * prevent overwriting of ExitCode}). The model's container templates report no outputs, so the object carries none. Up to
     * session 40 the model wrote main's code here, which made AF002 read exit codes no real export holds.
     */
    static Map<String, Object> taskResult(K8s.TaskResult t) {
        Map<String, Object> meta = new TreeMap<>();
        meta.put("creationTimestamp", Go.k8s(t.creation));
        Map<String, Object> labels = new TreeMap<>();
        labels.put(K8s.LABEL_INSTANCE, t.instanceId);
        labels.put("workflows.argoproj.io/report-outputs-completed", String.valueOf(t.completed));
        labels.put(K8s.LABEL_WORKFLOW, t.workflow);
        meta.put("labels", labels);
        meta.put("name", t.name);
        meta.put("namespace", t.namespace);
        Map<String, Object> owner = new TreeMap<>();
        owner.put("apiVersion", "argoproj.io/v1alpha1");
        owner.put("kind", "Workflow");
        owner.put("name", t.workflow);
        owner.put("uid", t.workflowUid);
        meta.put("ownerReferences", List.of(owner));
        meta.put("resourceVersion", String.valueOf(t.resourceVersion));
        Map<String, Object> m = new TreeMap<>();
        m.put("apiVersion", "argoproj.io/v1alpha1");
        m.put("kind", "WorkflowTaskResult");
        m.put("metadata", meta);
        return m;
    }

    /** The generator salt of the Events' store latency (session 56; docs/judgment.md). */
    static final long EVENT_STORE_SALT = 592;

    /**
     * How long after its recorder stamped it the API server stored an Event (session 56): the recorder's broadcaster sends it
     * asynchronously, tens of milliseconds mostly, seconds under the client's rate limit. Its own stream (salt {@link #EVENT_STORE_SALT}),
     * drawn from the Event's name and time so that no other stream moves: {@code metadata.creationTimestamp} is the API server's
     * clock a little after the recorder's stamp, which is what bounds a kubelet's node clock from below ({@code correlate.NodeClock}).
     */
    static long storeLatency(Kube.Event e) {
        return new Sim.Rng(Sim.seed(Sim.seed(e.time(), EVENT_STORE_SALT), e.name().hashCode())).latency(1_000_000L, 60_000_000L, 1_500_000_000L);
    }

    static Map<String, Object> event(Kube.Event e) {
        Map<String, Object> m = new TreeMap<>();
        m.put("apiVersion", "v1");
        m.put("kind", "Event");
        Map<String, Object> involved = new TreeMap<>();
        involved.put("kind", e.kind());
        involved.put("name", e.objectName());
        if (e.kind().equals("Pod")) {
            involved.put("apiVersion", "v1");
            involved.put("namespace", e.namespace());
            involved.put("uid", e.objectUid());
        }
        if (e.fieldPath() != null) {
            involved.put("fieldPath", e.fieldPath());
        }
        m.put("involvedObject", involved);
        m.put("metadata", sorted("creationTimestamp", Go.k8s(K8s.sec(e.time() + storeLatency(e))), "name", e.name(), "namespace", e.namespace()));
        m.put("reason", e.reason());
        m.put("message", e.message());
        m.put("type", "Normal");
        if (e.eventTime()) {
            // The scheduler writes events.k8s.io events: a MicroTime, no first/last timestamps. Its action: Preempting for a
            // preemption's victim (session 44; its related object, the preemptor, is not written), else Binding.
            m.put("action", "Preempted".equals(e.reason()) ? "Preempting" : "Binding");
            long micros = Math.floorDiv(e.time(), 1000);
            String t = Go.rfc3339Nano(micros * 1000);
            m.put("eventTime", t.contains(".") ? t : t.replace("Z", ".000000Z"));
            m.put("firstTimestamp", null);
            m.put("lastTimestamp", null);
            m.put("reportingComponent", e.component());
            m.put("reportingInstance", e.component() + "-ip-10-0-1-15.ec2.internal");
            m.put("source", new TreeMap<>());
        } else {
            m.put("count", 1);
            m.put("eventTime", null);
            // The recorder's clock (a kubelet's is its node's, session 55); creationTimestamp is the API server's.
            m.put("firstTimestamp", Go.k8s(K8s.sec(e.reported())));
            m.put("lastTimestamp", Go.k8s(K8s.sec(e.reported())));
            m.put("reportingComponent", e.component());
            m.put("reportingInstance", e.host());
            m.put("source", sorted("component", e.component(), "host", e.host()));
        }
        return m;
    }

    /** {@code status.synchronization} (B6): {@code mutex.holding[]{mutex, holder}}, {@code semaphore.holding[]{semaphore, holders[]}}, and the waiting lists. */
    private static Map<String, Object> synchronization(Workflow w) {
        String holder = w.namespace + "/" + w.name;
        Map<String, Object> out = new TreeMap<>();
        String lock = w.status.lockHeld != null ? w.status.lockHeld : w.status.lockWaiting;
        boolean mutex = lock.contains("/Mutex/");
        String kind = mutex ? "mutex" : "semaphore";
        Map<String, Object> entry = mutex ? sorted("mutex", lock, "holder", holder) : sorted("semaphore", lock, "holders", List.of(holder));
        out.put(kind, sorted(w.status.lockHeld != null ? "holding" : "waiting", List.of(entry)));
        return out;
    }

    Map<String, Object> workflow(Workflow w) {
        Release release = releaseOfNamespace.get(w.namespace);
        Map<String, Object> meta = new TreeMap<>();
        meta.put("creationTimestamp", Go.k8s(w.creation));
        if (w.deletionTimestamp != null) {
            // No grace period for a custom resource: the deletionTimestamp is the request's time.
            meta.put("deletionTimestamp", Go.k8s(w.deletionTimestamp));
            meta.put("deletionGracePeriodSeconds", 0);
        }
        if (!w.finalizers.isEmpty()) {
            meta.put("finalizers", new ArrayList<>(w.finalizers));
        }
        meta.put("generation", w.generation);
        if (w.podNameFormat != null) {
            meta.put("annotations", sorted("workflows.argoproj.io/pod-name-format", w.podNameFormat));
        }
        meta.put("labels", new TreeMap<>(w.labels));
        meta.put("name", w.name);
        meta.put("namespace", w.namespace);
        meta.put("resourceVersion", String.valueOf(w.resourceVersion));
        meta.put("uid", w.uid);
        Map<String, Object> spec = new TreeMap<>();
        spec.put("entrypoint", w.spec.entrypoint);
        spec.put("serviceAccountName", "workflow-runner");
        if (w.shutdown != null) {
            spec.put("shutdown", w.shutdown);
        }
        if (w.spec.activeDeadlineSeconds >= 0) {
            spec.put("activeDeadlineSeconds", w.spec.activeDeadlineSeconds);
        }
        if (w.spec.podGc.set()) {
            Map<String, Object> gc = new TreeMap<>();
            gc.put("strategy", w.spec.podGc.strategy());
            if (!w.spec.podGc.deleteDelay().isEmpty()) {
                gc.put("deleteDelayDuration", w.spec.podGc.deleteDelay());
            }
            spec.put("podGC", gc);
        }
        if (w.spec.ttlAfterCompletion >= 0) {
            spec.put("ttlStrategy", sorted("secondsAfterCompletion", w.spec.ttlAfterCompletion));
        }
        if (w.spec.lock != null) {
            // <ns>/Mutex/<name> or <ns>/ConfigMap/<cm>/<key>, as the Workflow declares it.
            String[] p = w.spec.lock.split("/");
            spec.put("synchronization", p[1].equals("Mutex") ? sorted("mutex", sorted("name", p[2]))
                    : sorted("semaphore", sorted("configMapKeyRef", sorted("key", p[3], "name", p[2]))));
        }
        List<Object> templates = new ArrayList<>();
        java.util.LinkedHashSet<String> names = new java.util.LinkedHashSet<>();
        Map<String, K8s.Step> stepOf = new java.util.HashMap<>();
        for (K8s.Step s : w.spec.stepList) {
            names.add(s.template);
            stepOf.putIfAbsent(s.template, s);
            s.parallel.forEach(q -> names.add(q.template));
        }
        if (w.spec.dag) {
            // Session 45: a DAG fan-out: its tasks, none depending on another (failFast left at its default, true).
            Map<String, Object> t = new TreeMap<>();
            t.put("name", w.spec.entrypoint);
            List<Object> tasks = new ArrayList<>();
            if (w.spec.gate != null) {
                // Session 46: the template's parallelism and failFast (left out when not set), the fan-out depending on the first task.
                t.put("parallelism", w.spec.gate.parallelism);
                if (w.spec.gate.failFast) {
                    t.put("failFast", true);
                }
                K8s.Step first = w.spec.stepList.get(0);
                String firstName = first.task != null ? first.task : first.template;
                tasks.add(sorted("name", firstName, "template", first.template));
                for (K8s.Step s : w.spec.stepList.subList(1, w.spec.stepList.size())) {
                    tasks.add(sorted("dependencies", List.of(firstName), "name", s.task, "template", s.template));
                    s.parallel.forEach(q -> tasks.add(sorted("dependencies", List.of(firstName), "name", q.task, "template", q.template)));
                }
            }
            for (K8s.Step s : w.spec.gate != null ? List.<K8s.Step>of() : w.spec.stepList) {
                tasks.add(sorted("name", s.task != null ? s.task : s.template, "template", s.template));
                s.parallel.forEach(q -> tasks.add(sorted("name", q.task != null ? q.task : q.template, "template", q.template)));
            }
            t.put("dag", sorted("tasks", tasks));
            templates.add(t);
        } else if (w.spec.steps) {
            Map<String, Object> t = new TreeMap<>();
            t.put("name", w.spec.entrypoint);
            List<Object> groups = new ArrayList<>();
            for (K8s.Step s : w.spec.stepList) {
                List<Object> group = new ArrayList<>();
                group.add(sorted("name", s.template, "template", s.template));
                s.parallel.forEach(q -> group.add(sorted("name", q.template, "template", q.template)));
                groups.add(group);
            }
            t.put("steps", groups);
            templates.add(t);
        }
        for (String n : names) {
            Map<String, Object> t = new TreeMap<>();
            t.put("name", n);
            K8s.Step s = stepOf.get(n);
            if (s != null && K8s.Step.RESOURCE.equals(s.type) && s.declaresOutputParameters) {
                // Session 37: a resource template reading an object (action get) and its fields as output parameters.
                t.put("resource", sorted("action", s.resourceAction, "manifest", "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: " + n + "\n"));
                t.put("outputs", sorted("parameters", List.of(sorted("name", "succeeded", "valueFrom", sorted("jsonPath", "{.status.succeeded}")))));
            } else {
                t.put("container", sorted("image", "busybox:1.37", "command", List.of("sh", "-c")));
                if (s != null && s.declaresOutputParameters) {
                    t.put("outputs", sorted("parameters", List.of(sorted("name", "result-file", "valueFrom", sorted("path", "/tmp/out.txt")))));
                }
            }
            if (s != null && s.retryLimit >= 0) {
                // Session 39: the template's retryStrategy (limit, and the policy when set).
                Map<String, Object> retry = s.retryPolicy.isEmpty() ? sorted("limit", s.retryLimit)
                        : sorted("limit", s.retryLimit, "retryPolicy", s.retryPolicy);
                if (s.backoffSeconds > 0) {
                    // Session 40: retryStrategy.backoff (duration as written, a factor when one is set).
                    Map<String, Object> backoff = s.backoffFactor > 0 ? sorted("duration", s.backoffSeconds + "s", "factor", s.backoffFactor)
                            : sorted("duration", s.backoffSeconds + "s");
                    // Session 43: maxDuration and cap as written (seconds), where set.
                    if (s.backoffMaxDurationSeconds > 0) {
                        backoff.put("maxDuration", s.backoffMaxDurationSeconds + "s");
                    }
                    if (s.backoffCapSeconds > 0) {
                        backoff.put("cap", s.backoffCapSeconds + "s");
                    }
                    retry.put("backoff", backoff);
                }
                t.put("retryStrategy", retry);
            }
            templates.add(t);
        }
        spec.put("templates", templates);

        Map<String, Object> status = new TreeMap<>();
        status.put("phase", w.status.phase);
        if (w.status.startedAt != null) {
            status.put("startedAt", Go.k8s(w.status.startedAt));
        }
        status.put("finishedAt", w.status.finishedAt == null ? null : Go.k8s(w.status.finishedAt));
        if (!w.status.message.isEmpty()) {
            status.put("message", w.status.message);
        }
        Map<String, Object> nodes = new TreeMap<>();
        Map<String, Object> completion = new TreeMap<>();
        for (Node n : w.status.nodes.values()) {
            Map<String, Object> m = new TreeMap<>();
            m.put("id", n.id);
            m.put("name", n.name);
            m.put("displayName", n.displayName);
            m.put("type", n.type);
            m.put("templateName", n.templateName);
            m.put("phase", n.phase);
            if (!n.message.isEmpty()) {
                m.put("message", n.message);
            }
            m.put("startedAt", n.startedAt == null ? null : Go.k8s(n.startedAt));
            m.put("finishedAt", n.finishedAt == null ? null : Go.k8s(n.finishedAt));
            if (n.boundaryId != null) {
                m.put("boundaryID", n.boundaryId);
            }
            if (!n.children.isEmpty()) {
                m.put("children", new ArrayList<>(n.children));
            }
            if (n.hostNode != null) {
                m.put("hostNodeName", n.hostNode);
            }
            if ("Pod".equals(n.type)) {
                m.put("progress", "Succeeded".equals(n.phase) ? "1/1" : "0/1");
                if (release.taskResultSynced && n.taskResultSynced != null) {
                    m.put("taskResultSynced", n.taskResultSynced);
                }
                if (!release.taskResultSynced && release.completionStatusMap && n.taskResultSynced != null) {
                    completion.put(n.id, n.taskResultSynced);
                }
                if (n.exitCode != null) {
                    m.put("outputs", sorted("exitCode", String.valueOf(n.exitCode)));
                }
                if (n.failedPodRestarts > 0) {
                    m.put("failedPodRestarts", n.failedPodRestarts);
                }
                if (n.restartingPodUid != null) {
                    m.put("restartingPodUID", n.restartingPodUid);
                }
            }
            m.put("templateScope", "local/" + w.name);
            nodes.put(n.id, m);
        }
        status.put("nodes", nodes);
        if (w.status.lockHeld != null || w.status.lockWaiting != null) {
            status.put("synchronization", synchronization(w));
        }
        if (!completion.isEmpty()) {
            status.put("taskResultsCompletionStatus", completion);
        }
        Map<String, Object> m = new TreeMap<>();
        m.put("apiVersion", "argoproj.io/v1alpha1");
        m.put("kind", "Workflow");
        m.put("metadata", meta);
        m.put("spec", spec);
        m.put("status", status);
        return m;
    }

    // ---- writing ------------------------------------------------------------------------------

    /** One object (YAML or JSON) with the command as a comment and, when people add it, the time it was taken. */
    void single(String fileName, Map<String, Object> object, String command, Long takenAt, boolean asJson) {
        StringBuilder b = new StringBuilder();
        if (asJson) {
            // JSON files carry no comments: the time is given by the latest time inside the object.
            b.append(toJson(object)).append('\n');
        } else {
            b.append("# ").append(command).append('\n');
            if (takenAt != null) {
                b.append("# taken-at: ").append(Go.k8s(K8s.sec(takenAt))).append('\n');
            }
            Yaml.emit(b, object);
        }
        write(fileName, b.toString(), 1);
    }

    void list(String fileName, List<Map<String, Object>> items, String command, Long takenAt, boolean asJson) {
        Map<String, Object> list = new TreeMap<>();
        list.put("apiVersion", "v1");
        list.put("items", items);
        list.put("kind", "List");
        list.put("metadata", sorted("resourceVersion", ""));
        StringBuilder b = new StringBuilder();
        if (asJson) {
            b.append(toJson(list)).append('\n');
        } else {
            b.append("# ").append(command).append('\n');
            if (takenAt != null) {
                b.append("# taken-at: ").append(Go.k8s(K8s.sec(takenAt))).append('\n');
            }
            Yaml.emit(b, list);
        }
        write(fileName, b.toString(), items.size());
    }

    /** {@code kubectl get pod P -w -o yaml}: one document per change, separated by {@code ---}. */
    void watch(String fileName, List<Map<String, Object>> documents, String command) {
        StringBuilder b = new StringBuilder("# ").append(command).append('\n');
        for (int i = 0; i < documents.size(); i++) {
            if (i > 0) {
                b.append("---\n");
            }
            Yaml.emit(b, documents.get(i));
        }
        write(fileName, b.toString(), documents.size());
    }

    private String toJson(Object o) {
        try {
            return json.writeValueAsString(o);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void write(String fileName, String content, int count) {
        try {
            Path p = dir.resolve(fileName);
            Files.createDirectories(p.getParent());
            Files.writeString(p, content, StandardCharsets.UTF_8);
            files++;
            objects += count;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A YAML emitter for plain trees, in the block style kubectl prints. */
    static final class Yaml {
        private Yaml() {
        }

        static void emit(StringBuilder b, Map<String, Object> m) {
            map(b, m, 0);
        }

        @SuppressWarnings("unchecked")
        private static void map(StringBuilder b, Map<String, Object> m, int indent) {
            for (Map.Entry<String, Object> e : m.entrySet()) {
                pad(b, indent);
                b.append(key(e.getKey())).append(':');
                value(b, e.getValue(), indent);
            }
        }

        @SuppressWarnings("unchecked")
        private static void value(StringBuilder b, Object v, int indent) {
            if (v instanceof Map<?, ?> m) {
                if (m.isEmpty()) {
                    b.append(" {}\n");
                } else {
                    b.append('\n');
                    map(b, (Map<String, Object>) m, indent + 2);
                }
            } else if (v instanceof List<?> l) {
                if (l.isEmpty()) {
                    b.append(" []\n");
                } else {
                    b.append('\n');
                    list(b, l, indent);
                }
            } else {
                b.append(' ').append(scalar(v)).append('\n');
            }
        }

        @SuppressWarnings("unchecked")
        private static void list(StringBuilder b, List<?> l, int indent) {
            for (Object item : l) {
                pad(b, indent);
                b.append("-");
                if (item instanceof Map<?, ?> m && !m.isEmpty()) {
                    boolean first = true;
                    for (Map.Entry<String, Object> e : ((Map<String, Object>) m).entrySet()) {
                        if (first) {
                            b.append(' ');
                            first = false;
                        } else {
                            pad(b, indent + 2);
                        }
                        b.append(key(e.getKey())).append(':');
                        value(b, e.getValue(), indent + 2);
                    }
                } else if (item instanceof List<?> inner && !inner.isEmpty()) {
                    b.append('\n');
                    list(b, inner, indent + 2);
                } else {
                    value(b, item, indent);
                }
            }
        }

        private static void pad(StringBuilder b, int n) {
            for (int i = 0; i < n; i++) {
                b.append(' ');
            }
        }

        private static String key(String k) {
            return needsQuote(k) ? Go.json(k, false) : k;
        }

        private static String scalar(Object v) {
            if (v == null) {
                return "null";
            }
            if (v instanceof Number || v instanceof Boolean) {
                return v.toString();
            }
            String s = v.toString();
            return needsQuote(s) ? Go.json(s, false) : s;
        }

        private static boolean needsQuote(String s) {
            if (s.isEmpty()) {
                return true;
            }
            String lower = s.toLowerCase(java.util.Locale.ROOT);
            if (List.of("true", "false", "yes", "no", "on", "off", "null", "~", "y", "n").contains(lower)) {
                return true;
            }
            char c = s.charAt(0);
            if (Character.isDigit(c) || "-?:,[]{}#&*!|>'\"%@`. ".indexOf(c) >= 0) {
                return true;
            }
            if (s.endsWith(" ") || s.contains(": ") || s.contains(" #") || s.endsWith(":")) {
                return true;
            }
            for (int i = 0; i < s.length(); i++) {
                if (s.charAt(i) < 0x20) {
                    return true;
                }
            }
            return false;
        }
    }
}
