package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.argoforensics.testing.Evidence;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 48, on AF007's late-kill acceptance (s47, {@code PodHistory.deletionRequestedAt}): a kubelet Killing worded {@code Stopping
 * container main} more than a minute after the request that the Pod's own export dates is read as that deletion's kill, seen late.
 * The look-alike: the Pod's own deadline. Argo puts the template's (or the Workflow's remaining) {@code activeDeadlineSeconds} on the
 * Pod spec; when it passes, the kubelet fails the Pod ({@code status.reason} {@code DeadlineExceeded}, its {@code message} "Pod was
 * active on the node longer than the specified deadline", an Event of that reason) and stops its containers with the same wording
 * as a deletion's stop. The wording cannot tell them apart; what does is the node's end: {@code inferFailedReason} takes a Pod's
 * non-empty {@code status.message} before any exit code (v3.4 to v4.1), so the controller records the deadline's message, never a
 * kill's exit code, and the late path (which needs the node recorded on a kill's exit) is not taken. (The controller's own deadline
 * kill, for the Workflow's deadline, signals through an exec, {@code signaled container}, and writes no Killing Event at all.)
 *
 * <p>The Pod of {@link LateKillLookAlikesTest}: evicted at 11:04:00 (grace 30) while its kubelet was slow to see it; its deadline
 * passed at 11:05:40 and the kubelet stopped main then; main exited 137 at 11:05:41.
 */
class DeadlineKillLookAlikeTest {
    private static final String DEADLINE = "Pod was active on the node longer than the specified deadline";
    private final PodDeletedDuringExecution rule = new PodDeletedDuringExecution();

    /** The controller read the node's end at 11:05:42, recording {@code failure}. */
    private static String[] logs(String failure) {
        return java.util.Arrays.stream(KilledByDeletionTest.logs(failure)).map(l -> l.replace("T11:04:01.", "T11:05:42.")).toArray(String[]::new);
    }

    /** The kubelet's {@code DeadlineExceeded} Event on the Pod at {@code at}. */
    private static String deadlineEvent(String at) {
        return KilledByDeletionTest.killing(at).replace("  fieldPath: spec.containers{main}\n", "").replace("reason: Killing", "reason: DeadlineExceeded")
                .replace("message: Stopping container main", "message: " + DEADLINE).replace(".187e0c81d5e3a702", ".187e0c81d5e3a7ff");
    }

    /** The Pod exported after main's end, failed by its deadline: the eviction's deletion (11:04:00, grace 30) on it too. */
    private static final String EXPORT = KilledByDeletionTest.deletedPod("2026-12-04T11:04:30Z")
            .replace("  phase: Failed\n", "  phase: Failed\n  reason: DeadlineExceeded\n  message: " + DEADLINE + "\n");

    private List<Finding> findings(String failure, boolean export, String... events) {
        Evidence e = new Evidence().log("workflow-controller.log", logs(failure)).object("audit.log", KilledByDeletionTest.EVICTION);
        if (export) {
            e.object("pod.yaml", EXPORT);
        }
        for (int i = 0; i < events.length; i++) {
            e.object("events-" + i + ".yaml", events[i]);
        }
        return rule.evaluate(e.correlate()).findings();
    }

    /** The deadline's stop, 100 s after the eviction, with the Pod's export: the node recorded the deadline's message, no kill's exit. */
    @Test
    void theDeadlinesStopIsNotReadAsTheDeletionsLateKill() {
        String kill = KilledByDeletionTest.killing("2026-12-04T11:05:40Z");
        assertEquals(List.of(), findings(DEADLINE, true, kill, deadlineEvent("2026-12-04T11:05:40Z")));
        assertEquals(List.of(), findings(DEADLINE, true, kill));
        assertEquals(List.of(), findings(DEADLINE, false, kill, deadlineEvent("2026-12-04T11:05:40Z")));
    }

    /** Control (LateKillLookAlikesTest's): the same late stop, the node recorded on main's 137, the export not failed by a deadline. */
    @Test
    void theDeletionsLateStopIsStillRead() {
        Evidence e = new Evidence().log("workflow-controller.log", logs("Error (exit code 137)")).object("audit.log", KilledByDeletionTest.EVICTION)
                .object("pod.yaml", KilledByDeletionTest.deletedPod("2026-12-04T11:04:30Z"))
                .object("events-0.yaml", KilledByDeletionTest.killing("2026-12-04T11:05:40Z"));
        assertEquals(1, rule.evaluate(e.correlate()).findings().size());
    }
}
