package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerEvent.PodCreated;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.snapshot.NodeStatus;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Ties Pods to Workflow nodes, by the strongest evidence available. */
final class NodeLinker {
    private final Map<PodKey, NodeLink> fromCreatedLines = new HashMap<>();
    private final Map<PodKey, NodeLink> fromWorkflowNodes = new HashMap<>();
    /** Node names seen in the logs, by namespace and by their FNV-1a hash (a v2 pod name's suffix). */
    private final Map<String, Map<String, List<NodeLink>>> nodeNamesByNamespaceAndHash = new HashMap<>();

    /**
     * @param created   the {@code Created pod} lines in input order (other lines are passed over)
     * @param nodeNames the Workflow nodes lines name, first seen first, one per node ({@link LineProjection#nodeNames}): a
     *                  node named again adds no candidate the first one would not have matched first
     */
    NodeLinker(List<LogEvent> created, List<NodeLink> nodeNames, Map<WorkflowRef, List<WorkflowSnapshot>> workflowSnapshots,
               Map<String, Set<String>> namespacesByPod) {
        for (LogEvent e : created) {
            if (e.event() instanceof PodCreated c && c.podRef() != null && c.wf() != null) {
                PodKey key = Correlator.resolve(c.podRef(), namespacesByPod);
                String id = c.id() != null ? c.id() : c.node() != null ? NodeNaming.nodeId(c.wf().name(), c.node()) : null;
                fromCreatedLines.putIfAbsent(key, new NodeLink(c.wf(), id, c.node(), LinkBasis.CREATED_POD_LINE, e.source()));
            }
        }
        for (NodeLink n : nodeNames) {
            WorkflowRef w = n.workflow();
            String name = n.nodeName();
            nodeNamesByNamespaceAndHash.computeIfAbsent(w.namespace(), k -> new HashMap<>())
                    .computeIfAbsent(name.equals(w.name()) ? name : NodeNaming.hash(name), k -> new ArrayList<>()).add(n);
        }
        for (Map.Entry<WorkflowRef, List<WorkflowSnapshot>> h : workflowSnapshots.entrySet()) {
            for (WorkflowSnapshot s : h.getValue()) {
                for (NodeStatus n : s.nodes().values()) {
                    if (!"Pod".equals(n.type()) || (n.name().isEmpty() && n.podName().isEmpty())) {
                        continue;
                    }
                    // argo get prints the pod name itself; an export gives it through the pod-name rule.
                    boolean printed = !n.podName().isEmpty();
                    String podName = printed ? n.podName() : NodeNaming.podName(s.podNameFormat(), s.name(), n.name(), n.podNameTemplate());
                    fromWorkflowNodes.putIfAbsent(new PodKey(s.namespace(), podName), new NodeLink(h.getKey(), n.id(),
                            n.name().isEmpty() ? null : n.name(), printed ? LinkBasis.ARGO_GET_POD_NAME : LinkBasis.WORKFLOW_NODE_NAME_RULE,
                            s.source()));
                }
            }
        }
    }

    NodeLink link(PodKey key, List<PodSnapshot> snapshots) {
        for (int i = snapshots.size() - 1; i >= 0; i--) {
            PodSnapshot p = snapshots.get(i);
            String id = p.annotations().get(PodSnapshot.NODE_ID_ANNOTATION);
            String name = p.annotations().get(PodSnapshot.NODE_NAME_ANNOTATION);
            if (p.workflowName().isPresent() && (id != null || name != null)) {
                String wf = p.workflowName().get();
                String nodeId = id != null ? id : NodeNaming.nodeId(wf, name);
                return new NodeLink(new WorkflowRef(p.namespace(), wf), nodeId, name, LinkBasis.POD_ANNOTATION, p.source());
            }
        }
        NodeLink link = fromCreatedLines.get(key);
        if (link != null) {
            return link;
        }
        link = fromWorkflowNodes.get(key);
        if (link != null) {
            return link;
        }
        return bySuffix(key);
    }

    /** A v2 pod name ends with "-" + hash(node name) and starts with the Workflow name. */
    private NodeLink bySuffix(PodKey key) {
        if (key.namespace() == null) {
            return null;
        }
        Map<String, List<NodeLink>> byHash = nodeNamesByNamespaceAndHash.getOrDefault(key.namespace(), Map.of());
        String hashSuffix = key.name().substring(key.name().lastIndexOf('-') + 1);
        List<NodeLink> candidates = new ArrayList<>(byHash.getOrDefault(hashSuffix, List.of()));
        candidates.addAll(byHash.getOrDefault(key.name(), List.of()));
        for (NodeLink candidate : candidates) {
            String wf = candidate.workflow().name();
            boolean root = candidate.nodeName().equals(wf) && key.name().equals(wf);
            boolean suffix = key.name().startsWith(wf + "-") && key.name().endsWith("-" + NodeNaming.hash(candidate.nodeName()));
            if (root || suffix) {
                return candidate;
            }
        }
        return null;
    }
}
