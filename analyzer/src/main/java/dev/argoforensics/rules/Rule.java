package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;

/** One check over the correlated evidence. One class per rule, documented in docs/rules/&lt;id&gt;.md. */
public interface Rule {

    /** Stable identifier, {@code AFnnn}. */
    String id();

    /** Short title. */
    String title();

    /** The severity of its findings. */
    Severity severity();

    /** What the rule needs to be evaluated. */
    EvidenceNeeds needs();

    /** Runs the check; called only when {@link EvidenceNeeds#missing} is empty. */
    Evaluation evaluate(Correlation correlation);

    /**
     * Runs the check as part of one run of the rules ({@link RuleEngine#run}), reading what the run derives once for
     * every rule from {@code context}; the result is {@link #evaluate(Correlation)}'s of its correlation.
     */
    default Evaluation evaluate(RuleContext context) {
        return evaluate(context.correlation());
    }

    /**
     * True for a rule that reads the whole input's controller runs rather than one Pod's or Workflow's histories: run in
     * groups ({@link RuleBindings}), it runs once, in the group its tag gathers, or in the first group if none does.
     */
    default boolean clusterWide() {
        return false;
    }

    /**
     * True for a rule about the status-capture finalizer itself (its release, its hold): on a controller release without it (before
     * v3.6.0) there is nothing for the rule to find, which its "not evaluated" says ({@link RuleEngine}).
     */
    default boolean aboutStatusFinalizer() {
        return false;
    }

    /** The rule's page, relative to the repository root. */
    default String doc() {
        return "docs/rules/" + id() + ".md";
    }
}
