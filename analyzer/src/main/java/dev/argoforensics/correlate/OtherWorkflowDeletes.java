package dev.argoforensics.correlate;

import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.snapshot.NodeStatus;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import dev.argoforensics.time.Timestamp;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * A granted delete of the Workflow's name that this Workflow's own exports show was another object's (session 47), as
 * {@link OtherObjectDeletes} does for a Pod: another cluster's audit file given beside this one's (staging running the same
 * pipeline, its TTL deleting its own Workflow of the name), or a namesake's. An audit record of a delete names the Workflow by
 * namespace and name; the API server deletes whatever object holds the name, and a Workflow, which has no grace period, is then
 * gone at once or, held by a finalizer ({@code foregroundDeletion}, {@code artifact-gc}), carries a {@code deletionTimestamp} that is
 * never cleared (lifecycle reference A3). So a delete is not this Workflow's where the Workflow (the one UID its exports show)
 * existed when it was granted (a node of it started clearly, by more than an unchecked clock may be off, before it: the controller starts nodes only of a Workflow it has, so
 * the object was created before) and
 * <ul>
 *   <li>the record carries a UID ({@code objectRef.uid}, a delete's {@code preconditions.uid}) other than that one (a delete by
 *       name in one cluster would have been of the object holding the name, this one; a precondition naming another is refused,
 *       409); or</li>
 *   <li>an export of it taken clearly after the delete (by more than an unchecked clock may be off, 60 s: the controller's
 *       and kubelets' clocks are not the audit file's) shows no {@code deletionTimestamp}, placed after it by what the cluster's
 *       clocks wrote (a time inside the object: a node's {@code finishedAt}, {@code status.finishedAt}; or the controller's write of
 *       its resourceVersion). A time only its file states ({@code # taken-at:}, a file's mtime, {@code --snapshot-time}) is the
 *       clock of whoever took it, which nothing checks: it sets no delete apart (a laptop a few minutes fast would take a real
 *       delete away from the Workflow it removed).</li>
 * </ul>
 * Session 48: only a delete the API server granted is read ({@link AuditRecord#effective}; a refused one deleted nothing and tells
 * nothing of whose the name was), and only one whose response shows the grant ({@link AuditRecord#granted}) sets its file apart. A
 * delete's logged response names the object it acted on ({@link AuditRecord#responseUid}): another UID sets it apart as a record's
 * UID does; this Workflow's keeps it as its deletion whatever an export says, and ties its file to this cluster. Where an export
 * shows the Workflow's {@code metadata.creationTimestamp} (the API server's clock, the audit log's), that decides whether the
 * Workflow existed at the delete, by two API servers' margin: a delete not clearly after it was an earlier object's, one clearly
 * after it found this one there (no node's start on the controller's clock needed).
 * A controller line after the delete shows nothing here: the controller goes on reconciling a Workflow held by a finalizer, and no
 * line of it says whether a {@code deletionTimestamp} was set. A delete clearly before this Workflow's start is left to the
 * per-Pod readings ({@link WorkflowFate#deletedFor}, {@link WorkflowAudit#read}): the lines of one name may hold an earlier run of
 * it whose Pods that delete did take.
 */
public final class OtherWorkflowDeletes {
    private OtherWorkflowDeletes() {
    }

    /**
     * {@link #why(WorkflowHistory, AuditRecord)} where the delete's own audit file ({@code named}: the group's records of the name)
     * may record a write carrying this Workflow's UID: such a file is this cluster's (or a merge of both, which one Workflow's records
     * cannot split), and there a granted delete of the name removed whatever held it, this Workflow; an export's times placing it
     * alive after that delete then contradict the record (clocks apart, or the file's records out of place) and set nothing apart,
     * only a UID the record itself names does (the lead, session 47: the final verify's FalsePodDeletedTest control read an export
     * 20 s after such a delete on the controller's clock as the delete being another object's, and AF008 said confirmed).
     */
    public static String why(WorkflowHistory w, AuditRecord a, java.util.function.Supplier<List<AuditRecord>> named) {
        String why = why(w, a);
        if (why == null || why.startsWith("its ")) {
            return why;
        }
        String own = ownUid(w.snapshots());
        for (AuditRecord r : named.get()) {
            if (own != null && carries(r, own) && r.source().file().equals(a.source().file())) {
                return null;
            }
        }
        return why;
    }

    /**
     * Why {@code a}, a granted delete of the Workflow's name, was another object's; null where nothing its exports show says so, and
     * for a refused one (it deleted nothing).
     */
    public static String why(WorkflowHistory w, AuditRecord a) {
        // A refused delete deleted nothing: it is no one's deletion, and says nothing of whose the name was (session 48).
        if (!a.effective() || a.time() == null || !"workflows".equals(a.resource()) || !"delete".equals(a.verb()) || !a.subresource().isEmpty()
                || !w.ref().name().equals(a.name()) || !java.util.Objects.equals(w.ref().namespace(), a.namespace())) {
            return null;
        }
        String own = ownUid(w.snapshots());
        if (own == null || own.equals(a.responseUid())) {
            // The response names this Workflow as the object it deleted: its, whatever an export of it says (session 48).
            return null;
        }
        Timestamp started = null;
        for (WorkflowSnapshot s : w.snapshots()) {
            Timestamp t = own.equals(s.uid()) ? firstStarted(s) : null;
            if (t != null && (started == null || t.isBefore(started))) {
                started = t;
            }
        }
        Timestamp created = created(w.snapshots(), own);
        if (created != null) {
            // The API server's own time of storing it, on the clock its audit log keeps: the delete not clearly after it (by as much
            // as two API servers' clocks may disagree) came before this object existed, an earlier one's of the name, left to the
            // per-Pod readings; clearly after it, the object existed then, whatever a node's start on the controller's clock says.
            if (!created.comparable(a.time()) || !a.time().instant().isAfter(created.windowEnd().plusNanos(DeletionBounds.CROSS_CLOCK_NANOS))) {
                return null;
            }
        } else if (started == null || !started.comparable(a.time()) || !beforeByUncheckedClock(started, a.time())) {
            return null;
        }
        String since = created != null ? "created at " + created.format() : "a node of it started at " + started.format();
        String named = !a.uid().isEmpty() && !own.equals(a.uid()) ? "its objectRef.uid names " + a.uid()
                : !a.responseUid().isEmpty() ? "its responseObject names " + a.responseUid()
                : !a.preconditionUid().isEmpty() && !own.equals(a.preconditionUid()) ? "its UID precondition names " + a.preconditionUid() : null;
        if (named != null) {
            return named + ", and this Workflow, " + own + ", existed then (" + since + ")";
        }
        for (WorkflowSnapshot s : w.snapshots()) {
            Timestamp shown = own.equals(s.uid()) && s.notDeleting() && s.observed() != null ? s.observed().notEarlierThan() : null;
            if (shown != null && a.time().comparable(shown) && beforeByUncheckedClock(a.time(), shown)) {
                return "this Workflow, " + own + ", existed then (" + since + ") and an export of it "
                        + "taken after it (no earlier than " + shown.format() + ", by the times the cluster wrote in it) shows no deletion";
            }
        }
        return null;
    }

    /**
     * {@code a} before {@code shown}, one of them the audit file's clock and the other the controller's or a kubelet's, by more
     * than an unchecked clock may be off
     * ({@link dev.argoforensics.snapshot.ObservedAt#STATED_CLOCK_NANOS}): the times an export holds after a delete are mostly the
     * controller's ({@code startedAt}, {@code status.finishedAt}, its write of the resourceVersion) or a kubelet's (a Pod node's
     * {@code finishedAt} is its containers' latest {@code finishedAt}), and nothing read here checks those clocks against the audit
     * file's. Two clocks' usual margin (10 s) would let a controller 20 s ahead take this cluster's real delete away from the Workflow
     * it removed, where the file logs deletes only (no write carrying the UID ties it to this cluster): the export taken just before
     * the delete shows a step started seconds before it as started after it; a controller 20 s behind writes the startedAt of a
     * run resubmitted a second after the earlier run's delete as before it, and the delete-only file that holds both is taken for
     * another cluster's (session 47 breaker, SkewedWorkflowDeleteTest).
     */
    private static boolean beforeByUncheckedClock(Timestamp a, Timestamp shown) {
        return a.windowEnd().plusNanos(dev.argoforensics.snapshot.ObservedAt.STATED_CLOCK_NANOS).isBefore(shown.instant());
    }

    /**
     * The audit files that granted a delete of the Workflow's name while this Workflow existed undeleted ({@link #why}): in one
     * cluster any of its API servers would have deleted this object (they share one store), so the file is another cluster's, and
     * its records of the Workflow's Pods' names are that cluster's Pods'. A file that records a write carrying this Workflow's UID is
     * left alone (this cluster's, or a merge of both, which the records of one Workflow cannot split); its delete is still set apart
     * by {@link #why}.
     */
    static Set<String> foreignFiles(WorkflowHistory w, List<AuditRecord> named) {
        Set<String> out = new TreeSet<>();
        String own = ownUid(w.snapshots());
        if (own == null) {
            return out;
        }
        Set<String> ownFiles = new TreeSet<>();
        for (AuditRecord a : named) {
            if (carries(a, own)) {
                ownFiles.add(a.source().file());
            }
        }
        for (AuditRecord a : named) {
            // Granted, as its response shows: a delete only received may have been refused (403 in this cluster), and then it shows
            // nothing of which cluster's file it is (session 48).
            if (a.granted() && !ownFiles.contains(a.source().file()) && !out.contains(a.source().file()) && why(w, a) != null) {
                out.add(a.source().file());
            }
        }
        return out;
    }

    /**
     * What a delete of the Workflow's name that nothing set apart ({@link #why}) leaves open, to be said where it is read as this
     * Workflow's deletion: where the Workflow's exports show its UID and the delete's audit file ({@code named}, the group's records
     * of the name) holds no request carrying it (a delete sends none, nor a precondition), nothing ties the record to this object
     * rather than to another of the name (another cluster's, whose file was given beside). Where the delete's own response names
     * another UID ({@link AuditRecord#actedOnUid}), it says so: the delete removed that object (session 49). "" where its file
     * carries this Workflow's UID, or no UID is exported.
     */
    static String untied(WorkflowHistory w, AuditRecord a, List<AuditRecord> named) {
        String own = w == null ? null : ownUid(w.snapshots());
        if (own == null || own.equals(a.uid()) || own.equals(a.preconditionUid()) || own.equals(a.actedOnUid())) {
            return "";
        }
        if (!a.actedOnUid().isEmpty()) {
            // Session 49: the response names the object the delete removed, and it is not this one: an earlier or a later object of
            // the name (a run resubmitted under it), whose deletion this is; nothing "untied" about it.
            return "; the delete removed another object of that name (uid " + a.actedOnUid() + "), not this Workflow, " + own;
        }
        for (AuditRecord r : named) {
            if (carries(r, own) && r.source().file().equals(a.source().file())) {
                return "";
            }
        }
        return "; it names the Workflow by namespace and name only, and nothing in its audit file ties it to this Workflow's UID " + own;
    }

    /**
     * The record names the object of {@code uid} as the one it acted on: its {@code objectRef.uid} (an update's), or the object a
     * granted delete's response returned ({@link AuditRecord#responseUid}; a refused one's names nothing it acted on).
     */
    private static boolean carries(AuditRecord r, String uid) {
        return uid.equals(r.actedOnUid());
    }

    /** The one UID the Workflow's exports show; null where none, or more than one. */
    static String ownUid(List<WorkflowSnapshot> snapshots) {
        Set<String> uids = new TreeSet<>();
        for (WorkflowSnapshot s : snapshots) {
            if (s.uid() != null && !s.uid().isEmpty()) {
                uids.add(s.uid());
            }
        }
        return uids.size() == 1 ? uids.iterator().next() : null;
    }

    /** The {@code metadata.creationTimestamp} the exports of UID {@code own} show (the earliest, should two differ); null if none. */
    private static Timestamp created(List<WorkflowSnapshot> snapshots, String own) {
        Timestamp first = null;
        for (WorkflowSnapshot s : snapshots) {
            Timestamp t = own.equals(s.uid()) ? s.creationTimestamp() : null;
            if (t != null && (first == null || t.isBefore(first))) {
                first = t;
            }
        }
        return first;
    }

    /** The earliest {@code startedAt} of a node the export shows (the controller's clock); null if none. */
    private static Timestamp firstStarted(WorkflowSnapshot s) {
        Timestamp first = null;
        for (NodeStatus n : s.nodes().values()) {
            if (n.startedAt() != null && (first == null || n.startedAt().isBefore(first))) {
                first = n.startedAt();
            }
        }
        return first;
    }
}
