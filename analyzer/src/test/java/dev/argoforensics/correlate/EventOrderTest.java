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
}
