package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Cli;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code argo-forensics rules}, and choosing rules and thresholds on {@code analyze}. */
class RuleSelectionTest {
    private static final String[] SAMPLE = {"analyze", "samples/issue-17024/logs", "samples/issue-17024/snapshots", "--timelines", "none",
        "--now", "2026-09-20T00:00:00Z"};

    private static Cli analyze(String... extra) {
        String[] args = java.util.Arrays.copyOf(SAMPLE, SAMPLE.length + extra.length);
        System.arraycopy(extra, 0, args, SAMPLE.length, extra.length);
        return Cli.run(args);
    }

    /** The rules section's lines: "  AF001  1 finding  …". */
    private static List<String> rulesSection(String report) {
        String rules = report.substring(report.indexOf("\nRules\n") + 7, report.indexOf("\n\nEvidence gaps"));
        return rules.lines().filter(l -> l.startsWith("  AF")).map(l -> l.substring(2, 7)).toList();
    }

    @Test
    void rulesListsEveryRuleWithWhatItNeedsItsThresholdAndItsPage() {
        Cli r = Cli.run("rules");
        assertEquals(0, r.exitCode(), r.err());
        for (String id : List.of("AF001", "AF002", "AF003", "AF004", "AF005", "AF006", "AF007", "AF008")) {
            assertTrue(r.out().contains("\n" + id + "  ") || r.out().startsWith(id + "  "), id);
            assertTrue(r.out().contains("        docs/rules/" + id + ".md\n"), id);
        }
        assertTrue(r.out().contains("AF003  medium  Workflow reconciliation stalled while the pod controller acted\n"
                + "        needs workflow-controller log lines; pod-controller queuing and cleanup lines (Argo v3.6.5 and later)\n"
                + "        threshold --stall-threshold 2m\n"), r.out());
        assertTrue(r.out().contains("        threshold --finalizer-stuck-after 5m\n"), r.out());
        assertTrue(r.out().contains("        threshold --task-result-after 10m\n"), r.out());
    }

    @Test
    void ruleRunsOnlyTheNamedRules() {
        Cli r = analyze("--rule", "af003,AF001");
        assertEquals(List.of("AF001", "AF003"), rulesSection(r.out()));
        assertTrue(r.out().startsWith("argo-forensics 0.1.0-SNAPSHOT: 2 findings (1 high, 1 medium)\n")
                || r.out().contains(": 2 findings (1 high, 1 medium)\n"), r.out());
        assertEquals(1, r.exitCode());
    }

    @Test
    void skipRuleLeavesRulesOutAndTheExitStatusFollows() {
        Cli r = analyze("--skip-rule", "AF001", "--skip-rule", "AF002");
        assertEquals(List.of("AF003", "AF004", "AF005", "AF006", "AF007", "AF008", "AF010", "AF011", "AF014"), rulesSection(r.out()));
        assertEquals(0, r.exitCode(), "only a medium finding is left");
        assertFalse(r.out().contains("AF001 ["), r.out());
    }

    @Test
    void theChoiceHoldsThroughTheIndexToo(@TempDir Path index) {
        Cli r = analyze("--index", index.toString(), "--rule", "AF002");
        assertEquals("", r.err());
        assertEquals(List.of("AF002"), rulesSection(r.out()));
    }

    @Test
    void anUnknownRuleIsAUsageErrorNamingTheRules() {
        Cli r = analyze("--skip-rule", "AF999");
        assertEquals(2, r.exitCode());
        assertEquals("argo-forensics: --skip-rule: no rule \"AF999\"; the rules are AF001, AF002, AF003, AF004, AF005, AF006, AF007, AF008, AF010, AF011, AF014\n"
                + "hint: see 'argo-forensics analyze --help' for the options and examples\n", r.err());
    }

    @Test
    void thresholdsAreGoDurationsAndChangeWhatIsFound() {
        Cli stalled = Cli.run("analyze", "samples/reconciliation-stalled/logs", "--rule", "AF003", "--timelines", "none");
        assertTrue(stalled.out().contains("AF003 [medium, likely]"), stalled.out());
        Cli lenient = Cli.run("analyze", "samples/reconciliation-stalled/logs", "--rule", "AF003", "--timelines", "none",
                "--stall-threshold", "3m");
        assertTrue(lenient.out().contains(": no findings\n"), lenient.out());

        Cli bad = analyze("--task-result-after", "ten minutes");
        assertEquals(2, bad.exitCode());
        assertTrue(bad.err().startsWith("argo-forensics: --task-result-after: expected a duration such as 90s, 2m or 1h30m; found \"ten minutes\""),
                bad.err());
        assertEquals(2, analyze("--finalizer-stuck-after", "-5m").exitCode());
    }

    @Test
    void analyzeHelpDocumentsTheThresholdDefaults() {
        String help = Cli.run("analyze", "--help").out().replaceAll("\\s+", " ");
        assertTrue(help.contains("Default: 2m."), help);
        assertTrue(help.contains("Default: 5m."), help);
        assertTrue(help.contains("Default: 10m (the controller's TASK_RESULT_TIMEOUT_DURATION)."), help);
    }
}
