package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.processingOther;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 47 breaker, against the lead's {@code heldUntilReturn} (7d7ae8d9): AF004 clears a finalizer held while no controller
 * ran and released by the returning run within the threshold of its start. Two look-alikes where a controller did run and held it:
 * <ul>
 * <li>the "returning" run's first line is not its start: {@code kubectl logs} of a long-running controller serves the container's
 * current log file only, so after the kubelet rotated it the output begins at the rotation, mid-run, without the run's
 * {@code Starting Workflow Controller} banner. The replica led all along; the release just after the cut says nothing of a return;</li>
 * <li>the run before the due time is not shown to have stopped: its file is a rotated piece whose successor was not given
 * ({@code ControllerProcess#cutAtEnd}), so it may have led on, holding the finalizer, until the other replica (a rolling update's
 * new Pod, whose banner is after the due time) took the Lease it released on exit and released the finalizer at once.</li>
 * </ul>
 * Both were cleared as "held while no controller could act, released at its return"; the export, by its stated time 34 minutes past
 * the due release, is then AF004 likely. Controls: the same lines with the returning run's banner, and with the earlier run's live
 * file, stay cleared.
 */
class HeldUntilReturnLookAlikesTest {
    private final FinalizerStuck rule = new FinalizerStuck(RuleSettings.defaults());

    /** Deleted at 16:31:04 (grace 0) after main ended at 16:27:44: the release was due at 16:31:04. */
    private static String deletedPod() {
        return Exports.Pod.of().phase("Succeeded").deleted("2026-09-19T16:31:04Z", 0)
                .terminated("main", 0, "Completed", "2026-09-19T16:27:44Z").terminated("wait", 0, "Completed", "2026-09-19T16:27:44Z").yaml();
    }

    private static String banner(String t) {
        return "time=" + t + " level=INFO msg=\"Starting Workflow Controller\" version=v4.0.6 instanceID=\"\" defaultRequeueTime=10s";
    }

    /**
     * Replica b's lines from {@code 17:05:00}: its banner first where {@code started}, then the release, the Workflow's update, the
     * Pod labelled completed and leaving the informer (which the lifecycle cannot tell from its leaving the cluster).
     */
    private static String[] returning(boolean started) {
        List<String> b = new ArrayList<>();
        if (started) {
            b.add(banner("2026-09-19T17:04:59.950Z"));
        }
        b.addAll(List.of(processingOther("2026-09-19T17:05:00.000Z"),
                podEvent("2026-09-19T17:05:00.100Z", "update"), removingFinalizers("2026-09-19T17:05:00.101Z"),
                queuingPodDelay("2026-09-19T17:05:00.101Z", "removeFinalizer", "-35m13.101s"),
                queueing("2026-09-19T17:05:00.102Z", "removeFinalizer"), cleaningUp("2026-09-19T17:05:00.150Z", "removeFinalizer"),
                workflowUpdated("2026-09-19T17:05:00.160Z", "Succeeded"),
                queueing("2026-09-19T17:05:00.161Z", "labelPodCompleted"), cleaningUp("2026-09-19T17:05:00.190Z", "labelPodCompleted"),
                podEvent("2026-09-19T17:05:00.200Z", "delete"),
                processingOther("2026-09-19T17:20:00.000Z")));
        return b.toArray(String[]::new);
    }

    private static Evidence evidence(String aFile, boolean bStarted) {
        return new Evidence().takenAt("pod.yaml", "2026-09-19T17:04:54Z", deletedPod())
                .log(aFile, podEvent("2026-09-19T16:27:45.000Z", "update"), processingOther("2026-09-19T16:30:00.000Z"))
                .log("b/controller.log", returning(bStarted));
    }

    /** The attack: b's kubectl logs begin at a rotation (no banner): nothing shows b was not running, so nothing clears the export. */
    @Test
    void aLogBeginningMidRunIsNoReturn() {
        Evaluation e = rule.evaluate(evidence("a/controller.log", false).correlate());
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        assertEquals(Confidence.LIKELY, e.findings().get(0).confidence(), e.findings().get(0).confidenceReason());
    }

    /**
     * The attack: a's file is a rotated piece whose successor was not given ({@code a/controller.log.1} without
     * {@code a/controller.log}): a may have run on past the due time. Read whole (the rotated set is the reader's), with the
     * control of a's live file: cleared there, as on the correlation alone.
     */
    @Test
    void aRunWhoseLaterLogIsMissingIsNotShownStopped() throws IOException {
        RuleOutcome cut = analyze("a/controller.log.1");
        assertEquals(1, cut.findings().size(), cut::toString);
        assertEquals(Confidence.LIKELY, cut.findings().get(0).confidence(), cut.findings().get(0).confidenceReason());
        RuleOutcome live = analyze("a/controller.log");
        assertTrue(live.findings().isEmpty(), live::toString);
        assertTrue(live.cleared().get(0).reason().contains("until the next run started at 2026-09-19T17:04:59.950Z"), live::toString);
    }

    @TempDir
    Path dir;

    private RuleOutcome analyze(String aFile) throws IOException {
        Path run = Files.createTempDirectory(dir, "run");
        Files.createDirectories(run.resolve("a"));
        Files.createDirectories(run.resolve("b"));
        Files.write(run.resolve(aFile), List.of(podEvent("2026-09-19T16:27:45.000Z", "update"), processingOther("2026-09-19T16:30:00.000Z")));
        Files.write(run.resolve("b/controller.log"), List.of(returning(true)));
        Files.writeString(run.resolve("pod.yaml"), "# taken-at: 2026-09-19T17:04:54Z\n" + deletedPod());
        AnalysisResult r = Analysis.standard(AnalysisOptions.defaults()).run(List.of(run.toString()));
        return r.outcomes().stream().filter(o -> o.rule().equals("AF004")).findFirst().orElseThrow();
    }

    /** Control: a's live file ending at 16:30 and b's banner at 17:04:59.950: held while no controller ran, released on b's return. */
    @Test
    void aRunThatStartsAfterTheDueTimeAndReleasesAtOnceStillClears() {
        Evaluation e = rule.evaluate(evidence("a/controller.log", true).correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertEquals(1, e.cleared().size(), () -> e.cleared().toString());
        String why = e.cleared().get(0).reason();
        assertTrue(why.contains("until the next run started at 2026-09-19T17:04:59.950Z") && why.contains("took the release up 200ms after its start"),
                why);
    }
}
