package dev.argoforensics.correlate;

import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.snapshot.FinalizerEdit;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.time.Timestamp;
import java.time.Instant;

/**
 * Who else wrote a Pod's object, as its audit records show (session 55). The controller writes a Pod it made only through its
 * patches (the completed label, the status-capture finalizer's release), under the account that created it; a {@code patch} or
 * {@code update} of the object by another account (a user's {@code kubectl patch}, {@code kubectl edit}, another controller) is
 * someone else's hand, which may have removed the finalizer. The records keep no finalizers unless the policy logged the request
 * body ({@link AuditRecord#finalizers()}): a body logged without an edit of {@code metadata.finalizers} removed none.
 */
public final class PodWrites {
    /** How far the controller's clock and the API server's may disagree, with a record's whole-second neighbours (as AF004 reads them). */
    public static final long CLOCKS_NANOS = 2_000_000_000L;

    private PodWrites() {
    }

    /**
     * The first granted {@code patch} or {@code update} of the Pod's object (not a subresource) by an account other than the
     * controller's, received after the controller's worker took the finalizer's release ({@code took}, on the controller's clock,
     * less {@link #CLOCKS_NANOS}) and not after {@code notAfter} (the latest an export can have been taken, null: unknown), that
     * may have removed the status-capture finalizer; null if none. The controller's account is the one that created the Pod (its
     * logged {@code create}); where no create is logged, the one whose patch the API server received within {@link #CLOCKS_NANOS}
     * of the worker's line (the worker's own patch); where neither is logged, any account's write counts.
     */
    public static AuditRecord finalizerByAnother(PodHistory pod, Timestamp took, Timestamp notAfter) {
        if (took == null || took.undated()) {
            return null;
        }
        String controller = creator(pod);
        if (controller == null) {
            controller = workerPatch(pod, took);
        }
        Instant from = took.instant().minusNanos(CLOCKS_NANOS);
        for (AuditRecord a : pod.auditRecords()) {
            if (!objectWrite(pod, a) || a.user().equals(controller) || !took.comparable(a.requestTime())
                    || !a.requestTime().instant().isAfter(from)) {
                continue;
            }
            if (notAfter != null && notAfter.comparable(a.requestTime()) && a.requestTime().instant().isAfter(notAfter.instant())) {
                continue;
            }
            if (a.requestBodyLogged() && !mayRemove(a.finalizers())) {
                continue;
            }
            return a;
        }
        return null;
    }

    /** Whether a logged edit of the finalizers may have removed the status-capture finalizer (none logged: it removed none). */
    private static boolean mayRemove(FinalizerEdit edit) {
        if (edit == null) {
            return false;
        }
        return edit instanceof FinalizerEdit.JsonPatch || edit.removes(PodSnapshot.STATUS_FINALIZER);
    }

    private static boolean objectWrite(PodHistory pod, AuditRecord a) {
        return ("patch".equals(a.verb()) || "update".equals(a.verb())) && "pods".equals(a.resource()) && a.subresource().isEmpty()
                && pod.key().name().equals(a.name()) && a.effective() && a.requestTime() != null;
    }

    /** The account of the Pod's granted, logged {@code create}, or null. */
    private static String creator(PodHistory pod) {
        for (AuditRecord a : pod.auditRecords()) {
            if ("create".equals(a.verb()) && "pods".equals(a.resource()) && a.subresource().isEmpty() && pod.key().name().equals(a.name())
                    && a.effective()) {
                return a.user();
            }
        }
        return null;
    }

    /**
     * The account of the one write of the Pod's object received within the clocks' margin of the worker's line that may be the worker's
     * release, or null (none, or two accounts). Session 55 breaker: a write's moment alone names no account (a user's {@code kubectl
     * label} a second after the worker took the release, under an audit policy that drops service accounts' requests, named the user the
     * controller, and her later removal by hand was read as the controller's own): the controller runs under a service account
     * ({@code system:serviceaccount:…}), and its release is a patch of the finalizers, so a write whose logged body leaves them alone
     * is not it.
     */
    private static String workerPatch(PodHistory pod, Timestamp took) {
        String user = null;
        for (AuditRecord a : pod.auditRecords()) {
            if (objectWrite(pod, a) && took.comparable(a.requestTime()) && a.user().startsWith("system:serviceaccount:")
                    && (!a.requestBodyLogged() || mayRemove(a.finalizers()))
                    && Math.abs(java.time.Duration.between(took.instant(), a.requestTime().instant()).toNanos()) <= CLOCKS_NANOS) {
                if (user != null && !user.equals(a.user())) {
                    return null;
                }
                user = a.user();
            }
        }
        return user;
    }
}
