package dev.argoforensics.analysis;

import dev.argoforensics.catalog.CatalogMatch;
import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.envelope.EnvelopeDecoder;
import dev.argoforensics.envelope.EnvelopeKind;
import dev.argoforensics.envelope.UnwrappedLine;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.line.LineParse;
import dev.argoforensics.line.LogRecord;
import dev.argoforensics.line.RecordFormat;
import dev.argoforensics.line.RecordParser;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.LineReader;
import dev.argoforensics.source.SourceRef;
import java.io.IOException;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Drives one log file through the stages: lines → envelopes → line grammar → catalog → events.
 * Each event goes to the consumer as soon as it is read; the returned summary accounts for every
 * line. One instance per thread (it owns a {@link RecordParser}).
 */
public final class LogFileReader {
    static final int UNPARSED_SAMPLES = 5;

    private final MessageCatalog catalog;
    private final RecordParser parser = new RecordParser();

    public LogFileReader(MessageCatalog catalog) {
        this.catalog = catalog;
    }

    /**
     * @param stream  index of this file among the inputs
     * @param ordinal first ordinal to give; events get consecutive ones
     */
    public InputSummary read(InputFile file, int stream, long ordinal, Consumer<LogEvent> sink) throws IOException {
        Counts counts = new Counts();
        EnvelopeDecoder envelopes = new EnvelopeDecoder();
        long next = ordinal;
        String sha256;
        try (LineReader reader = new LineReader(file)) {
            String line;
            while ((line = reader.next()) != null) {
                counts.lines++;
                UnwrappedLine unwrapped = envelopes.decode(line, reader.lineNumber());
                if (unwrapped != null) {
                    next = handle(file, unwrapped, stream, next, counts, sink);
                }
            }
            UnwrappedLine open = envelopes.flush();
            if (open != null) {
                next = handle(file, open, stream, next, counts, sink);
            }
            sha256 = reader.sha256();
        }
        return new InputSummary(file, counts.describe(), sha256, counts.lines, counts.events, counts.recognised, counts.blank,
                counts.unparsed, counts.samples);
    }

    private long handle(InputFile file, UnwrappedLine u, int stream, long ordinal, Counts counts, Consumer<LogEvent> sink) {
        String text = u.record();
        if (text.isBlank()) {
            counts.blank++;
            return ordinal;
        }
        SourceRef where = file.at(u.firstLine());
        LineParse parse = parser.parse(text, counts.yearHint);
        if (parse instanceof LineParse.Rejected rejected) {
            counts.unparsed(UnparsedLine.of(where, rejected.toString(), text));
            return ordinal;
        }
        LogRecord record = ((LineParse.Parsed) parse).record();
        counts.yearHint = record.time().instant().atZone(ZoneOffset.UTC).getYear();
        ControllerEvent event;
        String catalogId = null;
        try {
            Optional<CatalogMatch> match = catalog.match(record);
            if (match.isPresent()) {
                event = match.get().event();
                catalogId = match.get().entry().id();
                counts.recognised++;
            } else {
                event = new ControllerEvent.Unrecognized(record.message());
            }
        } catch (IllegalArgumentException e) {
            counts.unparsed(UnparsedLine.of(where, "message \"" + record.message() + "\": " + e.getMessage(), text));
            return ordinal;
        }
        counts.events++;
        counts.formats.merge(record.format(), 1L, Long::sum);
        counts.envelopes.merge(u.envelope(), 1L, Long::sum);
        sink.accept(new LogEvent(where, u.lastLine(), record.time(), u.envelopeTime(), u.envelope(), record.format(), record.level(),
                catalogId, event, text, stream, ordinal));
        return ordinal + 1;
    }

    /** Per-file accounting. */
    private static final class Counts {
        long lines;
        long events;
        long recognised;
        long blank;
        long unparsed;
        int yearHint = 1970;
        final List<UnparsedLine> samples = new ArrayList<>();
        final Map<RecordFormat, Long> formats = new EnumMap<>(RecordFormat.class);
        final Map<EnvelopeKind, Long> envelopes = new EnumMap<>(EnvelopeKind.class);

        void unparsed(UnparsedLine sample) {
            unparsed++;
            if (samples.size() < UNPARSED_SAMPLES) {
                samples.add(sample);
            }
        }

        /** Formats seen, most frequent first; the envelope if any was found. */
        String describe() {
            if (formats.isEmpty()) {
                return "unknown";
            }
            String fmt = byCount(formats).stream().map(RecordFormat::label).collect(Collectors.joining(", "));
            List<EnvelopeKind> wrappers = byCount(envelopes).stream().filter(e -> e != EnvelopeKind.NONE).collect(Collectors.toList());
            if (wrappers.isEmpty()) {
                return fmt;
            }
            return fmt + " in " + wrappers.stream().map(EnvelopeKind::label).collect(Collectors.joining(", "));
        }

        private static <K extends Enum<K>> List<K> byCount(Map<K, Long> counts) {
            List<K> keys = new ArrayList<>(counts.keySet());
            keys.sort((a, b) -> {
                int c = Long.compare(counts.get(b), counts.get(a));
                return c != 0 ? c : a.compareTo(b);
            });
            return keys;
        }
    }
}
