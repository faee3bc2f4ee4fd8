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
    }

    /**
     * A Workflow processed in the run since its worker numbers had a worker after all: its Pods' later lines are left out, as
     * AF003 leaves them ({@code Reconciliation.processedInStreamBetween}); a Pod listed before that pass, and another Workflow's,
     * stay. Without this a generated log whose "run without workers" goes on processing (the benchmark's) kept most of itself.
     */
    @Test
    void aPodOfAWorkflowTheRunProcessedIsLeftOutFromThatPass() throws IOException {
        StringBuilder log = new StringBuilder();
        start(log, 0, "16:31:11.100");
        pod(log, "16:31:12.000", "add", "early-wf-main-1111");
        log.append("time=2026-09-19T16:31:13.000Z level=INFO msg=\"Processing workflow\" namespace=ns phase=Running resourceVersion=5 workflow=early-wf\n");
        log.append("time=2026-09-19T16:31:13.100Z level=INFO msg=\"Processing workflow\" namespace=ns phase=Running resourceVersion=6 workflow=busy-wf\n");
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
