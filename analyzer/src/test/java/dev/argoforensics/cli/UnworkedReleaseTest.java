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
 * Session 38: a release item that no cleanup worker of its run took while it could remove anything, read through the real reader.
 * A worker logs {@code cleaning up pod} before it patches, and patches only a Pod its informer holds; a process keeps no queue
 * across a restart. So an item queued due at once, with no worker line, is a removal only where the run's lines may have lost
 * that line (the log ends, or was cut, right after it). Where the run's lines show it was never taken (the next process of the
 * same controller starts in the same file; the run, read whole, goes on for minutes past the Pod's being seen gone), it is no
 * release: another run's release is the Pod's, and where none remains AF001 says that the release is not in the evidence
 * ({@code possible}), not {@code confirmed} at the queueing line.
 */
class UnworkedReleaseTest {
    @TempDir
    Path dir;

    private static final String BANNER_A = "time=2026-09-19T16:20:00.000Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3";
    private static final String GC = "level=INFO msg=\"Performing periodic GC\" periodicity=5m0s";

    /** The first process: the Workflow run, the Pod's deletion handled, the release queued due at once; no worker line. */
    private static List<String> firstProcess() {
        return new ArrayList<>(List.of(BANNER_A, workers("2026-09-19T16:20:00.100Z", 2), processing("2026-09-19T16:27:10.400Z", "Running"),
                createdPod("2026-09-19T16:27:10.431Z"), workflowUpdated("2026-09-19T16:27:20.470Z", "Running"),
                "time=2026-09-19T16:30:00.000Z " + GC,
                podEvent("2026-09-19T16:31:11.256Z", "update"), removingFinalizers("2026-09-19T16:31:11.257Z"),
                queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s"), queueing("2026-09-19T16:31:11.258Z", "removeFinalizer")));
    }

    /** The next process of the same controller: its informer lists the Pod being deleted, queues its own release and takes it. */
    private static List<String> nextProcess(boolean releases) {
        List<String> l = new ArrayList<>(List.of(
                "time=2026-09-19T16:31:40.000Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3",
                workers("2026-09-19T16:31:40.100Z", 2)));
        if (releases) {
            l.addAll(List.of(podEvent("2026-09-19T16:31:40.256Z", "add"), removingFinalizers("2026-09-19T16:31:40.257Z"),
                    queuingPodDelay("2026-09-19T16:31:40.257Z", "removeFinalizer", "-1m53.257168224s"), queueing("2026-09-19T16:31:40.258Z", "removeFinalizer"),
                    cleaningUp("2026-09-19T16:31:40.350Z", "removeFinalizer"), podEvent("2026-09-19T16:31:40.363Z", "delete")));
        }
        l.addAll(List.of(processing("2026-09-19T16:33:02.240Z", "Running"), podMissing("2026-09-19T16:33:02.246Z"),
                markingError("2026-09-19T16:33:02.246Z"), workflowUpdated("2026-09-19T16:33:02.271Z", "Error"),
                "time=2026-09-19T16:35:00.000Z " + GC));
        return l;
    }

    /** The AF001 finding of the JSON report, as its JSON text ("" if none). */
    private String af001() throws IOException {
        Files.writeString(dir.resolve("pod.yaml"), V4.podYaml(true));
        Files.writeString(dir.resolve("wf.yaml"), V4.workflowYaml("Error", "pod deleted", "2026-09-19T16:33:02Z"));
        Cli c = Cli.run("analyze", dir.toString(), "--now", "2026-09-20T00:00:00Z", "--format", "json");
        for (JsonNode f : new ObjectMapper().readTree(c.out()).get("findings")) {
            if (f.get("rule").asText().equals("AF001")) {
                return f.toString();
            }
        }
        return "";
    }

    /** Whether the finding cites line {@code line} of {@code file} among its evidence. */
    private static boolean cites(String finding, String file, int line) {
        return finding.contains("/" + file + "\",\"line\":" + line + ",");
    }

    /**
     * (2) A restart whose lines show neither a stop nor a new lease: the first process queued the item and logged no worker line
     * before the next process's banner in the same file. Its item died with it; the next process's worker line is the release.
     */
    @Test
    void theNextProcessBannerEndsTheRunAndItsItem() throws IOException {
        List<String> log = firstProcess();
        log.addAll(nextProcess(true));
        Files.write(dir.resolve("workflow-controller.log"), log);
        String f = af001();
        assertTrue(f.contains("\"rule\":\"AF001\""), f);
        assertTrue(cites(f, "workflow-controller.log", 17), "the next process's worker line is the release\n" + f);
        assertTrue(f.contains("16:31:40.350"), f);
        assertFalse(cites(f, "workflow-controller.log", 9), "the dead item's scheduling line is no release\n" + f);
    }

    /**
     * (3) The same restart, the next process never handling the Pod (it was gone when it listed): the dead item was the Pod's only
     * release. AF001 says the release is not in the evidence, possible, instead of confirming the queueing line or saying nothing.
     */
    @Test
    void aDeadItemAloneIsNamedAsNoRelease() throws IOException {
        List<String> log = firstProcess();
        log.addAll(nextProcess(false));
        Files.write(dir.resolve("workflow-controller.log"), log);
        String f = af001();
        assertTrue(f.contains("\"confidence\":\"possible\""), f);
        assertTrue(f.contains("its run ended with no line of its cleanup worker taking the item"), f);
        assertTrue(f.contains("not in the evidence"), f);
    }

    /**
     * The control for (2) and (3): the first process's log is its own file, which ends right after the item (its worker's line may
     * be cut with it): its item counts, as before.
     */
    @Test
    void anItemAtTheEndOfItsOwnFileStillCounts() throws IOException {
        Files.write(dir.resolve("1-first.log"), firstProcess());
        Files.write(dir.resolve("2-next.log"), nextProcess(false));
        String f = af001();
        assertTrue(f.contains("\"rule\":\"AF001\""), f);
        assertFalse(f.contains("no line of its cleanup worker taking the item"), f);
        assertTrue(cites(f, "1-first.log", 9), "the item's scheduling line is quoted as the release\n" + f);
    }

    /**
     * (1) A log read whole that goes on for minutes after an item due at once, with no worker line (its workers busy or never taking
     * it), while another run's worker finds the Pod missing: the Pod was gone before any worker of the first run took the item.
     */
    @Test
    void anItemNotTakenInAWholeLogThatWentOnPastThePodsGoingIsNoRelease() throws IOException {
        List<String> first = firstProcess();
        first.addAll(List.of("time=2026-09-19T16:34:00.000Z " + GC, "time=2026-09-19T16:38:00.000Z " + GC));
        Files.write(dir.resolve("a.log"), first);
        Files.write(dir.resolve("b.log"), List.of("time=2026-09-19T16:32:50.000Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3",
                workers("2026-09-19T16:32:50.100Z", 2), processing("2026-09-19T16:33:02.240Z", "Running"), podMissing("2026-09-19T16:33:02.246Z"),
                markingError("2026-09-19T16:33:02.246Z"), workflowUpdated("2026-09-19T16:33:02.271Z", "Error")));
        String f = af001();
        assertTrue(f.contains("\"confidence\":\"possible\""), f);
        assertTrue(f.contains("the Pod was seen gone at 2026-09-19T16:33:02.246Z"), f);
    }

    /** The control for (1): the first run's log ends a second after the item; its worker's line may be cut with it: quoted as before. */
    @Test
    void anItemNotTakenInALogThatEndsSoonAfterStillCounts() throws IOException {
        List<String> first = firstProcess();
        first.add("time=2026-09-19T16:31:12.000Z " + GC);
        Files.write(dir.resolve("a.log"), first);
        Files.write(dir.resolve("b.log"), List.of("time=2026-09-19T16:32:50.000Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3",
                workers("2026-09-19T16:32:50.100Z", 2), processing("2026-09-19T16:33:02.240Z", "Running"), podMissing("2026-09-19T16:33:02.246Z"),
                markingError("2026-09-19T16:33:02.246Z"), workflowUpdated("2026-09-19T16:33:02.271Z", "Error")));
        String f = af001();
        assertTrue(f.contains("\"rule\":\"AF001\""), f);
        assertFalse(f.contains("the Pod was seen gone"), f);
        assertTrue(cites(f, "a.log", 9), f);
    }

    /**
     * Session 39: (1) with the Pod-gone line a later namesake's. The Workflow was deleted and submitted again under its name (a new
     * object: its export's UID is not the one the Pod export names as its owner), its node ran again from 16:38:31, 7 minutes after
     * this Pod's deletion, and another run's excerpt shows the new object's node {@code Workflow pod is missing} at 16:40:02: the
     * later Pod gone, not this one. It must not be read as this Pod seen gone.
     */
    @Test
    void aLaterNamesakesPodMissingLineIsNotThisPodGone() throws IOException {
        writePodMissingElsewhere();
        Files.writeString(dir.resolve("wf.yaml"), V4.workflowYaml("Error", "pod deleted", "2026-09-19T16:40:02Z").replace("uid: w-1", "uid: w-2")
                .replace("startedAt: \"2026-09-19T16:27:10Z\"", "startedAt: \"2026-09-19T16:38:31Z\""));
        Cli c = Cli.run("analyze", dir.toString(), "--now", "2026-09-20T00:00:00Z", "--format", "json");
        assertFalse(c.out().contains("the Pod was seen gone at 2026-09-19T16:40:02.246Z"), c.out());
        assertFalse(c.out().contains("\"confidence\":\"confirmed\""), c.out());
    }

    /** The control: the same export naming this Pod's own Workflow (one object): the missing line is this Pod's, as before. */
    @Test
    void theSameObjectsPodMissingLineIsStillThisPodGone() throws IOException {
        writePodMissingElsewhere();
        Files.writeString(dir.resolve("wf.yaml"), V4.workflowYaml("Error", "pod deleted", "2026-09-19T16:40:02Z"));
        Cli c = Cli.run("analyze", dir.toString(), "--now", "2026-09-20T00:00:00Z", "--format", "json");
        assertTrue(c.out().contains("the Pod was seen gone at 2026-09-19T16:40:02.246Z"), c.out());
    }

    /**
     * The first process read whole past the release (a.log), another run's excerpt with the node's Pod missing at 16:40:02 (b-grep.log)
     * and the Pod's export naming Workflow p of UID w-1 as its owner; each test writes the Workflow export it is about.
     */
    private void writePodMissingElsewhere() throws IOException {
        List<String> first = firstProcess();
        first.addAll(List.of("time=2026-09-19T16:34:00.000Z " + GC, "time=2026-09-19T16:38:00.000Z " + GC, "time=2026-09-19T16:42:00.000Z " + GC));
        Files.write(dir.resolve("a.log"), first);
        Files.write(dir.resolve("b-grep.log"), List.of(processing("2026-09-19T16:40:02.240Z", "Running"), podMissing("2026-09-19T16:40:02.246Z"),
                markingError("2026-09-19T16:40:02.246Z")));
        Files.writeString(dir.resolve("pod.yaml"), V4.podYaml(true).replace("  labels:",
                "  ownerReferences: [{apiVersion: argoproj.io/v1alpha1, kind: Workflow, name: p, uid: w-1}]\n  labels:"));
    }
}
