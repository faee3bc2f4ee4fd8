package dev.argoforensics.correlate;

import dev.argoforensics.event.LogEvent;
import dev.argoforensics.time.Timestamp;

/**
 * When the deletion of a Pod was first requested, as tightly as the evidence bounds it. Kubernetes
 * keeps no request time: {@code deletionTimestamp} is the request time plus the grace period, a
 * later delete with a shorter grace period moves it (to old - old grace + new grace up to
 * Kubernetes 1.32, never into the past from 1.33), and the kubelet's grace-0 delete once the
 * containers have stopped is such a delete. So the request is read from audit records, from the
 * earliest export that shows the deletion, and from the controller's first sight of it.
 *
 * @param notBefore   the request came after this (null: nothing bounds it from below)
 * @param notAfter    the request came no later than this (never null: some evidence shows the deletion)
 * @param exact       both bounds come from one exact statement of the request time (an audit record,
 *                    or deletionTimestamp minus a grace period that no later delete shortened)
 * @param grace       the grace period of the first request when an export shows it, else null
 * @param firstSeen   the controller's first deleting-handler line for the Pod, or null
 * @param requestedBy the user or component an audit record names, or null
 * @param logsAgree   the controller's times agree with the objects' (it did not see the deletion before the objects
 *                    say it was requested); when they do not, its lines bound nothing and are compared with no object
 * @param skew        where the controller's times disagree with the objects', how (and by how much, if a pair of facts tells), else null
 * @param inferredLower the lower bound is inferred (a grace-0 deletionTimestamp long after an all-zero end taken for the
 *                    request), not stated: an object that shows the Pod running earlier (a Killing event) contradicts it
 * @param implied     nothing shows the delete: {@code notAfter} is the time the controller read the Pod garbage collector's
 *                    {@code Failed}, which PodGC sends its grace-0 delete right after, in the same call; the Pod had left the
 *                    controller's informer by its own label, so no delete event dates it (session 32). About that time, not
 *                    a bound a record states: {@link #when()} says "at about"
 */
public record DeletionRequest(Known notBefore, Known notAfter, boolean exact, Long grace, LogEvent firstSeen, String requestedBy,
                              boolean logsAgree, boolean inferredLower, ClockSkew skew, boolean implied) {

    /**
     * How a bound reads that comes from a {@code Workflow pod is missing} line of a controller whose release logs no pod event
     * (before v3.6.5): the Pod had left the informer, which is the controller's own "pod deleted" claim, not another witness of it.
     */
    public static final String MISSING_FROM_INFORMER = "the controller found the Pod missing from its informer (its release logs no pod event)";

    /** The latest bound is the controller's own missing line ({@link #MISSING_FROM_INFORMER}): nothing else bounds the deletion as tightly. */
    public boolean boundByMissingLine() {
        return notAfter.fromLogs() && MISSING_FROM_INFORMER.equals(notAfter.how());
    }

    public DeletionRequest(Known notBefore, Known notAfter, boolean exact, Long grace, LogEvent firstSeen, String requestedBy,
                           boolean logsAgree, boolean inferredLower) {
        this(notBefore, notAfter, exact, grace, firstSeen, requestedBy, logsAgree, inferredLower, null, false);
    }

    /** The Pod garbage collector's delete implied by the controller's reading of its {@code Failed} ({@link #implied}), about {@code at}. */
    static DeletionRequest impliedByPodGc(Known at) {
        return new DeletionRequest(null, at, false, null, null, null, true, false, null, true);
    }

    /**
     * Whether the latest bound is a grace-0 {@code deletionTimestamp} from moments after the containers ended ({@code end}, within
     * the time the kubelet's own final delete can take), so that it may be that delete's: from Kubernetes 1.33 the kubelet's grace-0
     * delete of a Pod a finalizer keeps sets its own time instead of moving the timestamp back to the request's (lifecycle reference
     * A1, "Recovering T0"), and the request may then have come at any time before, while the containers ran too. Up to 1.32, and for
     * a Pod already finished when it was deleted (grace forced to 0), the timestamp is the request's. No evidence the tool reads gives
     * the API server's version, so neither reading is taken: the bound orders nothing with the end.
     */
    public boolean latestMayBeKubeletsFinalDelete(ContainersEnd end) {
        if (exact || grace == null || grace != 0 || notAfter.fromLogs() || end == null || end.at() == null) {
            return false;
        }
        // The end is its node's clock, the timestamp the API server's: read through the node's clock where the Pod's records bound it
        // (session 57; ContainersEnd#finalDeleteOrder, the same order DeletionBounds' grace-0 inference reads), else as written.
        Timestamp ts = notAfter.at();
        return end.mayEndBefore(ts) && !end.finalDeleteOrder(ts).ordered();
    }

    /**
     * The one statement that dates the request, where {@link #when()} says "at": both bounds at one time, or one audit record
     * (received, then completed, moments apart: dated by its receipt, as {@code AuditRecord#requestTime} dates every request); else
     * null. Every time the report gives for the request is this one, so that a summary, a key fact and a timeline row agree.
     */
    public Known dated() {
        if (implied || notBefore == null) {
            return null;
        }
        return notBefore.at().equals(notAfter.at()) || (exact && notBefore.evidence().equals(notAfter.evidence())) ? notBefore : null;
    }

    /** "at 16:31:04Z", "between A and B" or "no later than B": the bounds without how they were found. */
    public String when() {
        if (implied) {
            return "at about " + notAfter.at().format();
        }
        if (dated() != null) {
            return "at " + dated().at().format();
        }
        return notBefore != null ? "between " + notBefore.at().format() + " and " + notAfter.at().format() : "no later than " + notAfter.at().format();
    }

    /** {@link #when()} with how each bound was found: "at 16:31:04Z (delete by alice (audit record))". */
    public String describe() {
        if (implied) {
            return "at about " + notAfter.at().format() + " (" + notAfter.how() + ")";
        }
        if (dated() != null) {
            return "at " + dated().at().format() + " (" + dated().how() + ")";
        }
        if (exact && notBefore == null) {
            return "at " + notAfter.at().format() + " (" + notAfter.how() + ")";
        }
        if (notBefore != null) {
            return "between " + notBefore.at().format() + " (" + notBefore.how() + ") and " + notAfter.at().format() + " (" + notAfter.how() + ")";
        }
        return "no later than " + notAfter.at().format() + " (" + notAfter.how() + ")";
    }
}
