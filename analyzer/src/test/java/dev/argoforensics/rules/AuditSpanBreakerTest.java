package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.deletedWhileRunning;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import org.junit.jupiter.api.Test;

/**
 * Session 51 breaker of the Pod deletecollection span ({@code PodRecords.CollectionSpan}): the "shown undeleted after" bound must come
 * from an export of this Pod, never from a later Pod of the name an export without a UID shows.
 */
class AuditSpanBreakerTest {
    private static final String ERRORED_WORKFLOW = Exports.workflow("Error", "Error", "pod deleted", "2026-09-19T16:40:02Z", true, null);
    private static final String UNDELETED = Exports.Pod.of().running("main").running("wait").yaml();
    private static final String AT = "2026-09-19T16:39:59.800000Z";

    private static String[] lines() {
        return deletedWhileRunning();
    }

    /** A later Pod of the name p (the Workflow deleted and submitted again), created at 16:50, exported without its UID. */
    private static String laterPodWithoutUid(boolean withUid) {
        String y = UNDELETED.replace("creationTimestamp: \"2026-09-19T16:27:10Z\"", "creationTimestamp: \"2026-09-19T16:50:00Z\"")
                .replace("2026-09-19T16:27:47Z", "2026-09-19T16:50:05Z").replace("2026-09-19T16:27:14Z", "2026-09-19T16:50:04Z");
        return withUid ? y.replace("uid: u-1", "uid: u-2") : y.replace("  uid: u-1\n", "");
    }

    private static long attached(Correlation c) {
        return attached(c, "u-1");
    }

    private static long attached(Correlation c, String uid) {
        return c.podsNamed("ns", "p").stream().filter(p -> uid.equals(p.key().uid())).findFirst().orElseThrow().auditRecords().stream()
                .filter(a -> a.deletesPodCollection()).count();
    }

    private static Evidence base() {
        return new Evidence().log("c.log", lines()).takenAt("pod.yaml", "2026-09-19T16:30:00Z", UNDELETED).workflow("wf.yaml", ERRORED_WORKFLOW)
                .object("audit.log", PodCollectionDeleteTest.collection("ns", AT, 200));
    }

    @Test
    void aLaterPodOfTheNameExportedWithoutItsUidDoesNotShowThisOneUndeleted() {
        // Control: without the later Pod's export, the collection at 16:39:59 (after the 16:30 export, before the deletion) may be
        // u-1's deleter.
        assertEquals(1, attached(base().correlate()));
        // A UID-less export of a Pod created at 16:50 is given to u-1 by name (the only UID known for it); it shows a Pod undeleted
        // at 16:55, but not u-1: it must not take u-1's possible deleter away.
        assertEquals(1, attached(base().takenAt("later.yaml", "2026-09-19T16:55:00Z", laterPodWithoutUid(false)).correlate()));
        // Control: with its UID it is another Pod's export, and u-1 keeps the collection.
        assertEquals(1, attached(base().takenAt("later.yaml", "2026-09-19T16:55:00Z", laterPodWithoutUid(true)).correlate()));
        // Control: u-1's own export taken at 16:45 without a deletion does take it out.
        assertEquals(0, attached(base().takenAt("alive.yaml", "2026-09-19T16:45:00Z", UNDELETED).correlate()));
        // Control: u-1's own export without its UID (its creationTimestamp is u-1's) likewise.
        assertEquals(0, attached(base().takenAt("alive.yaml", "2026-09-19T16:45:00Z", UNDELETED.replace("  uid: u-1\n", "")).correlate()));
    }

    @Test
    void anEarlierPodOfTheNameDeletedAndExportedWithoutItsUidDoesNotEndThisOnesSpan() {
        // u-2, created at 16:50, exported with its UID undeleted at 16:52; an export of the earlier Pod p (created 16:27, deleted 16:40)
        // without its UID is given to u-2 by name. Its deletionTimestamp is not u-2's deletion: the collection at 16:58 may be u-2's
        // deleter.
        String earlierDeleted = Exports.Pod.of().deleted("2026-09-19T16:40:00Z", 0).running("main").yaml().replace("  uid: u-1\n", "");
        String collection = PodCollectionDeleteTest.collection("ns", "2026-09-19T16:58:00.000000Z", 200);
        Evidence e = new Evidence().takenAt("p2.yaml", "2026-09-19T16:52:00Z", laterPodWithoutUid(true)).object("audit.log", collection);
        assertEquals(1, attached(e.correlate(), "u-2"));
        assertEquals(1, attached(new Evidence().takenAt("p2.yaml", "2026-09-19T16:52:00Z", laterPodWithoutUid(true))
                .pod("earlier.yaml", earlierDeleted).object("audit.log", collection).correlate(), "u-2"));
        // Control: u-2's own deletion (its export, UID-less but of its creation) ends its span: the collection after it is none.
        String ownDeleted = laterPodWithoutUid(false).replace("  creationTimestamp: \"2026-09-19T16:50:00Z\"\n",
                "  creationTimestamp: \"2026-09-19T16:50:00Z\"\n  deletionTimestamp: \"2026-09-19T16:54:00Z\"\n  deletionGracePeriodSeconds: 0\n");
        assertEquals(0, attached(new Evidence().takenAt("p2.yaml", "2026-09-19T16:52:00Z", laterPodWithoutUid(true))
                .pod("own.yaml", ownDeleted).object("audit.log", collection).correlate(), "u-2"));
    }

    /**
     * Clocks: a container's startedAt is the node's clock (the kubelet's), not the API server's. A node 30 s fast shows a container
     * restarted at 16:39:20 as started at 16:39:50; an export taken at 16:39:22 then reads "taken no earlier than 16:39:50", and the
     * collection at 16:39:25 that did delete the Pod must stay a possible deleter.
     */
    @Test
    void aNodeClockAheadDoesNotShowThePodUndeletedAfterItsCollection() {
        String restarted = UNDELETED.replace("2026-09-19T16:27:14Z", "2026-09-19T16:39:50Z");
        Correlation c = new Evidence().log("c.log", lines()).pod("pod.yaml", restarted).workflow("wf.yaml", ERRORED_WORKFLOW)
                .object("audit.log", PodCollectionDeleteTest.collection("ns", "2026-09-19T16:39:25.000000Z", 200)).correlate();
        assertEquals(1, attached(c));
    }
}
