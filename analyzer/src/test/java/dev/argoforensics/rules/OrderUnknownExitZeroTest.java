package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.nodePhaseChanged;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
import static dev.argoforensics.testing.V4.processing;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static dev.argoforensics.testing.V4.workers;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.snapshot.ObjectDecoder;
import dev.argoforensics.snapshot.ObjectFileReader;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
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
 * Review s26: a Pod deleted while the controller was down. The restarted controller lists it already deleting (an {@code add pod
 * event}, not the deletion arriving), releases the finalizer and records {@code pod deleted}; an export of the Pod, pasted trimmed where a
 * deletionTimestamp would stand, shows every container exited 0 but not whether the deletion had come. Nothing orders the containers' end and the deletion: a main that traps SIGTERM exits 0 when the
 * deletion kills it too. AF001 says so (possible); AF002 said {@code confirmed}, a success reported as an error.
 */
class OrderUnknownExitZeroTest {
    private static final String WORKFLOW = Exports.workflow("Error", "Error", "pod deleted", "2026-09-19T16:40:00Z", true, null);

    @TempDir
    Path dir;

    private static Evidence restartedAfterTheDeletion(String podExport) {
        return restarted().pod("pod.yaml", podExport);
    }

    /** A pasted export read as the analyzer reads a file (its marks of lines left out taken out and noted). */
    private Evidence restartedAfterTheDeletion(String pastedPod, boolean pasted) throws IOException {
        Path p = dir.resolve("pod.yaml");
        Files.writeString(p, pastedPod);
        List<PodSnapshot> pods = new ArrayList<>();
        new ObjectFileReader().read(new InputFile("pod.yaml", p, InputKind.SNAPSHOT, false, "test"), null, d -> pods.add(ObjectDecoder.pod(d)));
        return restarted().exported(pods.get(0));
    }

    private static Evidence restarted() {
        return new Evidence()
                .log("1.log", workers("2026-09-19T16:20:00.132Z", 32), createdPod("2026-09-19T16:27:10.431Z"),
                        workflowUpdated("2026-09-19T16:27:10.470Z", "Running"), podEvent("2026-09-19T16:27:10.480Z", "add"))
                .log("2.log", workers("2026-09-19T16:40:00.100Z", 32), podEvent("2026-09-19T16:40:00.301Z", "add"),
                        removingFinalizers("2026-09-19T16:40:00.301Z"), queuingPodDelay("2026-09-19T16:40:00.302Z", "removeFinalizer", "-10m13.302117452s"),
                        queueing("2026-09-19T16:40:00.302Z", "removeFinalizer"), cleaningUp("2026-09-19T16:40:00.358Z", "removeFinalizer"),
                        podEvent("2026-09-19T16:40:00.377Z", "delete"), processing("2026-09-19T16:40:00.410Z", "Running"),
                        podMissing("2026-09-19T16:40:00.414Z"), markingError("2026-09-19T16:40:00.414Z"),
                        nodePhaseChanged("2026-09-19T16:40:00.415Z", "Running", "Error"), workflowUpdated("2026-09-19T16:40:00.436Z", "Error"))
                .workflow("wf.yaml", WORKFLOW);
    }

    @Test
    void exitZeroWithNothingOrderingItAgainstTheDeletionIsNoConfirmedLostSuccess() throws IOException {
        // An export of the Pod pasted with its metadata trimmed where a deletionTimestamp would stand (a mark among the annotations whose
        // cut ran on to the labels): it says how the containers ended, not whether the deletion had come.
        String untimed = "# taken-at: 2026-09-19T16:39:00Z\napiVersion: v1\nkind: Pod\nmetadata:\n  annotations:\n"
                + "    workflows.argoproj.io/node-id: p\n    ...\n  labels:\n    workflows.argoproj.io/workflow: p\n  name: p\n  namespace: ns\n"
                + "  uid: u-1\nspec:\n  nodeName: ip-10-0-12-34.ec2.internal\nstatus:\n  conditions:\n"
                + "  - {type: Ready, status: \"False\", lastTransitionTime: \"2026-09-19T16:30:04Z\"}\n  containerStatuses:\n"
                + "  - name: main\n    state:\n      terminated: {exitCode: 0, reason: Completed, startedAt: \"2026-09-19T16:27:14Z\", finishedAt: \"2026-09-19T16:30:02Z\"}\n"
                + "  - name: wait\n    state:\n      terminated: {exitCode: 0, reason: Completed, startedAt: \"2026-09-19T16:27:14Z\", finishedAt: \"2026-09-19T16:30:03Z\"}\n"
                + "  phase: Succeeded\n";
        Evaluation e = new SuccessReportedAsError().evaluate(restartedAfterTheDeletion(untimed, true).correlate());
        assertEquals(1, e.findings().size());
        assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence(), e.findings().get(0).confidenceReason());
        assertTrue(e.findings().get(0).confidenceReason().contains("nothing orders the containers' end and the Pod's deletion"),
                e.findings().get(0).confidenceReason());
        assertEquals(Confidence.POSSIBLE, new PrematureFinalizerRemoval().evaluate(restartedAfterTheDeletion(untimed, true).correlate())
                .findings().get(0).confidence(), "AF001 reads the same order");
    }

    /** The negative control: an export of the deleted Pod whose grace-0 deletionTimestamp came ten minutes after the end orders them. */
    @Test
    void anExportThatOrdersTheEndBeforeTheDeletionKeepsTheClaim() {
        String held = Exports.Pod.of().phase("Succeeded").deleted("2026-09-19T16:39:58Z", 0)
                .terminated("main", 0, "Completed", "2026-09-19T16:30:02Z").terminated("wait", 0, "Completed", "2026-09-19T16:30:03Z").yaml();
        Evaluation e = new SuccessReportedAsError().evaluate(restartedAfterTheDeletion(held).correlate());
        assertEquals(1, e.findings().size());
        assertTrue(e.findings().get(0).confidence() != Confidence.POSSIBLE, e.findings().get(0).confidenceReason());
    }
}
