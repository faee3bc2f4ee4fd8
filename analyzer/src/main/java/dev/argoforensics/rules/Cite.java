package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.Deletion;
import dev.argoforensics.correlate.WorkflowHistory.NodeObservation;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.snapshot.ClusterEvent;
import dev.argoforensics.snapshot.ExportWords;
import dev.argoforensics.snapshot.NodeStatus;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.snapshot.PodTable;
import dev.argoforensics.correlate.PodListing;
import dev.argoforensics.snapshot.TaskResultSnapshot;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Evidence lines as rules cite them: a log line with the controller run that wrote it, or an
 * exported object summed up by the fields the rules look at. Log lines are cited in time order and
 * exports after them (an export has no time of its own, only a lower bound).
 */
final class Cite {
    private final Correlation correlation;
    private final List<EvidenceLine> lines = new ArrayList<>();
    private final List<EvidenceLine> objects = new ArrayList<>();

    Cite(Correlation correlation) {
        this.correlation = correlation;
    }

    /** Cites a log line (once: a line cited twice keeps its first role). */
    Cite line(LogEvent e, String role) {
        if (e != null && lines.stream().noneMatch(l -> l.source().equals(e.source()))) {
            lines.add(EvidenceLine.of(e, correlation.process(e), role));
        }
        return this;
    }

    Cite pod(PodSnapshot s, String role) {
        return object(EvidenceLine.object(s.source(), role, describe(s)));
    }

    Cite node(NodeObservation o, String role) {
        return object(EvidenceLine.object(o.source(), o.snapshot().fromArgoGetText() ? role.replace("exported Workflow", o.snapshot().what())
                : role, describe(o)));
    }

    /** A Workflow export, by its phase (and, when given, one node's). */
    Cite workflow(WorkflowSnapshot w, String nodeId, String role) {
        StringBuilder b = new StringBuilder("Workflow ").append(w.name());
        if (!w.uid().isEmpty()) {
            b.append(" uid ").append(w.uid());
        }
        b.append(": phase ").append(w.phase().isEmpty() ? "(none)" : w.phase());
        w.node(nodeId == null ? "" : nodeId).ifPresent(n -> b.append(", node ").append(n.id()).append(' ').append(n.phase())
                .append(n.message().isEmpty() ? "" : " \"" + n.message() + "\""));
        if (w.observed() != null) {
            b.append(w.fromArgoGetText() ? "; printed " : "; exported ").append(w.observed().lowerBound() ? "no earlier than " : "at ")
                    .append(w.observed().time().format());
        }
        return object(EvidenceLine.object(w.source(), w.fromArgoGetText() ? role.replace("exported Workflow", w.what()) : role,
                b.toString()));
    }

    /** A Workflow by its own phase and message ({@code status.message}, a kubectl get workflows row's MESSAGE), with no node. */
    Cite workflowMessage(WorkflowSnapshot w, String role) {
        StringBuilder b = new StringBuilder("Workflow ").append(w.name()).append(": phase ").append(w.phase()).append(", message \"")
                .append(w.message()).append('"');
        if (w.observed() != null) {
            b.append(w.fromArgoGetText() ? "; printed " : "; exported ").append(w.observed().lowerBound() ? "no earlier than " : "at ")
                    .append(w.observed().time().format());
        }
        return object(EvidenceLine.object(w.source(), role, b.toString()));
    }

    /** An exported Workflow as a whole: its phase, and its nodes or why the export holds none. */
    Cite workflow(WorkflowSnapshot s, String role) {
        return object(EvidenceLine.object(s.source(), role, "Workflow " + s.name() + ": phase " + (s.phase().isEmpty() ? "(none)" : s.phase())
                + (s.fromArgoGetText() ? (s.nodesOffloaded() ? ", " + s.what() + " without a node tree" : ", " + s.nodes().size()
                        + " node(s) in argo get's tree (no node times, no task-result state)")
                        : s.nodesOffloaded() ? ", no status.nodes (compressed or offloaded: the nodes are unknown, not absent)"
                        : ", " + s.nodes().size() + " node(s) in status.nodes")));
    }

    /**
     * kubectl's answers that the Pod's Workflow did not exist ({@code workflows.argoproj.io "W" not found}), as a fact and their
     * lines: deleted by then, at a time nothing states. Named, never read as when it went: a Workflow deleted before its Pod
     * took the Pod with it (not the race), one deleted after (a TTL, a user) says nothing of the Pod.
     */
    static void workflowNotFound(dev.argoforensics.correlate.WorkflowFate fate, List<Fact> facts, Cite cite) {
        if (fate == null || fate.notFound().isEmpty()) {
            return;
        }
        PodTable.NotFound n = fate.notFound().get(0);
        facts.add(new Fact("workflowNotFound", "Workflow later found deleted", (n.userDelete() ? "a user's delete answered \"" + n.answer() + "\""
                : "kubectl answered " + (n.listing() == null ? "NotFound" : "\"" + n.answer() + "\"")) + " for Workflow " + n.name()
                + (n.after() != null ? ", run after " + n.after().format() : "") + "; when it was deleted is not stated: before the Pod's"
                + " deletion its garbage collector took the Pod (not the race), after it (a TTL, a user) it says nothing of the Pod"));
        for (PodTable.NotFound each : fate.notFound()) {
            cite.object(EvidenceLine.object(each.source(), each.userDelete() ? "a user's delete of the Workflow (its transcript)"
                    : "kubectl: the Workflow did not exist when it ran", each.answer()
                    + (each.listing() == null ? "" : " (Workflow " + each.name() + " not among them)") + " (no time of its own)"));
        }
    }

    /** What a pasted kubectl get pods table says of the Pod: its row, or that it is not among the rows. */
    Cite listing(PodListing l, String role) {
        PodTable t = l.table();
        String when = t.observed() == null ? "at a time it does not state" : "at " + t.observed().time().format();
        if (l.notFound() != null && l.notFound().userDelete()) {
            return object(EvidenceLine.object(l.notFound().source(), role, "`" + t.command() + "` answered \"" + l.notFound().answer() + "\", "
                    + (t.observed() != null ? "run " + when : l.notFound().after() != null ? "run after " + l.notFound().after().format()
                    + " (the paste's order; no time of its own)" : "at a time nothing states") + ": a user deleted the Pod"
                    + (l.notFound().forced() ? " with no grace period (--force)" : "")));
        }
        if (l.notFound() != null) {
            return object(EvidenceLine.object(l.notFound().source(), role, (t.command().isEmpty() ? "kubectl" : "`" + t.command() + "`")
                    + " answered " + (l.notFound().listing() == null ? "NotFound" : "\"" + l.notFound().answer() + "\"") + " for Pod "
                    + l.notFound().name() + ", " + (t.observed() != null ? "run " + when
                    : l.notFound().after() != null ? "run after " + l.notFound().after().format() + " (the paste's order; no time of its own)"
                    : "at a time nothing states") + ": the Pod did not exist then"));
        }
        if (!l.listed()) {
            return object(EvidenceLine.object(t.source(), role, t.describe() + " printed " + when + ": " + t.rows().size()
                    + " row(s), " + l.siblings() + " of the Pod's Workflow, none of the Pod"));
        }
        PodTable.Row r = l.row();
        return object(EvidenceLine.object(r.source(), role, "Pod " + r.name() + ": STATUS " + r.status() + ", READY " + r.ready() + ", AGE "
                + r.age() + ", in " + t.describe() + " printed " + when + " (no UID, finalizers or exit codes)"));
    }

    /** A pasted kubectl get pods row, on its own (the table's other rows not in question). */
    Cite row(PodTable.Row r, String role) {
        return object(EvidenceLine.object(r.source(), role, "Pod " + r.name() + ": STATUS " + r.status() + ", READY " + r.ready() + ", AGE "
                + r.age() + " (kubectl's age from a moment the table does not print; no UID, finalizers or exit codes)"));
    }

    Cite taskResult(TaskResultSnapshot t, String role) {
        return object(EvidenceLine.object(t.source(), role, describe(t)));
    }

    /** An Event, at the time it was first seen. */
    Cite event(ClusterEvent e, String role) {
        return object(new EvidenceLine(e.source(), e.first(), role, describe(e), null));
    }

    /**
     * Who deleted the Pod: the audit record, else the Event that says, else the export whose DisruptionTarget condition says, else
     * the controller's line that implies it (the node's Events an implied deleter rests on are cited with the others).
     */
    Cite deletion(Deletion d) {
        return d.audit() != null ? audit(d.audit(), "who removed the Pod") : d.event() != null ? event(d.event(), "what removed the Pod")
                : d.condition() != null ? pod(d.condition(), "exported Pod: its DisruptionTarget condition says what removed it")
                : d.byController() ? line(d.line(), "the controller's cleanup worker deletes the Pod")
                : d.line() != null ? line(d.line(), "the Pod found Failed with main still running: the Pod garbage collector's mark") : this;
    }

    Cite audit(AuditRecord a, String role) {
        return object(new EvidenceLine(a.source(), a.requestTime(), role, describe(a), null));
    }

    private Cite object(EvidenceLine l) {
        if (objects.stream().noneMatch(o -> o.source().equals(l.source()) && o.text().equals(l.text()))) {
            objects.add(l);
        }
        return this;
    }

    /** Log lines and timed records in time order, then exports in the order cited. */
    List<EvidenceLine> evidence() {
        List<EvidenceLine> timed = new ArrayList<>(lines);
        objects.stream().filter(o -> o.time() != null).forEach(timed::add);
        timed.sort(Comparator.comparing(EvidenceLine::time));
        objects.stream().filter(o -> o.time() == null).forEach(timed::add);
        return timed;
    }

    static String describe(PodSnapshot s) {
        return ExportWords.pod(s);
    }

    static String describe(NodeObservation o) {
        NodeStatus n = o.node();
        StringBuilder b = new StringBuilder("Workflow ").append(o.snapshot().name());
        if (!o.snapshot().phase().isEmpty()) {
            b.append(" (").append(o.snapshot().phase()).append(')');
        }
        b.append(" node ").append(n.id()).append(": phase ").append(n.phase());
        if (!n.message().isEmpty()) {
            b.append(", message \"").append(n.message()).append('"');
        }
        if (n.taskResultSynced() != null) {
            b.append(", taskResultSynced ").append(n.taskResultSynced());
        }
        Boolean complete = o.snapshot().taskResultsCompletion().get(n.id());
        if (complete != null) {
            b.append(", taskResultsCompletionStatus ").append(complete);
        }
        if (n.finishedAt() != null) {
            b.append(", finishedAt ").append(n.finishedAt().format());
        }
        if (o.snapshot().fromArgoGetText()) {
            b.append(" (argo get output: no node times, no task-result state)");
        }
        return b.toString();
    }

    static String describe(TaskResultSnapshot t) {
        StringBuilder b = new StringBuilder("WorkflowTaskResult ").append(t.name()).append(": report-outputs-completed ")
                .append(ExportWords.outputsCompleted(t));
        if (!t.phase().isEmpty()) {
            b.append(", phase ").append(t.phase());
        }
        if (t.observed() != null) {
            b.append("; exported ").append(t.observed().lowerBound() ? "no earlier than " : "at ").append(t.observed().time().format());
        }
        return b.toString();
    }

    static String describe(ClusterEvent e) {
        return "Event " + e.reason() + " on " + e.regarding().kind() + " " + e.regarding().name()
                + (e.regarding().fieldPath().isEmpty() ? "" : " " + e.regarding().fieldPath()) + " by "
                + (e.reportedBy().isEmpty() ? "an unnamed component" : e.reportedBy()) + ": " + e.note();
    }

    static String describe(AuditRecord a) {
        return a.verb() + " " + a.target() + " by " + a.user() + (a.outcome() == null ? "" : " → " + a.outcome());
    }
}
