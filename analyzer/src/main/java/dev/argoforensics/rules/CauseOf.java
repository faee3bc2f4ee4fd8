package dev.argoforensics.rules;

import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Which rule's finding is the cause of which other rule's finding about the same Pod, as the rule pages state it: AF001 (the
 * status-capture finalizer released before the node's result was persisted) is the cause of AF002's symptom (a Pod whose
 * containers all exited 0 recorded as failed: docs/rules/AF002.md, "AF001 looks for one cause"). Read where one finding must be
 * chosen to tell an incident, the GitHub issue draft's lead (docs/reports.md): the cause, where it is at least likely, over its
 * consequence. Only pairs a rule page states are listed; two findings of a listed pair about two Pods are not related.
 */
public final class CauseOf {
    /** The rule of a cause, and the rules whose findings about the same Pod it explains. */
    private static final Map<String, Set<String>> CONSEQUENCES = Map.of(PrematureFinalizerRemoval.ID, Set.of(SuccessReportedAsError.ID));

    private CauseOf() {
    }

    /** Whether {@code cause} is the cause of {@code consequence}: a listed pair, about the same Pod (its key, and its UID where both give one). */
    public static boolean explains(Finding cause, Finding consequence) {
        return CONSEQUENCES.getOrDefault(cause.rule(), Set.of()).contains(consequence.rule()) && cause.pod() != null
                && cause.pod().equals(consequence.pod())
                && (cause.podUid() == null || consequence.podUid() == null || Objects.equals(cause.podUid(), consequence.podUid()));
    }
}
