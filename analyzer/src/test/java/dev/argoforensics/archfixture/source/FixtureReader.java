package dev.argoforensics.archfixture.source;

import dev.argoforensics.archfixture.report.FixtureReport;

/** Breaks the order on purpose (LayerRulesTest): a reader that knows the report. */
public final class FixtureReader {
    public String read() {
        return new FixtureReport().title();
    }
}
