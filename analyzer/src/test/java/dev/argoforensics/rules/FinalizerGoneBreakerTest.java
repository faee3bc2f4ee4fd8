package dev.argoforensics.rules;

import static dev.argoforensics.rules.FinalizerGoneNamesakeTest.releasedExport;
import static dev.argoforensics.rules.FinalizerGoneNamesakeTest.taken;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Exports;
import org.junit.jupiter.api.Test;

/**
 * Session 55 breaker of AF004's finalizer-gone clearance as s55-af004 made it (124c5aee): the export tied to the Pod by time, another
 * account's write after the worker took the release, a status-less export cut after its last line. Each attack in the shape a user
 * brings: the handler sees the delete at 16:31:11.256, a worker takes the removal at 16:31:11.350 and logs no failure, the logs go
 * on to 16:45; an export of the deleted Pod without the status-capture finalizer (both as FinalizerGoneNamesakeTest builds them).
 */
class FinalizerGoneBreakerTest {
    private static final String CONTROLLER = "system:serviceaccount:argo:argo-workflow-controller";
    private static final String CLEARED = "no longer shows the status-capture finalizer";

    private final FinalizerStuck rule = new FinalizerStuck(RuleSettings.defaults());

    /** One audit record of Pod ns/p, its own auditID; {@code body} (a JSON request body) logs it at level Request, null: Metadata. */
    private static String audit(String id, String verb, String user, String at, int code, String body) {
        return "{\"kind\":\"Event\",\"apiVersion\":\"audit.k8s.io/v1\",\"level\":\"" + (body == null ? "Metadata" : "Request") + "\",\"auditID\":\"" + id
                + "\",\"stage\":\"ResponseComplete\",\"verb\":\"" + verb + "\",\"user\":{\"username\":\"" + user + "\"},\"objectRef\":{\"resource\":\"pods\","
                + "\"namespace\":\"ns\",\"name\":\"p\",\"apiVersion\":\"v1\"},\"responseStatus\":{\"code\":" + code + "},"
                + (body == null ? "" : "\"requestObject\":" + body + ",") + "\"requestReceivedTimestamp\":\"" + at + "\",\"stageTimestamp\":\"" + at + "\"}";
    }

    private static boolean clearedGone(Evaluation e) {
        return e.cleared().stream().anyMatch(c -> c.reason().contains(CLEARED));
    }

    private static String said(Evaluation e) {
        return e.findings().stream().map(f -> dev.argoforensics.wording.Words.english().render(f.reason())).toList() + " / "
                + e.cleared().stream().map(Clearance::reason).toList();
    }

    // --- the controller's account, read from a write at the worker's moment ---

    /**
     * An audit policy that drops service accounts' requests (a common rule against noise): neither the controller's create nor its
     * patch is logged. alice labels the Pod 0.65 s after the worker took the release (her {@code kubectl label}, a coincidence), the
     * worker's removal fails below Info, and at 16:51 alice removes the finalizer by hand. Her label at the worker's moment is no sign
     * of the controller's account: her patch at 16:51 may be the hand that removed the finalizer, and the export clears nothing.
     */
    @Test
    void aUsersWriteAtTheWorkersMomentIsNotTakenForTheControllersAccount() {
        Evaluation e = rule.evaluate(taken().audited("audit.log", audit("a1", "patch", "alice@example.com", "2026-09-19T16:31:12.000Z", 200, null))
                .audited("audit2.log", audit("a2", "patch", "alice@example.com", "2026-09-19T16:51:00.000Z", 200, null))
                .takenAt("pod.yaml", "2026-09-19T16:52:00Z", releasedExport()).correlate());
        assertTrue(!clearedGone(e), () -> said(e));
        assertEquals(1, e.findings().size(), () -> said(e));
    }

    /**
     * The same with the write at the worker's moment another controller's service account's, its body logged (level Request): a patch of
     * labels alone, which the worker's release (a patch of the finalizers) is not. It names no controller's account either.
     */
    @Test
    void aLoggedLabelPatchAtTheWorkersMomentIsNotTheWorkersRelease() {
        String labels = "{\"metadata\":{\"labels\":{\"policy.example.com/checked\":\"true\"}}}";
        Evaluation e = rule.evaluate(taken()
                .audited("audit.log", audit("a1", "patch", "system:serviceaccount:policy:background-controller", "2026-09-19T16:31:12.000Z", 200, labels))
                .audited("audit2.log", audit("a2", "patch", "system:serviceaccount:policy:background-controller", "2026-09-19T16:51:00.000Z", 200, null))
                .takenAt("pod.yaml", "2026-09-19T16:52:00Z", releasedExport()).correlate());
        assertTrue(!clearedGone(e), () -> said(e));
        assertEquals(1, e.findings().size(), () -> said(e));
    }

    /** Control: the worker's own patch at its moment, its body logged removing the finalizer, alone after it: cleared. */
    @Test
    void controlTheWorkersLoggedReleaseAtItsMomentClears() {
        String release = "[{\"op\":\"remove\",\"path\":\"/metadata/finalizers/0\"}]";
        Evaluation e = rule.evaluate(taken().audited("audit.log", audit("a1", "patch", CONTROLLER, "2026-09-19T16:31:11.400Z", 200, release))
                .takenAt("pod.yaml", "2026-09-19T16:52:00Z", releasedExport()).correlate());
        assertTrue(e.findings().isEmpty(), () -> said(e));
        assertTrue(clearedGone(e), () -> said(e));
    }

    /** Control: the worker's patch at its moment and a later one of the same controller's account (its completed label): cleared. */
    @Test
    void controlTheControllersLaterWriteIsItsOwn() {
        Evaluation e = rule.evaluate(taken().audited("audit.log", audit("a1", "patch", CONTROLLER, "2026-09-19T16:31:11.400Z", 200, null))
                .audited("audit2.log", audit("a2", "patch", CONTROLLER, "2026-09-19T16:40:00.000Z", 200, null))
                .takenAt("pod.yaml", "2026-09-19T16:52:00Z", releasedExport()).correlate());
        assertTrue(e.findings().isEmpty(), () -> said(e));
    }

    /**
     * The controller's create logged, and a user's patch 0.6 s after the worker took the release (at its very moment): the user's
     * write may be what removed it as well as the worker's; the reading stays open (possible), never a clearance resting on the user.
     */
    @Test
    void aUsersPatchAtTheWorkersVeryMomentBesideTheCreatorKeepsItOpen() {
        Evaluation e = rule.evaluate(taken().audited("audit.log", Exports.podCreateAudit("2026-09-19T16:27:10Z"))
                .audited("audit2.log", audit("a2", "patch", "alice@example.com", "2026-09-19T16:31:11.950Z", 200, null))
                .takenAt("pod.yaml", "2026-09-19T16:52:00Z", releasedExport()).correlate());
        assertTrue(!clearedGone(e), () -> said(e));
        assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence());
    }

    /** Leader change: the Pod created by one replica, released by the other, both under the Deployment's one account: cleared. */
    @Test
    void controlAReleaseByTheOtherReplicaOfTheSameAccountClears() {
        Evaluation e = rule.evaluate(taken().audited("audit.log", Exports.podCreateAudit("2026-09-19T16:27:10Z"))
                .audited("audit2.log", audit("a2", "patch", CONTROLLER, "2026-09-19T16:31:11.420Z", 200, null))
                .takenAt("pod.yaml", "2026-09-19T16:52:00Z", releasedExport()).correlate());
        assertTrue(e.findings().isEmpty(), () -> said(e));
    }

    /**
     * #1832's shape with the audit log: the taint manager's delete (kube-controller-manager's node controller account) and its
     * DisruptionTarget condition (a patch of pods/status), the controller's create and its release at the worker's line. No other hand
     * wrote the Pod's object after the worker: cleared as without the log.
     */
    @Test
    void controlTheTaintManagersDeleteAndStatusPatchLeaveTheClearance() {
        String node = "system:serviceaccount:kube-system:node-controller";
        Evaluation e = rule.evaluate(taken().audited("audit.log", Exports.podCreateAudit("2026-09-19T16:27:10Z"))
                .audited("audit2.log", Exports.audit("patch", "status", node, "2026-09-19T16:31:11.000Z", 200))
                .audited("audit3.log", Exports.audit("delete", "", node, "2026-09-19T16:31:11.050Z", 200))
                .audited("audit4.log", audit("a4", "patch", CONTROLLER, "2026-09-19T16:31:11.400Z", 200, null))
                .takenAt("pod.yaml", "2026-09-19T16:52:00Z", releasedExport()).correlate());
        assertTrue(e.findings().isEmpty(), () -> said(e));
        assertTrue(clearedGone(e), () -> said(e));
    }

    // --- a request body that removes the finalizers without naming /metadata/finalizers ---

    /** The worker's patch at its line (16:31:11.400), alice's patch with {@code body} logged at 16:51, the export stated at 16:52. */
    private Evaluation alicePatchedAfterTheWorker(String body) {
        return rule.evaluate(taken().audited("audit.log", audit("a1", "patch", CONTROLLER, "2026-09-19T16:31:11.400Z", 200, null))
                .audited("audit2.log", audit("a2", "patch", "alice@example.com", "2026-09-19T16:51:00.000Z", 200, body))
                .takenAt("pod.yaml", "2026-09-19T16:52:00Z", releasedExport()).correlate());
    }

    /**
     * alice's JSON patch replacing {@code /metadata} whole (a value without finalizers) at 16:51, logged at level Request: it removes
     * every finalizer though no operation's path is {@code /metadata/finalizers}. The export clears nothing.
     */
    @Test
    void aJsonPatchReplacingTheMetadataMayRemoveTheFinalizer() {
        String body = "[{\"op\":\"replace\",\"path\":\"/metadata\",\"value\":{\"name\":\"p\",\"namespace\":\"ns\",\"labels\":{\"workflows.argoproj.io/workflow\":\"p\"}}}]";
        Evaluation e = alicePatchedAfterTheWorker(body);
        assertTrue(!clearedGone(e), () -> said(e));
        assertEquals(1, e.findings().size(), () -> said(e));
    }

    /** A JSON patch moving the finalizers list away ({@code from: /metadata/finalizers}) removes them too. */
    @Test
    void aJsonPatchMovingTheFinalizersAwayMayRemoveTheFinalizer() {
        String body = "[{\"op\":\"move\",\"from\":\"/metadata/finalizers\",\"path\":\"/metadata/annotations/old-finalizers\"}]";
        Evaluation e = alicePatchedAfterTheWorker(body);
        assertTrue(!clearedGone(e), () -> said(e));
        assertEquals(1, e.findings().size(), () -> said(e));
    }

    /** Control: alice's logged patch of the Pod's labels alone at 16:51 removed no finalizer: cleared. */
    @Test
    void controlAUsersLoggedLabelPatchLeavesTheClearance() {
        String body = "{\"metadata\":{\"labels\":{\"debug\":\"true\"}}}";
        Evaluation e = alicePatchedAfterTheWorker(body);
        assertTrue(e.findings().isEmpty(), () -> said(e));
    }

    // --- a stated time and a user's clock ---

    /** An earlier Pod of the name (made 16:20, deletion requested 16:24:30), the export stated 49 s after the handler's line. */
    private static String earlier() {
        return releasedExport().replace("creationTimestamp: \"2026-09-19T16:27:10Z\"", "creationTimestamp: \"2026-09-19T16:20:00Z\"")
                .replace("deletionTimestamp: \"2026-09-19T16:31:41Z\"", "deletionTimestamp: \"2026-09-19T16:25:00Z\"")
                .replace("2026-09-19T16:26:11Z", "2026-09-19T16:21:00Z");
    }

    /**
     * The export of an earlier Pod of the name, its {@code # taken-at:} 49 s after the handler's line by a user's clock that may run a
     * minute fast: it may have been taken before the line, while the earlier Pod was there; nothing ties it to the deleted Pod.
     */
    @Test
    void aStatedTimeWithinAUsersClockAfterTheLineTiesNothing() {
        Evaluation e = rule.evaluate(taken().takenAt("pod.yaml", "2026-09-19T16:32:00Z", earlier()).correlate());
        assertTrue(!clearedGone(e), () -> said(e));
        assertEquals(1, e.findings().size(), () -> said(e));
    }

    /** Control: the same export stated 3 minutes after the line, past a user's clock: its Pod was there at the line, the one Pod of the name. */
    @Test
    void controlAStatedTimePastAUsersClockTiesIt() {
        Evaluation e = rule.evaluate(taken().takenAt("pod.yaml", "2026-09-19T16:34:11Z", earlier()).correlate());
        assertTrue(e.findings().isEmpty(), () -> said(e));
        assertTrue(clearedGone(e), () -> said(e));
    }

    // --- exports without status ---

    /** The deleted Pod in kubectl's order (keys sorted), its finalizers listed ({@code finalizers} empty: none), status as given. */
    private static String sorted(String finalizers, String status) {
        return "apiVersion: v1\nkind: Pod\nmetadata:\n  annotations:\n    workflows.argoproj.io/node-id: p\n    workflows.argoproj.io/node-name: p\n"
                + "  creationTimestamp: \"2026-09-19T16:27:10Z\"\n  deletionGracePeriodSeconds: 30\n  deletionTimestamp: \"2026-09-19T16:31:41Z\"\n"
                + finalizers + "  labels:\n    workflows.argoproj.io/workflow: p\n  name: p\n  namespace: ns\n  resourceVersion: \"3318841\"\n  uid: u-1\n"
                + "spec:\n  containers:\n  - image: quay.io/argoproj/argoexec:v4.1.3\n    name: wait\n  - image: busybox:1.37\n    name: main\n"
                + "  nodeName: ip-10-0-12-34.ec2.internal\n  restartPolicy: Never\n" + status;
    }

    private static final String STATUS = "status:\n  conditions:\n  - lastTransitionTime: \"2026-09-19T16:26:11Z\"\n    status: \"False\"\n    type: Ready\n"
            + "  phase: Running\n";

    /** Control: the whole export in kubectl's order, with its status: cleared (naming the other finalizer). */
    @Test
    void controlTheWholeSortedExportClears() {
        Evaluation e = rule.evaluate(taken().pod("pod.yaml", sorted("  finalizers:\n  - example.com/protect\n", STATUS)).correlate());
        assertTrue(e.findings().isEmpty(), () -> said(e));
        assertTrue(clearedGone(e), () -> said(e));
    }

    /**
     * {@code kubectl get pod -o yaml | yq 'del(.status)'}: whole, its status dropped by the user; its metadata stands before spec in
     * kubectl's order, so the list of finalizers is whole. Cleared as with the status.
     */
    @Test
    void controlAnExportWithItsStatusDeletedIsStillWholeWhereTheFinalizersStand() {
        Evaluation e = rule.evaluate(taken().pod("pod.yaml", sorted("  finalizers:\n  - example.com/protect\n", "")).correlate());
        assertTrue(e.findings().isEmpty(), () -> said(e));
        assertTrue(clearedGone(e), () -> said(e));
    }

    /** The same as JSON ({@code kubectl get -o json | jq 'del(.status)'}, keys sorted as kubectl prints them): cleared. */
    @Test
    void controlAJsonExportWithItsStatusDeletedClears() {
        String json = "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"annotations\":{\"workflows.argoproj.io/node-id\":\"p\","
                + "\"workflows.argoproj.io/node-name\":\"p\"},\"creationTimestamp\":\"2026-09-19T16:27:10Z\",\"deletionGracePeriodSeconds\":30,"
                + "\"deletionTimestamp\":\"2026-09-19T16:31:41Z\",\"finalizers\":[\"example.com/protect\"],\"labels\":{\"workflows.argoproj.io/workflow\":\"p\"},"
                + "\"name\":\"p\",\"namespace\":\"ns\",\"uid\":\"u-1\"},\"spec\":{\"containers\":[{\"image\":\"busybox:1.37\",\"name\":\"main\"}],"
                + "\"nodeName\":\"ip-10-0-12-34.ec2.internal\"}}";
        Evaluation e = rule.evaluate(taken().pod("pod.json", json).correlate());
        assertTrue(e.findings().isEmpty(), () -> said(e));
        assertTrue(clearedGone(e), () -> said(e));
    }

    /**
     * {@code kubectl get pod -o yaml | head -30}: the paste ends in spec (its containers), metadata whole before it in kubectl's order:
     * the list of finalizers is whole. Cleared. (A paste ending in metadata after the list also ends before {@code name}, which kubectl
     * prints after {@code finalizers}: such a paste names no Pod, and ties to none.)
     */
    @Test
    void controlAPasteEndingInSpecClears() {
        String full = sorted("  finalizers:\n  - example.com/protect\n", STATUS);
        String cut = full.substring(0, full.indexOf("  nodeName:"));
        Evaluation e = rule.evaluate(taken().pod("pod.yaml", cut).correlate());
        assertTrue(e.findings().isEmpty(), () -> said(e));
        assertTrue(clearedGone(e), () -> said(e));
    }

    /** The deleted Pod in the API server's own order ({@code kubectl get --raw}, a dashboard's YAML view): name first, finalizers late. */
    private static String serverOrder(boolean created, String finalizers) {
        return "kind: Pod\napiVersion: v1\nmetadata:\n  name: p\n  namespace: ns\n" + (created ? "  uid: u-1\n  resourceVersion: \"3318841\"\n"
                + "  creationTimestamp: \"2026-09-19T16:27:10Z\"\n" : "") + "  deletionTimestamp: \"2026-09-19T16:31:41Z\"\n  deletionGracePeriodSeconds: 30\n"
                + "  labels:\n    workflows.argoproj.io/workflow: p\n  annotations:\n    workflows.argoproj.io/node-id: p\n    workflows.argoproj.io/node-name: p\n"
                + finalizers + "spec:\n  containers:\n  - name: main\n    image: busybox:1.37\n  nodeName: ip-10-0-12-34.ec2.internal\n";
    }

    /**
     * The paste, in the API server's order, ends inside the list of finalizers after another's: the status-capture finalizer may have
     * been the next line. No clearance.
     */
    @Test
    void aServerOrderPasteEndingInsideTheListDoesNotClear() {
        String full = serverOrder(true, "  finalizers:\n  - example.com/protect\n  - workflows.argoproj.io/status\n");
        String cut = full.substring(0, full.indexOf("  - workflows.argoproj.io/status"));
        Evaluation e = rule.evaluate(taken().pod("pod.yaml", cut).correlate());
        assertTrue(!clearedGone(e), () -> said(e));
        assertEquals(1, e.findings().size(), () -> said(e));
    }

    /** The deleted Pod as a manifest cleaner prints it ({@code kubectl neat}, a yq script): no uid, creationTimestamp, resourceVersion, status. */
    private static String cleaned(String finalizers) {
        return "apiVersion: v1\nkind: Pod\nmetadata:\n  annotations:\n    workflows.argoproj.io/node-id: p\n    workflows.argoproj.io/node-name: p\n"
                + "  deletionGracePeriodSeconds: 30\n  deletionTimestamp: \"2026-09-19T16:31:41Z\"\n" + finalizers
                + "  labels:\n    workflows.argoproj.io/workflow: p\n  name: p\n  namespace: ns\n"
                + "spec:\n  containers:\n  - image: busybox:1.37\n    name: main\n  nodeName: ip-10-0-12-34.ec2.internal\n";
    }

    /**
     * A cleaned export (no uid, creationTimestamp, resourceVersion: the cleaner dropped them with the status), in the API server's order,
     * pasted and cut inside its list of finalizers. Its deletionTimestamp is the API server's alone (no manifest carries one), so it
     * was read from the server with a status, and the paste ended where the file ends: the status-capture finalizer may have been the
     * next line. Its deletion requested at the handler's line ties it to the Pod; it still clears nothing.
     */
    @Test
    void aCleanedExportCutInsideTheListDoesNotClear() {
        String full = serverOrder(false, "  finalizers:\n  - example.com/protect\n  - workflows.argoproj.io/status\n");
        String cut = full.substring(0, full.indexOf("  - workflows.argoproj.io/status"));
        Evaluation e = rule.evaluate(taken().pod("pod.yaml", cut).correlate());
        assertTrue(!clearedGone(e), () -> said(e));
        assertEquals(1, e.findings().size(), () -> said(e));
    }

    /** Control: the cleaned export whole (its list followed by labels, name, spec): the list is whole, and it clears. */
    @Test
    void controlACleanedExportWholeClears() {
        Evaluation e = rule.evaluate(taken().pod("pod.yaml", cleaned("  finalizers:\n  - example.com/protect\n")).correlate());
        assertTrue(e.findings().isEmpty(), () -> said(e));
        assertTrue(clearedGone(e), () -> said(e));
    }
}
