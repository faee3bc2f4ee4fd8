package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.deletedWhileRunning;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.CollectionSelection;
import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 52: a Pod deletecollection's selectors, read from its request URI (URL-encoded), against what the Pod's exports show of it
 * when the collection ran. Provably not selecting the Pod: no possible deleter of it. Matching: named with its selector, still a
 * possible deleter (the record names no Pod it deleted). Neither: possible, with what was lacking. Negative controls: a label the Pod
 * got only later, labels that differ between exports, no export at all, a node clock in the export's latest time, an empty selector,
 * another namespace.
 */
class CollectionSelectorTest {
    private static final String WF = Exports.workflow("Error", "Error", "pod deleted", "2026-09-19T16:40:02Z", true, null);
    private static final String AT = "2026-09-19T16:39:59.800000Z";
    private static final String PLAIN_LABELS = "labels: {workflows.argoproj.io/workflow: p}";

    /**
     * The controller's create of the Pod and its patch removing the status finalizer after the deletion, as an audit policy logging
     * the Pod's writes records them (s52 breaker): a label its exports all show alike places its value at the collection only where
     * the log would show another's write of it.
     */
    static final List<String> WRITES_LOGGED = List.of(
            Exports.podCreateAudit("2026-09-19T16:27:10.300000Z").replace("\"a-create\"", "\"a-ctl-create\""),
            Exports.audit("patch", "", "system:serviceaccount:argo:argo-workflow-controller", "2026-09-19T16:40:00.500000Z", 200)
                    .replace("\"a-patch\"", "\"a-ctl-patch\""));

    private static String[] lines() {
        return deletedWhileRunning();
    }

    /** The Pod deleted at 16:40:00 while main ran (grace 0), with {@code labels} ("k: v, k2: v2") beside the Workflow's. */
    static String deleted(String labels) {
        String y = Exports.Pod.of().deleted("2026-09-19T16:40:00Z", 0).running("main").running("wait").yaml();
        return labels.isEmpty() ? y : y.replace(PLAIN_LABELS, "labels: {workflows.argoproj.io/workflow: p, " + labels + "}");
    }

    /** The Pod running, not deleted, with {@code labels}. */
    private static String running(String labels) {
        String y = Exports.Pod.of().running("main").running("wait").yaml();
        return labels.isEmpty() ? y : y.replace(PLAIN_LABELS, "labels: {workflows.argoproj.io/workflow: p, " + labels + "}");
    }

    /** A granted deletecollection of ns's Pods at {@code at} whose request URI is {@code uri} (null: the record has none). */
    private static String collection(String namespace, String at, String uri) {
        String r = PodCollectionDeleteTest.collection(namespace, at, 200);
        String logged = "\"requestURI\":\"/api/v1/namespaces/" + namespace + "/pods?labelSelector=workflows.argoproj.io%2Fworkflow%3Dp\",";
        assertTrue(r.contains(logged), r);
        return r.replace(logged, uri == null ? "" : "\"requestURI\":\"" + uri + "\",");
    }

    static String query(String query) {
        return collection("ns", AT, "/api/v1/namespaces/ns/pods?" + query);
    }

    static Correlation with(String pod, String... records) {
        Evidence e = new Evidence().log("c.log", lines()).workflow("wf.yaml", WF);
        if (pod != null) {
            e.pod("pod.yaml", pod);
            WRITES_LOGGED.forEach(r -> e.object("audit.log", r));
        }
        for (String r : records) {
            e.object("audit.log", r);
        }
        return e.correlate();
    }

    static PodLifecycle life(Correlation c) {
        return c.lifecycles().values().iterator().next();
    }

    /** The one possible collection deleter's reading, or null where there is none. */
    static CollectionSelection only(Correlation c) {
        PodLifecycle l = life(c);
        assertTrue(l.collectionDeletes().size() <= 1, l.collectionDeletes().toString());
        return l.collectionDeletes().isEmpty() ? null : l.selection(l.collectionDeletes().get(0));
    }

    static CollectionSelection.Kind kind(Correlation c) {
        CollectionSelection s = only(c);
        return s == null ? CollectionSelection.Kind.EXCLUDED : s.kind();
    }

    private static Finding af007(Correlation c) {
        Evaluation e = new PodDeletedDuringExecution().evaluate(c);
        assertEquals(1, e.findings().size(), e.toString());
        return e.findings().get(0);
    }

    @Test
    void aLabelTheExportedPodDoesNotCarryTakesTheCollectionAway() {
        Correlation c = with(deleted(""), query("labelSelector=app%3Detl"));
        assertEquals(List.of(), life(c).collectionDeletes());
        assertTrue(af007(c).fact("possibleDeleter").isEmpty());
        // Control: the Pod carries it: matched, named with its selector, still a possible deleter only, and no more confident.
        Correlation m = with(deleted("app: etl"), query("labelSelector=app%3Detl"));
        assertEquals(CollectionSelection.Kind.MATCHED, kind(m));
        assertTrue(af007(m).fact("possibleDeleter").orElseThrow().value().toString().contains("(labelSelector=app=etl): its selector matched the "
                + "Pod then: its exports show app=etl (pod.yaml:1)"), af007(m).facts().toString());
        assertEquals(null, af007(m).fact("deletedBy").orElseThrow().value());
        assertEquals(af007(with(deleted("app: etl"))).confidence(), af007(m).confidence());
    }

    @Test
    void aWriteOfThePodByAnotherUserLeavesItsLabelsUnplaced() {
        // kubectl label pod p app=etl by erin at 16:39, then kubectl delete pods -l app=etl: the export (taken after, its label removed
        // again or never exported with it) does not show the Pod's labels at the collection. Possible, saying why.
        String label = Exports.audit("patch", "", "erin@example.com", "2026-09-19T16:39:00.000000Z", 200);
        CollectionSelection s = only(with(deleted(""), label, query("labelSelector=app%3Detl")));
        assertEquals(CollectionSelection.Kind.UNDECIDED, s.kind());
        assertTrue(s.words().contains("the audit log records a patch of the Pod by erin@example.com"), s.words());
        // Control: the controller that created the Pod patching it (its completed label, its finalizer) sets none of the user's labels.
        String controller = "system:serviceaccount:argo:argo-workflow-controller";
        Correlation own = with(deleted(""), Exports.podCreateAudit("2026-09-19T16:27:10.300000Z"),
                Exports.audit("patch", "", controller, "2026-09-19T16:39:00.000000Z", 200), query("labelSelector=app%3Detl"));
        assertEquals(List.of(), life(own).collectionDeletes());
        // Control: a write of its status only (the kubelet's) changes no label.
        Correlation status = with(deleted(""), Exports.audit("patch", "status", "system:node:ip-10-0-12-34.ec2.internal", "2026-09-19T16:39:00.000000Z", 200),
                query("labelSelector=app%3Detl"));
        assertEquals(List.of(), life(status).collectionDeletes());
    }

    @Test
    void urlEncodedSetsAndExistenceAreRead() {
        // Go's url.Values encodes a space as "+", kubectl's selectors as %XX: both are read.
        assertEquals(CollectionSelection.Kind.MATCHED, kind(with(deleted("app: web"), query("labelSelector=app+in+%28etl%2Cweb%29"))));
        assertEquals(CollectionSelection.Kind.MATCHED, kind(with(deleted("app: web"), query("labelSelector=app%20in%20%28etl%2C%20web%29"))));
        assertEquals(CollectionSelection.Kind.EXCLUDED, kind(with(deleted("app: batch"), query("labelSelector=app%20in%20%28etl%2Cweb%29"))));
        assertEquals(CollectionSelection.Kind.EXCLUDED, kind(with(deleted("app: etl"), query("labelSelector=app%20notin%20%28etl%29"))));
        assertEquals(CollectionSelection.Kind.MATCHED, kind(with(deleted(""), query("labelSelector=app%20notin%20%28etl%29"))));
        assertEquals(CollectionSelection.Kind.MATCHED, kind(with(deleted(""), query("labelSelector=%21app"))));
        assertEquals(CollectionSelection.Kind.EXCLUDED, kind(with(deleted("app: etl"), query("labelSelector=%21app"))));
        assertEquals(CollectionSelection.Kind.EXCLUDED, kind(with(deleted(""), query("labelSelector=app"))));
        assertEquals(CollectionSelection.Kind.EXCLUDED, kind(with(deleted("app: etl"), query("labelSelector=app%21%3Detl"))));
        // Every requirement must hold: one failing takes it away, label or field.
        assertEquals(CollectionSelection.Kind.EXCLUDED, kind(with(deleted("app: etl"), query("labelSelector=app%3Detl%2Ctier%3Dweb"))));
        assertEquals(CollectionSelection.Kind.EXCLUDED, kind(with(deleted("app: etl"), query("labelSelector=app%3Detl&fieldSelector=metadata.name%3Dq"))));
        assertEquals(CollectionSelection.Kind.MATCHED, kind(with(deleted("app: etl"), query("labelSelector=app%3Detl&fieldSelector=metadata.name%3Dp"))));
        // Control: a selector the API server would refuse is not read: possible, saying so.
        CollectionSelection bad = only(with(deleted(""), query("labelSelector=app%20in%20etl")));
        assertEquals(CollectionSelection.Kind.UNDECIDED, bad.kind());
        assertTrue(bad.words().startsWith("whether its selector matched the Pod is not known (its selector could not be read"), bad.words());
    }

    @Test
    void noSelectorDeletesEveryPodOfTheNamespace() {
        CollectionSelection all = only(with(deleted(""), collection("ns", AT, "/api/v1/namespaces/ns/pods")));
        assertEquals(CollectionSelection.Kind.MATCHED, all.kind());
        assertEquals("its selector matched the Pod then: the request gives no selector, so it deletes every Pod of the namespace", all.words());
        assertEquals(CollectionSelection.Kind.MATCHED, kind(with(deleted(""), collection("ns", AT, "/api/v1/namespaces/ns/pods?gracePeriodSeconds=0"))));
        // Control: a record without its request URI does not give its selector: not "every Pod".
        CollectionSelection unknown = only(with(deleted(""), collection("ns", AT, null)));
        assertEquals(CollectionSelection.Kind.UNDECIDED, unknown.kind());
        assertTrue(unknown.words().contains("no request URI"), unknown.words());
        // Control: another namespace's, even selecting everything, is none of this Pod's.
        assertEquals(List.of(), life(with(deleted(""), collection("other", AT, "/api/v1/namespaces/other/pods"))).collectionDeletes());
    }

    @Test
    void withoutAnExportOfThePodItsLabelsAreNotKnown() {
        // Logs only: no export of the Pod. The collection stays possible and says what was lacking.
        CollectionSelection s = only(with(null, query("labelSelector=app%3Detl")));
        assertEquals(CollectionSelection.Kind.UNDECIDED, s.kind());
        assertEquals("whether its selector matched the Pod is not known (app=etl: no export of the Pod shows its labels)", s.words());
        // Its name still decides a field selector on it.
        assertEquals(CollectionSelection.Kind.EXCLUDED, kind(with(null, query("fieldSelector=metadata.name%3Dq"))));
    }

    @Test
    void aLabelThePodGotOnlyLaterIsNoMatch() {
        String completed = "labelSelector=workflows.argoproj.io%2Fcompleted%3Dtrue";
        // The export shows it after the collection (labelled completed when the controller saw the deletion): the collection ran
        // before, when it may not have had it. Possible, never matched.
        CollectionSelection later = only(with(deleted("workflows.argoproj.io/completed: \"true\""), query(completed)));
        assertEquals(CollectionSelection.Kind.UNDECIDED, later.kind());
        assertTrue(later.words().contains("no export places its value at the collection"), later.words());
        // An export taken before it (stated 16:35, a minute's clock allowed) without the label, and one after with it: still undecided.
        Correlation both = new Evidence().log("c.log", lines()).workflow("wf.yaml", WF)
                .takenAt("before.yaml", "2026-09-19T16:35:00Z", running("workflows.argoproj.io/completed: \"false\""))
                .pod("pod.yaml", deleted("workflows.argoproj.io/completed: \"true\"")).object("audit.log", query(completed)).correlate();
        assertEquals(CollectionSelection.Kind.UNDECIDED, kind(both));
        // Control: the export taken before it already shows it (the controller never takes it back): matched.
        Correlation already = new Evidence().log("c.log", lines()).workflow("wf.yaml", WF)
                .takenAt("before.yaml", "2026-09-19T16:35:00Z", running("workflows.argoproj.io/completed: \"true\""))
                .pod("pod.yaml", deleted("workflows.argoproj.io/completed: \"true\"")).object("audit.log", query(completed)).correlate();
        assertEquals(CollectionSelection.Kind.MATCHED, kind(already));
        // Control: an export taken clearly after it (by more than a node's clock may be off) still without it: it had not got it
        // then, so the collection did not select it.
        String early = collection("ns", "2026-09-19T16:30:00.000000Z", "/api/v1/namespaces/ns/pods?" + completed);
        assertEquals(List.of(), life(with(deleted("workflows.argoproj.io/completed: \"false\""), early)).collectionDeletes());
        // ... but not where that export's latest time is within a minute of it: possible.
        String nearer = collection("ns", "2026-09-19T16:39:30.000000Z", "/api/v1/namespaces/ns/pods?" + completed);
        assertEquals(CollectionSelection.Kind.UNDECIDED, kind(with(deleted("workflows.argoproj.io/completed: \"false\""), nearer)));
    }

    @Test
    void aLabelThatDiffersBetweenExportsIsNotKnownUnlessBothSidesAgree() {
        // team=a in an export before it, team=b in the one after: a user relabelled the Pod, when is not known.
        for (String selector : List.of("labelSelector=team%3Da", "labelSelector=team%3Db")) {
            Correlation c = new Evidence().log("c.log", lines()).workflow("wf.yaml", WF)
                    .takenAt("before.yaml", "2026-09-19T16:35:00Z", running("team: a"))
                    .pod("pod.yaml", deleted("team: b")).object("audit.log", query(selector)).correlate();
            CollectionSelection s = only(c);
            assertEquals(CollectionSelection.Kind.UNDECIDED, s.kind(), selector);
            assertTrue(s.words().contains("differs between the Pod's exports"), s.words());
        }
    }

    @Test
    void itsPhaseIsBoundedByExportsOnEitherSide() {
        // Running in an export taken clearly after it: it was not Succeeded then.
        String early = collection("ns", "2026-09-19T16:30:00.000000Z", "/api/v1/namespaces/ns/pods?fieldSelector=status.phase%3DSucceeded");
        assertEquals(List.of(), life(with(deleted(""), early)).collectionDeletes());
        String notDone = collection("ns", "2026-09-19T16:30:00.000000Z", "/api/v1/namespaces/ns/pods?fieldSelector=status.phase%21%3DSucceeded");
        assertEquals(CollectionSelection.Kind.MATCHED, kind(with(deleted(""), notDone)));
        // Control: no export placed after it by more than a minute: its phase then is not known.
        assertEquals(CollectionSelection.Kind.UNDECIDED, kind(with(deleted(""), query("fieldSelector=status.phase%3DSucceeded"))));
    }
}
