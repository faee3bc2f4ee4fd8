package dev.argoforensics.archfixture.rules;

import dev.argoforensics.archfixture.timeline.FixtureTimeline;

/** Breaks the order on purpose (LayerRulesTest): a rule that reads a timeline, its peer. */
public final class FixtureRule {
    public int entries() {
        return new FixtureTimeline().size();
    }
}
