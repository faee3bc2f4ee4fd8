package dev.argoforensics.archfixture.correlate;

import dev.argoforensics.archfixture.source.FixtureReader;

/** Part of LayerRulesTest's fixture: correlate using source keeps the order. */
public final class FixtureCorrelation {
    public String read() {
        return new FixtureReader().read();
    }
}
