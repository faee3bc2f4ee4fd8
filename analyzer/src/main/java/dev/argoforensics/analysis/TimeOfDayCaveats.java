package dev.argoforensics.analysis;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.EvidenceKind;
import dev.argoforensics.rules.Confidence;
import dev.argoforensics.rules.EvidenceLine;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.RuleOutcome;
import dev.argoforensics.wording.Message;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;

/**
 * A finding that cites lines quoted with a time of day only ({@link dev.argoforensics.time.ZoneBasis#TIME_OF_DAY}),
 * in an analysis that also holds dated evidence (exported objects, audit records, Events, log lines
 * with a date), is {@code possible} at most: the two kinds of time are never compared (the comparison
 * is refused, not answered), so no order between the quoted lines and the dated evidence can back a
 * {@code confirmed} or {@code likely} claim. Its reason says so. A finding resting on such lines alone
 * keeps the confidence its rule gave: their times order among themselves.
 */
final class TimeOfDayCaveats {
    private static final EnumSet<EvidenceKind> DATED_KINDS = EnumSet.of(EvidenceKind.POD_SNAPSHOT, EvidenceKind.WORKFLOW_SNAPSHOT,
            EvidenceKind.TASK_RESULT_SNAPSHOT, EvidenceKind.CLUSTER_EVENTS, EvidenceKind.AUDIT_LOG);

    private TimeOfDayCaveats() {
    }

    static List<RuleOutcome> apply(List<RuleOutcome> outcomes, Correlation correlation) {
        return apply(outcomes, dated(correlation.available(), correlation.events()));
    }

    /** Whether the analysis holds dated evidence: read on the whole input (a group's lines alone may hold none). */
    static boolean dated(java.util.Set<EvidenceKind> available, List<dev.argoforensics.event.LogEvent> events) {
        return dated(available, events.stream().anyMatch(e -> !e.time().undated()));
    }

    /** As {@link #dated(java.util.Set, List)}, {@code linesDated} saying whether a line of the whole input has a date. */
    static boolean dated(java.util.Set<EvidenceKind> available, boolean linesDated) {
        return linesDated || available.stream().anyMatch(DATED_KINDS::contains);
    }

    /** @param dated {@link #dated} of the whole input */
    static List<RuleOutcome> apply(List<RuleOutcome> outcomes, boolean dated) {
        if (!dated) {
            return outcomes;
        }
        List<RuleOutcome> out = new ArrayList<>(outcomes.size());
        for (RuleOutcome o : outcomes) {
            List<Finding> findings = new ArrayList<>(o.findings().size());
            boolean changed = false;
            for (Finding f : o.findings()) {
                Finding capped = capped(f);
                changed |= capped != f;
                findings.add(capped);
            }
            out.add(changed ? new RuleOutcome(o.rule(), o.title(), o.evaluated(), o.missing(), o.lackingOptional(), findings, o.cleared()) : o);
        }
        return out;
    }

    private static Finding capped(Finding f) {
        if (f.confidence() == Confidence.POSSIBLE || f.evidence().stream().noneMatch(TimeOfDayCaveats::undated)) {
            return f;
        }
        Message reason = Message.sequence(List.of(f.reason(), Message.of("caveat.timeOfDay", "was", f.confidence().name().toLowerCase(java.util.Locale.ROOT))));
        return new Finding(f.rule(), f.title(), f.severity(), Confidence.POSSIBLE, reason, f.pod(), f.podUid(), f.workflow(), f.node(), f.about(),
                f.account(), f.facts(), f.evidence());
    }

    private static boolean undated(EvidenceLine e) {
        return e.time() != null && e.time().undated();
    }
}
