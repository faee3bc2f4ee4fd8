package dev.argoforensics.correlate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.judgment.JudgmentCorpora;
import dev.argoforensics.testing.SampleFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link PhaseHistory.Spans} finds each run's span of lines about a Workflow once and answers {@link PhaseHistory#concurrent} from
 * it (issue #17, session 39: AF006's {@code watching} asked {@code concurrent} of every {@code Processing workflow} line against
 * every waiting line, each call walking the Workflow's lines twice; 70 s and more of the incident slice's CPU). Both are asked the
 * same pairs, on every sample and on generated incidents: for each Workflow, the first, last and some middle lines of each run
 * against those of every run (a run's own lines, and a line against itself, included).
 */
class ConcurrentSpansTest {
    @TempDir
    Path dir;

    /** The number of pairs asked and of pairs found concurrent, every answer compared with {@code concurrent}'s. */
    private static int[] sameAsConcurrent(String what, List<String> inputs) {
        Correlation c = Analysis.standard(AnalysisOptions.defaults()).run(inputs).correlation();
        int asked = 0;
        int concurrent = 0;
        for (WorkflowHistory w : c.workflows().values()) {
            Map<Integer, List<LogEvent>> byStream = new LinkedHashMap<>();
            w.events().forEach(e -> byStream.computeIfAbsent(e.stream(), k -> new ArrayList<>()).add(e));
            List<LogEvent> asked1 = new ArrayList<>();
            for (List<LogEvent> run : byStream.values()) {
                asked1.add(run.get(0));
                asked1.add(run.get(run.size() / 2));
                asked1.add(run.get(run.size() - 1));
            }
            asked1.add(null);
            PhaseHistory.Spans spans = PhaseHistory.spans(w);
            for (LogEvent a : asked1) {
                for (LogEvent b : asked1) {
                    PhaseHistory.ConcurrentRuns expected = PhaseHistory.concurrent(w, a, b);
                    assertEquals(expected, spans.concurrent(a, b), what + " " + w.ref() + " " + a + " / " + b);
                    asked++;
                    concurrent += expected == null ? 0 : 1;
                }
            }
            // A line of no run about this Workflow (another Workflow's): no span, nothing to overlap, as concurrent says.
            for (WorkflowHistory other : c.workflows().values()) {
                if (other != w && !other.events().isEmpty() && !w.events().isEmpty()) {
                    LogEvent foreign = other.events().get(0);
                    assertEquals(PhaseHistory.concurrent(w, w.events().get(0), foreign), spans.concurrent(w.events().get(0), foreign),
                            what + " " + w.ref() + " against " + other.ref());
                    break;
                }
            }
        }
        return new int[] {asked, concurrent};
    }

    /** The samples hold two controllers at once (AF012) and two clusters' Workflows of one name: some pairs are concurrent. */
    @Test
    void everySampleGivesConcurrentsAnswers() throws Exception {
        int asked = 0;
        int concurrent = 0;
        for (Path sample : SampleFiles.all()) {
            int[] n = sameAsConcurrent(sample.toString(), SampleFiles.inputs(sample));
            asked += n[0];
            concurrent += n[1];
        }
        assertTrue(asked > 1000, "pairs asked: " + asked);
        assertTrue(concurrent > 0, "pairs concurrent: " + concurrent);
    }

    @Test
    void generatedIncidentsToo() {
        int asked = 0;
        for (long seed : new long[] {1, 7}) {
            asked += sameAsConcurrent("judgment seed " + seed, JudgmentCorpora.small(seed, dir.resolve("s" + seed)))[0];
        }
        assertTrue(asked > 1000, "pairs asked: " + asked);
    }
}
