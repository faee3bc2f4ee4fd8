package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Ticker;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * AF014: a lock still held by a completed Workflow while others wait; and the look-alikes: ordinary
 * contention, a released lock, a holder still running, parallelism limits.
 */
class LockHeldByFinishedWorkflowTest {
    private static final String MUTEX = "reports/Mutex/warehouse-load";
    private static final String HOLDER = "nightly-load-29333760";
    private final LockHeldByFinishedWorkflow rule = new LockHeldByFinishedWorkflow();

    /** v3.7 logrus lines of one Workflow; the lock's own lines carry no Workflow key. */
    private static final class V3 {
        final List<String> lines = new ArrayList<>();

        V3 line(String t, String level, String msg, String keys) {
            lines.add("time=\"" + t + "\" level=" + level + " msg=\"" + msg + "\"" + (keys.isEmpty() ? "" : " " + keys));
            return this;
        }

        V3 wf(String t, String level, String msg, String wf) {
            return line(t, level, msg, "namespace=reports workflow=" + wf);
        }

        V3 acquired(String t, String holderKey, String availability) {
            return line(t, "info", MUTEX + " acquired by " + holderKey + ". Lock availability: " + availability, "lockType=mutex name=" + MUTEX);
        }

        V3 createdPod(String t, String wf, String step, String hash) {
            return wf(t, "info", "Created pod: " + wf + "[1]." + step + " (" + wf + "-" + step + "-" + hash + ")", wf);
        }

        V3 updated(String t, String wf, String phase) {
            return line(t, "info", "Workflow update successful", "namespace=reports phase=" + phase + " resourceVersion=1 workflow=" + wf);
        }

        V3 postponed(String t, String wf) {
            return wf(t, "warning", "Workflow processing has been postponed due to concurrency limit", wf);
        }

        V3 waitingMessage(String t, String wf, String status) {
            return wf(t, "info", "Updated message  -> Waiting for " + MUTEX + " lock. Lock status: " + status, wf);
        }

        V3 releasedAll(String t, String wf) {
            return line(t, "info", "Released all acquired locks", "key=" + wf + " namespace=reports workflow=" + wf);
        }

        Evidence evidence() {
            return new Evidence().log("c.log", lines.toArray(String[]::new));
        }

        /**
         * The controller's whole log over these lines: with its stats ticker's line every 5 minutes from the first, as a real one
         * writes it. A likely reading rests on no release logged from the acquisition to the first wait past the threshold, which only
         * a log read whole over that span shows (session 56); {@link #evidence()} stands for an excerpt of it.
         */
        Evidence whole() {
            return new Evidence().log("c.log", Ticker.whole(lines.toArray(String[]::new)));
        }
    }

    /** The holder acquires, runs a Pod and completes; one Workflow starts waiting before it completes and keeps waiting. */
    private static V3 held() {
        return new V3().acquired("2026-10-14T08:00:00.918Z", "reports/" + HOLDER, "0/1")
                .createdPod("2026-10-14T08:00:00.981Z", HOLDER, "load", "2868577340")
                .postponed("2026-10-14T08:20:00.105Z", "weekly-rollup-8kq2v")
                .waitingMessage("2026-10-14T08:20:00.106Z", "weekly-rollup-8kq2v", "0/1")
                .updated("2026-10-14T08:41:09.931Z", HOLDER, "Succeeded");
    }

    @Test
    void waitersStillWaitingLongAfterTheOnlyHolderCompletedWithoutAReleaseIsLikely() {
        V3 v = held().postponed("2026-10-14T09:00:00.120Z", "weekly-rollup-8kq2v").postponed("2026-10-14T09:20:00.120Z", "weekly-rollup-8kq2v");
        Evaluation e = rule.evaluate(v.whole().correlate());
        assertEquals(1, e.findings().size(), e.toString());
        Finding f = e.findings().get(0);
        assertEquals("AF014", f.rule());
        assertEquals(Confidence.LIKELY, f.confidence());
        assertEquals("reports/" + HOLDER + "-load-2868577340", f.pod().toString(), "listed under the last Pod the holder started");
        assertEquals("reports/" + HOLDER, f.workflow().toString());
        assertEquals(MUTEX, f.fact("lock").orElseThrow().value());
        assertEquals("reports/" + HOLDER + " (workflow-level)", f.fact("lockHolder").orElseThrow().value());
        assertEquals("2026-10-14T08:41:09.931Z", f.fact("holderCompletedAt").orElseThrow().value());
        assertEquals("38m50.189s", f.fact("waitedAfterCompletion").orElseThrow().value());
        assertEquals("0/1 (free/limit)", f.fact("lockStatus").orElseThrow().value(), "the status of the Workflow's last waiting message");
        assertEquals(List.of("c.log:1", "c.log:13", "c.log:17", "c.log:22"), f.evidence().stream().map(x -> x.source().toString()).toList());
        assertTrue(f.confidenceReason().contains("would confirm it"), f.confidenceReason());
    }

    @Test
    void theReleaseOfAllItsLocksLoggedForTheHolderClearsIt() {
        V3 v = held().releasedAll("2026-10-14T08:41:09.903Z", HOLDER).postponed("2026-10-14T09:00:00.120Z", "weekly-rollup-8kq2v");
        Evaluation e = rule.evaluate(v.evidence().correlate());
        assertTrue(e.findings().isEmpty(), e.toString());
        assertEquals(1, e.cleared().size());
        assertTrue(e.cleared().get(0).reason().contains("released " + MUTEX), e.cleared().get(0).reason());
        assertEquals("c.log:6", e.cleared().get(0).evidence().toString());
    }

    @Test
    void aReleaseOnlyWhenTheFinishedHolderWasDeletedLeavesTheWaitsBeforeItStanding() {
        // Session 44 breaker: no release with the completion; the waiter waits for an hour; the Workflow garbage collector deletes
        // the holder and the delete handler releases its locks (`<holder> released a lock from <lock>`); the waiter acquires at once.
        // The release was read as ending the holding whenever it came: cleared.
        V3 v = held().postponed("2026-10-14T09:00:00.120Z", "weekly-rollup-8kq2v").postponed("2026-10-14T09:20:00.120Z", "weekly-rollup-8kq2v")
                .line("2026-10-14T09:41:10.001Z", "info", "Deleting garbage collected workflow 'reports/" + HOLDER + "'", "")
                .line("2026-10-14T09:41:10.012Z", "info", "reports/" + HOLDER + " released a lock from " + MUTEX, "")
                .acquired("2026-10-14T09:41:10.120Z", "reports/weekly-rollup-8kq2v", "0/1");
        Evaluation e = rule.evaluate(v.whole().correlate());
        assertEquals(1, e.findings().size(), e.toString());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        assertEquals("38m50.189s", f.fact("waitedAfterCompletion").orElseThrow().value());
        assertEquals(true, f.fact("releaseLogged").orElseThrow().value());
        assertEquals("2026-10-14T09:41:10.012Z", f.fact("lockFreeAt").orElseThrow().value());
        assertTrue(f.confidenceReason().startsWith("its release was logged only at 2026-10-14T09:41:10.012Z, 1h0m0.081s after it completed"),
                f.confidenceReason());
        assertTrue(f.evidence().stream().anyMatch(x -> x.source().toString().equals("c.log:29")), "the late release is cited: " + f.evidence());
    }

    @Test
    void aReleaseWithinTheThresholdAfterTheCompletionStillClears() {
        // Control: released 3 minutes after the completion (a late persist), the waits after it are ordinary.
        V3 v = held().line("2026-10-14T08:44:10.012Z", "info", "reports/" + HOLDER + " released a lock from " + MUTEX, "")
                .postponed("2026-10-14T09:00:00.120Z", "weekly-rollup-8kq2v");
        Evaluation e = rule.evaluate(v.evidence().correlate());
        assertTrue(e.findings().isEmpty(), e.toString());
        assertTrue(e.cleared().stream().anyMatch(c -> c.reason().contains("released " + MUTEX + " at 2026-10-14T08:44:10.012Z")), e.cleared().toString());
    }

    @Test
    void aLateReleaseWithNoWaitPastTheThresholdBeforeItClears() {
        // Control: released 20 minutes after the completion, but nobody was seen waiting between the threshold and the release.
        V3 v = held().line("2026-10-14T09:01:10.012Z", "info", "reports/" + HOLDER + " released a lock from " + MUTEX, "")
                .postponed("2026-10-14T09:20:00.120Z", "weekly-rollup-8kq2v");
        Evaluation e = rule.evaluate(v.evidence().correlate());
        assertTrue(e.findings().isEmpty(), e.toString());
        assertTrue(e.cleared().stream().anyMatch(c -> c.reason().contains("released " + MUTEX + " at 2026-10-14T09:01:10.012Z")), e.cleared().toString());
    }

    @Test
    void aWaiterAcquiringAMutexOnlyLongAfterTheCompletionLeavesTheWaitsBeforeItStanding() {
        // Session 44 breaker: of limit 1, another holder's acquisition showed the mutex free from then on, not at the completion; a
        // waiter acquiring an hour later (nothing released it in the logs) cleared an hour of waits.
        V3 v = held().postponed("2026-10-14T09:00:00.120Z", "weekly-rollup-8kq2v").postponed("2026-10-14T09:20:00.120Z", "weekly-rollup-8kq2v")
                .acquired("2026-10-14T09:41:10.120Z", "reports/adhoc-backfill-t5m9c", "0/1");
        Evaluation e = rule.evaluate(v.whole().correlate());
        assertEquals(1, e.findings().size(), e.toString());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        assertEquals(false, f.fact("releaseLogged").orElseThrow().value());
        assertTrue(f.confidenceReason().startsWith("reports/adhoc-backfill-t5m9c acquired the lock only at 2026-10-14T09:41:10.120Z"), f.confidenceReason());
    }

    @Test
    void aReleaseBeforeTheHolderReacquiredDoesNotClearTheLaterHolding() {
        // The holder fails and releases the mutex; `argo retry` puts it back to Running, it acquires the mutex again and completes,
        // and this time no release is logged while weekly-rollup waits on. The first release says nothing of the second holding.
        V3 v = new V3().acquired("2026-10-14T08:00:00.918Z", "reports/" + HOLDER, "0/1")
                .createdPod("2026-10-14T08:00:00.981Z", HOLDER, "load", "2868577340")
                .updated("2026-10-14T08:30:02.114Z", HOLDER, "Failed")
                .releasedAll("2026-10-14T08:30:02.090Z", HOLDER)
                .acquired("2026-10-14T09:00:03.517Z", "reports/" + HOLDER, "0/1")
                .createdPod("2026-10-14T09:00:03.602Z", HOLDER, "load", "2868577340")
                .postponed("2026-10-14T09:20:00.105Z", "weekly-rollup-8kq2v")
                .waitingMessage("2026-10-14T09:20:00.106Z", "weekly-rollup-8kq2v", "0/1")
                .updated("2026-10-14T09:41:09.931Z", HOLDER, "Succeeded")
                .postponed("2026-10-14T10:00:00.120Z", "weekly-rollup-8kq2v").postponed("2026-10-14T10:20:00.120Z", "weekly-rollup-8kq2v");
        Evaluation e = rule.evaluate(v.whole().correlate());
        assertEquals(1, e.findings().size(), e.toString());
        Finding f = e.findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence());
        assertEquals("2026-10-14T09:41:09.931Z", f.fact("holderCompletedAt").orElseThrow().value());
        assertTrue(e.cleared().stream().filter(c -> c.reason().contains("released " + MUTEX)).allMatch(c -> c.reason().endsWith("08:30:02.090Z")),
                "only the first holding was released: " + e.cleared());
    }

    @Test
    void aWaiterThatAcquiresSoonAfterTheHolderCompletedIsOrdinaryContention() {
        V3 v = held().acquired("2026-10-14T08:41:10.204Z", "reports/weekly-rollup-8kq2v", "0/1")
                .postponed("2026-10-14T09:00:00.120Z", "adhoc-backfill-t5m9c");
        Evaluation e = rule.evaluate(v.evidence().correlate());
        assertTrue(e.findings().stream().noneMatch(f -> f.fact("lockHolder").orElseThrow().value().toString().contains(HOLDER)), e.toString());
        assertTrue(e.cleared().stream().anyMatch(c -> c.reason().equals("reports/weekly-rollup-8kq2v acquired " + MUTEX + " 273ms after " + HOLDER
                + " completed: the lock, of limit 1, was free")), e.cleared().toString());
    }

    @Test
    void aHolderNotSeenCompletedIsOrdinaryContention() {
        V3 v = new V3().acquired("2026-10-14T08:00:00.918Z", "reports/" + HOLDER, "0/1").createdPod("2026-10-14T08:00:00.981Z", HOLDER, "load", "2868577340")
                .postponed("2026-10-14T08:20:00.105Z", "weekly-rollup-8kq2v").postponed("2026-10-14T09:20:00.105Z", "weekly-rollup-8kq2v")
                .waitingMessage("2026-10-14T08:20:00.106Z", "weekly-rollup-8kq2v", "0/1");
        Evaluation e = rule.evaluate(v.evidence().correlate());
        assertTrue(e.findings().isEmpty());
        assertTrue(e.cleared().get(0).reason().contains("was not seen completed"), e.cleared().toString());
    }

    @Test
    void waitsAfterAControllerRestartAreNotForTheCompletedHolder() {
        V3 v = held().line("2026-10-14T08:50:00.000Z", "info", "Starting Workflow Controller", "defaultRequeueTime=10s version=v3.7.6")
                .postponed("2026-10-14T09:20:00.120Z", "weekly-rollup-8kq2v");
        Evaluation e = rule.evaluate(v.evidence().correlate());
        assertTrue(e.findings().isEmpty(), "the new controller rebuilt the mutex from the Running Workflows only: " + e);
    }

    /** An excerpt that names none of the holder's Pods: the finding is about the holder Workflow, with no Pod. */
    @Test
    void aHolderWithoutAPodInTheEvidenceIsReportedByItsWorkflow() {
        V3 v = new V3().acquired("2026-10-14T08:00:00.918Z", "reports/" + HOLDER, "0/1")
                .postponed("2026-10-14T08:20:00.105Z", "weekly-rollup-8kq2v")
                .waitingMessage("2026-10-14T08:20:00.106Z", "weekly-rollup-8kq2v", "0/1")
                .updated("2026-10-14T08:41:09.931Z", HOLDER, "Succeeded")
                .postponed("2026-10-14T09:20:00.120Z", "weekly-rollup-8kq2v");
        Evaluation e = rule.evaluate(v.evidence().correlate());
        assertEquals(1, e.findings().size(), e.toString());
        assertEquals(null, e.findings().get(0).pod());
        assertEquals("reports/" + HOLDER, e.findings().get(0).workflow().toString());
    }

    /** Another controller's start (another file: another replica or cluster) rebuilt nothing of this one's locks. */
    @Test
    void anotherControllersStartDoesNotExcuseTheWaits() {
        V3 v = held().postponed("2026-10-14T09:20:00.120Z", "weekly-rollup-8kq2v");
        Evaluation e = rule.evaluate(v.evidence().log("other-cluster.log",
                "time=\"2026-10-14T08:50:00.000Z\" level=info msg=\"Starting Workflow Controller\" defaultRequeueTime=10s version=v3.7.6").correlate());
        assertEquals(1, e.findings().size(), "the restart of an unrelated controller is no restart of this one: " + e);
    }

    @Test
    void waitsWithinTheThresholdAfterCompletionDecideNothing() {
        V3 v = held().postponed("2026-10-14T08:43:00.120Z", "weekly-rollup-8kq2v");
        Evaluation e = rule.evaluate(v.evidence().correlate());
        assertTrue(e.findings().isEmpty(), "the logs end before the wait outlasts the threshold: " + e);
    }

    @Test
    void anotherHolderOfASemaphoreStillRunningMakesItOnlyPossible() {
        String sem = "reports/ConfigMap/report-locks/warehouse";
        V3 v = new V3().line("2026-10-14T08:00:00.918Z", "info", sem + " acquired by reports/" + HOLDER + ". Lock availability: 1/2", "lockType=semaphore name=" + sem)
                .createdPod("2026-10-14T08:00:00.981Z", HOLDER, "load", "2868577340")
                .line("2026-10-14T08:05:00.000Z", "info", sem + " acquired by reports/other-9zz1q. Lock availability: 0/2", "lockType=semaphore name=" + sem)
                .updated("2026-10-14T08:41:09.931Z", HOLDER, "Succeeded")
                .wf("2026-10-14T09:20:00.107Z", "info", "Could not acquire lock named: " + sem, "weekly-rollup-8kq2v")
                .wf("2026-10-14T09:20:00.108Z", "info", "node weekly-rollup-8kq2v-478784353 message: Waiting for " + sem + " lock. Lock status: 0/2",
                        "weekly-rollup-8kq2v");
        Evaluation e = rule.evaluate(v.evidence().correlate());
        Finding f = e.findings().stream().filter(x -> x.workflow().name().equals(HOLDER)).findFirst().orElseThrow();
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertTrue(f.confidenceReason().startsWith("reports/other-9zz1q also acquired the lock"), f.confidenceReason());
        assertEquals("0/2 (free/limit)", f.fact("lockStatus").orElseThrow().value());
    }

    @Test
    void aFreeSlotInTheWaitingMessageMakesItOnlyPossible() {
        V3 v = held().waitingMessage("2026-10-14T09:00:00.119Z", "weekly-rollup-8kq2v", "1/2").postponed("2026-10-14T09:20:00.120Z", "weekly-rollup-8kq2v");
        Finding f = rule.evaluate(v.evidence().correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertTrue(f.confidenceReason().contains("1 of 2 slots were free"), f.confidenceReason());
    }

    @Test
    void beforeV3511TheHolderIsTheBareWorkflowName() {
        V3 v = new V3().acquired("2026-10-14T08:00:00.918Z", HOLDER, "0/1").createdPod("2026-10-14T08:00:00.981Z", HOLDER, "load", "2868577340")
                .updated("2026-10-14T08:41:09.931Z", HOLDER, "Failed").postponed("2026-10-14T09:20:00.105Z", "weekly-rollup-8kq2v")
                .waitingMessage("2026-10-14T09:20:00.106Z", "weekly-rollup-8kq2v", "0/1");
        Finding f = rule.evaluate(v.whole().correlate()).findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence());
        assertEquals(HOLDER + " (workflow-level)", f.fact("lockHolder").orElseThrow().value());
        assertEquals("Failed", f.fact("holderPhase").orElseThrow().value());
    }

    @Test
    void parallelismLimitsAreNoLock() {
        V3 v = new V3().createdPod("2026-10-14T08:00:00.981Z", HOLDER, "load", "2868577340").updated("2026-10-14T08:41:09.931Z", HOLDER, "Succeeded")
                .line("2026-10-14T09:20:00.100Z", "info", "Workflow processing has been postponed due to max parallelism limit", "key=reports/weekly-rollup-8kq2v")
                .wf("2026-10-14T09:20:00.101Z", "info", "workflow active pod spec parallelism reached 4/4", "adhoc-backfill-t5m9c")
                .line("2026-10-14T09:40:00.100Z", "info", "Workflow processing has been postponed due to max parallelism limit", "key=reports/weekly-rollup-8kq2v");
        Evaluation e = rule.evaluate(v.evidence().correlate());
        assertTrue(e.findings().isEmpty());
        assertTrue(e.cleared().isEmpty());
    }

    private static String holderExport(String syncYaml) {
        return """
                apiVersion: argoproj.io/v1alpha1
                kind: Workflow
                metadata: {name: %s, namespace: reports, uid: 6a1f7d2e-0c4b-4b7e-9d55-3e0f1c2b8a90}
                status:
                  phase: Succeeded
                  startedAt: "2026-10-14T08:00:00Z"
                  finishedAt: "2026-10-14T08:41:09Z"
                  synchronization:
                %s
                """.formatted(HOLDER, syncYaml.indent(4).stripTrailing());
    }

    @Test
    void anExportOfTheCompletedHolderStillListingItselfConfirmsIt() {
        V3 v = held().postponed("2026-10-14T09:20:00.120Z", "weekly-rollup-8kq2v");
        Evidence ev = v.evidence().takenAt("wf.yaml", "2026-10-14T10:00:00Z",
                holderExport("mutex:\n  holding:\n  - {mutex: " + MUTEX + ", holder: reports/" + HOLDER + "}"));
        Finding f = rule.evaluate(ev.correlate()).findings().get(0);
        assertEquals(Confidence.CONFIRMED, f.confidence(), f.confidenceReason());
        assertEquals(true, f.fact("exportListsHolder").orElseThrow().value());
        EvidenceLine export = f.evidence().get(f.evidence().size() - 1);
        assertEquals("wf.yaml:1", export.source().toString());
        assertTrue(export.text().contains("mutex holding " + MUTEX + " by reports/" + HOLDER), export.text());
    }

    /** The waiter as exported, waiting for the mutex; {@code own}: a time of its own (a label set then), or null. */
    private static String waiterExport(String own) {
        return """
                apiVersion: argoproj.io/v1alpha1
                kind: Workflow
                metadata: {name: weekly-rollup-8kq2v, namespace: reports, uid: 0c4b6a1f-7d2e-4b7e-9d55-3e0f1c2b8a91%s}
                status:
                  phase: Running
                  startedAt: "2026-10-14T08:20:00Z"
                  synchronization:
                    mutex:
                      waiting:
                      - {mutex: %s, holder: reports/weekly-rollup-8kq2v}
                """.formatted(own == null ? "" : ", managedFields: [{manager: kubectl-label, operation: Update, time: \"" + own + "\"}]", MUTEX);
    }

    private Finding heldWithWaiterExport(String stated, String own) {
        Evidence ev = held().evidence().takenAt("holder.yaml", "2026-10-14T10:00:00Z",
                holderExport("mutex:\n  holding:\n  - {mutex: " + MUTEX + ", holder: reports/" + HOLDER + "}"))
                .takenAt("waiter.yaml", stated, waiterExport(own));
        return rule.evaluate(ev.correlate()).findings().get(0);
    }

    /**
     * Session 32: the completed holder's export still lists it (08:41:09 completed), and the only wait past the threshold is an
     * export of the waiter placed there by the time its file states (a user's clock). 39 min after: likely, said why (it was
     * confirmed); 5m30s after, within what such a clock may be off of the threshold: no wait past it, the holder's export alone
     * (possible; it was confirmed). Negative control: the waiter export's own time 5m30s after decides: confirmed.
     */
    @Test
    void aWaitPastTheThresholdOnlyByAStatedExportTimeDoesNotConfirm() {
        Finding stated = heldWithWaiterExport("2026-10-14T09:20:00Z", null);
        assertEquals(Confidence.LIKELY, stated.confidence(), stated.confidenceReason());
        assertTrue(stated.confidenceReason().contains("only the times the waiting exports' files state"), stated.confidenceReason());
        Finding near = heldWithWaiterExport("2026-10-14T08:46:40Z", null);
        assertEquals(Confidence.POSSIBLE, near.confidence(), near.confidenceReason());
        Finding own = heldWithWaiterExport("2026-10-14T08:46:40Z", "2026-10-14T08:46:40Z");
        assertEquals(Confidence.CONFIRMED, own.confidence(), own.confidenceReason());
    }

    @Test
    void anExportOfTheCompletedHolderWithoutAnyWaiterIsPossible() {
        V3 v = new V3().createdPod("2026-10-14T08:00:00.981Z", HOLDER, "load", "2868577340");
        Evidence ev = v.evidence().takenAt("wf.yaml", "2026-10-14T10:00:00Z",
                holderExport("semaphore:\n  holding:\n  - semaphore: reports/ConfigMap/report-locks/warehouse\n    holders: [reports/" + HOLDER + "]"));
        Finding f = rule.evaluate(ev.correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertEquals("reports/ConfigMap/report-locks/warehouse", f.fact("lock").orElseThrow().value());
    }

    @Test
    void aTemplateLevelLockFromV4LinesIsListedUnderTheHoldingNodesPod() {
        String sem = "reports/ConfigMap/report-locks/warehouse";
        String node = HOLDER + "-2868577340";
        String[] lines = {
                "time=2026-10-14T08:00:00.918Z level=INFO msg=acquired component=workflow_worker workflow=" + HOLDER
                        + " namespace=reports lockType=semaphore name=" + sem + " holderKey=reports/" + HOLDER + "/" + node + " available=0 limit=1",
                "time=2026-10-14T08:00:00.930Z level=INFO msg=\"Node acquired synchronization lock\" component=workflow_worker workflow=" + HOLDER
                        + " namespace=reports nodeName=" + HOLDER + "[1].load",
                "time=2026-10-14T08:00:00.981Z level=INFO msg=\"Created pod\" component=workflow_worker workflow=" + HOLDER
                        + " namespace=reports nodeName=" + HOLDER + "[1].load nodeID=" + node + " podName=" + HOLDER + "-load-2868577340",
                "time=2026-10-14T08:00:01.000Z level=INFO msg=\"Created pod\" component=workflow_worker workflow=" + HOLDER
                        + " namespace=reports nodeName=" + HOLDER + "[2].report nodeID=" + HOLDER + "-1111 podName=" + HOLDER + "-report-1111",
                "time=2026-10-14T08:41:09.931Z level=INFO msg=\"Workflow update successful\" component=workflow_worker workflow=" + HOLDER
                        + " namespace=reports resourceVersion=9 phase=Error",
                "time=2026-10-14T09:20:00.107Z level=INFO msg=\"Could not acquire lock\" component=workflow_worker workflow=weekly-rollup-8kq2v"
                        + " namespace=reports lockName=" + sem,
                "time=2026-10-14T09:20:00.108Z level=INFO msg=\"node message changed\" component=workflow_worker workflow=weekly-rollup-8kq2v"
                        + " namespace=reports node=weekly-rollup-8kq2v-478784353 message=\"Waiting for " + sem + " lock. Lock status: 0/1\""};
        Evidence ev = new Evidence().log("c.log", lines);
        Finding f = rule.evaluate(ev.correlate()).findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), "an hour and 20 minutes without a record naming nothing: an excerpt (session 56)");
        assertEquals("AF014.reason.spanCut", f.reason().code());
        f = rule.evaluate(new Evidence().log("c.log", Ticker.whole(lines)).correlate()).findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), "the whole log");
        assertEquals("reports/" + HOLDER + "-load-2868577340", f.pod().toString(), "the holding node's Pod, not the later one");
        assertEquals("reports/" + HOLDER + "/" + node + " (template-level)", f.fact("lockHolder").orElseThrow().value());
    }

    /**
     * Session 40 breaker: a template-level mutex acquired at 08:00, then a head and a tail of the log pasted together (the stats
     * ticker's records stop at 08:04:02 and start again at 08:40:02): the node's {@code Lock has been released by …} at its end,
     * and another holder's acquisition, were in the part left out. The holder's completion at 08:41:09 logs no release (the
     * Workflow held nothing then) and the waiter waits on behind the other holder. Read as a whole log, the missing release was
     * likely. Possible, naming the gap; the control, the same lines with the ticker's records throughout (a whole log), is likely.
     */
    @Test
    void aGapOfTheLogBetweenTheAcquisitionAndTheCompletionLeavesItPossible() {
        String node = HOLDER + "-2868577340";
        List<Evaluation> e = new ArrayList<>();
        for (boolean whole : new boolean[] {false, true}) {
            V3 v = new V3().line("2026-10-14T07:59:02.500Z", "info", "Alloc=10233 TotalAlloc=52011 Sys=40123 NumGC=19 Goroutines=137", "")
                    .acquired("2026-10-14T08:00:00.918Z", "reports/" + HOLDER + "/" + node, "0/1")
                    .createdPod("2026-10-14T08:00:00.981Z", HOLDER, "load", "2868577340");
            for (int m = 4; m <= 59; m += 5) {
                if (whole || m < 5 || m >= 39) {
                    v.line(String.format("2026-10-14T08:%02d:02.500Z", m), "info", "Alloc=10233 TotalAlloc=52011 Sys=40123 NumGC=19 Goroutines=137", "");
                }
                if (m == 39) {
                    v.updated("2026-10-14T08:41:09.931Z", HOLDER, "Succeeded");
                }
            }
            v.postponed("2026-10-14T09:00:00.120Z", "weekly-rollup-8kq2v").waitingMessage("2026-10-14T09:00:00.121Z", "weekly-rollup-8kq2v", "0/1")
                    .line("2026-10-14T09:04:02.500Z", "info", "Alloc=10233 TotalAlloc=52011 Sys=40123 NumGC=19 Goroutines=137", "");
            e.add(rule.evaluate(v.evidence().correlate()));
        }
        Finding cut = e.get(0).findings().get(0);
        assertEquals(Confidence.POSSIBLE, cut.confidence(), cut.confidenceReason());
        assertTrue(cut.confidenceReason().contains("between 2026-10-14T08:04:02.500Z and 2026-10-14T08:39:02.500Z"), cut.confidenceReason());
        Finding whole = e.get(1).findings().get(0);
        assertEquals(Confidence.LIKELY, whole.confidence(), whole.confidenceReason());
    }

    @Test
    void aTemplateLockReleasedAsItsNodeFinishedIsNoFinding() {
        String sem = "reports/ConfigMap/report-locks/warehouse";
        String node = HOLDER + "-2868577340";
        V3 v = new V3().line("2026-10-14T08:00:00.918Z", "info", sem + " acquired by reports/" + HOLDER + "/" + node + ". Lock availability: 0/1",
                        "lockType=semaphore name=" + sem)
                .createdPod("2026-10-14T08:00:00.981Z", HOLDER, "load", "2868577340")
                .wf("2026-10-14T08:10:00.107Z", "info", "Could not acquire lock named: " + sem, "weekly-rollup-8kq2v")
                .line("2026-10-14T08:40:00.020Z", "info", "Lock has been released by reports/" + HOLDER + "/" + node + ". Available locks: 1",
                        "lockType=semaphore name=" + sem)
                .line("2026-10-14T08:40:00.300Z", "info", sem + " acquired by reports/weekly-rollup-8kq2v/weekly-rollup-8kq2v-478784353. Lock availability: 0/1",
                        "lockType=semaphore name=" + sem)
                .updated("2026-10-14T08:41:09.931Z", HOLDER, "Succeeded");
        Evaluation e = rule.evaluate(v.evidence().correlate());
        assertTrue(e.findings().isEmpty(), e.toString());
        assertEquals("c.log:4", e.cleared().get(0).evidence().toString());
    }

    /**
     * A controller handover: the old leader's file has the acquisition and the first waits, the new leader's the holder's
     * completion and what follows. Each file is one run; ordinals number the files in the order they are named, so the
     * new leader's lines come first when its file is named first. Both orders must give the same outcome, the one time gives.
     */
    private static List<Evaluation> bothOrders(LockHeldByFinishedWorkflow rule, V3 oldLeader, V3 newLeader) {
        // Both runs' whole logs, their stats ticker every 5 minutes from their start (session 56).
        String[] old = Ticker.whole(oldLeader.lines.toArray(String[]::new));
        String[] young = Ticker.whole(newLeader.lines.toArray(String[]::new));
        Evaluation forward = rule.evaluate(new Evidence().log("wc-old.log", old).log("wc-new.log", young).correlate());
        Evaluation reversed = rule.evaluate(new Evidence().log("wc-new.log", young).log("wc-old.log", old).correlate());
        return List.of(forward, reversed);
    }

    private static V3 oldLeader() {
        return new V3().line("2026-10-14T07:55:02.114Z", "info", "Starting Workflow Controller", "defaultRequeueTime=10s version=v3.7.6")
                .acquired("2026-10-14T08:00:00.918Z", "reports/" + HOLDER, "0/1")
                .createdPod("2026-10-14T08:00:00.981Z", HOLDER, "load", "2868577340")
                .postponed("2026-10-14T08:20:00.105Z", "weekly-rollup-8kq2v")
                .waitingMessage("2026-10-14T08:20:00.106Z", "weekly-rollup-8kq2v", "0/1");
    }

    @Test
    void aCompletionLoggedByTheNextLeaderCountsWhicheverFileIsNamedFirst() {
        V3 newLeader = new V3().line("2026-10-14T08:30:15.002Z", "info", "Starting Workflow Controller", "defaultRequeueTime=10s version=v3.7.6")
                .updated("2026-10-14T08:41:09.931Z", HOLDER, "Succeeded")
                .postponed("2026-10-14T09:00:00.120Z", "weekly-rollup-8kq2v").postponed("2026-10-14T09:20:00.120Z", "weekly-rollup-8kq2v");
        for (Evaluation e : bothOrders(rule, oldLeader(), newLeader)) {
            assertEquals(1, e.findings().size(), "the new leader rebuilt the lock for the Running holder, which completed without a release: " + e);
            Finding f = e.findings().get(0);
            assertEquals(Confidence.LIKELY, f.confidence());
            assertEquals("2026-10-14T08:41:09.931Z", f.fact("holderCompletedAt").orElseThrow().value());
            assertEquals("38m50.189s", f.fact("waitedAfterCompletion").orElseThrow().value());
        }
    }

    @Test
    void aReleaseLoggedByTheNextLeaderClearsTheHoldingWhicheverFileIsNamedFirst() {
        V3 newLeader = new V3().line("2026-10-14T08:30:15.002Z", "info", "Starting Workflow Controller", "defaultRequeueTime=10s version=v3.7.6")
                .updated("2026-10-14T08:41:09.931Z", HOLDER, "Succeeded")
                .releasedAll("2026-10-14T08:41:09.940Z", HOLDER)
                .acquired("2026-10-14T08:41:10.204Z", "reports/weekly-rollup-8kq2v", "0/1");
        for (Evaluation e : bothOrders(rule, oldLeader(), newLeader)) {
            assertTrue(e.findings().isEmpty(), e.toString());
            assertEquals(1, e.cleared().size(), e.cleared().toString());
            assertEquals("the holder reports/" + HOLDER + " released " + MUTEX + " at 2026-10-14T08:41:09.940Z", e.cleared().get(0).reason());
            assertEquals("wc-new.log:5", e.cleared().get(0).evidence().toString());
        }
    }
}
