package dev.argoforensics.correlate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.event.ControllerEvent.FinalizersOnDelete;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.judgment.JudgmentCorpora;
import dev.argoforensics.testing.SampleFiles;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link PodIndex#holding} looks at the Pods of the line's name (every Pod for a handler line or a line
 * naming none) and keeps nothing: it finds, for every line of every sample and of a generated incident,
 * the Pod the map of every Pod's every line found (the first in key order holding an equal line).
 */
class PodIndexHoldingTest {
    @TempDir
    Path dir;

    /** The index it replaces: every Pod's every line, the first Pod in key order for each. */
    private static Map<LogEvent, PodHistory> everyLine(Correlation c) {
        Map<LogEvent, PodHistory> byLine = new HashMap<>();
        for (PodHistory p : c.pods().values()) {
            p.events().forEach(e -> byLine.putIfAbsent(e, p));
        }
        return byLine;
    }

    /** Every line of the correlation and of its Pods: the holder found, and how many had one (and were handler lines). */
    private static int[] sameHolders(String what, List<String> inputs) {
        Correlation c = Analysis.standard(AnalysisOptions.defaults().keepingEverything(true)).run(inputs).correlation();
        Map<LogEvent, PodHistory> old = everyLine(c);
        int held = 0;
        int handlers = 0;
        List<List<LogEvent>> all = new java.util.ArrayList<>();
        all.add(c.events());
        c.pods().values().forEach(p -> all.add(p.events()));
        for (List<LogEvent> lines : all) {
            for (LogEvent e : lines) {
                Optional<PodHistory> found = c.podIndex().holding(e);
                assertEquals(Optional.ofNullable(old.get(e)).map(PodHistory::key), found.map(PodHistory::key), what + " " + e.source());
                held += found.isPresent() ? 1 : 0;
                handlers += found.isPresent() && e.event() instanceof FinalizersOnDelete ? 1 : 0;
            }
        }
        return new int[] {held, handlers};
    }

    @Test
    void everySampleLineFindsTheHolderTheMapOfEveryLineFound() throws Exception {
        int held = 0;
        int handlers = 0;
        for (Path sample : SampleFiles.all()) {
            int[] n = sameHolders(sample.toString(), SampleFiles.inputs(sample));
            held += n[0];
            handlers += n[1];
        }
        assertTrue(held > 1000, "lines held by a Pod: " + held);
        assertTrue(handlers > 0, "handler lines held by the Pod of their pair: " + handlers);
    }

    @Test
    void aGeneratedIncidentsLinesToo() {
        int[] n = sameHolders("judgment seed 5", JudgmentCorpora.small(5, dir));
        assertTrue(n[0] > 1000, "lines held by a Pod: " + n[0]);
    }
}
