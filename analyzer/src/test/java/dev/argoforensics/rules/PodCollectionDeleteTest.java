package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.deletedWhileRunning;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import dev.argoforensics.timeline.TimelineBuilder;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 50: a {@code deletecollection} of Pods ({@code kubectl delete pods -l app=etl -n ns}, a namespace cleanup job) names no
 * Pod: the API server deletes the namespace's Pods its selector matches, and the audit record holds the selector, not the Pods. A
 * granted one in the Pod's namespace after the Pod's creation and by its deletion may have deleted it: a possible deleter, named in
 * the Pod's timeline and in AF007's facts, never its deleter. Controls: another namespace, refused, before the Pod existed, after
 * its deletion, its outcome not logged.
 */
class PodCollectionDeleteTest {
    private static final String DELETED_RUNNING = Exports.Pod.of().deleted("2026-09-19T16:40:00Z", 0).running("main").running("wait").yaml();
    private static final String ERRORED_WORKFLOW = Exports.workflow("Error", "Error", "pod deleted", "2026-09-19T16:40:02Z", true, null);
    private static final String CAROL = "carol@example.com";
    static final String AT = "2026-09-19T16:39:59.800000Z";

    private static String[] lines() {
        return deletedWhileRunning();
    }

    /**
     * {@code kubectl delete pods -l workflows.argoproj.io/workflow=p -n NAMESPACE} by carol at {@code at}, answered {@code code}: its
     * selector matches the exported Pods here, which carry that label from their creation (session 52: before it, {@code app=etl},
     * which no export here shows, and which now provably does not select them).
     */
    static String collection(String namespace, String at, int code) {
        return "{\"kind\":\"Event\",\"apiVersion\":\"audit.k8s.io/v1\",\"level\":\"Metadata\",\"auditID\":\"dc-" + namespace + "-" + at + "\","
                + "\"stage\":\"ResponseComplete\",\"requestURI\":\"/api/v1/namespaces/" + namespace + "/pods?labelSelector=workflows.argoproj.io%2Fworkflow%3Dp\","
                + "\"verb\":\"deletecollection\",\"user\":{\"username\":\"" + CAROL + "\"},\"objectRef\":{\"resource\":\"pods\",\"namespace\":\""
                + namespace + "\",\"apiVersion\":\"v1\"},\"responseStatus\":{\"code\":" + code + "},\"requestReceivedTimestamp\":\"" + at + "\","
                + "\"stageTimestamp\":\"" + at + "\"}";
    }

    private static Correlation with(String... records) {
        Evidence e = new Evidence().log("c.log", lines()).pod("pod.yaml", DELETED_RUNNING).workflow("wf.yaml", ERRORED_WORKFLOW);
        for (String r : records) {
            e.object("audit.log", r);
        }
        return e.correlate();
    }

    private static PodLifecycle life(Correlation c) {
        return c.lifecycles().values().iterator().next();
    }

    private static String rows(Correlation c) {
        return new TimelineBuilder(c).build(c.podsNamed("ns", "p").get(0)).entries().stream()
                .filter(e -> e.kind().equals("audit:deletecollection")).map(e -> e.text()).reduce("", (a, b) -> a + "\n" + b);
    }

    private static Finding af007(Correlation c) {
        Evaluation e = new PodDeletedDuringExecution().evaluate(c);
        assertEquals(1, e.findings().size(), e.toString());
        return e.findings().get(0);
    }

    @Test
    void aGrantedDeletecollectionInThePodsNamespaceIsAPossibleDeleterNeverItsDeleter() {
        Correlation c = with(collection("ns", AT, 200));
        assertEquals(1, life(c).collectionDeletes().size());
        assertTrue(life(c).deleters().stream().noneMatch(d -> d.audit() != null), life(c).deleters().toString());
        // Session 52: its selector read against the Pod's export (the Workflow's label, set at the Pod's creation): matched, still a
        // possible deleter only (the record names no Pod it deleted).
        String matched = "its selector matched the Pod then: its exports show workflows.argoproj.io/workflow=p (pod.yaml:1)";
        assertTrue(rows(c).contains("deletecollection pods by " + CAROL + " → 200 in namespace ns (labelSelector=workflows.argoproj.io/workflow=p): "
                + "deletes the namespace's Pods its selector matches; it may have deleted this Pod, and " + matched + " (a possible "
                + "deleter, not a known one)"), rows(c));
        Finding f = af007(c);
        assertEquals(null, f.fact("deletedBy").orElseThrow().value());
        assertEquals(CAROL + "'s deletecollection of the Pods of namespace ns at " + AT + " (labelSelector=workflows.argoproj.io/workflow=p): "
                + matched, f.fact("possibleDeleter").orElseThrow().value());
        assertTrue(f.evidence().stream().anyMatch(x -> x.source().toString().equals("audit.log:1")), f.evidence().toString());
        // It claims nothing more: the finding's confidence is the one without it.
        assertEquals(af007(with()).confidence(), f.confidence());
    }

    @Test
    void oneInAnotherNamespaceIsNone() {
        Correlation c = with(collection("other", AT, 200));
        assertEquals(List.of(), life(c).collectionDeletes());
        assertEquals("", rows(c));
        assertTrue(af007(c).fact("possibleDeleter").isEmpty());
    }

    @Test
    void oneRefusedIsNone() {
        Correlation c = with(collection("ns", AT, 403));
        assertEquals(List.of(), life(c).collectionDeletes());
        assertTrue(af007(c).fact("possibleDeleter").isEmpty());
    }

    @Test
    void oneBeforeThePodExistedIsNone() {
        Correlation c = with(collection("ns", "2026-09-19T16:20:00.000000Z", 200));
        assertEquals(List.of(), life(c).collectionDeletes());
        assertEquals("", rows(c));
        assertTrue(af007(c).fact("possibleDeleter").isEmpty());
    }

    @Test
    void oneClearlyAfterThePodsDeletionIsNoDeleter() {
        // Session 51: received clearly after the deletionTimestamp its export shows, it found the Pod already deleted: not in its
        // timeline at all (session 50 showed it there, "not read as this Pod's deleter", on every Pod of the namespace).
        Correlation c = with(collection("ns", "2026-09-19T16:45:00.000000Z", 200));
        assertEquals(List.of(), life(c).collectionDeletes());
        assertTrue(af007(c).fact("possibleDeleter").isEmpty());
        assertEquals("", rows(c));
        // Control: received within two clocks' disagreement of the deletionTimestamp, it may still be the request that set it.
        Correlation near = with(collection("ns", "2026-09-19T16:40:05.000000Z", 200));
        assertEquals(1, life(near).collectionDeletes().size());
        assertTrue(af007(near).fact("possibleDeleter").isPresent());
    }

    @Test
    void oneWhoseOutcomeIsNotLoggedIsShownAndIsNoDeleter() {
        String received = collection("ns", AT, 200).replace("\"stage\":\"ResponseComplete\"", "\"stage\":\"RequestReceived\"")
                .replace("\"responseStatus\":{\"code\":200},", "");
        Correlation c = with(received);
        assertEquals(List.of(), life(c).collectionDeletes());
        assertTrue(rows(c).contains("its outcome is not in the audit log"), rows(c));
        assertFalse(af007(c).fact("possibleDeleter").isPresent());
    }

    @Test
    void aNamedDeleterIsNamedAndTheCollectionIsNot() {
        // Control: the Pod's own delete by name is its deleter; the collection stays in the timeline only.
        Correlation c = with(collection("ns", AT, 200), Exports.audit("delete", "", "dana@example.com", "2026-09-19T16:39:59.900000Z", 200));
        Finding f = af007(c);
        assertEquals("dana@example.com", f.fact("deletedBy").orElseThrow().value());
        assertTrue(f.fact("possibleDeleter").isEmpty());
    }

    /** {@link #collection} with the request URI's query {@code query} instead of its label selector. */
    static String collectionWith(String query) {
        return collection("ns", AT, 200).replace("labelSelector=workflows.argoproj.io%2Fworkflow%3Dp", query);
    }

    @Test
    void s50BreakerAFieldSelectorOnAnotherPodsNameCannotHaveDeletedIt() {
        // metadata.name is immutable: a collection selecting another name by field cannot have deleted this Pod.
        Correlation c = with(collectionWith("fieldSelector=metadata.name%3Dq"));
        assertEquals(List.of(), life(c).collectionDeletes());
        assertTrue(af007(c).fact("possibleDeleter").isEmpty());
        // Control: its own name, or != another's, may have.
        assertEquals(1, life(with(collectionWith("fieldSelector=metadata.name%3Dp"))).collectionDeletes().size());
        assertEquals(1, life(with(collectionWith("fieldSelector=metadata.name!%3Dq"))).collectionDeletes().size());
    }

    @Test
    void s50BreakerAFieldSelectorOnAnotherNodeCannotHaveDeletedAPodBoundElsewhere() {
        // spec.nodeName is set once, by the binding: a Pod exported on one node was never on another (unbound, it matched no node).
        Correlation c = with(collectionWith("fieldSelector=spec.nodeName%3Dip-10-0-99-99.ec2.internal"));
        assertEquals(List.of(), life(c).collectionDeletes());
        assertTrue(af007(c).fact("possibleDeleter").isEmpty());
        // Controls: its own node; an empty node (the collection may predate the binding); != another node (likewise).
        assertEquals(1, life(with(collectionWith("fieldSelector=spec.nodeName%3Dip-10-0-12-34.ec2.internal"))).collectionDeletes().size());
        assertEquals(1, life(with(collectionWith("fieldSelector=spec.nodeName%3D"))).collectionDeletes().size());
        assertEquals(1, life(with(collectionWith("fieldSelector=spec.nodeName!%3Dip-10-0-99-99.ec2.internal"))).collectionDeletes().size());
    }

    @Test
    void s50BreakerALabelSelectorTheExportedPodDoesNotMatchStaysPossible() {
        // Labels change while a Pod lives (the controller sets workflows.argoproj.io/completed): an export without the label does not
        // show the Pod unmatched when the collection ran.
        Correlation c = with(collectionWith("labelSelector=workflows.argoproj.io%2Fcompleted%3Dtrue"));
        assertEquals(1, life(c).collectionDeletes().size());
        assertTrue(af007(c).fact("possibleDeleter").isPresent());
    }

    @Test
    void s50BreakerADeletecollectionOfAnotherResourceIsNone() {
        for (String resource : List.of("workflows", "events", "configmaps")) {
            Correlation c = with(collection("ns", AT, 200).replace("\"resource\":\"pods\"", "\"resource\":\"" + resource + "\"")
                    .replace("/pods?", "/" + resource + "?"));
            assertEquals(List.of(), life(c).collectionDeletes(), resource);
            assertTrue(af007(c).fact("possibleDeleter").isEmpty(), resource);
        }
    }

    private static final String UNDELETED = Exports.Pod.of().running("main").running("wait").yaml();

    /** The Pod's lines, its deleted export, an export of it taken at {@code takenAt} showing no deletion, and the records. */
    private static Correlation withAliveAt(String takenAt, String... records) {
        Evidence e = new Evidence().log("c.log", lines()).pod("pod.yaml", DELETED_RUNNING).workflow("wf.yaml", ERRORED_WORKFLOW)
                .takenAt("alive.yaml", takenAt, UNDELETED);
        for (String r : records) {
            e.object("audit.log", r);
        }
        return e.correlate();
    }

    private static long attached(Correlation c) {
        return c.podsNamed("ns", "p").get(0).auditRecords().stream().filter(a -> a.deletesPodCollection()).count();
    }

    @Test
    void s51AnExportTakenClearlyAfterItShowingThePodUndeletedTakesItOut() {
        // Kubernetes sets the deletionTimestamp of every Pod a collection delete matched: an export of this UID taken after it (by more
        // than the taker's clock and two clocks' disagreement) without one shows the collection did not take it.
        Correlation c = withAliveAt("2026-09-19T16:35:00Z", collection("ns", "2026-09-19T16:30:00.000000Z", 200));
        assertEquals(0, attached(c));
        assertEquals(List.of(), life(c).collectionDeletes());
        assertEquals("", rows(c));
        assertTrue(af007(c).fact("possibleDeleter").isEmpty());
        // Controls: the export taken within what the taker's clock may be off (a minute) and two clocks' disagreement of it; and a
        // collection after the export: each may still have deleted it.
        Correlation near = withAliveAt("2026-09-19T16:31:00Z", collection("ns", "2026-09-19T16:30:00.000000Z", 200));
        assertEquals(1, life(near).collectionDeletes().size());
        Correlation later = withAliveAt("2026-09-19T16:35:00Z", collection("ns", "2026-09-19T16:37:00.000000Z", 200));
        assertEquals(1, life(later).collectionDeletes().size());
        assertTrue(af007(later).fact("possibleDeleter").isPresent());
    }

    /** A granted delete of ns/p by dana at {@code at}, whose response names the UID {@code uid} ("" none: a Metadata-level record). */
    private static String namedDelete(String at, String uid) {
        String r = Exports.audit("delete", "", "dana@example.com", at, 200);
        return uid.isEmpty() ? r : r.replace("\"responseStatus\"", "\"responseObject\":{\"kind\":\"Status\",\"details\":{\"name\":\"p\",\"uid\":\""
                + uid + "\"}},\"responseStatus\"");
    }

    @Test
    void s51ACollectionAfterAGrantedDeleteOfThisUidIsNotItsOwn() {
        // The Pod's export shows no deletion; a granted delete whose response names its UID at 16:35 was its deletion, and a collection
        // received clearly after found it deleted.
        Correlation c = new Evidence().log("c.log", lines()).pod("pod.yaml", UNDELETED).workflow("wf.yaml", ERRORED_WORKFLOW)
                .object("audit.log", namedDelete("2026-09-19T16:35:00.000000Z", "u-1"))
                .object("audit.log", collection("ns", "2026-09-19T16:38:00.000000Z", 200)).correlate();
        assertEquals(0, attached(c));
        assertEquals("", rows(c));
        // Control: the delete's response names another UID (an earlier Pod of the name): it bounds nothing of this Pod's.
        Correlation other = new Evidence().log("c.log", lines()).pod("pod.yaml", UNDELETED).workflow("wf.yaml", ERRORED_WORKFLOW)
                .object("audit.log", namedDelete("2026-09-19T16:35:00.000000Z", "u-0"))
                .object("audit.log", collection("ns", "2026-09-19T16:38:00.000000Z", 200)).correlate();
        assertEquals(1, attached(other));
        // Control: a delete by name alone (no response logged) may be an earlier Pod's of the name: the collection stays in the
        // timeline, where the lifecycle reads it.
        Correlation byName = new Evidence().log("c.log", lines()).pod("pod.yaml", UNDELETED).workflow("wf.yaml", ERRORED_WORKFLOW)
                .object("audit.log", namedDelete("2026-09-19T16:35:00.000000Z", ""))
                .object("audit.log", collection("ns", "2026-09-19T16:38:00.000000Z", 200)).correlate();
        assertEquals(1, attached(byName));
        // Control: a collection received before the delete may have been the first.
        Correlation before = new Evidence().log("c.log", lines()).pod("pod.yaml", UNDELETED).workflow("wf.yaml", ERRORED_WORKFLOW)
                .object("audit.log", namedDelete("2026-09-19T16:35:00.000000Z", "u-1"))
                .object("audit.log", collection("ns", "2026-09-19T16:34:58.000000Z", 200)).correlate();
        assertEquals(1, attached(before));
    }

    /** Pod ns/p-I (UID u-I) created at minute 10*I past 15:00 and deleted (deletionTimestamp, grace 30 s) five minutes later. */
    private static String podOfHour(int i) {
        String created = String.format("2026-09-19T%02d:%02d:00Z", 15 + i / 6, (i % 6) * 10);
        String deleted = String.format("2026-09-19T%02d:%02d:00Z", 15 + i / 6, (i % 6) * 10 + 5);
        return Exports.Pod.of().deleted(deleted, 30).running("main").yaml().replace("name: p\n", "name: p-" + i + "\n")
                .replace("uid: u-1", "uid: u-" + i).replace("creationTimestamp: \"2026-09-19T16:27:10Z\"", "creationTimestamp: \"" + created + "\"")
                .replace("lastTransitionTime: \"2026-09-19T16:27:47Z\"", "lastTransitionTime: \"" + created + "\"");
    }

    @Test
    void s51EachPodIsGivenOnlyTheCollectionsOfItsOwnSpan() {
        // Thirty Pods one after another, each deleted five minutes after its creation, and thirty collections, one two minutes into each
        // Pod's life: each Pod's timeline shows one collection, its own (session 50: every collection after a Pod's creation, 465 rows).
        int n = 30;
        Evidence e = new Evidence().log("c.log", lines());
        for (int i = 0; i < n; i++) {
            e.pod("pod-" + i + ".yaml", podOfHour(i));
            e.object("audit.log", collection("ns", String.format("2026-09-19T%02d:%02d:00.000000Z", 15 + i / 6, (i % 6) * 10 + 2), 200));
        }
        Correlation c = e.correlate();
        TimelineBuilder timelines = new TimelineBuilder(c);
        int rows = 0;
        for (int i = 0; i < n; i++) {
            List<String> own = timelines.build(c.podsNamed("ns", "p-" + i).get(0)).entries().stream()
                    .filter(x -> x.kind().equals("audit:deletecollection")).map(x -> x.text()).toList();
            assertEquals(1, own.size(), "p-" + i + ": " + own);
            rows += own.size();
        }
        assertEquals(n, rows);
    }
}
