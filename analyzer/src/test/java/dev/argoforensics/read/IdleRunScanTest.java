package dev.argoforensics.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.accounting.FileScan;
import dev.argoforensics.accounting.LogSource;
import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.source.ChunkLineReader;
import dev.argoforensics.source.InputClassifier;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.LineChunk;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pass 1b (session 50): the Pods the pod controller acts on while its run has no Workflow workers are of interest, whichever chunk
 * their lines fall in, read on one machine ({@link LogReader#scanFile}) or in chunk tasks whose scans cross as bytes
 * ({@link LogReader#scanChunk}, {@link LogReader#fileScan(List, String, LogReader.ChunkAt)}); not those of a run with workers,
 * nor a Pod whose Workflow the run processed before it (AF003 does not read a stall there either).
 */
class IdleRunScanTest {
    private static final MessageCatalog CATALOG = MessageCatalog.standard();

    @TempDir
    Path dir;

    @Test
    void aRunWithoutWorkersKeepsItsPodsAcrossChunksAndUntilARestartWithWorkers() throws IOException {
        StringBuilder log = new StringBuilder();
        start(log, 0, "16:31:11.100");
        filler(log, "16:31:12", 120, 0);
        pod(log, "16:31:20.000", "add", "status-capture-repro");
        filler(log, "16:31:21", 40, 200);
        start(log, 2, "16:32:00.000");
        pod(log, "16:32:01.000", "add", "after-restart-x7k2p");
        filler(log, "16:32:02", 40, 10000);
        InputFile f = file("idle.log", log.toString());

        LogReader reader = reader(1024);
        assertTrue(reader.chunks(f).size() > 8, "the run spans many chunks");
        FileScan scan = reader.scanFile(f);
        Interest interest = interest(scan);
        assertTrue(interest.mentions("status-capture-repro"), "listed by the run without workers, chunks after its worker numbers");
        assertTrue(interest.mentions("filler-00119"));
        assertFalse(interest.mentions("after-restart-x7k2p"), "listed by the run with workers that followed");
        assertFalse(interest.mentions("filler-10000"), "that run's other Pods");
        assertEquals(scan.encode(), inChunkTasks(reader, f).encode(), "the chunks' scans through their bytes, the run's state carried");
        assertOnThePool(scan, f, 1024);
    }

    @Test
    void theSameLinesUnderARunWithWorkersKeepNothing() throws IOException {
        StringBuilder log = new StringBuilder();
        start(log, 2, "16:31:11.100");
        filler(log, "16:31:12", 120, 0);
        pod(log, "16:31:20.000", "add", "status-capture-repro");
        InputFile f = file("busy.log", log.toString());
        LogReader reader = reader(1024);
        FileScan scan = reader.scanFile(f);
        assertFalse(interest(scan).mentions("status-capture-repro"));
        assertFalse(interest(scan).mentions("filler-00003"));
        assertEquals(scan.encode(), inChunkTasks(reader, f).encode());
        assertOnThePool(scan, f, 1024);
    }

    /**
     * A Workflow processed in the run since its worker numbers had a worker after all: its Pods' later lines are left out, as
     * AF003 leaves them ({@code Reconciliation.processedInStreamBetween}); a Pod listed before that pass, and another Workflow's,
     * stay. Without this a generated log whose "run without workers" goes on processing (the benchmark's) kept most of itself.
     * Session 51: a Pod is tied to its Workflow by a {@code Created pod} line (namespace and name), not by its name's prefixes.
     */
    @Test
    void aPodOfAWorkflowTheRunProcessedIsLeftOutFromThatPass() throws IOException {
        StringBuilder log = new StringBuilder();
        start(log, 0, "16:31:11.100");
        created(log, "16:31:11.500", "ns", "early-wf", "early-wf-main-1111");
        created(log, "16:31:11.600", "ns", "busy-wf", "busy-wf-main-2222");
        created(log, "16:31:11.700", "ns", "busy-wf", "busy-wf");
        pod(log, "16:31:12.000", "add", "early-wf-main-1111");
        processing(log, "16:31:13.000", "ns", "early-wf");
        processing(log, "16:31:13.100", "ns", "busy-wf");
        filler(log, "16:31:14", 60, 0);
        pod(log, "16:31:20.000", "update", "busy-wf-main-2222");
        pod(log, "16:31:20.100", "update", "busy-wf");
        pod(log, "16:31:20.200", "add", "quiet-wf-main-3333");
        InputFile f = file("processed.log", log.toString());
        LogReader reader = reader(1024);
        Interest interest = interest(reader.scanFile(f));
        assertTrue(interest.mentions("early-wf-main-1111"), "listed before its Workflow's pass");
        assertFalse(interest.mentions("busy-wf-main-2222"), "after its Workflow's pass in the run");
        assertFalse(interest.mentions("busy-wf"), "a Pod named as its Workflow, after its pass");
        assertTrue(interest.mentions("quiet-wf-main-3333"));
        assertEquals(reader.scanFile(f).encode(), inChunkTasks(reader, f).encode());
        assertOnThePool(reader.scanFile(f), f, 1024);
    }

    /**
     * Session 52: a Pod name created for two Workflows is tied to its first creation, as the whole reading ties it ({@code
     * NodeLinker.first}: the earlier instant), whatever the order of the lines: {@code shared-main-1} first for {@code first-wf}
     * (processed) is left out, {@code other-main-2} first for {@code second-wf} (not processed, its line after the other's) is kept,
     * and {@code tied-main-3}, created for both at one instant, is kept unless both were processed (here one). Before, a Pod was
     * left out only where every Workflow tying its name had been processed (all three kept).
     */
    @Test
    void aNameCreatedForTwoWorkflowsIsTiedByItsFirstCreation() throws IOException {
        StringBuilder log = new StringBuilder();
        start(log, 0, "16:31:11.100");
        created(log, "16:31:11.200", "ns", "first-wf", "shared-main-1");
        created(log, "16:31:11.300", "ns", "second-wf", "shared-main-1");
        created(log, "16:31:11.500", "ns", "first-wf", "other-main-2");
        created(log, "16:31:11.400", "ns", "second-wf", "other-main-2");
        created(log, "16:31:11.600", "ns", "first-wf", "tied-main-3");
        created(log, "16:31:11.600", "ns", "second-wf", "tied-main-3");
        processing(log, "16:31:12.000", "ns", "first-wf");
        filler(log, "16:31:14", 60, 0);
        pod(log, "16:31:20.000", "update", "shared-main-1");
        pod(log, "16:31:20.100", "update", "other-main-2");
        pod(log, "16:31:20.200", "update", "tied-main-3");
        InputFile f = file("twice.log", log.toString());
        LogReader reader = reader(1024);
        Interest interest = interest(reader.scanFile(f));
        assertFalse(interest.mentions("shared-main-1"), "its first creation's Workflow processed");
        assertTrue(interest.mentions("other-main-2"), "its first creation (by time, the later line) is second-wf's, not processed");
        assertTrue(interest.mentions("tied-main-3"), "two creations at one instant: both Workflows must have been processed");
        assertEquals(reader.scanFile(f).encode(), inChunkTasks(reader, f).encode());
        assertOnThePool(reader.scanFile(f), f, 1024);
    }

    /**
     * s50 breaker's shapes, the controls of the one above: a pass of a Workflow whose name begins the Pod's ({@code ledger}), or of
     * a namesake in another namespace ({@code other/ledger-sync}), leaves the Pod in, with no line tying it to either or with a
     * tie to its own namespace's Workflow that the run did not process; a cleanup line stating another namespace than the tie's
     * leaves it in too.
     */
    @Test
    void aPassOfAPrefixOrOfANamesakeInAnotherNamespaceLeavesThePodIn() throws IOException {
        StringBuilder log = new StringBuilder();
        start(log, 0, "16:31:11.100");
        created(log, "16:31:11.200", "billing", "report", "report-7k2lq");
        created(log, "16:31:11.300", "other", "nightly", "nightly-main-4242");
        processing(log, "16:31:12.000", "billing", "ledger");
        processing(log, "16:31:12.100", "other", "ledger-sync");
        processing(log, "16:31:12.200", "other", "report");
        processing(log, "16:31:12.300", "other", "nightly");
        filler(log, "16:31:14", 60, 0);
        pod(log, "16:31:20.000", "add", "ledger-sync-p2m6w");
        pod(log, "16:31:20.100", "add", "report-7k2lq");
        log.append("time=2026-09-19T16:31:20.200Z level=INFO msg=\"queueing pod for cleanup\" component=pod_controller namespace=billing "
                + "podName=nightly-main-4242 action=labelPodCompleted\n");
        InputFile f = file("namesakes.log", log.toString());
        LogReader reader = reader(1024);
        Interest interest = interest(reader.scanFile(f));
        assertTrue(interest.mentions("ledger-sync-p2m6w"), "no tie: billing/ledger and other/ledger-sync's passes say nothing of it");
        assertTrue(interest.mentions("report-7k2lq"), "tied to billing/report, not processed; other/report was");
        assertTrue(interest.mentions("nightly-main-4242"), "the line says billing; the tie other/nightly");
        assertEquals(reader.scanFile(f).encode(), inChunkTasks(reader, f).encode());
        assertOnThePool(reader.scanFile(f), f, 1024);
    }

    /**
     * Two replicas in one file, named on each line (stern): the standby's banner and worker numbers with workers end its own run
     * state, not the other replica's run without workers, whose listing after them is kept; the standby's own listing is not.
     */
    @Test
    void aStandbysWorkerNumbersEndOnlyItsOwnRun() throws IOException {
        StringBuilder log = new StringBuilder();
        log.append(stern("wc-x7w2n", "time=2026-09-19T16:31:11.100Z level=INFO msg=\"Current Worker Numbers\" podCleanup=4 workflowWorkers=0 "
                + "cronWorkflowWorkers=8 workflowArchive=8 workflowTtlWorkers=4"));
        log.append(stern("wc-b9k2z", "time=2026-09-19T16:31:11.200Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3"));
        log.append(stern("wc-b9k2z", "time=2026-09-19T16:31:11.200Z level=INFO msg=\"Current Worker Numbers\" podCleanup=4 workflowWorkers=32 "
                + "cronWorkflowWorkers=8 workflowArchive=8 workflowTtlWorkers=4"));
        for (int i = 0; i < 60; i++) {
            log.append(stern(i % 2 == 0 ? "wc-x7w2n" : "wc-b9k2z", String.format(
                    "time=2026-09-19T16:31:12.%03dZ level=INFO msg=\"update pod event\" component=pod_controller pod=%s-%05d", i,
                    i % 2 == 0 ? "listed" : "standby", i)));
        }
        InputFile f = file("stern.log", log.toString());
        LogReader reader = reader(1024);
        assertTrue(reader.chunks(f).size() > 3);
        Interest interest = interest(reader.scanFile(f));
        assertTrue(interest.mentions("listed-00058"), "the run without workers goes on past the standby's worker numbers");
        assertFalse(interest.mentions("standby-00059"), "the standby's run has workers");
        assertEquals(reader.scanFile(f).encode(), inChunkTasks(reader, f).encode());
        assertOnThePool(reader.scanFile(f), f, 1024);
    }

    /**
     * A file written newest first (a {@code logcli} query's default) is walked from its end: its run without workers keeps the Pods
     * listed after its worker numbers in time, above them in the file, and not those of the run with workers before it.
     */
    @Test
    void aFileWrittenNewestFirstKeepsTheSamePods() throws IOException {
        StringBuilder log = new StringBuilder();
        start(log, 2, "16:31:00.100");
        filler(log, "16:31:01", 30, 500);
        start(log, 0, "16:31:11.100");
        filler(log, "16:31:12", 120, 0);
        pod(log, "16:31:20.000", "add", "status-capture-repro");
        InputFile forward = file("forward.log", log.toString());
        List<String> lines = new ArrayList<>(List.of(log.toString().split("\n")));
        java.util.Collections.reverse(lines);
        InputFile backward = file("backward.log", String.join("\n", lines) + "\n");
        LogReader reader = reader(1024);
        FileScan scan = reader.scanFile(backward);
        assertTrue(scan.newestFirst());
        Interest interest = interest(scan);
        assertTrue(interest.mentions("status-capture-repro"));
        assertTrue(interest.mentions("filler-00000"));
        assertFalse(interest.mentions("filler-00500"), "the run with workers before it");
        assertEquals(interest(reader.scanFile(forward)).encode(), interest.encode(), "the same Pods either way");
        assertEquals(scan.encode(), inChunkTasks(reader, backward).encode());
        assertOnThePool(scan, backward, 1024);
        assertOnThePool(reader.scanFile(forward), forward, 1024);
    }

    /**
     * A rotated piece scanned from the state the piece before left ({@link LogReader#scanFile(InputFile, String)}, the fleet's
     * cluster task): the run without workers the older piece began goes on in it, where the piece's own scan, begun with no run
     * before it, keeps nothing and does not cover that state ({@link LogReader#scanCovers}); and from a state not known (a scan that
     * recorded none) every Pod is kept until the piece's own worker numbers settle it: more, never fewer.
     */
    @Test
    void aPieceScannedFromTheStateThePieceBeforeLeftKeepsItsRunsPods() throws IOException {
        StringBuilder older = new StringBuilder();
        start(older, 0, "16:31:00.100");
        filler(older, "16:31:01", 30, 0);
        StringBuilder live = new StringBuilder();
        filler(live, "16:31:05", 30, 100);
        start(live, 2, "16:31:11.100");
        filler(live, "16:31:12", 30, 500);
        LogReader reader = reader(1024);
        FileScan first = reader.scanFile(file("c.log.1", older.toString()));
        FileScan alone = reader.scanFile(file("c.log", live.toString()));
        assertFalse(interest(alone).mentions("filler-00100"), "alone, from no run: a run with workers");
        String left = LogReader.runStateAfter(first);
        assertFalse(LogReader.scanCovers(alone, left), "its scan did not begin where the older piece's run without workers goes on");
        assertTrue(LogReader.scanCovers(alone, LogReader.firstRunState()));
        FileScan carried = reader.scanFile(file("c.log", live.toString()), left);
        assertTrue(interest(carried).mentions("filler-00100"), "the older piece's run without workers goes on");
        assertFalse(interest(carried).mentions("filler-00500"), "after the live piece's own worker numbers: workers");
        assertTrue(LogReader.scanCovers(carried, left));

        String unknown = LogReader.runStateAfter(new FileScan(new long[0], new long[0], 0, 0, false));
        FileScan fromUnknown = reader.scanFile(file("c.log", live.toString()), unknown);
        assertTrue(interest(fromUnknown).mentions("filler-00100"));
        assertFalse(interest(fromUnknown).mentions("filler-00500"));
        assertTrue(LogReader.scanCovers(fromUnknown, left), "a scan from an unknown state covers any");
    }

    /**
     * Session 53: the local reading's pass 1b reads the chunks' lines on the pool, ahead of the state, and applies them in time
     * order on one thread. Runs without workers that end and begin again from chunk to chunk (a restart with workers, then
     * worker numbers without again; read ahead, then not walked, then walked again), a Workflow processed in between, two replicas
     * with their own states, and the same lines newest first: on 1, 2 and 4 threads, the same scan (Pods, run state) as the walk on
     * one thread, at chunks of several sizes.
     */
    @Test
    void onThePoolRunsWithoutWorkersEndingAndBeginningGiveTheWalksScan() throws IOException {
        StringBuilder log = new StringBuilder();
        start(log, 2, "16:30:00.100");
        filler(log, "16:30:01", 40, 0);
        start(log, 0, "16:31:00.100");
        created(log, "16:31:00.200", "ns", "busy-wf", "busy-wf-main-2222");
        filler(log, "16:31:01", 90, 100);
        processing(log, "16:31:02.000", "ns", "busy-wf");
        pod(log, "16:31:02.100", "update", "busy-wf-main-2222");
        filler(log, "16:31:03", 90, 200);
        start(log, 2, "16:32:00.100");
        filler(log, "16:32:01", 200, 300);
        log.append("time=2026-09-19T16:33:00.100Z level=INFO msg=\"Current Worker Numbers\" podCleanup=4 workflowWorkers=0 "
                + "cronWorkflowWorkers=8 workflowArchive=8 workflowTtlWorkers=4\n");
        filler(log, "16:33:01", 60, 500);
        start(log, 2, "16:34:00.100");
        filler(log, "16:34:01", 60, 600);
        InputFile f = file("restarts.log", log.toString());
        List<String> lines = new ArrayList<>(List.of(log.toString().split("\n")));
        java.util.Collections.reverse(lines);
        InputFile backward = file("restarts-backward.log", String.join("\n", lines) + "\n");

        StringBuilder two = new StringBuilder();
        two.append(stern("wc-x7w2n", "time=2026-09-19T16:31:11.100Z level=INFO msg=\"Current Worker Numbers\" podCleanup=4 workflowWorkers=0 "
                + "cronWorkflowWorkers=8 workflowArchive=8 workflowTtlWorkers=4"));
        for (int i = 0; i < 200; i++) {
            if (i == 120) {
                two.append(stern("wc-x7w2n", "time=2026-09-19T16:31:13.100Z level=INFO msg=\"Current Worker Numbers\" podCleanup=4 "
                        + "workflowWorkers=32 cronWorkflowWorkers=8 workflowArchive=8 workflowTtlWorkers=4"));
                two.append(stern("wc-b9k2z", "time=2026-09-19T16:31:13.200Z level=INFO msg=\"Current Worker Numbers\" podCleanup=4 "
                        + "workflowWorkers=0 cronWorkflowWorkers=8 workflowArchive=8 workflowTtlWorkers=4"));
            }
            two.append(stern(i % 2 == 0 ? "wc-x7w2n" : "wc-b9k2z", String.format(
                    "time=2026-09-19T16:31:%02d.%03dZ level=INFO msg=\"update pod event\" component=pod_controller pod=%s-%05d",
                    12 + i / 100 * 2, i % 100, i % 2 == 0 ? "first" : "second", i)));
        }
        InputFile replicas = file("replicas.log", two.toString());

        for (long chunkBytes : new long[] {600, 1024, 4096}) {
            LogReader reader = reader(chunkBytes);
            assertTrue(reader.chunks(f).size() > 8);
            FileScan scan = reader.scanFile(f);
            Interest interest = interest(scan);
            assertTrue(interest.mentions("filler-00100"), "the first run without workers");
            assertFalse(interest.mentions("busy-wf-main-2222"), "after its Workflow's pass");
            assertFalse(interest.mentions("filler-00300"), "the restart with workers");
            assertTrue(interest.mentions("filler-00559"), "worker numbers without workers again");
            assertFalse(interest.mentions("filler-00600"), "and workers again");
            assertOnThePool(scan, f, chunkBytes);
            assertOnThePool(reader.scanFile(backward), backward, chunkBytes);
            FileScan two2 = reader.scanFile(replicas);
            assertTrue(interest(two2).mentions("first-00118") && !interest(two2).mentions("first-00122"), "the first replica's run");
            assertTrue(interest(two2).mentions("second-00121") && !interest(two2).mentions("second-00119"), "the second's");
            assertOnThePool(two2, replicas, chunkBytes);
        }
    }

    /** The local reading's scan of {@code f} ({@link LogReader#read}, pass 1b on the pool) on 1, 2 and 4 threads is {@code walked}. */
    private void assertOnThePool(FileScan walked, InputFile f, long chunkBytes) {
        for (int threads : new int[] {1, 2, 4}) {
            java.util.Map<InputFile, FileScan> scanned = new java.util.HashMap<>();
            LogSource remembering = new LogSource() {
                @Override
                public java.util.Optional<dev.argoforensics.accounting.LogLines> earlierRead(InputFile file) {
                    return java.util.Optional.empty();
                }

                @Override
                public void scanned(InputFile file, FileScan scan) {
                    scanned.put(file, scan);
                }
            };
            LogReader reader = new LogReader(CATALOG, new ReadSettings(null, threads, false, chunkBytes, List.of(), Progress.NONE,
                    ChunkLineReader.MAX_LINE_BYTES), remembering);
            java.util.concurrent.ExecutorService pool = LogReader.readers(threads);
            try {
                List<dev.argoforensics.source.UnreadableInput> unreadable = new ArrayList<>();
                reader.read(List.of(f), dev.argoforensics.snapshot.ExportedObjects.none(), pool, new java.util.HashMap<>(), unreadable);
                assertTrue(unreadable.isEmpty(), unreadable.toString());
            } finally {
                pool.shutdownNow();
            }
            assertEquals(walked.encode(), scanned.get(f).encode(), "pass 1b on the pool, " + threads + " threads, chunks of " + chunkBytes);
        }
    }

    private static String stern(String pod, String line) {
        return pod + " workflow-controller " + line.substring(5, 29).replace("Z", "000000Z") + " " + line + "\n";
    }

    private static void created(StringBuilder log, String at, String ns, String wf, String pod) {
        log.append("time=2026-09-19T").append(at).append("Z level=INFO msg=\"Created pod\" component=workflow_worker workflow=").append(wf)
                .append(" namespace=").append(ns).append(" nodeName=").append(wf).append(" nodeID=").append(wf).append(" podName=").append(pod)
                .append('\n');
    }

    private static void processing(StringBuilder log, String at, String ns, String wf) {
        log.append("time=2026-09-19T").append(at).append("Z level=INFO msg=\"Processing workflow\" namespace=").append(ns)
                .append(" phase=Running resourceVersion=5 workflow=").append(wf).append('\n');
    }

    private static void start(StringBuilder log, int workers, String at) {
        log.append("time=2026-09-19T").append(at).append("Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3\n");
        log.append("time=2026-09-19T").append(at).append("Z level=INFO msg=\"Current Worker Numbers\" podCleanup=4 workflowWorkers=")
                .append(workers).append(" cronWorkflowWorkers=8 workflowArchive=8 workflowTtlWorkers=4\n");
    }

    /** {@code n} Pods' update lines within the second, the Pods {@code filler-<from>} on. */
    private static void filler(StringBuilder log, String second, int n, int from) {
        for (int i = 0; i < n; i++) {
            pod(log, String.format("%s.%03d", second, i), "update", String.format("filler-%05d", from + i));
        }
    }

    private static void pod(StringBuilder log, String at, String action, String pod) {
        log.append("time=2026-09-19T").append(at).append("Z level=INFO msg=\"").append(action).append(" pod event\" component=pod_controller pod=")
                .append(pod).append('\n');
    }

    private InputFile file(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return new InputClassifier().classify(p.toString(), p);
    }

    private static LogReader reader(long chunkBytes) {
        return new LogReader(CATALOG, new ReadSettings(null, 1, false, chunkBytes, List.of(), Progress.NONE,
                ChunkLineReader.MAX_LINE_BYTES), LogSource.files());
    }

    private static Interest interest(FileScan scan) {
        Interest i = Interest.none();
        i.add(scan);
        i.freeze();
        return i;
    }

    private static FileScan inChunkTasks(LogReader reader, InputFile f) throws IOException {
        String header = LogReader.headerLine(f);
        List<LineChunk> chunks = reader.chunks(f);
        List<byte[]> scans = new ArrayList<>();
        for (LineChunk c : chunks) {
            scans.add(reader.scanChunk(c, header));
        }
        return reader.fileScan(scans, header, chunks::get);
    }
}
