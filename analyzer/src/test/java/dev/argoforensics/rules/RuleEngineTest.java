package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.EvidenceKind;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The shipped rules, choosing among them, and what the engine says of a rule it could not evaluate. */
class RuleEngineTest {

    @Test
    void theStandardRulesAreInIdOrder() {
        List<Rule> rules = RuleEngine.standardRules();
        assertEquals(List.of("AF001", "AF002", "AF003", "AF004", "AF005", "AF006", "AF007", "AF008", "AF010", "AF011", "AF014"), rules.stream().map(Rule::id).toList());
    }

    /** Each rule's page has the sections users look for, and its example is a sample's real output, word for word. */
    @Test
    void eachRuleHasItsPageWhoseExampleASampleReallyPrints() throws IOException {
        String expected;
        try (Stream<Path> files = Files.walk(Path.of("samples"))) {
            expected = files.filter(f -> f.getFileName().toString().equals("EXPECTED.md")).map(RuleEngineTest::read)
                    .collect(Collectors.joining("\n"));
        }
        String index = read(Path.of("docs/rules/README.md"));
        for (Rule r : RuleEngine.standardRules()) {
            assertEquals("docs/rules/" + r.id() + ".md", r.doc());
            String page = read(Path.of(r.doc()));
            assertTrue(page.startsWith("# " + r.id() + ": " + r.title() + "\n"), r.doc() + " is titled after the rule");
            for (String section : List.of("## What it means", "## Why it matters", "## What to do", "## Example")) {
                assertTrue(page.contains("\n" + section + "\n"), r.doc() + " lacks " + section);
            }
            assertTrue(page.contains("| Severity | " + r.severity().label() + " |"), r.doc() + " gives the severity");
            String example = page.substring(page.indexOf("## Example"));
            example = example.substring(example.indexOf("```text\n") + 8);
            example = example.substring(0, example.indexOf("\n```"));
            for (String line : example.split("\n")) {
                assertTrue(expected.contains(line + "\n"), r.doc() + ": no sample prints \"" + line + "\"");
            }
            assertTrue(index.contains("[" + r.id() + "](" + r.id() + ".md)"), "docs/rules/README.md lists " + r.id());
        }
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void onlyAndSkipChooseRulesWhateverTheCase() {
        List<Rule> all = RuleEngine.standardRules();
        assertEquals(List.of("AF001", "AF004"), RuleEngine.select(all, List.of("af004", " AF001"), List.of()).stream().map(Rule::id).toList());
        assertEquals(List.of("AF001", "AF002", "AF004", "AF005", "AF006", "AF007", "AF008", "AF010", "AF011", "AF014"),
                RuleEngine.select(all, List.of(), List.of("AF003")).stream().map(Rule::id).toList());
        assertEquals(List.of("AF004"), RuleEngine.select(all, List.of("AF001", "AF004"), List.of("AF001")).stream().map(Rule::id).toList());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RuleEngine.select(all, List.of("AF999"), List.of()));
        assertEquals("no rule \"AF999\"; the rules are AF001, AF002, AF003, AF004, AF005, AF006, AF007, AF008, AF010, AF011, AF014", e.getMessage());
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
