package dev.argoforensics.read;

import dev.argoforensics.accounting.FileScan;
import dev.argoforensics.accounting.Furniture;
import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.accounting.LogLines;
import dev.argoforensics.accounting.LogSource;
import dev.argoforensics.catalog.CatalogEntry;
import dev.argoforensics.catalog.CatalogSample;
import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.Interner;
import dev.argoforensics.event.LogCoverage;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.TextSpill;
import dev.argoforensics.snapshot.ExportedObjects;
import dev.argoforensics.source.ByteBlockReader;
import dev.argoforensics.source.ChunkPlanner;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.LineChunk;
import dev.argoforensics.source.RotatedSet;
import dev.argoforensics.source.UnreadableInput;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.wording.Message;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Reads the log files of one analysis in two passes over chunks, each by a pool of workers, through
 * three seams that a reading spread over many machines (the fleet scan) calls one by one:
 * <ol>
 *   <li>{@link #scanFile}: pass 1 of one file, what its trigger lines make of interest ({@link FileScan});</li>
 *   <li>{@link #interest}: the union of the files' scans, the exported objects and {@code --pod};</li>
 *   <li>{@link #readFile}: pass 2 of one file and its own assembly ({@link FileReading}), a pure function of the
 *   file and the interest;</li>
 * </ol>
 * then {@link ReadingStitch} puts the files' readings together in rotated-set order. {@link #read} is
 * those steps for every file of an analysis on one machine: chunks of all files are read on the
 * workers ahead of the (sequential) assembly, so the outcome does not depend on the number of threads.
 */
public final class LogReader {
    private final MessageCatalog catalog;
    private final ReadSettings settings;
    private final LogSource logs;
    private final EventSink sink;
    private final ThreadLocal<LineFrontEnd> frontEnds;
    /** How often the assemblers hand kept events over within a chunk ({@link FileAssembler#handOverEvery}). */
    private int handOverEvery = FileAssembler.HAND_OVER_EVERY;
    /** Where the kept texts' blocks go beyond its share of the heap, or null (a reading with a sink). */
    private TextSpill spill;
    /** Pass 1's block buffers, shared by the front ends, dropped once pass 1 is over. */
    private final ByteBlockReader.Buffers blockBuffers;

    /** @param logs asked first for each log file (see {@link LogSource}); the file is read only if it has no earlier read */
    public LogReader(MessageCatalog catalog, ReadSettings settings, LogSource logs) {
        this(catalog, settings, logs, null);
    }

    /**
     * A reading that hands every event to {@code sink} as it is assembled instead of keeping it
     * ({@link LogReading#events()} is then empty): memory does not grow with the events read.
     *
     * @param sink null to keep the events
     */
    public LogReader(MessageCatalog catalog, ReadSettings settings, LogSource logs, EventSink sink) {
        this.catalog = catalog;
        this.settings = settings;
        this.logs = logs;
        this.sink = sink;
        // One copy of each name the kept events hold, shared by the reading threads, dropped with the reader.
        // A reading with a sink keeps no event: its table would only grow with every name of every line.
        Interner names = sink == null ? new Interner() : Interner.NONE;
        this.blockBuffers = new ByteBlockReader.Buffers(2 * Math.max(1, settings.threads()) + 2);
        // The kept texts' deflated blocks beyond the spill's share of the heap go to a temporary file (TextSpill), read back when
        // quoted: with every line kept (--timelines all) they were ~170 MB of the live set. A reading with a sink packs nothing.
        this.spill = sink == null ? TextSpill.temporary() : null;
        this.frontEnds = ThreadLocal.withInitial(() -> new LineFrontEnd(catalog, settings.logZone(), settings.maxLineBytes(), names,
                sink != null).reuseBlocks(blockBuffers).spillTextsTo(spill));
    }

    /** This reader's kept texts go to the spill's file beyond {@code bytes} deflated in the heap (tests: 0, all to the file). */
    LogReader keepTextsInHeapUpTo(long bytes) {
        if (spill != null) {
            spill = TextSpill.keepingInHeap(bytes);
        }
        return this;
    }

    /** This reader's assemblers hand kept events over at least every {@code n} of them within a chunk (tests: a few). */
    LogReader handOverEvery(int n) {
        this.handOverEvery = n;
        return this;
    }

    /** What reading the logs gave: the kept events, the controller runs and what the logs held as a whole. */
    public record LogReading(List<LogEvent> events, List<ControllerProcess> processes, LogCoverage coverage) {
    }

    /** Pass 1 of one file, on this thread: what it makes of interest, and whether it runs newest first. */
    public FileScan scanFile(InputFile f) throws IOException {
        return scanFile(f, null);
    }

    /**
     * {@link #scanFile(InputFile)} of a rotated piece from the run state the pieces before it left ({@code runAtStart}, a scan's
     * {@link FileScan#runAtEnd()} or {@link #runStateAfter}; null: the set's first piece, no run before it). The fleet's cluster
     * task scans a piece again so where the scan its own task made (from no run) does not cover that state ({@link #scanCovers}).
     */
    public FileScan scanFile(InputFile f, String runAtStart) throws IOException {
        PlannedFile plan = PlannedFile.plan(f, LogSource.files(), HardWrap.planner(settings.chunkBytes(), settings.maxLineBytes()), null);
        List<ScanResult> results = new ArrayList<>();
        for (LineChunk c : plan.chunks()) {
            results.add(frontEnds.get().scan(c, plan.firstLine(), settings.progress()));
        }
        IdleRun run = entering(runAtStart);
        String atStart = run.summary();
        idleRunPods(plan, results, run, null);
        return fileScan(results, null).withRun(atStart, run.summary());
    }

    private static IdleRun entering(String summary) {
        IdleRun run = new IdleRun();
        if (summary != null) {
            run.restore(summary);
        }
        return run;
    }

    /** The run state before a rotated set's first piece: no run yet ({@link #scanFile(InputFile, String)}). */
    public static String firstRunState() {
        return new IdleRun().summary();
    }

    /** Whether {@code scan}, begun in the state it records, found every Pod a scan begun in {@code runState} would. */
    public static boolean scanCovers(FileScan scan, String runState) {
        IdleRun run = new IdleRun();
        run.restore(runState);
        return run.coveredBy(scan.runAtStart());
    }

    /** The run state {@code scan}'s file left for the next piece of its set (not known where the scan recorded none). */
    public static String runStateAfter(FileScan scan) {
        if (scan.runAtEnd() != null) {
            return scan.runAtEnd();
        }
        IdleRun run = new IdleRun();
        run.unknown();
        return run.summary();
    }

    /**
     * Pass 1b (session 50): the chunks of a run without Workflow workers walked again, in time order from the state {@code run}
     * (what the chunks or rotated pieces before left), for the Pods its pod controller acts on ({@link LineFrontEnd#idleRunPods}),
     * added to the chunks' results; {@code run} is left as the file's last line in time leaves it. Only such chunks are read again
     * (rare: a run without workers), on this thread. A file written newest first is walked from its end, each chunk's lines last to
     * first (session 51; before, it was not walked). With a {@code pool} (the local reading's pass 1) the chunks' lines are read on
     * it, ahead of the state ({@link #idleRunPods(List, IdleRun, ChunkAt, String, ExecutorService)}); without, on this thread.
     */
    private void idleRunPods(PlannedFile plan, List<ScanResult> results, IdleRun run, ExecutorService pool) throws IOException {
        if (settings.keepEverything()) {
            return; // every line is kept
        }
        if (plan.earlier() != null) {
            if (run.anyIdle() || results.get(0).idleSeen) {
                frontEnds.get().idleRunPods(plan.earlier(), plan.file.displayPath(), run, results.get(0).interest);
            }
            return;
        }
        if (pool != null) {
            idleRunPods(results, run, i -> plan.chunks().get(i), plan.firstLine(), pool);
        } else {
            idleRunPods(results, run, i -> plan.chunks().get(i), plan.firstLine());
        }
    }

    /** Where pass 1b reads a file's chunk again: from the file, or from a copy of the chunk alone (the fleet's tasks). */
    @FunctionalInterface
    public interface ChunkAt {
        LineChunk chunk(int index) throws IOException;
    }

    /**
     * The chunks walked in time order: file order, or from the last for a file written newest first. A chunk is walked where some
     * replica's run may be without workers as it begins, or where a worker numbers line of it says {@code workflowWorkers=0};
     * one that is not walked leaves every replica with workers (its worker numbers, if any, all state workers).
     */
    private void idleRunPods(List<ScanResult> results, IdleRun run, ChunkAt chunks, String headerLine) throws IOException {
        boolean newestFirst = ScanResult.newestFirst(results);
        for (int k = 0; k < results.size(); k++) {
            int i = newestFirst ? results.size() - 1 - k : k;
            ScanResult r = results.get(i);
            if (run.anyIdle() || r.idleSeen) {
                frontEnds.get().idleRunPods(chunks.chunk(i), headerLine, run, r.interest, newestFirst);
            }
        }
    }

    /**
     * {@link #idleRunPods(List, IdleRun, ChunkAt, String)} with the chunks' lines read on {@code pool} (session 53): on the busy
     * benchmark log a run without workers from a tenth of the way in to the end made this thread read nine tenths of the file in
     * full alone, 7 of the run's 21 s of CPU, while the readers waited. Which chunks are walked, and the state, are decided here in
     * time order as before; a chunk's steps ({@link LineFrontEnd#idleRunSteps}) are taken on the pool for up to {@code threads}
     * chunks (at least two) from the one being applied, each read ahead only where the chunks between, by pass 1's reading of their run lines
     * ({@link ScanResult#idleAtEnd}), may leave a run without workers, or where it is walked whatever the state ({@link
     * ScanResult#idleSeen}). Read-ahead is a guess (a replica's run lines in a file of several may end one replica's idle run and
     * not another's): a chunk read ahead and then not walked is dropped, and one walked that was not read ahead is read then. The
     * state and the Pods are those of the walk on this thread ({@code IdleRunScanTest}, {@code SelectiveReadingTest}).
     */
    private void idleRunPods(List<ScanResult> results, IdleRun run, ChunkAt chunks, String headerLine, ExecutorService pool) throws IOException {
        boolean newestFirst = ScanResult.newestFirst(results);
        int n = results.size();
        int window = Math.max(2, settings.threads());
        Map<Integer, Future<LineFrontEnd.IdleSteps>> ahead = new HashMap<>();
        try {
            for (int k = 0; k < n; k++) {
                ScanResult r = results.get(newestFirst ? n - 1 - k : k);
                if (!(run.anyIdle() || r.idleSeen)) {
                    Future<LineFrontEnd.IdleSteps> dropped = ahead.remove(k);
                    if (dropped != null) {
                        dropped.cancel(false); // not interrupted: an interrupted read closes the channel it reads
                    }
                    continue;
                }
                // Read ahead while the chunks between may leave a run without workers (the one walked now included).
                for (int j = k, last = Math.min(n, k + window); j < last; j++) {
                    // (A file written newest first is read ahead whatever its run lines say: the state a chunk leaves in time is
                    // its first run line's, which pass 1 does not note.)
                    if (j > k && !newestFirst && results.get(j - 1).idleAtEnd == Boolean.FALSE && !results.get(j).idleSeen) {
                        break;
                    }
                    if (!ahead.containsKey(j)) {
                        int index = newestFirst ? n - 1 - j : j;
                        ahead.put(j, pool.submit(() -> frontEnds.get().idleRunSteps(chunks.chunk(index), headerLine)));
                    }
                }
                Futures.get(ahead.remove(k)).apply(run, r.interest, newestFirst);
            }
        } finally {
            ahead.values().forEach(f -> f.cancel(false));
        }
    }

    /** One file's scan from its chunks' results, in order ({@code earlier}: the file's lines as an earlier read had them, or null). */
    private static FileScan fileScan(List<ScanResult> chunksInOrder, LogLines earlier) {
        Interest ofFile = Interest.none();
        chunksInOrder.forEach(r -> ofFile.addAll(r.interest));
        return ofFile.toScan(earlier != null ? earlier.newestFirst() : ScanResult.newestFirst(chunksInOrder))
                .withController(chunksInOrder.stream().anyMatch(r -> r.controller));
    }

    /** What is of interest: what the files' scans name, every exported Pod and Workflow, and the Pods asked about; or everything. */
    public Interest interest(Collection<FileScan> scans, ExportedObjects objects) {
        if (settings.keepEverything()) {
            Interest everything = Interest.everything();
            everything.freeze();
            return everything;
        }
        Interest interest = Interest.none();
        // What the user exported is what the user asks about.
        objects.pods().forEach(p -> interest.addPod(p.name()));
        objects.workflows().forEach(w -> interest.addWorkflow(w.name()));
        settings.podsOfInterest().forEach(interest::addPod);
        scans.forEach(interest::add);
        interest.freeze();
        return interest;
    }

    /**
     * Pass 2 of one file and its assembly, on a pool of this reading's threads: its kept events, run
     * pieces and summary, numbered within the file (see {@link FileReading}).
     *
     * @throws IOException or a runtime exception if nothing of the file could be read (it is unreadable)
     */
    public FileReading readFile(InputFile f, Interest interest, boolean newestFirst) throws IOException {
        return readFile(f, interest, newestFirst, false);
    }

    /** As above, with what the file's pass 1 found ({@link FileScan#newestFirst()}, {@link FileScan#controller()}). */
    public FileReading readFile(InputFile f, Interest interest, FileScan scan) throws IOException {
        return readFile(f, interest, scan.newestFirst(), scan.controller());
    }

    private FileReading readFile(InputFile f, Interest interest, boolean newestFirst, boolean controller) throws IOException {
        ExecutorService pool = readers(settings.threads());
        try {
            PlannedFile plan = PlannedFile.plan(f, logs, HardWrap.planner(settings.chunkBytes(), settings.maxLineBytes()), pool);
            ReadAhead ahead = new ReadAhead(pool, 2 * settings.threads());
            LogZone.FileZone zone = zoneOf(plan);
            plan.submit(frontEnds::get, interest, newestFirst, settings.progress(), ahead, zone, controller);
            return plan.assemble(assembler(f, newestFirst, null, null).readIn(zone), newestFirst, settings.progress(), ahead);
        } finally {
            pool.shutdownNow();
        }
    }

    /*
     * A plain file split across tasks (the fleet scan): its chunks as ChunkPlanner cuts them, each chunk's pass 1 and
     * pass 2 in a task of its own, as bytes, and the file's scan and assembly from those in file order. The same
     * front end and assembler as readFile: ChunkTasksTest holds the two equal on every sample and judgment corpus.
     */

    /** The chunks this reading cuts {@code f} into (one for a gzip'd file or one no larger than a chunk). */
    public List<LineChunk> chunks(InputFile f) throws IOException {
        return HardWrap.planner(settings.chunkBytes(), settings.maxLineBytes()).plan(f);
    }

    /**
     * The zone the file's head measures ({@link ZoneProbe}), which every chunk's reading is given as it is given the header
     * line: a chunk alone cannot measure it. "" for none (or where --log-tz is given, which wins).
     */
    public String measuredZone(InputFile f) {
        LogZone.FileZone zone = zoneOf(f);
        return zone.measured() ? zone.zone().getId() : "";
    }

    /** The file's first line that is not blank, which every chunk's reading is given (a CSV export's header). */
    public static String headerLine(InputFile f) throws IOException {
        return PlannedFile.firstContentLine(f);
    }

    /** The SHA-256 of the file as stored, for its summary (a split file's chunks cannot give it). */
    public static String sha256(InputFile f) throws IOException {
        return PlannedFile.sha256(f);
    }

    /** Pass 1 of one chunk, as bytes for {@link #fileScan}; only the chunk's bytes of the file are read. */
    public byte[] scanChunk(LineChunk c, String headerLine) throws IOException {
        return ChunkWire.scan(frontEnds.get().scan(c, headerLine, settings.progress()));
    }

    /**
     * A file's scan from its chunks' {@link #scanChunk} bytes, in file order: what {@link #scanFile} gives. Where a chunk's scan
     * shows a run without Workflow workers, that run's chunks are read again through {@code chunks} (pass 1b, {@link #idleRunPods}),
     * in time order, the run's state carried per replica from chunk to chunk ({@link IdleRun}).
     */
    public FileScan fileScan(List<byte[]> chunkScansInOrder, String headerLine, ChunkAt chunks) throws IOException {
        List<ScanResult> results = new ArrayList<>(chunkScansInOrder.size());
        for (byte[] b : chunkScansInOrder) {
            results.add(ChunkWire.scan(b));
        }
        IdleRun run = new IdleRun();
        String atStart = run.summary();
        if (!settings.keepEverything()) {
            idleRunPods(results, run, chunks, headerLine);
        }
        return fileScan(results, null).withRun(atStart, run.summary());
    }

    /**
     * Pass 2 of one chunk, as bytes for {@link #assembleChunks}: its items, or what it gave before a fault and the
     * fault, or the I/O failure that stopped it (the assembly then says what {@link #readFile} says of it).
     * {@code measuredZone}: the file's ({@link #measuredZone}).
     */
    public byte[] readChunk(LineChunk c, String headerLine, String measuredZone, Interest interest, boolean newestFirst) {
        return readChunk(c, headerLine, measuredZone, interest, newestFirst, false);
    }

    /** As above, with what the file's pass 1 found ({@link FileScan#newestFirst()}, {@link FileScan#controller()}). */
    public byte[] readChunk(LineChunk c, String headerLine, String measuredZone, Interest interest, FileScan scan) {
        return readChunk(c, headerLine, measuredZone, interest, scan.newestFirst(), scan.controller());
    }

    private byte[] readChunk(LineChunk c, String headerLine, String measuredZone, Interest interest, boolean newestFirst, boolean controller) {
        try {
            LogZone.FileZone zone = settings.logZone() != null || measuredZone.isEmpty() ? LogZone.FileZone.given(settings.logZone())
                    : new LogZone.FileZone(java.time.ZoneId.of(measuredZone), dev.argoforensics.time.ZoneBasis.MEASURED, 0);
            // Texts left in the lines: they cross to the assembler as bytes, which packs them there.
            return ChunkWire.read(frontEnds.get().controllerContent(controller).read(c, headerLine, interest, settings.progress(), !newestFirst,
                    false, zone));
        } catch (ChunkFault fault) {
            return ChunkWire.fault(fault);
        } catch (IOException e) {
            return ChunkWire.failed(e);
        } catch (java.io.UncheckedIOException e) {
            return ChunkWire.failed(e.getCause());
        }
    }

    /**
     * The file's reading from its chunks' {@link #readChunk} bytes, in file order, through its assembler: what
     * {@link #readFile} gives.
     *
     * @param sha256 the whole file's ({@link #sha256})
     * @throws IOException or a runtime exception if nothing of the file could be read (it is unreadable)
     */
    public FileReading assembleChunks(InputFile f, List<byte[]> chunksInOrder, boolean newestFirst, String sha256) throws IOException {
        ExecutorService pool = readers(1);
        try {
            PlannedFile plan = PlannedFile.readElsewhere(f, chunksInOrder.size(), sha256);
            ReadAhead ahead = new ReadAhead(pool, 2);
            for (byte[] b : chunksInOrder) {
                ahead.add(f, () -> ChunkWire.read(b, catalog));
            }
            return plan.assemble(assembler(f, newestFirst, null, null).readIn(zoneOf(f)), newestFirst, Progress.NONE, ahead);
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * The zone a file's wall-clock times are read in: --log-tz's if given, else the one its head measures ({@link ZoneProbe}:
     * the collector's stated times a whole zone from every logrus time), else none. Decided before pass 2 reads the file.
     */
    private LogZone.FileZone zoneOf(PlannedFile plan) {
        if (settings.logZone() != null) {
            return LogZone.FileZone.given(settings.logZone());
        }
        return plan.earlier() != null ? ZoneProbe.measure(plan.earlier()) : zoneOf(plan.file);
    }

    /**
     * Zones read from another file's ({@link ZoneCopies}): where no --log-tz is given, a file read with no zone whose records are
     * a file's of a measured or stated zone, shifted by whole quarter hours, takes that file's zone (the same process's log: a
     * {@code kubectl logs} copy beside its log store's export). Only files whose zone is measured give one (not one itself given
     * from a copy); a file two such files give different zones takes none.
     */
    private void copiedZones(List<InputFile> files, List<InputFile> sources, Map<InputFile, LogZone.FileZone> zones) {
        if (settings.logZone() != null) {
            return;
        }
        List<InputFile> measured = sources.stream().filter(f -> zones.get(f).measured() && zones.get(f).copiedFrom() == null).toList();
        if (measured.isEmpty()) {
            return;
        }
        for (InputFile f : files) {
            if (zones.get(f).zone() != null || f.kind() != dev.argoforensics.source.InputKind.LOG) {
                continue;
            }
            Map<Long, long[]> records = ZoneCopies.records(f, settings.maxLineBytes());
            if (records == null) {
                continue;
            }
            LogZone.FileZone taken = null;
            boolean disagree = false;
            for (InputFile g : measured) {
                LogZone.FileZone known = zones.get(g);
                if (!(known.zone() instanceof java.time.ZoneOffset offset)) {
                    continue;
                }
                ZoneCopies.Copied c = ZoneCopies.from(records, g, offset, settings.maxLineBytes());
                if (c == null) {
                    continue;
                }
                LogZone.FileZone z = new LogZone.FileZone(c.offset(), dev.argoforensics.time.ZoneBasis.MEASURED, c.records(), false,
                        g.displayPath(), c.shiftNanos());
                disagree |= taken != null && !taken.zone().equals(z.zone());
                taken = taken == null ? z : taken;
            }
            if (taken != null && !disagree && taken.zone() instanceof java.time.ZoneOffset o && o.getTotalSeconds() != 0) {
                zones.put(f, taken);
            }
        }
    }

    private static long zoneCount(FileReading r, dev.argoforensics.time.ZoneBasis basis) {
        return r.summary().zones().getOrDefault(basis, 0L);
    }

    private LogZone.FileZone zoneOf(InputFile f) {
        return settings.logZone() != null ? LogZone.FileZone.given(settings.logZone()) : ZoneProbe.measure(f, settings.maxLineBytes());
    }

    /** A pool of {@code threads} reading threads (daemons: a failed reading never keeps the JVM up); the caller shuts it down. */
    public static ExecutorService readers(int threads) {
        return Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "argo-forensics-reader");
            t.setDaemon(true);
            return t;
        });
    }

    private FileAssembler assembler(InputFile f, boolean newestFirst, FileRuns.Opened opened, ReadingStitch.FileStitch live) {
        String setName = RotatedSet.group(List.of(f)).get(0).name();
        FileAssembler a = new FileAssembler(catalog, settings.logZone(), f, setName, newestFirst, opened, live == null ? null : live::handOver,
                live == null || sink == null);
        if (live != null) {
            a.parsesTo(live::parsed);
        }
        if (dev.argoforensics.source.InputClassifier.isTranscript(f)) {
            try {
                a.transcriptOutputs(dev.argoforensics.source.PasteShape.transcriptOutputs(dev.argoforensics.source.InputClassifier.transcriptHead(f)));
            } catch (IOException e) {
                // The file's reading meets it and reports it; its lines stay unparsed.
            }
        }
        return a.spillTextsTo(spill).handOverEvery(handOverEvery);
    }

    /**
     * Reads {@code logFiles}; each file's summary goes to {@code summaries}, or the file to {@code unreadable}.
     *
     * @param objects the exported objects: what they name is of interest
     */
    public LogReading read(List<InputFile> logFiles, ExportedObjects objects, ExecutorService pool,
                           Map<InputFile, InputSummary> summaries, List<UnreadableInput> unreadable) {
        Map<InputFile, PlannedFile> plans = new LinkedHashMap<>();
        ChunkPlanner planner = HardWrap.planner(settings.chunkBytes(), settings.maxLineBytes());
        for (InputFile f : logFiles) {
            try {
                plans.put(f, PlannedFile.plan(f, logs, planner, pool));
            } catch (IOException | RuntimeException e) {
                Unreadable.record(f, e, summaries, unreadable);
            }
        }
        long totalBytes = plans.keySet().stream().mapToLong(f -> f.path().toFile().length()).sum();
        Map<InputFile, FileScan> scans = passOne(plans, pool, totalBytes, summaries, unreadable);
        blockBuffers.clear();
        Interest interest = interest(scans.values(), objects);
        PhaseTimes.mark("pass 1 (interest)");
        LogReading reading = passTwo(scans, plans, interest, pool, totalBytes, summaries, unreadable);
        PhaseTimes.mark("pass 2 (read, keep, assemble)");
        return reading;
    }

    /** Pass 1: each readable file's scan (remembered by the log source, or read on the workers chunk by chunk). */
    private Map<InputFile, FileScan> passOne(Map<InputFile, PlannedFile> plans, ExecutorService pool, long totalBytes,
                                             Map<InputFile, InputSummary> summaries, List<UnreadableInput> unreadable) {
        settings.progress().phase("finding Pods of interest", totalBytes);
        Map<InputFile, List<Future<ScanResult>>> started = new HashMap<>();
        Map<InputFile, FileScan> scans = new LinkedHashMap<>();
        for (PlannedFile plan : plans.values()) {
            InputFile f = plan.file;
            Optional<FileScan> scanned = plan.earlier() == null ? logs.knownScan(f) : Optional.empty();
            List<Future<ScanResult>> list = new ArrayList<>();
            if (scanned.isPresent()) {
                // The file is the one an earlier run scanned: what it makes of interest is known.
                scans.put(f, scanned.get());
                settings.progress().advance(f.path().toFile().length(), 0);
            } else if (plan.earlier() != null) {
                list.add(pool.submit(() -> frontEnds.get().scan(plan.earlier())));
                settings.progress().advance(f.path().toFile().length(), 0);
            } else {
                for (LineChunk c : plan.chunks()) {
                    list.add(pool.submit(() -> frontEnds.get().scan(c, plan.firstLine(), settings.progress())));
                }
            }
            started.put(f, list);
        }
        Map<InputFile, List<ScanResult>> resultsOf = new HashMap<>();
        for (PlannedFile plan : List.copyOf(plans.values())) {
            InputFile f = plan.file;
            if (scans.containsKey(f)) {
                continue;
            }
            try {
                List<ScanResult> results = new ArrayList<>();
                for (Future<ScanResult> future : started.get(f)) {
                    results.add(Futures.get(future));
                }
                resultsOf.put(f, results);
            } catch (IOException | RuntimeException e) {
                plans.remove(f);
                Unreadable.record(f, e, summaries, unreadable);
            }
        }
        // Pass 1b in rotated-set order: a piece that goes on with a run without workers the piece before left is walked from it.
        Map<InputFile, FileScan> made = new HashMap<>();
        for (RotatedSet set : RotatedSet.group(List.copyOf(plans.keySet()))) {
            IdleRun run = new IdleRun();
            for (InputFile f : set.oldestFirst()) {
                PlannedFile plan = plans.get(f);
                List<ScanResult> results = resultsOf.get(f);
                FileScan known = scans.get(f);
                if (results == null && (settings.keepEverything() || run.coveredBy(known.runAtStart()))) {
                    // A scan remembered by the log source (the index), begun in a state that covers this one (every run that may be
                    // without workers here may be there too): the Pods it found stand, and the state it left goes on to the next
                    // piece (what the runs processed is not remembered: more kept). One recorded before session 51 remembers no
                    // state: served only where no run may be without workers, the pieces after it taking every replica as possibly
                    // without workers until their own lines settle it (before, as with workers: fewer kept).
                    if (known.runAtEnd() != null) {
                        run.restore(known.runAtEnd());
                    } else {
                        run.unknown();
                    }
                    continue;
                }
                try {
                    if (results == null) {
                        // Remembered, but it begins where a replica may be without workers: scanned again, from this state.
                        results = new ArrayList<>();
                        for (LineChunk c : plan.chunks()) {
                            results.add(frontEnds.get().scan(c, plan.firstLine(), settings.progress()));
                        }
                        scans.remove(f);
                    }
                    String atStart = run.summary();
                    idleRunPods(plan, results, run, pool);
                    FileScan scan = fileScan(results, plan.earlier()).withRun(atStart, run.summary());
                    made.put(f, scan);
                    if (plan.earlier() == null && !settings.keepEverything()) {
                        logs.scanned(f, scan);
                    }
                } catch (IOException | RuntimeException e) {
                    plans.remove(f);
                    Unreadable.record(f, e, summaries, unreadable);
                    run.unknown(); // walked in part, or not at all: what it leaves is not known
                }
            }
        }
        Map<InputFile, FileScan> inOrder = new LinkedHashMap<>();
        for (InputFile f : plans.keySet()) {
            FileScan scan = scans.containsKey(f) ? scans.get(f) : made.get(f);
            if (scan != null) {
                inOrder.put(f, scan);
            }
        }
        return inOrder;
    }

    /**
     * What identifies the interest a file was read with: its names (sorted hashes) and lengths, or
     * everything. A reading is a pure function of the file and this (and of the settings an index
     * records itself: zone, longest line).
     */
    static String interestKey(Interest interest) {
        try {
            byte[] d = java.security.MessageDigest.getInstance("SHA-256").digest(interest.encode().getBytes(java.nio.charset.StandardCharsets.UTF_8));
            return java.util.HexFormat.of().formatHex(d);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /** The source's earlier reading of the file with this interest, if it decodes and is of this very file; else null (read it). */
    private FileReading knownReading(InputFile f, String interestKey, boolean newestFirst) {
        Optional<byte[]> bytes = logs.knownReading(f, interestKey);
        if (bytes.isEmpty()) {
            return null;
        }
        try {
            FileReading r = FileReading.decode(bytes.get());
            return r.file().equals(f) && r.newestFirst() == newestFirst ? r : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Pass 2: read, keep what is of interest, assemble each file and stitch them in rotated-set order. */
    private LogReading passTwo(Map<InputFile, FileScan> scans, Map<InputFile, PlannedFile> plans, Interest interest, ExecutorService pool,
                               long totalBytes, Map<InputFile, InputSummary> summaries, List<UnreadableInput> unreadable) {
        settings.progress().phase("reading", totalBytes);
        List<RotatedSet> sets = RotatedSet.group(List.copyOf(plans.keySet()));
        ReadAhead ahead = new ReadAhead(pool, 2 * settings.threads());
        // A source that keeps readings (the index) may hold what an earlier run made of a file with this interest.
        String interestKey = sink == null && logs.keepsReadings() ? interestKey(interest) : null;
        Map<InputFile, FileReading> known = new HashMap<>();
        Map<InputFile, LogZone.FileZone> zones = new HashMap<>();
        List<InputFile> toRead = new ArrayList<>();
        for (RotatedSet set : sets) {
            for (InputFile f : set.oldestFirst()) {
                FileReading earlier = interestKey == null ? null : knownReading(f, interestKey, scans.get(f).newestFirst());
                if (earlier != null) {
                    known.put(f, earlier);
                    settings.progress().advance(f.path().toFile().length(), 0);
                } else {
                    zones.put(f, zoneOf(plans.get(f)));
                    toRead.add(f);
                }
            }
        }
        List<InputFile> sources = new ArrayList<>(toRead);
        if (settings.logZone() == null && !known.isEmpty()) {
            // A zone taken from another file (ZoneCopies) makes a reading depend on the other inputs, not on the file and the
            // interest alone (breaker s62-b-zones): a reading made in a copied zone is read again (its source may be gone or
            // changed); one read with literal-Z times as UTC is read again where a file read now measured a zone (it may be that
            // file's copy); and a file read now with no zone is matched against the known readings' measured files too.
            boolean freshMeasured = toRead.stream().anyMatch(f -> zones.get(f).measured());
            for (RotatedSet set : sets) {
                for (InputFile f : set.oldestFirst()) {
                    FileReading r = known.get(f);
                    boolean copied = r != null && r.summary().notes().stream()
                            .anyMatch(m -> m instanceof dev.argoforensics.wording.Message.Keyed k && k.key().equals("note.read.copiedZone"));
                    if (copied || (r != null && freshMeasured && zoneCount(r, dev.argoforensics.time.ZoneBasis.LITERAL_Z) > 0)) {
                        known.remove(f);
                        zones.put(f, zoneOf(plans.get(f)));
                        toRead.add(f);
                        sources.add(f);
                    }
                }
            }
            boolean unzoned = toRead.stream().anyMatch(f -> zones.get(f).zone() == null && f.kind() == dev.argoforensics.source.InputKind.LOG);
            for (RotatedSet set : sets) {
                for (InputFile f : set.oldestFirst()) {
                    FileReading r = known.get(f);
                    if (unzoned && r != null && zoneCount(r, dev.argoforensics.time.ZoneBasis.MEASURED) > 0) {
                        LogZone.FileZone z = zoneOf(plans.get(f));
                        if (z.measured()) {
                            zones.put(f, z);
                            sources.add(f);
                        }
                    }
                }
            }
        }
        copiedZones(toRead, sources, zones);
        List<InputFile> order = new ArrayList<>();
        sets.forEach(set -> set.oldestFirst().stream().filter(toRead::contains).forEach(order::add));
        for (InputFile f : order) {
            plans.get(f).submit(frontEnds::get, interest, scans.get(f).newestFirst(), settings.progress(), ahead, zones.get(f), scans.get(f).controller());
        }
        ReadingStitch stitch = new ReadingStitch(sink);
        for (RotatedSet set : sets) {
            for (InputFile f : set.oldestFirst()) {
                boolean newestFirst = scans.get(f).newestFirst();
                try {
                    if (known.containsKey(f)) {
                        stitch.add(known.get(f));
                    } else if (interestKey != null) {
                        // The source keeps the file's reading whole (the index), for a later run with this interest.
                        FileReading made = plans.get(f).assemble(assembler(f, newestFirst, null, null).readIn(zones.get(f)), newestFirst,
                                settings.progress(), ahead);
                        logs.read(f, interestKey, made.encode());
                        stitch.add(made);
                    } else {
                        // The file's runs are placed as they open and its events handed over chunk by chunk, as their times are
                        // final: a file's events no longer wait for its end (a large file's, in the old generation, as garbage once
                        // the stitch placed its copies), and with a sink they are not kept at all.
                        ReadingStitch.FileStitch live = stitch.begin(set.name(), f);
                        live.finish(plans.get(f).assemble(assembler(f, newestFirst, live, live).readIn(zones.get(f)), newestFirst,
                                settings.progress(), ahead));
                    }
                } catch (IOException | RuntimeException e) {
                    Unreadable.record(f, e, summaries, unreadable);
                }
            }
        }
        settings.progress().done();
        LogReading reading = stitch.finish();
        // A transcript's other output was read with the exports, its summary put first: the log's takes in what it says.
        stitch.summaries().forEach((f, s) -> summaries.put(f, s.withTranscript(summaries.get(f))));
        return continuing(reading, sets, summaries);
    }

    /**
     * The runs one of whose files says its lines were selected or cut ({@link ControllerProcess#selectedBy()}): a prompt's command
     * recorded in it that drops lines after those it kept ({@link Furniture#cutsEnd}), a filtering prompt
     * beyond the commands kept (not known to cut only the start), or a file name that says so ({@link #selectingName}). Nothing is read
     * from a log that simply ends: only what the inputs state.
     */
    static LogReading selected(LogReading reading, Map<InputFile, InputSummary> summaries) {
        Map<String, String> how = new HashMap<>();
        for (Map.Entry<InputFile, InputSummary> e : summaries.entrySet()) {
            String h = selection(e.getKey().displayPath(), e.getValue() == null ? null : e.getValue().furniture(),
                    e.getValue() != null && jsonOnly(e.getValue().format()));
            if (h != null) {
                how.put(e.getKey().displayPath(), h);
            }
        }
        if (how.isEmpty()) {
            return reading;
        }
        List<ControllerProcess> processes = new ArrayList<>();
        boolean any = false;
        for (ControllerProcess p : reading.processes()) {
            String h = p.files().stream().map(how::get).filter(java.util.Objects::nonNull).findFirst().orElse(null);
            processes.add(h == null ? p : p.selectedBy(h));
            any |= h != null;
        }
        return any ? new LogReading(reading.events(), processes, reading.coverage()) : reading;
    }

    /** What says the file's lines were selected or cut, or null (see {@link #selected}). */
    static String selection(String displayPath, Furniture furniture) {
        return selection(displayPath, furniture, false);
    }

    /** As {@link #selection(String, Furniture)}; {@code jsonOnly}: the file's records are all JSON (a {@code jq .} passed each on). */
    static String selection(String displayPath, Furniture furniture, boolean jsonOnly) {
        if (furniture != null) {
            long kept = 0;
            for (String command : furniture.commands()) {
                if (Furniture.cutsEnd(command, LogReader::noRuleLineHolds, jsonOnly)) {
                    return "`" + command + "`";
                }
                if (Furniture.filters(command)) {
                    kept++;
                }
            }
            if (furniture.filteringPrompts() > kept) {
                return "a filtering command beyond those kept";
            }
        }
        String name = displayPath.substring(displayPath.lastIndexOf('/') + 1);
        return selectingName(name) ? "its file's name, " + name : null;
    }

    /** Record formats a file's format names that are no JSON: {@code jq} stops at the first line it cannot parse. */
    private static final List<String> NOT_JSON = List.of(" text", "TTY", "klog", "time of day", "Go panic");

    /** Whether the file's format (its inputs-table text) names JSON records and nothing else. */
    static boolean jsonOnly(String format) {
        return format != null && format.contains("JSON") && NOT_JSON.stream().noneMatch(format::contains);
    }

    /**
     * Whether no line a rule reads can hold {@code words} (a {@code grep -v}'s fixed pattern): they hold a character no Kubernetes
     * name has (a name of a Pod, Workflow or namespace in any line could hold them otherwise), and no catalog entry's message or
     * sample line (its keys and values as the controller writes them) holds them, and one word of them (see below) cannot be part
     * of a name, time or count; matched in any case ({@code -i}) they could be part of a name. A value of free text (an
     * {@code error=}, a step's display name) is not known beforehand: a limit, said in docs/formats.md.
     */
    static boolean noRuleLineHolds(String words, boolean ignoreCase) {
        if (words.chars().allMatch(c -> (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.')) {
            return false;
        }
        if (ignoreCase) {
            return false; // any word read in any case could be part of a Pod's, Workflow's or namespace's name
        }
        // The words as a whole can straddle a value the controller fills in (workflow=etl-7q2lc, argo/etl-7q2lc, a time
        // 2026-12-04T14:0, klog's I1204): the catalog's sample lines hold other values, so a whole-words check alone passed
        // those greps, which drop a Workflow's lines or a stretch of time (recheck s35). A line holding the words holds each
        // word of them; one word of two or more letters with a capital (no Kubernetes name), no digit (no time or count)
        // that no catalog line holds cannot stand in a line a rule reads but in a value of free text (the limit below).
        String[] letters = words.split("[^A-Za-z0-9]+");
        boolean witness = false;
        for (String word : letters) {
            if (word.length() >= 2 && word.chars().allMatch(Character::isLetter) && !word.equals(word.toLowerCase(Locale.ROOT))
                    && !catalogHolds(word)) {
                witness = true;
                break;
            }
        }
        if (!witness) {
            return false;
        }
        return !catalogHolds(words);
    }

    /** Whether a catalog entry's message, anchor, prefix or a sample line holds {@code w} (case as given). */
    private static boolean catalogHolds(String w) {
        for (CatalogEntry e : MessageCatalog.standard().entries()) {
            if (holds(e.message(), w, false) || holds(e.anchor(), w, false) || holds(e.prefix(), w, false)) {
                return true;
            }
            for (CatalogSample sample : e.samples()) {
                if (holds(sample.line(), w, false)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean holds(String text, String words, boolean ignoreCase) {
        return text != null && (ignoreCase ? text.toLowerCase(Locale.ROOT) : text).contains(words);
    }

    /** Words of a file name that say its lines were selected or cut: {@code controller-grep.txt}, {@code wf-controller.head.log}. */
    private static final java.util.Set<String> SELECTING_WORDS = java.util.Set.of("grep", "grepped", "head", "filtered", "truncated");

    /** Whether a word of the file's name (split at what is not a letter or digit) says its lines were selected or cut. */
    static boolean selectingName(String name) {
        for (String word : name.toLowerCase(Locale.ROOT).split("[^a-z0-9]+")) {
            if (SELECTING_WORDS.contains(word)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The runs whose last file is a set's newest piece given, a rotated one whose successor the inputs lack ({@link
     * RotatedSet#absentSuccessor()}): their lines may go on there ({@link ControllerProcess#continuesIn()}), and the piece's summary
     * says so. A run that ended in an earlier piece (a later piece given holds other runs only) is not one of them. Public for
     * the readings stitched elsewhere (the fleet scan's), which must end the same way.
     */
    public static LogReading continuing(LogReading reading, List<RotatedSet> sets, Map<InputFile, InputSummary> summaries) {
        reading = selected(reading, summaries);
        Map<String, String> successorOf = new HashMap<>();
        // A piece whose successor is missing though later pieces were given (.2 and the live file, no .1): a run whose lines end in it
        // may have gone on in the missing piece as well (a run read across it is cut there by the stitch, ControllerRun#cuts).
        Set<String> between = new HashSet<>();
        for (RotatedSet set : sets) {
            String successor = set.absentSuccessor();
            if (successor != null) {
                successorOf.put(set.newest().displayPath(), successor);
            }
            set.missingBetween().forEach((f, missing) -> {
                successorOf.put(f.displayPath(), missing);
                between.add(f.displayPath());
            });
        }
        if (successorOf.isEmpty()) {
            return reading;
        }
        List<ControllerProcess> processes = new ArrayList<>();
        Map<String, List<ControllerProcess>> cutIn = new HashMap<>();
        for (ControllerProcess p : reading.processes()) {
            String successor = p.files().isEmpty() ? null : successorOf.get(p.files().get(p.files().size() - 1));
            ControllerProcess q = successor == null ? p : p.continuingIn(successor);
            processes.add(q);
            if (successor != null) {
                cutIn.computeIfAbsent(p.files().get(p.files().size() - 1), k -> new ArrayList<>()).add(q);
            }
        }
        summaries.replaceAll((f, s) -> {
            String successor = successorOf.get(f.displayPath());
            if (successor == null) {
                return s;
            }
            List<ControllerProcess> runs = cutIn.getOrDefault(f.displayPath(), List.of());
            Timestamp last = runs.stream().map(ControllerProcess::last).filter(java.util.Objects::nonNull).max(Timestamp::compareInstant).orElse(null);
            List<Message> notes = new ArrayList<>(s.notes());
            Message after = last == null ? Message.NOTHING : Message.of("note.read.rotatedTailAfter", "at", last.format());
            notes.add(between.contains(f.displayPath()) ? Message.of("note.read.rotatedMissing", "successor", successor, "after", after)
                    : Message.of("note.read.rotatedTail", "successor", successor, "after", after));
            return s.withNotes(notes);
        });
        return new LogReading(reading.events(), processes, reading.coverage());
    }
}
