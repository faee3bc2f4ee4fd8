package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.judgment.JudgmentCorpora;
import dev.argoforensics.testing.SampleFiles;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Workflows' reconciliation is derived once per run of the rules ({@link RuleContext}) and read by AF001 and
 * AF003 alike: each rule's outcome in the engine's run is what it finds on its own, building its own, for every
 * sample and a generated incident; the context hands every caller, on any thread, the one it built.
 */
class RuleContextTest {
    @TempDir
    Path dir;

    /** The number of findings and clearances of the two rules compared. */
    private static int sameAsEachOnItsOwn(String what, List<String> inputs) {
        Correlation c = Analysis.standard(AnalysisOptions.defaults()).run(inputs).correlation();
        List<Rule> rules = RuleEngine.standardRules();
        List<RuleOutcome> run = new RuleEngine(rules).run(c);
        int compared = 0;
        for (Rule rule : rules) {
            if (!rule.id().equals(PrematureFinalizerRemoval.ID) && !rule.id().equals(ReconciliationStalled.ID)) {
                continue;
            }
            RuleOutcome outcome = run.stream().filter(o -> o.rule().equals(rule.id())).findFirst().orElseThrow();
            if (!outcome.evaluated()) {
                continue;
            }
            Evaluation alone = rule.evaluate(c);
            assertEquals(alone.findings(), outcome.findings(), what + " " + rule.id());
            assertEquals(alone.cleared(), outcome.cleared(), what + " " + rule.id());
            compared += alone.findings().size() + alone.cleared().size();
        }
        return compared;
    }

    @Test
    void everySampleFindsWhatEachRuleFindsOnItsOwn() throws Exception {
        int compared = 0;
        for (Path sample : SampleFiles.all()) {
            compared += sameAsEachOnItsOwn(sample.toString(), SampleFiles.inputs(sample));
        }
        assertTrue(compared > 20, "findings and clearances compared: " + compared);
    }

    @Test
    void aGeneratedIncidentToo() {
        assertTrue(sameAsEachOnItsOwn("judgment seed 5", JudgmentCorpora.small(5, dir)) > 20);
    }

    @Test
    void theReconciliationIsBuiltOnceForEveryThread() throws Exception {
        Correlation c = Analysis.standard(AnalysisOptions.defaults()).run(SampleFiles.inputs(Path.of("samples", "issue-17024"))).correlation();
        RuleContext context = new RuleContext(c);
        assertSame(c, context.correlation());
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Reconciliation>> asked = pool.invokeAll(List.of(context::reconciliation, context::reconciliation,
                    context::reconciliation, context::reconciliation));
            for (Future<Reconciliation> f : asked) {
                assertSame(context.reconciliation(), f.get());
            }
        } finally {
            pool.shutdownNow();
        }
        RuleContext another = new RuleContext(c);
        assertTrue(another.reconciliation() != context.reconciliation(), "each run of the rules derives its own");
    }
}
