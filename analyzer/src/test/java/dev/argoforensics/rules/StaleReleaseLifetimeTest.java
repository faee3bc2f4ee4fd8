package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.cleanupFailed;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.nodePhaseChanged;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
import static dev.argoforensics.testing.V4.processing;
import static dev.argoforensics.testing.V4.processingOther;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static dev.argoforensics.testing.V4.workers;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.correlate.PodKey;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 53: a release that ran on the later of two Pods of a name (told apart by the lines, {@code Lifetimes}) by a cleanup item
 * queued for the earlier one (judgment scenarios stale-cleanup-workflow-deleted, audit-same-name-stale-label, seeds 1-20 of session
 * 52: AF001 said "the lines saying why the controller released the finalizer are missing", though those lines are the earlier
 * lifetime's). The earlier Pod's {@code removeFinalizer} fails and goes back with a backoff; a later add of the key runs at once and
 * releases that Pod, and the waiting copy comes due after the Workflow is submitted again under its name: the worker runs it on the
 * new Pod. AF001 reads the same correlated fact AF008 reads for the label ({@code NamesakeCleanup}) and says what it is.
 */
class StaleReleaseLifetimeTest {
    @TempDir
    Path dir;

    private static final String T = "2026-09-19T16:";

    /** The earlier Pod's start and success (its label item failing, so the Pod stays in the informer); StaleReleaseBreakerTest's too. */
    static List<String> earlierStart() {
        return new ArrayList<>(List.of(workers(T + "20:00.000Z", 2), processing(T + "20:00.100Z", "\"\""),
                createdPod(T + "20:00.200Z"), workflowUpdated(T + "20:00.300Z", "Running"), podEvent(T + "20:00.400Z", "add"),
                podEvent(T + "21:40.000Z", "update"), processing(T + "21:40.100Z", "Running"),
                nodePhaseChanged(T + "21:40.200Z", "Running", "Succeeded"), workflowUpdated(T + "21:40.300Z", "Succeeded"),
                queueing(T + "21:40.400Z", "labelPodCompleted"), cleaningUp(T + "21:40.410Z", "labelPodCompleted"),
                cleanupFailed(T + "21:40.420Z", "labelPodCompleted"), workers(T + "24:00.000Z", 2)));
    }

    /** The earlier Pod: succeeded, its label and release failing, retried; at last released on its deletion and gone. */
    private static List<String> earlierLife(boolean releaseQueued) {
        List<String> out = earlierStart();
        if (releaseQueued) {
            out.addAll(List.of(queueing(T + "21:40.500Z", "removeFinalizer"), cleaningUp(T + "21:40.510Z", "removeFinalizer"),
                    cleanupFailed(T + "21:40.520Z", "removeFinalizer"), cleaningUp(T + "22:20.000Z", "removeFinalizer"),
                    cleanupFailed(T + "22:20.010Z", "removeFinalizer")));
            // Session 53 breaker: the failed release goes back to the queue and waits; the Pod then gone by pod GC's delete, whose
            // patch strips the finalizer too, with no add of the release's key (an add would have moved the one waiting entry
            // earlier, and its worker line taken it: client-go keeps one entry per key), so the item still waits at the next creation.
            out.addAll(List.of(queueing(T + "26:00.003Z", "deletePod"), cleaningUp(T + "26:00.010Z", "deletePod"),
                    podEvent(T + "26:00.050Z", "delete")));
            return out;
        }
        // The earlier Workflow deleted: its Pod's deletion handled, released at once, gone.
        out.addAll(List.of(podEvent(T + "26:00.000Z", "update"), removingFinalizers(T + "26:00.001Z"),
                queuingPodDelay(T + "26:00.002Z", "removeFinalizer", "-2m19.6s"), queueing(T + "26:00.003Z", "removeFinalizer"),
                cleaningUp(T + "26:00.010Z", "removeFinalizer"), podEvent(T + "26:00.050Z", "delete")));
        return out;
    }

    /** The later Pod: the same Workflow name submitted again, its node running; then {@code lateRelease} lines, then it is gone. */
    private static List<String> laterLife(List<String> lateRelease) {
        return laterLife(List.of(), lateRelease);
    }

    /** As above, {@code early} logged right after the later Pod's creation (StaleReleaseBreakerTest's). */
    static List<String> laterLife(List<String> early, List<String> lateRelease) {
        List<String> out = new ArrayList<>(List.of(workers(T + "28:00.000Z", 2), processing(T + "28:10.000Z", "\"\""),
                createdPod(T + "28:10.100Z")));
        out.addAll(early);
        out.addAll(List.of(workflowUpdated(T + "28:10.200Z", "Running"), podEvent(T + "28:10.300Z", "add"),
                podEvent(T + "28:12.000Z", "update"), processing(T + "28:12.100Z", "Running"), workflowUpdated(T + "28:12.200Z", "Running"),
                workers(T + "31:00.000Z", 2)));
        out.addAll(lateRelease);
        out.addAll(List.of(cleaningUp(T + "32:10.000Z", "removeFinalizer"), podEvent(T + "32:10.050Z", "update"),
                cleaningUp(T + "32:10.200Z", "labelPodCompleted"), podEvent(T + "32:10.300Z", "delete"),
                processing(T + "32:17.000Z", "Running"), podMissing(T + "32:17.001Z"), markingError(T + "32:17.002Z"),
                workflowUpdated(T + "32:17.100Z", "Running"), workers(T + "35:00.000Z", 2), processingOther(T + "37:00.000Z"),
                workers(T + "39:00.000Z", 2)));
        return out;
    }

    private AnalysisResult analyze(List<String> lines) throws IOException {
        return analyze(dir, lines);
    }

    /** The lines after a v4.1.3 start banner, in a controller log of their own under {@code dir}, analyzed. */
    static AnalysisResult analyze(Path dir, List<String> lines) throws IOException {
        Path log = dir.resolve("workflow-controller-" + System.nanoTime() + ".log");
        List<String> all = new ArrayList<>(List.of("time=2026-09-19T16:19:59.000Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3"));
        all.addAll(lines);
        Files.write(log, all);
        return Analysis.standard(AnalysisOptions.defaults()).run(List.of(log.toString()));
    }

    static RuleOutcome af001(AnalysisResult r) {
        return r.outcomes().stream().filter(o -> o.rule().equals("AF001")).findFirst().orElseThrow();
    }

    static Predicate<PodKey> later() {
        return k -> k != null && "p".equals(k.name()) && k.lifetime() == 0;
    }

    private static List<String> log(boolean releaseQueued, List<String> lateRelease, boolean whole) {
        List<String> out = new ArrayList<>(earlierLife(releaseQueued));
        out.addAll(laterLife(lateRelease));
        // A grep for the Pod's and the Workflow's names drops the lines that name nothing (the worker numbers among them).
        return whole ? out : out.stream().filter(l -> l.contains("=p") || l.contains("ns/p")).toList();
    }

    @Test
    void theEarlierPodsItemRunOnTheLaterPodIsSaidSoAndCleared() throws IOException {
        AnalysisResult r = analyze(log(true, List.of(), true));
        assertTrue(r.correlation().pods().keySet().stream().anyMatch(k -> k.lifetime() == 1), () -> "not split: " + r.correlation().pods().keySet());
        RuleOutcome o = af001(r);
        assertTrue(o.findings().stream().noneMatch(f -> later().test(f.pod())), o.findings()::toString);
        List<String> why = o.cleared().stream().filter(c -> later().test(c.pod())).map(Clearance::reason).toList();
        assertTrue(why.stream().anyMatch(w -> w.contains("cleanup item queued for the earlier Pod of this name (lifetime 1 of 2")
                && w.contains("queued at 2026-09-19T16:21:40.500Z") && w.contains("#8022") && !w.startsWith("not decided")), why::toString);
        assertTrue(o.findings().stream().noneMatch(f -> String.valueOf(f.confidenceReason()).contains("are missing")), o.findings()::toString);
    }

    @Test
    void inAGrepOfTheNamesItIsNotDecidedAndSaysWhatWouldDecide() throws IOException {
        AnalysisResult r = analyze(log(true, List.of(), false));
        RuleOutcome o = af001(r);
        assertTrue(o.findings().stream().noneMatch(f -> later().test(f.pod())), o.findings()::toString);
        List<String> why = o.cleared().stream().filter(c -> later().test(c.pod())).map(Clearance::reason).toList();
        assertTrue(why.stream().anyMatch(w -> w.startsWith("not decided") && w.contains("cleanup item queued for the earlier Pod")
                && w.contains("not read whole")), why::toString);
    }

    /** Control: the earlier Pod's release never queued before the later Pod's creation: the lone worker line stays unexplained. */
    @Test
    void withoutTheEarlierPodsQueuedReleaseTheWorkerLineIsNotReadAsStale() throws IOException {
        List<String> lines = new ArrayList<>(earlierLife(false));
        // No release of the earlier Pod at all before the later creation: its cleanup shown by its deletePod only.
        lines.removeIf(l -> l.contains("removeFinalizer") || l.contains("Removing finalizers"));
        lines.add(lines.size() - 1, queueing(T + "26:00.003Z", "deletePod"));
        lines.addAll(laterLife(List.of()));
        AnalysisResult r = analyze(lines);
        assertTrue(r.correlation().pods().keySet().stream().anyMatch(k -> k.lifetime() == 1), () -> "not split: " + r.correlation().pods().keySet());
        RuleOutcome o = af001(r);
        assertTrue(o.cleared().stream().noneMatch(c -> c.reason().contains("cleanup item queued for the earlier Pod")), o.cleared()::toString);
        assertTrue(o.findings().stream().anyMatch(f -> later().test(f.pod())), o.findings()::toString);
    }

    /** Control: the later Pod's own release (its deletion handled, its delay logged) before the worker line: its own, not stale. */
    @Test
    void theLaterPodsOwnReleaseIsNotReadAsTheEarlierPodsItem() throws IOException {
        List<String> own = List.of(podEvent(T + "32:09.000Z", "update"), removingFinalizers(T + "32:09.001Z"),
                queuingPodDelay(T + "32:09.002Z", "removeFinalizer", "-1m0.2s"), queueing(T + "32:09.003Z", "removeFinalizer"));
        AnalysisResult r = analyze(log(true, own, true));
        RuleOutcome o = af001(r);
        assertTrue(o.cleared().stream().noneMatch(c -> c.reason().contains("cleanup item queued for the earlier Pod")), o.cleared()::toString);
        assertFalse(o.findings().stream().filter(f -> later().test(f.pod())).anyMatch(f -> String.valueOf(f.confidenceReason()).contains("are missing")),
                o.findings()::toString);
        assertEquals(1, o.findings().stream().filter(f -> later().test(f.pod())).count()
                + o.cleared().stream().filter(c -> later().test(c.pod())).count(), () -> o.findings() + " " + o.cleared());
    }
}
