package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.ControllerProcess.Leadership;
import dev.argoforensics.event.ControllerProcess.ReplicaSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * With leader election on (v3.4.18 to v4.1.2) no line of a controller says {@code starting leading id=<itself>}: a standby logs
 * client-go's {@code attempting to acquire leader lease}, {@code new leader leader=<holder>} after its first, failed try, and on
 * taking the Lease {@code successfully acquired lease} beside a {@code new leader} naming itself (client-go's report of the new
 * holder runs in a goroutine: before or after the acquired line). A file named by nothing but its name takes that identity; the
 * holder it waited for, named seconds before, never.
 */
class PromotedStandbyIdentityTest {
    private static final String SELF = "workflow-controller-6c9d7f5b4-r7p2m";
    private static final String OTHER = "workflow-controller-6c9d7f5b4-k3x8z";

    @TempDir
    Path dir;

    private ControllerProcess only(String... lines) throws IOException {
        Path file = dir.resolve("controller.log");
        Files.writeString(file, String.join("\n", lines) + "\n");
        AnalysisResult r = Analysis.standard(AnalysisOptions.defaults().withThreads(1).keepingEverything(true)).run(List.of(file.toString()));
        List<ControllerProcess> runs = r.correlation().processes();
        assertEquals(1, runs.size(), runs.toString());
        return runs.get(0);
    }

    private static String at(String time, String msg, String field) {
        return "time=\"2026-11-20T09:" + time + "Z\" level=info msg=\"" + msg + "\"" + (field == null ? "" : " " + field);
    }

    private static String klog(String time, String text) {
        return "I1120 09:" + time + "       1 leaderelection.go:" + (text.startsWith("attempting") ? "257" : "271") + "] " + text;
    }

    private static String[] promoted(boolean selfBeforeAcquired) {
        String self = at("14:20.412", "new leader", "leader=" + SELF);
        String acquired = klog("14:20.411873", "successfully acquired lease argo/workflow-controller");
        return new String[] {
            klog("12:03.118204", "attempting to acquire leader lease argo/workflow-controller..."),
            at("12:03.131", "new leader", "leader=" + OTHER),
            selfBeforeAcquired ? self : acquired,
            selfBeforeAcquired ? acquired : self,
            at("14:20.415", "Starting Workflow Controller", "defaultRequeueTime=10s version=v3.6.5"),
            at("14:20.416", "Current Worker Numbers", "podCleanup=4 workflow=32 workflowArchive=8 workflowTtl=4"),
            at("14:21.002", "Processing workflow", "Phase=Running namespace=ml-training workflow=train-4k2pd"),
        };
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aPromotedStandbyIsNamedByTheNewLeaderLineOfItsOwnAcquisition(boolean selfBeforeAcquired) throws IOException {
        ControllerProcess p = only(promoted(selfBeforeAcquired));
        assertEquals(SELF, p.replica());
        assertEquals(ReplicaSource.LEADER_ELECTION, p.replicaFrom());
        assertEquals(Leadership.LEADER, p.leadership());
    }

    /** A leader at its start: the file opens with client-go's klog lines (no year until a dated record), then its own report. */
    @Test
    void aLeaderWhoseFileOpensWithKlogLinesIsNamedToo() throws IOException {
        ControllerProcess p = only(
                klog("12:03.118204", "attempting to acquire leader lease argo/workflow-controller..."),
                klog("12:03.140522", "successfully acquired lease argo/workflow-controller"),
                at("12:03.141", "new leader", "leader=" + SELF),
                at("12:03.145", "Starting Workflow Controller", "defaultRequeueTime=10s version=v3.6.5"),
                at("12:04.002", "Processing workflow", "Phase=Running namespace=ml-training workflow=train-4k2pd"));
        assertEquals(SELF, p.replica());
        assertEquals(ReplicaSource.LEADER_ELECTION, p.replicaFrom());
    }

    /** Control: its own report is missing; the holder it named after its failed first try, two minutes before, is not it. */
    @Test
    void theHolderItWaitedForDoesNotNameIt() throws IOException {
        ControllerProcess p = only(
                klog("12:03.118204", "attempting to acquire leader lease argo/workflow-controller..."),
                at("12:03.131", "new leader", "leader=" + OTHER),
                klog("14:20.411873", "successfully acquired lease argo/workflow-controller"),
                at("14:20.415", "Starting Workflow Controller", "defaultRequeueTime=10s version=v3.6.5"),
                at("14:21.002", "Processing workflow", "Phase=Running namespace=ml-training workflow=train-4k2pd"));
        assertEquals(ReplicaSource.FILE, p.replicaFrom(), p.replica());
        assertEquals(Leadership.LEADER, p.leadership());
    }

    /** Control: a standby that never took the Lease names only the holder; that is another replica, not this one. */
    @Test
    void aStandbyNamingTheHolderStaysNamedByItsFile() throws IOException {
        ControllerProcess p = only(
                klog("12:03.118204", "attempting to acquire leader lease argo/workflow-controller..."),
                at("12:03.131", "new leader", "leader=" + OTHER));
        assertEquals(ReplicaSource.FILE, p.replicaFrom(), p.replica());
        assertEquals(Leadership.STANDBY, p.leadership());
    }

    /** Control: a new leader line long after the acquisition (the Lease passed on later) is another replica's taking it. */
    @Test
    void aLaterNewLeaderIsAnotherHolder() throws IOException {
        ControllerProcess p = only(
                klog("12:03.118204", "attempting to acquire leader lease argo/workflow-controller..."),
                klog("12:03.140522", "successfully acquired lease argo/workflow-controller"),
                at("12:03.145", "Starting Workflow Controller", "defaultRequeueTime=10s version=v3.6.5"),
                at("14:20.412", "new leader", "leader=" + OTHER));
        assertEquals(ReplicaSource.FILE, p.replicaFrom(), p.replica());
    }
}
