package dev.argoforensics.rules;

import java.util.List;

/**
 * What happened to one rule in a run.
 *
 * @param evaluated       false when required evidence was missing
 * @param missing         the required evidence that was missing (why it was not evaluated)
 * @param lackingOptional optional evidence that was missing (the rule ran with less to go on)
 * @param findings        what it found
 * @param cleared         candidates it examined and cleared, with why
 */
public record RuleOutcome(String rule, String title, boolean evaluated, List<String> missing, List<String> lackingOptional,
                          List<Finding> findings, List<Clearance> cleared) {
    public RuleOutcome {
        missing = List.copyOf(missing);
        lackingOptional = List.copyOf(lackingOptional);
        findings = List.copyOf(findings);
        cleared = List.copyOf(cleared);
    }
}
