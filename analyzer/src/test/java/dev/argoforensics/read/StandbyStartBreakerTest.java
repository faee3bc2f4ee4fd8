package dev.argoforensics.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.ControllerProcess.Leadership;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Session 50 breaker on {@link FileRuns}' file-end split (a held election start at the file's end opens its own run). The
 * controller (v3.6 to v4.1, cmd/workflow-controller) runs one leader election per process and exits when it stops leading, so one
 * process logs its election start once: a start after work is another process's. Attacks: the start followed by one line of the
 * leader's work at the file's end (a merged stream: the leader goes on), the chunk boundary exactly at the start's line, and
 * {@code kubectl logs --prefix} of two Pods (each Pod's lines its own key, no hold across them).
 */
class StandbyStartBreakerTest {
    private static final String HOLDER = "workflow-controller-7c9d8f6b4-mx2lp";
    private static final String OTHER = "workflow-controller-5f6b7d9c8-qz4tn";

    @TempDir
    Path dir;

    private static final List<String> TAIL = List.of(
            "time=2026-11-12T14:03:10.526Z level=INFO msg=\"Processing workflow\" component=workflow_worker workflow=invoice-batch-k2w9d namespace=invoicing phase=Running resourceVersion=4418826",
            "time=2026-11-12T14:03:10.534Z level=INFO msg=\"Workflow update successful\" component=workflow_worker workflow=invoice-batch-k2w9d namespace=invoicing phase=Running resourceVersion=4418851");
    private static final List<String> START = List.of(
            "time=2026-11-12T14:07:05.311Z level=INFO msg=\"Attempting to acquire leader lease...\" lock=argo/workflow-controller",
            "time=2026-11-12T14:07:05.331Z level=INFO msg=\"new leader\" leader=" + HOLDER);
    private static final String LEADER_WORK =
            "time=2026-11-12T14:07:20.534Z level=INFO msg=\"Processing workflow\" component=workflow_worker workflow=invoice-batch-k2w9d namespace=invoicing phase=Running resourceVersion=4418851";

    private List<ControllerProcess> runs(long chunkBytes, boolean keep, List<String> lines) throws IOException {
        return OneFileTwoProcessesTest.runs(dir, chunkBytes, keep, lines);
    }

    /** The start, then one line of the leader's work as the file's last line: the leader goes on, one run with all its work. */
    @ParameterizedTest
    @CsvSource({"16777216,true", "16777216,false", "40,true", "40,false"})
    void oneLineOfTheLeadersWorkAfterTheStartAtTheFileEndKeepsOneRun(long chunkBytes, boolean keep) throws IOException {
        List<String> lines = new ArrayList<>(TAIL);
        lines.addAll(START);
        lines.add(LEADER_WORK);
        List<ControllerProcess> runs = runs(chunkBytes, keep, lines);
        assertEquals(1, runs.size(), runs.toString());
        assertEquals(2, runs.get(0).work().processed(), runs.toString());
        assertEquals("2026-11-12T14:07:20.534Z", runs.get(0).last().format(), runs.toString());
    }

    /** A chunk boundary exactly at the start's line (and one byte either side): the split is the same as read whole. */
    @ParameterizedTest
    @CsvSource({"0,true", "0,false", "-1,true", "1,false"})
    void aChunkBoundaryAtTheStartLineSplitsAlike(int shift, boolean keep) throws IOException {
        List<String> lines = new ArrayList<>(TAIL);
        lines.addAll(START);
        long boundary = (String.join("\n", TAIL) + "\n").getBytes(StandardCharsets.UTF_8).length + shift;
        List<ControllerProcess> runs = runs(boundary, keep, lines);
        assertEquals(2, runs.size(), runs.toString());
        assertEquals("2026-11-12T14:03:10.534Z", runs.get(0).last().format(), runs.toString());
        assertEquals(Leadership.STANDBY, runs.get(1).leadership(), runs.toString());
        assertEquals("2026-11-12T14:07:05.311Z", runs.get(1).first().format(), runs.toString());
    }

    /**
     * {@code kubectl logs -l app=workflow-controller --prefix}: the leader's lines and the other Pod's start-up interleaved, the
     * leader working on after it and logging last. Each Pod is its own run; the leader's work all in its own.
     */
    @ParameterizedTest
    @CsvSource({"16777216,true", "40,false"})
    void prefixedLinesOfTwoPodsAreTwoRuns(long chunkBytes, boolean keep) throws IOException {
        String a = "[pod/" + HOLDER + "/workflow-controller] ";
        String b = "[pod/" + OTHER + "/workflow-controller] ";
        List<String> lines = new ArrayList<>();
        TAIL.forEach(l -> lines.add(a + l));
        START.forEach(l -> lines.add(b + l));
        lines.add(a + LEADER_WORK);
        lines.add(b + "time=2026-11-12T14:08:05.000Z level=INFO msg=\"healthz: current pod is not the leader\"");
        List<ControllerProcess> runs = runs(chunkBytes, keep, lines);
        assertEquals(2, runs.size(), runs.toString());
        ControllerProcess leader = runs.stream().filter(r -> r.replica().equals(HOLDER)).findFirst().orElseThrow();
        ControllerProcess standby = runs.stream().filter(r -> r.replica().equals(OTHER)).findFirst().orElseThrow();
        assertEquals(2, leader.work().processed(), runs.toString());
        assertEquals("2026-11-12T14:07:20.534Z", leader.last().format(), runs.toString());
        assertEquals(Leadership.STANDBY, standby.leadership(), runs.toString());
        assertEquals(0, standby.work().processed(), runs.toString());
    }
}
