package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.rules.Clearance;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * #13335's paste: {@code kubectl get wf -n NS W} shows it Running, {@code kubectl get pods -n NS | grep W} shows its Pods
 * Completed, nothing else. Until session 32 AF006 said nothing of it ("0 findings"). Nothing here dates anything or tells a
 * task result never synced from a next step not yet created, so AF006 does not decide: it says so, and what would decide.
 */
class RunningWithEndedPodsTest {
    @TempDir
    Path dir;

    private AnalysisResult run(String... lines) throws IOException {
        return PastedAf006.run(dir, "session.txt", lines);
    }

    private static String[] session(String wfPhase, String podStatus, String wfName) {
        return new String[] {
            "ops@jump-2:/home/ops# kubectl get wf -n geo-pipeline " + wfName,
            "NAME                 STATUS    AGE   MESSAGE",
            wfName + "   " + wfPhase + "   19h   ",
            "ops@jump-2:/home/ops# kubectl get pods -n geo-pipeline | grep mosaic-build",
            "mosaic-build-7tqzp-stitch-2989526296    0/2     Completed   0          19h",
            "mosaic-build-7tqzp-upload-98405415      " + ("Running".equals(podStatus) ? "2/2" : "0/2") + "     " + podStatus + "   0          19h",
        };
    }

    @Test
    void aRunningWorkflowWhosePodsHaveAllEndedIsUndecidedAndSaysWhatWouldDecide() throws IOException {
        AnalysisResult r = run(session("Running", "Completed", "mosaic-build-7tqzp"));
        assertTrue(PastedAf006.findings(r).isEmpty(), "nothing dates anything, nothing says a result is pending: " + PastedAf006.findings(r));
        List<Clearance> c = PastedAf006.cleared(r);
        assertEquals(1, c.size(), c.toString());
        String why = c.get(0).reason();
        assertTrue(why.startsWith("not decided: Workflow geo-pipeline/mosaic-build-7tqzp is Running"), why);
        assertTrue(why.contains("the 2 Pods of it listed are all Completed"), why);
        assertTrue(why.contains("taskResultsCompletionStatus") && why.contains("report-outputs-completed"), why);
        assertEquals(3, c.get(0).evidence().line(), "the kubectl get workflows row");
    }

    /** Negative control: a Pod still Running: the Workflow runs as it should. */
    @Test
    void aPodStillRunningSaysNothing() throws IOException {
        assertTrue(PastedAf006.cleared(run(session("Running", "Running", "mosaic-build-7tqzp"))).isEmpty());
    }

    /** Negative control: the Workflow ended: nothing holds it. */
    @Test
    void anEndedWorkflowSaysNothing() throws IOException {
        assertTrue(PastedAf006.cleared(run(session("Succeeded", "Completed", "mosaic-build-7tqzp"))).isEmpty());
    }

    /**
     * Negative control: the Pods are those of another Workflow of the paste whose name starts with this one's: a namesake's, not
     * its own (a longer name the Pod's starts with is the closer match).
     */
    @Test
    void aNamesakesPodsAreNotItsPods() throws IOException {
        AnalysisResult r = run(
            "ops@jump-2:/home/ops# kubectl get wf -n geo-pipeline",
            "NAME                 STATUS      AGE   MESSAGE",
            "mosaic-build         Running     20h   ",
            "mosaic-build-7tqzp   Succeeded   19h   ",
            "ops@jump-2:/home/ops# kubectl get pods -n geo-pipeline | grep mosaic-build",
            "mosaic-build-7tqzp-stitch-2989526296    0/2     Completed   0          19h");
        assertTrue(PastedAf006.cleared(r).isEmpty(), PastedAf006.cleared(r).toString());
    }
}
