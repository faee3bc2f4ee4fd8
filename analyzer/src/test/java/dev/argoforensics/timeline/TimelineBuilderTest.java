package dev.argoforensics.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.V4;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Entries from exports and cluster records, and the cross-checks, on real-shaped objects for Pod ns/p (root node p of Workflow p). */
class TimelineBuilderTest {

    private static Timeline timeline(Evidence e) {
        Correlation c = e.correlate();
        return new TimelineBuilder(c).build(c.podsNamed("ns", "p").get(0));
    }

    private static List<TimelineEntry> ofKind(Timeline t, String kind) {
        return t.entries().stream().filter(e -> e.kind().equals(kind)).toList();
    }

    private static TimelineEntry only(Timeline t, String kind) {
        List<TimelineEntry> l = ofKind(t, kind);
        assertEquals(1, l.size(), kind + " in " + t.entries());
        return l.get(0);
    }

    /** A running Pod whose deletion was requested with its 30s grace period. */
    private static String runningPod(String finalizers, String observed) {
        return "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  namespace: ns\n  uid: u-1\n  creationTimestamp: \"2026-09-19T16:27:10Z\"\n"
                + "  deletionTimestamp: \"2026-09-19T16:31:34Z\"\n  deletionGracePeriodSeconds: 30\n  finalizers: " + finalizers + "\n"
                + "  labels: {workflows.argoproj.io/workflow: p}\n  annotations: {workflows.argoproj.io/node-id: p}\n"
                + "  managedFields:\n  - {manager: kubelet, operation: Update, time: \"" + observed + "\"}\n"
                + "status:\n  phase: Running\n  containerStatuses:\n  - name: main\n    state: {running: {startedAt: \"2026-09-19T16:27:14Z\"}}\n";
    }

    @Test
    void aGracePeriodPutsTheRequestBeforeTheDeletionTimestamp() {
        Timeline t = timeline(new Evidence().pod("pod.yaml", runningPod("[workflows.argoproj.io/status]", "2026-09-19T16:31:05Z")));
        TimelineEntry requested = only(t, "lifecycle:deletion-requested");
        assertEquals("2026-09-19T16:31:04Z", requested.time().format());
        // The row is dated by the time column alone: its text names how the time was found, not the time again.
        assertEquals("deletion requested (deletionTimestamp 2026-09-19T16:31:34Z minus the grace period 30s)", requested.text());
        assertEquals("its main container was still running when the deletion was requested: an export of the deleted Pod shows main running",
                only(t, "lifecycle:execution").text());
        assertEquals("2026-09-19T16:31:34Z", only(t, "pod:deletion-timestamp").time().format());
        assertEquals("2026-09-19T16:31:05Z", only(t, "pod:exported").time().format(),
                "observed no earlier than the kubelet's update, not than the deletionTimestamp 30s ahead");
    }

    @Test
    void aFinalizerPresentInOneExportAndAbsentInTheNext() {
        Timeline t = timeline(new Evidence()
                .pod("before.yaml", runningPod("[workflows.argoproj.io/status]", "2026-09-19T16:31:05Z"))
                .pod("after.yaml", runningPod("[example.com/keep]", "2026-09-19T16:31:12Z")));
        TimelineEntry removed = only(t, "pod:finalizer-removed");
        assertEquals("2026-09-19T16:31:12Z", removed.time().format());
        assertTrue(removed.lowerBound(), "the second export's time is only a lower bound");
        assertEquals("after.yaml:1", removed.source().toString());
        assertEquals("finalizer workflows.argoproj.io/status removed between the export at before.yaml:1 and this one", removed.text());
        assertEquals("finalizer example.com/keep added between the export at before.yaml:1 and this one", only(t, "pod:finalizer-added").text());
        assertEquals(2, ofKind(t, "pod:exported").size());
    }

    @org.junit.jupiter.api.io.TempDir
    java.nio.file.Path dir;

    /** A pasted export read as the analyzer reads a file: marks of lines left out noted where they stand. */
    private dev.argoforensics.snapshot.PodSnapshot readFile(String name, String yaml) throws java.io.IOException {
        java.nio.file.Path p = dir.resolve(name);
        java.nio.file.Files.writeString(p, yaml);
        List<dev.argoforensics.snapshot.PodSnapshot> out = new java.util.ArrayList<>();
        new dev.argoforensics.snapshot.ObjectFileReader().read(new dev.argoforensics.source.InputFile(name, p,
                dev.argoforensics.source.InputKind.SNAPSHOT, false, "test"), null, d -> out.add(dev.argoforensics.snapshot.ObjectDecoder.pod(d)));
        return out.get(0);
    }

    @Test
    void aFinalizerListCutFromTheNextExportIsNotARemoval() throws java.io.IOException {
        // The second export pasted with its finalizers cut ("[...]" where they stood): that they are not there says nothing.
        String cut = runningPod("[example.com/keep]", "2026-09-19T16:31:12Z").replace("  finalizers: [example.com/keep]\n", "  [...]\n");
        Timeline t = timeline(new Evidence().pod("before.yaml", runningPod("[workflows.argoproj.io/status]", "2026-09-19T16:31:05Z"))
                .exported(readFile("after.yaml", cut)));
        assertTrue(ofKind(t, "pod:finalizer-removed").isEmpty(), () -> t.entries().toString());
        TimelineEntry after = ofKind(t, "pod:exported").get(1);
        assertTrue(after.text().contains("read trimmed, lines left out at 10 (under metadata): what they held is unknown"), after.text());
        // The same export whole: the removal is seen.
        Timeline whole = timeline(new Evidence().pod("before.yaml", runningPod("[workflows.argoproj.io/status]", "2026-09-19T16:31:05Z"))
                .exported(readFile("after-whole.yaml", runningPod("[example.com/keep]", "2026-09-19T16:31:12Z"))));
        assertEquals(1, ofKind(whole, "pod:finalizer-removed").size());
    }

    @Test
    void aWorkflowExportWithoutNodesSaysSoAndInventsNone() {
        Timeline t = timeline(new Evidence().log("a.log", V4.createdPod("2026-09-19T16:27:10.431Z"))
                .workflow("wf.yaml", "apiVersion: argoproj.io/v1alpha1\nkind: Workflow\nmetadata: {name: p, namespace: ns, "
                        + "creationTimestamp: \"2026-09-19T16:27:10Z\"}\nstatus:\n  phase: Running\n  offloadNodeStatusVersion: fnv:1234567\n"));
        TimelineEntry missing = only(t, "node:unavailable");
        assertTrue(missing.text().startsWith("Workflow exported without status.nodes (offloaded or compressed): this export does not say "
                + "what became of node p"), missing.text());
        assertTrue(ofKind(t, "node:exported").isEmpty());
        assertTrue(ofKind(t, "node:finished").isEmpty());
    }

    @Test
    void exitCodesAgainstTheFinalNodePhase() {
        Timeline lost = timeline(new Evidence().pod("pod.yaml", V4.podYaml(true))
                .workflow("wf.yaml", V4.workflowYaml("Error", "pod deleted", "2026-09-19T16:33:02Z")));
        TimelineEntry check = only(lost, "check:exit-codes");
        assertEquals("2026-09-19T16:33:02Z", check.time().format());
        assertEquals("wf.yaml:1", check.source().toString());
        assertEquals("exit codes and final node phase do NOT agree: every container exited 0, main exit 0, wait exit 0 (pod.yaml:1), "
                + "yet the node ended Error (pod deleted): the Pod's result was lost", check.text());

        Timeline fine = timeline(new Evidence().pod("pod.yaml", V4.podYaml(true))
                .workflow("wf.yaml", V4.workflowYaml("Succeeded", "", "2026-09-19T16:27:50Z")));
        assertTrue(only(fine, "check:exit-codes").text().startsWith("exit codes and final node phase agree: main exit 0, wait exit 0"));

        Timeline odd = timeline(new Evidence().pod("pod.yaml", V4.podYaml(true).replaceFirst("exitCode: 0", "exitCode: 1"))
                .workflow("wf.yaml", V4.workflowYaml("Succeeded", "", "2026-09-19T16:27:50Z")));
        assertTrue(only(odd, "check:exit-codes").text().startsWith("exit codes and final node phase do NOT agree: main exit 1, wait exit 0"));

        // Review s25: argo stop failed the node as the controller signalled the containers; their exit 0 came after, no result lost.
        Timeline stopped = timeline(new Evidence().pod("pod.yaml", V4.podYaml(true))
                .workflow("wf.yaml", V4.workflowYaml("Failed", "workflow shutdown with strategy:  Stop", "2026-09-19T16:27:40Z")));
        assertEquals("exit codes and final node phase agree: the controller failed the node as it stopped the Workflow (shutdown strategy "
                + "Stop) and signalled its containers, main exit 0, wait exit 0 (pod.yaml:1), and the node ended Failed (workflow shutdown "
                + "with strategy:  Stop)", only(stopped, "check:exit-codes").text());

        Timeline running = timeline(new Evidence().pod("pod.yaml", V4.podYaml(true)).workflow("wf.yaml", V4.workflowYaml("Running", "", null)));
        assertTrue(ofKind(running, "check:exit-codes").isEmpty(), "nothing to compare before the node ends");
    }

    @Test
    void theRemovalDeadlineAgainstTheLoggedDelayAndTheRemovalItself() {
        Evidence e = new Evidence().log("2.log",
                V4.removingFinalizers("2026-09-19T16:31:11.257Z"),
                V4.queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-3m0s"),
                V4.cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"))
                .pod("pod.yaml", V4.podYaml(true));
        Timeline t = timeline(e);
        TimelineEntry deadline = only(t, "check:removal-deadline");
        assertEquals("2026-09-19T16:29:47Z", deadline.time().format());
        assertTrue(deadline.text().endsWith("that is a delay of -1m24.257s, which does NOT agree with the logged delay=-3m0s"), deadline.text());
        TimelineEntry removed = only(t, "finalizer:removed");
        assertEquals("2.log:3", removed.source().toString());
        assertEquals("status-capture finalizer released by the controller: the Pod was being deleted (pod event handler, delay=-3m0s)", removed.text());
        int line = t.entries().indexOf(removed);
        assertEquals("log:cleaning-up-pod", t.entries().get(line - 1).kind(), "right after the line it explains");
    }

    /** Session 36: a worker line after the Pod had left this controller's informer is no release, and the timeline says so. */
    @Test
    void aWorkerLineAfterThePodLeftIsNoRelease() {
        Evidence e = new Evidence().log("2.log",
                V4.podEvent("2026-09-19T16:31:11.256Z", "update"),
                V4.removingFinalizers("2026-09-19T16:31:11.257Z"),
                V4.queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "35.742831776s"),
                V4.queueingAfter("2026-09-19T16:31:11.258Z", "removeFinalizer", "35.742831776s"),
                V4.podEvent("2026-09-19T16:31:25.120Z", "delete"),
                V4.cleaningUp("2026-09-19T16:31:47.001Z", "removeFinalizer"))
                .pod("pod.yaml", V4.podYaml(true));
        Timeline t = timeline(e);
        assertTrue(ofKind(t, "finalizer:removed").isEmpty(), t.entries().toString());
        TimelineEntry taken = only(t, "finalizer:not-removed");
        assertEquals("2.log:6", taken.source().toString());
        assertTrue(taken.text().contains("after the Pod had left this controller's informer at 2026-09-19T16:31:25.120Z (2.log:5)"), taken.text());
        assertTrue(taken.text().contains("removed nothing"), taken.text());
    }

    /** A running Pod deleted by a drain, recorded Failed, then labelled completed by the controller before its delayed release ran. */
    private static Evidence labelledAfterDeletion(boolean deletionHandled) {
        List<String> lines = new java.util.ArrayList<>(List.of(V4.firstPass()));
        lines.add(V4.createdPod("2026-09-19T16:27:10.420Z"));
        lines.add(V4.podEvent("2026-09-19T16:38:13.402Z", "update"));
        if (deletionHandled) {
            lines.add(V4.removingFinalizers("2026-09-19T16:38:13.403Z"));
            lines.add(V4.queuingPodDelay("2026-09-19T16:38:13.403Z", "removeFinalizer", "1m59.596811207s"));
            lines.add(V4.queueingAfter("2026-09-19T16:38:13.404Z", "removeFinalizer", "1m59.596811207s"));
        }
        lines.add(V4.podEvent("2026-09-19T16:38:16.220Z", "update"));
        lines.add(V4.processing("2026-09-19T16:38:16.231Z", "Running"));
        lines.add(V4.workflowUpdated("2026-09-19T16:38:16.268Z", "Failed", "9"));
        lines.add(V4.queueing("2026-09-19T16:38:16.269Z", "labelPodCompleted"));
        lines.add(V4.cleaningUp("2026-09-19T16:38:16.273Z", "labelPodCompleted"));
        lines.add(V4.podEvent("2026-09-19T16:38:16.301Z", "delete"));
        if (deletionHandled) {
            lines.add(V4.cleaningUp("2026-09-19T16:40:13.003Z", "removeFinalizer"));
        }
        return new Evidence().log("c.log", lines.toArray(String[]::new));
    }

    /**
     * Session 47 (samples/spot-drain-status-only-pastes): a Pod whose deletion the controller had handled and that it then labelled
     * completed lost its finalizer with the label's patch (reference, logs 6.1): it did not "still exist" after leaving the
     * informer, and the delayed release's worker, which took its item after that, did not leave the finalizer's remover unknown.
     */
    @Test
    void aPodLabelledWhileBeingDeletedLostItsFinalizerWithTheLabel() {
        Timeline t = timeline(labelledAfterDeletion(true));
        TimelineEntry left = only(t, "lifecycle:left-informer");
        assertTrue(left.text().contains("its deletion had been requested before (the controller handled it), and the labelling's patch also "
                + "removed its status-capture finalizer"), left.text());
        assertFalse(left.text().contains("it still exists"), left.text());
        TimelineEntry taken = only(t, "finalizer:not-removed");
        assertEquals("c.log:14", taken.source().toString());
        assertTrue(taken.text().contains("the controller labelled the Pod completed at 2026-09-19T16:38:16.273Z (c.log:12)"), taken.text());
        assertTrue(taken.text().contains("the finalizer went with the labelling, and this item patched nothing"), taken.text());
        assertFalse(taken.text().contains("someone these inputs do not show"), taken.text());
    }

    /** The control: labelled with no deletion handled before, the Pod left the watch's selector and still exists. */
    @Test
    void aPodLabelledWithNoDeletionStillExists() {
        Timeline t = timeline(labelledAfterDeletion(false));
        assertTrue(only(t, "lifecycle:left-informer").text().endsWith(": it still exists; this delete event is no deletion"), t.entries().toString());
        assertTrue(ofKind(t, "finalizer:not-removed").isEmpty(), t.entries().toString());
    }

    /**
     * Session 35: an event seen several times whose first sighting is not known apart from its last (kubectl describe's
     * {@code (x3 over 15m)} cut the first sighting's age to the minute) is told once, at its last sighting, never called the first.
     */
    @Test
    void aRepeatedEventWithoutItsFirstSightingIsToldAtItsLast() {
        Timeline t = timeline(new Evidence().pod("pod.yaml", V4.podYaml(true))
                .object("events.yaml", "apiVersion: v1\nkind: Event\nreason: Killing\nmessage: Stopping container main\ncount: 3\n"
                        + "involvedObject: {kind: Pod, namespace: ns, name: p, uid: u-1, fieldPath: \"spec.containers{main}\"}\n"
                        + "source: {component: kubelet, host: ip-10-0-12-34.ec2.internal}\n"
                        + "firstTimestamp: \"2026-09-19T16:31:09Z\"\nlastTimestamp: \"2026-09-19T16:31:09Z\"\nmetadata: {name: p.1, namespace: ns}\n"));
        List<TimelineEntry> events = ofKind(t, "event:Killing");
        assertEquals(1, events.size(), events.toString());
        assertEquals("event Killing (kubelet, spec.containers{main}), seen 3 times, the last here: Stopping container main", events.get(0).text());
    }

    /** A grace-0 delete is a forced deletion when a user sends it, the kubelet's final delete when the node's kubelet does. */
    @Test
    void theKubeletsGraceZeroDeleteIsItsFinalDeleteNotAForcedDeletion() {
        String record = "{\"kind\":\"Event\",\"apiVersion\":\"audit.k8s.io/v1\",\"level\":\"Request\",\"auditID\":\"a-1\","
                + "\"stage\":\"ResponseComplete\",\"verb\":\"delete\",\"user\":{\"username\":\"USER\"},"
                + "\"objectRef\":{\"resource\":\"pods\",\"namespace\":\"ns\",\"name\":\"p\",\"apiVersion\":\"v1\"},"
                + "\"responseStatus\":{\"code\":200},\"requestObject\":{\"kind\":\"DeleteOptions\",\"apiVersion\":\"v1\",\"gracePeriodSeconds\":0},"
                + "\"requestReceivedTimestamp\":\"2026-09-19T16:31:04.118204Z\",\"stageTimestamp\":\"2026-09-19T16:31:04.126551Z\"}";
        TimelineEntry kubelet = only(timeline(new Evidence().pod("pod.yaml", V4.podYaml(true))
                .object("audit.log", record.replace("USER", "system:node:ip-10-0-12-34.ec2.internal"))), "audit:delete");
        assertEquals("delete pods/p by system:node:ip-10-0-12-34.ec2.internal → 200: deletion requested with grace period 0s (the kubelet's"
                + " final delete, once the Pod's containers had stopped) (the time the API server received it)", kubelet.text());
        TimelineEntry user = only(timeline(new Evidence().pod("pod.yaml", V4.podYaml(true))
                .object("audit.log", record.replace("USER", "alice@example.com"))), "audit:delete");
        assertEquals("delete pods/p by alice@example.com → 200: deletion requested with grace period 0s (a forced deletion)"
                + " (the time the API server received it)", user.text());
    }

    @Test
    void coarseTimesAreConcurrentNeverBefore() {
        Timeline t = timeline(new Evidence().pod("pod.yaml", V4.podYaml(true))
                .object("events.yaml", "apiVersion: v1\nkind: Event\nreason: Killing\nmessage: Stopping container main\ncount: 2\n"
                        + "involvedObject: {kind: Pod, namespace: ns, name: p, uid: u-1, fieldPath: \"spec.containers{main}\"}\n"
                        + "source: {component: kubelet, host: ip-10-0-12-34.ec2.internal}\n"
                        + "firstTimestamp: \"2026-09-19T16:31:04Z\"\nlastTimestamp: \"2026-09-19T16:31:09Z\"\nmetadata: {name: p.1, namespace: ns}\n")
                .object("audit.log", "{\"kind\":\"Event\",\"apiVersion\":\"audit.k8s.io/v1\",\"level\":\"Metadata\",\"auditID\":\"a-1\","
                        + "\"stage\":\"ResponseComplete\",\"verb\":\"delete\",\"user\":{\"username\":\"alice@example.com\"},"
                        + "\"objectRef\":{\"resource\":\"pods\",\"namespace\":\"ns\",\"name\":\"p\",\"apiVersion\":\"v1\"},"
                        + "\"responseStatus\":{\"code\":200},\"requestReceivedTimestamp\":\"2026-09-19T16:31:04.118204Z\","
                        + "\"stageTimestamp\":\"2026-09-19T16:31:04.126551Z\"}"));
        List<TimelineEntry> events = ofKind(t, "event:Killing");
        assertEquals(2, events.size(), "first and last sighting of an event seen twice");
        assertEquals("event Killing (kubelet, spec.containers{main}), first of 2: Stopping container main", events.get(0).text());
        assertEquals("event Killing (kubelet, spec.containers{main}) seen 2 times, the last here", events.get(1).text());
        TimelineEntry delete = only(t, "audit:delete");
        // Dated by the request's receipt, as every time the report gives for a request, and saying so; the stage's time nowhere.
        assertEquals("delete pods/p by alice@example.com → 200: deletion requested (the time the API server received it)", delete.text());
        assertEquals("2026-09-19T16:31:04.118204Z", delete.time().format());
        assertTrue(delete.concurrent(), "within the second the Killing event and the deletionTimestamp state");
        TimelineEntry killing = events.get(0);
        assertTrue(t.entries().indexOf(killing) < t.entries().indexOf(delete), "sorted by instant within the overlap");
        TimelineEntry lastKilling = events.get(1);
        assertFalse(lastKilling.concurrent(), "16:31:09 is certainly after 16:31:04.126551");
    }

    /**
     * Two controller runs log a line about the Pod at the same instant (v3 logrus text, whole seconds, makes that common):
     * the timeline puts them in one order whichever file is named first.
     */
    @Test
    void linesOfTwoRunsAtTheSameInstantComeInOneOrderWhicheverFileIsNamedFirst() {
        String[] a = {V4.podEvent("2026-09-19T16:31:11.100Z", "update")};
        String[] b = {V4.cleaningUp("2026-09-19T16:31:11.100Z", "labelPodCompleted")};
        List<String> forward = timeline(new Evidence().log("wc-a.log", a).log("wc-b.log", b)).entries().stream()
                .map(e -> e.source().toString()).toList();
        List<String> reversed = timeline(new Evidence().log("wc-b.log", b).log("wc-a.log", a)).entries().stream()
                .map(e -> e.source().toString()).toList();
        assertEquals(forward, reversed);
        assertTrue(forward.containsAll(List.of("wc-a.log:1", "wc-b.log:1")), forward.toString());
    }
}
