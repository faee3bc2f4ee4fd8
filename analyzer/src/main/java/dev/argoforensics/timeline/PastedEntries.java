package dev.argoforensics.timeline;

import dev.argoforensics.correlate.PodListing;
import dev.argoforensics.snapshot.NodeStatus;
import dev.argoforensics.snapshot.ObservedAt;
import dev.argoforensics.snapshot.PodTable;
import dev.argoforensics.snapshot.WorkflowSnapshot;

/**
 * Timeline entries from pasted terminal output: {@code argo get}'s node rows and {@code kubectl get
 * pods} rows. Each says what the text shows and what it cannot (no UID, no exit codes, no finalizers,
 * no node times); a row whose table has no stated time is not placed at all.
 */
final class PastedEntries {
    private PastedEntries() {
    }

    static void argoGetNode(Entries out, WorkflowSnapshot s, String nodeId) {
        ObservedAt o = s.observed();
        if (o == null) {
            return;
        }
        if (s.nodesOffloaded()) {
            out.fact(o.time(), s.source(), "node:unavailable", (s.printed().startsWith("argo get") ? s.what() + " without a node tree"
                    : s.what() + " shows Workflow " + s.name() + " " + (s.phase().isEmpty() ? "without a phase" : s.phase())
                            + (s.message().isEmpty() ? "" : " (MESSAGE \"" + s.message() + "\")") + " and no nodes")
                    + (s.name().equals(nodeId) && s.rootNodeMessage().isPresent() ? ": node " + nodeId + " is its root node, whose phase and message the controller gives the"
                            + " Workflow once it has ended (no time of the node's own)"
                            : ": it does not say what became of node " + nodeId) + "; " + o.describe(), o.lowerBound());
            return;
        }
        NodeStatus n = s.node(nodeId).orElse(null);
        if (n == null) {
            out.fact(o.time(), s.source(), "node:unavailable", "argo get output does not show node " + nodeId
                    + " (a node filter, or a node it could not be sure of, may have left it out); " + o.describe(), o.lowerBound());
            return;
        }
        out.fact(o.time(), n.source() != null ? n.source() : s.source(), "node:printed", "argo get shows node " + n.id() + " " + n.phase()
                + (n.message().isEmpty() ? "" : ", message \"" + n.message() + "\"") + "; the output has no node times and no task-result state; "
                + o.describe(), o.lowerBound());
    }

    static void listing(Entries out, PodListing l) {
        PodTable t = l.table();
        ObservedAt o = t.observed();
        if (l.notFound() != null) {
            notFound(out, t, l.notFound());
            return;
        }
        if (o == null) {
            return;
        }
        if (!l.listed()) {
            out.fact(o.time(), t.source(), "pod:not-listed", t.describe() + " does not list the Pod, while it lists " + l.siblings()
                    + " other Pod(s) whose names start with its Workflow's: gone by then, unless the listing was filtered; "
                    + o.describe(), false);
            return;
        }
        PodTable.Row r = l.row();
        if (r.createdEarliest() != null) {
            out.fact(r.createdEarliest(), r.source(), "pod:created-window", "Pod created between " + r.createdEarliest().format() + " and "
                    + r.createdLatest().format() + " (AGE " + r.age() + " when the table was printed; kubectl truncates it)", true);
        }
        StringBuilder b = new StringBuilder(t.describe()).append(" lists the Pod: STATUS ").append(r.status());
        if (r.terminating()) {
            b.append(" (a deletion was requested: it has a deletionTimestamp, which the table does not print)");
        }
        b.append(", READY ").append(r.ready()).append(", RESTARTS ").append(r.restarts());
        if (!r.lastRestartAgo().isEmpty()) {
            b.append(" (last ").append(r.lastRestartAgo()).append(" ago)");
        }
        b.append(", AGE ").append(r.age());
        if (r.ageInvalid()) {
            b.append(" (its creation time lies after the clock that printed the table)");
        }
        if (!r.node().isEmpty()) {
            b.append(", node ").append(r.node());
        }
        b.append("; no UID, finalizers or exit codes in a table; ").append(o.describe());
        out.fact(o.time(), r.source(), "pod:listed", b.toString(), o.lowerBound());
    }

    /**
     * kubectl's answer that the Pod did not exist: placed at the time the user stated for the paste, else after the lines an
     * earlier command of the same transcript printed (a lower bound), else nowhere. Never a deletion time: it says the Pod did
     * not exist when kubectl ran (gone, or not created yet), not when it went.
     */
    private static void notFound(Entries out, PodTable t, PodTable.NotFound n) {
        String said = n.userDelete() ? "`" + t.command() + "` answered \"" + n.answer() + "\": a user deleted Pod " + n.name()
                + (n.forced() ? " with no grace period (--force)" : "") + ", gone once the command returned, which it does not date"
                : (t.command().isEmpty() ? "kubectl" : "`" + t.command() + "`") + (n.listing() == null ? " answered that Pod " + n.name()
                + " did not exist (NotFound)" : " answered \"" + n.answer() + "\": Pod " + n.name() + ", one it would have listed, did not exist")
                + " when it ran (gone, or not created yet), which says nothing of when it went";
        if (t.observed() != null) {
            out.fact(t.observed().time(), n.source(), "pod:not-found", said + "; " + t.observed().describe(), t.observed().lowerBound());
        } else if (n.after() != null) {
            out.fact(n.after(), n.source(), "pod:not-found", said + "; no time of its own: run after " + n.after().format()
                    + ", the last line an earlier command of the same transcript printed", true);
        }
    }
}
