package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static dev.argoforensics.testing.V4.workers;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.snapshot.PasteFileReader;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.source.PasteShape;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.V4;
import dev.argoforensics.wording.Message;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 19's second review of AF001's new ways to order the containers' end before the deletion: a trimmed export's
 * {@code Failed} phase PodGC wrote (not the kubelet), and a {@code Completed} row of an earlier Pod of the same name.
 */
class TerminalPhaseLookAlikesTest {
    private final PrematureFinalizerRemoval rule = new PrematureFinalizerRemoval();

    /** The Pod's deletion first seen at 16:31:11.256, its finalizer released on the deleting branch, the node recorded lost. */
    private static Evidence race(String delay) {
        return new Evidence()
                .log("1.log", createdPod("2026-09-19T16:27:10.431Z"), workflowUpdated("2026-09-19T16:27:20.470Z", "Running"))
                .log("2.log", workers("2026-09-19T16:31:11.132Z", 0), podEvent("2026-09-19T16:31:11.256Z", "update"),
                        removingFinalizers("2026-09-19T16:31:11.257Z"), V4.queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", delay),
                        queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"), cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"),
                        podEvent("2026-09-19T16:31:11.363Z", "delete"), podMissing("2026-09-19T16:33:02.246Z"), markingError("2026-09-19T16:33:02.246Z"));
    }

    /** {@code kubectl get pod -o yaml | yq 'del(.status.containerStatuses)'}, phase Failed, with these conditions. */
    private static String trimmedFailed(String conditions) {
        return "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  namespace: ns\n  uid: u-1\n  creationTimestamp: \"2026-09-19T16:27:10Z\"\n"
                + "  finalizers: [workflows.argoproj.io/status]\n  labels: {workflows.argoproj.io/workflow: p}\n"
                + "  annotations: {workflows.argoproj.io/node-id: p, workflows.argoproj.io/node-name: p}\n"
                + "spec:\n  restartPolicy: Never\n  nodeName: n-1\n  containers: [{name: wait}, {name: main}]\n"
                + "status:\n  phase: Failed\n" + conditions;
    }

    private Finding finding(Evidence evidence) {
        return rule.evaluate(evidence.workflow("wf.yaml", V4.workflowYaml("Error", "pod deleted", "2026-09-19T16:33:02Z")).correlate())
                .findings().get(0);
    }

    /**
     * PodGC patches a Pod of a deleted Node {@code Failed} (DisruptionTarget DeletionByPodGC) and deletes it with grace 0 at once
     * (lifecycle reference A1, A2): an export between the two shows Failed, no deletionTimestamp, its containers never seen to end.
     */
    @Test
    void aFailedPhasePodGcWroteDoesNotOrderTheEnd() {
        String podGc = "  conditions:\n  - {type: DisruptionTarget, status: \"True\", reason: DeletionByPodGC, message: 'PodGC: node no longer exists',"
                + " lastTransitionTime: \"2026-09-19T16:29:47Z\"}\n";
        Finding f = finding(race("-1m24.257168224s").takenAt("pod.yaml", "2026-09-19T16:31:11Z", trimmedFailed(podGc)));
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());

        // The same condition on an export taken well before the deletion: PodGC named, still not the kubelet's phase.
        Finding earlier = finding(race("-1m24.257168224s").takenAt("pod.yaml", "2026-09-19T16:30:00Z", trimmedFailed(podGc)));
        assertTrue(earlier.confidence() != Confidence.CONFIRMED && earlier.confidence() != Confidence.LIKELY, earlier.confidenceReason());
    }

    /** Conditions trimmed too: a Failed phase in the same second as the deletion's first sign may be PodGC's patch; nothing orders. */
    @Test
    void aFailedPhaseInTheDeletionsSecondDoesNotOrderTheEnd() {
        Finding f = finding(race("-1m24.257168224s").takenAt("pod.yaml", "2026-09-19T16:31:11Z", trimmedFailed("")));
        assertTrue(f.confidence() != Confidence.CONFIRMED && f.confidence() != Confidence.LIKELY, f.confidence() + ": " + f.confidenceReason());
    }

    /** The negative control: the kubelet's Failed (main exited non-zero) in an export a minute older than the deletion orders the end. */
    @Test
    void aFailedPhaseWellBeforeTheDeletionStillOrdersTheEnd() {
        String ready = "  conditions:\n  - {type: Ready, status: \"False\", lastTransitionTime: \"2026-09-19T16:29:47Z\"}\n";
        Finding f = finding(race("-1m24.257168224s").takenAt("pod.yaml", "2026-09-19T16:30:00Z", trimmedFailed(ready)));
        assertEquals(Confidence.CONFIRMED, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("shows the Pod Failed"), f.confidenceReason());
    }

    private static Evidence withTable(Path dir, String takenAt, String age) throws Exception {
        Path file = dir.resolve("pods.txt");
        Files.write(file, List.of("# taken-at: " + takenAt, "$ kubectl get pods -n ns", "NAME   READY   STATUS      RESTARTS   AGE",
                "p      0/2     Completed   0          " + age));
        // The Workflow written after the loss, 111 s after the Pod was gone: no room for a foreground deletion of it.
        // The audit record of the delete bounds the request from below: kubectl 1.31+ lists a Pod being deleted Completed too, so a
        // Completed row orders the end only before that bound (session 42).
        return race("-1m24.257168224s").log("3.log", workflowUpdated("2026-09-19T16:33:02.262Z", "Error"))
                .object("audit.log", LookAlikesReviewTest.auditDelete("2026-09-19T16:31:11.200000Z")).object("audit-create.log", LookAlikesReviewTest.CREATE)
                .log("4-first-pass.log", dev.argoforensics.testing.V4.firstPass()).exported(new PasteFileReader().read(new InputFile("pods.txt", file, InputKind.SNAPSHOT, false,
                PasteShape.KUBECTL_PODS.label()), PasteShape.KUBECTL_PODS, null, null, Message.NOTHING).objects().get(0));
    }

    /**
     * A Workflow of a fixed name run twice: the table, dated before this Pod's {@code Created pod} line (no Pod export gives its
     * creation), lists the earlier Pod of the name Completed; this one may still have been running when deleted.
     */
    @Test
    void aCompletedRowPrintedBeforeThePodWasCreatedIsAnEarlierPod(@TempDir Path dir) throws Exception {
        Finding earlier = rule.evaluate(withTable(dir, "2026-09-19T16:20:00Z", "9m").correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, earlier.confidence(), earlier.confidenceReason());

        Finding dated = rule.evaluate(withTable(dir, "2026-09-19T16:29:00Z", "1m").correlate()).findings().get(0);
        assertTrue(dated.confidence() != Confidence.POSSIBLE, "the control: printed after the Created pod line, the row is this Pod: "
                + dated.confidenceReason());
        assertTrue(dated.confidenceReason().contains("lists the Pod Completed"), dated.confidenceReason());
    }
}
