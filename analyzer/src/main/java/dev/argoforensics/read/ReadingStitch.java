package dev.argoforensics.read;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.event.EventType;
import dev.argoforensics.event.LogCoverage;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.wording.Message;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Puts files read apart ({@link FileReading}) together into one reading, taken in rotated-set order
 * (set by set as {@link dev.argoforensics.source.RotatedSet#group} gives them, oldest file first):
 * each run piece joins its replica's run in the set (or opens one), events get their run's id and
 * their place after the files before, coverage and the cleanup scheduling marks add up, and at the
 * end klog lines no record of their file dated take their year from the earliest event of all the
 * inputs, and the notes only the whole reading gives are added to the files' summaries. Sequential,
 * and small: it sees each file's pieces and events, never its lines.
 */
public final class ReadingStitch {
    private final ControllerRuns runs = new ControllerRuns();
    private final EventSink sink;
    private final List<LogEvent> events = new ArrayList<>();
    private final Map<InputFile, InputSummary> summaries = new LinkedHashMap<>();
    /** klog lines no record of their file dated: their index in {@link #events}, or the events themselves with a sink. */
    private final List<Integer> undatedAt = new ArrayList<>();
    private final List<LogEvent> undatedWaiting = new ArrayList<>();
    private final List<ParsedRecord> undatedParses = new ArrayList<>();
    private final CountedSchedules schedules = new CountedSchedules();
    private final Set<EventType> types = EnumSet.noneOf(EventType.class);
    private long records;
    private long ordinalBase;
    private ControllerRuns.InSet set;
    /** The earliest time among the events placed, undated klog lines left out. */
    private LogEvent earliest;

    /** @param sink takes each event as it is placed instead of this stitch keeping it, or null to keep them */
    public ReadingStitch(EventSink sink) {
        this.sink = sink;
    }

    /**
     * Adds the next file: after every file added before, in rotated-set order.
     *
     * @return where its lines go: with it, each line of the file as the stitch places it ({@link Placement}), so that a
     * reading {@link FileReading#keeping only some lines} (those a whole input decides, a klog line its file does not date
     * and the file's earliest line among them) stitches as the whole reading does and places the others where they are
     */
    public Placement add(FileReading reading) {
        FileStitch file = begin(reading.setName(), reading.file());
        reading.pieces().forEach(file::opened);
        file.finish(reading);
        return file.placement();
    }

    /**
     * Starts the next file, whose pieces are given as they open (a reading assembled while the stitch goes on). Where the file is not
     * the piece that followed the set's file before it ({@link dev.argoforensics.source.RotatedSet#skipped}: {@code .2} then the live
     * file, no {@code .1}), a run it continues is cut between the two: the missing piece held its lines there ({@link
     * ControllerRun#cutFrom}).
     */
    FileStitch begin(String setName, InputFile file) {
        String missing = null;
        if (set == null || !set.name().equals(setName)) {
            set = runs.inSet(setName);
        } else {
            set.nextFile();
            if (previous != null && file != null) {
                missing = dev.argoforensics.source.RotatedSet.skipped(previous, file);
            }
        }
        previous = file;
        return new FileStitch(missing);
    }

    /** The file added last, of the current set. */
    private InputFile previous;

    /** One file being stitched: its pieces' runs, as they open. */
    final class FileStitch implements FileRuns.Opened {
        private final List<ControllerRun> runOfPiece = new ArrayList<>();
        private final Map<String, FileRuns.Piece> open = new HashMap<>();
        private final long base = ordinalBase;
        /** The parses of the file's events not handed over yet, by their ordinal in the file (with a sink). */
        private final Map<Long, ParsedRecord> parses = new HashMap<>();
        /** The piece of the set that came between the file before and this one, not given; null if none is missing. */
        private final String missing;
        /** The runs this file's pieces joined so far. */
        private final Set<ControllerRun> joined = new java.util.HashSet<>();
        /** Its pieces opened beside their replica's current one ({@link FileRuns.Piece#aside}): each whole at the file's end. */
        private final List<FileRuns.Piece> asides = new ArrayList<>();

        FileStitch(String missing) {
            this.missing = missing;
        }

        /** A kept record's parse, handed to the sink with its event. */
        void parsed(ParsedRecord p, long ordinalInFile) {
            parses.put(ordinalInFile, p);
        }

        /** A piece opened: the one it follows in its replica is whole, and its own run is known. */
        @Override
        public void opened(FileRuns.Piece piece) {
            if (piece.aside() != FileRuns.Aside.NO) {
                // A start that ended before its load, beside the replica's current piece: a run of its own; the piece before goes on.
                asides.add(piece);
                runOfPiece.add(set.aside(piece));
                return;
            }
            FileRuns.Piece before = open.put(piece.key(), piece);
            if (before != null) {
                runOfPiece.get(before.part().id).absorb(before.part());
            }
            ControllerRun run = set.runOf(piece);
            if (joined.add(run) && missing != null && run.count > 0 && run.latest != null) {
                // The run's lines from earlier files go on in this one, the piece between them missing: cut there.
                run.cutFrom = run.latest;
            }
            runOfPiece.add(run);
        }

        /** Events of the file whose times are final, in file order (none of them an undated klog line). */
        void handOver(List<LogEvent> local) {
            for (LogEvent e : local) {
                place(placed(e), parses.remove(e.ordinal()), false);
            }
        }

        Placement placement() {
            int[] runs = new int[runOfPiece.size()];
            for (int i = 0; i < runs.length; i++) {
                runs[i] = runOfPiece.get(i).id;
            }
            return new Placement(runs, base);
        }

        LogEvent placed(LogEvent e) {
            return e.withPlace(runOfPiece.get(e.stream()).id, base + e.ordinal());
        }

        void finish(FileReading reading) {
            java.util.stream.Stream.concat(open.values().stream(), asides.stream()).sorted(java.util.Comparator.comparingInt(p -> p.part().id))
                    .forEach(p -> runOfPiece.get(p.part().id).absorb(p.part()));
            int next = 0;
            int[] undated = reading.undated().clone();
            java.util.Arrays.sort(undated);
            for (int i = 0; i < reading.events().size(); i++) {
                boolean isUndated = next < undated.length && undated[next] == i;
                if (isUndated) {
                    next++;
                }
                LogEvent e = reading.events().get(i);
                place(placed(e), parses.remove(e.ordinal()), isUndated);
            }
            reading.marks().replay(schedules, p -> runOfPiece.get(p).id, base);
            records += reading.records();
            types.addAll(reading.types());
            ordinalBase = base + reading.ordinals();
            summaries.put(reading.file(), reading.summary());
        }
    }

    private void place(LogEvent e, ParsedRecord parsed, boolean undated) {
        if (undated) {
            if (sink == null) {
                undatedAt.add(events.size());
                events.add(e);
            } else {
                undatedWaiting.add(e);
                undatedParses.add(parsed);
            }
            return;
        }
        if (earliest == null || e.compareTime(earliest) < 0) {
            earliest = e;
        }
        if (sink == null) {
            events.add(e);
        } else {
            sink.accept(e, parsed);
        }
    }

    /**
     * Ends the reading: undated klog lines get their year (with a sink, they are handed over now), and
     * each file's summary its late notes (klog years from other inputs, runs that went back in time).
     *
     * @return the events (none with a sink), the controller runs, and what the logs held as a whole
     */
    public LogReader.LogReading finish() {
        List<LogEvent> undated = new ArrayList<>(undatedWaiting);
        undatedAt.forEach(i -> undated.add(events.get(i)));
        UndatedKlog.Dating dating = UndatedKlog.date(undated, earliest == null ? null : earliest.time());
        for (int i = 0; i < undatedAt.size(); i++) {
            events.set(undatedAt.get(i), dating.events().get(undatedWaiting.size() + i));
        }
        if (sink != null) {
            for (int i = 0; i < undatedWaiting.size(); i++) {
                sink.accept(dating.events().get(i), undatedParses.get(i));
            }
        }
        Map<String, List<Message>> outOfOrder = runs.outOfOrderNotes();
        summaries.replaceAll((f, s) -> {
            List<Message> notes = new ArrayList<>(s.notes());
            Message klog = dating.notes().get(f.displayPath());
            if (klog != null) {
                notes.add(klog);
            }
            notes.addAll(outOfOrder.getOrDefault(f.displayPath(), List.of()));
            return s.withNotes(notes);
        });
        return new LogReader.LogReading(sink == null ? events : List.of(), runs.processes(),
                new LogCoverage(records, types, schedules.lines()));
    }

    /** Each file's summary, with its late notes once {@link #finish()} ran. */
    public Map<InputFile, InputSummary> summaries() {
        return summaries;
    }
}
