package dev.argoforensics.judgment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * AF005's truth in the generator (session 29), on seed 13, which holds a {@code stale-cleanup-pending} run: #8022's stale
 * item labels the new run's Pod completed while it is {@code Pending}, and the node waits for good. Only that Pod expects
 * AF005 (not AF008: nothing marked it {@code pod deleted}; not AF001, AF002, AF007); the first run of the reused name and the
 * Pods a hung pod watch never delivered do not. The analysis finds it in full, and no confirmed or likely AF005 finding is wrong.
 */
class StaleCleanupPendingTest {
    @TempDir
    static Path dir;

    @Test
    @org.junit.jupiter.api.Disabled("session 55: with the queue as Argo runs it (Forget after every try, a timeout transient on v4 only) the"
            + " stale item meets the new Pod only on a v4 controller whose Pods carry no finalizer, which no Corpus controller runs;"
            + " the shape is to be rebuilt there (docs/judgment.md, Not modelled)")
    void onlyThePendingPodTheStaleItemLabelledIsLeftForGood() {
        Corpus.Info info = Corpus.generate(13, Corpus.Scale.SMALL, dir.resolve("seed-13"));
        Scorer.CorpusTruth truth = Scorer.readCorpusTruth(info.dir());
        List<Scorer.TruthPod> pending = truth.pods.stream().filter(t -> "stale-cleanup-pending".equals(t.cls())).toList();
        assertEquals(1, pending.size(), "seed 13's stale-cleanup-pending run");
        Scorer.TruthPod p = pending.get(0);
        assertTrue(p.expected().get("AF005"), p.story());
        for (String rule : List.of("AF001", "AF002", "AF007", "AF008")) {
            assertFalse(p.expected().get(rule), rule + ": " + p.story());
        }
        List<String> others = truth.pods.stream().filter(t -> t.expected().get("AF005") && t != p).map(t -> t.key() + " " + t.cls()).toList();
        assertEquals(List.of(), others, "no other Pod is left for good");
        assertTrue(truth.pods.stream().anyMatch(t -> "same-name-first-run".equals(t.cls()) && t.key().equals(p.key())), "the first run of the name");

        Scorer.Analysis analysis = Scorer.analyze(info, true);
        Scorer.Tally tally = new Scorer.Tally();
        tally.add(13, truth, analysis);
        assertEquals(1, tally.strong.get("AF005").tp, "found in full");
        assertEquals(0, tally.strong.get("AF005").fp, "no wrong confirmed or likely AF005 finding");
    }
}
