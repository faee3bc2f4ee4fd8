package dev.argoforensics.correlate;

import dev.argoforensics.event.LogEvent;
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
    /** The first Pod (in key order) holding each line; made on first use, as few look it up. */
    private Map<LogEvent, PodHistory> byLine;

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

    /** The first Pod, in key order, whose lines hold this line (the very line, not an equal one). */
    public synchronized Optional<PodHistory> holding(LogEvent line) {
        if (byLine == null) {
            byLine = new HashMap<>(); // by equality, as List.contains finds a line
            for (PodHistory p : pods.values()) {
                p.events().forEach(e -> byLine.putIfAbsent(e, p));
            }
        }
        return Optional.ofNullable(byLine.get(line));
    }

    /** The earliest and the latest time of an audit record about any Pod; empty without any. */
    public Optional<Span> auditSpan() {
        return auditFirst == null ? Optional.empty() : Optional.of(new Span(auditFirst, auditLast));
    }

    /** From the earliest time to the latest, both included. */
    public record Span(Instant first, Instant last) {
    }
}
