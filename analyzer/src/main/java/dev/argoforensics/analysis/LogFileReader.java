package dev.argoforensics.analysis;

import dev.argoforensics.catalog.CatalogMatch;
import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.catalog.ReleaseEvidence;
import dev.argoforensics.envelope.EnvelopeDecoder;
import dev.argoforensics.envelope.EnvelopeKind;
import dev.argoforensics.envelope.UnwrappedLine;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.line.Level;
import dev.argoforensics.line.LineParse;
import dev.argoforensics.line.LogRecord;
import dev.argoforensics.line.RecordFormat;
import dev.argoforensics.line.RecordParser;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.LineReader;
import dev.argoforensics.time.GoDuration;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;
import java.io.IOException;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Drives one log file through the stages: lines → envelopes → line grammar → catalog. Every line is
 * accounted for. After the file is read: Go panic blocks get the time of a neighbouring record,
 * klog lines the year of one, a file exported newest first is turned around, and a literal-Z
 * clock that disagrees with the collector's clock by whole time-zone hours is pointed out. One
 * instance per thread (it owns a {@link RecordParser}).
 */
public final class LogFileReader {
    static final int UNPARSED_SAMPLES = 5;
    /** klog prints no year: records are first read with this leap year, then given the right one. */
    static final int UNKNOWN_YEAR = 2000;

    private final MessageCatalog catalog;
    private final ZoneId logZone;
    private final RecordParser parser = new RecordParser();

    /**
     * @param logZone the zone logrus and klog wall-clock times were written in ({@code --log-tz}), or
     *                null to read them as UTC
     */
    public LogFileReader(MessageCatalog catalog, ZoneId logZone) {
        this.catalog = catalog;
        this.logZone = logZone;
    }

    FileRead read(InputFile file) throws IOException {
        FileState st = new FileState(file);
        EnvelopeDecoder envelopes = new EnvelopeDecoder();
        String sha256;
        try (LineReader reader = new LineReader(file)) {
            String line;
            while ((line = reader.next()) != null) {
                st.lines++;
                UnwrappedLine u = envelopes.decode(line, reader.lineNumber());
                if (u != null) {
                    handle(st, u);
                }
            }
            UnwrappedLine open = envelopes.flush();
            if (open != null) {
                handle(st, open);
            }
            st.closePanic();
            sha256 = reader.sha256();
        }
        st.continuation += envelopes.envelopeHeaders();
        List<Integer> yearless = st.resolveKlogYears();
        st.timePanics();
        boolean reversed = st.turnAroundIfNewestFirst();
        List<String> notes = new ArrayList<>();
        if (reversed) {
            notes.add("lines are newest first (an export in reverse time order): read oldest first");
        }
        if (st.klogYearsFromNeighbours > 0) {
            notes.add(st.klogYearsFromNeighbours + " klog line(s) took their year from the neighbouring record (klog prints none)");
        }
        if (st.panics > 0) {
            notes.add(st.panics + " Go panic block(s) read as one event each, timed by the neighbouring record");
        }
        zoneMismatch(st).ifPresent(notes::add);
        InputSummary summary = new InputSummary(file, st.describe(), sha256, st.lines, st.records.size(), st.recognised, st.continuation,
                st.prefixed, st.blank, st.unparsed, st.samples, null, notes);
        return new FileRead(st.records, summary, yearless);
    }

    private void handle(FileState st, UnwrappedLine u) {
        String text = u.record();
        st.continuation += u.lastLine() - u.firstLine();
        if (text.isBlank()) {
            if (st.panic != null) {
                st.panic.add(text, u.firstLine());
            } else {
                st.blank++;
            }
            return;
        }
        int yearHint = u.envelopeTime() != null ? u.envelopeTime().instant().atZone(ZoneOffset.UTC).getYear() : st.lastYear;
        LineParse parse = parser.parse(text, yearHint > 0 ? yearHint : UNKNOWN_YEAR);
        if (parse instanceof LineParse.Rejected rejected) {
            if (st.panic != null && GoPanicBlock.continues(text)) {
                st.panic.add(text, u.firstLine());
            } else if (GoPanicBlock.starts(text)) {
                st.closePanic();
                st.panic = new GoPanicBlock(text, u.firstLine());
                st.panicLine = u;
            } else {
                st.closePanic();
                st.unparsed(UnparsedLine.of(st.file.at(u.firstLine()), rejected.toString(), text));
            }
            return;
        }
        st.closePanic();
        LogRecord record = ((LineParse.Parsed) parse).record();
        Timestamp time = inLogZone(record.time());
        ControllerEvent event;
        String catalogId = null;
        ReleaseEvidence releases;
        try {
            Optional<CatalogMatch> match = catalog.match(record);
            if (match.isPresent()) {
                event = match.get().event();
                catalogId = match.get().entry().id();
                st.recognised++;
            } else {
                event = new ControllerEvent.Unrecognized(record.message());
            }
            releases = catalog.releases(record, match.orElse(null));
        } catch (IllegalArgumentException e) {
            st.unparsed(UnparsedLine.of(st.file.at(u.firstLine()), "message \"" + record.message() + "\": " + e.getMessage(), text));
            return;
        }
        if (record.format() == RecordFormat.KLOG && yearHint <= 0) {
            st.klogWithoutYear.add(st.records.size());
        } else if (record.format() != RecordFormat.KLOG) {
            st.lastYear = record.time().instant().atZone(ZoneOffset.UTC).getYear();
        }
        if (u.envelope() == EnvelopeKind.PREFIX) {
            st.prefixed++;
        }
        st.formats.merge(record.format(), 1L, Long::sum);
        st.envelopes.merge(u.envelope(), 1L, Long::sum);
        st.records.add(new ReadRecord(u, time, record.format(), record.level(), catalogId, event, text, releases));
    }

    /** logrus and klog print wall-clock time without a zone: read it in --log-tz when given. */
    private Timestamp inLogZone(Timestamp t) {
        if (logZone == null || (t.zone() != ZoneBasis.LITERAL_Z && t.zone() != ZoneBasis.ASSUMED_UTC)) {
            return t;
        }
        LocalDateTime wall = LocalDateTime.ofInstant(t.instant(), ZoneOffset.UTC);
        return new Timestamp(wall.atZone(logZone).toInstant(), t.precision(), ZoneBasis.CONFIGURED);
    }

    /**
     * logrus prints local time with a literal 'Z'. When the collector's clock (kubectl, CRI) differs
     * from it by whole quarter hours, the controller's zone was not UTC.
     */
    private Optional<String> zoneMismatch(FileState st) {
        if (logZone != null) {
            return Optional.empty();
        }
        List<Long> offsets = new ArrayList<>();
        for (ReadRecord r : st.records) {
            if (r.line().envelopeTime() != null && (r.time().zone() == ZoneBasis.LITERAL_Z || r.time().zone() == ZoneBasis.ASSUMED_UTC)) {
                offsets.add(r.time().nanosUntil(r.line().envelopeTime()));
            }
        }
        if (offsets.size() < 3) {
            return Optional.empty();
        }
        Collections.sort(offsets);
        long median = offsets.get(offsets.size() / 2);
        long quarter = 15L * 60 * 1_000_000_000L;
        long rounded = Math.round((double) median / quarter) * quarter;
        if (rounded == 0 || Math.abs(median - rounded) > 2L * 60 * 1_000_000_000L) {
            return Optional.empty();
        }
        ZoneOffset offset = ZoneOffset.ofTotalSeconds((int) (-rounded / 1_000_000_000L));
        return Optional.of("logrus/klog times look like local time at UTC" + offset.getId().replace("Z", "+00:00")
                + ": the collector's clock is " + GoDuration.format(median) + " after them (median of " + offsets.size()
                + " lines); rerun with --log-tz if the controller did not run in UTC");
    }

    /** Per-file reading state and accounting. */
    private static final class FileState {
        final InputFile file;
        final List<ReadRecord> records = new ArrayList<>();
        final List<Integer> klogWithoutYear = new ArrayList<>();
        final List<Integer> panicIndexes = new ArrayList<>();
        final List<UnparsedLine> samples = new ArrayList<>();
        final Map<RecordFormat, Long> formats = new EnumMap<>(RecordFormat.class);
        final Map<EnvelopeKind, Long> envelopes = new EnumMap<>(EnvelopeKind.class);
        long lines;
        long recognised;
        long continuation;
        long prefixed;
        long blank;
        long unparsed;
        int lastYear = -1;
        int panics;
        int klogYearsFromNeighbours;
        GoPanicBlock panic;
        UnwrappedLine panicLine;

        FileState(InputFile file) {
            this.file = file;
        }

        void unparsed(UnparsedLine sample) {
            unparsed++;
            if (samples.size() < UNPARSED_SAMPLES) {
                samples.add(sample);
            }
        }

        void closePanic() {
            if (panic == null) {
                return;
            }
            GoPanicBlock p = panic;
            panic = null;
            continuation += p.lineCount() - 1;
            panics++;
            UnwrappedLine u = new UnwrappedLine(p.text(), p.firstLine(), p.lastLine(), panicLine.envelope(), panicLine.envelopeTime(),
                    panicLine.origin(), panicLine.prefix());
            panicIndexes.add(records.size());
            formats.merge(RecordFormat.GO_PANIC, 1L, Long::sum);
            envelopes.merge(u.envelope(), 1L, Long::sum);
            records.add(new ReadRecord(u, u.envelopeTime(), RecordFormat.GO_PANIC, Level.FATAL, null,
                    new ControllerEvent.GoPanic(p.message(), p.lineCount()), p.text(), ReleaseEvidence.NONE));
        }

        /** A panic without a collector time takes the time of the record before it, else after it. */
        void timePanics() {
            for (int i : panicIndexes) {
                if (records.get(i).time() != null) {
                    continue;
                }
                Timestamp t = neighbourTime(i);
                if (t != null) {
                    records.set(i, records.get(i).withTime(t));
                }
            }
            records.removeIf(r -> r.time() == null);
        }

        private Timestamp neighbourTime(int i) {
            for (int j = i - 1; j >= 0; j--) {
                if (records.get(j).time() != null && records.get(j).format() != RecordFormat.GO_PANIC) {
                    return records.get(j).time();
                }
            }
            for (int j = i + 1; j < records.size(); j++) {
                if (records.get(j).time() != null && records.get(j).format() != RecordFormat.GO_PANIC) {
                    return records.get(j).time();
                }
            }
            return null;
        }

        /**
         * klog lines read before any dated record were parsed with a placeholder year: give them the
         * year of the nearest dated record of the file. Returns those nothing in the file could date.
         */
        List<Integer> resolveKlogYears() {
            List<Integer> unresolved = new ArrayList<>();
            for (int i : klogWithoutYear) {
                Timestamp reference = null;
                for (int j = i + 1; j < records.size() && reference == null; j++) {
                    if (records.get(j).format() != RecordFormat.KLOG && records.get(j).format() != RecordFormat.GO_PANIC) {
                        reference = records.get(j).time();
                    }
                }
                if (reference == null) {
                    unresolved.add(i);
                    continue;
                }
                records.set(i, records.get(i).withTime(KlogYears.near(records.get(i).time(), reference)));
                klogYearsFromNeighbours++;
            }
            return unresolved;
        }

        /** A file whose times mostly go backwards is an export written newest first. */
        boolean turnAroundIfNewestFirst() {
            int backwards = 0;
            int forwards = 0;
            for (int i = 1; i < records.size(); i++) {
                Timestamp a = records.get(i - 1).time();
                Timestamp b = records.get(i).time();
                if (b.isBefore(a)) {
                    backwards++;
                } else if (a.isBefore(b)) {
                    forwards++;
                }
            }
            if (backwards >= 3 && backwards > 4 * forwards) {
                Collections.reverse(records);
                return true;
            }
            return false;
        }

        /** Formats seen, most frequent first, and the wrappers around them. */
        String describe() {
            if (formats.isEmpty()) {
                return "unknown";
            }
            String fmt = byCount(formats).stream().map(RecordFormat::label).collect(Collectors.joining(", "));
            List<EnvelopeKind> wrappers = byCount(envelopes).stream().filter(e -> e != EnvelopeKind.NONE).toList();
            return wrappers.isEmpty() ? fmt : fmt + " in " + wrappers.stream().map(EnvelopeKind::label).collect(Collectors.joining(", "));
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
