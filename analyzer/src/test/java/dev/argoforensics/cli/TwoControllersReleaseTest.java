package dev.argoforensics.cli;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
import static dev.argoforensics.testing.V4.processing;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static dev.argoforensics.testing.V4.workers;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.testing.Cli;
import dev.argoforensics.testing.V4;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 39: two replicas of one controller Deployment with leader election turned off (each logs {@code Leader election is
 * turned off}) both run the pod controller: both informers see the Pod's deletion, both handlers queue the release, both cleanup
 * workers take it; one patch removed the finalizer, the other found nothing to remove. Which came first rests on two clocks that
 * nothing relates. AF001 must not quote the earlier line on the merged time line as the removal, {@code confirmed}, and names the
 * other run (AF012 does not yet report a pair whose Workflows met no contention: docs/rules/AF012.md, Limits). Controls: the same log read twice under
 * two names (its lines twins, the same delay to the nanosecond), and a second replica that never handled the Pod.
 */
class TwoControllersReleaseTest {
    @TempDir
    Path dir;

    private static final String A = "workflow-controller-6d8f7c9b5-h4x2p.log";
    private static final String B = "workflow-controller-6d8f7c9b5-q7m9z.log";
    private static final String GC = "level=INFO msg=\"Performing periodic GC\" periodicity=5m0s";

    private static List<String> start(String t) {
        return new ArrayList<>(List.of("time=" + t + "0Z level=INFO msg=\"Leader election is turned off. Running in single-instance mode\"",
                "time=" + t + "1Z level=INFO msg=\"starting leading\" id=single-instance",
                "time=" + t + "2Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3 instanceID=\"\""));
    }

    /** Replica A: creates the Pod, writes version 7; handles the deletion at 16:31:11 by its clock; later records the loss. */
    private static List<String> replicaA() {
        List<String> l = start("2026-09-19T16:20:00.00");
        l.addAll(List.of(workers("2026-09-19T16:20:00.100Z", 2), processing("2026-09-19T16:27:10.400Z", "Running"),
                createdPod("2026-09-19T16:27:10.431Z"), workflowUpdated("2026-09-19T16:27:20.470Z", "Running"),
                "time=2026-09-19T16:30:00.000Z " + GC,
                podEvent("2026-09-19T16:31:11.256Z", "update"), removingFinalizers("2026-09-19T16:31:11.257Z"),
                queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s"), queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"),
                cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"), podEvent("2026-09-19T16:31:11.363Z", "delete"),
                processing("2026-09-19T16:33:02.240Z", "Running"), podMissing("2026-09-19T16:33:02.246Z"),
                markingError("2026-09-19T16:33:02.246Z"), workflowUpdated("2026-09-19T16:33:02.271Z", "Error", "9"),
                "time=2026-09-19T16:35:00.000Z " + GC));
        return l;
    }

    /**
     * Replica B, its clock 2 s behind A's: it reads version 7 (A's write), handles the same deletion (its delay computed on its
     * own clock, so not A's to the nanosecond), and its worker takes its own item.
     */
    private static List<String> replicaB(boolean handlesTheDeletion) {
        List<String> l = start("2026-09-19T16:20:01.00");
        l.addAll(List.of(workers("2026-09-19T16:20:01.100Z", 2), processing("2026-09-19T16:27:19.500Z", "Running"),
                "time=2026-09-19T16:30:00.000Z " + GC));
        if (handlesTheDeletion) {
            l.addAll(List.of(podEvent("2026-09-19T16:31:09.259Z", "update"), removingFinalizers("2026-09-19T16:31:09.260Z"),
                    queuingPodDelay("2026-09-19T16:31:09.260Z", "removeFinalizer", "-1m24.260411907s"),
                    queueing("2026-09-19T16:31:09.261Z", "removeFinalizer"), cleaningUp("2026-09-19T16:31:09.352Z", "removeFinalizer"),
                    podEvent("2026-09-19T16:31:09.366Z", "delete")));
        }
        l.add("time=2026-09-19T16:35:00.000Z " + GC);
        return l;
    }

    private JsonNode report() throws IOException {
        Files.writeString(dir.resolve("pod.yaml"), V4.podYaml(true));
        Files.writeString(dir.resolve("wf.yaml"), V4.workflowYaml("Error", "pod deleted", "2026-09-19T16:33:02Z"));
        Cli c = Cli.run("analyze", dir.toString(), "--now", "2026-09-20T00:00:00Z", "--format", "json");
        return new ObjectMapper().readTree(c.out());
    }

    private static JsonNode finding(JsonNode report, String rule) {
        for (JsonNode f : report.get("findings")) {
            if (f.get("rule").asText().equals(rule)) {
                return f;
            }
        }
        return null;
    }

    private static boolean cites(JsonNode finding, String file, int line) {
        return finding.toString().contains("/" + file + "\",\"line\":" + line + ",");
    }

    @Test
    void twoReplicasWithElectionOffBothReleasingArePossibleAndNamedNotConfirmedAtTheEarlierLine() throws IOException {
        Files.write(dir.resolve(A), replicaA());
        Files.write(dir.resolve(B), replicaB(true));
        JsonNode r = report();
        JsonNode f = finding(r, "AF001");
        assertTrue(f != null, r.toString());
        assertEquals("possible", f.get("confidence").asText(), f.toString());
        assertTrue(cites(f, A, 13) && cites(f, B, 11), "both workers' lines are quoted\n" + f);
        assertTrue(f.toString().contains("two clocks"), f.toString());
        assertTrue(f.has("alsoReleasedAt") && f.get("alsoReleasedAt").asText().startsWith("2026-09-19T16:31:11.350Z"), f.toString());
        assertTrue(f.get("confidenceReason").asText().contains("workflow-controller-6d8f7c9b5-q7m9z.log #1"), "the other run is named\n" + f);
    }

    /** Control: one replica's log read twice under two names: twin lines, the same delay to the nanosecond. Unchanged. */
    @Test
    void theSameLogReadTwiceUnderTwoNamesIsNotLowered() throws IOException {
        Files.write(dir.resolve(A), replicaA());
        Files.write(dir.resolve(B), replicaA());
        JsonNode r = report();
        JsonNode f = finding(r, "AF001");
        assertTrue(f != null, r.toString());
        // As strong as the sample's export allows (s41-af001): its order rests on a grace-0 deletionTimestamp read as the request.
        assertEquals("likely", f.get("confidence").asText(), f.toString());
        assertEquals("AF001.reason.graceGuess", f.get("confidenceReasonCode").asText(), f.toString());
        assertFalse(f.toString().contains("two clocks"), f.toString());
        assertEquals(null, finding(r, "AF012"), r.toString());
    }

    /** Control: the second replica ran (election off) but never handled the Pod's deletion: the one release stands. */
    @Test
    void aSecondReplicaThatNeverHandledThePodLeavesTheReleaseAsItWas() throws IOException {
        Files.write(dir.resolve(A), replicaA());
        Files.write(dir.resolve(B), replicaB(false));
        JsonNode f = finding(report(), "AF001");
        assertTrue(f != null);
        // As strong as the sample's export allows (s41-af001): its order rests on a grace-0 deletionTimestamp read as the request.
        assertEquals("likely", f.get("confidence").asText(), f.toString());
        assertEquals("AF001.reason.graceGuess", f.get("confidenceReasonCode").asText(), f.toString());
        assertTrue(cites(f, A, 13), f.toString());
    }
}
