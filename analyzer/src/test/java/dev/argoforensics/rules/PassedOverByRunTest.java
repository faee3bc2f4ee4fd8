package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.firstPass;
import static dev.argoforensics.testing.V4.podEvent;
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
import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.testing.V4;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 49: {@code passedOver} (the Workflow no longer in the informer of the controller that released its Pod) reads the queue of
 * that process alone. A restarted container of the same controller Pod is another process under the same replica name: it lists its
 * informers anew, and while it was down another replica may have led, unlogged, taken the Workflow up, found the Pod missing and
 * failed the Workflow (a completed Workflow is not queued at the new process's start-up). Its coming round without the Workflow says
 * nothing of a deletion. One file, two processes of replica {@code workflow-controller-7c9f-aaaaa}; the second waits for the Lease
 * held by {@code workflow-controller-7c9f-bbbbb}, whose log is not given.
 */
class PassedOverByRunTest {
    private static final String SELF = "workflow-controller-7c9f-aaaaa";

    private static List<String> elected(String day, String attempting, String acquired, String waitedFor) {
        List<String> l = new ArrayList<>();
        l.add("I0919 " + attempting + "       1 leaderelection.go:257] attempting to acquire leader lease argo/workflow-controller...");
        if (waitedFor != null) {
            l.add("time=" + day + "T" + attempting.substring(0, 12) + "Z level=INFO msg=\"new leader\" leader=" + waitedFor);
        }
        l.add("I0919 " + acquired + "       1 leaderelection.go:271] successfully acquired lease argo/workflow-controller");
        String t = day + "T" + acquired.substring(0, 12) + "Z";
        l.add("time=" + t + " level=INFO msg=\"new leader\" leader=" + SELF);
        l.add("time=" + t + " level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3 instanceID=status-capture-test");
        return l;
    }

    /**
     * The first process: the Pod created, then deleted once finished; the process releases it and logs the Pod gone, then, with
     * {@code ownPasses}, processes the other Workflow twice before it is OOM-killed (its log just ends).
     */
    private static List<String> firstProcess(boolean ownPasses) {
        List<String> l = new ArrayList<>(elected("2026-09-19", "16:20:00.000000", "16:20:00.040000", null));
        l.add(workers("2026-09-19T16:20:00.100Z", 2));
        l.addAll(List.of(firstPass()));
        l.add(ticker("2026-09-19T16:25:00.000Z"));
        l.add(createdPod("2026-09-19T16:27:10.431Z"));
        l.add(processing("2026-09-19T16:27:20.402Z", "Running"));
        l.add(workflowUpdated("2026-09-19T16:27:20.470Z", "Running"));
        l.add(ticker("2026-09-19T16:30:00.000Z"));
        l.add(podEvent("2026-09-19T16:31:11.256Z", "update"));
        l.add(removingFinalizers("2026-09-19T16:31:11.257Z"));
        l.add(queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-3m24.257168224s"));
        l.add(queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"));
        l.add(cleaningUp("2026-09-19T16:31:11.290Z", "removeFinalizer"));
        l.add(podEvent("2026-09-19T16:31:11.310Z", "delete"));
        if (ownPasses) {
            l.add(processingOther("2026-09-19T16:31:11.320Z"));
            l.add(processingOther("2026-09-19T16:31:21.330Z"));
        }
        return l;
    }

    /** The stats ticker's line (every 5 minutes in a whole run; it names nothing). */
    private static String ticker(String t) {
        return "time=" + t + " level=INFO msg=Alloc=6215 TotalAlloc=27810 Sys=32853 NumGC=12 Goroutines=123";
    }

    /** The same replica's next process: it waits for the Lease the other replica holds, takes it, and comes round to the other Workflow. */
    private static List<String> restarted() {
        List<String> l = new ArrayList<>(elected("2026-09-19", "16:31:30.000000", "16:32:10.040000", "workflow-controller-7c9f-bbbbb"));
        l.add(workers("2026-09-19T16:32:10.100Z", 2));
        l.add(processingOther("2026-09-19T16:32:10.200Z"));
        l.add(processingOther("2026-09-19T16:32:20.210Z"));
        l.add(processingOther("2026-09-19T16:32:30.220Z"));
        return l;
    }

    @TempDir
    Path dir;

    /** The file and the Pod's export read as {@code analyze --timelines all} reads them: the reader splits the file into its processes, and keeps the other Workflow's lines (a selective reading only counts them). */
    private Correlation correlate(List<String> lines) throws IOException {
        Path log = dir.resolve(SELF + ".log");
        Path pod = dir.resolve("pod.yaml");
        Files.writeString(log, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        Files.writeString(pod, V4.podYaml(true), StandardCharsets.UTF_8);
        return Analysis.standard(AnalysisOptions.defaults().keepingEverything(true)).run(List.of(log.toString(), pod.toString())).correlation();
    }

    private static boolean passedOver(Evaluation e) {
        return e.cleared().stream().anyMatch(c -> c.why().toString().contains("passedOver"));
    }

    private static String show(Evaluation e) {
        return "findings=" + e.findings().stream().map(f -> f.confidence() + " " + f.reason().code() + " " + f.confidenceReason()).toList()
                + " cleared=" + e.cleared();
    }

    @Test
    void theFileHoldsTwoProcessesOfOneReplica() throws IOException {
        List<String> lines = new ArrayList<>(firstProcess(false));
        lines.addAll(restarted());
        Correlation c = correlate(lines);
        assertEquals(2, c.processes().size(), c.processes()::toString);
        assertEquals(List.of(SELF, SELF), c.processes().stream().map(p -> p.replica()).toList(), c.processes()::toString);
    }

    /** The restarted process came round without the Workflow: not its informer's absence after the release; no clearance by it. */
    @Test
    void anotherProcessOfTheReplicaComingRoundClearsNothing() throws IOException {
        List<String> lines = new ArrayList<>(firstProcess(false));
        lines.addAll(restarted());
        Evaluation e = new PrematureFinalizerRemoval().evaluate(correlate(lines));
        assertFalse(passedOver(e), () -> show(e));
        assertEquals(1, e.findings().size(), () -> show(e));
        Confidence c = e.findings().get(0).confidence();
        assertTrue(c == Confidence.POSSIBLE || c == Confidence.LIKELY, () -> show(e));
    }

    /** Control: the releasing process itself processed the other Workflow twice after the release: passed over, cleared. */
    @Test
    void theReleasingProcessComingRoundClears() throws IOException {
        List<String> lines = new ArrayList<>(firstProcess(true));
        lines.addAll(restarted());
        Evaluation e = new PrematureFinalizerRemoval().evaluate(correlate(lines));
        assertTrue(passedOver(e), () -> show(e));
        assertEquals(List.of(), e.findings(), () -> show(e));
    }

    /**
     * Session 54: that the releasing process never took the Workflow up while it took another up twice is an absence, shown only where
     * the process was read whole between the release and the other's second pass. Here its stats ticker stops at 16:30 and comes back
     * at 16:45 with the other Workflow's passes (head, a grep of another Workflow and tail pasted together): this Workflow's pass may
     * have been among the lines cut. Not passed over; the finding stands.
     */
    @Test
    void passesOfAnotherWorkflowAfterACutClearNothing() throws IOException {
        List<String> lines = new ArrayList<>(firstProcess(false));
        lines.addAll(List.of(ticker("2026-09-19T16:45:00.000Z"), processingOther("2026-09-19T16:45:01.320Z"),
                processingOther("2026-09-19T16:45:11.330Z"), ticker("2026-09-19T16:50:00.000Z")));
        Evaluation e = new PrematureFinalizerRemoval().evaluate(correlate(lines));
        assertFalse(passedOver(e), () -> show(e));
        assertEquals(1, e.findings().size(), () -> show(e));
    }

    /** Control: the same passes with the process read whole up to them (its ticker every 5 minutes): passed over, cleared. */
    @Test
    void passesOfAnotherWorkflowInARunReadWholeClear() throws IOException {
        List<String> lines = new ArrayList<>(firstProcess(false));
        lines.addAll(List.of(ticker("2026-09-19T16:35:00.000Z"), ticker("2026-09-19T16:40:00.000Z"), ticker("2026-09-19T16:45:00.000Z"),
                processingOther("2026-09-19T16:45:01.320Z"), processingOther("2026-09-19T16:45:11.330Z"), ticker("2026-09-19T16:50:00.000Z")));
        Evaluation e = new PrematureFinalizerRemoval().evaluate(correlate(lines));
        assertTrue(passedOver(e), () -> show(e));
        assertEquals(List.of(), e.findings(), () -> show(e));
    }
}
