package dev.argoforensics.analysis;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.rules.RuleOutcome;
import dev.argoforensics.source.UnreadableInput;
import java.util.List;

/**
 * A finished analysis.
 *
 * @param unreadable  inputs that could not be read at all, or were skipped, with the reason
 * @param correlation null when concluded in groups ({@link Analysis#concludeInGroups}): no group holds the whole
 */
public record AnalysisResult(List<InputSummary> inputs, List<UnreadableInput> unreadable, Correlation correlation, List<RuleOutcome> outcomes) {
    public AnalysisResult {
        inputs = List.copyOf(inputs);
        unreadable = List.copyOf(unreadable);
        outcomes = List.copyOf(outcomes);
    }

    /** True if anything was read to analyse: a log record or an exported object. */
    public boolean usable() {
        return inputs.stream().anyMatch(i -> i != null && i.events() > 0);
    }
}
