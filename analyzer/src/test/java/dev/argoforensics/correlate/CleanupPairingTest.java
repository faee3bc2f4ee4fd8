package dev.argoforensics.correlate;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.argoforensics.catalog.CatalogMatch;
import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.envelope.EnvelopeKind;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.LogCoverage.CountedLine;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.line.LineParse;
import dev.argoforensics.line.LogRecord;
import dev.argoforensics.line.RecordParser;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.testing.Evidence;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The one pairing of the pod event handler's pod-less line with its scheduling or queueing line, on v4 lines. */
class CleanupPairingTest {
    private static final MessageCatalog CATALOG = MessageCatalog.standard();
    private final RecordParser parser = new RecordParser();
    private final List<LogEvent> events = new ArrayList<>();

    /** A kept line of a stream; its ordinal is its place in the input (the reader's numbering, counted lines included). */
    private LogEvent line(int stream, long ordinal, String text) {
        LogRecord r = ((LineParse.Parsed) parser.parse(text, 2026)).record();
        ControllerEvent ev = CATALOG.match(r).map(CatalogMatch::event).orElse(new ControllerEvent.Unrecognized(r.message()));
        LogEvent e = new LogEvent(new SourceRef("controller-" + stream + ".log", (int) ordinal + 1), ordinal + 1, r.time(), null,
                EnvelopeKind.NONE, r.format(), r.level(), CATALOG.match(r).map(m -> m.entry().id()).orElse(null), ev, text, stream, ordinal);
        events.add(e);
        return e;
    }

    private static String of(String line, String pod) {
        return line.replace("podName=p", "podName=" + pod).replace("/p/", "/" + pod + "/");
    }

    @Test
    void theHandlerLineTakesTheNextSchedulingLineOfItsOwnStreamAndTheNegativeDelayStaysExact() {
        LogEvent handler = line(0, 0, removingFinalizers("2026-09-19T16:31:11.257Z"));
        LogEvent scheduled = line(0, 1, queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s"));
        LogEvent queued = line(0, 2, queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"));
        CleanupPairing p = CleanupPairing.of(events, List.of());
        assertSame(handler, p.handlerOf(scheduled));
        assertNull(p.handlerOf(queued), "the scheduling line's own queueing line has no handler line of its own");
        assertEquals(events, p.withoutUnkeptPairs(events));

        // Through the correlation: the removal holds the pair, its delay to the nanosecond.
        FinalizerRemoval r = new Evidence().log("a.log", removingFinalizers("2026-09-19T16:31:11.257Z"),
                queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s"),
                queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"),
                cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer")).correlate().pods().get(new PodKey("ns", "p")).removals().get(0);
        assertEquals(1, r.onDelete().source().line());
        assertEquals(-84_257_168_224L, r.schedule().orElseThrow().delayNanos());
        assertEquals("-1m24.257168224s", r.schedule().orElseThrow().delayText());
    }

    @Test
    void anotherReplicasSchedulingLineIsNotTheHandlers() {
        LogEvent handler = line(0, 0, removingFinalizers("2026-09-19T16:31:11.257Z"));
        LogEvent otherReplica = line(1, 1, of(queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "0s"), "q"));
        LogEvent own = line(0, 2, queuingPodDelay("2026-09-19T16:31:11.258Z", "removeFinalizer", "-1m0s"));
        CleanupPairing p = CleanupPairing.of(events, List.of());
        assertNull(p.handlerOf(otherReplica));
        assertSame(handler, p.handlerOf(own));
    }

    @Test
    void aHandlerLineWithoutSchedulingLineStaysUnpairedAndKept() {
        line(0, 0, removingFinalizers("2026-09-19T16:31:11.257Z"));
        LogEvent later = line(0, 1, removingFinalizers("2026-09-19T16:31:12.000Z"));
        LogEvent scheduled = line(0, 2, queuingPodDelay("2026-09-19T16:31:12.001Z", "removeFinalizer", "-5s"));
        LogEvent cleaning = line(0, 3, cleaningUp("2026-09-19T16:31:12.100Z", "removeFinalizer"));
        CleanupPairing p = CleanupPairing.of(events, List.of());
        assertSame(later, p.handlerOf(scheduled), "a second handler line takes the place of the first");
        assertNull(p.handlerOf(cleaning));
        assertEquals(4, p.withoutUnkeptPairs(events).size(), "no line is dropped when no scheduling line was only counted");
    }

    @Test
    void aQueueingLineWithoutHandlerLineHasNone() {
        LogEvent queued = line(0, 0, queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"));
        assertNull(CleanupPairing.of(events, List.of()).handlerOf(queued));
    }

    @Test
    void aQueueingLineWithinTheHandlerCallIsTheHandlersWhenNoSchedulingLineFollows() {
        LogEvent handler = line(0, 0, removingFinalizers("2026-09-19T16:31:11.257Z"));
        LogEvent queued = line(0, 1, queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"));
        assertSame(handler, CleanupPairing.of(events, List.of()).handlerOf(queued));

        events.clear();
        line(0, 0, removingFinalizers("2026-09-19T16:31:11.257Z"));
        LogEvent tooLate = line(0, 1, queueing("2026-09-19T16:31:11.357Z", "removeFinalizer"));
        assertNull(CleanupPairing.of(events, List.of()).handlerOf(tooLate), "100 ms is no single handler call");
    }

    /**
     * Selective reading kept the handler line (it names no Pod) but only counted its scheduling line (a
     * Pod of no interest). The next kept scheduling line of the stream, another Pod's, is not the
     * handler's; the handler line concerns no Pod of interest and is left out.
     */
    @Test
    void aCountedSchedulingLineTakesTheHandlerLineFromALaterPodsLine() {
        LogEvent handler = line(0, 10, removingFinalizers("2026-09-19T16:31:11.257Z"));
        // ordinals 11 and 12: q's scheduling and queueing lines, only counted
        LogEvent later = line(0, 13, of(queuingPodDelay("2026-09-19T16:31:11.300Z", "removeFinalizer", "-1m24.257168224s"), "r"));
        CleanupPairing unmarked = CleanupPairing.of(events, List.of());
        assertSame(handler, unmarked.handlerOf(later), "without the reader's mark the pairing cannot know");

        CleanupPairing p = CleanupPairing.of(events, List.of(new CountedLine(0, 11)));
        assertNull(p.handlerOf(later));
        assertEquals(List.of(later), p.withoutUnkeptPairs(events));
    }

    @Test
    void aCountedLineOfAnotherStreamOrAfterTheSchedulingLineChangesNothing() {
        LogEvent handler = line(0, 10, removingFinalizers("2026-09-19T16:31:11.257Z"));
        LogEvent scheduled = line(0, 12, queuingPodDelay("2026-09-19T16:31:11.258Z", "removeFinalizer", "-1m0s"));
        CleanupPairing p = CleanupPairing.of(events, List.of(new CountedLine(1, 11), new CountedLine(0, 13)));
        assertSame(handler, p.handlerOf(scheduled));
        assertEquals(events, p.withoutUnkeptPairs(events));
    }

    @Test
    void aCountedSchedulingLineAtTheEndOfTheStreamStillTakesTheHandlerLine() {
        line(0, 0, removingFinalizers("2026-09-19T16:31:11.257Z"));
        LogEvent queued = line(0, 1, queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"));
        CleanupPairing p = CleanupPairing.of(events, List.of(new CountedLine(0, 2)));
        assertNull(p.handlerOf(queued), "a scheduling line followed: the queueing line was another Pod's");
        assertEquals(List.of(queued), p.withoutUnkeptPairs(events));
    }
}
