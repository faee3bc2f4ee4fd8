package dev.argoforensics.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.source.InputClassifier;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.PasteShape;
import dev.argoforensics.testing.Notes;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.wording.Message;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code kubectl describe pod} as pasted: read as a Pod with what the text does not print left unknown, never as argo get output. */
class KubectlDescribePodsTest {
    @TempDir
    Path dir;

    private static final String FINISHED = """
            $ kubectl describe pod -n billing invoice-run-c4d8x-render-2207194405
            Name:             invoice-run-c4d8x-render-2207194405
            Namespace:        billing
            Priority:         0
            Service Account:  invoicer
            Node:             node-pool-b-7f2k/10.3.0.17
            Start Time:       Tue, 03 Nov 2026 19:40:11 +0100
            Labels:           workflows.argoproj.io/completed=false
                              workflows.argoproj.io/workflow=invoice-run-c4d8x
            Annotations:      workflows.argoproj.io/node-id: invoice-run-c4d8x-2207194405
                              workflows.argoproj.io/node-name: invoice-run-c4d8x.render
                              workflows.argoproj.io/template:
                                {"name":"render","inputs":{},"outputs":{},"metadata":{},"container":{"name":"","image":"render:1"...
            Status:           Succeeded
            IP:               10.3.4.51
            IPs:
              IP:           10.3.4.51
            Controlled By:  Workflow/invoice-run-c4d8x
            Init Containers:
              init:
                Image:         quay.io/argoproj/argoexec:v3.7.9
                State:          Terminated
                  Reason:       Completed
                  Exit Code:    0
                  Started:      Tue, 03 Nov 2026 19:40:12 +0100
                  Finished:     Tue, 03 Nov 2026 19:40:12 +0100
                Ready:          True
            Containers:
              wait:
                Image:         quay.io/argoproj/argoexec:v3.7.9
                State:          Terminated
                  Reason:       Completed
                  Exit Code:    0
                  Started:      Tue, 03 Nov 2026 19:40:13 +0100
                  Finished:     Tue, 03 Nov 2026 19:41:02 +0100
                Ready:          False
              main:
                Image:         render:1
                State:          Terminated
                  Reason:       Completed
                  Exit Code:    0
                  Started:      Tue, 03 Nov 2026 19:40:13 +0100
                  Finished:     Tue, 03 Nov 2026 19:41:01 +0100
                Last State:     Terminated
                  Reason:       Error
                  Exit Code:    2
                  Started:      Tue, 03 Nov 2026 19:30:00 +0100
                  Finished:     Tue, 03 Nov 2026 19:30:05 +0100
                Ready:          False
                Environment:
                  ARGO_CONTAINER_NAME:  main
            Conditions:
              Type                        Status
              Initialized                 True 
              Ready                       False 
              PodScheduled                True 
            QoS Class:                   BestEffort
            Events:
              Type    Reason   Age   From     Message
              ----    ------   ----  ----     -------
              Normal  Started  2m    kubelet  Started container main
            """;

    private PasteFileReader.Result read(String text, ObservedAt commandLine) throws IOException {
        Path p = dir.resolve("describe.txt");
        Files.writeString(p, text, StandardCharsets.UTF_8);
        InputFile f = new InputClassifier().classify("describe.txt", p);
        assertEquals(PasteShape.KUBECTL_DESCRIBE_POD, PasteShape.of(f.reason()), "classified as " + f.reason());
        return new PasteFileReader().read(f, PasteShape.KUBECTL_DESCRIBE_POD, commandLine, null, Message.NOTHING);
    }

    @Test
    void aFinishedPodWithItsContainersExitCodesTimesAndWorkflow() throws IOException {
        PasteFileReader.Result r = read(FINISHED, null);
        assertTrue(r.problems().isEmpty(), r.problems().toString());
        assertEquals(1, r.objects().size());
        PodSnapshot p = (PodSnapshot) r.objects().get(0);
        assertEquals("billing", p.namespace());
        assertEquals("invoice-run-c4d8x-render-2207194405", p.name());
        assertEquals("", p.uid(), "kubectl describe prints no UID");
        assertEquals("node-pool-b-7f2k", p.nodeName());
        assertEquals("Succeeded", p.phase());
        assertEquals("invoice-run-c4d8x", p.workflowName().orElseThrow());
        assertEquals("invoice-run-c4d8x-2207194405", p.annotations().get(PodSnapshot.NODE_ID_ANNOTATION));
        assertEquals("invoice-run-c4d8x.render", p.annotations().get(PodSnapshot.NODE_NAME_ANNOTATION));
        assertEquals(3, p.annotations().size(), "the template's continuation line is not an annotation");
        assertTrue(p.described());
        assertFalse(p.finalizersKnown(), "the text prints no finalizers: unknown, not none");
        assertNull(p.deletionTimestamp());
        assertTrue(p.allContainersSucceeded(), p.exitCodeSummary());
        assertEquals("wait exit 0, main exit 0", p.exitCodeSummary(), "Last State's exit 2 is an earlier run");
        // +0100 as printed: 19:41:02 there is 18:41:02 UTC, to the second.
        assertEquals(Instant.parse("2026-11-03T18:41:02Z"), p.containersFinishedAt().orElseThrow().instant());
        assertEquals(3, p.conditions().size());
        assertTrue(p.lastConditionTransition().isEmpty(), "condition times are not printed");
        assertTrue(p.observed().lowerBound());
        assertEquals(Instant.parse("2026-11-03T18:41:02Z"), p.observed().time().instant());
        assertTrue(r.identifiers().contains("serviceAccount:invoicer"), r.identifiers().toString());
        assertTrue(r.identifiers().contains("host:node-pool-b-7f2k"), r.identifiers().toString());
    }

    /**
     * An evicted Pod as described: kubectl prints the Pod's own {@code Reason:} and {@code Message:} after {@code Status:}, unindented;
     * the containers' {@code Reason:} lines are indented and stay theirs.
     */
    @Test
    void thePodsOwnReasonAndMessageAreReadApartFromTheContainers() throws IOException {
        String evicted = FINISHED.replace("Status:           Succeeded", "Status:           Failed\n"
                + "Reason:           Evicted\n"
                + "Message:          The node was low on resource: memory. Threshold quantity: 100Mi, available: 61244Ki. ");
        PodSnapshot p = (PodSnapshot) read(evicted, null).objects().get(0);
        assertEquals("Failed", p.phase());
        assertEquals("Evicted", p.statusReason());
        assertEquals("The node was low on resource: memory. Threshold quantity: 100Mi, available: 61244Ki.", p.statusMessage());
        assertEquals("wait exit 0, main exit 0", p.exitCodeSummary());
        PodSnapshot plain = (PodSnapshot) read(FINISHED, null).objects().get(0);
        assertEquals("", plain.statusReason(), "the containers' Reason: Completed is not the Pod's");
    }

    @Test
    void aTerminatingPodIsPlacedOnlyByAStatedTime() throws IOException {
        String terminating = FINISHED.replace("Status:           Succeeded", "Status:           Terminating (lasts <invalid>)\n"
                + "Termination Grace Period:  30s");
        PasteFileReader.Result undated = read(terminating, null);
        assertEquals(0, undated.objects().size(), "no time to place the deletion by: not read as a Pod that is not being deleted");
        assertEquals(1, undated.problems().size());
        assertTrue(undated.problems().get(0).reason().contains("add # taken-at:"), undated.problems().toString());

        PasteFileReader.Result dated = read("# taken-at: 2026-11-03T18:45:00Z\n" + terminating, null);
        assertTrue(dated.problems().isEmpty(), dated.problems().toString());
        PodSnapshot p = (PodSnapshot) dated.objects().get(0);
        assertEquals("", p.phase(), "kubectl prints Terminating instead of the phase");
        assertEquals(Instant.parse("2026-11-03T18:45:00Z"), p.deletionTimestamp().instant(), "deleted no later than the stated time");
        assertNull(p.deletionGracePeriodSeconds(), "the bound is not a deletionTimestamp: no grace period to take off it");
        assertFalse(p.observed().lowerBound());
    }

    /**
     * kubectl 1.31 and later (kubernetes#122038) print {@code Terminating (lasts …)} only for a Pod whose phase is not
     * {@code Succeeded} or {@code Failed}: a finished Pod being deleted (the status-capture finalizer holding it) is described
     * by its phase. So a Pod described {@code Succeeded} or {@code Failed} shows nothing of its deletion, and is never read as
     * one that was not being deleted; a Pod described {@code Running} still is (kubectl would have printed Terminating).
     */
    @Test
    void aPodDescribedInATerminalPhaseDoesNotShowWhetherItWasBeingDeleted() throws IOException {
        PodSnapshot succeeded = (PodSnapshot) read(FINISHED, null).objects().get(0);
        assertNull(succeeded.deletionTimestamp());
        assertFalse(succeeded.deletionShown(), "kubectl 1.31+ prints Succeeded for a finished Pod being deleted");
        assertFalse(succeeded.notDeleting());

        PodSnapshot failed = (PodSnapshot) read(FINISHED.replace("Status:           Succeeded", "Status:           Failed"), null)
                .objects().get(0);
        assertFalse(failed.notDeleting(), "Failed is terminal too");

        String running = FINISHED.replace("Status:           Succeeded", "Status:           Running")
                .replace("    State:          Terminated\n      Reason:       Completed\n      Exit Code:    0\n"
                        + "      Started:      Tue, 03 Nov 2026 19:40:13 +0100\n      Finished:     Tue, 03 Nov 2026 19:41:01 +0100\n",
                        "    State:          Running\n      Started:      Tue, 03 Nov 2026 19:40:13 +0100\n");
        PodSnapshot live = (PodSnapshot) read(running, null).objects().get(0);
        assertEquals("running", live.containers().stream().filter(c -> c.name().equals("main")).findFirst().orElseThrow().state());
        assertTrue(live.notDeleting(), "a Running Pod being deleted is described Terminating by every kubectl");
    }

    @Test
    void severalPodsInOneFileAndABlockWithoutNamespace() throws IOException {
        String second = FINISHED.replace("invoice-run-c4d8x-render-2207194405", "invoice-run-c4d8x-mail-31337")
                .replace("$ kubectl describe pod -n billing invoice-run-c4d8x-mail-31337\n", "");
        PasteFileReader.Result r = read(FINISHED + "\n\n" + second + "\nName:  stray\nPriority:  0\n", null);
        assertEquals(2, r.objects().size());
        assertEquals("invoice-run-c4d8x-mail-31337", ((PodSnapshot) r.objects().get(1)).name());
        assertEquals(1, r.problems().size(), r.problems().toString());
        assertTrue(r.problems().get(0).reason().contains("no Namespace:"), r.problems().toString());
    }

    /**
     * The Events table's ages are relative to when describe printed them: with a stated time, an age printed to the second places its
     * event (the last sighting of a repeated one), at its own line, the kubelet's {@code Stopping container} naming its container;
     * an age cut to the minute is kept with its minute's window, for the timeline only (session 46, as a get events table's row),
     * and every age without a stated time is counted and said, never turned into a time.
     */
    @Test
    void theEventsTableIsPlacedOnlyByAStatedTimeAndAnAgeToTheSecond() throws IOException {
        String withEvents = FINISHED.replace("  Normal  Started  2m    kubelet  Started container main\n", ""
                + "  Normal   Started    4m52s                kubelet            Started container main\n"
                + "  Warning  Unhealthy  38s (x3 over 2m8s)   kubelet            Readiness probe failed: HTTP probe failed\n"
                + "  Normal   Killing    21s                  kubelet            Stopping container main\n"
                + "  Normal   Scheduled  12m                  default-scheduler  Successfully assigned billing/x to node-pool-b-7f2k\n")
                .replace("  Type    Reason   Age   From     Message\n  ----    ------   ----  ----     -------\n",
                        "  Type     Reason     Age                  From               Message\n"
                        + "  ----     ------     ----                 ----               -------\n");
        ObservedAt at = ObservedAt.stated(Timestamp.parseRfc3339("2026-11-03T18:46:00Z", null, false), ObservationBasis.TAKEN_AT_COMMENT);
        PasteFileReader.Result r = read(withEvents, at);
        assertTrue(r.problems().isEmpty(), r.problems().toString());
        List<ClusterEvent> events = r.objects().stream().filter(ClusterEvent.class::isInstance).map(ClusterEvent.class::cast).toList();
        assertEquals(List.of("Started", "Unhealthy", "Killing", "Scheduled"), events.stream().map(ClusterEvent::reason).toList());
        assertTrue(events.get(3).minuteDated(), "12m: to the minute");
        assertTrue(events.subList(0, 3).stream().noneMatch(ClusterEvent::minuteDated));
        ClusterEvent killing = events.get(2);
        assertEquals("2026-11-03T18:45:39Z", killing.last().format());
        assertEquals("spec.containers{main}", killing.regarding().fieldPath());
        assertEquals("invoice-run-c4d8x-render-2207194405", killing.regarding().name());
        assertEquals("billing", killing.regarding().namespace());
        assertEquals("kubelet", killing.reportedBy());
        assertEquals("describe.txt:63", killing.source().toString());
        assertEquals(3, events.get(1).count());
        assertEquals("2026-11-03T18:45:22Z", events.get(1).last().format(), "a repeated event: its last sighting");
        // kubectl prints "(xN over AGE)" with AGE the age of the first sighting (translateTimestampSince(firstTimestamp)), not a
        // span: the first sighting was 2m8s before the stated time (session 35: it was taken to be the last one).
        assertEquals("2026-11-03T18:43:52Z", events.get(1).first().format(), "a repeated event: its first sighting");
        assertEquals(killing.first(), killing.last(), "an event seen once: one sighting");
        assertTrue(Notes.words(r.notes()).stream().anyMatch(n -> n.startsWith("1 event row(s) 10 minutes to 8 hours old")), r.notes().toString());
        assertTrue(Notes.words(r.notes()).stream().noneMatch(n -> n.contains("counted, not kept")), r.notes().toString());

        PasteFileReader.Result untimed = read(withEvents, null);
        assertEquals(1, untimed.objects().size(), "no stated time: no event placed");
        assertTrue(Notes.words(untimed.notes()).stream().anyMatch(n -> n.contains("none of its 4 row(s) can be placed in time")),
                untimed.notes().toString());
        PasteFileReader.Result broken = read(withEvents.replace("  Normal   Killing    21s ", "Killing21s"), at);
        assertEquals(1, broken.problems().size(), broken.problems().toString());
        assertEquals(63, broken.problems().get(0).line());
    }

    /**
     * The Age column's forms (kubectl's {@code HumanDuration}, as a get events table's LAST SEEN): {@code 2m3s} to the second;
     * {@code 15m} to the minute (15 to just under 16 minutes before the stated time); {@code 38s (x3 over 20m)}: the last sighting
     * to the second, the first only to the minute, so the first stays unknown (kept at the last); {@code 15m (x3 over 20m)}: both
     * to the minute, one window; {@code <invalid>}: the event's time ahead of the describing machine's clock, not placed.
     */
    @Test
    void theAgeColumnsFormsAreReadAsATablesAre() throws IOException {
        String withEvents = FINISHED.replace("  Normal  Started  2m    kubelet  Started container main\n", ""
                + "  Normal   Pulled     2m3s                 kubelet            Container image already present on machine\n"
                + "  Normal   Started    15m                  kubelet            Started container main\n"
                + "  Warning  Unhealthy  38s (x3 over 20m)    kubelet            Readiness probe failed: HTTP probe failed\n"
                + "  Warning  BackOff    15m (x3 over 20m)    kubelet            Back-off restarting failed container\n"
                + "  Normal   Killing    <invalid>            kubelet            Stopping container main\n")
                .replace("  Type    Reason   Age   From     Message\n  ----    ------   ----  ----     -------\n",
                        "  Type     Reason     Age                  From               Message\n"
                        + "  ----     ------     ----                 ----               -------\n");
        ObservedAt at = ObservedAt.stated(Timestamp.parseRfc3339("2026-11-03T18:46:00Z", null, false), ObservationBasis.TAKEN_AT_COMMENT);
        PasteFileReader.Result r = read(withEvents, at);
        assertTrue(r.problems().isEmpty(), r.problems().toString());
        List<ClusterEvent> events = r.objects().stream().filter(ClusterEvent.class::isInstance).map(ClusterEvent.class::cast).toList();
        assertEquals(List.of("Pulled", "Started", "Unhealthy", "BackOff"), events.stream().map(ClusterEvent::reason).toList());
        assertEquals("2026-11-03T18:43:57Z", events.get(0).last().format());
        assertFalse(events.get(0).minuteDated());
        // 15m: from 16 minutes before (the window's start) to just under 15
        assertEquals("2026-11-03T18:30:00Z", events.get(1).last().format());
        assertTrue(events.get(1).minuteDated());
        assertEquals(ClusterEvent.class, events.get(1).getClass());
        ClusterEvent unhealthy = events.get(2);
        assertFalse(unhealthy.minuteDated(), "its last sighting to the second");
        assertEquals("2026-11-03T18:45:22Z", unhealthy.last().format());
        assertEquals(unhealthy.last(), unhealthy.first(), "a first sighting only to the minute is not placed");
        ClusterEvent backOff = events.get(3);
        assertTrue(backOff.minuteDated());
        assertEquals("2026-11-03T18:25:00Z", backOff.first().format(), "20m: from 21 minutes before");
        assertEquals("2026-11-03T18:30:00Z", backOff.last().format());
        assertTrue(Notes.words(r.notes()).stream().anyMatch(n -> n.startsWith("2 event row(s) 10 minutes to 8 hours old")), r.notes().toString());
        assertTrue(Notes.words(r.notes()).stream().anyMatch(n -> n.startsWith("1 event row(s) 8 hours old or older") && n.contains("<invalid>")),
                r.notes().toString());
    }
}
