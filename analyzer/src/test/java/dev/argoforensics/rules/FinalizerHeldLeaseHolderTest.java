package dev.argoforensics.rules;

import static dev.argoforensics.rules.HeldUntilStandbyTakesOverTest.LOCK;
import static dev.argoforensics.rules.HeldUntilStandbyTakesOverTest.banner;
import static dev.argoforensics.rules.HeldUntilStandbyTakesOverTest.deletedPod;
import static dev.argoforensics.rules.HeldUntilStandbyTakesOverTest.line;
import static dev.argoforensics.rules.HeldUntilStandbyTakesOverTest.newLeader;
import static dev.argoforensics.rules.HeldUntilStandbyTakesOverTest.takeOver;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.processingOther;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static dev.argoforensics.testing.V4.workers;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.AnalysisResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 52: AF004 and a run of another replica than the Pod's, in a file of its own, working after the Pod's release was due
 * and never naming the Pod. The Pod's replica a leads from 16:20, logs the Pod and dies at 16:30 (its release due at 16:31:04);
 * the export, stated 17:04:54, still shows the finalizer; a new Pod of the Deployment, d, starts at 17:10 and takes the release up.
 * c, in {@code c/controller.log}, works from 16:30:30.
 *
 * <p>Read from the controller: with leader election on, only the Lease's holder runs a pod controller, and a standby names the
 * holder of its own Lease only ({@code workflow-controller[-<instanceID>]} in the controller's namespace). Where c's own lines
 * stand by naming a and then take the Lease (a hand-over, {@code HandOvers}), c led the Pod's installation after the due time:
 * its pod controller watched the same Pods, the held Pod among them, so a controller could release it then and the hold is not
 * "held while no controller ran". Before, only the runs of the replicas that logged the Pod counted, and c's work was passed
 * over: cleared as held while down (with d's return), or {@code possible} as "no controller could release it" (without). Now
 * the export decides, as for a run of the Pod's own replica logging then ({@code likely} on its stated time). Where nothing
 * ties c to the Pod's replicas (no election line, or a holder named that is not a's: another installation's controller), c is
 * another controller and its lines say nothing of the Pod, as before; nor does a tied c that stopped before the due time. From
 * the logs alone nothing changes: only the replica that scheduled the release measures how long the Pod stayed.
 */
class FinalizerHeldLeaseHolderTest {
    @TempDir
    Path dir;

    /** a: acquires at 16:20 as wc-aaaaa, logs the Pod, its last line at 16:30 (killed). */
    private static List<String> leader() {
        return List.of(line("2026-09-19T16:20:00.000Z", "Attempting to acquire leader lease...") + LOCK,
                line("2026-09-19T16:20:00.050Z", "Successfully acquired lease") + LOCK, newLeader("2026-09-19T16:20:00.050Z", "wc-aaaaa"),
                banner("2026-09-19T16:20:00.051Z"), workers("2026-09-19T16:20:00.100Z", 32),
                podEvent("2026-09-19T16:27:45.000Z", "update"), processingOther("2026-09-19T16:30:00.000Z"));
    }

    /**
     * c: stands by from 16:20:10 naming {@code holder} (null: no election line at all, a controller run without it), acquires at
     * 16:30:30, its banner and workers, then other Workflows' passes until {@code last}; never the Pod.
     */
    private static List<String> other(String holder, String last) {
        List<String> c = new ArrayList<>();
        if (holder != null) {
            c.add(line("2026-09-19T16:20:10.000Z", "Attempting to acquire leader lease...") + LOCK);
            c.add(newLeader("2026-09-19T16:20:10.020Z", holder));
            c.add(line("2026-09-19T16:30:30.000Z", "Successfully acquired lease") + LOCK);
            c.add(newLeader("2026-09-19T16:30:30.000Z", "wc-ccccc"));
        }
        c.add(banner("2026-09-19T16:30:30.050Z"));
        c.add(workers("2026-09-19T16:30:30.100Z", 32));
        c.add(processingOther("2026-09-19T16:30:40.000Z"));
        c.add(processingOther(last));
        return c;
    }

    /** d: a new Pod of the Deployment (wc-ddddd), started at 17:10 on a Lease left to expire, takes the release up at 17:10:01. */
    private static List<String> returning() {
        return takeOver("2026-09-19T17:10:00.000Z", "wc-ddddd", "2026-09-19T17:10:01");
    }

    private RuleOutcome analyze(Map<String, List<String>> logs, boolean export) throws IOException {
        Path run = Files.createTempDirectory(dir, "run");
        for (Map.Entry<String, List<String>> e : logs.entrySet()) {
            Files.createDirectories(run.resolve(e.getKey()).getParent());
            Files.write(run.resolve(e.getKey()), e.getValue());
        }
        if (export) {
            Files.writeString(run.resolve("pod.yaml"), "# taken-at: 2026-09-19T17:04:54Z\n" + deletedPod());
        }
        AnalysisResult r = Analysis.standard(AnalysisOptions.defaults()).run(List.of(run.toString()));
        return r.outcomes().stream().filter(o -> o.rule().equals("AF004")).findFirst().orElseThrow();
    }

    /** c took the Lease from a and worked from 16:30:30 to 16:50, past the due time: no clearance, the export decides. */
    @Test
    void aLeaseHolderOfAnotherReplicaWorkingAfterTheDueTimeIsNoAbsence() throws IOException {
        RuleOutcome o = analyze(Map.of("a/controller.log", leader(), "c/controller.log", other("wc-aaaaa", "2026-09-19T16:50:00.000Z"),
                "d/controller.log", returning()), true);
        assertTrue(o.cleared().isEmpty(), o::toString);
        assertEquals(1, o.findings().size(), o::toString);
        assertEquals(Confidence.LIKELY, o.findings().get(0).confidence(), o.findings().get(0).confidenceReason());
    }

    /** The control: c says nothing of the election (another controller, election off): cleared as held while down, as before. */
    @Test
    void aRunThatNothingTiesToThePodsReplicaSaysNothingOfThePod() throws IOException {
        RuleOutcome o = analyze(Map.of("a/controller.log", leader(), "c/controller.log", other(null, "2026-09-19T16:50:00.000Z"),
                "d/controller.log", returning()), true);
        assertTrue(o.findings().isEmpty(), o::toString);
        assertEquals(1, o.cleared().size(), o::toString);
        assertTrue(o.cleared().get(0).reason().contains("2026-09-19T16:30:00.000Z"), o.cleared().get(0).reason());
    }

    /** The control: c stands by naming wc-zzzzz, not a (another Lease's holder, not in the input): not tied, cleared as before. */
    @Test
    void aRunWaitingForAnotherHolderIsNotTied() throws IOException {
        RuleOutcome o = analyze(Map.of("a/controller.log", leader(), "c/controller.log", other("wc-zzzzz", "2026-09-19T16:50:00.000Z"),
                "d/controller.log", returning()), true);
        assertTrue(o.findings().isEmpty(), o::toString);
        assertEquals(1, o.cleared().size(), o::toString);
    }

    /** The control: c took the Lease from a but its log ends at 16:31:00, before the due time (read whole): cleared as before. */
    @Test
    void aLeaseHolderThatStoppedBeforeTheDueTimeLeavesTheAbsence() throws IOException {
        RuleOutcome o = analyze(Map.of("a/controller.log", leader(), "c/controller.log", other("wc-aaaaa", "2026-09-19T16:31:00.000Z"),
                "d/controller.log", returning()), true);
        assertTrue(o.findings().isEmpty(), o::toString);
        assertEquals(1, o.cleared().size(), o::toString);
    }

    /**
     * No return: c, tied, works on to 17:30. It was {@code possible}, "no controller could release it"; a controller could (c led),
     * so the export decides: {@code likely}. The control, c not tied, stays {@code possible}.
     */
    @Test
    void withoutAReturnATiedLeaseHolderWorkingOnLetsTheExportDecide() throws IOException {
        RuleOutcome tied = analyze(Map.of("a/controller.log", leader(), "c/controller.log", other("wc-aaaaa", "2026-09-19T17:30:00.000Z")), true);
        assertEquals(1, tied.findings().size(), tied::toString);
        assertEquals(Confidence.LIKELY, tied.findings().get(0).confidence(), tied.findings().get(0).confidenceReason());
        RuleOutcome untied = analyze(Map.of("a/controller.log", leader(), "c/controller.log", other(null, "2026-09-19T17:30:00.000Z")), true);
        assertEquals(1, untied.findings().size(), untied::toString);
        assertEquals(Confidence.POSSIBLE, untied.findings().get(0).confidence(), untied.findings().get(0).confidenceReason());
    }

    /**
     * Logs alone: a scheduled the release (due 16:31:04) and died at 16:30; c, tied, works on to 17:30 never naming the Pod. Only the
     * logs of the replica that scheduled it measure how long the Pod stayed (a new leader lists every Pod of its informer's selector
     * as it starts: one that never names the Pod did not have it): no AF004, tied or not.
     */
    @Test
    void fromTheLogsAloneATiedLeaseHolderGoingOnMeasuresNothing() throws IOException {
        List<String> a = new ArrayList<>(leader());
        a.addAll(a.size() - 1, List.of(podEvent("2026-09-19T16:29:00.000Z", "update"), removingFinalizers("2026-09-19T16:29:00.001Z"),
                queuingPodDelay("2026-09-19T16:29:00.001Z", "removeFinalizer", "2m4s"), queueing("2026-09-19T16:29:00.002Z", "removeFinalizer")));
        for (String holder : java.util.Arrays.asList("wc-aaaaa", null)) {
            RuleOutcome o = analyze(Map.of("a/controller.log", a, "c/controller.log", other(holder, "2026-09-19T17:30:00.000Z")), false);
            assertTrue(o.findings().isEmpty(), holder + ": " + o);
        }
    }
}
