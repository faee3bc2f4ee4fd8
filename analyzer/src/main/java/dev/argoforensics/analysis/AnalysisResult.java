package dev.argoforensics.analysis;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.rules.RuleOutcome;
import java.util.List;

/**
 * A finished analysis.
 *
 * @param unreadable inputs that could not be read at all, as "path: reason"
 */
public record AnalysisResult(List<InputSummary> inputs, List<String> unreadable, Correlation correlation, List<RuleOutcome> outcomes) {
    public AnalysisResult {
        inputs = List.copyOf(inputs);
        unreadable = List.copyOf(unreadable);
        outcomes = List.copyOf(outcomes);
    }
}
