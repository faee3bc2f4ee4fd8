package dev.argoforensics.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import dev.argoforensics.correlate.EventOrder;
import dev.argoforensics.envelope.EnvelopeKind;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.line.Level;
import dev.argoforensics.line.RecordFormat;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;
import java.time.Instant;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Laws of merging several controller streams into one timeline (fixed seed): each stream keeps its
 * own order, nothing certainly earlier is placed after something later, every line appears once, and
 * an entry is marked concurrent exactly when its time window overlaps the one before.
 */
class MergeOrderPropertiesTest {
    private static final TimePrecision[] PRECISIONS = TimePrecision.values();

    /** Streams as controllers write them: times that never go back, in its own precision; interleaved in input order. */
    private static List<LogEvent> events(List<Integer> steps) {
        int streams = 1 + Math.floorMod(steps.isEmpty() ? 0 : steps.get(0), 4);
        long[] clock = new long[streams];
        List<LogEvent> events = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            int step = steps.get(i);
            int stream = Math.floorMod(step, streams);
            TimePrecision precision = PRECISIONS[Math.floorMod(stream + step / 7, PRECISIONS.length)];
            clock[stream] += Math.floorMod(step, 3) == 0 ? 0 : Math.floorMod(step * 7919L, 3_000_000_000L);
            long nanos = clock[stream] - Math.floorMod(clock[stream], precision.windowNanos());
            Timestamp t = new Timestamp(Instant.parse("2026-09-19T16:31:00Z").plusNanos(nanos), precision, ZoneBasis.STATED);
            events.add(new LogEvent(new SourceRef("s" + stream + ".log", i + 1), i + 1, t, null, EnvelopeKind.NONE, RecordFormat.SLOG_TEXT,
                    Level.INFO, null, new ControllerEvent.Unrecognized("m"), "line " + i, stream, i));
        }
        return events;
    }

    @Test
    void theMergedTimelineIsALinearExtensionOfWhatIsCertainlyBefore() {
        qt().withFixedSeed(17024L).withExamples(2000).forAll(lists().of(integers().between(0, 1_000_000)).ofSizeBetween(0, 40)).checkAssert(steps -> {
            List<LogEvent> events = events(steps);
            Entries entries = new Entries(e -> "run " + e.stream());
            events.forEach(entries::log);
            events.forEach(entries::log); // a line seen twice is one entry
            List<TimelineEntry> merged = entries.sorted();
            assertEquals(events.size(), merged.size());
            Map<SourceRef, LogEvent> bySource = new java.util.HashMap<>();
            events.forEach(e -> bySource.put(e.source(), e));
            List<LogEvent> order = merged.stream().map(m -> bySource.get(m.source())).toList();
            Map<LogEvent, Integer> position = new IdentityHashMap<>();
            for (int i = 0; i < order.size(); i++) {
                position.put(order.get(i), i);
            }
            for (LogEvent a : events) {
                for (LogEvent b : events) {
                    if (EventOrder.before(a, b)) {
                        assertFalse(position.get(a) > position.get(b), a.source() + " is certainly before " + b.source());
                    }
                }
            }
            for (int i = 1; i < merged.size(); i++) {
                assertEquals(merged.get(i).time().isConcurrentWith(merged.get(i - 1).time()), merged.get(i).concurrent());
            }
        });
    }
}
