package dev.argoforensics.read;

import dev.argoforensics.testing.SampleFiles;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.accounting.FileScan;
import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.accounting.LogLines;
import dev.argoforensics.accounting.LogSource;
import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.judgment.JudgmentCorpora;
import dev.argoforensics.snapshot.ExportedObject;
import dev.argoforensics.snapshot.ExportedObjects;
import dev.argoforensics.source.ChunkLineReader;
import dev.argoforensics.source.ChunkPlanner;
import dev.argoforensics.source.InputCollector;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.LineChunk;
import dev.argoforensics.source.RotatedSet;
import dev.argoforensics.source.UnreadableInput;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files read one by one ({@link LogReader#scanFile}, {@link LogReader#readFile}, each file alone, in
 * small chunks) and put together by {@link ReadingStitch} must give what {@link LogReader#read} gives
 * reading them all at once: the same events (runs, ordinals, times), controller runs, coverage,
 * per-file summaries and notes. This is what lets the fleet scan read a cluster's files in different
 * tasks.
 */
class StitchTest {
    private static final MessageCatalog CATALOG = MessageCatalog.standard();
    /** How often the whole reading's assemblers hand events over within a chunk: often, so that small files meet it. */
    private static final int HAND_OVER_EVERY = 50;

    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> everySampleStitchedFileByFileIsTheWholeReading() throws IOException {
        List<Path> cases = SampleFiles.all();
        assertFalse(cases.isEmpty());
        return cases.stream().map(c -> DynamicTest.dynamicTest(c.getFileName().toString(), () -> {
            List<String> inputs = SampleFiles.inputs(c);
            assertStitchedIsWhole(inputs, List.of(), 1024, 1);
            assertStitchedIsWhole(inputs, List.of(), 4096, 3);
        }));
    }

    /**
     * Each file's chunks scanned and read one by one as the fleet scan's chunk tasks read them (each from a copy that
     * holds only the chunk's bytes, the rest of the file a hole), through their bytes, and assembled per file from
     * those: the same reading again.
     */
    @TestFactory
    Stream<DynamicTest> everySampleReadInChunkTasksIsTheWholeReading() throws IOException {
        List<Path> cases = SampleFiles.all();
        assertFalse(cases.isEmpty());
        return cases.stream().map(c -> DynamicTest.dynamicTest(c.getFileName().toString(), () -> {
            assertStitchedIsWhole(SampleFiles.inputs(c), List.of(), 1024, 1, f -> Optional.empty(), dir.resolve("chunks"));
        }));
    }

    @TestFactory
    Stream<DynamicTest> judgmentCorporaReadInChunkTasksAreTheWholeReading() {
        return Stream.of(1L, 2L, 3L).map(seed -> DynamicTest.dynamicTest("seed " + seed, () -> {
            List<String> inputs = JudgmentCorpora.small(seed, dir.resolve("seed-" + seed));
            chunkTasks = 0;
            assertStitchedIsWhole(inputs, List.of(), 64 * 1024, 1, f -> Optional.empty(), dir.resolve("chunks"));
            long logs = collect(inputs).logs().size();
            assertTrue(chunkTasks > logs, chunkTasks + " chunk tasks for " + logs + " log files: some files must be split");
        }));
    }

    @TestFactory
    Stream<DynamicTest> judgmentCorporaStitchedFileByFileAreTheWholeReading() {
        return Stream.of(1L, 2L, 3L).map(seed -> DynamicTest.dynamicTest("seed " + seed, () -> {
            List<String> inputs = JudgmentCorpora.small(seed, dir.resolve("seed-" + seed));
            // 64 KiB chunks: still several per file; the samples above take the 1-4 KiB ones (time, on a shared machine).
            LogReader.LogReading whole = assertStitchedIsWhole(inputs, List.of(), 64 * 1024, 2);
            // The whole reading (16 MiB chunks: a file of the corpus is one) hands a chunk's events to the stitch while it takes
            // the chunk, every HAND_OVER_EVERY kept lines: some file must keep more than that for it to be held here.
            long most = whole.events().stream().collect(java.util.stream.Collectors.groupingBy(LogEvent::file,
                    java.util.stream.Collectors.counting())).values().stream().mapToLong(Long::longValue).max().orElse(0);
            assertTrue(most > 4 * HAND_OVER_EVERY, most + " events in the largest file");
        }));
    }

    /**
     * A head, a grep and a tail of one run over two rotated files, read in chunks of 1 KiB: the stretch without a record
     * naming nothing runs from the head's last start-up line across chunk boundaries and the file boundary to the tail's
     * ticker line, and is one gap however the pieces come (in one reading, file by file, chunk by chunk, through their
     * bytes). The same lines newest first give the same gap.
     */
    @Test
    void aGapInTheNamelessRecordsSpansChunkAndFileBoundaries() throws IOException {
        List<String> head = List.of(
                "time=\"2026-10-03T13:04:30.220Z\" level=info msg=\"Leader election is turned off. Running in single-instance mode\"",
                "time=\"2026-10-03T13:04:30.221Z\" level=info msg=\"Starting Workflow Controller\" defaultRequeueTime=10s version=v3.7.18",
                "time=\"2026-10-03T13:04:30.301Z\" level=info msg=\"Current Worker Numbers\" cronWorkflowWorkers=8 podCleanup=4 workflowArchive=8 workflowTtlWorkers=4 workflowWorkers=2",
                "time=\"2026-10-03T13:04:30.307Z\" level=info msg=\"Performing periodic GC\" periodicity=5m0s");
        List<String> grep = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            grep.add(String.format("time=\"2026-10-03T13:%02d:%02d.%03dZ\" level=info msg=\"update pod event\" pod=settle-batch-8kq4m-build-1839246131",
                    5 + i / 4, (i % 4) * 15, i));
        }
        List<String> tail = List.of(
                "time=\"2026-10-03T13:20:00.304Z\" level=info msg=\"Alloc=9318 TotalAlloc=41277 Sys=46210 NumGC=88 Goroutines=173\"",
                "time=\"2026-10-03T13:20:15.338Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=4422004 namespace=payments workflow=fx-rates-pull-x9w2c");
        Path rotated = Files.createDirectories(dir.resolve("rotated"));
        List<String> older = new ArrayList<>(head);
        older.addAll(grep.subList(0, 20));
        List<String> live = new ArrayList<>(grep.subList(20, 40));
        live.addAll(tail);
        write(rotated.resolve("workflow-controller.log.1"), older.toArray(String[]::new));
        write(rotated.resolve("workflow-controller.log"), live.toArray(String[]::new));
        List<String> inputs = List.of(rotated.toString());
        LogReader.LogReading whole = assertStitchedIsWhole(inputs, List.of("settle-batch-8kq4m-build-1839246131"), 1024, 1);
        assertStitchedIsWhole(inputs, List.of("settle-batch-8kq4m-build-1839246131"), 1024, 2, f -> Optional.empty(), dir.resolve("spool"));
        ControllerProcess.Nameless n = whole.processes().get(0).nameless();
        assertEquals(4, n.records(), whole.processes().toString());
        assertEquals(List.of("2026-10-03T13:04:30.307Z..2026-10-03T13:20:00.304Z"),
                n.gaps().stream().map(g -> g.from().instant() + ".." + g.to().instant()).toList(), "from the head's last start-up line to the tail's ticker line");

        Path reversed = Files.createDirectories(dir.resolve("newest-first"));
        List<String> all = new ArrayList<>(older);
        all.addAll(live);
        java.util.Collections.reverse(all);
        write(reversed.resolve("workflow-controller.log"), all.toArray(String[]::new));
        LogReader.LogReading newestFirst = assertStitchedIsWhole(List.of(reversed.toString()), List.of("settle-batch-8kq4m-build-1839246131"), 1024, 2);
        assertEquals(n.gaps(), newestFirst.processes().get(0).nameless().gaps(), newestFirst.processes().toString());
    }

    /**
     * One rotated set of four files, each boundary a case: klog lines whose file dates nothing, across
     * a year end; a Go panic at a file's end; a handler line whose scheduling line opens the next file;
     * a controller run going on across files, back in time at a boundary, and a new run at a start.
     */
    @Test
    void boundariesOfRotatedFilesAreStitchedAsReadInOne() throws IOException {
        Path logs = Files.createDirectories(dir.resolve("logs"));
        write(logs.resolve("workflow-controller.log.3"),
                "time=\"2025-12-31T23:58:00.000Z\" level=info msg=\"Starting Workflow Controller\" defaultRequeueTime=10s version=v3.7.18",
                "time=\"2025-12-31T23:58:00.100Z\" level=info msg=\"Current Worker Numbers\" cronWorkflowWorkers=8 podCleanup=4 workflowArchive=8 workflowTtlWorkers=4 workflowWorkers=32",
                "I1231 23:58:30.000000       1 request.go:697] Waited for 1.2s due to client-side throttling, not priority and fairness, request: PATCH:https://10.96.0.1:443/api/v1/namespaces/ns/pods/alpha-step-1",
                "time=\"2025-12-31T23:59:00.000Z\" level=info msg=\"Processing workflow\" namespace=ns workflow=alpha",
                "panic: runtime error: invalid memory address or nil pointer dereference",
                "[signal SIGSEGV: segmentation violation code=0x1 addr=0x40 pc=0x1f3c2a4]",
                "",
                "goroutine 412 [running]:",
                "github.com/argoproj/argo-workflows/v3/workflow/controller.(*WorkflowController).processNextPodCleanupItem.func1()",
                "\t/go/src/github.com/argoproj/argo-workflows/workflow/controller/controller.go:627 +0x44");
        write(logs.resolve("workflow-controller.log.2"),
                "time=\"2025-12-31T23:59:10.000Z\" level=info msg=\"Processing workflow\" namespace=ns workflow=alpha",
                "time=\"2025-12-31T23:59:20.000Z\" level=info msg=\"Removing finalizers during a delete\" component=pod_controller pod.Finalizers=[workflows.argoproj.io/status]");
        write(logs.resolve("workflow-controller.log.1"),
                "time=\"2025-12-31T23:59:20.001Z\" level=info msg=\"queuing poddelay0s\" action=removeFinalizer namespace=ns podGC=\"{ <nil> }\" podName=unrelated-pod",
                "time=\"2025-12-31T23:59:05.000Z\" level=info msg=\"Processing workflow\" namespace=ns workflow=other",
                "time=\"2025-12-31T23:59:30.000Z\" level=info msg=\"Removing finalizers during a delete\" component=pod_controller pod.Finalizers=[workflows.argoproj.io/status]",
                "time=\"2025-12-31T23:59:30.001Z\" level=info msg=\"queuing poddelay-5s\" action=removeFinalizer namespace=ns podGC=\"{ <nil> }\" podName=alpha-step-1",
                "time=\"2025-12-31T23:59:40.000Z\" level=info msg=\"Alloc=8214 TotalAlloc=19022 Sys=28310 NumGC=6 Goroutines=118\"");
        write(logs.resolve("workflow-controller.log"),
                "I0101 00:00:02.000000       1 request.go:697] Waited for 1.5s due to client-side throttling, not priority and fairness, request: PATCH:https://10.96.0.1:443/api/v1/namespaces/ns/pods/alpha-step-1",
                "I0101 00:00:03.000000       1 request.go:697] Waited for 1.6s due to client-side throttling, not priority and fairness, request: PATCH:https://10.96.0.1:443/api/v1/namespaces/ns/pods/alpha-step-1",
                "time=\"2026-01-01T00:00:04.000Z\" level=info msg=\"Alloc=9117 TotalAlloc=20460 Sys=28310 NumGC=7 Goroutines=121\"",
                "time=\"2026-01-01T00:00:05.000Z\" level=info msg=\"Starting Workflow Controller\" defaultRequeueTime=10s version=v3.7.18");
        // The live file's klog lines are dated by its own later record; a file of klog lines alone takes its year from the others.
        write(dir.resolve("node").resolve("klog-only.log"),
                "I0101 00:00:09.000000       1 request.go:697] Waited for 1.1s due to client-side throttling, not priority and fairness, request: PATCH:https://10.96.0.1:443/api/v1/namespaces/ns/pods/alpha-step-1");
        List<String> inputs = List.of(logs.toString(), dir.resolve("node").toString());

        // A scheduling line is a trigger: pass 1 makes its Pod of interest, so it is kept. The first file's scan as an
        // earlier run remembered it (an index's) names nothing, so the line that opens it is only counted, as in a selective
        // read where its Pod is of no interest: its place is what the stitch must give.
        Function<InputFile, Optional<FileScan>> remembered = f -> f.displayPath().endsWith(".log.1")
                ? Optional.of(new FileScan(new long[0], new long[0], 0, 0, false)) : Optional.empty();
        LogReader.LogReading whole = assertStitchedIsWhole(inputs, List.of("alpha-step-1"), 1024, 1, remembered);
        assertStitchedIsWhole(inputs, List.of("alpha-step-1"), ChunkPlanner.CHUNK_BYTES, 2, remembered);

        // What the cases are: two runs of the rotated set's replica (a start in the first file and in the last; the live
        // file's lines before its start continue the first run, over all four files), and the klog-only file's own.
        List<ControllerProcess> runs = whole.processes();
        assertEquals(3, runs.size(), runs.toString());
        assertEquals(4, runs.get(0).files().size(), runs.get(0).toString());
        assertEquals(2, runs.get(1).incarnation(), runs.get(1).toString());
        // The records that name no Pod, Workflow or namespace, kept (worker numbers, the two handler lines) or only counted
        // (Alloc=, at the end of the third file and before the live file's start), over the four files of the first run;
        // the throttling lines name a namespace and a Pod in their URL and are none of them.
        ControllerProcess.Nameless nameless = runs.get(0).nameless();
        assertEquals(5, nameless.records(), runs.get(0).toString());
        assertEquals("2025-12-31T23:58:00.100Z", nameless.first().instant().toString());
        assertEquals("2026-01-01T00:00:04Z", nameless.last().instant().toString());
        assertEquals(ControllerProcess.Nameless.NONE, runs.get(1).nameless(), "the second run logged its start only");
        LogEvent panic = whole.events().stream().filter(e -> e.event() instanceof ControllerEvent.GoPanic).findFirst().orElseThrow();
        assertEquals("2025-12-31T23:59:00Z", panic.time().instant().toString(), "the panic at the file's end takes the time of the record before it");
        List<LogEvent> klog = whole.events().stream().filter(e -> e.text().startsWith("I0101")).toList();
        assertEquals(3, klog.size());
        klog.forEach(e -> assertEquals(2026, e.time().instant().atZone(java.time.ZoneOffset.UTC).getYear(), e.toString()));
        assertEquals(List.of(new dev.argoforensics.event.LogCoverage.CountedLine(0, 7)), whole.coverage().countedSchedules(),
                "the scheduling line that opens the third file, counted after the second's kept handler line (ordinal 7 in run 0: five records before it in the first file, two in the second)");
    }

    private static String v35(String time, String level, String msg) {
        return "time=\"2026-11-20T" + time + "Z\" level=" + level + " msg=\"" + msg + "\"";
    }

    /**
     * Session 62: a start beside the replica's run (FileRuns.Aside) and a start cut by a rotation (FileRuns.Piece#seam) stitch as read
     * in one, through their bytes and live: (1) a crash loop of starts that never load (pprof, Get configmaps 403) merged with the
     * leader's lines in one unnamed stream, the last at the file's end; (2) a rotated set whose .log.1 ends with a restart's pprof line
     * and whose live file begins with that start's load and attempt.
     */
    @Test
    void startsBesideTheRunAndAcrossARotationAreStitchedAsReadInOne() throws IOException {
        Path merged = Files.createDirectories(dir.resolve("merged"));
        write(merged.resolve("controllers.log"),
                v35("07:58:10.300", "info", "not enabling pprof debug endpoints"),
                v35("07:58:11.512", "info", "successfully acquired lease argo/workflow-controller"),
                v35("07:58:11.520", "info", "Starting Workflow Controller") + " defaultRequeueTime=10s version=v3.5.8",
                v35("08:00:00.402", "info", "Processing workflow") + " namespace=ledger workflow=close-books-x2v7q",
                v35("08:00:59.300", "info", "not enabling pprof debug endpoints"),
                v35("08:00:59.309", "debug", "Get configmaps 403"),
                v35("08:01:14.295", "debug", "Get configmaps 200"),
                v35("08:01:14.300", "info", "not enabling pprof debug endpoints"),
                v35("08:01:30.402", "info", "Processing workflow") + " namespace=ledger workflow=close-books-x2v7q",
                v35("08:02:05.300", "info", "not enabling pprof debug endpoints"),
                v35("08:02:05.309", "debug", "Get configmaps 403"));
        Path rotated = Files.createDirectories(dir.resolve("rotated"));
        write(rotated.resolve("workflow-controller.log.1"),
                v35("07:58:11.520", "info", "Starting Workflow Controller") + " defaultRequeueTime=10s version=v3.5.8",
                v35("08:03:00.402", "info", "Processing workflow") + " namespace=ledger workflow=close-books-x2v7q",
                v35("08:10:00.300", "info", "not enabling pprof debug endpoints"));
        write(rotated.resolve("workflow-controller.log"),
                v35("08:10:00.309", "debug", "Get configmaps 200"),
                v35("08:10:00.311", "info", "Configuration:\\nartifactRepository: {}\\n"),
                "time=\"2026-11-20T08:10:00.314Z\" level=info msg= executorImage=\"quay.io/argoproj/argoexec:v3.5.8\" executorImagePullPolicy= managedNamespace=",
                v35("08:10:00.330", "info", "attempting to acquire leader lease argo/workflow-controller..."),
                v35("08:10:30.512", "info", "successfully acquired lease argo/workflow-controller"),
                v35("08:10:30.520", "info", "Starting Workflow Controller") + " defaultRequeueTime=10s version=v3.5.8",
                v35("08:11:00.402", "info", "Processing workflow") + " namespace=ledger workflow=close-books-x2v7q");
        List<String> inputs = List.of(merged.toString(), rotated.toString());
        Function<InputFile, Optional<FileScan>> none = f -> Optional.empty();
        LogReader.LogReading whole = assertStitchedIsWhole(inputs, List.of("close-books-x2v7q"), 256, 1, none);
        assertStitchedIsWhole(inputs, List.of("close-books-x2v7q"), ChunkPlanner.CHUNK_BYTES, 2, none);
        List<ControllerProcess> runs = whole.processes();
        // The merged file: the leader's run (its work at 08:00 and 08:01:30) and three dead starts; the rotated set: two runs, the
        // second from the pprof line at the end of .log.1 to its work in the live file.
        assertEquals(6, runs.size(), runs.toString());
        ControllerProcess leader = runs.stream().filter(r -> r.first().format().equals("2026-11-20T07:58:10.300Z")).findFirst().orElseThrow();
        assertEquals("2026-11-20T08:01:30.402Z", leader.last().format(), runs.toString());
        ControllerProcess restarted = runs.stream().filter(r -> r.first().format().equals("2026-11-20T08:10:00.300Z")).findFirst().orElseThrow();
        assertEquals("2026-11-20T08:11:00.402Z", restarted.last().format(), runs.toString());
        assertEquals(2, restarted.files().size(), runs.toString());
    }

    private static void write(Path file, String... lines) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, String.join("\n", lines) + "\n");
    }

    /** The log files and exported objects of {@code paths}, as {@code Analysis} has them before reading logs. */
    private record Inputs(List<InputFile> logs, ExportedObjects objects) {
    }

    private static Inputs collect(List<String> paths) throws IOException {
        List<InputFile> files = new InputCollector(InputStream.nullInputStream()).collect(paths).stream()
                .sorted(Comparator.comparing(InputFile::displayPath)).toList();
        SnapshotFileReader snapshots = SnapshotFileReader.forInputs(files);
        List<ExportedObject> objects = new ArrayList<>();
        Map<InputFile, InputSummary> summaries = new HashMap<>();
        List<InputFile> logs = new ArrayList<>();
        for (InputFile f : files) {
            switch (f.kind()) {
                case LOG -> logs.add(f);
                case SNAPSHOT -> {
                    try {
                        summaries.put(f, snapshots.read(f, null, objects::add));
                    } catch (IOException | RuntimeException e) {
                        // an unreadable export names nothing; the log reading is what is compared here
                    }
                }
                default -> {
                }
            }
        }
        return new Inputs(logs, ExportedObjects.of(NodeLogYears.resolve(objects, summaries)));
    }

    private static ReadSettings settings(List<String> pods, long chunkBytes, int threads) {
        return new ReadSettings(null, threads, false, chunkBytes, pods, Progress.NONE, ChunkLineReader.MAX_LINE_BYTES);
    }

    /** Reads {@code paths} whole (default chunks, 2 threads), then file by file and stitched; asserts they agree; returns the whole reading. */
    private static LogReader.LogReading assertStitchedIsWhole(List<String> paths, List<String> pods, long chunkBytes, int threads) throws IOException {
        return assertStitchedIsWhole(paths, pods, chunkBytes, threads, f -> Optional.empty());
    }

    private static LogReader.LogReading assertStitchedIsWhole(List<String> paths, List<String> pods, long chunkBytes, int threads,
                                                              Function<InputFile, Optional<FileScan>> remembered) throws IOException {
        return assertStitchedIsWhole(paths, pods, chunkBytes, threads, remembered, null);
    }

    /** The chunk tasks the last chunk-wise reading ran. */
    private static long chunkTasks;

    /** Pass 1 of {@code f} chunk by chunk, each chunk read from a copy holding its bytes alone, through the bytes. */
    private static FileScan scanInChunkTasks(LogReader reader, InputFile f, Path spool) throws IOException {
        String header = LogReader.headerLine(f);
        List<byte[]> scans = new ArrayList<>();
        for (LineChunk c : reader.chunks(f)) {
            scans.add(reader.scanChunk(alone(c, spool), header));
        }
        // Pass 1b reads a run without workers' chunks again: from copies holding their bytes alone too.
        List<LineChunk> chunks = reader.chunks(f);
        return reader.fileScan(scans, header, i -> alone(chunks.get(i), spool));
    }

    /** Pass 2 of {@code f} chunk by chunk, as {@link #scanInChunkTasks}, and its assembly from the chunks' bytes. */
    private static FileReading readInChunkTasks(LogReader reader, InputFile f, Interest interest, boolean newestFirst, Path spool)
            throws IOException {
        String header = LogReader.headerLine(f);
        String zone = reader.measuredZone(f);
        List<byte[]> reads = new ArrayList<>();
        for (LineChunk c : reader.chunks(f)) {
            reads.add(reader.readChunk(alone(c, spool), header, zone, interest, newestFirst));
            chunkTasks++;
        }
        return reader.assembleChunks(f, reads, newestFirst, LogReader.sha256(f));
    }

    /**
     * The chunk in a copy of its file (at a path of its own) that holds the chunk's bytes and nothing else: the rest a
     * hole of zeros, as the fleet scan's chunk task copies only its range. A whole chunk (a gzip'd file) is the file.
     */
    private static LineChunk alone(LineChunk c, Path spool) throws IOException {
        InputFile f = c.file();
        if (c.whole()) {
            return c;
        }
        Path copy = spool.resolve("chunk-" + c.index()).resolve(f.path().getFileName());
        Files.createDirectories(copy.getParent());
        try (java.io.RandomAccessFile from = new java.io.RandomAccessFile(f.path().toFile(), "r");
             java.io.RandomAccessFile to = new java.io.RandomAccessFile(copy.toFile(), "rw")) {
            to.setLength(0);
            to.setLength(from.length());
            byte[] bytes = new byte[(int) (c.end() - c.start())];
            from.seek(c.start());
            from.readFully(bytes);
            to.seek(c.start());
            to.write(bytes);
        }
        return new LineChunk(new InputFile(f.displayPath(), copy, f.kind(), f.compressed(), f.reason()), c.index(), c.start(), c.end(), c.carried());
    }

    /**
     * @param remembered a file's first pass as an earlier run left it (an index), used by both readings instead of scanning it
     * @param chunkSpool non-null: each file is read in chunk tasks ({@link #readInChunkTasks}), their copies made there
     */
    private static LogReader.LogReading assertStitchedIsWhole(List<String> paths, List<String> pods, long chunkBytes, int threads,
                                                              Function<InputFile, Optional<FileScan>> remembered, Path chunkSpool)
            throws IOException {
        Inputs in = collect(paths);
        LogSource source = new LogSource() {
            @Override
            public Optional<LogLines> earlierRead(InputFile file) {
                return Optional.empty();
            }

            @Override
            public Optional<FileScan> knownScan(InputFile file) {
                return remembered.apply(file);
            }
        };
        ExecutorService pool = Executors.newFixedThreadPool(2);
        Map<InputFile, InputSummary> wholeSummaries = new HashMap<>();
        List<UnreadableInput> wholeUnreadable = new ArrayList<>();
        LogReader.LogReading whole;
        List<LogEvent> sunk = new ArrayList<>();
        Map<InputFile, InputSummary> sinkSummaries = new HashMap<>();
        LogReader.LogReading sinkReading;
        try {
            // Kept events handed to the stitch every few lines while a chunk is taken (FileAssembler.HAND_OVER_EVERY, 4096, in use),
            // and every kept text's block in the spill's file (TextSpill), none in the heap: the texts come back equal from there.
            whole = new LogReader(CATALOG, settings(pods, ChunkPlanner.CHUNK_BYTES, 2), source).handOverEvery(HAND_OVER_EVERY).keepTextsInHeapUpTo(0)
                    .read(in.logs(), in.objects(), pool, wholeSummaries, wholeUnreadable);
            // With a sink, the runs are placed as each file's pieces open (the live stitch): the same again.
            sinkReading = new LogReader(CATALOG, settings(pods, chunkBytes, 2), source, sunk::add)
                    .read(in.logs(), in.objects(), pool, sinkSummaries, new ArrayList<>());
        } finally {
            pool.shutdownNow();
        }

        LogReader perFile = new LogReader(CATALOG, settings(pods, chunkBytes, threads), LogSource.files());
        Map<InputFile, InputSummary> summaries = new HashMap<>();
        List<UnreadableInput> unreadable = new ArrayList<>();
        Map<InputFile, FileScan> scans = new LinkedHashMap<>();
        for (InputFile f : in.logs()) {
            try {
                FileScan scan = remembered.apply(f).isPresent() ? remembered.apply(f).get() : perFile.scanFile(f);
                if (chunkSpool != null && remembered.apply(f).isEmpty()) {
                    assertEquals(scan.encode(), scanInChunkTasks(perFile, f, chunkSpool).encode(), "pass 1 in chunk tasks: " + f.displayPath());
                }
                scans.put(f, scan);
            } catch (IOException | RuntimeException e) {
                Unreadable.record(f, e, summaries, unreadable);
            }
        }
        // The interest and each file's reading go through their bytes, as they do between the fleet scan's tasks.
        Interest interest = Interest.decode(perFile.interest(scans.values(), in.objects()).encode());
        ReadingStitch stitch = new ReadingStitch(null);
        List<RotatedSet> sets = RotatedSet.group(List.copyOf(scans.keySet()));
        for (RotatedSet set : sets) {
            for (InputFile f : set.oldestFirst()) {
                try {
                    boolean newestFirst = scans.get(f).newestFirst();
                    stitch.add(FileReading.decode((chunkSpool != null ? readInChunkTasks(perFile, f, interest, newestFirst, chunkSpool)
                            : perFile.readFile(f, interest, newestFirst)).encode()));
                } catch (IOException | RuntimeException e) {
                    Unreadable.record(f, e, summaries, unreadable);
                }
            }
        }
        LogReader.LogReading finished = stitch.finish();
        summaries.putAll(stitch.summaries());
        LogReader.LogReading stitched = LogReader.continuing(finished, sets, summaries);

        assertEquals(wholeUnreadable, unreadable);
        assertEquals(wholeSummaries, summaries, "per-file summaries and notes");
        assertEquals(whole.processes(), stitched.processes(), "controller runs");
        assertEquals(whole.coverage(), stitched.coverage(), "coverage and counted scheduling lines");
        assertEquals(whole.events().size(), stitched.events().size(), "events");
        for (int i = 0; i < whole.events().size(); i++) {
            assertEquals(whole.events().get(i), stitched.events().get(i), "event " + i);
        }
        assertEquals(wholeSummaries, sinkSummaries, "with a sink");
        assertEquals(whole.processes(), sinkReading.processes(), "with a sink");
        assertEquals(whole.coverage(), sinkReading.coverage(), "with a sink");
        assertEquals(whole.events(), sunk.stream().sorted(Comparator.comparingLong(LogEvent::ordinal)).toList(), "with a sink");
        assertTrue(sinkReading.events().isEmpty());
        return whole;
    }
}
