package dev.argoforensics.correlate;

import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.snapshot.ObservedAt;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.time.Timestamp;
import java.util.Set;
import java.util.TreeSet;

/**
 * A granted delete of the Pod's name that this Pod's own objects show was another object's (session 46): another cluster's audit
 * file given beside this one's (staging running the same pipeline), or an earlier Pod of the name. An audit record names a Pod by
 * namespace and name; a delete sends no UID unless it carries a precondition, so nothing in the record ties it to this object.
 * Kubernetes does: a granted delete of a Pod at T sets that object's {@code deletionTimestamp} (to T plus its grace) or, with no
 * grace and no finalizer, removes it, and a {@code deletionTimestamp} once set is never cleared (lifecycle reference A1). So a delete
 * is not this Pod's where
 * <ul>
 *   <li>its UID precondition names another UID than the one this Pod's exports show, and the exported Pod was created clearly
 *       before it (the API server refuses such a delete, 409, for any other object of the name, and one name is one object at a
 *       time in one cluster);</li>
 *   <li>it was granted clearly before this Pod's {@code creationTimestamp} (both the API server's clock; two API servers of one
 *       cluster may disagree by as much as two clocks may, {@link DeletionBounds#CROSS_CLOCK_NANOS});</li>
 *   <li>an export of this Pod taken clearly after it shows no deletion, placed after it by the times the cluster wrote in it
 *       ({@link ObservedAt#notEarlierThan}; a time its node wrote, a container's or a kubelet condition's, less what a node's clock
 *       may be off, {@link DeletionBounds#takenNoEarlierThan}, session 52: a node clock a few minutes ahead would otherwise take a
 *       true delete away from the Pod; a {@code managedFields} time is the API server's, session 53 breaker); a time only its file states ({@code # taken-at:}, a file's mtime,
 *       {@code --snapshot-time}) sets nothing apart (session 47): it is the clock of whoever took the export, which nothing checks,
 *       and no margin bounds how far a laptop's may be off.</li>
 * </ul>
 * Anything less (an audit file that only looks foreign, a controller that saw the deletion late) sets nothing apart: the delete stays
 * the Pod's. What is set apart here is read by {@link Deletion#of} and {@link DeletionBounds}, so neither the deleter nor the
 * request's bounds come from it.
 */
public final class OtherObjectDeletes {
    private OtherObjectDeletes() {
    }

    /** Why {@code a}, a delete of the Pod's name, was another object's; null where nothing this Pod's objects show says so. */
    public static String why(PodHistory pod, AuditRecord a) {
        if (a.time() == null || !"pods".equals(a.resource()) || !a.name().equals(pod.key().name())) {
            return null;
        }
        // The exported Pod existed when the delete was granted (created clearly before it): an object of another UID of the name then
        // was another cluster's. Not a UID alone (an export may be of a later Pod of the name, session 36): its creation before the
        // delete is what makes the two objects coexist.
        Set<String> uids = new TreeSet<>();
        String existing = null;
        for (PodSnapshot s : pod.snapshots()) {
            if (s.uid() != null && !s.uid().isEmpty()) {
                uids.add(s.uid());
                Timestamp created = s.creationTimestamp();
                if (created != null && created.comparable(a.time()) && DeletionBounds.clearlyBefore(created, a.time())) {
                    existing = s.uid();
                }
            }
        }
        if (!a.preconditionUid().isEmpty() && uids.size() == 1 && existing != null && !existing.equals(a.preconditionUid())) {
            return "its UID precondition names " + a.preconditionUid() + ", and this Pod, " + existing + ", existed then";
        }
        // A granted delete's response names the object it deleted (AuditRecord#actedOnUid; session 49): another UID than this Pod's,
        // which existed then, is another object's delete, as a precondition's is.
        String acted = "delete".equals(a.verb()) && a.subresource().isEmpty() ? a.actedOnUid() : "";
        if (!acted.isEmpty() && uids.size() == 1 && existing != null && !existing.equals(acted)) {
            return "the delete removed another object of that name (uid " + acted + "), and this Pod, " + existing + ", existed then";
        }
        // Only an export that shows this Pod's UID speaks for it below (session 46 breaker): a `kubectl get pod -o yaml` pasted
        // without its uid, taken after `argo retry` made the node's Pod again under the name, shows the later Pod, created after
        // and undeleted after the earlier Pod's real delete.
        String own = ownUid(pod);
        for (PodSnapshot s : pod.snapshots()) {
            Timestamp created = ofPod(s, own) ? s.creationTimestamp() : null;
            if (created != null && a.time().comparable(created) && DeletionBounds.clearlyBefore(a.time(), created) && !linesBefore(pod, created)) {
                return "it was granted before the Pod was created (creationTimestamp " + created.format() + ")";
            }
        }
        for (PodSnapshot s : pod.snapshots()) {
            // The exported Pod existed at the delete (created clearly before it): an export of a Pod made after it says nothing of it.
            // Placed after it by what the cluster's clocks wrote in it (a condition's lastTransitionTime, a container's times), not by
            // a time only its file states (session 47): that is the clock of whoever took it, which nothing checks, and a laptop a
            // few minutes fast would take a real delete away from this Pod (a wrong clearance of a true AF001 or AF007).
            Timestamp created = s.creationTimestamp();
            Timestamp taken = ofPod(s, own) && s.notDeleting() && s.observed() != null && created != null && created.comparable(a.time())
                    && DeletionBounds.clearlyBefore(created, a.time()) ? DeletionBounds.takenNoEarlierThan(s) : null;
            if (taken != null && a.time().comparable(taken) && DeletionBounds.clearlyBefore(a.time(), taken)) {
                return "an export of the Pod taken after it (no earlier than " + taken.format() + ", by the times the cluster wrote in it)"
                        + " shows no deletion";
            }
        }
        return null;
    }

    /**
     * The audit files that record a granted delete of the Pod's name while this Pod existed undeleted (granted as its response shows,
     * {@link AuditRecord#granted}: a delete only received may have been this cluster's refused one, and shows nothing of which
     * cluster's file it is; session 49, as session 48 read the Workflow's): created clearly before it
     * ({@code creationTimestamp}) and shown undeleted by an export taken clearly after it (as {@link #why}). In one cluster such a
     * delete, from any of its API servers, would have set this Pod's {@code deletionTimestamp}; so the file is another cluster's
     * (two API servers of one cluster share one store, so this holds where a file is one of several), and its records of the
     * Pod's Workflow's name speak for that cluster's Workflow (a delete by its TTL is not this one's deletion). A file holding this
     * Pod's own create (the latest granted create of the name clearly before the delete) is left alone: it is this cluster's, or
     * a merge of both, which the records of one Workflow cannot split.
     */
    static Set<String> foreignFiles(PodHistory pod) {
        Set<String> out = new TreeSet<>();
        for (AuditRecord a : pod.auditRecords()) {
            if (a.time() == null || !"pods".equals(a.resource()) || !"delete".equals(a.verb()) || !a.subresource().isEmpty()
                    || !a.granted() || !a.name().equals(pod.key().name()) || out.contains(a.source().file())) {
                continue;
            }
            boolean existed = false;
            boolean undeletedAfter = false;
            String own = ownUid(pod);
            for (PodSnapshot s : pod.snapshots()) {
                if (!ofPod(s, own)) {
                    continue;
                }
                Timestamp created = s.creationTimestamp();
                existed |= created != null && created.comparable(a.time()) && DeletionBounds.clearlyBefore(created, a.time());
                Timestamp taken = s.notDeleting() && s.observed() != null ? DeletionBounds.takenNoEarlierThan(s) : null;
                undeletedAfter |= taken != null && a.time().comparable(taken) && DeletionBounds.clearlyBefore(a.time(), taken);
            }
            if (existed && undeletedAfter && !holdsCreateBefore(pod, a)) {
                out.add(a.source().file());
            }
        }
        return out;
    }

    /**
     * A controller line of the Pod's name clearly before the exported Pod's creation: the lines then hold an earlier Pod of the name
     * (argo retry made the node's Pod again under it, session 46 breaker), which a delete before that creation may have been of.
     */
    private static boolean linesBefore(PodHistory pod, Timestamp created) {
        for (dev.argoforensics.event.LogEvent e : pod.events()) {
            if (e.time() != null && e.time().comparable(created) && DeletionBounds.clearlyBefore(e.time(), created)) {
                return true;
            }
        }
        return false;
    }

    /** The one UID this Pod's key and exports show; null where none, or more than one (which object is this Pod is not decided). */
    private static String ownUid(PodHistory pod) {
        Set<String> uids = new TreeSet<>();
        if (pod.key().uid() != null) {
            uids.add(pod.key().uid());
        }
        for (PodSnapshot s : pod.snapshots()) {
            if (s.uid() != null && !s.uid().isEmpty()) {
                uids.add(s.uid());
            }
        }
        return uids.size() == 1 ? uids.iterator().next() : null;
    }

    /** The export shows this Pod's UID: one without a uid may be of a later Pod of the name, and is not read as this Pod's. */
    private static boolean ofPod(PodSnapshot s, String own) {
        return own != null && own.equals(s.uid());
    }

    /** The delete's file records a granted create of the Pod's name between this Pod's creation (less two clocks) and the delete. */
    private static boolean holdsCreateBefore(PodHistory pod, AuditRecord delete) {
        for (AuditRecord c : pod.auditRecords()) {
            if (!"create".equals(c.verb()) || !"pods".equals(c.resource()) || !c.subresource().isEmpty() || !c.effective() || c.time() == null
                    || !c.source().file().equals(delete.source().file()) || !c.time().instant().isBefore(delete.time().instant())) {
                continue;
            }
            for (PodSnapshot s : pod.snapshots()) {
                Timestamp created = s.creationTimestamp();
                if (created != null && !DeletionBounds.clearlyBefore(c.time(), created)) {
                    return true;
                }
            }
        }
        return false;
    }
}
