package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;
import java.util.ArrayList;
import java.util.List;

/** Runs every rule whose evidence is there and says, for the others, what was missing. */
public final class RuleEngine {
    private final List<Rule> rules;

    public RuleEngine(List<Rule> rules) {
        this.rules = List.copyOf(rules);
    }

    /** The rules shipped with the analyzer, in id order. */
    public static List<Rule> standardRules() {
        return List.of(new PrematureFinalizerRemoval());
    }

    public List<RuleOutcome> run(Correlation correlation) {
        List<RuleOutcome> out = new ArrayList<>();
        for (Rule rule : rules) {
            List<String> missing = rule.needs().missing(correlation.available());
            List<String> lacking = rule.needs().lackingOptional(correlation.available());
            if (!missing.isEmpty()) {
                out.add(new RuleOutcome(rule.id(), rule.title(), false, missing, lacking, List.of(), List.of()));
            } else {
                Evaluation e = rule.evaluate(correlation);
                out.add(new RuleOutcome(rule.id(), rule.title(), true, List.of(), lacking, e.findings(), e.cleared()));
            }
        }
        return out;
    }
}
