package dev.argoforensics.correlate;

import dev.argoforensics.event.PodRef;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.snapshot.ClusterEvent;
import dev.argoforensics.snapshot.ExportedObjects;
import dev.argoforensics.snapshot.TaskResultSnapshot;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Gives task results, cluster events and audit records to the Pods they are about: directly (an
 * event or request about the Pod), through the Pod's Workflow node (its task result, the
 * controller's node events, requests on the Workflow or the task result), or through the Kubernetes
 * node it ran on (node events while the Pod existed).
 */
final class PodRecords {
    static final String PODS = "pods";
    static final String WORKFLOWS = "workflows";
    static final String TASK_RESULTS = "workflowtaskresults";

    private final PodInstances instances;
    private final Map<String, Set<String>> namespacesByPod;
    private final List<TaskResultSnapshot> taskResults;
    private final List<ClusterEvent> notAboutPods = new ArrayList<>();
    private final List<AuditRecord> notAboutPodsAudit = new ArrayList<>();
    private final Map<PodKey, List<TaskResultSnapshot>> taskResultsByPod = new TreeMap<>();
    private final Map<PodKey, List<ClusterEvent>> eventsByPod = new TreeMap<>();
    private final Map<PodKey, List<AuditRecord>> auditByPod = new TreeMap<>();

    /** A Pod's Kubernetes node and the time it is known to have existed. */
    record HostSpan(String host, Timestamp from, Timestamp until) {
    }

    PodRecords(ExportedObjects objects, PodInstances instances, Map<String, Set<String>> namespacesByPod) {
        this.instances = instances;
        this.namespacesByPod = namespacesByPod;
        this.taskResults = objects.taskResults();
        for (ClusterEvent e : objects.clusterEvents()) {
            if ("Pod".equals(e.regarding().kind()) && !e.regarding().name().isEmpty()) {
                PodKey named = named(e.regarding().namespace().isEmpty() ? e.namespace() : e.regarding().namespace(), e.regarding().name());
                add(eventsByPod, instances.forUid(named, e.regarding().uid(), e.first()), e);
            } else {
                notAboutPods.add(e);
            }
        }
        for (AuditRecord a : latestStages(objects.auditRecords())) {
            if (PODS.equals(a.resource()) && !a.name().isEmpty()) {
                add(auditByPod, instances.forTime(named(a.namespace(), a.name()), a.time()), a);
            } else {
                notAboutPodsAudit.add(a);
            }
        }
    }

    /** Pods that only events or audit records name still get a history. */
    Set<PodKey> podKeys() {
        Set<PodKey> keys = new TreeSet<>(eventsByPod.keySet());
        keys.addAll(auditByPod.keySet());
        return keys;
    }

    /** Records about each Pod's Workflow node: its task result, the controller's node events, requests on them. */
    void byNode(Map<PodKey, NodeLink> links) {
        links.forEach((pod, link) -> {
            if (link == null) {
                return;
            }
            WorkflowRef wf = link.workflow();
            for (TaskResultSnapshot t : taskResults) {
                boolean ownedByPod = t.podOwner().map(o -> o.name().equals(pod.name()) && (pod.uid() == null || o.uid().isEmpty()
                        || o.uid().equals(pod.uid()))).orElse(false);
                boolean ofNode = t.nodeId().equals(link.nodeId()) && Objects.equals(t.namespace(), wf.namespace())
                        && t.workflowName().map(wf.name()::equals).orElse(true);
                if ((ownedByPod || ofNode) && instances.forTime(pod.named(), timeOf(t)).equals(pod)) {
                    add(taskResultsByPod, pod, t);
                }
            }
            for (ClusterEvent e : notAboutPods) {
                if (e.about("Workflow", wf.namespace(), wf.name()) && namesNode(e, link) && instances.forTime(pod.named(), e.first()).equals(pod)) {
                    add(eventsByPod, pod, e);
                }
            }
            for (AuditRecord a : notAboutPodsAudit) {
                boolean onWorkflow = WORKFLOWS.equals(a.resource()) && a.name().equals(wf.name());
                boolean onTaskResult = TASK_RESULTS.equals(a.resource()) && a.name().equals(link.nodeId());
                if ((onWorkflow || onTaskResult) && Objects.equals(a.namespace(), wf.namespace())
                        && instances.forTime(pod.named(), a.time()).equals(pod)) {
                    add(auditByPod, pod, a);
                }
            }
        });
    }

    /** Events about the Kubernetes node a Pod ran on, while the Pod existed. */
    void byHost(Map<PodKey, HostSpan> spans) {
        spans.forEach((pod, span) -> {
            for (ClusterEvent e : notAboutPods) {
                boolean during = !e.last().isBefore(span.from()) && !e.first().isAfter(span.until());
                if (e.about("Node", null, span.host()) && during) {
                    add(eventsByPod, pod, e);
                }
            }
        });
    }

    List<TaskResultSnapshot> taskResults(PodKey pod) {
        return taskResultsByPod.getOrDefault(pod, List.of());
    }

    List<ClusterEvent> clusterEvents(PodKey pod) {
        return eventsByPod.getOrDefault(pod, List.of());
    }

    List<AuditRecord> auditRecords(PodKey pod) {
        return auditByPod.getOrDefault(pod, List.of());
    }

    /** The controller's node events name the node by annotation: its ID, or its name (hashed to the ID). */
    private static boolean namesNode(ClusterEvent e, NodeLink link) {
        String id = e.annotations().get(ClusterEvent.NODE_ID_ANNOTATION);
        if (id != null) {
            return id.equals(link.nodeId());
        }
        String name = e.annotations().get(ClusterEvent.NODE_NAME_ANNOTATION);
        return name != null && (name.equals(link.nodeName()) || NodeNaming.nodeId(link.workflow().name(), name).equals(link.nodeId()));
    }

    private PodKey named(String namespace, String name) {
        if (namespace != null && !namespace.isEmpty()) {
            return new PodKey(namespace, name);
        }
        return Correlator.resolve(new PodRef(null, name), namespacesByPod);
    }

    private static Timestamp timeOf(TaskResultSnapshot t) {
        return t.creationTimestamp() != null ? t.creationTimestamp() : t.observed() != null ? t.observed().time() : null;
    }

    /** An audit log records RequestReceived and ResponseComplete for one request: keep the most complete stage. */
    private static List<AuditRecord> latestStages(List<AuditRecord> records) {
        Map<String, AuditRecord> byId = new LinkedHashMap<>();
        List<AuditRecord> out = new ArrayList<>();
        for (AuditRecord a : records) {
            if (a.auditId().isEmpty()) {
                out.add(a);
            } else {
                byId.merge(a.auditId(), a, (old, neu) -> neu.stageRank() > old.stageRank() ? neu : old);
            }
        }
        out.addAll(byId.values());
        out.sort(Comparator.comparing(AuditRecord::source));
        return out;
    }

    private static <T> void add(Map<PodKey, List<T>> map, PodKey key, T value) {
        List<T> list = map.computeIfAbsent(key, k -> new ArrayList<>());
        if (!list.contains(value)) {
            list.add(value);
        }
    }
}
