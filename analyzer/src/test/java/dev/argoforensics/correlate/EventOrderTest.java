package dev.argoforensics.correlate;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.queueing;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.argoforensics.event.LogEvent;
import dev.argoforensics.testing.Evidence;
import java.util.List;
import org.junit.jupiter.api.Test;

class EventOrderTest {

    private static List<String> merged(Evidence ev) {
        return EventOrder.merged(ev.correlate().events()).stream().map(e -> e.source().file() + ":" + e.source().line()).toList();
    }

    /** Time across files, each file's lines in its own order even where its clock steps back, whichever file is read first. */
    @Test
    void linesOfSeveralRunsGoByTimeEachRunInItsOwnOrder() {
        String[] a = {queueing("2026-09-19T16:31:11.100Z", "removeFinalizer"), cleaningUp("2026-09-19T16:31:11.300Z", "removeFinalizer"),
            cleaningUp("2026-09-19T16:31:11.250Z", "removeFinalizer")};
        String[] b = {queueing("2026-09-19T16:31:11.200Z", "removeFinalizer"), cleaningUp("2026-09-19T16:31:11.400Z", "removeFinalizer")};
        List<String> expected = List.of("a:1", "b:1", "a:2", "a:3", "b:2");
        assertEquals(expected, merged(new Evidence().log("a", a).log("b", b)));
        assertEquals(expected, merged(new Evidence().log("b", b).log("a", a)));
    }

    /** Two runs' lines at the same instant go by their text, not by which file is read first. */
    @Test
    void linesAtTheSameInstantGoByTheirTextNotByTheReadingOrder() {
        String q = queueing("2026-09-19T16:31:11.100Z", "removeFinalizer");
        String c = cleaningUp("2026-09-19T16:31:11.100Z", "removeFinalizer");
        List<String> expected = q.compareTo(c) < 0 ? List.of("a:1", "b:1") : List.of("b:1", "a:1");
        assertEquals(expected, merged(new Evidence().log("a", q).log("b", c)));
        assertEquals(expected, merged(new Evidence().log("b", c).log("a", q)));
    }

    @Test
    void oneRunsLinesAreTheListItself() {
        List<LogEvent> one = new Evidence().log("a", queueing("2026-09-19T16:31:11.300Z", "removeFinalizer"),
                cleaningUp("2026-09-19T16:31:11.100Z", "removeFinalizer")).correlate().events();
        assertEquals(one, EventOrder.merged(one));
    }

    private static List<String> places(List<LogEvent> lines) {
        return lines.stream().map(e -> e.source().file() + ":" + e.source().line()).toList();
    }

    /** Lines gathered from several lists, in any order: back in each run's order, then merged by time. */
    @Test
    void inTimeOrderDoesNotDependOnTheOrderTheLinesWereGatheredIn() {
        String[] a = {queueing("2026-09-19T16:31:11.100Z", "removeFinalizer"), cleaningUp("2026-09-19T16:31:11.300Z", "removeFinalizer")};
        String[] b = {queueing("2026-09-19T16:31:11.200Z", "removeFinalizer")};
        for (Evidence ev : List.of(new Evidence().log("a", a).log("b", b), new Evidence().log("b", b).log("a", a))) {
            List<LogEvent> shuffled = new java.util.ArrayList<>(ev.correlate().events());
            java.util.Collections.reverse(shuffled);
            assertEquals(List.of("a:1", "b:1", "a:2"), places(EventOrder.inTimeOrder(shuffled)));
            assertEquals("a:1", places(List.of(EventOrder.earliest(shuffled))).get(0));
            assertEquals("a:2", places(List.of(EventOrder.latest(shuffled))).get(0));
        }
    }

    /**
     * By instant, lines at one instant in their merged order: a run whose clock steps back is sorted by instant all the same
     * (a sort, not a merge), and a tie between two runs does not go by which file was read first. Here the merge puts b:1
     * before a:1 (earlier), and a:2 after a:1 (its run's order), so b:1 comes before a:2 at their common instant.
     */
    @Test
    void byInstantBreaksTwoRunsTiesByTheMergeNotByTheReadingOrder() {
        String[] a = {cleaningUp("2026-09-19T16:31:11.300Z", "labelPodCompleted"), queueing("2026-09-19T16:31:11.100Z", "removeFinalizer")};
        String[] b = {cleaningUp("2026-09-19T16:31:11.100Z", "removeFinalizer")};
        List<String> expected = List.of("b:1", "a:2", "a:1");
        assertEquals(expected, places(EventOrder.byInstant(new Evidence().log("a", a).log("b", b).correlate().events())));
        assertEquals(expected, places(EventOrder.byInstant(new Evidence().log("b", b).log("a", a).correlate().events())));
    }
}
