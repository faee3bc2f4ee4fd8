package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Evidence;
import org.junit.jupiter.api.Test;

/**
 * Session 33 review: two replicas, the second's clock 40 s behind. The first records a node lost and stores the Workflow still
 * Running at resourceVersion 81210, then loses the Lease; the second takes over, reads that copy (resourceVersion=81210), fails
 * the Workflow and stores it at 81230. By the lines' times the completion came first and the lost node's stored write after it:
 * AF009 confirmed, though the completing pass read the very write it was said to be regressed by.
 */
class RevisionOrderLookAlikeTest {

    private static String op(String stamp, String msg, String rest) {
        return "time=2026-10-08T" + stamp + "Z level=INFO msg=\"" + msg + "\" component=workflow_worker workflow=etl-nightly-7xk2p namespace=etl" + rest;
    }

    /** The replica that recorded the node lost and stored the Workflow Running at {@code storedRv}, then lost the Lease. */
    private static String[] first(String storedRv) {
        return new String[] {
            "time=2026-10-08T09:55:00.101Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.2 defaultRequeueTime=10s gitTag=v4.1.2",
            "time=2026-10-08T09:55:00.121Z level=INFO msg=\"new leader\" leader=workflow-controller-6d8f7b9c4-b2k7q",
            op("10:01:00.100", "Processing workflow", " phase=Running resourceVersion=81104"),
            op("10:01:00.103", "Workflow pod is missing", " nodeName=etl-nightly-7xk2p[1].load nodePhase=Running recentlyStarted=false"),
            "time=2026-10-08T10:01:00.103Z level=ERROR msg=\"marking node as error\" component=workflow_worker workflow=etl-nightly-7xk2p"
                    + " namespace=etl error=\"pod deleted\" nodeName=etl-nightly-7xk2p[1].load",
            op("10:01:00.104", "node phase changed", " node=etl-nightly-7xk2p-1409335210 toPhase=Error fromPhase=Running"),
            op("10:01:00.121", "Workflow update successful", " resourceVersion=" + storedRv + " phase=Running"),
            "time=2026-10-08T10:01:02.501Z level=INFO msg=\"stopped leading\" id=workflow-controller-6d8f7b9c4-b2k7q"};
    }

    /** The replica that took over, its clock 40 s behind: it reads resourceVersion 81210, fails the Workflow and stores it at 81230. */
    private static String[] second() {
        return new String[] {
            "time=2026-10-08T09:54:10.101Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.2 defaultRequeueTime=10s gitTag=v4.1.2",
            "time=2026-10-08T10:00:40.111Z level=INFO msg=\"new leader\" leader=workflow-controller-6d8f7b9c4-q9m3t",
            op("10:00:41.300", "Processing workflow", " phase=Running resourceVersion=81210"),
            op("10:00:41.307", "node phase changed", " node=etl-nightly-7xk2p toPhase=Failed fromPhase=Running"),
            op("10:00:41.309", "updated phase", " fromPhase=Running toPhase=Failed"),
            op("10:00:41.310", "Marking workflow completed", ""),
            op("10:00:41.331", "Workflow update successful", " resourceVersion=81230 phase=Failed")};
    }

    /**
     * A write stored at a lower resourceVersion than the completion was stored before it, whatever two replicas' clocks say:
     * no regression. The control: the same lines with the lost node's write stored at 81250, after the completion's 81230, stay
     * AF009's stored variant.
     */
    @Test
    void aWriteStoredBelowTheCompletionsResourceVersionCameBeforeIt() {
        Evaluation e = new PhaseRegression().evaluate(new Evidence().log("b2k7q.log", first("81210")).log("q9m3t.log", second()).correlate());
        assertTrue(e.findings().isEmpty(), e.toString());

        Evaluation control = new PhaseRegression().evaluate(new Evidence().log("b2k7q.log", first("81250")).log("q9m3t.log", second()).correlate());
        assertEquals(1, control.findings().size(), control.toString());
    }
}
