package dev.argoforensics.correlate;

import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.snapshot.ClusterEvent;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Who deleted a Pod, as the API server's audit log or the cluster's Events say: a delete or a granted
 * eviction request names the user; Events name the component (the kubelet evicting under node
 * pressure, the scheduler preempting, the cluster-autoscaler scaling the node down, the taint
 * manager); Events about the Pod's Kubernetes node say what happened to the node meanwhile.
 *
 * @param who     the user or component
 * @param how     what it did, in a few words ("evicted it", "deleted it", "scaled its node down")
 * @param at      when
 * @param audit   the audit record, or null
 * @param event   the Event, or null
 */
public record Deletion(String who, String how, Timestamp at, AuditRecord audit, ClusterEvent event) {

    /** Event reasons on a Pod that say something removed it, and what. */
    private static final Map<String, String> POD_REASONS = Map.of(
            "Evicted", "evicted it (node pressure)",
            "Preempted", "preempted it for a higher-priority Pod",
            "TaintManagerEviction", "deleted it for a taint on its node",
            "ScaleDown", "deleted it to scale its node down",
            "NodeNotReady", "reported its node not ready");
    /** Event reasons on a Kubernetes node that explain the deletion of the Pods on it. */
    private static final Map<String, String> NODE_REASONS = Map.of(
            "ScaleDown", "scaled its node down",
            "NodeNotSchedulable", "cordoned its node",
            "NodeNotReady", "reported its node not ready",
            "RemovingNode", "removed its node",
            "DeletingNode", "deleted its node (gone from the cloud provider)");

    /** Every deletion the records tell of, the most specific first: audit, then Pod events, then node events. */
    static List<Deletion> of(PodHistory pod) {
        List<Deletion> out = new ArrayList<>();
        for (AuditRecord a : pod.auditRecords()) {
            boolean granted = a.effective();
            if (!"pods".equals(a.resource()) || !a.name().equals(pod.key().name()) || !granted) {
                continue;
            }
            if ("delete".equals(a.verb()) && a.subresource().isEmpty()) {
                out.add(new Deletion(a.user(), "deleted it", a.time(), a, null));
            } else if ("create".equals(a.verb()) && "eviction".equals(a.subresource())) {
                out.add(new Deletion(a.user(), "evicted it", a.time(), a, null));
            }
        }
        for (ClusterEvent e : pod.clusterEvents()) {
            boolean onPod = "Pod".equals(e.regarding().kind());
            String how = (onPod ? POD_REASONS : "Node".equals(e.regarding().kind()) ? NODE_REASONS : Map.<String, String>of()).get(e.reason());
            if (onPod && "Evicted".equals(e.reason()) && !"kubelet".equals(e.reportedBy())) {
                how = "evicted it"; // through the eviction API (a drain, an autoscaler): node pressure is the kubelet's
            }
            if (how != null) {
                out.add(new Deletion(e.reportedBy().isEmpty() ? "an unnamed component" : e.reportedBy(), how, e.first(), null, e));
            }
        }
        return out;
    }

    /**
     * Every deletion the records tell of, the one that says who deleted the Pod first: the earliest of
     * the most specific kind (audit, then Events on the Pod, then Events on its node), then the others.
     */
    static List<Deletion> ordered(PodHistory pod) {
        List<Deletion> all = of(pod);
        Comparator<Deletion> byTime = Comparator.comparing(Deletion::at);
        Optional<Deletion> first = all.stream().filter(d -> d.audit != null).min(byTime)
                .or(() -> all.stream().filter(d -> d.event != null && "Pod".equals(d.event.regarding().kind())).min(byTime))
                .or(() -> all.stream().min(byTime));
        if (first.isEmpty()) {
            return all;
        }
        List<Deletion> out = new ArrayList<>(List.of(first.get()));
        all.stream().filter(d -> d != first.get()).forEach(out::add);
        return out;
    }

    /** "system:serviceaccount:kube-system:cluster-autoscaler evicted it at 2026-…". */
    public String describe() {
        return who + " " + how + " at " + at.format();
    }
}
