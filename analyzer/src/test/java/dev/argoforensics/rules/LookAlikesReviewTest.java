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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.snapshot.ExportedObject;
import dev.argoforensics.snapshot.PasteFileReader;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.source.PasteShape;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.V4;
import dev.argoforensics.wording.Message;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 19's review of AF001 with look-alikes and near misses (cases in the reply): a head, a grep and a tail pasted as one
 * log; a Pod export trimmed of its container statuses; a dated kubectl get pods row.
 */
class LookAlikesReviewTest {
    private final PrematureFinalizerRemoval rule = new PrematureFinalizerRemoval();

    private static final String STATS = "time=\"%s\" level=info msg=\"Alloc=6215 TotalAlloc=27810 Sys=32853 NumGC=12 Goroutines=123\"";

    /** A release on either branch: no handler line, a podGC delay under 2m, then the node recorded lost. */
    private static List<String> grepped() {
        return List.of(createdPod("2026-09-19T16:27:10.431Z"), workflowUpdated("2026-09-19T16:27:20.470Z", "Running"),
                podEvent("2026-09-19T16:31:11.256Z", "update"),
                "time=2026-09-19T16:31:11.257Z level=INFO msg=\"queuing pod delay\" component=pod_controller action=removeFinalizer namespace=ns"
                        + " podName=p podGC=\"{Strategy:OnPodSuccess LabelSelector:<nil> DeleteDelayDuration:30s}\" delay=-1m54.257168224s",
                queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"), cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"),
                podEvent("2026-09-19T16:31:11.363Z", "delete"), podMissing("2026-09-19T16:33:02.246Z"), markingError("2026-09-19T16:33:02.246Z"));
    }

    /**
     * {@code head -2; grep p; tail -1} of one log: nameless records before (start-up) and after (the last stats line), none in the
     * 20 minutes between, where the ticker writes one every 5: the grep dropped them, and may have dropped the handler's line.
     */
    @Test
    void aHeadAGrepAndATailPastedTogetherAreNoWholeLog() {
        List<String> lines = new ArrayList<>(List.of(workers("2026-09-19T16:20:00.010Z", 2)));
        lines.addAll(grepped());
        lines.add(STATS.formatted("2026-09-19T16:40:00.002Z"));
        Evaluation e = rule.evaluate(new Evidence().log("pasted.txt", lines.toArray(String[]::new)).correlate());
        assertEquals(1, e.findings().size(), e.cleared().toString());
        assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence());
        assertTrue(e.findings().get(0).confidenceReason().contains("fits both of the handler's branches"), e.findings().get(0).confidenceReason());
    }

    /** The negative control: the same lines with the stats ticker's lines every 5 minutes are a whole log, and the orphan path clears. */
    @Test
    void theSameLinesWithTheTickerBetweenAreAWholeLog() {
        List<String> lines = new ArrayList<>(List.of(workers("2026-09-19T16:20:00.010Z", 2), STATS.formatted("2026-09-19T16:25:00.001Z")));
        List<String> g = grepped();
        lines.addAll(g.subList(0, 2));
        lines.add(STATS.formatted("2026-09-19T16:30:00.001Z"));
        lines.addAll(g.subList(2, g.size()));
        lines.add(STATS.formatted("2026-09-19T16:35:00.002Z"));
        lines.add(STATS.formatted("2026-09-19T16:40:00.002Z"));
        Evaluation e = rule.evaluate(new Evidence().log("whole.log", lines.toArray(String[]::new)).correlate());
        assertEquals(0, e.findings().size(), e.findings().toString());
        assertEquals(1, e.cleared().size());
    }

    /** {@code kubectl get pod -o yaml | yq 'del(.status.containerStatuses)'} before the deletion: its phase Succeeded still orders the end first. */
    @Test
    void anExportTrimmedOfItsContainerStatusesStillShowsThePodFinished() {
        String trimmed = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  namespace: ns\n  uid: u-1\n  creationTimestamp: \"2026-09-19T16:27:10Z\"\n"
                + "  finalizers: [workflows.argoproj.io/status]\n  labels: {workflows.argoproj.io/workflow: p}\n"
                + "  annotations: {workflows.argoproj.io/node-id: p, workflows.argoproj.io/node-name: p}\n"
                + "spec:\n  restartPolicy: Never\n  containers: [{name: wait}, {name: main}]\n"
                + "status:\n  phase: Succeeded\n  conditions:\n  - {type: Ready, status: \"False\", lastTransitionTime: \"2026-09-19T16:27:45Z\"}\n";
        Evaluation e = rule.evaluate(new Evidence()
                .log("1.log", createdPod("2026-09-19T16:27:10.431Z"), workflowUpdated("2026-09-19T16:27:20.470Z", "Running"))
                .log("2.log", workers("2026-09-19T16:31:11.132Z", 0), podEvent("2026-09-19T16:31:11.256Z", "update"),
                        removingFinalizers("2026-09-19T16:31:11.257Z"),
                        V4.queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s"),
                        queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"), cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"),
                        podEvent("2026-09-19T16:31:11.363Z", "delete"))
                .takenAt("pod.yaml", "2026-09-19T16:30:00Z", trimmed)
                .workflow("wf.yaml", V4.workflowYaml("Error", "pod deleted", "2026-09-19T16:33:02Z")).correlate());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.CONFIRMED, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("shows the Pod Succeeded"), f.confidenceReason());
    }

    private static List<ExportedObject> pasted(Path dir, String name, PasteShape shape, String... lines) throws Exception {
        Path file = dir.resolve(name);
        Files.write(file, List.of(lines));
        return new PasteFileReader().read(new InputFile(name, file, InputKind.SNAPSHOT, false, shape.label()), shape, null, null,
                Message.NOTHING).objects();
    }

    private static Evidence raceFromLogs() {
        return new Evidence().log("0-first-pass.log", V4.firstPass())
                .log("1.log", createdPod("2026-09-19T16:27:10.431Z"), workflowUpdated("2026-09-19T16:27:20.470Z", "Running"))
                .log("2.log", workers("2026-09-19T16:31:11.132Z", 0), podEvent("2026-09-19T16:31:11.256Z", "update"),
                        removingFinalizers("2026-09-19T16:31:11.257Z"),
                        V4.queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s"),
                        queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"), cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"),
                        podEvent("2026-09-19T16:31:11.363Z", "delete"), podMissing("2026-09-19T16:33:02.246Z"), markingError("2026-09-19T16:33:02.246Z"),
                        // The Workflow written after the loss, 111 s after the Pod was gone: no room for a foreground deletion of it.
                        workflowUpdated("2026-09-19T16:33:02.262Z", "Error"));
    }

    /**
     * The controller's {@code create} of Pod ns/p (16:27:10.400, with its {@code Created pod} line), given beside {@link #auditDelete}:
     * an audit log that holds the Pod's earlier records, so its delete is the first request (session 42: a lone delete in an
     * excerpt only bounds the request from above).
     */
    static final String CREATE = dev.argoforensics.testing.Exports.podCreateAudit("2026-09-19T16:27:10.400000Z");

    /** A user's delete of Pod ns/p as the API server's audit log records it, received and completed at {@code at}. */
    static String auditDelete(String at) {
        return "{\"kind\":\"Event\",\"apiVersion\":\"audit.k8s.io/v1\",\"level\":\"Metadata\",\"auditID\":\"a-" + at + "\","
                + "\"stage\":\"ResponseComplete\",\"verb\":\"delete\",\"user\":{\"username\":\"alice@example.com\"},"
                + "\"objectRef\":{\"resource\":\"pods\",\"namespace\":\"ns\",\"name\":\"p\",\"apiVersion\":\"v1\"},"
                + "\"responseStatus\":{\"code\":200},\"requestReceivedTimestamp\":\"" + at + "\",\"stageTimestamp\":\"" + at + "\"}";
    }

    /**
     * A {@code kubectl get pods} row {@code Completed}, in a table the user dated before the deletion: the containers had
     * finished when it was printed, but whether the deletion had been requested by then the row shows only where something
     * bounds the request from below (here the audit record of the delete). kubectl 1.31 and later (kubernetes#122038) list a
     * Pod whose phase is Succeeded or Failed Completed even while it is being deleted, and a Pod deleted while main ran, main
     * exiting 0 on the SIGTERM, is listed so too; until session 42 the row was read as not being deleted, and AF001 was likely
     * on the controller's lines and the table alone.
     */
    @Test
    void aCompletedRowOfADatedPodTableOrdersTheEndOnlyBeforeTheRequestsEarliestBound(@TempDir Path dir) throws Exception {
        String[] table = {"# taken-at: 2026-09-19T16:29:00Z", "$ kubectl get pods -n ns", "NAME   READY   STATUS      RESTARTS   AGE",
            "p      0/2     Completed   0          1m"};
        String audit = auditDelete("2026-09-19T16:31:11.200000Z");
        Finding bounded = rule.evaluate(raceFromLogs().object("audit.log", audit).object("audit-create.log", CREATE)
                .exported(pasted(dir, "pods.txt", PasteShape.KUBECTL_PODS, table).get(0)).correlate()).findings().get(0);
        assertTrue(bounded.confidence() != Confidence.POSSIBLE, bounded.confidenceReason());
        assertTrue(bounded.confidenceReason().contains("lists the Pod Completed"), bounded.confidenceReason());

        Finding alone = rule.evaluate(raceFromLogs().exported(pasted(dir, "alone.txt", PasteShape.KUBECTL_PODS, table).get(0)).correlate())
                .findings().get(0);
        assertEquals(Confidence.POSSIBLE, alone.confidence(), "nothing bounds the request from below: the row may have been printed after it");
        assertFalse(alone.confidenceReason().contains("lists the Pod Completed"), alone.confidenceReason());

        String[] undated = java.util.Arrays.copyOfRange(table, 1, table.length);
        Finding f = rule.evaluate(raceFromLogs().object("audit.log", audit).object("audit-create.log", CREATE)
                .exported(pasted(dir, "undated.txt", PasteShape.KUBECTL_PODS, undated).get(0)).correlate()).findings().get(0);
        assertFalse(f.confidenceReason().contains("lists the Pod Completed"), "an undated table places nothing in time: " + f.confidenceReason());

        String[] later = table.clone();
        later[0] = "# taken-at: 2026-09-19T16:45:00Z";
        Finding afterwards = rule.evaluate(raceFromLogs().object("audit.log", audit).object("audit-create.log", CREATE)
                .exported(pasted(dir, "later.txt", PasteShape.KUBECTL_PODS, later).get(0)).correlate()).findings().get(0);
        assertFalse(afterwards.confidenceReason().contains("lists the Pod Completed"), "printed after the deletion: " + afterwards.confidenceReason());
    }

    private static dev.argoforensics.correlate.Execution execution(Evidence evidence) {
        dev.argoforensics.correlate.Correlation c = evidence.correlate();
        return c.pods().keySet().stream().filter(k -> k.name().equals("p")).map(c::lifecycle).findFirst().orElseThrow().execution();
    }

    /**
     * Session 34: a Completed row whose table is dated only by a stated time 5 s after this Pod's Created pod line (16:27:10.431)
     * may have been printed before the Pod existed (the clock of whoever took it may be off by a minute): an earlier Pod of the
     * name, Completed. With AGE {@code <invalid>} nothing else dates the row, so the end it shows is weak (likely at most); before,
     * the stated time was read as exact and the row taken as this Pod's end. Controls: the same row stated past what that clock
     * may be off (16:29:00), or 5 s after with an AGE that dates the row's Pod no earlier than this one (the table's clock is
     * AGE's, its offset cancels), is this Pod's, not weak.
     */
    @Test
    void aCompletedRowStatedNearThePodsCreationMayBeAnEarlierPodsUnlessAgeSaysOtherwise(@TempDir Path dir) throws Exception {
        String[] near = {"# taken-at: 2026-09-19T16:27:15Z", "$ kubectl get pods -n ns", "NAME   READY   STATUS      RESTARTS   AGE",
            "p      0/2     Completed   0          <invalid>"};
        String audit = auditDelete("2026-09-19T16:31:11.200000Z"); // the request's earliest bound: the row is before it (session 42)
        dev.argoforensics.correlate.Execution weak = execution(raceFromLogs().object("audit.log", audit).object("audit-create.log", CREATE)
                .exported(pasted(dir, "near.txt", PasteShape.KUBECTL_PODS, near).get(0)));
        assertEquals(dev.argoforensics.correlate.Execution.State.FINISHED_BEFORE, weak.state(), weak.reason());
        assertTrue(weak.weak(), weak.reason());

        String[] later = near.clone();
        later[0] = "# taken-at: 2026-09-19T16:29:00Z";
        dev.argoforensics.correlate.Execution past = execution(raceFromLogs().object("audit.log", audit).object("audit-create.log", CREATE)
                .exported(pasted(dir, "later.txt", PasteShape.KUBECTL_PODS, later).get(0)));
        assertEquals(dev.argoforensics.correlate.Execution.State.FINISHED_BEFORE, past.state(), past.reason());
        assertTrue(!past.weak(), past.reason());

        String[] aged = near.clone();
        aged[3] = "p      0/2     Completed   0          5s";
        dev.argoforensics.correlate.Execution dated = execution(raceFromLogs().object("audit.log", audit).object("audit-create.log", CREATE)
                .exported(pasted(dir, "aged.txt", PasteShape.KUBECTL_PODS, aged).get(0)));
        assertEquals(dev.argoforensics.correlate.Execution.State.FINISHED_BEFORE, dated.state(), dated.reason());
        assertTrue(!dated.weak(), dated.reason());
    }
}
