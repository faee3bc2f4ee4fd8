package dev.argoforensics.archfixture.timeline;

/** Part of LayerRulesTest's fixture. */
public final class FixtureTimeline {
    public int size() {
        return 0;
    }
}
