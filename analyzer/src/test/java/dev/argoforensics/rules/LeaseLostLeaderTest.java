package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.processing;
import static dev.argoforensics.testing.V4.queueingAfter;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static dev.argoforensics.testing.V4.workers;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.ControllerLeadership;
import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.HandOvers;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.ControllerProcess.Leadership;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.time.Timestamp;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run whose excerpt starts after it took the Lease and ends with its loss (session 44's lease-lost-logcli: a Loki query window
 * opening mid-leadership). Only a holder logs losing the Lease: client-go renews only after acquiring, and the controller's
 * context ends only in its own {@code OnStoppedLeading}, so a standby that never acquired never logs {@code stopped leading}
 * (v3.4-v4.1 {@code cmd/workflow-controller/main.go}). Such a run led, and it ties the hand-over to the replica that named it.
 */
class LeaseLostLeaderTest {
    private static final Instant BASE = Instant.parse("2026-09-19T10:00:00Z");
    private static final String A = "workflow-controller-7b9d-aaaaa";
    private static final String B = "workflow-controller-7b9d-bbbbb";

    private static String at(double seconds, long skew) {
        return BASE.plus(Duration.ofMillis(Math.round((seconds + skew) * 1000))).toString().replace("Z", "") + (seconds == Math.floor(seconds) ? ".000Z" : "Z");
    }

    private static String line(String t, String rest) {
        return "time=" + t + " level=INFO msg=" + rest;
    }

    /** A's lines from 10:02 (after its acquisition): the Workflow, the Pod's deletion at 10:06:20.102, the Lease lost at 10:06:24. */
    private static String[] leaderExcerpt(boolean failedRenewal, boolean stopLine) {
        List<String> l = new ArrayList<>(List.of(
                processing(at(120, 0), "Running"), createdPod(at(120.05, 0)), workflowUpdated(at(120.1, 0), "Running"),
                line(at(300, 0), "\"Alloc=9120 TotalAlloc=30422 Sys=40113 NumGC=15 Goroutines=137\""),
                podEvent(at(380.101, 0), "update"), removingFinalizers(at(380.102, 0)),
                queuingPodDelay(at(380.102, 0), "removeFinalizer", "17.898s"), queueingAfter(at(380.103, 0), "removeFinalizer", "17.898s")));
        if (failedRenewal) {
            l.add(line(at(384, 0), "\"Failed to renew lease\" err=\"context deadline exceeded\" lock=argo/workflow-controller"));
        }
        if (stopLine) {
            l.add(line(at(384.001, 0), "\"stopped leading\" id=" + A));
        }
        return l.toArray(String[]::new);
    }

    /** Standby B, its clock {@code skew} s ahead: waits from 09:59:10 naming A, acquires at 10:06:40, processes {@code after} s later. */
    private static String[] standbyB(long skew, double after) {
        return new String[] {
            line(at(-50, skew), "\"Starting Workflow Controller\" version=v4.1.2 instanceID="),
            line(at(-49.99, skew), "\"Attempting to acquire leader lease...\" lock=argo/workflow-controller"),
            line(at(-49.98, skew), "\"new leader\" leader=" + A),
            line(at(400, skew), "\"Successfully acquired lease\" lock=argo/workflow-controller"),
            line(at(400.001, skew), "\"new leader\" leader=" + B),
            line(at(400.002, skew), "\"starting leading\" id=" + B),
            workers(at(400.1, skew), 2),
            processing(at(400.9 + after, skew), "Running"), workflowUpdated(at(401 + after, skew), "Running")};
    }

    private static Correlation incident(boolean failedRenewal, boolean stopLine, long skew, double after) {
        return new Evidence().log(A + ".log", leaderExcerpt(failedRenewal, stopLine)).log(B + ".log", standbyB(skew, after)).correlate();
    }

    @TempDir
    Path dir;

    /** The runs as the reading makes them (the run model: {@code read/ControllerRun}), from the two files on disk. */
    private List<ControllerProcess> read(String[] a, String[] b) throws IOException {
        Files.write(dir.resolve(A + ".log"), List.of(a));
        if (b != null) {
            Files.write(dir.resolve(B + ".log"), List.of(b));
        }
        AnalysisResult r = Analysis.standard(AnalysisOptions.defaults().withThreads(1).keepingEverything(true)).run(List.of(dir.toString()));
        return r.correlation().processes();
    }

    private static ControllerProcess run(List<ControllerProcess> runs, String file) {
        return runs.stream().filter(p -> p.files().stream().anyMatch(f -> f.endsWith(file))).findFirst().orElseThrow(() -> new AssertionError(runs));
    }

    @Test
    void aRunThatLostTheLeaseLed() throws IOException {
        ControllerProcess a = run(read(leaderExcerpt(true, true), standbyB(0, 0)), A + ".log");
        assertEquals(Leadership.LED_BY_STOP, a.leadership(), a.toString());
        Correlation c = incident(true, true, 0, 0);
        ControllerLeadership.State after = new ControllerLeadership(c).at(0, Timestamp.parseRfc3339(at(385, 0), null, false));
        assertEquals(ControllerLeadership.Role.STOPPED, after.role(), after.toString());
    }

    /** client-go's failed renewal alone (Argo's own line cut off, or the process killed right after it) says so too. */
    @Test
    void aFailedRenewalAloneSaysItLed() throws IOException {
        assertEquals(Leadership.LED_BY_STOP, run(read(leaderExcerpt(true, false), null), A + ".log").leadership());
    }

    /** Control: an excerpt with no election line says nothing of the run's leadership. */
    @Test
    void noElectionLineStaysUnknown() throws IOException {
        assertEquals(Leadership.UNKNOWN, run(read(leaderExcerpt(false, false), null), A + ".log").leadership());
        Correlation c = incident(false, false, 0, 0);
        assertEquals(ControllerLeadership.Role.UNKNOWN, new ControllerLeadership(c).at(0, Timestamp.parseRfc3339(at(385, 0), null, false)).role());
    }

    /** Control: a standby that only waited, and then took the Lease, is a leader as before; one that only waited a standby. */
    @Test
    void theStandbysOwnReadingIsUnchanged() throws IOException {
        assertEquals(Leadership.LEADER, run(read(leaderExcerpt(true, true), standbyB(0, 0)), B + ".log").leadership());
        String[] waiting = List.of(standbyB(0, 0)).subList(0, 3).toArray(String[]::new);
        assertEquals(Leadership.STANDBY, run(read(leaderExcerpt(true, true), waiting), B + ".log").leadership());
    }

    /** The run is the holder B named: the hand-over ties the clocks, the same as with A's acquisition in the input. */
    @Test
    void theHolderWhoseAcquisitionIsCutOffTiesTheHandOver() {
        HandOvers h = HandOvers.of(incident(true, true, 180, 0));
        assertEquals(1, h.all().size(), h.all().toString());
        HandOvers.HandOver o = h.all().get(0);
        assertTrue(o.stopped() && o.waited(), o.toString());
        assertEquals(Duration.parse("PT3M16.999S").toNanos(), o.aheadAtMostNanos());
    }

    /**
     * B's clock 3 minutes ahead, the Workflow processed at once: 3m20s as written is the clock, not a stall. Before, A's loss of the
     * Lease did not make it a holder, nothing tied the clocks and AF003 read a stall of 3m20s.
     */
    @Test
    void aGapMadeByTheNewLeadersClockIsNotAStallWithoutTheHoldersAcquisition() {
        Evaluation e = new ReconciliationStalled(RuleSettings.defaults()).evaluate(incident(true, true, 180, 0));
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertEquals(1, e.cleared().size(), () -> e.cleared().toString());
        String why = e.cleared().get(0).reason();
        assertTrue(why.contains("at most 3m16.999s ahead") && why.contains("as short as 3.799s"), why);
    }

    /** Control: both clocks right, B busy for 3 minutes after taking over: the stall is kept, counted from what the clocks allow. */
    @Test
    void aRealStallAcrossTheHandOverIsKept() {
        Evaluation e = new ReconciliationStalled(RuleSettings.defaults()).evaluate(incident(true, true, 0, 180));
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        assertEquals(Confidence.LIKELY, e.findings().get(0).confidence());
        assertEquals("at least 3m3.799s", e.findings().get(0).fact("unreconciledFor").orElseThrow().value());
    }
}
