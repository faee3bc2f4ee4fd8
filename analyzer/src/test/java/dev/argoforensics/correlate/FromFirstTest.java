package dev.argoforensics.correlate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerEvent.WorkflowProcessing;
import dev.argoforensics.event.ControllerEvent.WorkflowUpdated;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.judgment.JudgmentCorpora;
import dev.argoforensics.testing.SampleFiles;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link NodeIndex#fromFirst} (what AF001's pass-without-a-missing-Pod reads, once per Pod that left an informer) gives the
 * Workflow's lines from the same line on as a walk of all of them from the start, for the questions the rule asks: the first
 * pass of a run after a line of it, or of any run certainly after it. Every sample's Workflows and a generated incident's;
 * a history the index was not made from is walked and answers the same.
 */
class FromFirstTest {
    @TempDir
    Path dir;

    private static List<LogEvent> walked(List<LogEvent> lines, Class<? extends ControllerEvent> kind, Predicate<LogEvent> first) {
        for (int i = 0; i < lines.size(); i++) {
            if (kind.isInstance(lines.get(i).event()) && first.test(lines.get(i))) {
                return lines.subList(i, lines.size());
            }
        }
        return List.of();
    }

    /** How many questions found a line. */
    private static int sameAsTheWalk(String what, Correlation c) {
        int found = 0;
        for (WorkflowHistory w : c.workflows().values()) {
            List<LogEvent> lines = w.events();
            WorkflowHistory copy = new WorkflowHistory(w.ref(), lines, w.snapshots());
            int step = Math.max(1, lines.size() / 50);
            for (int i = 0; i < lines.size(); i += step) {
                LogEvent gone = lines.get(i);
                Predicate<LogEvent> after = e -> e.stream() == gone.stream() ? e.ordinal() > gone.ordinal() : EventOrder.after(e, gone);
                for (Class<? extends ControllerEvent> kind : List.of(WorkflowProcessing.class, WorkflowUpdated.class)) {
                    List<LogEvent> expected = walked(lines, kind, after);
                    assertEquals(expected, c.nodes().fromFirst(w, kind, after), () -> what + " " + w.ref() + " after " + gone.source());
                    assertEquals(expected, c.nodes().fromFirst(copy, kind, after), () -> what + " " + w.ref() + " (not indexed) after " + gone.source());
                    found += expected.isEmpty() ? 0 : 1;
                }
            }
        }
        return found;
    }

    @Test
    void everySampleAndAGeneratedIncidentGiveTheWalksLines() throws Exception {
        int found = 0;
        for (Path sample : SampleFiles.all()) {
            found += sameAsTheWalk(sample.toString(), Analysis.standard(AnalysisOptions.defaults()).run(SampleFiles.inputs(sample)).correlation());
        }
        found += sameAsTheWalk("judgment seed 7", Analysis.standard(AnalysisOptions.defaults()).run(JudgmentCorpora.small(7, dir)).correlation());
        assertTrue(found > 200, "found " + found);
    }
}
