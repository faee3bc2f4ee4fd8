package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.ControllerProcess.Leadership;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One controller process's log rotated (by size, or two pieces a collector saved apart) where the cut falls inside its election:
 * the older piece ends with client-go's {@code successfully acquired lease} (and the {@code new leader} line naming itself), the
 * newer one opens with the {@code Starting Workflow Controller} banner that {@code OnStartedLeading} logs right after. One process,
 * one run, as the same lines in one file are (main.go logs the banner once per process, after its own acquisition); a banner after
 * {@code stopped leading} in the older piece is a new process (the container restarted).
 */
class RotatedElectionRunsTest {
    private static final String SELF = "workflow-controller-6c9d7f5b4-r7p2m";
    private static final String OTHER = "workflow-controller-6c9d7f5b4-k3x8z";

    @TempDir
    Path dir;

    private List<ControllerProcess> runs(List<String> older, List<String> newer) throws IOException {
        Path logs = Files.createDirectories(dir.resolve("logs"));
        Files.write(logs.resolve("workflow-controller.log.1"), older);
        Files.write(logs.resolve("workflow-controller.log"), newer);
        AnalysisResult r = Analysis.standard(AnalysisOptions.defaults().withThreads(1).keepingEverything(true)).run(List.of(logs.toString()));
        return r.correlation().processes();
    }

    private static String at(String time, String msg, String field) {
        return "time=\"2026-11-20T09:" + time + "Z\" level=info msg=\"" + msg + "\"" + (field == null ? "" : " " + field);
    }

    private static String klog(String time, String text) {
        return "I1120 09:" + time + "       1 leaderelection.go:" + (text.startsWith("attempting") ? "257" : "271") + "] " + text;
    }

    private static final List<String> AFTER_BANNER = List.of(
            at("14:20.415", "Starting Workflow Controller", "defaultRequeueTime=10s version=v3.6.5"),
            at("14:20.416", "Current Worker Numbers", "podCleanup=4 workflow=32 workflowArchive=8 workflowTtl=4"),
            at("14:21.002", "Processing workflow", "Phase=Running namespace=ml-training workflow=train-4k2pd"));

    private static List<String> waitedAndTook(boolean withOwnReport) {
        List<String> l = new java.util.ArrayList<>(List.of(
                at("11:59.001", "Get leader election config", null),
                klog("12:03.118204", "attempting to acquire leader lease argo/workflow-controller..."),
                at("12:03.131", "new leader", "leader=" + OTHER),
                klog("14:20.411873", "successfully acquired lease argo/workflow-controller")));
        if (withOwnReport) {
            l.add(at("14:20.412", "new leader", "leader=" + SELF));
        }
        return l;
    }

    @Test
    void theBannerOpeningTheNewerPieceContinuesTheAcquisitionEndingTheOlder() throws IOException {
        List<ControllerProcess> runs = runs(waitedAndTook(true), AFTER_BANNER);
        assertEquals(1, runs.size(), runs.toString());
        assertEquals(SELF, runs.get(0).replica());
        assertEquals(Leadership.LEADER, runs.get(0).leadership());
        assertEquals(1, runs.get(0).incarnation());
    }

    /** The cut between the acquired line and the process's own report of itself: that report opens the newer piece. */
    @Test
    void theOwnReportOpeningTheNewerPieceNamesTheRun() throws IOException {
        List<String> newer = new java.util.ArrayList<>();
        newer.add(at("14:20.412", "new leader", "leader=" + SELF));
        newer.addAll(AFTER_BANNER);
        List<ControllerProcess> runs = runs(waitedAndTook(false), newer);
        assertEquals(1, runs.size(), runs.toString());
        assertEquals(SELF, runs.get(0).replica());
        assertEquals(Leadership.LEADER, runs.get(0).leadership());
    }

    /** Control: the older piece ends with the Lease given up (the process exits): the banner is a restarted container's. */
    @Test
    void aBannerAfterStoppedLeadingIsANewProcess() throws IOException {
        List<String> older = new java.util.ArrayList<>(waitedAndTook(true));
        older.addAll(AFTER_BANNER);
        older.add(at("20:01.000", "stopped leading", "id=" + SELF));
        List<String> newer = List.of(
                at("20:09.415", "Starting Workflow Controller", "defaultRequeueTime=10s version=v3.6.5"),
                at("20:10.002", "Processing workflow", "Phase=Running namespace=ml-training workflow=train-4k2pd"));
        List<ControllerProcess> runs = runs(older, newer);
        assertEquals(2, runs.size(), runs.toString());
        assertEquals(2, runs.get(1).incarnation());
    }

    /** Control: a banner already logged in the older piece: another banner opening the newer one is another process. */
    @Test
    void aSecondBannerIsANewProcess() throws IOException {
        List<String> older = new java.util.ArrayList<>(waitedAndTook(true));
        older.addAll(AFTER_BANNER);
        List<String> newer = List.of(
                at("20:09.415", "Starting Workflow Controller", "defaultRequeueTime=10s version=v3.6.5"),
                at("20:10.002", "Processing workflow", "Phase=Running namespace=ml-training workflow=train-4k2pd"));
        assertEquals(2, runs(older, newer).size());
    }
}
