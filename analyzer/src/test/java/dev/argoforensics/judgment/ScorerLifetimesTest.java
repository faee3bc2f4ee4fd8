package dev.argoforensics.judgment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Session 60: a finding on one of the lifetimes of a Pod name the lines told apart (the report's {@code pod.lifetime}, no UID) is
 * scored against the truth Pod of that lifetime, the one created nearest the lifetime's {@code Created pod} line, not against
 * whichever Pod of the name the truth expects. Shape of {@link ScenariosNamesake}: the first Pod, unschedulable, deleted while
 * {@code Pending} (its release logged with its own negative delay), and the namesake created again for the node 150 s later, which
 * meets #17024's race with a delay of its own. Before, the first Pod's finding was scored as the namesake's: where the namesake had no
 * finding of its own, its race counted as found with the first Pod's delay ("AF001 delays not exact", the unseen set's -41.81 s for
 * -42.85 s), and the first Pod, which never ran, counted for nothing.
 */
class ScorerLifetimesTest {
    private static final Instant FIRST = Instant.parse("2026-10-17T07:55:16.734190034Z");
    private static final Instant SECOND = Instant.parse("2026-10-17T07:57:59.630792396Z");
    private static final long FIRST_DELAY = -42_330_071_348L;
    private static final long RACE_DELAY = -38_297_782_809L;

    private static Scorer.TruthPod pod(String uid, String cls, boolean race, Instant created) {
        Map<String, Boolean> expected = new LinkedHashMap<>();
        expected.put("AF001", race);
        return new Scorer.TruthPod("vector-search", "route-plan-28uft-points-accrue-75727329", uid, cls, true, expected,
                race ? RACE_DELAY : null, List.of(), "wfc-vector-search", "v4.1.3", false, "", "route-plan-28uft", Set.of(), Scorer.NO_BAND,
                created);
    }

    private static Scorer.CorpusTruth truth() {
        return new Scorer.CorpusTruth(List.of(pod("375a6a6f", ScenariosNamesake.FIRST, false, FIRST),
                pod("da499ab0", ScenariosNamesake.RACE, true, SECOND)), List.of());
    }

    /** A finding as the report gives it: the lifetime's creation is the controller's line, a little off the API server's time. */
    private static Scorer.Finding finding(Instant lifetimeCreated, long delay) {
        return new Scorer.Finding("AF001", "possible", "why", "vector-search", "route-plan-28uft-points-accrue-75727329", null, delay,
                "vector-search", "route-plan-28uft", lifetimeCreated);
    }

    @Test
    void aLifetimesFindingIsScoredAgainstThePodOfThatLifetime() {
        Scorer.CorpusTruth t = truth();
        assertEquals("pod 375a6a6f", t.unitOf("AF001", finding(FIRST.minusMillis(254), FIRST_DELAY)).id(), "lifetime 1 of 2: the first Pod");
        assertEquals("pod da499ab0", t.unitOf("AF001", finding(SECOND.minusMillis(271), RACE_DELAY)).id(), "lifetime 2 of 2: the namesake");
        // Without a lifetime (a name not split) as before: the Pod the truth expects.
        assertEquals("pod da499ab0", t.unitOf("AF001", finding(null, FIRST_DELAY)).id());
        // A UID decides alone.
        Scorer.Finding byUid = new Scorer.Finding("AF001", "likely", "why", "vector-search", "route-plan-28uft-points-accrue-75727329",
                "375a6a6f", FIRST_DELAY, null, null, SECOND);
        assertEquals("pod 375a6a6f", t.unitOf("AF001", byUid).id());
    }

    @Test
    void theFirstPodsFindingAloneIsNoHitOnTheNamesakesRaceNorAWrongDelay() {
        Scorer.Tally tally = new Scorer.Tally();
        tally.add(9001, truth(), new Scorer.Analysis(10, 0, 0, 0, List.of(), List.of(finding(FIRST.minusMillis(254), FIRST_DELAY)), Set.of(), 0, ""));
        Scorer.Counts all = tally.all.get("AF001");
        assertEquals(List.of(0, 1, 1), List.of(all.tp, all.fp, all.fn), "the first Pod's finding is its own (wrong, possible); the race missed");
        assertEquals(0, tally.delayChecked, "no true finding whose delay to check");
        assertTrue(tally.delayMismatches.isEmpty());
    }

    @Test
    void bothLifetimesFindingsEachCountForTheirOwnPodAndTheRacesDelayIsExact() {
        Scorer.Tally tally = new Scorer.Tally();
        tally.add(9001, truth(), new Scorer.Analysis(10, 0, 0, 0, List.of(), List.of(finding(FIRST.minusMillis(254), FIRST_DELAY),
                finding(SECOND.minusMillis(271), RACE_DELAY)), Set.of(), 0, ""));
        Scorer.Counts all = tally.all.get("AF001");
        assertEquals(List.of(1, 1, 0), List.of(all.tp, all.fp, all.fn));
        assertEquals(1, tally.delayChecked);
        assertEquals(1, tally.delayExact);
    }

    @Test
    void theReportsLifetimeCreationIsRead() {
        assertEquals(Instant.parse("2026-10-17T07:57:59.359218075Z"),
                Scorer.instantOrNull(com.fasterxml.jackson.databind.node.TextNode.valueOf("2026-10-17T07:57:59.359218075Z")));
        assertEquals(null, Scorer.instantOrNull(com.fasterxml.jackson.databind.node.MissingNode.getInstance()));
    }
}
