package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;

/**
 * One run of the rules over one correlation, with what several rules read derived once for all of them: the
 * Workflows' reconciliation ({@link Reconciliation}: AF003 decides on it, AF001 explains a removal with it), which
 * each of the two built for itself before (14 MB each on an incident corpus, at once on two worker threads). Made
 * by {@link RuleEngine#run} for each correlation and dropped with it; safe to read from the worker threads the
 * rules run on (the first to ask builds, the others wait for it).
 */
public final class RuleContext {
    private final Correlation correlation;
    private Reconciliation reconciliation;

    public RuleContext(Correlation correlation) {
        this.correlation = correlation;
    }

    public Correlation correlation() {
        return correlation;
    }

    /** When Workflow workers reconciled each Workflow of the correlation: built at the first call, then the same object. */
    synchronized Reconciliation reconciliation() {
        if (reconciliation == null) {
            reconciliation = new Reconciliation(correlation);
        }
        return reconciliation;
    }
}
