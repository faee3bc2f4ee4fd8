package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.processingOther;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static dev.argoforensics.testing.V4.workers;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.testing.Exports;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 48: AF004's held-while-down clearance and a standby that takes the Lease after the release was due. Two replicas with
 * leader election on (v4.1.3 words): a leads from 16:20 and dies at 16:30 (its live log file ends there); b stands by from 16:20:10
 * (its {@code Attempting to acquire leader lease...}, its {@code new leader} naming a) and acquires the Lease only at 17:04:59.900,
 * after the Pod's release was due (16:31:04). {@code main.go} calls the controller's {@code Run} only from
 * {@code OnStartedLeading}, so b ran no worker before: its banner, its informers and its cleanup workers all come after the
 * acquisition, and its first take-up of the release comes 250 ms after it. The export, stated 17:04:54 (a user's clock), still
 * shows the finalizer. Before, b's run counted from its first line (16:20:10, before the release was due), "logging" between the
 * due time and the export, and the export decided: AF004 likely, a finalizer "kept" while no replica led.
 *
 * <p>A return is a run that starts leading: a new process's banner (as before), or a standby's own acquisition, where its own lines
 * show it standing by until then, and the holder it last named is a run in the input whose log, read whole, ends before the release
 * was due. Look-alikes kept as findings: the holder b last named is not in the input (a replica whose logs were not given led in
 * between and could have released it), a's file is a rotated piece whose successor was not given (a may have led on), and b takes
 * the release up later than the threshold after its acquisition. Each {@code queuing pod delay} is the one the controller computes
 * for the held Pod: its last condition transition (16:27:47) plus 2m, less the line's time.
 */
class HeldUntilStandbyTakesOverTest {
    static final String LOCK = " lock=argo/workflow-controller";

    /** Deleted at 16:31:04 (grace 0) after main ended at 16:27:44: the release was due at 16:31:04. */
    static String deletedPod() {
        return Exports.Pod.of().phase("Succeeded").deleted("2026-09-19T16:31:04Z", 0)
                .terminated("main", 0, "Completed", "2026-09-19T16:27:44Z").terminated("wait", 0, "Completed", "2026-09-19T16:27:44Z").yaml();
    }

    static String line(String t, String msg) {
        return "time=" + t + " level=INFO msg=\"" + msg + "\"";
    }

    static String banner(String t) {
        return "time=" + t + " level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3 instanceID=\"\" defaultRequeueTime=10s";
    }

    static String newLeader(String t, String who) {
        return "time=" + t + " level=INFO msg=\"new leader\" leader=" + who;
    }

    /** a: acquires at 16:20, logs the Pod, its last line at 16:30 (killed). */
    private static List<String> leader() {
        return leader("2026-09-19T16:30:00.000Z");
    }

    /** a, its last line at {@code last}. */
    private static List<String> leader(String last) {
        return List.of(line("2026-09-19T16:20:00.000Z", "Attempting to acquire leader lease...") + LOCK,
                line("2026-09-19T16:20:00.050Z", "Successfully acquired lease") + LOCK, newLeader("2026-09-19T16:20:00.050Z", "wc-aaaaa"),
                banner("2026-09-19T16:20:00.051Z"), workers("2026-09-19T16:20:00.100Z", 32),
                podEvent("2026-09-19T16:27:45.000Z", "update"), processingOther(last));
    }

    /**
     * b: stands by from 16:20:10, naming a (and {@code between}, if not null, at 16:40), acquires at 17:04:59.900, then its banner and
     * the Pod's release {@code takeUp} after 17:05:00 (the Pod labelled completed and leaving its informer after).
     */
    private static List<String> standby(String between, String takeUp) {
        return standby(between, "2026-09-19T17:04:59.900Z", takeUp);
    }

    /** b as above, acquiring at {@code acquired} (its banner 50 ms and its workers 100 ms after). */
    private static List<String> standby(String between, String acquired, String takeUp) {
        List<String> b = new ArrayList<>(List.of(line("2026-09-19T16:20:10.000Z", "Attempting to acquire leader lease...") + LOCK,
                newLeader("2026-09-19T16:20:10.020Z", "wc-aaaaa")));
        if (between != null) {
            b.add(newLeader("2026-09-19T16:40:00.000Z", between));
        }
        b.addAll(takeOver(acquired, "wc-bbbbb", takeUp));
        return b;
    }

    @TempDir
    Path dir;

    private RuleOutcome analyze(String aFile, List<String> b) throws IOException {
        return analyze(aFile, b, "2026-09-19T17:04:54Z");
    }

    private RuleOutcome analyze(String aFile, List<String> b, String takenAt) throws IOException {
        return analyze(aFile, leader(), b, takenAt);
    }

    private RuleOutcome analyze(String aFile, List<String> a, List<String> b, String takenAt) throws IOException {
        Path run = Files.createTempDirectory(dir, "run");
        Files.createDirectories(run.resolve("a"));
        Files.createDirectories(run.resolve("b"));
        Files.write(run.resolve(aFile), a);
        Files.write(run.resolve("b/controller.log"), b);
        Files.writeString(run.resolve("pod.yaml"), "# taken-at: " + takenAt + "\n" + deletedPod());
        AnalysisResult r = Analysis.standard(AnalysisOptions.defaults()).run(List.of(run.toString()));
        return r.outcomes().stream().filter(o -> o.rule().equals("AF004")).findFirst().orElseThrow();
    }

    /**
     * Session 48 breaker: b stood by from 16:20:10, polling the Lease, and took it only at 17:04:59.900. A standby that polls takes
     * the Lease within MAX_LAG (37 s) of the holder's last renewal, so wc-aaaaa's identity renewed it until about 17:04:23, long
     * after the release was due: a's log ending at 16:30 is where its collector stopped ({@code kubectl logs -f} cut, a node's log
     * agent dead) or a's container restarted under the same identity (no {@code new leader} line), not where a stopped leading.
     * The same lines where a ran on and kept the finalizer: not a return, the export decides (before: cleared as a take-over).
     */
    @Test
    void aStandbyThatWaitedLongAfterTheHoldersLastLineDoesNotShowTheHolderStopped() throws IOException {
        RuleOutcome o = analyze("a/controller.log", standby(null, "2026-09-19T17:05:00"));
        assertTrue(o.cleared().isEmpty(), o::toString);
        assertEquals(1, o.findings().size(), o::toString);
        assertEquals(Confidence.LIKELY, o.findings().get(0).confidence(), o.findings().get(0).confidenceReason());
    }

    /** The same with the export taken before b took the Lease: the holder may have led through it, no clearance either. */
    @Test
    void anExportTakenBeforeAStandbyThatWaitedLongDoesNotClear() throws IOException {
        RuleOutcome o = analyze("a/controller.log", standby(null, "2026-09-19T17:05:00"), "2026-09-19T16:50:00Z");
        assertTrue(o.cleared().isEmpty(), o::toString);
        assertEquals(1, o.findings().size(), o::toString);
    }

    /**
     * a's last line at 16:31:00, b (polling since 16:20:10) takes the Lease at 16:31:30, 26 s after the release was due, within
     * what a holder dead at its last line allows, and takes the release up 4m30s later, within the threshold: held while no
     * replica led, released at the take-over.
     */
    @Test
    void aStandbyThatTakesTheLeaseSoonAfterTheHoldersLastLineAndTheDueTimeIsAReturn() throws IOException {
        RuleOutcome o = analyze("a/controller.log", leader("2026-09-19T16:31:00.000Z"),
                standby(null, "2026-09-19T16:31:30.000Z", "2026-09-19T16:36:00"), "2026-09-19T16:37:10Z");
        assertTrue(o.findings().isEmpty(), o::toString);
        assertEquals(1, o.cleared().size(), o::toString);
        String why = o.cleared().get(0).reason();
        assertTrue(why.contains("(2026-09-19T16:31:00.000Z)") && why.contains("took the Lease at 2026-09-19T16:31:30.000Z")
                && why.contains("took the release up 4m30.15s after the acquisition"), why);
    }

    /**
     * b's process starts only at 17:04:50, after the export (both replicas down, the Lease left to expire): it reads wc-aaaaa
     * holding it, names it, waits its own lease duration and acquires at 17:05:05. It did not poll through a's last renewal, so
     * its late acquisition says nothing of a: held while down, released at the take-over.
     */
    @Test
    void aFreshStandbyAfterTheExportTakesOverAndClears() throws IOException {
        List<String> b = new ArrayList<>(standby(null, "2026-09-19T17:05:05.000Z", "2026-09-19T17:05:06"));
        b.set(0, line("2026-09-19T17:04:50.000Z", "Attempting to acquire leader lease...") + LOCK);
        b.set(1, newLeader("2026-09-19T17:04:50.020Z", "wc-aaaaa"));
        RuleOutcome o = analyze("a/controller.log", b, "2026-09-19T16:50:00Z");
        assertTrue(o.findings().isEmpty(), o::toString);
        String why = o.cleared().get(0).reason();
        assertTrue(why.contains("took the Lease at 2026-09-19T17:05:05.000Z, after the export") && why.contains("up at 2026-09-19T17:05:06.150Z"), why);
    }

    /**
     * b's {@code new leader} at 16:40 names a replica whose logs were not given: it led after a, and could have released it. Session
     * 49: b only stood by until after the export, so what ran then is wc-ccccc, not in the input: possible, naming it (it was likely,
     * as if a controller of the logs had kept the finalizer; the release at b's take-over is no return either).
     */
    @Test
    void aHolderNotInTheInputLeadsInBetween() throws IOException {
        RuleOutcome o = analyze("a/controller.log", standby("wc-ccccc", "2026-09-19T17:05:00"));
        assertTrue(o.cleared().isEmpty(), o::toString);
        assertEquals(1, o.findings().size(), o::toString);
        assertEquals(Confidence.POSSIBLE, o.findings().get(0).confidence(), o.findings().get(0).confidenceReason());
        assertTrue(o.findings().get(0).confidenceReason().contains("naming wc-ccccc as the Lease's holder"), o.findings().get(0).confidenceReason());
    }

    /** a's file is a rotated piece whose successor was not given: a may have led on past the due time. */
    @Test
    void aLeaderWhoseLaterLogIsMissingIsNotShownStopped() throws IOException {
        RuleOutcome o = analyze("a/controller.log.1", standby(null, "2026-09-19T17:05:00"));
        assertEquals(1, o.findings().size(), o::toString);
    }

    /** b leads from 17:04:59.900 and takes the release up only at 17:15:00, past the threshold: the export decides. */
    @Test
    void aStandbyThatLeadsLongBeforeItReleasesDoesNotClear() throws IOException {
        RuleOutcome o = analyze("a/controller.log", standby(null, "2026-09-19T17:15:00"));
        assertEquals(1, o.findings().size(), o::toString);
    }

    /**
     * A process taking the Lease at {@code acquired} under {@code identity}: its banner and workers, then the held Pod's release
     * {@code takeUp} (the delay the controller computes from the Pod's last transition, 16:27:47, plus 2m) and its exit.
     */
    static List<String> takeOver(String acquired, String identity, String takeUp) {
        java.time.Instant acq = java.time.Instant.parse(acquired);
        return List.of(line(acquired, "Successfully acquired lease") + LOCK, newLeader(acquired, identity),
                banner(acq.plusMillis(50).toString()), workers(acq.plusMillis(100).toString(), 32),
                podEvent(takeUp + ".100Z", "update"), removingFinalizers(takeUp + ".101Z"),
                queuingPodDelay(takeUp + ".101Z", "removeFinalizer", dev.argoforensics.time.GoDuration.format(java.time.Duration.between(
                        java.time.Instant.parse(takeUp + ".101Z"), java.time.Instant.parse("2026-09-19T16:29:47Z")).toNanos())),
                queueing(takeUp + ".102Z", "removeFinalizer"), cleaningUp(takeUp + ".150Z", "removeFinalizer"),
                workflowUpdated(takeUp + ".160Z", "Succeeded"),
                queueing(takeUp + ".161Z", "labelPodCompleted"), cleaningUp(takeUp + ".190Z", "labelPodCompleted"),
                podEvent(takeUp + ".200Z", "delete"),
                processingOther("2026-09-19T17:30:00.000Z"));
    }
}
