package dev.argoforensics.read;

import dev.argoforensics.accounting.FileScan;
import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.accounting.LogLines;
import dev.argoforensics.accounting.LogSource;
import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.Interner;
import dev.argoforensics.event.LogCoverage;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.ExportedObjects;
import dev.argoforensics.source.ChunkPlanner;
import dev.argoforensics.source.InputClassifier;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.LineChunk;
import dev.argoforensics.source.RotatedSet;
import dev.argoforensics.source.UnreadableInput;
import dev.argoforensics.wording.Message;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * Reads the log files of one analysis in two passes over chunks, each by a pool of workers. Pass 1
 * reads only what makes a Pod or Workflow of interest (trigger lines, see the catalog); exported
 * objects are of interest too. Pass 2 reads every line up to its message and parses in full only the
 * lines that concern something of interest (and the controller's lifecycle); those are kept, the
 * rest counted. Chunk results are assembled strictly in input order, so the outcome does not depend
 * on the number of threads.
 *
 * <p>About 400 lines: what {@code Analysis.readLogs} was, cut into one method per step (plan,
 * pass 1, pass 2, one file's assembly, the notes only the whole reading can give) around the state
 * they share, plus the two ways of handing a file's chunks over (oldest first, newest first), the
 * first-pass results an index remembers ({@code FileScan}) and the event sink it streams from. The
 * per-file map and per-cluster stitch that the fleet scan's step 2 needs (docs/fleet.md) is where
 * this class would split next.
 */
public final class LogReader {
    private final MessageCatalog catalog;
    private final ReadSettings settings;
    private final LogSource logs;
    private final EventSink sink;

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
    }

    /** What reading the logs gave: the kept events, the controller runs and what the logs held as a whole. */
    public record LogReading(List<LogEvent> events, List<ControllerProcess> processes, LogCoverage coverage) {
    }

    /**
     * Reads {@code logFiles}; each file's summary goes to {@code summaries}, or the file to {@code unreadable}.
     *
     * @param objects the exported objects: what they name is of interest
     */
    public LogReading read(List<InputFile> logFiles, ExportedObjects objects, ExecutorService pool,
                           Map<InputFile, InputSummary> summaries, List<UnreadableInput> unreadable) {
        LogFiles files = new LogFiles(summaries, unreadable);
        files.plan(logFiles, pool);
        Interest interest = files.passOne(objects, pool);
        PhaseTimes.mark("pass 1 (interest)");
        StreamAssembler assembler = files.passTwo(interest, pool);
        PhaseTimes.mark("pass 2 (read, keep, assemble)");
        files.addLateNotes(assembler);
        if (sink != null) {
            // What waited for the whole reading: klog lines only another input could date.
            assembler.events().forEach(sink::accept);
            return new LogReading(List.of(), assembler.processes(), assembler.coverage());
        }
        return new LogReading(assembler.events(), assembler.processes(), assembler.coverage());
    }

    /** The log files of one reading and what is known of each. */
    private final class LogFiles {
        private final Map<InputFile, InputSummary> summaries;
        private final List<UnreadableInput> unreadable;
        private final Map<InputFile, List<LineChunk>> chunks = new HashMap<>();
        private final Map<InputFile, String> firstLines = new HashMap<>();
        private final Map<InputFile, Future<String>> hashes = new HashMap<>();
        private final Map<InputFile, LogLines> earlier = new HashMap<>();
        private final List<InputFile> readable = new ArrayList<>();
        private final Map<InputFile, Boolean> reversed = new HashMap<>();
        private final Map<InputFile, InputSummary> logSummaries = new HashMap<>();
        private final List<LogEvent> undatedKlog = new ArrayList<>();
        /** One copy of each name the kept events hold, shared by the reading threads, dropped with the reading. */
        private final Interner names = new Interner();
        private final ThreadLocal<LineFrontEnd> frontEnds = ThreadLocal.withInitial(
                () -> new LineFrontEnd(catalog, settings.logZone(), settings.maxLineBytes(), names));
        private long totalBytes;

        LogFiles(Map<InputFile, InputSummary> summaries, List<UnreadableInput> unreadable) {
            this.summaries = summaries;
            this.unreadable = unreadable;
        }

        /** Asks the log source for earlier reads, plans the chunks of the others and starts hashing them. */
        void plan(List<InputFile> logFiles, ExecutorService pool) {
            ChunkPlanner planner = new ChunkPlanner(settings.chunkBytes());
            for (InputFile f : logFiles) {
                try {
                    Optional<LogLines> read = logs.earlierRead(f);
                    if (read.isPresent()) {
                        earlier.put(f, read.get());
                        readable.add(f);
                        continue;
                    }
                    chunks.put(f, planner.plan(f));
                    firstLines.put(f, firstContentLine(f));
                    Optional<String> known = logs.knownSha256(f);
                    hashes.put(f, known.isPresent() ? CompletableFuture.completedFuture(known.get()) : pool.submit(() -> sha256(f)));
                    readable.add(f);
                } catch (IOException | RuntimeException e) {
                    Unreadable.record(f, e, summaries, unreadable);
                }
            }
            for (InputFile f : readable) {
                totalBytes += f.path().toFile().length();
            }
        }

        /** Pass 1: what is of interest, and which files run backwards in time. */
        Interest passOne(ExportedObjects objects, ExecutorService pool) {
            Interest interest = settings.keepEverything() ? Interest.everything() : Interest.none();
            if (!interest.isEverything()) {
                // What the user exported is what the user asks about.
                objects.pods().forEach(p -> interest.addPod(p.name()));
                objects.workflows().forEach(w -> interest.addWorkflow(w.name()));
                settings.podsOfInterest().forEach(interest::addPod);
            }
            settings.progress().phase("finding Pods of interest", totalBytes);
            Map<InputFile, List<Future<ScanResult>>> scans = new HashMap<>();
            Map<InputFile, FileScan> known = new HashMap<>();
            for (InputFile f : readable) {
                List<Future<ScanResult>> list = new ArrayList<>();
                LogLines read = earlier.get(f);
                Optional<FileScan> scanned = read == null ? logs.knownScan(f) : Optional.empty();
                if (scanned.isPresent()) {
                    // The file is the one an earlier run scanned: what it makes of interest is known.
                    known.put(f, scanned.get());
                    settings.progress().advance(f.path().toFile().length(), 0);
                } else if (read != null) {
                    list.add(pool.submit(() -> frontEnds.get().scan(read)));
                    settings.progress().advance(f.path().toFile().length(), 0);
                } else {
                    for (LineChunk c : chunks.get(f)) {
                        list.add(pool.submit(() -> frontEnds.get().scan(c, firstLines.get(f), settings.progress())));
                    }
                }
                scans.put(f, list);
            }
            for (InputFile f : List.copyOf(readable)) {
                try {
                    FileScan earlierScan = known.get(f);
                    if (earlierScan != null) {
                        if (!interest.isEverything()) {
                            interest.add(earlierScan);
                        }
                        reversed.put(f, earlierScan.newestFirst());
                        continue;
                    }
                    List<ScanResult> results = new ArrayList<>();
                    Interest ofFile = Interest.none();
                    for (Future<ScanResult> future : scans.get(f)) {
                        ScanResult r = Futures.get(future);
                        if (!interest.isEverything()) {
                            ofFile.addAll(r.interest);
                        }
                        results.add(r);
                    }
                    LogLines read = earlier.get(f);
                    reversed.put(f, read != null ? read.newestFirst() : ScanResult.newestFirst(results));
                    if (!interest.isEverything()) {
                        interest.addAll(ofFile);
                        if (read == null) {
                            logs.scanned(f, ofFile.toScan(reversed.get(f)));
                        }
                    }
                } catch (IOException | RuntimeException e) {
                    readable.remove(f);
                    Unreadable.record(f, e, summaries, unreadable);
                }
            }
            interest.freeze();
            return interest;
        }

        /** Pass 2: read, keep what is of interest, assemble in order. */
        StreamAssembler passTwo(Interest interest, ExecutorService pool) {
            settings.progress().phase("reading", totalBytes);
            StreamAssembler assembler = new StreamAssembler(catalog, settings.logZone(), sink);
            List<RotatedSet> sets = RotatedSet.group(readable);
            ReadAhead ahead = new ReadAhead(pool, 2 * settings.threads());
            for (RotatedSet set : sets) {
                for (InputFile f : set.oldestFirst()) {
                    submit(f, interest, ahead);
                }
            }
            for (RotatedSet set : sets) {
                StreamAssembler.SetState setState = assembler.beginSet(set);
                for (InputFile f : set.oldestFirst()) {
                    assembleFile(setState.beginFile(f, isReversed(f)), f, ahead);
                }
            }
            settings.progress().done();
            return assembler;
        }

        private boolean isReversed(InputFile f) {
            return reversed.getOrDefault(f, false);
        }

        /** Adds the file's chunk reads to the read-ahead (an earlier read is one). */
        private void submit(InputFile f, Interest interest, ReadAhead ahead) {
            LogLines read = earlier.get(f);
            if (read != null) {
                ahead.add(f, () -> frontEnds.get().read(f, read, interest));
                return;
            }
            // A file read newest first keeps its items one by one (the assembler turns them around).
            boolean runs = !isReversed(f);
            for (LineChunk c : chunks.get(f)) {
                ahead.add(f, () -> frontEnds.get().read(c, firstLines.get(f), interest, settings.progress(), runs));
            }
        }

        /** Hands one file's reads to the assembler; a failure midway keeps what was taken (as for a damaged file). */
        private void assembleFile(StreamAssembler.FileState file, InputFile f, ReadAhead ahead) {
            try {
                LogLines read = earlier.get(f);
                StreamAssembler.FileOutcome outcome;
                if (read != null) {
                    ChunkResult whole = ahead.take();
                    List<ChunkItem> items = new ArrayList<>(whole.items());
                    if (isReversed(f)) {
                        Collections.reverse(items);
                    }
                    file.accept(whole, 0, items);
                    settings.progress().advance(f.path().toFile().length(), whole.lines());
                    outcome = file.finish(read.sha256());
                } else {
                    assemble(file, chunks.get(f).size(), isReversed(f), ahead);
                    outcome = file.finish(Futures.get(hashes.get(f)));
                }
                finished(f, outcome);
            } catch (IOException | RuntimeException e) {
                ahead.skipRestOf(f);
                if (!file.tookAny()) {
                    Unreadable.record(f, e instanceof ChunkFault fault ? (RuntimeException) fault.getCause() : e, summaries, unreadable);
                    return;
                }
                // What was taken of the file is kept (its events are in the controller runs already), and the
                // file is listed as read in part, at the line where it stopped: as for a damaged file.
                boolean io = e instanceof IOException || e instanceof UncheckedIOException;
                Throwable cause = e instanceof ChunkFault ? e.getCause() : e;
                finished(f, file.stopped(io ? "expected a readable file, found " + Unreadable.ioReason(e)
                        : "the analyzer failed here (" + cause + ")", io ? "" : "; please report this with the file", storedHash(f)));
            }
        }

        private void finished(InputFile f, StreamAssembler.FileOutcome outcome) {
            logSummaries.put(f, outcome.summary());
            undatedKlog.addAll(outcome.undatedKlog());
        }

        /** Notes only the whole reading can give: klog years from other inputs, runs that went back in time. */
        void addLateNotes(StreamAssembler assembler) {
            Map<String, Message> klogNotes = UndatedKlog.dateFromOtherInputs(assembler, undatedKlog);
            Map<String, List<Message>> outOfOrder = assembler.outOfOrderNotes();
            logSummaries.forEach((f, s) -> {
                List<Message> notes = new ArrayList<>(s.notes());
                if (klogNotes.containsKey(f.displayPath())) {
                    notes.add(klogNotes.get(f.displayPath()));
                }
                notes.addAll(outOfOrder.getOrDefault(f.displayPath(), List.of()));
                summaries.put(f, s.withNotes(notes));
            });
        }

        /** The SHA-256 of a log file as stored, for its summary, or null if even that cannot be had. */
        private String storedHash(InputFile f) {
            LogLines read = earlier.get(f);
            if (read != null) {
                return read.sha256();
            }
            try {
                return Futures.get(hashes.get(f));
            } catch (IOException | RuntimeException e) {
                return null;
            }
        }
    }

    /**
     * Takes one file's chunk reads from {@code ahead} (started there, across files, a few at a time)
     * and hands them to the assembler in file order (last chunk first, items turned around, for a file
     * written newest first).
     */
    private static void assemble(StreamAssembler.FileState file, int chunks, boolean reversed, ReadAhead ahead) throws IOException {
        if (reversed) {
            assembleReversed(file, chunks, ahead);
            return;
        }
        long base = 0;
        for (int i = 0; i < chunks; i++) {
            ChunkResult r;
            try {
                r = ahead.take();
            } catch (ChunkFault fault) {
                // What the chunk gave before the fault is taken: the file is then reported as read up to there.
                file.accept(fault.before(), base, fault.before().items());
                throw fault;
            }
            file.accept(r, base, r.items());
            base += r.lines();
        }
    }

    private static void assembleReversed(StreamAssembler.FileState file, int chunks, ReadAhead ahead) throws IOException {
        List<ChunkResult> all = new ArrayList<>();
        Exception failed = null;
        for (int i = 0; i < chunks; i++) {
            try {
                all.add(ahead.take());
            } catch (IOException | RuntimeException e) {
                // The chunks before are still taken (oldest first among them), then the failure is said.
                if (e instanceof ChunkFault fault) {
                    all.add(fault.before());
                }
                failed = e;
                break;
            }
        }
        long[] bases = new long[all.size()];
        for (int i = 1; i < all.size(); i++) {
            bases[i] = bases[i - 1] + all.get(i - 1).lines();
        }
        for (int i = all.size() - 1; i >= 0; i--) {
            List<ChunkItem> items = new ArrayList<>(all.get(i).items());
            Collections.reverse(items);
            file.accept(all.get(i), bases[i], items);
        }
        if (failed instanceof IOException io) {
            throw io;
        } else if (failed != null) {
            throw (RuntimeException) failed;
        }
    }

    /** The file's first line that is not blank (its first MiB is read at most: a CSV export's header is short). */
    static String firstContentLine(InputFile f) throws IOException {
        for (String line : InputClassifier.headLines(f.path(), f.compressed(), 1024 * 1024)) {
            if (!line.isBlank()) {
                return line;
            }
        }
        return null;
    }

    /** SHA-256 of the file as stored (a damaged gzip file has one too). */
    private static String sha256(InputFile f) throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
        try (InputStream in = new DigestInputStream(Files.newInputStream(f.path()), digest)) {
            in.transferTo(OutputStream.nullOutputStream());
        }
        return HexFormat.of().formatHex(digest.digest());
    }
}
