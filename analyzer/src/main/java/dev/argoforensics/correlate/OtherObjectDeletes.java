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
 *   <li>its UID precondition names another UID than the one this Pod's exports show (the API server refuses it, 409, for any
 *       other object of the name);</li>
 *   <li>it was granted clearly before this Pod's {@code creationTimestamp} (both the API server's clock; two API servers of one
 *       cluster may disagree by as much as two clocks may, {@link DeletionBounds#CROSS_CLOCK_NANOS});</li>
 *   <li>an export of this Pod taken clearly after it shows no deletion (by the earliest its taking can be: a time only its file
 *       states counts less what a user's clock may be off, {@link ObservedAt#earliest}).</li>
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
        Set<String> uids = new TreeSet<>();
        if (pod.key().uid() != null) {
            uids.add(pod.key().uid());
        }
        for (PodSnapshot s : pod.snapshots()) {
            if (s.uid() != null && !s.uid().isEmpty()) {
                uids.add(s.uid());
            }
        }
        if (!a.preconditionUid().isEmpty() && uids.size() == 1 && !uids.contains(a.preconditionUid())) {
            return "its UID precondition names " + a.preconditionUid() + ", and this Pod's UID is " + uids.iterator().next();
        }
        for (PodSnapshot s : pod.snapshots()) {
            Timestamp created = s.creationTimestamp();
            if (created != null && a.time().comparable(created) && DeletionBounds.clearlyBefore(a.time(), created)) {
                return "it was granted before the Pod was created (creationTimestamp " + created.format() + ")";
            }
        }
        for (PodSnapshot s : pod.snapshots()) {
            ObservedAt.Bound taken = s.notDeleting() && s.observed() != null ? s.observed().earliest() : null;
            if (taken != null && a.time().comparable(taken.at()) && DeletionBounds.clearlyBefore(a.time(), taken.at())) {
                return "an export of the Pod taken after it (no earlier than " + taken.at().format() + (taken.stated()
                        ? ", by the time its file states less what a user's clock may be off" : "") + ") shows no deletion";
            }
        }
        return null;
    }
}
