package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.nodePhaseChanged;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
import static dev.argoforensics.testing.V4.processing;
import static dev.argoforensics.testing.V4.processingOther;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import dev.argoforensics.testing.Ticker;
import java.util.List;
import org.junit.jupiter.api.Test;

/** AF005: a node left Running or Pending after its Pod vanished; and the normal pod-deleted path that finishes the node. */
class PodGoneNodeRunningTest {
    private final PodGoneNodeRunning rule = new PodGoneNodeRunning();

    /**
     * The Pod is deleted while Pending; every reconcile finds it missing and leaves the node Pending. The controller's whole log
     * over those 20 minutes: with its stats ticker every 5 minutes (lines 8-11), as a real one writes it (session 56: the lines-alone
     * reading rests on nothing finishing the node after the last missing line, which only a log read whole there shows).
     */
    private static Evidence missingTwice() {
        return new Evidence().log("c.log", Ticker.whole(processing("2026-09-19T16:27:10.402Z", ""), createdPod("2026-09-19T16:27:10.431Z"),
                workflowUpdated("2026-09-19T16:27:10.448Z", "Running"), podEvent("2026-09-19T16:27:10.452Z", "add"),
                podEvent("2026-09-19T16:27:31.006Z", "delete"), processing("2026-09-19T16:27:31.120Z", "Running"),
                podMissing("2026-09-19T16:27:31.125Z", "Pending", false), processing("2026-09-19T16:47:31.130Z", "Running"),
                podMissing("2026-09-19T16:47:31.134Z", "Pending", false)));
    }

    @Test
    void theControllerFindingThePodMissingAgainAndAgainIsLikely() {
        Evaluation e = rule.evaluate(missingTwice().correlate());
        assertEquals(1, e.findings().size());
        Finding f = e.findings().get(0);
        assertEquals("AF005", f.rule());
        assertEquals(Severity.HIGH, f.severity());
        assertEquals(Confidence.LIKELY, f.confidence());
        assertEquals(2, f.fact("missingLogged").orElseThrow().value());
        assertEquals("Pending", f.fact("nodePhaseLastSeen").orElseThrow().value());
        assertEquals("20m0.009s", f.fact("unfinishedFor").orElseThrow().value());
        assertTrue(f.explanation().contains("the controller does not finish a Pending node whose Pod is missing"), f.explanation());
        assertEquals(List.of("c.log:7", "c.log:13"), f.evidence().stream().map(x -> x.source().toString()).toList());
    }

    /**
     * Session 56: the same lines without the stats ticker (a grep of names keeps none; 20 minutes with no record naming nothing):
     * that nothing finished the node after the last missing line is not shown, as a line doing so may be among those cut. Possible,
     * naming the run and the stretch. Negative control: the whole log (theControllerFindingThePodMissingAgainAndAgainIsLikely).
     */
    @Test
    void theSameLinesWithoutTheTickerAreAnExcerptAndOnlyPossible() {
        String[] whole = Ticker.whole(processing("2026-09-19T16:27:10.402Z", ""), createdPod("2026-09-19T16:27:10.431Z"),
                workflowUpdated("2026-09-19T16:27:10.448Z", "Running"), podEvent("2026-09-19T16:27:10.452Z", "add"),
                podEvent("2026-09-19T16:27:31.006Z", "delete"), processing("2026-09-19T16:27:31.120Z", "Running"),
                podMissing("2026-09-19T16:27:31.125Z", "Pending", false), processing("2026-09-19T16:47:31.130Z", "Running"),
                podMissing("2026-09-19T16:47:31.134Z", "Pending", false));
        String[] grep = java.util.Arrays.stream(whole).filter(l -> !l.contains("Alloc=")).toArray(String[]::new);
        Finding f = rule.evaluate(new Evidence().log("c.log", grep).correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertEquals("AF005.reason.missingOnlyCut", f.reason().code());
        assertTrue(f.confidenceReason().contains("c.log #1 holds no line naming nothing at all"), f.confidenceReason());
        assertTrue(f.fact("notReadWhole").isPresent());
        // Cut after the last missing line: the ticker stops at 16:32:10 while the run goes on to 16:57:31 with another Pod's line
        // (head and a grep pasted).
        String[] headGrep = java.util.stream.Stream.concat(java.util.Arrays.stream(whole).filter(l -> !l.contains("Alloc=") || l.contains("16:32:10")),
                java.util.stream.Stream.of("time=2026-09-19T16:57:31.130Z level=INFO msg=\"add pod event\" component=pod_controller pod=q"))
                .toArray(String[]::new);
        Finding cut = rule.evaluate(new Evidence().log("c.log", headGrep).correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, cut.confidence(), cut.confidenceReason());
        assertTrue(cut.confidenceReason().contains("holds no line naming nothing after 2026-09-19T16:32:10.402Z"), cut.confidenceReason());
        assertEquals(Confidence.LIKELY, rule.evaluate(new Evidence().log("c.log", whole).correlate()).findings().get(0).confidence());
    }

    @Test
    void anExportTakenAfterThatShowsTheNodeUnfinishedConfirmsIt() {
        // After the Pod was gone by a time the object holds (a label set at 17:00): confirmed.
        String labelled = Exports.workflow("Running", "Pending", "", null, null, null).replace("uid: w-1}",
                "uid: w-1, managedFields: [{manager: kubectl-label, operation: Update, time: \"2026-09-19T17:00:00Z\"}]}");
        Finding f = rule.evaluate(missingTwice().takenAt("wf.yaml", "2026-09-19T17:10:00Z", labelled).correlate()).findings().get(0);
        assertEquals(Confidence.CONFIRMED, f.confidence());
        assertEquals("2026-09-19T17:10:00Z", f.fact("lastSeenAt").orElseThrow().value());
    }

    /**
     * Session 39 breaker: the export, taken after the Pod went by its own time (a write at 17:00), is of a namesake Workflow
     * submitted again under the name (uid w-2; its node, same ID, started 16:55:00, after the Pod went at 16:27:31). The lines
     * do not show its Pod's creation, and no export of the Pod gives its owner. Its node Pending is that run's: it must not
     * confirm (the lines alone give likely). Control: the first run's export (node started 16:27:10) confirms, as above.
     */
    @Test
    void anExportOfALaterRunOfTheNodeDoesNotConfirm() {
        String namesake = Exports.workflow("Running", "Pending", "", null, null, null).replace("2026-09-19T16:27:10Z", "2026-09-19T16:55:00Z")
                .replace("uid: w-1}", "uid: w-2, managedFields: [{manager: workflow-controller, operation: Update, time: \"2026-09-19T17:00:00Z\"}]}");
        Finding f = rule.evaluate(missingTwice().takenAt("wf.yaml", "2026-09-19T17:10:00Z", namesake).correlate()).findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        assertEquals("2026-09-19T16:47:31.134Z", f.fact("lastSeenAt").orElseThrow().value(), "the namesake's export is not read as this run's");
    }

    /**
     * Session 40 breaker: the same namesake's export pasted without the node's {@code startedAt} (a trimmed paste): nothing places
     * its node before or after the Pod went, so it cannot be told from a later run's and must not confirm (it confirmed: the
     * session 39 check needs a node time). The lines alone give likely, the reason saying why the export does not confirm.
     * Control: the export with the node's {@code startedAt} before the Pod went confirms
     * (anExportTakenAfterThatShowsTheNodeUnfinishedConfirmsIt).
     */
    @Test
    void anExportWhoseNodeHasNoStartTimeDoesNotConfirm() {
        String unplaced = Exports.workflow("Running", "Pending", "", null, null, null).replace("      startedAt: \"2026-09-19T16:27:10Z\"\n", "")
                .replace("uid: w-1}", "uid: w-2, managedFields: [{manager: workflow-controller, operation: Update, time: \"2026-09-19T17:00:00Z\"}]}");
        assertTrue(!unplaced.contains("      startedAt"), unplaced);
        Finding f = rule.evaluate(missingTwice().takenAt("wf.yaml", "2026-09-19T17:10:00Z", unplaced).correlate()).findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("without the node's startedAt"), f.confidenceReason());
    }

    /**
     * Session 31 review: only the time its file states puts the export after the Pod was gone (the clock of whoever took it):
     * past what such a clock may be off, likely, saying so; within it (16:28:00, 29 s after the first missing line at 16:27:31),
     * not read as after at all. Before, a stated time was exact here and confirmed the finding.
     */
    @Test
    void anExportAfterOnlyByItsStatedTimeDoesNotConfirm() {
        String unfinished = Exports.workflow("Running", "Pending", "", null, null, null);
        Finding f = rule.evaluate(missingTwice().takenAt("wf.yaml", "2026-09-19T17:10:00Z", unfinished).correlate()).findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("an export its file states was taken at 2026-09-19T17:10:00Z shows the node Pending; only that "
                + "stated time"), f.confidenceReason());
        Finding near = rule.evaluate(missingTwice().takenAt("wf.yaml", "2026-09-19T16:28:00Z", unfinished).correlate()).findings().get(0);
        assertEquals(Confidence.LIKELY, near.confidence(), near.confidenceReason());
        assertEquals("2026-09-19T16:47:31.134Z", near.fact("lastSeenAt").orElseThrow().value(), "the export is not read as after the Pod went");
    }

    @Test
    void theNormalPodDeletedPathFinishesTheNodeAndStaysSilent() {
        Evidence ev = new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z"), podEvent("2026-09-19T16:31:11.363Z", "delete"),
                podMissing("2026-09-19T16:33:02.246Z"), markingError("2026-09-19T16:33:02.246Z"),
                nodePhaseChanged("2026-09-19T16:33:02.247Z", "Running", "Error"));
        Evaluation e = rule.evaluate(ev.correlate());
        assertTrue(e.findings().isEmpty());
        assertTrue(e.cleared().isEmpty(), "one missing line is the ordinary path, not a look-alike worth listing");
    }

    @Test
    void missingWhileRecentlyStartedThenFinishedIsClearedWithTheLineThatFinishedIt() {
        Evidence ev = new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z"), podMissing("2026-09-19T16:27:12.000Z", "Running", true),
                podMissing("2026-09-19T16:27:22.000Z", "Running", false), markingError("2026-09-19T16:27:22.001Z"),
                nodePhaseChanged("2026-09-19T16:27:22.002Z", "Running", "Error"));
        Evaluation e = rule.evaluate(ev.correlate());
        assertTrue(e.findings().isEmpty());
        assertEquals("c.log:4", e.cleared().get(0).evidence().toString());
    }

    /**
     * Session 37 breaker: a Running node's Pod deleted seconds after it started; the controller finds it missing twice while the
     * node counts as recently started (recentlyStarted=true: it waits out RECENTLY_STARTED_POD_DURATION, then marks it Error), and
     * the log ends before the window is over. That was AF005 likely ("missing 2 times without finishing the node"); the lines show
     * the controller's wait, not the node left: possible. The control: a third pass past the window, not recently started, that
     * still leaves the Running node stays likely.
     */
    @Test
    void missingOnlyWhileRecentlyStartedIsTheControllersWaitNotTheNodeLeft() {
        Evidence waiting = new Evidence().log("c.log", processing("2026-09-19T16:27:10.402Z", ""), createdPod("2026-09-19T16:27:10.431Z"),
                workflowUpdated("2026-09-19T16:27:10.448Z", "Running"), podEvent("2026-09-19T16:27:10.452Z", "add"),
                podEvent("2026-09-19T16:27:14.006Z", "delete"), processing("2026-09-19T16:27:14.120Z", "Running"),
                podMissing("2026-09-19T16:27:14.125Z", "Running", true), processing("2026-09-19T16:27:19.130Z", "Running"),
                podMissing("2026-09-19T16:27:19.134Z", "Running", true));
        Finding f = rule.evaluate(waiting.correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertTrue(f.confidenceReason().contains("each while the node counted as recently started"), f.confidenceReason());

        Evidence left = new Evidence().log("c.log", processing("2026-09-19T16:27:10.402Z", ""), createdPod("2026-09-19T16:27:10.431Z"),
                workflowUpdated("2026-09-19T16:27:10.448Z", "Running"), podEvent("2026-09-19T16:27:10.452Z", "add"),
                podEvent("2026-09-19T16:27:14.006Z", "delete"), processing("2026-09-19T16:27:14.120Z", "Running"),
                podMissing("2026-09-19T16:27:14.125Z", "Running", true), processing("2026-09-19T16:27:19.130Z", "Running"),
                podMissing("2026-09-19T16:27:19.134Z", "Running", true), processing("2026-09-19T16:47:19.130Z", "Running"),
                podMissing("2026-09-19T16:47:19.134Z", "Running", false));
        assertEquals(Confidence.POSSIBLE, rule.evaluate(left.correlate()).findings().get(0).confidence(),
                "20 minutes of the run without its stats ticker: an excerpt, the node's end may be among the lines cut (session 56)");
        Evidence leftWhole = new Evidence().log("c.log", Ticker.whole(processing("2026-09-19T16:27:10.402Z", ""), createdPod("2026-09-19T16:27:10.431Z"),
                workflowUpdated("2026-09-19T16:27:10.448Z", "Running"), podEvent("2026-09-19T16:27:10.452Z", "add"),
                podEvent("2026-09-19T16:27:14.006Z", "delete"), processing("2026-09-19T16:27:14.120Z", "Running"),
                podMissing("2026-09-19T16:27:14.125Z", "Running", true), processing("2026-09-19T16:27:19.130Z", "Running"),
                podMissing("2026-09-19T16:27:19.134Z", "Running", true), processing("2026-09-19T16:47:19.130Z", "Running"),
                podMissing("2026-09-19T16:47:19.134Z", "Running", false)));
        assertEquals(Confidence.LIKELY, rule.evaluate(leftWhole.correlate()).findings().get(0).confidence());
    }

    /**
     * An argo retry reruns the node under the same Pod name: the first Pod's missing episode, closed by the node marked Error,
     * is not the rerun Pod's. Here the rerun's Pod is missing twice and its node left Running: found, counting and citing the
     * rerun's two lines (it was cleared as "missing 3 times, then finished" by the first Pod's Error). And when the rerun's
     * episode is finished too, the clearance cites that finish, not the first one (negative control).
     */
    @Test
    void aRetriedNodesEarlierEpisodeNeitherClearsNorCountsForTheRerun() {
        Evidence ev = new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z"), podMissing("2026-09-19T16:40:00.000Z", "Failed", false),
                markingError("2026-09-19T16:40:00.001Z"), nodePhaseChanged("2026-09-19T16:40:00.002Z", "Failed", "Error"),
                createdPod("2026-09-19T16:50:00.000Z"), podMissing("2026-09-19T17:05:00.000Z", "Running", false),
                podMissing("2026-09-19T17:25:00.000Z", "Running", false));
        Evaluation e = rule.evaluate(ev.correlate());
        assertTrue(e.cleared().isEmpty(), () -> e.cleared().toString());
        Finding f = e.findings().get(0);
        assertEquals(2, f.fact("missingLogged").orElseThrow().value());
        assertEquals(List.of("c.log:6", "c.log:7"), f.evidence().stream().map(x -> x.source().toString()).toList());

        Evidence finished = new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z"), podMissing("2026-09-19T16:40:00.000Z", "Failed", false),
                markingError("2026-09-19T16:40:00.001Z"), nodePhaseChanged("2026-09-19T16:40:00.002Z", "Failed", "Error"),
                createdPod("2026-09-19T16:50:00.000Z"), podMissing("2026-09-19T17:05:00.000Z", "Running", true),
                podMissing("2026-09-19T17:05:10.000Z", "Running", false), markingError("2026-09-19T17:05:10.001Z"));
        Evaluation done = rule.evaluate(finished.correlate());
        assertTrue(done.findings().isEmpty(), () -> done.findings().toString());
        assertEquals("c.log:8", done.cleared().get(0).evidence().toString());
    }

    /**
     * A Workflow deleted while its node's Pod was missing, then submitted again under its name (same node IDs, same Pod name): the
     * old Workflow's missing line came before the new Pod was created and said nothing of it, so an export of the new Workflow
     * showing its node Running is no Pod gone (it was AF005 likely, "gone 15m"). Negative control: the new Pod's own missing line
     * after its creation, with the same export, is found.
     */
    @Test
    void aMissingLineBeforeThePodWasCreatedAgainSaysNothingOfIt() {
        Evidence recreated = new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z"), podEvent("2026-09-19T16:27:10.452Z", "add"),
                podEvent("2026-09-19T16:38:12.301Z", "delete"), podMissing("2026-09-19T16:40:00.488Z", "Pending", false),
                processing("2026-09-19T16:50:00.211Z", ""), createdPod("2026-09-19T16:50:00.248Z"), podEvent("2026-09-19T16:50:00.270Z", "add"),
                podEvent("2026-09-19T16:50:09.476Z", "update"))
                .takenAt("wf.yaml", "2026-09-19T16:55:30Z", Exports.workflow("Running", "Running", "", null, true, null));
        Evaluation e = rule.evaluate(recreated.correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());

        Evidence goneAgain = new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z"), podEvent("2026-09-19T16:27:10.452Z", "add"),
                podEvent("2026-09-19T16:38:12.301Z", "delete"), podMissing("2026-09-19T16:40:00.488Z", "Pending", false),
                processing("2026-09-19T16:50:00.211Z", ""), createdPod("2026-09-19T16:50:00.248Z"), podEvent("2026-09-19T16:50:00.270Z", "add"),
                podEvent("2026-09-19T16:52:09.476Z", "delete"), podMissing("2026-09-19T16:52:20.000Z", "Running", false))
                .takenAt("wf.yaml", "2026-09-19T16:55:30Z", Exports.workflow("Running", "Running", "", null, true, null));
        Finding f = rule.evaluate(goneAgain.correlate()).findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence());
        assertEquals(1, f.fact("missingLogged").orElseThrow().value());
        assertEquals("2026-09-19T16:52:20.000Z", f.fact("podGoneAt").orElseThrow().value());
    }

    @Test
    void aDeleteEventAfterLabelPodCompletedIsNoDeletion() {
        Evidence ev = new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z"), queueing("2026-09-19T16:27:50.000Z", "labelPodCompleted"),
                podEvent("2026-09-19T16:27:50.100Z", "delete"))
                .takenAt("wf.yaml", "2026-09-19T17:10:00Z", Exports.workflow("Running", "Running", "", null, true, null));
        assertTrue(rule.evaluate(ev.correlate()).findings().isEmpty());
    }

    @Test
    void aDeletionInTheAuditLogAndALaterExportOfTheRunningNodeIsLikely() {
        Evidence ev = new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z"))
                .object("audit.log", Exports.audit("delete", "", "alice@example.com", "2026-09-19T16:40:00.000000Z", 200))
                .takenAt("wf.yaml", "2026-09-19T17:10:00Z", Exports.workflow("Running", "Running", "", null, true, null));
        Finding f = rule.evaluate(ev.correlate()).findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence());
        assertEquals("alice@example.com deleted it at 2026-09-19T16:40:00.000000Z", f.fact("podGoneBy").orElseThrow().value());
        assertEquals("Running", f.fact("nodePhaseLastSeen").orElseThrow().value());
        assertEquals(0, f.fact("missingLogged").orElseThrow().value());
        // Likely on the export alone: the reason says what would settle it, the controller's own lines from after the Pod went
        // (s44 review: it said only that the logs did not show the controller noticing, which a log ending before says too).
        assertEquals("AF005.reason.notNoticed", f.reason().code());
        assertTrue(f.confidenceReason().contains("only its lines from after the Pod was gone would settle it: Workflow pod is missing for "
                + "the node, the node left as it is, would confirm it; a line that finishes the node, or creates its Pod again, would clear it"),
                f.confidenceReason());
    }

    /**
     * The controller found the Pod it had just created missing, again and again, and its lines (which log the pod informer's
     * events: another Pod's add here) never show this one leave the informer, nor does any record show it deleted: the informer
     * may never have had it (a pod watch that stopped delivering). Not a Pod shown gone: possible, saying so. Negative control:
     * the same with the Pod's delete event before the missing lines is the likely finding of the first test.
     */
    @Test
    void aPodTheInformerNeverShowedLeavingIsOnlyPossible() {
        Evidence ev = new Evidence().log("c.log", Ticker.whole(processing("2026-09-19T16:27:10.402Z", ""), createdPod("2026-09-19T16:27:10.431Z"),
                workflowUpdated("2026-09-19T16:27:10.448Z", "Running"),
                "time=2026-09-19T16:27:11.000Z level=INFO msg=\"add pod event\" component=pod_controller pod=q",
                processing("2026-09-19T16:27:31.120Z", "Running"), podMissing("2026-09-19T16:27:31.125Z", "Pending", false),
                processing("2026-09-19T16:47:31.130Z", "Running"), podMissing("2026-09-19T16:47:31.134Z", "Pending", false)))
                .release("v3.6.5 to v3.7.18 (add-pod-event)");
        Finding f = rule.evaluate(ev.correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertEquals("AF005.reason.neverSeenLeaving", f.reason().code());
        assertEquals(Confidence.LIKELY, rule.evaluate(ev.release("v3.5.4 (Starting Workflow Controller version=v3.5.4)").correlate())
                .findings().get(0).confidence(), "a release that logs no pod informer events cannot show the Pod leave: the missing lines stand");

        Evidence noPodEvents = new Evidence().log("c.log", Ticker.whole(processing("2026-09-19T16:27:10.402Z", ""), createdPod("2026-09-19T16:27:10.431Z"),
                processing("2026-09-19T16:27:31.120Z", "Running"), podMissing("2026-09-19T16:27:31.125Z", "Pending", false),
                processing("2026-09-19T16:47:31.130Z", "Running"), podMissing("2026-09-19T16:47:31.134Z", "Pending", false)));
        assertEquals(Confidence.LIKELY, rule.evaluate(noPodEvents.correlate()).findings().get(0).confidence(),
                "a run that logs no pod informer events (before v3.6.5) cannot show the Pod leave: the missing lines stand");
    }

    /** The controller's attempt to create the node's Pod again, answered by the API server: the Pod is there. */
    private static String alreadyExists(String t) {
        return "time=" + t + " level=INFO msg=\"Failed pod creation: already exists\" component=workflow_worker workflow=p namespace=ns"
                + " podName=p nodeName=p nodeID=p";
    }

    /**
     * An excerpt (no start banner, so no release; grep'd, so cut) of a hung pod watch: the Pod just created is missing at every
     * pass and each attempt to create it again answers "already exists". The API server had the Pod; nothing shows it leave the
     * informer or deleted: possible, naming the answer, whatever the release and the cuts. Negative control: the same passes after
     * the Pod's delete event (a stale cleanup item labelled it completed, #8022: out of the informer for good) stay likely.
     */
    @Test
    void aPodTheApiServerSaysExistsIsNotGoneWhateverTheRelease() {
        Evidence hung = new Evidence().log("c.log", createdPod("2026-09-19T16:27:10.431Z"),
                podMissing("2026-09-19T16:27:10.440Z", "Pending", true), alreadyExists("2026-09-19T16:27:10.441Z"),
                podMissing("2026-09-19T16:28:31.125Z", "Pending", false), alreadyExists("2026-09-19T16:28:31.126Z"),
                podMissing("2026-09-19T16:48:31.134Z", "Pending", false), alreadyExists("2026-09-19T16:48:31.135Z"));
        Finding f = rule.evaluate(hung.correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertEquals("AF005.reason.existsInApi", f.reason().code());
        assertTrue(f.evidence().stream().anyMatch(x -> x.source().toString().equals("c.log:3")), () -> f.evidence().toString());

        Evidence labelled = new Evidence().log("c.log", Ticker.whole(createdPod("2026-09-19T16:27:10.431Z"), podEvent("2026-09-19T16:27:10.452Z", "add"),
                podEvent("2026-09-19T16:27:31.006Z", "delete"),
                podMissing("2026-09-19T16:27:31.125Z", "Pending", false), alreadyExists("2026-09-19T16:27:31.126Z"),
                podMissing("2026-09-19T16:47:31.134Z", "Pending", false), alreadyExists("2026-09-19T16:47:31.135Z")));
        assertEquals(Confidence.LIKELY, rule.evaluate(labelled.correlate()).findings().get(0).confidence(),
                "a Pod shown leaving the informer and never given back to it: the node is left for good");

        Evidence labelledNoEvents = new Evidence().log("c.log", Ticker.whole(createdPod("2026-09-19T16:27:10.431Z"),
                cleaningUp("2026-09-19T16:27:31.006Z", "labelPodCompleted"),
                podMissing("2026-09-19T16:27:31.125Z", "Pending", false), alreadyExists("2026-09-19T16:27:31.126Z"),
                podMissing("2026-09-19T16:47:31.134Z", "Pending", false), alreadyExists("2026-09-19T16:47:31.135Z")));
        assertEquals(Confidence.LIKELY, rule.evaluate(labelledNoEvents.correlate()).findings().get(0).confidence(),
                "a release that logs no pod events (before v3.6.5): the cleanup worker's labelPodCompleted shows the Pod leave");
    }

    /**
     * Session 31 review: the first Pod deleted while it ran (delete pod event), its node marked Error "pod deleted"; argo retry
     * reset the node and the controller created the Pod again under its name. A grep'd excerpt cut that Created pod line and the
     * new Pod's add event, keeping two missing lines of the informer's lag (recently started, Pending) each answered "already
     * exists". The first Pod's delete event, before the node's end, was read as this Pod leaving: AF005 likely on a Pod the API
     * server had. Only what follows the node's earlier end is this run's: possible, saying the API server had it. Negative
     * control: the same lines without the node's earlier end (one run, its Pod shown leaving before the missing lines) stay likely.
     */
    @Test
    void aRetriedNodesExcerptDoesNotTakeTheFirstPodsLeavingForTheSecondsPod() {
        String[] first = {createdPod("2026-09-19T16:27:10.431Z"), podEvent("2026-09-19T16:27:10.452Z", "add"),
            podEvent("2026-09-19T16:31:31.006Z", "delete"), podMissing("2026-09-19T16:31:31.125Z", "Running", false),
            markingError("2026-09-19T16:31:31.126Z")};
        String[] rerun = {podMissing("2026-09-19T16:50:02.161Z", "Pending", true), alreadyExists("2026-09-19T16:50:02.162Z"),
            podMissing("2026-09-19T16:50:07.161Z", "Pending", true), alreadyExists("2026-09-19T16:50:07.162Z")};
        java.util.List<String> lines = new java.util.ArrayList<>(java.util.List.of(first));
        lines.addAll(java.util.List.of(rerun));
        Finding f = rule.evaluate(new Evidence().log("c.log", lines.toArray(String[]::new)).correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertEquals("AF005.reason.existsInApi", f.reason().code());
        java.util.List<String> oneRun = new java.util.ArrayList<>(java.util.List.of(first).subList(0, 3));
        oneRun.addAll(java.util.List.of(rerun));
        assertEquals(Confidence.LIKELY, rule.evaluate(new Evidence().log("c.log", Ticker.whole(oneRun.toArray(String[]::new))).correlate()).findings().get(0)
                .confidence(), "no end of the node between: the Pod shown leaving the informer, never given back to it");
    }

    /**
     * A deletion in the audit log and an export of the Workflow after it with the node Running, while the controller's run went
     * on logging without taking the Workflow up again (a stall): the controller had not looked, and when it does it marks the node
     * Error. Possible. Negative control: a Workflow worker took the Workflow up after the deletion and left the node: likely.
     */
    @Test
    void anExportWhileTheControllerHadNotLookedIsOnlyPossible() {
        Evidence stalled = new Evidence().log("c.log", processing("2026-09-19T16:27:10.402Z", ""), createdPod("2026-09-19T16:27:10.431Z"),
                        processing("2026-09-19T16:27:20.000Z", "Running"), processingOther("2026-09-19T16:55:00.000Z"))
                .object("audit.log", Exports.audit("delete", "", "alice@example.com", "2026-09-19T16:40:00.000000Z", 200))
                .takenAt("wf.yaml", "2026-09-19T17:10:00Z", Exports.workflow("Running", "Running", "", null, true, null));
        Finding f = rule.evaluate(stalled.correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertEquals("AF005.reason.notLooked", f.reason().code());

        Evidence looked = new Evidence().log("c.log", processing("2026-09-19T16:27:10.402Z", ""), createdPod("2026-09-19T16:27:10.431Z"),
                        processing("2026-09-19T16:27:20.000Z", "Running"), processing("2026-09-19T16:45:00.000Z", "Running"),
                        processingOther("2026-09-19T16:55:00.000Z"))
                .object("audit.log", Exports.audit("delete", "", "alice@example.com", "2026-09-19T16:40:00.000000Z", 200))
                .takenAt("wf.yaml", "2026-09-19T17:10:00Z", Exports.workflow("Running", "Running", "", null, true, null));
        assertEquals(Confidence.LIKELY, rule.evaluate(looked.correlate()).findings().get(0).confidence());
    }

    /** The first Pod of the name as an export showed it while Pending (its UID), labelled for its node. */
    private static String exportedPending() {
        return "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  namespace: ns\n  uid: u-1\n  creationTimestamp: \"2026-09-19T16:27:10Z\"\n"
                + "  labels: {workflows.argoproj.io/workflow: p}\n  annotations: {workflows.argoproj.io/node-id: p}\nstatus: {phase: Pending}\n";
    }

    /**
     * A Pending node's Pod deleted (a spot reclaim before it started), the controller finds it missing and, the node being
     * Pending, creates it again in the same pass (executeTemplate): the node has its Pod again and runs. With the first Pod
     * exported (its UID), the second Created pod line starts a later Pod of the name: the first one's history ends there, and
     * an export of the Workflow after that showing the node Running is the new Pod's node, not the first Pod's node left.
     * Negative control: the new Pod itself then leaves the informer and is found missing for good: found.
     */
    @Test
    void aPendingNodesPodCreatedAgainLeavesNoNodeBehind() {
        Evidence recreated = new Evidence().log("c.log", processing("2026-09-19T16:27:10.402Z", ""), createdPod("2026-09-19T16:27:10.431Z"),
                        podEvent("2026-09-19T16:27:10.452Z", "add"), podEvent("2026-09-19T16:27:31.006Z", "delete"),
                        processing("2026-09-19T16:27:31.120Z", "Running"), podMissing("2026-09-19T16:27:31.125Z", "Pending", false),
                        createdPod("2026-09-19T16:27:31.140Z"), podEvent("2026-09-19T16:27:31.160Z", "add"),
                        podEvent("2026-09-19T16:27:40.000Z", "update"))
                .pod("pod.yaml", exportedPending())
                .takenAt("wf.yaml", "2026-09-19T16:40:00Z", Exports.workflow("Running", "Running", "", null, true, null));
        Evaluation e = rule.evaluate(recreated.correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());

        Evidence newOneGone = new Evidence().log("c.log", processing("2026-09-19T16:27:10.402Z", ""), createdPod("2026-09-19T16:27:10.431Z"),
                        podEvent("2026-09-19T16:27:10.452Z", "add"), podEvent("2026-09-19T16:27:31.006Z", "delete"),
                        processing("2026-09-19T16:27:31.120Z", "Running"), podMissing("2026-09-19T16:27:31.125Z", "Pending", false),
                        createdPod("2026-09-19T16:27:31.140Z"), podEvent("2026-09-19T16:27:31.160Z", "add"),
                        podEvent("2026-09-19T16:30:00.000Z", "delete"), processing("2026-09-19T16:30:00.100Z", "Running"),
                        podMissing("2026-09-19T16:30:00.120Z", "Pending", false))
                .pod("pod.yaml", exportedPending())
                .takenAt("wf.yaml", "2026-09-19T16:40:00Z", Exports.workflow("Running", "Pending", "", null, true, null));
        List<Finding> found = rule.evaluate(newOneGone.correlate()).findings();
        assertEquals(1, found.size(), found::toString);
        assertEquals("", found.get(0).podUid(), "the later Pod's, known by no UID, not the exported first Pod's");
        assertEquals("2026-09-19T16:30:00.120Z", found.get(0).fact("podGoneAt").orElseThrow().value());
    }

    /** Negative control of the above: the same first Pod exported and gone, its node never given a new Pod: found, as before. */
    @Test
    void anExportedPodGoneWithoutALaterOneIsStillFound() {
        Evidence left = new Evidence().log("c.log", processing("2026-09-19T16:27:10.402Z", ""), createdPod("2026-09-19T16:27:10.431Z"),
                        podEvent("2026-09-19T16:27:10.452Z", "add"), podEvent("2026-09-19T16:27:31.006Z", "delete"),
                        processing("2026-09-19T16:27:31.120Z", "Running"), podMissing("2026-09-19T16:27:31.125Z", "Pending", false))
                .pod("pod.yaml", exportedPending())
                .takenAt("wf.yaml", "2026-09-19T16:40:00Z", Exports.workflow("Running", "Pending", "", null, true, null));
        Finding f = rule.evaluate(left.correlate()).findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence());
        assertEquals("u-1", f.podUid());
    }

    /**
     * Session 30, AF005's open case: a stuck run's Pod missing twice (its node left Pending), then the name used again (the
     * Workflow deleted and submitted again, or the node given a Pod again): the later Pod is created, runs and is seen. Its
     * verdict must not depend on whether the first Pod was exported: without an export the lines are one Pod of the name,
     * last seen existing at the later Created pod line (nothing); with the first Pod exported (its UID), the later Created
     * pod line starts a Pod of its own and the first one's history ends there: its node was not left by its absence for
     * good, since the name had a Pod again (cleared, citing the later Pod's creation). Negative control: the same first Pod
     * exported and missing twice with no later Pod of the name is still found (anExportedPodGoneWithoutALaterOneIsStillFound).
     */
    @Test
    void aStuckRunsPodMissingTwiceThenItsNameUsedAgainIsNotLeftExportedOrNot() {
        String[] lines = {processing("2026-09-19T16:27:10.402Z", ""), createdPod("2026-09-19T16:27:10.431Z"),
                podEvent("2026-09-19T16:27:10.452Z", "add"), podEvent("2026-09-19T16:27:31.006Z", "delete"),
                processing("2026-09-19T16:27:31.120Z", "Running"), podMissing("2026-09-19T16:27:31.125Z", "Pending", false),
                processing("2026-09-19T16:29:31.130Z", "Running"), podMissing("2026-09-19T16:29:31.134Z", "Pending", false),
                processing("2026-09-19T16:36:02.100Z", ""), createdPod("2026-09-19T16:36:02.140Z"), podEvent("2026-09-19T16:36:02.160Z", "add"),
                podEvent("2026-09-19T16:36:40.000Z", "update")};
        Evidence notExported = new Evidence().log("c.log", lines);
        Evaluation plain = rule.evaluate(notExported.correlate());
        assertTrue(plain.findings().isEmpty(), () -> plain.findings().toString());

        Evidence exported = new Evidence().log("c.log", lines).pod("pod.yaml", exportedPending());
        Evaluation e = rule.evaluate(exported.correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertEquals(1, e.cleared().size(), e.cleared()::toString);
        assertEquals("c.log:10", e.cleared().get(0).evidence().toString());
    }
}
