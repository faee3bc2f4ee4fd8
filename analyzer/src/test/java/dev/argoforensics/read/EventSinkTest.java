package dev.argoforensics.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.accounting.LogSource;
import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.line.LineParse;
import dev.argoforensics.line.LogRecord;
import dev.argoforensics.line.RecordParser;
import dev.argoforensics.snapshot.ExportedObjects;
import dev.argoforensics.source.InputCollector;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.source.UnreadableInput;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A reading with a sink hands over exactly the events a reading without one keeps (the same events,
 * times included: klog years and panics' times settled first), keeps none itself, and accounts for the
 * files the same way; and it hands each record's parse with its event, so that the sink need not read
 * the record again.
 */
class EventSinkTest {
    private static final int SMALL_CHUNKS = 4096;

    @ParameterizedTest
    @ValueSource(strings = {"samples/mixed-formats", "samples/issue-17024", "samples/two-controllers", "samples/broken"})
    void theSinkTakesWhatTheReadingWouldKeep(String sample) {
        List<LogEvent> handed = new ArrayList<>();
        Map<InputFile, InputSummary> withSink = new HashMap<>();
        LogReader.LogReading streamed = read(sample, handed::add, withSink);
        Map<InputFile, InputSummary> kept = new HashMap<>();
        LogReader.LogReading whole = read(sample, null, kept);
        assertTrue(streamed.events().isEmpty(), "a reading with a sink keeps nothing");
        assertTrue(whole.events().size() > 0);
        List<LogEvent> inOrder = new ArrayList<>(handed);
        inOrder.sort(Comparator.comparingLong(LogEvent::ordinal));
        assertEquals(whole.events().stream().sorted(Comparator.comparingLong(LogEvent::ordinal)).toList(), inOrder);
        assertEquals(whole.processes().stream().map(p -> p.label() + p.release()).toList(),
                streamed.processes().stream().map(p -> p.label() + p.release()).toList());
        assertEquals(kept, withSink, "the same summaries, zones and notes");
    }

    @ParameterizedTest
    @ValueSource(strings = {"samples/mixed-formats", "samples/issue-17024", "samples/two-controllers", "samples/broken"})
    void eachRecordComesWithTheParseTheReadingMade(String sample) {
        List<LogEvent> events = new ArrayList<>();
        List<ParsedRecord> parses = new ArrayList<>();
        EventSink sink = new EventSink() {
            @Override
            public void accept(LogEvent event) {
                throw new AssertionError("the reading hands over the parse too");
            }

            @Override
            public void accept(LogEvent event, ParsedRecord parsed) {
                events.add(event);
                parses.add(parsed);
            }
        };
        read(sample, sink, new HashMap<>());
        assertTrue(events.size() > 0);
        RecordParser parser = new RecordParser();
        int compared = 0;
        for (int i = 0; i < events.size(); i++) {
            LogEvent e = events.get(i);
            ParsedRecord p = parses.get(i);
            if (e.event() instanceof ControllerEvent.GoPanic || (e.catalogId() != null && e.catalogId().startsWith("executor-"))) {
                continue; // no record; an executor's line is kept apart (the sink reads it itself)
            }
            assertNotNull(p, () -> e.source() + ": handed over without its parse");
            assertEquals(e.catalogId(), p.match() == null ? null : p.match().entry().id(), e.source().toString());
            if (p.record().isCut()) {
                continue;
            }
            LogRecord again = ((LineParse.Parsed) parser.parse(e.text(), FileAssembler.UNKNOWN_YEAR, false)).record();
            assertEquals(again.message(), p.record().message(), e.source().toString());
            assertEquals(again.fields(), p.record().fields(), e.source().toString());
            assertEquals(again.rawTime(), p.record().rawTime(), e.source().toString());
            compared++;
        }
        assertTrue(compared > 0);
    }

    private static LogReader.LogReading read(String sample, EventSink sink, Map<InputFile, InputSummary> summaries) {
        List<InputFile> logs = new InputCollector().collect(List.of(sample)).stream().filter(f -> f.kind() == InputKind.LOG).toList();
        ReadSettings everything = new ReadSettings(null, 2, true, SMALL_CHUNKS, List.of(), Progress.NONE, 1 << 20);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            return new LogReader(MessageCatalog.standard(), everything, LogSource.files(), sink).read(logs, ExportedObjects.of(List.of()), pool,
                    summaries, new ArrayList<UnreadableInput>());
        } finally {
            pool.shutdownNow();
        }
    }
}
