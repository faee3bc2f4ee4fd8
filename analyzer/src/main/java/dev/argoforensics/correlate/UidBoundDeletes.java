package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerEvent.PodCleanupFailed;
import dev.argoforensics.event.ControllerEvent.PodCleanupQueued;
import dev.argoforensics.event.ControllerEvent.PodCleanupStarted;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.AuditRecord;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Deletes bound to one Pod by its UID (session 39). v4's {@code deletePodByUID} (operator.go: the automatic restart of a Pod that
 * failed before it ran, from v4.0.0-rc2; v4.1 also the timed-out node's Pod) logs {@code queueing pod for cleanup by UID} with the
 * Pod's {@code uid}, and its worker's {@code cleaning up pod} (and {@code failed to clean-up pod}) carry the key
 * {@code <ns>/<pod>/deletePodByUID/<uid>}; the delete it sends carries the precondition {@code preconditions.uid}, so the API server
 * deletes that Pod and no other of the name (another is refused with a 409 Conflict, which the worker retries). The controller
 * queues it for the Pod its informer holds, so a UID its lines name before a Pod's {@code Created pod} is an earlier Pod's of the
 * name: this one did not exist yet, and the API server gives a Pod its UID when it creates it. Such a key's lines, and an audit
 * record of a delete with that precondition, are the earlier Pod's, not this one's deletion. Other deletes (by name: {@code
 * deletePod}, {@code kubectl delete}, the garbage collector's) name no UID the tool can read, and stay as they were.
 */
public final class UidBoundDeletes {
    private UidBoundDeletes() {
    }

    /** The action v4's controller logs for a delete by UID. */
    public static final String ACTION = "deletePodByUID";

    /**
     * The UIDs the controller's lines name for a delete by UID of the Pod's name before {@code created} (this Pod's {@code Created
     * pod}): in the same controller run's log before it, or clearly before it (by two clocks' disagreement) in another's. Empty when
     * {@code created} is null.
     */
    public static Set<String> earlierUids(PodHistory all, LogEvent created) {
        Set<String> out = new LinkedHashSet<>();
        if (created == null) {
            return out;
        }
        for (LogEvent e : all.events()) {
            String uid = uidOf(e);
            if (uid.isEmpty()) {
                continue;
            }
            boolean before = e.stream() == created.stream() ? EventOrder.before(e, created)
                    : e.time().windowEnd().plusNanos(DeletionBounds.CROSS_CLOCK_NANOS).isBefore(created.time().instant());
            if (before) {
                out.add(uid);
            }
        }
        return out;
    }

    /** The UID a delete-by-UID line names (its {@code uid}, or its key's fourth part), "" for any other line. */
    public static String uidOf(LogEvent e) {
        if (e.event() instanceof PodCleanupQueued q && ACTION.equals(q.action()) && q.uid() != null) {
            return q.uid();
        }
        if (e.event() instanceof PodCleanupStarted s && ACTION.equals(s.action())) {
            return keyUid(s.key());
        }
        if (e.event() instanceof PodCleanupFailed f && ACTION.equals(f.action())) {
            return keyUid(f.key());
        }
        return "";
    }

    /** The fourth part of a cleanup key {@code <ns>/<pod>/<action>/<uid>}, "" if it has none. */
    static String keyUid(String key) {
        if (key == null) {
            return "";
        }
        String[] parts = key.split("/", -1);
        return parts.length == 4 ? parts[3] : "";
    }

    /**
     * An audit record of a delete whose precondition names a UID in {@code earlier}: a granted one deleted that earlier Pod and no
     * other. Not a UID an export gives (an export taken later may be of a later Pod of the name, session 36): only the controller's
     * own lines before the Pod's creation tie a UID to an earlier Pod for certain.
     */
    public static boolean deletesAnother(AuditRecord a, Set<String> earlier) {
        String uid = a.preconditionUid();
        return !uid.isEmpty() && "delete".equals(a.verb()) && earlier.contains(uid);
    }
}
