package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.snapshot.ObservationBasis;
import dev.argoforensics.snapshot.ObservedAt;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import dev.argoforensics.testing.Evidence;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A Workflow export placed on the controller's clock by the {@code Workflow update successful} line that wrote its
 * resourceVersion, not by a {@code # taken-at:} stamped by a clock minutes ahead of or behind the controller's; and the
 * exports that keep their own time (a version no logged update wrote, a Pod). The scenario is v3.7's forced completion: a
 * node Succeeded at 16:27:45 whose task result stays "false"; the controller waits (Debug) each minute and, 10m after the
 * node's finishedAt, completes the result itself and writes the Workflow.
 */
class ExportOnControllerClockTest {
    private final TaskResultNeverSynced rule = new TaskResultNeverSynced(RuleSettings.defaults());

    private static final String NODE = "w-1180342716";

    private static String v3(String hhmmssms, String level, String msg, String keys) {
        return "time=\"2026-10-03T" + hhmmssms + "Z\" level=" + level + " msg=\"" + msg + "\" " + keys;
    }

    /** The Workflow as {@code kubectl get wf w -o yaml} shows it, with the given resourceVersion. */
    private static String workflow(String rv, String wfPhase, boolean synced) {
        return "apiVersion: argoproj.io/v1alpha1\nkind: Workflow\nmetadata:\n  name: w\n  namespace: ns\n"
                + "  uid: 6f1c2a5e-0d1b-4a8e-9c41-2b7d3e5f8a10\n  resourceVersion: \"" + rv + "\"\n"
                + "  creationTimestamp: \"2026-10-03T16:27:00Z\"\n  labels:\n    workflows.argoproj.io/phase: " + wfPhase + "\n"
                + "status:\n  phase: " + wfPhase + "\n  startedAt: \"2026-10-03T16:27:00Z\"\n  nodes:\n"
                + "    w:\n      id: w\n      name: w\n      displayName: w\n      type: Steps\n      templateName: main\n      phase: "
                + ("Succeeded".equals(wfPhase) ? "Succeeded" : "Running") + "\n      startedAt: \"2026-10-03T16:27:00Z\"\n"
                + "    " + NODE + ":\n      id: " + NODE + "\n      name: w[0].step\n      displayName: step\n      type: Pod\n"
                + "      templateName: step\n      phase: Succeeded\n      startedAt: \"2026-10-03T16:27:01Z\"\n"
                + "      finishedAt: \"2026-10-03T16:27:45Z\"\n      taskResultSynced: " + synced + "\n";
    }

    /**
     * The controller's lines: the write of 9912001 (the node Succeeded, its result not synced) at 16:27:46.030, a wait each
     * minute from 16:28 to {@code lastWait}, and, when {@code forced}, the forced completion at 16:37:46.102 and the write of
     * 9912077 at 16:37:46.150.
     */
    private static String[] lines(int lastWait, boolean forced) {
        List<String> out = new ArrayList<>();
        out.add(v3("16:27:46.000", "info", "Processing workflow", "Phase=Running ResourceVersion=9911990 namespace=ns workflow=w"));
        out.add(v3("16:27:46.030", "info", "Workflow update successful", "namespace=ns phase=Running resourceVersion=9912001 workflow=w"));
        for (int m = 28; m <= lastWait; m++) {
            String hh = String.format("%02d:%02d", 16 + m / 60, m % 60);
            out.add(v3(hh + ":00.100", "info", "Processing workflow", "Phase=Running ResourceVersion=9912001 namespace=ns workflow=w"));
            out.add(v3(hh + ":00.102", "debug", "Wait for marking task result as completed because pod is recently deleted.",
                    "namespace=ns nodeID=" + NODE + " workflow=w"));
        }
        if (forced) {
            out.add(v3("16:37:46.100", "info", "Processing workflow", "Phase=Running ResourceVersion=9912001 namespace=ns workflow=w"));
            out.add(v3("16:37:46.102", "info", "Marking task result as completed because pod has been deleted for a while.",
                    "namespace=ns nodeID=" + NODE + " workflow=w"));
            out.add(v3("16:37:46.150", "info", "Workflow update successful", "namespace=ns phase=Succeeded resourceVersion=9912077 workflow=w"));
        }
        return out.toArray(String[]::new);
    }

    private static WorkflowSnapshot export(Correlation c) {
        return c.workflows().values().iterator().next().snapshots().get(0);
    }

    @Test
    void anExportStampedByAClockAheadIsPlacedAtTheWriteOfItsVersionBeforeTheForcedCompletion() {
        // Taken at 16:37:00 by the controller's clock, stamped 16:40:00 by a laptop 3 minutes ahead: after the forced completion
        // (16:37:46) and after the next write (16:37:46.150), which its version 9912001 is older than. By its stamp the result
        // was still pending after the controller completed it, and the Workflow and the lines "agreed" past the threshold.
        Correlation c = new Evidence().log("controller.log", lines(37, true))
                .takenAt("wf.yaml", "2026-10-03T16:40:00Z", workflow("9912001", "Running", false)).correlate();
        ObservedAt placed = export(c).observed();
        assertEquals(ObservationBasis.RESOURCE_VERSION, placed.basis());
        assertEquals("2026-10-03T16:27:46.030Z", placed.time().format());
        assertEquals("2026-10-03T16:37:46.150Z", placed.written().next().format());
        assertTrue(placed.describe().contains("resourceVersion 9912001 (Workflow update successful, controller.log:2)"), placed.describe());
        assertTrue(placed.describe().contains("it says it was taken at 2026-10-03T16:40:00Z (the file's # taken-at comment), 2m13.85s after the"
                + " next update: that clock runs ahead of the controller's"), placed.describe());

        Evaluation e = rule.evaluate(c);
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        String reason = e.cleared().get(0).reason();
        assertTrue(reason.startsWith("the task result was not synced at 2026-10-03T16:37:00.102Z; settled at 2026-10-03T16:37:46.102Z: the"
                + " controller marked it complete itself because its timeout ran out"), reason);
    }

    @Test
    void anExportStampedByAClockBehindStillCountsAsAViewAfterThePodFinished() {
        // No completion: the controller waits until 16:50. The export, stamped 16:20 by a clock 20 minutes behind, would lie
        // before the node's finish (16:27:45) and not count; written at 16:27:46.030, after it, it shows the controller's own
        // stored view of the result pending, and agrees with the lines.
        Correlation c = new Evidence().log("controller.log", lines(50, false))
                .takenAt("wf.yaml", "2026-10-03T16:20:00Z", workflow("9912001", "Running", false)).correlate();
        ObservedAt placed = export(c).observed();
        assertEquals("2026-10-03T16:27:46.030Z", placed.time().format());
        assertNull(placed.written().next());
        assertTrue(placed.describe().contains("7m46.03s before that write: that clock runs behind the controller's"), placed.describe());

        // Session 58 (s58-af006): the finish is the node's time, the wait the controller's; nothing here bounds the node's clock
        // (no kubelet Event, no managedFields), so the order past the threshold rests on the node's minute alone: likely at most.
        Finding f = rule.evaluate(c).findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        assertEquals("the exported Workflow, the controller log", f.fact("pendingIn").orElseThrow().value());
        assertTrue(f.explanation().contains("taskResultSynced: false, in the status the controller wrote as resourceVersion 9912001"
                + " (its Workflow update successful line dates the export) at 2026-10-03T16:27:46.030Z"), f.explanation());
    }

    @Test
    void theSameExportStampedByTheControllersClockIsDecidedAlike() {
        // The control for the two above: a true stamp (16:37:00) gives the same clearance as the placement.
        Correlation c = new Evidence().log("controller.log", lines(37, true))
                .takenAt("wf.yaml", "2026-10-03T16:37:00Z", workflow("9912001", "Running", false)).correlate();
        ObservedAt kept = export(c).observed();
        assertNull(kept.outside());
        assertEquals("2026-10-03T16:37:00Z", kept.time().format());
        assertEquals("taken at this time (the file's # taken-at comment); between the controller's write of its resourceVersion 9912001"
                + " (Workflow update successful, controller.log:2) and the next update at 2026-10-03T16:37:46.150Z", kept.describe());
        Evaluation e = rule.evaluate(c);
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertTrue(e.cleared().get(0).reason().contains("settled at 2026-10-03T16:37:46.102Z"), e.cleared().get(0).reason());
    }

    @Test
    void anExportOfAVersionNoLoggedUpdateWroteKeepsItsOwnTime() {
        // 9911500: written before the logs begin (or by someone else, a label): nothing dates it on the controller's clock.
        Correlation c = new Evidence().log("controller.log", lines(37, true))
                .takenAt("wf.yaml", "2026-10-03T16:37:00Z", workflow("9911500", "Running", false)).correlate();
        ObservedAt own = export(c).observed();
        assertEquals(ObservationBasis.TAKEN_AT_COMMENT, own.basis());
        assertEquals("2026-10-03T16:37:00Z", own.time().format());
        assertEquals("taken at this time (the file's # taken-at comment)", own.describe());
        Evaluation e = rule.evaluate(c);
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertTrue(e.cleared().get(0).reason().contains("settled at 2026-10-03T16:37:46.102Z"), e.cleared().get(0).reason());
    }

    @Test
    void anExportWithoutLinesOrWithoutAVersionKeepsItsOwnTime() {
        Correlation alone = new Evidence().takenAt("wf.yaml", "2026-10-03T16:40:00Z", workflow("9912001", "Running", false)).correlate();
        assertEquals(ObservationBasis.TAKEN_AT_COMMENT, export(alone).observed().basis());
        String noVersion = workflow("9912001", "Running", false).replace("  resourceVersion: \"9912001\"\n", "");
        Correlation without = new Evidence().log("controller.log", lines(37, true)).takenAt("wf.yaml", "2026-10-03T16:40:00Z", noVersion).correlate();
        assertEquals("", export(without).resourceVersion());
        assertEquals(ObservationBasis.TAKEN_AT_COMMENT, export(without).observed().basis());
    }

    @Test
    void aPodExportIsNeverPlacedByAResourceVersionTheControllerDoesNotLogForPods() {
        // The controller logs the versions it writes of Workflows only; a Pod's keeps the time its file states, even where its
        // number happens to be one the Workflow's update line gives.
        String pod = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: w-step-1180342716\n  namespace: ns\n  uid: 0c5e4f3a-77aa-4b1e-8d6f-3f1e2a9b7c21\n"
                + "  resourceVersion: \"9912001\"\n  creationTimestamp: \"2026-10-03T16:27:01Z\"\n  labels:\n    workflows.argoproj.io/workflow: w\n"
                + "  annotations:\n    workflows.argoproj.io/node-id: " + NODE + "\n    workflows.argoproj.io/node-name: w[0].step\n"
                + "spec:\n  nodeName: worker-1\nstatus:\n  phase: Succeeded\n";
        Correlation c = new Evidence().log("controller.log", lines(37, true)).takenAt("pod.yaml", "2026-10-03T16:40:00Z", pod).correlate();
        PodSnapshot p = c.pods().values().iterator().next().snapshots().get(0);
        assertEquals(ObservationBasis.TAKEN_AT_COMMENT, p.observed().basis());
        assertEquals("2026-10-03T16:40:00Z", p.observed().time().format());
    }

    @Test
    void twoExportsAreOrderedByTheWritesOfTheirVersionsNotByTheirStamps() {
        // The later version stamped earlier (the second laptop's clock behind): the writes order them.
        Correlation c = new Evidence().log("controller.log", lines(37, true))
                .takenAt("late.yaml", "2026-10-03T16:30:00Z", workflow("9912077", "Succeeded", true))
                .takenAt("early.yaml", "2026-10-03T16:40:00Z", workflow("9912001", "Running", false)).correlate();
        List<WorkflowSnapshot> s = c.workflows().values().iterator().next().snapshots();
        assertEquals(List.of("early.yaml", "late.yaml"), s.stream().map(w -> w.source().file()).toList());
        assertEquals("2026-10-03T16:37:46.150Z", s.get(1).observed().time().format());
        assertNull(s.get(1).observed().written().next());
    }

    private static final String UID = "6f1c2a5e-0d1b-4a8e-9c41-2b7d3e5f8a10";

    /**
     * Another cluster's controller (staging), running the same pipeline: a Workflow of the same name with its own object and its
     * own etcd, whose resourceVersions are numbers of that etcd only. It writes about {@code w} from 16:25 to 16:45, over the same
     * span as this cluster's run (at {@code hour} 16), and one of its writes happens to be given the number {@code rv} at 16:44:10.
     */
    private static String[] otherClustersLines(String rv, int hour) {
        List<String> out = new ArrayList<>();
        out.add(v3(hour + ":25:00.000", "info", "Processing workflow", "Phase=Running ResourceVersion=9911001 namespace=ns workflow=w"));
        out.add(v3(hour + ":25:00.040", "info", "Workflow update successful", "namespace=ns phase=Running resourceVersion=9911002 workflow=w"));
        out.add(v3(hour + ":44:10.000", "info", "Processing workflow", "Phase=Running ResourceVersion=9911002 namespace=ns workflow=w"));
        out.add(v3(hour + ":44:10.050", "info", "Workflow update successful", "namespace=ns phase=Running resourceVersion=" + rv + " workflow=w"));
        out.add(v3(hour + ":45:00.000", "info", "Processing workflow", "Phase=Running ResourceVersion=" + rv + " namespace=ns workflow=w"));
        return out.toArray(String[]::new);
    }

    /** This cluster's lines as {@link #lines} gives them, without the write of 9912001 (the log rotated past it). */
    private static String[] linesWithoutTheWrite() {
        return java.util.Arrays.stream(lines(37, true)).filter(l -> !l.contains("resourceVersion=9912001")).toArray(String[]::new);
    }

    /** The Pod of the node, owned by the exported Workflow (its UID). */
    private static String ownedPod() {
        return "apiVersion: v1\nkind: Pod\nmetadata:\n  name: w-step-1180342716\n  namespace: ns\n  uid: 0c5e4f3a-77aa-4b1e-8d6f-3f1e2a9b7c21\n"
                + "  creationTimestamp: \"2026-10-03T16:27:01Z\"\n  labels:\n    workflows.argoproj.io/workflow: w\n"
                + "  annotations:\n    workflows.argoproj.io/node-id: " + NODE + "\n    workflows.argoproj.io/node-name: w[0].step\n"
                + "  ownerReferences:\n  - apiVersion: argoproj.io/v1alpha1\n    kind: Workflow\n    name: w\n    uid: " + UID + "\n"
                + "    controller: true\n    blockOwnerDeletion: true\n"
                + "spec:\n  nodeName: worker-1\nstatus:\n  phase: Succeeded\n";
    }

    /** This cluster's {@code Created pod} line for the node's Pod, at 16:27:01.100, before its other lines. */
    private static String[] withCreatedPod(String[] lines) {
        List<String> out = new ArrayList<>();
        out.add(v3("16:27:01.000", "info", "Processing workflow", "Phase=Running ResourceVersion=9911900 namespace=ns workflow=w"));
        out.add(v3("16:27:01.100", "info", "Created pod: w[0].step (w-step-1180342716)", "namespace=ns workflow=w"));
        out.addAll(List.of(lines));
        return out.toArray(String[]::new);
    }

    @Test
    void aWriteOfTheSameNumberByAnotherClustersControllerDoesNotDateTheExport() {
        // resourceVersions are per etcd: staging's 9912001 at 16:44:10 is another object's write in another store. The export
        // (this cluster's Workflow, stamped 16:37:00) keeps its own time; placed at 16:44:10 it would show the result still
        // pending after the controller completed it at 16:37:46.
        Correlation c = new Evidence().log("prod/controller.log", linesWithoutTheWrite()).log("staging/controller.log", otherClustersLines("9912001", 16))
                .takenAt("wf.yaml", "2026-10-03T16:37:00Z", workflow("9912001", "Running", false)).correlate();
        ObservedAt own = export(c).observed();
        assertEquals(ObservationBasis.TAKEN_AT_COMMENT, own.basis(), own.describe());
        assertEquals("2026-10-03T16:37:00Z", own.time().format());
    }

    @Test
    void twoRunsWritingTheSameNumberAtOnceDateTheExportOnlyWhereItsUidNamesTheRun() {
        // Both clusters log a write of 9912001: one of the two is the export's, nothing in the lines says which, so neither
        // dates it. A Pod export owned by the Workflow's UID, whose Created pod line is in prod's run, says prod's run worked
        // this object: its write dates the export.
        Evidence both = new Evidence().log("prod/controller.log", withCreatedPod(lines(37, true))).log("staging/controller.log",
                otherClustersLines("9912001", 16)).takenAt("wf.yaml", "2026-10-03T16:40:00Z", workflow("9912001", "Running", false));
        ObservedAt undated = export(both.correlate()).observed();
        assertEquals(ObservationBasis.TAKEN_AT_COMMENT, undated.basis(), undated.describe());

        Correlation tied = both.takenAt("pod.yaml", "2026-10-03T16:40:00Z", ownedPod()).correlate();
        ObservedAt placed = export(tied).observed();
        assertEquals(ObservationBasis.RESOURCE_VERSION, placed.basis(), placed.describe());
        assertEquals("2026-10-03T16:27:46.030Z", placed.time().format());
        assertTrue(placed.describe().contains("prod/controller.log:4"), placed.describe());
    }

    @Test
    void besideAnotherClustersRunAtTheSameTimeOnlyTheExportsUidTiesARunToIt() {
        // The control: staging's run writes about w at the same time, never the number 9912001. Prod's write of that number is
        // then the only one, but the export may as well be staging's object, its number one prod's store gave too: nothing says
        // which cluster it was taken from, so it is not dated. A Pod export owned by the Workflow's UID, created by prod's run
        // (its Created pod line), says the export is of the object prod's run worked: prod's write dates it.
        Evidence both = new Evidence().log("prod/controller.log", withCreatedPod(lines(37, true))).log("staging/controller.log",
                otherClustersLines("9912300", 16)).takenAt("wf.yaml", "2026-10-03T16:40:00Z", workflow("9912001", "Running", false));
        assertEquals(ObservationBasis.TAKEN_AT_COMMENT, export(both.correlate()).observed().basis());
        ObservedAt placed = export(both.takenAt("pod.yaml", "2026-10-03T16:40:00Z", ownedPod()).correlate()).observed();
        assertEquals(ObservationBasis.RESOURCE_VERSION, placed.basis(), placed.describe());
        assertEquals("2026-10-03T16:27:46.030Z", placed.time().format());
    }

    @Test
    void anotherRunOfTheNameAtAnotherTimeLeavesTheWriteThatDatesTheExport() {
        // The control without any UID: the other log names w two hours earlier only (a restart's earlier run, or another
        // installation's run of that time), with other numbers; prod's run is the only one writing about w from 16:27 on and its
        // write of 9912001 dates the export, as with prod's log alone.
        Correlation c = new Evidence().log("prod/controller.log", lines(37, true)).log("staging/controller.log", otherClustersLines("9912300", 14))
                .takenAt("wf.yaml", "2026-10-03T16:40:00Z", workflow("9912001", "Running", false)).correlate();
        ObservedAt placed = export(c).observed();
        assertEquals(ObservationBasis.RESOURCE_VERSION, placed.basis(), placed.describe());
        assertEquals("2026-10-03T16:27:46.030Z", placed.time().format());
    }

    /**
     * Session 38: another installation's run of the same pipeline at another time (not overlapping this cluster's run), which
     * happens to be given the export's number ({@code rv}) at {@code hour}:44:10; with {@code initialized}, its first pass
     * initializes the same node IDs (they come from the Workflow's name and the node's name, not from the object) at
     * {@code hour}:25:00.
     */
    private static String[] otherInstallationsLines(String rv, int hour, boolean initialized) {
        List<String> out = new ArrayList<>();
        out.add(v3(hour + ":25:00.000", "info", "Processing workflow", "Phase= ResourceVersion=9911001 namespace=ns workflow=w"));
        if (initialized) {
            out.add(v3(hour + ":25:00.010", "info", "Steps node w initialized Running", "namespace=ns workflow=w"));
            out.add(v3(hour + ":25:00.020", "info", "Pod node " + NODE + " initialized Pending", "namespace=ns workflow=w"));
        }
        out.add(v3(hour + ":25:00.040", "info", "Workflow update successful", "namespace=ns phase=Running resourceVersion=9911002 workflow=w"));
        out.add(v3(hour + ":44:10.000", "info", "Processing workflow", "Phase=Running ResourceVersion=9911002 namespace=ns workflow=w"));
        out.add(v3(hour + ":44:10.050", "info", "Workflow update successful", "namespace=ns phase=Running resourceVersion=" + rv + " workflow=w"));
        return out.toArray(String[]::new);
    }

    @Test
    void aWriteOfTheNumberByAnotherInstallationsEarlierRunDoesNotDateTheExport() {
        // Staging's run of two hours before writes 9912001 at 14:44:10 and is over before prod's begins: no run writes about w at
        // the same time as another. But the export holds nodes started at 16:27:00 and 16:27:01 (the controller's own clock, set
        // as it initialized them): a status written at 14:44:10 holds no time of 16:27. Before, the export was placed at 14:44:10,
        // showing the result pending before the Workflow existed.
        Correlation c = new Evidence().log("prod/controller.log", linesWithoutTheWrite())
                .log("staging/controller.log", otherInstallationsLines("9912001", 14, false))
                .takenAt("wf.yaml", "2026-10-03T16:37:00Z", workflow("9912001", "Running", false)).correlate();
        ObservedAt own = export(c).observed();
        assertEquals(ObservationBasis.TAKEN_AT_COMMENT, own.basis(), own.describe());
        assertEquals("2026-10-03T16:37:00Z", own.time().format());
    }

    @Test
    void aWriteOfTheNumberByAnotherInstallationsLaterRunThatInitializedTheNodesAtOtherTimesDoesNotDateTheExport() {
        // Staging's run of two hours after: its write of 9912001 at 18:44:10 comes after every time the export holds, but the same
        // run initialized the export's nodes at 18:25:00, where the export says they were initialized at 16:27:00 and 16:27:01:
        // the run worked another object of the name. The export keeps its own time (placed at 18:44:10 it would show the result
        // still pending an hour after the controller completed it).
        Correlation c = new Evidence().log("prod/controller.log", linesWithoutTheWrite())
                .log("staging/controller.log", otherInstallationsLines("9912001", 18, true))
                .takenAt("wf.yaml", "2026-10-03T16:37:00Z", workflow("9912001", "Running", false)).correlate();
        ObservedAt own = export(c).observed();
        assertEquals(ObservationBasis.TAKEN_AT_COMMENT, own.basis(), own.describe());
        assertEquals("2026-10-03T16:37:00Z", own.time().format());
    }

    @Test
    void aRunThatInitializedTheExportsNodesAtTheirStartedAtStillDatesIt() {
        // The control: the run that writes 9912001 initialized the export's nodes at 16:27:00 and 16:27:01, the times the export
        // holds: nothing says it worked another object, and its write dates the export as before.
        List<String> own = new ArrayList<>();
        own.add(v3("16:27:00.000", "info", "Processing workflow", "Phase= ResourceVersion=9911900 namespace=ns workflow=w"));
        own.add(v3("16:27:00.010", "info", "Steps node w initialized Running", "namespace=ns workflow=w"));
        own.add(v3("16:27:01.020", "info", "Pod node " + NODE + " initialized Pending", "namespace=ns workflow=w"));
        own.addAll(List.of(lines(37, true)));
        Correlation c = new Evidence().log("prod/controller.log", own.toArray(String[]::new))
                .takenAt("wf.yaml", "2026-10-03T16:40:00Z", workflow("9912001", "Running", false)).correlate();
        ObservedAt placed = export(c).observed();
        assertEquals(ObservationBasis.RESOURCE_VERSION, placed.basis(), placed.describe());
        assertEquals("2026-10-03T16:27:46.030Z", placed.time().format());
    }

    @Test
    void aWriteOfAnotherPhaseIsNotTheWriteOfTheExportedVersion() {
        // The export shows Succeeded at 9912001; the logged write of that number stored Running: another object's write (another
        // store's number), whatever run logged it. The export keeps its own time.
        Correlation c = new Evidence().log("controller.log", lines(37, true))
                .takenAt("wf.yaml", "2026-10-03T16:40:00Z", workflow("9912001", "Succeeded", true)).correlate();
        ObservedAt own = export(c).observed();
        assertEquals(ObservationBasis.TAKEN_AT_COMMENT, own.basis(), own.describe());
    }
}
