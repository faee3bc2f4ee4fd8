package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.correlate.Correlation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 51 (issue #17, the plain log's {@code --timelines all} over 1 GB): AF006 and the rules that look at each of a Workflow's
 * Pods hold what they derive per Workflow (its task-result lines, its completions) for the Workflows asked for last
 * ({@link Recent}), not for all of them until the evaluation ends. What a rule finds must not depend on how many it holds: each
 * is evaluated holding one Workflow (every change of Workflow derives again) and holding all of them (as before), on every
 * sample and on twenty Workflows whose lines interleave, each with a finding of AF006; and (session 61) in a run of the rules,
 * where AF002 and AF006 read each Workflow's task-result lines made once for both ({@link RuleContext#taskResultLines}).
 */
class RecentWorkflowsTest {
    @TempDir
    Path dir;

    @Test
    void theRecentTableLetsGoOfTheWorkflowAskedForLeastRecently() {
        Recent<String, Integer> recent = new Recent<>(2);
        recent.put("a", 1);
        recent.put("b", 2);
        recent.get("a"); // asked for again: "b" is now the least recent
        recent.put("c", 3);
        assertEquals(List.of("a", "c"), List.copyOf(recent.keySet()));
        Recent<Integer, Integer> held = new Recent<>();
        for (int i = 0; i <= Recent.HELD; i++) {
            held.put(i, i);
        }
        assertEquals(Recent.HELD, held.size());
        assertFalse(held.containsKey(0));
    }

    @Test
    void twentyInterleavedWorkflowsGiveTheSameOutcomesHoldingOneOrAll() throws IOException {
        Correlation c = correlate(RuleVisitsLinearTest.requeued(20, 3, true, dir.resolve("twenty")));
        Evaluation af006 = new TaskResultNeverSynced(RuleSettings.defaults()).evaluate(c, Integer.MAX_VALUE);
        // Not vacuous: AF006 finds something in many of the Workflows, so holding one lets go between them.
        long workflows = af006.findings().stream().map(Finding::workflow).filter(Objects::nonNull).distinct().count();
        assertTrue(workflows >= 20, af006.findings().toString());
        assertSameWhateverHeld(c, "twenty interleaved Workflows");
    }

    @Test
    void everySampleGivesTheSameOutcomesHoldingOneOrAll() throws IOException {
        List<Path> samples;
        try (Stream<Path> s = Files.list(Path.of("samples"))) {
            samples = s.filter(Files::isDirectory).sorted().toList();
        }
        assertFalse(samples.isEmpty());
        int compared = 0;
        for (Path sample : samples) {
            List<String> inputs = new ArrayList<>();
            for (String part : List.of("logs", "snapshots")) {
                if (Files.isDirectory(sample.resolve(part))) {
                    inputs.add(sample.resolve(part).toString());
                }
            }
            if (!inputs.isEmpty()) {
                assertSameWhateverHeld(correlate(inputs), sample.getFileName().toString());
                compared++;
            }
        }
        assertTrue(compared > 100, "samples compared: " + compared);
    }

    private static Correlation correlate(List<String> inputs) {
        return Analysis.standard(AnalysisOptions.defaults().withThreads(1)).run(inputs).correlation();
    }

    private static void assertSameWhateverHeld(Correlation c, String what) {
        for (Rule rule : RuleEngine.standardRules()) {
            if (rule instanceof TaskResultNeverSynced r) {
                Evaluation all = r.evaluate(c, Integer.MAX_VALUE);
                assertEquals(all, r.evaluate(c, 1), what + ": " + rule.id());
                assertEquals(all, r.evaluate(c), what + ": " + rule.id());
                // Session 61: the task-result lines made once for the run's rules (shared with AF002) read the same.
                assertEquals(all, r.evaluate(new RuleContext(c)), what + ": " + rule.id() + " in a run of the rules");
            } else if (rule instanceof NodeRule r) {
                Evaluation all = r.evaluate(c, Integer.MAX_VALUE);
                assertEquals(all, r.evaluate(c, 1), what + ": " + rule.id());
                assertEquals(all, r.evaluate(c), what + ": " + rule.id());
                assertEquals(all, r.evaluate(new RuleContext(c)), what + ": " + rule.id() + " in a run of the rules");
            }
        }
    }
}
