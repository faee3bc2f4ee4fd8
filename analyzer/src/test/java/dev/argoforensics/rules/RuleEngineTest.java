package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.EvidenceKind;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The shipped rules, choosing among them, and what the engine says of a rule it could not evaluate. */
class RuleEngineTest {

    @Test
    void theStandardRulesAreAf001ToAf007InOrder() {
        List<Rule> rules = RuleEngine.standardRules();
        assertEquals(List.of("AF001", "AF002", "AF003", "AF004", "AF005", "AF006", "AF007"), rules.stream().map(Rule::id).toList());
    }

    @Test
    void onlyAndSkipChooseRulesWhateverTheCase() {
        List<Rule> all = RuleEngine.standardRules();
        assertEquals(List.of("AF001", "AF004"), RuleEngine.select(all, List.of("af004", " AF001"), List.of()).stream().map(Rule::id).toList());
        assertEquals(List.of("AF001", "AF002", "AF004", "AF005", "AF006", "AF007"),
                RuleEngine.select(all, List.of(), List.of("AF003")).stream().map(Rule::id).toList());
        assertEquals(List.of("AF004"), RuleEngine.select(all, List.of("AF001", "AF004"), List.of("AF001")).stream().map(Rule::id).toList());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RuleEngine.select(all, List.of("AF009"), List.of()));
        assertEquals("no rule \"AF009\"; the rules are AF001, AF002, AF003, AF004, AF005, AF006, AF007", e.getMessage());
    }

    @Test
    void aRuleWithoutItsEvidenceIsReportedNotEvaluatedWithWhatWasMissing() {
        Correlation exportsOnly = new Evidence().pod("pod.yaml", Exports.Pod.of().running("main").yaml()).correlate();
        List<RuleOutcome> outcomes = new RuleEngine(RuleEngine.standardRules()).run(exportsOnly);
        RuleOutcome af001 = outcomes.get(0);
        assertEquals(false, af001.evaluated());
        assertEquals(List.of("workflow-controller log lines", "pod-controller queuing and cleanup lines (Argo v3.6.5 and later)"), af001.missing());
        RuleOutcome af002 = outcomes.get(1);
        assertEquals(List.of("one of: workflow-controller log lines, an exported Workflow"), af002.missing());
        RuleOutcome af004 = outcomes.get(3);
        assertTrue(af004.evaluated(), "an exported Pod is enough for AF004");
    }

    @Test
    void needsInWords() {
        EvidenceNeeds needs = new EvidenceNeeds(EnumSet.of(EvidenceKind.CONTROLLER_LOG),
                List.of(Set.of(EvidenceKind.POD_SNAPSHOT, EvidenceKind.AUDIT_LOG)), Set.of(EvidenceKind.WORKFLOW_SNAPSHOT));
        assertEquals("needs workflow-controller log lines; one of (an exported Pod, API server audit records); uses if present an exported Workflow",
                needs.describe());
        assertEquals(List.of("one of: an exported Pod, API server audit records"), needs.missing(Set.of(EvidenceKind.CONTROLLER_LOG)));
        assertEquals(List.of("an exported Workflow"), needs.lackingOptional(Set.of(EvidenceKind.CONTROLLER_LOG, EvidenceKind.AUDIT_LOG)));
    }

    @Test
    void thresholdsMustBePositive() {
        assertThrows(IllegalArgumentException.class, () -> new RuleSettings(0, 1, 1));
        assertEquals(120_000_000_000L, RuleSettings.defaults().stallNanos());
        assertEquals(300_000_000_000L, RuleSettings.defaults().finalizerStuckNanos());
        assertEquals(600_000_000_000L, RuleSettings.defaults().taskResultNanos());
    }
}
