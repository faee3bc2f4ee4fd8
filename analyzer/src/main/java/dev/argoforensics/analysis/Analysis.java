package dev.argoforensics.analysis;

import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.Correlator;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.rules.Rule;
import dev.argoforensics.rules.RuleEngine;
import dev.argoforensics.rules.RuleOutcome;
import dev.argoforensics.snapshot.ExportedObject;
import dev.argoforensics.snapshot.ExportedObjects;
import dev.argoforensics.source.PasteShape;
import dev.argoforensics.source.ChunkPlanner;
import dev.argoforensics.source.InputClassifier;
import dev.argoforensics.source.InputCollector;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.LineChunk;
import dev.argoforensics.source.RotatedSet;
import dev.argoforensics.source.UnreadableInput;
import dev.argoforensics.time.Timestamp;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * One whole run: inputs → events and observations → controller runs → correlation → rules.
 *
 * <p>Logs are read in two passes over chunks (files, and large plain files split at line breaks),
 * each by a pool of workers. Pass 1 reads only what makes a Pod or Workflow of interest (trigger
 * lines, see the catalog); exported objects are of interest too. Pass 2 reads every line up to its
 * message and parses in full only the lines that concern something of interest (and the
 * controller's lifecycle); those are kept, the rest counted. Chunk results are assembled strictly
 * in input order, so the outcome does not depend on the number of threads.
 */
public final class Analysis {
    private final MessageCatalog catalog;
    private final List<Rule> rules;
    private final AnalysisOptions options;
    private final LogSource logs;

    public Analysis(MessageCatalog catalog, List<Rule> rules, AnalysisOptions options) {
        this(catalog, rules, options, LogSource.files());
    }

    /**
     * @param logs asked first for each log file (see {@link LogSource}); the file is read only if it has no earlier read
     */
    public Analysis(MessageCatalog catalog, List<Rule> rules, AnalysisOptions options, LogSource logs) {
        this.catalog = catalog;
        this.rules = List.copyOf(rules);
        this.options = options;
        this.logs = logs;
    }

    public static Analysis standard(AnalysisOptions options) {
        return new Analysis(MessageCatalog.standard(), RuleEngine.standardRules(), options);
    }

    /**
     * @param paths files and folders as the user named them
     * @throws dev.argoforensics.source.InputException if a named path does not exist or cannot be listed
     */
    public AnalysisResult run(List<String> paths) {
        return run(paths, SnapshotTimes.none());
    }

    /**
     * @param snapshotTimes when the user says snapshot files were taken ({@code --snapshot-time})
     * @throws dev.argoforensics.source.InputException also if a stated file is not a snapshot file read
     */
    public AnalysisResult run(List<String> paths, SnapshotTimes snapshotTimes) {
        InputCollector collector = new InputCollector(options.stdin());
        List<InputFile> files = collector.collect(paths);
        snapshotTimes.checkAllUsed(files);
        Map<InputFile, InputSummary> summaries = new HashMap<>();
        List<UnreadableInput> unreadable = new ArrayList<>(collector.problems());
        List<ExportedObject> objectList = new ArrayList<>();
        List<InputFile> logFiles = new ArrayList<>();
        SnapshotFileReader snapshots = new SnapshotFileReader(
                files.stream().anyMatch(f -> PasteShape.of(f.reason()) == PasteShape.ARGO_GET) ? ReferenceDate.of(files) : ReferenceDate.NONE);
        for (InputFile f : files) {
            try {
                switch (f.kind()) {
                    case LOG -> logFiles.add(f);
                    case SNAPSHOT -> summaries.put(f, snapshots.read(f, snapshotTimes.forFile(f), objectList::add));
                    case IGNORED -> summaries.put(f, InputSummary.ignored(f));
                    default -> throw new IllegalStateException(f.kind().name());
                }
            } catch (IOException | RuntimeException e) {
                unreadable(f, e, summaries, unreadable);
            }
        }
        objectList = NodeLogYears.resolve(objectList, summaries);
        PhaseTimes.mark("inputs listed, snapshots read");
        ExecutorService pool = Executors.newFixedThreadPool(options.threads(), r -> {
            Thread t = new Thread(r, "argo-forensics-reader");
            t.setDaemon(true);
            return t;
        });
        ExportedObjects objects = ExportedObjects.of(objectList);
        LogReading reading;
        try {
            reading = readLogs(logFiles, objects, pool, summaries, unreadable);
        } finally {
            pool.shutdownNow();
        }
        List<InputSummary> ordered = new ArrayList<>();
        for (InputFile f : files) {
            ordered.add(summaries.get(f));
        }
        Correlation correlation = new Correlator(new dev.argoforensics.correlate.Workers(options.threads())).correlate(reading.events, objects, reading.assembler.processes(), reading.assembler.coverage());
        PhaseTimes.mark("correlate");
        List<RuleOutcome> outcomes = ExcerptCaveats.apply(new RuleEngine(rules).run(correlation), ordered);
        PhaseTimes.mark("rules");
        return new AnalysisResult(ordered, unreadable, correlation, outcomes);
    }

    /** The outcome of reading the logs. */
    private record LogReading(StreamAssembler assembler, List<LogEvent> events) {
    }

    private LogReading readLogs(List<InputFile> logFiles, ExportedObjects objects, ExecutorService pool,
                                Map<InputFile, InputSummary> summaries, List<UnreadableInput> unreadable) {
        ChunkPlanner planner = new ChunkPlanner(options.chunkBytes());
        Map<InputFile, List<LineChunk>> chunks = new HashMap<>();
        Map<InputFile, String> firstLines = new HashMap<>();
        Map<InputFile, Future<String>> hashes = new HashMap<>();
        Map<InputFile, LogLines> earlier = new HashMap<>();
        List<InputFile> readable = new ArrayList<>();
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
                hashes.put(f, known.isPresent() ? java.util.concurrent.CompletableFuture.completedFuture(known.get()) : pool.submit(() -> sha256(f)));
                readable.add(f);
            } catch (IOException | RuntimeException e) {
                unreadable(f, e, summaries, unreadable);
            }
        }
        // Pass 1: what is of interest, and which files run backwards in time.
        Interest interest = options.keepEverything() ? Interest.everything() : Interest.none();
        Map<InputFile, Boolean> reversed = new HashMap<>();
        if (!interest.isEverything()) {
            // What the user exported is what the user asks about.
            objects.pods().forEach(p -> interest.addPod(p.name()));
            objects.workflows().forEach(w -> interest.addWorkflow(w.name()));
            options.podsOfInterest().forEach(interest::addPod);
        }
        long totalBytes = 0;
        for (InputFile f : readable) {
            totalBytes += f.path().toFile().length();
        }
        options.progress().phase("finding Pods of interest", totalBytes);
        Map<InputFile, List<Future<ScanResult>>> scans = new HashMap<>();
        ThreadLocal<LineFrontEnd> frontEnds = ThreadLocal.withInitial(() -> new LineFrontEnd(catalog, options.logZone(), options.maxLineBytes()));
        for (InputFile f : readable) {
            List<Future<ScanResult>> list = new ArrayList<>();
            LogLines read = earlier.get(f);
            if (read != null) {
                list.add(pool.submit(() -> frontEnds.get().scan(read)));
                options.progress().advance(f.path().toFile().length(), 0);
            } else {
                for (LineChunk c : chunks.get(f)) {
                    list.add(pool.submit(() -> frontEnds.get().scan(c, firstLines.get(f), options.progress())));
                }
            }
            scans.put(f, list);
        }
        for (InputFile f : List.copyOf(readable)) {
            try {
                List<ScanResult> results = new ArrayList<>();
                for (Future<ScanResult> future : scans.get(f)) {
                    ScanResult r = get(future);
                    if (!interest.isEverything()) {
                        interest.addAll(r.interest);
                    }
                    results.add(r);
                }
                LogLines read = earlier.get(f);
                reversed.put(f, read != null ? read.newestFirst() : ScanResult.newestFirst(results));
            } catch (IOException | RuntimeException e) {
                readable.remove(f);
                unreadable(f, e, summaries, unreadable);
            }
        }
        interest.freeze();
        PhaseTimes.mark("pass 1 (interest)");

        // Pass 2: read, keep what is of interest, assemble in order.
        options.progress().phase("reading", totalBytes);
        StreamAssembler assembler = new StreamAssembler(catalog, options.logZone());
        List<LogEvent> undatedKlog = new ArrayList<>();
        Map<InputFile, InputSummary> logSummaries = new HashMap<>();
        List<RotatedSet> sets = RotatedSet.group(readable);
        ReadAhead ahead = new ReadAhead(pool, 2 * options.threads());
        for (RotatedSet set : sets) {
            for (InputFile f : set.oldestFirst()) {
                LogLines read = earlier.get(f);
                if (read != null) {
                    ahead.add(f, () -> frontEnds.get().read(f, read, interest));
                } else {
                    // A file read newest first keeps its items one by one (the assembler turns them around).
                    boolean runs = !reversed.getOrDefault(f, false);
                    for (LineChunk c : chunks.get(f)) {
                        ahead.add(f, () -> frontEnds.get().read(c, firstLines.get(f), interest, options.progress(), runs));
                    }
                }
            }
        }
        for (RotatedSet set : sets) {
            StreamAssembler.SetState setState = assembler.beginSet(set);
            for (InputFile f : set.oldestFirst()) {
                StreamAssembler.FileState file = setState.beginFile(f, reversed.getOrDefault(f, false));
                try {
                    LogLines read = earlier.get(f);
                    StreamAssembler.FileOutcome outcome;
                    if (read != null) {
                        ChunkResult whole = ahead.take();
                        List<ChunkItem> items = new ArrayList<>(whole.items());
                        if (reversed.getOrDefault(f, false)) {
                            Collections.reverse(items);
                        }
                        file.accept(whole, 0, items);
                        options.progress().advance(f.path().toFile().length(), whole.lines());
                        outcome = file.finish(read.sha256());
                    } else {
                        assemble(file, chunks.get(f).size(), reversed.getOrDefault(f, false), ahead);
                        outcome = file.finish(get(hashes.get(f)));
                    }
                    logSummaries.put(f, outcome.summary());
                    undatedKlog.addAll(outcome.undatedKlog());
                } catch (IOException | RuntimeException e) {
                    ahead.skipRestOf(f);
                    if (!file.tookAny()) {
                        unreadable(f, e instanceof ChunkFault fault ? (RuntimeException) fault.getCause() : e, summaries, unreadable);
                        continue;
                    }
                    // What was taken of the file is kept (its events are in the controller runs already), and the
                    // file is listed as read in part, at the line where it stopped: as for a damaged file.
                    boolean io = e instanceof IOException || e instanceof UncheckedIOException;
                    Throwable cause = e instanceof ChunkFault ? e.getCause() : e;
                    StreamAssembler.FileOutcome outcome = file.stopped(io ? "expected a readable file, found " + ioReason(e)
                            : "the analyzer failed here (" + cause + ")", io ? "" : "; please report this with the file", storedHash(f, earlier, hashes));
                    logSummaries.put(f, outcome.summary());
                    undatedKlog.addAll(outcome.undatedKlog());
                }
            }
        }
        options.progress().done();
        PhaseTimes.mark("pass 2 (read, keep, assemble)");
        Map<String, String> klogNotes = dateKlogFromOtherInputs(assembler, undatedKlog);
        Map<String, List<String>> outOfOrder = assembler.outOfOrderNotes();
        logSummaries.forEach((f, s) -> {
            List<String> notes = new ArrayList<>(s.notes());
            if (klogNotes.containsKey(f.displayPath())) {
                notes.add(klogNotes.get(f.displayPath()));
            }
            notes.addAll(outOfOrder.getOrDefault(f.displayPath(), List.of()));
            summaries.put(f, s.withNotes(notes));
        });
        return new LogReading(assembler, assembler.events());
    }

    /**
     * Takes one file's chunk reads from {@code ahead} (started there, across files, a few at a time)
     * and hands them to the assembler in file order (last chunk first, items turned around, for a file
     * written newest first).
     */
    private static void assemble(StreamAssembler.FileState file, int chunks, boolean reversed, ReadAhead ahead) throws IOException {
        if (reversed) {
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

    /**
     * klog lines of a file where nothing dates them take the year nearest the earliest dated event of
     * all the inputs; if there is none, they keep a placeholder year. Returns a note per file path.
     */
    private static Map<String, String> dateKlogFromOtherInputs(StreamAssembler assembler, List<LogEvent> undated) {
        Map<String, String> notes = new HashMap<>();
        if (undated.isEmpty()) {
            return notes;
        }
        Set<LogEvent> undatedSet = Collections.newSetFromMap(new IdentityHashMap<>());
        undatedSet.addAll(undated);
        Timestamp reference = null;
        for (LogEvent e : assembler.events()) {
            if (!undatedSet.contains(e) && (reference == null || e.time().compareTo(reference) < 0)) {
                reference = e.time();
            }
        }
        if (reference != null) {
            Map<LogEvent, LogEvent> replacements = new IdentityHashMap<>();
            for (LogEvent e : undated) {
                replacements.put(e, StreamAssembler.retimed(e, KlogYears.near(e.time(), reference)));
            }
            assembler.replace(replacements);
        }
        String how = reference == null
                ? "have no year and nothing else gives one: shown as " + StreamAssembler.UNKNOWN_YEAR
                : "took their year from the other inputs (" + reference.instant().atZone(ZoneOffset.UTC).getYear() + ")";
        Map<String, Integer> countByFile = new TreeMap<>();
        undated.forEach(e -> countByFile.merge(e.source().file(), 1, Integer::sum));
        countByFile.forEach((file, n) -> notes.put(file, n + " klog line(s) " + how));
        return notes;
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

    static <T> T get(Future<T> future) throws IOException {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while reading", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                throw io;
            }
            if (cause instanceof UncheckedIOException u) {
                throw u.getCause();
            }
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error error) {
                throw error; // out of memory in a reading thread: no fault of one file, the whole analysis fails
            }
            throw new IllegalStateException(cause);
        }
    }

    /** The SHA-256 of a log file as stored, for its summary, or null if even that cannot be had. */
    private static String storedHash(InputFile f, Map<InputFile, LogLines> earlier, Map<InputFile, Future<String>> hashes) {
        LogLines read = earlier.get(f);
        if (read != null) {
            return read.sha256();
        }
        try {
            return get(hashes.get(f));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** An I/O failure in words (the JDK's message for some of them is just the path). */
    private static String ioReason(Exception e) {
        IOException io = e instanceof UncheckedIOException u ? u.getCause() : (IOException) e;
        return InputCollector.reason(io);
    }

    /**
     * A file that could not be read: named with the reason, and the analysis goes on with the others. An
     * exception that is not an I/O failure is a fault of the analyzer, said as such (a stack trace
     * would help nobody reading the report; the fuzz tests are there to keep these out).
     */
    private static void unreadable(InputFile f, Exception e, Map<InputFile, InputSummary> summaries, List<UnreadableInput> unreadable) {
        UnreadableInput u = new UnreadableInput(f.displayPath(), e instanceof IOException || e instanceof UncheckedIOException
                ? "expected a readable file, found " + ioReason(e)
                : "the analyzer failed on it (" + e + "); please report this with the file");
        unreadable.add(u);
        summaries.put(f, InputSummary.unreadable(f, u.reason()));
    }

}
