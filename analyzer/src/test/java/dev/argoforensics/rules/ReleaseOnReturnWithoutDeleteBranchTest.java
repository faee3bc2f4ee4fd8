package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import org.junit.jupiter.api.Test;

/**
 * Session 48 breaker: AF004's namesake check (a release on the controller's return clears a held Pod only if the deadline its
 * {@code queuing pod} line gives is the export's, last transition plus max(pod GC delay, 2m)) against a release made on another
 * branch of the pod event handler. In v3.6.0-v3.6.15 and v3.7.0-v3.7.6 the add and update handlers call {@code commonPodEvent}
 * with {@code deleting} false, whatever the Pod's deletionTimestamp, so a returning run that lists a deleted Pod whose Workflow is
 * gone releases it on the orphan branch: no 2m minimum, and with no pod GC delay no deadline at all ({@code delay} 0s, queued at
 * once). Pod {@code ns/p}, its last transition 16:27:47, is deleted at 16:31:04 (its Workflow deleted while the controller was
 * down); a (v3.7.6) logs it and stops at 16:30; an export with a time of its own (a label set at 17:00) shows the finalizer on at
 * 17:01:04; b (v3.7.6) starts at 17:05 and releases the same Pod at once. Its logged "deadline" (17:05:00.101 + 0s) is not the
 * export's (16:29:47), yet the Pod released is the held one. Kept as a control (the attack does not land): with the Workflow gone
 * nothing labels the Pod, so its {@code delete pod event} after the release is its removal, after the export, and AF004 clears it
 * as released later before the deadline check is reached; with the Workflow there, these releases do not release on the return.
 */
class ReleaseOnReturnWithoutDeleteBranchTest {
    private final FinalizerStuck rule = new FinalizerStuck(RuleSettings.defaults());

    private static String deletedPod() {
        return Exports.Pod.of().phase("Succeeded").deleted("2026-09-19T16:31:04Z", 0)
                .terminated("main", 0, "Completed", "2026-09-19T16:27:44Z").terminated("wait", 0, "Completed", "2026-09-19T16:27:44Z").yaml()
                .replace("  labels:", "  managedFields: [{manager: kubectl-label, operation: Update, time: \"2026-09-19T17:00:00Z\"}]\n  labels:");
    }

    private static String line(String t, String rest) {
        return "time=\"" + t + "\" level=info msg=" + rest;
    }

    private static Evidence evidence(String version, String delay) {
        return new Evidence().takenAt("pod.yaml", "2026-09-19T17:01:04Z", deletedPod())
                .log("a.log", line("2026-09-19T16:20:00.000Z", "\"Starting Workflow Controller\" defaultRequeueTime=10s version=" + version),
                        line("2026-09-19T16:27:10.500Z", "\"add pod event\" pod=p"),
                        line("2026-09-19T16:27:45.000Z", "\"update pod event\" pod=p"),
                        line("2026-09-19T16:30:00.000Z", "\"Processing workflow\" Phase=Running ResourceVersion=9 namespace=ns workflow=other"))
                .log("b.log", line("2026-09-19T17:05:00.000Z", "\"Starting Workflow Controller\" defaultRequeueTime=10s version=" + version),
                        line("2026-09-19T17:05:00.000Z", "\"Processing workflow\" Phase=Running ResourceVersion=9 namespace=ns workflow=other"),
                        line("2026-09-19T17:05:00.100Z", "\"add pod event\" pod=p"),
                        line("2026-09-19T17:05:00.101Z", "\"queuing poddelay" + delay + "\" action=removeFinalizer namespace=ns podGC=\"{ <nil> }\" podName=p"),
                        line("2026-09-19T17:05:00.102Z", "\"queueing pod for cleanup\" action=removeFinalizer namespace=ns podName=p"),
                        line("2026-09-19T17:05:00.150Z", "\"cleaning up pod\" action=removeFinalizer key=ns/p/removeFinalizer"),
                        line("2026-09-19T17:05:00.200Z", "\"delete pod event\" pod=p"),
                        line("2026-09-19T17:20:00.000Z", "\"Processing workflow\" Phase=Running ResourceVersion=9 namespace=ns workflow=other"));
    }

    /** v3.7.6's orphan branch, no pod GC delay ({@code delay} 0s): the same Pod, removed after the export, cleared as released later. */
    @Test
    void anOrphanReleaseOnTheReturnIsTheRemovalAfterTheExport() {
        Evaluation e = rule.evaluate(evidence("v3.7.6", "0s").correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertEquals(1, e.cleared().size(), () -> e.cleared().toString());
        assertTrue(e.cleared().get(0).toString().contains("AF004.cleared.releasedLater"), () -> e.cleared().toString());
    }

    /**
     * Control beside it (session 49): a delay that fits neither branch for this export (the orphan branch's is 0s here, the deleting
     * branch's 16:29:47 less the line's time) is a scheduling of another Pod of the name, as s49-af004's namesake check reads it:
     * no clearance, the finding possible, naming it.
     */
    @Test
    void aDelayOfNeitherBranchIsNotTheHeldPodsRelease() {
        Evaluation e = rule.evaluate(evidence("v3.7.6", "-20m0s").correlate());
        assertTrue(e.cleared().isEmpty(), () -> e.cleared().toString());
        assertEquals(1, e.findings().size(), () -> e.findings().toString());
        assertEquals("AF004.reason.namesakeLeftLater", e.findings().get(0).reason().code(), () -> e.findings().toString());
    }
}
