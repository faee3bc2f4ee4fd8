package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerEvent.PodCreated;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.snapshot.NodeStatus;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * Ties Pods to Workflow nodes, by the strongest evidence available. Where several lines could give the link (two replicas,
 * or a retried Workflow whose Pod was created again, each logging {@code Created pod}) the link comes from the first line
 * by {@link #first}, never from whichever file was named first.
 */
final class NodeLinker {
    /** A link and the line that gave it. */
    private record Candidate(NodeLink link, LogEvent line) {
    }

    private final IntFunction<Timestamp> runStart;
    private final Map<PodKey, Candidate> fromCreatedLines = new HashMap<>();
    private final Map<PodKey, NodeLink> fromWorkflowNodes = new HashMap<>();
    /** Node names seen in the logs, by namespace and by their FNV-1a hash (a v2 pod name's suffix), the first line of each node. */
    private final Map<String, Map<String, Map<NodeLink, Candidate>>> nodeNamesByNamespaceAndHash = new HashMap<>();

    /**
     * @param created   the {@code Created pod} lines (other lines are passed over)
     * @param nodeLines lines naming Workflow nodes ({@link LineProjection#nodeNames}: each stretch's first line per node); the
     *                  link for a node comes from the first of them by {@link #first}
     * @param runStart  the first time of each controller run ({@link LogEvent#stream()}), or null where unknown
     */
    NodeLinker(List<LogEvent> created, List<LogEvent> nodeLines, Map<WorkflowRef, List<WorkflowSnapshot>> workflowSnapshots,
            Map<String, Set<String>> namespacesByPod, IntFunction<Timestamp> runStart) {
        this.runStart = runStart;
        for (LogEvent e : created) {
            if (e.event() instanceof PodCreated c && c.podRef() != null && c.wf() != null) {
                PodKey key = Correlator.resolve(c.podRef(), namespacesByPod);
                String id = c.id() != null ? c.id() : c.node() != null ? NodeNaming.nodeId(c.wf().name(), c.node()) : null;
                fromCreatedLines.merge(key, new Candidate(new NodeLink(c.wf(), id, c.node(), LinkBasis.CREATED_POD_LINE, e.source()), e), this::first);
            }
        }
        for (LogEvent e : nodeLines) {
            e.event().nodeName().ifPresent(name -> e.event().workflow().ifPresent(w -> {
                // The same node named by many lines: one candidate per node, its first line (the link without its source as key).
                NodeLink link = new NodeLink(w, NodeNaming.nodeId(w.name(), name), name, LinkBasis.POD_NAME_SUFFIX, null);
                nodeNamesByNamespaceAndHash.computeIfAbsent(w.namespace(), k -> new HashMap<>())
                        .computeIfAbsent(name.equals(w.name()) ? name : NodeNaming.hash(name), k -> new LinkedHashMap<>())
                        .merge(link, new Candidate(link, e), this::first);
            }));
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
                            n.source() != null ? n.source() : s.source()));
                }
            }
        }
    }

    /**
     * The candidate whose line comes first: within one run the earlier line; across runs the earlier instant, then the run
     * that started first, then the line's text, its file's name (not the folders, not the reading order) and its line number.
     */
    private Candidate first(Candidate a, Candidate b) {
        return earlier(a.line(), b.line()) ? a : b;
    }

    private boolean earlier(LogEvent a, LogEvent b) {
        if (a.stream() == b.stream()) {
            return a.ordinal() <= b.ordinal();
        }
        int c = a.time().instant().compareTo(b.time().instant());
        if (c == 0) {
            Timestamp sa = runStart.apply(a.stream());
            Timestamp sb = runStart.apply(b.stream());
            c = sa == null || sb == null ? 0 : sa.instant().compareTo(sb.instant());
        }
        if (c == 0) {
            c = a.text().compareTo(b.text());
        }
        if (c == 0) {
            String fa = a.file().substring(a.file().lastIndexOf('/') + 1);
            String fb = b.file().substring(b.file().lastIndexOf('/') + 1);
            c = fa.compareTo(fb);
        }
        return c != 0 ? c < 0 : a.line() <= b.line();
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
        Candidate created = fromCreatedLines.get(key);
        if (created != null) {
            return created.link();
        }
        NodeLink link = fromWorkflowNodes.get(key);
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
        Map<String, Map<NodeLink, Candidate>> byHash = nodeNamesByNamespaceAndHash.getOrDefault(key.namespace(), Map.of());
        String hashSuffix = key.name().substring(key.name().lastIndexOf('-') + 1);
        List<Candidate> candidates = new ArrayList<>(byHash.getOrDefault(hashSuffix, Map.of()).values());
        candidates.addAll(byHash.getOrDefault(key.name(), Map.of()).values());
        Candidate best = null;
        for (Candidate candidate : candidates) {
            String wf = candidate.link().workflow().name();
            boolean root = candidate.link().nodeName().equals(wf) && key.name().equals(wf);
            boolean suffix = key.name().startsWith(wf + "-") && key.name().endsWith("-" + NodeNaming.hash(candidate.link().nodeName()));
            if ((root || suffix) && (best == null || !earlier(best.line(), candidate.line()))) {
                best = candidate;
            }
        }
        if (best == null) {
            return null;
        }
        NodeLink l = best.link();
        return new NodeLink(l.workflow(), l.nodeId(), l.nodeName(), l.basis(), best.line().source());
    }
}
