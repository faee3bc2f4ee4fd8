package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerEvent.FinalizersOnDelete;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.PodRef;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.snapshot.AuditRecord;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The Pods by what they are looked up by, indexed once for every rule, timeline and report: by their
 * Workflow, by their Workflow's name, by their own name, by a line they hold; and the span of the
 * audit log. A finding about one Workflow reads its own Pods, not every Pod of the analysis.
 * Every list keeps the Pods in key order, as a walk of {@link Correlation#pods()} would find them.
 */
public final class PodIndex {
    private final Map<WorkflowRef, List<PodHistory>> byWorkflow = new HashMap<>();
    private final Map<String, List<PodHistory>> byWorkflowName = new HashMap<>();
    private final Map<String, List<PodHistory>> byName = new HashMap<>();
    private final Map<PodKey, PodHistory> pods;
    private final Instant auditFirst;
    private final Instant auditLast;
    /** The namespaces in which an audit record deletes or evicts a Pod (any Pod, at any time); "" for a record naming none. */
    private final java.util.Set<String> podDeletesLogged = new java.util.HashSet<>();

    PodIndex(Map<PodKey, PodHistory> pods) {
        this.pods = pods;
        Instant first = null;
        Instant last = null;
        for (PodHistory p : pods.values()) {
            byName.computeIfAbsent(p.key().name(), k -> new ArrayList<>()).add(p);
            if (p.link() != null) {
                byWorkflow.computeIfAbsent(p.link().workflow(), k -> new ArrayList<>()).add(p);
                byWorkflowName.computeIfAbsent(p.link().workflow().name(), k -> new ArrayList<>()).add(p);
            }
            for (AuditRecord a : p.auditRecords()) {
                if ("pods".equals(a.resource()) && (("delete".equals(a.verb()) && a.subresource().isEmpty()) || "eviction".equals(a.subresource()))) {
                    podDeletesLogged.add(a.namespace() == null ? "" : a.namespace());
                }
                if (a.time() != null) {
                    first = first == null || a.time().instant().isBefore(first) ? a.time().instant() : first;
                    last = last == null || a.time().instant().isAfter(last) ? a.time().instant() : last;
                }
            }
        }
        this.auditFirst = first;
        this.auditLast = last;
    }

    /** The Pods tied to a node of the Workflow, in key order. */
    public List<PodHistory> ofWorkflow(WorkflowRef wf) {
        return byWorkflow.getOrDefault(wf, List.of());
    }

    /** The Pods tied to a node of a Workflow of this name (in any namespace), in key order. */
    public List<PodHistory> ofWorkflowNamed(String name) {
        return byWorkflowName.getOrDefault(name, List.of());
    }

    /** The Pods of this name (in any namespace, any UID), in key order. */
    public List<PodHistory> named(String name) {
        return byName.getOrDefault(name, List.of());
    }

    /**
     * The first Pod, in key order, whose lines hold this line (by equality, as {@code List.contains} finds it).
     * The correlation gives a line to the Pod it names (one of the Pods of that name) and a paired {@code Removing
     * finalizers during a delete} line also to the Pod of the line it is paired with: so the Pods of the line's name
     * are looked at, and every Pod only for a handler line or a line naming no Pod. Nothing is kept between calls (a
     * map of every Pod's every line was 1.3 million entries on an incident corpus, held to the end of the analysis).
     */
    public Optional<PodHistory> holding(LogEvent line) {
        Optional<PodRef> named = line.event().pod();
        Iterable<PodHistory> candidates = named.isPresent() && !(line.event() instanceof FinalizersOnDelete)
                ? named(named.get().name()) : pods.values();
        for (PodHistory p : candidates) {
            if (p.events().contains(line)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** The earliest and the latest time of an audit record about any Pod; empty without any. */
    public Optional<Span> auditSpan() {
        return auditFirst == null ? Optional.empty() : Optional.of(new Span(auditFirst, auditLast));
    }

    /**
     * Whether the audit records given show that their policy logs Pod deletes in the namespace (null: in any): a delete or an eviction
     * of some Pod there. An audit policy may log a resource's writes and not its deletes (a rule by verb), or several API servers may
     * each log their own requests; a log that records none at all shows nothing by its silence about one Pod (session 41 breaker).
     */
    public boolean podDeletesLogged(String namespace) {
        return namespace == null || namespace.isEmpty() ? !podDeletesLogged.isEmpty() : podDeletesLogged.contains(namespace);
    }

    /** From the earliest time to the latest, both included. */
    public record Span(Instant first, Instant last) {
    }
}
