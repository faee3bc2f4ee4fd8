package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.nodePhaseChanged;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
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
 * s52 breaker of the deletecollection selectors: request URIs as Go's {@code url.ParseQuery} and the API server read them, where the
 * record's decoded text and the API server's reading part. A collection the API server ran with a selector matching the Pod must never
 * be taken away from it (a true deleter dropped raises AF008 to {@code confirmed}).
 */
class CollectionSelectorBreakerTest {
    private static final String WF = Exports.workflow("Error", "Error", "pod deleted", "2026-09-19T16:40:02Z", true, null);
    private static final String AT = "2026-09-19T16:39:59.800000Z";
    private static final String PLAIN_LABELS = "labels: {workflows.argoproj.io/workflow: p}";

    private static String[] lines() {
        return new String[] {createdPod("2026-09-19T16:27:10.431Z"), podEvent("2026-09-19T16:40:01.100Z", "delete"),
            podMissing("2026-09-19T16:40:02.000Z"), markingError("2026-09-19T16:40:02.000Z"), nodePhaseChanged("2026-09-19T16:40:02.001Z", "Running", "Error")};
    }

    private static String deleted(String labels) {
        String y = Exports.Pod.of().deleted("2026-09-19T16:40:00Z", 0).running("main").running("wait").yaml();
        return labels.isEmpty() ? y : y.replace(PLAIN_LABELS, "labels: {workflows.argoproj.io/workflow: p, " + labels + "}");
    }

    private static String query(String query) {
        String r = PodCollectionDeleteTest.collection("ns", AT, 200);
        String logged = "\"requestURI\":\"/api/v1/namespaces/ns/pods?labelSelector=workflows.argoproj.io%2Fworkflow%3Dp\",";
        assertTrue(r.contains(logged), r);
        return r.replace(logged, "\"requestURI\":\"/api/v1/namespaces/ns/pods?" + query + "\",");
    }

    private static Correlation with(String pod, String... records) {
        Evidence e = new Evidence().log("c.log", lines()).workflow("wf.yaml", WF).pod("pod.yaml", pod);
        CollectionSelectorTest.WRITES_LOGGED.forEach(r -> e.object("audit.log", r));
        for (String r : records) {
            e.object("audit.log", r);
        }
        return e.correlate();
    }

    private static CollectionSelection.Kind kind(Correlation c) {
        PodLifecycle l = c.lifecycles().values().iterator().next();
        assertTrue(l.collectionDeletes().size() <= 1, l.collectionDeletes().toString());
        return l.collectionDeletes().isEmpty() ? CollectionSelection.Kind.EXCLUDED : l.selection(l.collectionDeletes().get(0)).kind();
    }

    @Test
    void severalLabelSelectorParametersTheApiServerReadsTheFirst() {
        // A script appending its own labelSelector after the user's: the API server reads the first (app=etl, which the Pod carries);
        // the second (tier=web, which it does not) selected nothing. Was EXCLUDED: a true deleter dropped.
        assertEquals(CollectionSelection.Kind.MATCHED, kind(with(deleted("app: etl"), query("labelSelector=app%3Detl&labelSelector=tier%3Dweb"))));
        // Control: the first one fails: none of the Pod's.
        assertEquals(CollectionSelection.Kind.EXCLUDED, kind(with(deleted("app: etl"), query("labelSelector=tier%3Dweb&labelSelector=app%3Detl"))));
        // Control: the same for fieldSelector, and a label and a field selector both count.
        assertEquals(CollectionSelection.Kind.MATCHED, kind(with(deleted("app: etl"), query("fieldSelector=metadata.name%3Dp&fieldSelector=metadata.name%3Dq"))));
        assertEquals(CollectionSelection.Kind.EXCLUDED, kind(with(deleted("app: etl"), query("labelSelector=app%3Detl&fieldSelector=metadata.name%3Dq"))));
        // An empty first labelSelector selects every Pod: the second is not read.
        assertEquals(CollectionSelection.Kind.MATCHED, kind(with(deleted(""), query("labelSelector=&labelSelector=app%3Detl"))));
    }

    @Test
    void aPairGoDropsIsNoRequirement() {
        // A malformed escape or a raw ';': Go's url.ParseQuery drops the pair, so the API server selected with no label selector: every
        // Pod. The record keeps it as written; read as a requirement it took the Pod away. Now: not read, possible.
        assertEquals(CollectionSelection.Kind.UNDECIDED, kind(with(deleted(""), query("labelSelector=app%ZZ"))));
        assertEquals(CollectionSelection.Kind.UNDECIDED, kind(with(deleted("app: etl"), query("labelSelector=app%3Detl;tier%3Dweb"))));
        assertEquals(CollectionSelection.Kind.UNDECIDED, kind(with(deleted(""), query("fieldSelector=metadata.name=q%ZZ"))));
        // Control: the same selectors well formed are read.
        assertEquals(CollectionSelection.Kind.EXCLUDED, kind(with(deleted(""), query("labelSelector=app%3Detl"))));
        assertEquals(CollectionSelection.Kind.EXCLUDED, kind(with(deleted(""), query("fieldSelector=metadata.name=q"))));
    }

    @Test
    void anEncodedParameterNameIsTheParameter() {
        // Go decodes the key: label%53elector=app%3Dtier is a labelSelector the Pod fails. It was read as no selector ("every Pod": matched).
        assertEquals(CollectionSelection.Kind.EXCLUDED, kind(with(deleted("app: etl"), query("label%53elector=app%3Dweb"))));
        assertEquals(CollectionSelection.Kind.MATCHED, kind(with(deleted("app: etl"), query("label%53elector=app%3Detl"))));
    }

    @Test
    void spacesPlusAndDoubleEncodingAsTheApiServerReadsThem() {
        // '+' is a space (Go's QueryUnescape): "app in (etl, web)".
        assertEquals(CollectionSelection.Kind.MATCHED, kind(with(deleted("app: web"), query("labelSelector=app+in+(etl,+web)"))));
        assertEquals(CollectionSelection.Kind.EXCLUDED, kind(with(deleted("app: batch"), query("labelSelector=+app+in+(etl,+web)+"))));
        // Double-encoded: the API server decodes once and reads "app%3Detl", no valid label key: it refused it (400), and a granted
        // record of it is misread here: never a requirement that takes the Pod away.
        assertEquals(CollectionSelection.Kind.UNDECIDED, kind(with(deleted(""), query("labelSelector=app%253Detl"))));
        // !key with spaces, set-based with spaces around the commas.
        assertEquals(CollectionSelection.Kind.MATCHED, kind(with(deleted(""), query("labelSelector=%21+app"))));
        assertEquals(CollectionSelection.Kind.MATCHED, kind(with(deleted("app: etl"), query("labelSelector=app+notin+(+web+,+batch+)"))));
        // metadata.namespace of its own namespace matches; another's excludes.
        assertEquals(CollectionSelection.Kind.MATCHED, kind(with(deleted(""), query("fieldSelector=metadata.namespace%3Dns"))));
        assertEquals(CollectionSelection.Kind.EXCLUDED, kind(with(deleted(""), query("fieldSelector=metadata.namespace%3Dother"))));
    }

    @Test
    void aNodeOrPhaseNotPlacedAtTheCollectionExcludesNothing() {
        // spec.nodeName of its node: it was bound there or not yet bound: undecided for = and for != alike, never excluded.
        String bound = deleted("");
        assertTrue(bound.contains("nodeName: ip-10-0-12-34.ec2.internal"), bound);
        assertTrue(kind(with(bound, query("fieldSelector=spec.nodeName%3Dip-10-0-12-34.ec2.internal"))) != CollectionSelection.Kind.EXCLUDED);
        assertTrue(kind(with(bound, query("fieldSelector=spec.nodeName%21%3Dip-10-0-12-34.ec2.internal"))) != CollectionSelection.Kind.EXCLUDED);
        assertTrue(kind(with(bound, query("fieldSelector=spec.nodeName%3D"))) != CollectionSelection.Kind.EXCLUDED);
        assertEquals(CollectionSelection.Kind.EXCLUDED, kind(with(bound, query("fieldSelector=spec.nodeName%3Dip-10-0-99-1.ec2.internal"))));
        // The phase with no export placed clearly after (its latest time within a minute of the collection): not known.
        assertEquals(CollectionSelection.Kind.UNDECIDED, kind(with(deleted(""), query("fieldSelector=status.phase%3DSucceeded"))));
        assertEquals(CollectionSelection.Kind.UNDECIDED, kind(with(deleted(""), query("fieldSelector=status.phase%21%3DRunning"))));
    }
}
