package dev.argoforensics.correlate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.FinalizerRemoval.RemovalCause;
import dev.argoforensics.testing.Evidence;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Lines of an excerpt whose Pod names were left out: one Pod only where nothing could be a second one. */
class ElidedNamesTest {
    private static final String HANDLER = "07:02:19.884 Removing finalizers during a delete ... pod.Finalizers=[workflows.argoproj.io/status]";

    private static PodKey elided(String at) {
        return new PodKey(ElidedNames.NAMESPACE, "(name omitted; released at " + at + ")");
    }

    @Test
    void aSingleChainIsOnePodNamedForWhatItIsWithTheLineOfItsRelease() {
        Correlation c = new Evidence().log("issue.txt",
                "07:02:19.801 Current Worker Numbers ... workflowWorkers=0 ... podCleanup=4",
                HANDLER,
                "07:02:19.884 queuing pod delay ... delay=-51.884002113s action=removeFinalizer",
                "07:02:19.885 queueing pod for cleanup ... action=removeFinalizer",
                "07:02:19.961 cleaning up pod ... action=removeFinalizer",
                "07:02:19.990 delete pod event").correlate();
        assertEquals(List.of(elided("issue.txt:5")), List.copyOf(c.pods().keySet()));
        PodKey pod = elided("issue.txt:5");
        assertTrue(ElidedNames.isElided(pod.name()));
        FinalizerRemoval r = c.pods().get(pod).removals().get(0);
        assertEquals(RemovalCause.POD_DELETED, r.cause(), "the handler line before it: the deleting branch");
        assertEquals(-51_884_002_113L, r.schedule().orElseThrow().delayNanos());
        assertNotNull(r.started());
        assertEquals(InformerExit.Kind.REMOVED, c.lifecycle(pod).informerExit().kind());
        assertNull(c.pods().get(pod).link(), "no line ties it to a Workflow node");
    }

    @Test
    void twoChainsInOneExcerptLeaveEachReleaseLineAloneAndTheCleanupLinesUnassigned() {
        Correlation c = new Evidence().log("issue.txt",
                HANDLER,
                "07:02:19.884 queuing pod delay ... delay=-51.884002113s action=removeFinalizer",
                "07:02:20.107 Removing finalizers during a delete ... pod.Finalizers=[workflows.argoproj.io/status]",
                "07:02:20.107 queuing pod delay ... delay=-3m7.000981220s action=removeFinalizer",
                "07:02:20.160 cleaning up pod ... action=removeFinalizer",
                "07:02:20.171 cleaning up pod ... action=removeFinalizer",
                "07:02:20.230 delete pod event").correlate();
        assertEquals(List.of(elided("issue.txt:2"), elided("issue.txt:4")), List.copyOf(c.pods().keySet()));
        for (PodKey pod : c.pods().keySet()) {
            FinalizerRemoval r = c.pods().get(pod).removals().get(0);
            assertNotNull(r.onDelete(), pod + ": its own handler line is still paired with it");
            assertNull(r.started(), pod + ": which cleanup line released which Pod cannot be told");
        }
        assertEquals(-187_000_981_220L, c.pods().get(elided("issue.txt:4")).removals().get(0).schedule().orElseThrow().delayNanos());
    }

    @Test
    void aNamedPodLineOrASecondActionMeansAnotherPodCouldBeThere() {
        Correlation named = new Evidence().log("issue.txt",
                "07:02:19.884 queuing pod delay ... delay=-51.884002113s action=removeFinalizer",
                "07:02:19.961 cleaning up pod ... action=removeFinalizer",
                "07:02:19.990 delete pod event pod=etl-daily-7wq2c-load-2210087361").correlate();
        assertTrue(named.pods().containsKey(elided("issue.txt:1")));
        assertNull(named.pods().get(elided("issue.txt:1")).removals().get(0).started(), "the cleanup line is not given to it");

        Correlation actions = new Evidence().log("issue.txt",
                "07:02:19.884 queuing pod delay ... delay=-51.884002113s action=removeFinalizer",
                "07:02:19.961 cleaning up pod ... action=labelPodCompleted").correlate();
        assertEquals(List.of(elided("issue.txt:1")), List.copyOf(actions.pods().keySet()));
    }

    @Test
    void datedLinesAreNeverGivenAPlaceholder() {
        Correlation c = new Evidence().log("controller.log",
                "time=2026-09-19T10:01:30.001Z level=INFO msg=\"Removing finalizers during a delete\" component=pod_controller pod.Finalizers=[workflows.argoproj.io/status]",
                "time=2026-09-19T10:01:30.004Z level=INFO msg=\"cleaning up pod\" component=pod_controller action=removeFinalizer").correlate();
        assertTrue(c.pods().keySet().stream().noneMatch(k -> ElidedNames.isElided(k.name())), c.pods().keySet().toString());
    }
}
