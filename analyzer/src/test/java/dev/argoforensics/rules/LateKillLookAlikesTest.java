package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.argoforensics.testing.Evidence;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * s47-breaker15: attacks on AF007's late-kill acceptance (s47-af001err, {@code PodHistory.deletionRequestedAt}): a kubelet Killing more
 * than a minute after the deletion's request is read as that deletion's, seen late, where the Pod's own export dates the request.
 * Truth first: the kubelet words the kill it makes for a deletion {@code Stopping container X}; a probe's kill names the probe
 * ({@code Container X failed liveness probe, will be restarted}) and is the kubelet's own decision, whatever the API server holds.
 * Where a kubelet that had not yet seen the deletion kills main for a failed probe, main's 137 is the probe's, not the deletion's.
 */
class LateKillLookAlikesTest {
    private static final String WF = "fanout-report-2m9qk";
    private static final String POD = WF + "-shard-2939993331";
    private static final String NID = WF + "-2939993331";
    private final PodDeletedDuringExecution rule = new PodDeletedDuringExecution();

    /** The controller read the node Failed 137 at 11:05:42 (the kill came late). */
    private static String[] lateLogs() {
        return java.util.Arrays.stream(KilledByDeletionTest.logs("Error (exit code 137)")).map(l -> l.replace("T11:04:01.", "T11:05:42."))
                .toArray(String[]::new);
    }

    /** The kubelet's Killing of main at {@code at} with {@code message}. */
    private static String kill(String at, String message) {
        return KilledByDeletionTest.killing(at).replace("message: Stopping container main", "message: \"" + message + "\"");
    }

    /** The Pod exported after main's end: the eviction's deletion (11:04:00, grace 30) on it, main ended 137 at 11:05:41. */
    private static final String EXPORT = KilledByDeletionTest.deletedPod("2026-12-04T11:04:30Z");

    private List<Finding> findings(String... events) {
        Evidence e = new Evidence().log("workflow-controller.log", lateLogs()).object("audit.log", KilledByDeletionTest.EVICTION).object("pod.yaml", EXPORT);
        for (int i = 0; i < events.length; i++) {
            e.object("events-" + i + ".yaml", events[i]);
        }
        return rule.evaluate(e.correlate()).findings();
    }

    /**
     * The attack: the kubelet had not seen the eviction's deletion (main still ran 100 s after it, past its 30 s grace) and killed
     * main at 11:05:40 for its failed liveness probe. The 137 is the probe's kill; the Pod's export dating the deletion says the
     * deletion is this Pod's, not that this kill was its kill. Nothing is reported on this path (as before s47's acceptance).
     */
    @Test
    void aLateLivenessProbesKillIsNotTheDeletionsKill() {
        assertEquals(List.of(), findings(kill("2026-12-04T11:05:40Z", "Container main failed liveness probe, will be restarted")));
        assertEquals(List.of(), findings(kill("2026-12-04T11:05:40Z", "Container main failed startup probe, will be restarted")));
    }

    /** Control (s47-af001err's case): the same late kill worded as the deletion's stop is still read as the deletion's, seen late. */
    @Test
    void aLateStopOfMainIsStillTheDeletions() {
        List<Finding> f = findings(kill("2026-12-04T11:05:40Z", "Stopping container main"));
        assertEquals(1, f.size(), f::toString);
    }
}
