package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.processingOther;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 54 breaker of AF004's finalizer-gone clearance: an export without the status-capture finalizer clears a release the logs
 * show taken only where it is an export of the Pod whose release the logs show, showing what it held then.
 */
class FinalizerGoneNamesakeTest {
    private final FinalizerStuck rule = new FinalizerStuck(RuleSettings.defaults());

    /** The handler sees the delete at 16:31:11.256, a worker takes the removal at 16:31:11.350, no failure; logs on until 16:45. */
    static Evidence taken() {
        return new Evidence().log("c.log", podEvent("2026-09-19T16:31:11.256Z", "update"), removingFinalizers("2026-09-19T16:31:11.257Z"),
                queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s"),
                queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"), cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"),
                processingOther("2026-09-19T16:45:00.000Z"));
    }

    /** A running Pod deleted at 16:31:11 (grace 30), without the finalizer. */
    static String releasedExport() {
        return Exports.Pod.of().phase("Running").deleted("2026-09-19T16:31:41Z", 30).lastTransition("2026-09-19T16:26:11Z")
                .running("main").running("wait").withoutFinalizer().yaml();
    }

    /** The same shape as another Pod of the name: its own UID, created at {@code created}, deleted at {@code deleted} (grace 30). */
    private static String namesake(String uid, String created, String deleted) {
        return releasedExport().replace("uid: u-1", "uid: " + uid).replace("creationTimestamp: \"2026-09-19T16:27:10Z\"", "creationTimestamp: \"" + created + "\"")
                .replace("deletionTimestamp: \"2026-09-19T16:31:41Z\"", "deletionTimestamp: \"" + deleted + "\"");
    }

    @Test
    void controlTheDeletedPodsOwnExportClears() {
        Evaluation e = rule.evaluate(taken().pod("pod.yaml", releasedExport()).correlate());
        assertTrue(e.findings().isEmpty());
        assertEquals(1, e.cleared().size());
    }

    /**
     * A later Pod of the name (a namesake made after the first had gone: created 16:40, deleted 16:44:30 without the finalizer) says
     * nothing of what held the first one from 16:31:11: the logs' reading (possible) stands.
     */
    @Test
    void aLaterNamesakesExportDoesNotClearTheEarlierPodsRelease() {
        Evaluation e = rule.evaluate(taken().pod("pod.yaml", namesake("u-2", "2026-09-19T16:40:00Z", "2026-09-19T16:45:00Z")).correlate());
        assertTrue(e.cleared().stream().noneMatch(c -> c.reason().contains("no longer shows the status-capture finalizer")),
                () -> e.cleared().get(0).reason());
        assertEquals(1, e.findings().size());
        assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence());
    }

    /**
     * An earlier Pod of the name, deleted (16:24:30) before the one whose release the logs show was made: says nothing of it either
     * (session 55: the export shows its Pod only up to 16:26:11, the handler saw a deletion at 16:31:11; nothing ties them).
     */
    @Test
    void anEarlierNamesakesExportDoesNotClearTheLaterPodsRelease() {
        Evaluation e = rule.evaluate(taken().pod("pod.yaml", namesake("u-0", "2026-09-19T16:20:00Z", "2026-09-19T16:25:00Z")).correlate());
        assertTrue(e.cleared().stream().noneMatch(c -> c.reason().contains("no longer shows the status-capture finalizer")),
                () -> e.cleared().get(0).reason());
        assertEquals(1, e.findings().size());
    }

    /** A paste cut in the finalizers list (the file ends on its first item): what followed is unknown, no clearance. */
    @Test
    void anExportCutInTheFinalizersListDoesNotClear() {
        String full = releasedExport().replace("  finalizers: []\n", "  finalizers:\n  - example.com/protect\n  - workflows.argoproj.io/status\n");
        String cut = full.substring(0, full.indexOf("  - workflows.argoproj.io/status"));
        Evaluation e = rule.evaluate(taken().pod("pod.yaml", cut).correlate());
        assertTrue(e.cleared().stream().noneMatch(c -> c.reason().contains("no longer shows the status-capture finalizer")),
                () -> e.cleared().get(0).reason());
        assertEquals(1, e.findings().size());
    }

    /**
     * Two exports of the name: the deleted Pod released (u-1), then a new Pod of the name (u-2, created 16:40) deleted at 16:44:30 and
     * still holding the finalizer at 17:10: u-1's export clears nothing of u-2's held finalizer.
     */
    @Test
    void aReleasedExportThenANewPodStillHoldingIt() {
        String later = namesake("u-2", "2026-09-19T16:40:00Z", "2026-09-19T16:45:00Z").replace("finalizers: []", "finalizers: [workflows.argoproj.io/status]");
        Evaluation e = rule.evaluate(taken().pod("a.yaml", releasedExport()).takenAt("b.yaml", "2026-09-19T17:10:00Z", later).correlate());
        assertTrue(e.findings().stream().anyMatch(f -> f.evidence().stream().anyMatch(x -> x.source().toString().startsWith("b.yaml"))),
                () -> e.findings() + " / " + e.cleared().stream().map(Clearance::reason).toList());
    }

    /**
     * A user's patch of the Pod (audit, Metadata level) 20 min after the worker took the release, then the export without the
     * finalizer: the worker's removal may have done nothing (a failure not logged at Info), the user's patch removing it at 16:51.
     */
    @Test
    void aUsersLaterPatchInTheAuditLogKeepsTheReleaseOpen() {
        Evaluation e = rule.evaluate(taken().audited("audit.log", Exports.audit("patch", "", "kubernetes-admin", "2026-09-19T16:51:00Z", 200))
                .takenAt("pod.yaml", "2026-09-19T16:52:00Z", releasedExport()).correlate());
        List<String> why = e.cleared().stream().map(Clearance::reason).toList();
        assertEquals(1, e.findings().size(), why::toString);
    }

    /**
     * Control of the earlier namesake: the same export (made 16:20, its deletion requested 16:24:30) taken at 16:52 by its stated time,
     * so its Pod was there when the handler saw the deletion at 16:31:11, the only Pod of the name then: it is the Pod, and clears.
     */
    @Test
    void controlAnExportOfTheSamePodTakenAfterTheHandlersLineClears() {
        Evaluation e = rule.evaluate(taken().takenAt("pod.yaml", "2026-09-19T16:52:00Z", namesake("u-1", "2026-09-19T16:20:00Z", "2026-09-19T16:25:00Z"))
                .correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertTrue(e.cleared().stream().anyMatch(c -> c.reason().contains("no longer shows the status-capture finalizer")));
    }

    /** Without any time to place the export (no creationTimestamp, no grace): it is tied to nothing, clears nothing, and the finding says why. */
    @Test
    void anExportWithoutTimesTiedToNothingClearsNothing() {
        String untimed = releasedExport().replace("  creationTimestamp: \"2026-09-19T16:27:10Z\"\n", "")
                .replace("  deletionGracePeriodSeconds: 30\n", "");
        Evaluation e = rule.evaluate(taken().pod("pod.yaml", untimed).correlate());
        assertTrue(e.cleared().stream().noneMatch(c -> c.reason().contains("no longer shows the status-capture finalizer")));
        assertEquals(1, e.findings().size());
        String why = dev.argoforensics.wording.Words.english().render(e.findings().get(0).reason());
        assertEquals("AF004.reason.notGoneUndecided", e.findings().get(0).reason().code());
        assertTrue(why.contains("may be another Pod of the name"), why);
    }

    /**
     * The lifetimes' control: the controller's own Created pod line at 16:27:10 starts the Pod whose release the logs show; an export
     * made at 16:20 (deleted 16:24:30, but taken at 16:52 by its stated time) is older than that create, which succeeds only once
     * an earlier Pod of the name has gone: it is that earlier Pod, whatever its stated time.
     */
    @Test
    void anExportMadeBeforeTheLifetimesCreatedLineClearsNothing() {
        Evidence ev = new Evidence().log("c.log", dev.argoforensics.testing.V4.createdPod("2026-09-19T16:27:10.100Z"), podEvent("2026-09-19T16:31:11.256Z", "update"),
                removingFinalizers("2026-09-19T16:31:11.257Z"), queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s"),
                queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"), cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"),
                processingOther("2026-09-19T16:45:00.000Z"));
        Evaluation e = rule.evaluate(ev.takenAt("pod.yaml", "2026-09-19T16:52:00Z", namesake("u-1", "2026-09-19T16:20:00Z", "2026-09-19T16:25:00Z")).correlate());
        assertTrue(e.cleared().stream().noneMatch(c -> c.reason().contains("no longer shows the status-capture finalizer")),
                () -> e.cleared().get(0).reason());
        assertEquals(1, e.findings().size());
        // Control: the export made at the Created pod line (16:27:10) is this lifetime's Pod, and clears.
        Evaluation own = rule.evaluate(new Evidence().log("c.log", dev.argoforensics.testing.V4.createdPod("2026-09-19T16:27:10.100Z"),
                podEvent("2026-09-19T16:31:11.256Z", "update"), removingFinalizers("2026-09-19T16:31:11.257Z"),
                queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s"), queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"),
                cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"), processingOther("2026-09-19T16:45:00.000Z"))
                .pod("pod.yaml", releasedExport()).correlate());
        assertTrue(own.findings().isEmpty(), () -> own.findings().toString());
    }

    /**
     * Two exports of the name by UID: the earlier Pod (u-0, made 16:20, deleted 16:24:30) and the Pod the logs show (u-1, made 16:27:10,
     * deleted 16:31:11), both without the finalizer. The lines go to u-1 by its lifetime, and u-1's own export clears it.
     */
    @Test
    void twoPodsOfTheNameTheLaterOnesOwnExportClears() {
        Evaluation e = rule.evaluate(taken().pod("a.yaml", namesake("u-0", "2026-09-19T16:20:00Z", "2026-09-19T16:25:00Z")).pod("b.yaml", releasedExport())
                .correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertTrue(e.cleared().stream().anyMatch(c -> c.reason().contains("no longer shows the status-capture finalizer") && c.reason().contains("b.yaml")),
                () -> e.cleared().stream().map(Clearance::reason).toList().toString());
    }

    /** The paste cut inside the list, in kubectl's order (metadata's keys sorted): unknown as well. */
    @Test
    void anExportInKubectlsOrderCutInTheFinalizersListDoesNotClear() {
        String cut = "apiVersion: v1\nkind: Pod\nmetadata:\n  annotations: {workflows.argoproj.io/node-id: p}\n  creationTimestamp: \"2026-09-19T16:27:10Z\"\n"
                + "  deletionGracePeriodSeconds: 30\n  deletionTimestamp: \"2026-09-19T16:31:41Z\"\n  finalizers:\n  - example.com/protect\n";
        Evaluation e = rule.evaluate(taken().pod("pod.yaml", cut).correlate());
        assertTrue(e.cleared().stream().noneMatch(c -> c.reason().contains("no longer shows the status-capture finalizer")));
        assertEquals(1, e.findings().size());
    }

    /**
     * Control of the cut: the same list followed by later keys (the paste goes on to spec and status), while the file is trimmed
     * elsewhere ({@code ...} in the containers' statuses): the list is whole, and the export clears.
     */
    @Test
    void controlAWholeListBesideACutElsewhereClears() throws Exception {
        String whole = releasedExport().replace("  finalizers: []\n", "  finalizers:\n  - example.com/protect\n");
        var node = new com.fasterxml.jackson.databind.ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory()).readTree(whole);
        var cutElsewhere = new dev.argoforensics.snapshot.Trimmed(List.of(new dev.argoforensics.snapshot.Trimmed.Cut(30,
                List.of("status", "containerStatuses"), "...")));
        var snapshot = dev.argoforensics.snapshot.ObjectDecoder.pod(new dev.argoforensics.snapshot.ObjectDocument(
                new dev.argoforensics.source.SourceRef("pod.yaml", 1), node, null, cutElsewhere));
        assertTrue(snapshot.finalizersKnown());
        Evaluation e = rule.evaluate(taken().exported(snapshot).correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertTrue(e.cleared().get(0).reason().contains("example.com/protect"), () -> e.cleared().get(0).reason());
    }

    /** Control of the user's patch: the patch is the controller's own account's (the Pod's logged creator): the worker's release, cleared. */
    @Test
    void controlThePatchOfThePodsCreatorIsTheControllersAndClears() {
        String sa = "system:serviceaccount:argo:argo-workflow-controller";
        Evaluation e = rule.evaluate(taken().audited("audit.log", Exports.podCreateAudit("2026-09-19T16:27:10Z"))
                .audited("audit2.log", Exports.audit("patch", "", sa, "2026-09-19T16:51:00Z", 200))
                .takenAt("pod.yaml", "2026-09-19T16:52:00Z", releasedExport()).correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
    }

    /** Control: no create logged, the controller's patch at the worker's line (16:31:11.4) is the worker's own; nothing else: cleared. */
    @Test
    void controlTheWorkersOwnPatchAloneClears() {
        String sa = "system:serviceaccount:argo:argo-workflow-controller";
        Evaluation e = rule.evaluate(taken().audited("audit.log", Exports.audit("patch", "", sa, "2026-09-19T16:31:11.400Z", 200))
                .takenAt("pod.yaml", "2026-09-19T16:52:00Z", releasedExport()).correlate());
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
    }

    /** The worker's own patch at its line, then a user's 20 minutes later: the user's may have removed the finalizer; not cleared, and said. */
    @Test
    void aUsersPatchAfterTheWorkersOwnKeepsTheReleaseOpen() {
        String sa = "system:serviceaccount:argo:argo-workflow-controller";
        Evaluation e = rule.evaluate(taken().audited("audit.log", Exports.audit("patch", "", sa, "2026-09-19T16:31:11.400Z", 200))
                .audited("audit2.log", Exports.audit("patch", "", "kubernetes-admin", "2026-09-19T16:51:00Z", 200))
                .takenAt("pod.yaml", "2026-09-19T16:52:00Z", releasedExport()).correlate());
        assertEquals(1, e.findings().size());
        String why = dev.argoforensics.wording.Words.english().render(e.findings().get(0).reason());
        assertTrue(why.contains("kubernetes-admin") && why.contains("by hand"), why);
    }

    /** A user's patch refused (403), or one after the export was taken (its stated time plus a minute): neither touched what it shows. */
    @Test
    void controlARefusedOrLaterPatchLeavesTheClearance() {
        Evaluation refused = rule.evaluate(taken().audited("audit.log", Exports.audit("patch", "", "kubernetes-admin", "2026-09-19T16:51:00Z", 403))
                .takenAt("pod.yaml", "2026-09-19T16:52:00Z", releasedExport()).correlate());
        assertTrue(refused.findings().isEmpty(), () -> refused.findings().toString());
        Evaluation later = rule.evaluate(taken().audited("audit.log", Exports.audit("patch", "", "kubernetes-admin", "2026-09-19T17:10:00Z", 200))
                .takenAt("pod.yaml", "2026-09-19T16:52:00Z", releasedExport()).correlate());
        assertTrue(later.findings().isEmpty(), () -> later.findings().toString());
    }
}
