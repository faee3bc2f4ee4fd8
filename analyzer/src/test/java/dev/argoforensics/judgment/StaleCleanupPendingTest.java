package dev.argoforensics.judgment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * AF005's truth in the generator (session 29; session 56: on {@link ScenariosStaleLabelV4}'s v4 controller without the
 * status-capture finalizer, the only place the queue as Argo runs it lets #8022 happen), on seed 1, which holds one
 * {@code v4bare-stale-cleanup-pending} run: #8022's stale item labels the new run's Pod completed while it is {@code Pending},
 * and the node waits for good. Of the family's Pods only that one expects AF005 (not AF008: nothing marked it {@code pod
 * deleted}; not AF001, AF002, AF007); the first run of the reused name does not, nor does the family's look-alike (the name used
 * again with no timeouts). The analysis finds it in full, and no confirmed or likely AF005 finding is wrong.
 */
class StaleCleanupPendingTest {
    @TempDir
    static Path dir;

    @Test
    void onlyThePendingPodTheStaleItemLabelledIsLeftForGood() {
        Corpus.Info info = Corpus.generate(1, Corpus.Scale.SMALL, dir.resolve("seed-1"));
        Scorer.CorpusTruth truth = Scorer.readCorpusTruth(info.dir());
        List<Scorer.TruthPod> pending = truth.pods.stream().filter(t -> ScenariosStaleLabelV4.PENDING.equals(t.cls())).toList();
        assertEquals(1, pending.size(), "seed 1's stale-cleanup-pending run");
        Scorer.TruthPod p = pending.get(0);
        assertTrue(p.expected().get("AF005"), p.story());
        for (String rule : List.of("AF001", "AF002", "AF007", "AF008")) {
            assertFalse(p.expected().get(rule), rule + ": " + p.story());
        }
        // Session 58: a Pod of the family whose first image pull (ImagePulls) held it Pending when the stale item labelled it is
        // left for good the same way (#8022 on a Pending Pod): the truth says so, and it is not the family's plan but the pull.
        ImagePulls pulls = ImagePulls.drawn(1);
        List<String> pulled = truth.pods.stream().filter(t -> ScenariosStaleLabelV4.isClass(t.cls()) && t.expected().get("AF005") && t != p
                && pulls.of(t.uid()) != null).map(t -> t.key() + " " + t.cls()).toList();
        List<String> others = truth.pods.stream().filter(t -> ScenariosStaleLabelV4.isClass(t.cls()) && t.expected().get("AF005") && t != p
                && pulls.of(t.uid()) == null).map(t -> t.key() + " " + t.cls()).toList();
        assertEquals(List.of(), others, "no other Pod of the family is left for good but one held Pending by its pull: " + pulled);
        assertTrue(truth.pods.stream().anyMatch(t -> ScenariosStaleLabelV4.FIRST.equals(t.cls()) && t.key().equals(p.key())), "the first run of the name");
        assertTrue(truth.pods.stream().anyMatch(t -> ScenariosStaleLabelV4.RESUBMITTED.equals(t.cls()) && !t.expected().get("AF005")),
                "the look-alike, the name used again with no timeouts, is not left");

        Scorer.Analysis analysis = Scorer.analyze(info, true);
        Scorer.Tally tally = new Scorer.Tally();
        tally.add(1, truth, analysis);
        assertEquals(0, tally.strong.get("AF005").fp, "no wrong confirmed or likely AF005 finding");
        assertTrue(tally.strongByClass.getOrDefault("AF005", java.util.Map.of()).containsKey(ScenariosStaleLabelV4.PENDING)
                && tally.strongByClass.get("AF005").get(ScenariosStaleLabelV4.PENDING).tp == 1 + pulled.stream()
                .filter(x -> x.endsWith(" " + ScenariosStaleLabelV4.PENDING)).count(), "found, confirmed or likely");
    }
}
