package dev.argoforensics.correlate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.judgment.JudgmentCorpora;
import dev.argoforensics.testing.SampleFiles;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Workflow's operator passes are derived once and kept with its node index ({@link NodeIndex#passes}): the lifecycles and
 * the rules that used to derive them each ({@link PhaseHistory#of}) read the same list. It holds what the derivation gives,
 * for every Workflow of every sample and of a generated incident; a history the index was not made from is derived on the spot.
 */
class PhasePassesOnceTest {
    @TempDir
    Path dir;

    /** The number of passes handed out, each compared against a fresh derivation. */
    private static int sameAsDerived(String what, List<String> inputs) {
        Correlation c = Analysis.standard(AnalysisOptions.defaults()).run(inputs).correlation();
        NodeIndex index = c.nodes();
        int handedOut = 0;
        for (WorkflowHistory w : c.workflows().values()) {
            List<PhaseHistory.Pass> kept = index.passes(w);
            assertEquals(PhaseHistory.of(w), kept, what + " " + w.ref());
            assertSame(kept, index.passes(w), what + " " + w.ref() + ": derived once");
            // An equal history that is not the one indexed (another correlation's, a test's) is derived from itself.
            WorkflowHistory other = new WorkflowHistory(w.ref(), w.events(), w.snapshots());
            List<PhaseHistory.Pass> derived = index.passes(other);
            assertNotSame(kept, derived, what + " " + w.ref());
            assertEquals(kept, derived, what + " " + w.ref());
            handedOut += kept.size();
        }
        return handedOut;
    }

    @Test
    void everySampleGivesTheDerivedPasses() throws Exception {
        int handedOut = 0;
        for (Path sample : SampleFiles.all()) {
            handedOut += sameAsDerived(sample.toString(), SampleFiles.inputs(sample));
        }
        assertTrue(handedOut > 50, "passes handed out: " + handedOut);
    }

    @Test
    void aGeneratedIncidentToo() {
        assertTrue(sameAsDerived("judgment seed 7", JudgmentCorpora.small(7, dir)) > 50);
    }

    @Test
    void aHistoryOfAWorkflowNotIndexedIsDerivedAndTheKeptListIsReadOnly() throws Exception {
        Correlation c = Analysis.standard(AnalysisOptions.defaults()).run(SampleFiles.inputs(Path.of("samples", "issue-17024"))).correlation();
        WorkflowHistory w = c.workflows().values().stream().filter(h -> !c.nodes().passes(h).isEmpty()).findFirst().orElseThrow();
        List<PhaseHistory.Pass> kept = c.nodes().passes(w);
        assertThrows(UnsupportedOperationException.class, () -> kept.add(kept.get(0)));
        WorkflowHistory stranger = new WorkflowHistory(new dev.argoforensics.event.WorkflowRef(w.ref().namespace(), w.ref().name() + "-x"),
                w.events(), w.snapshots());
        assertEquals(PhaseHistory.of(stranger), c.nodes().passes(stranger));
    }
}
