package dev.argoforensics.archfixture.report;

/** Part of LayerRulesTest's fixture. */
public final class FixtureReport {
    public String title() {
        return "report";
    }
}
