package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.nodePhaseChanged;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import org.junit.jupiter.api.Test;

/**
 * Session 51: AF001 and AF002 on a Pod whose deleter no record names, where a deletecollection of its namespace's Pods may have
 * deleted it, say so in their account: a possible deleter, with what its record lacks. A known deleter is told as before and the
 * collection is not; none possible, nothing is said. The confidence is the one without the collection.
 */
class PossibleDeleterWordsTest {
    private static final String SUCCEEDED_POD = Exports.Pod.of().phase("Succeeded").deleted("2026-09-19T16:31:04Z", 0)
            .terminated("main", 0, "Completed", "2026-09-19T16:27:44Z").terminated("wait", 0, "Completed", "2026-09-19T16:27:44Z").yaml();
    private static final String SENTENCE = "No record names who deleted the Pod; the audit log records a deletecollection of the Pods of namespace ns "
            + "by carol@example.com at 2026-09-19T16:31:03.500000Z (labelSelector=workflows.argoproj.io/workflow=p) that may have deleted it: a "
            + "possible deleter, not a known one, as the record names no Pod it deleted (its selector matched the Pod then: its exports show "
            + "workflows.argoproj.io/workflow=p (pod.yaml:1)). ";

    private static Correlation with(String... records) {
        Evidence e = new Evidence().pod("pod.yaml", SUCCEEDED_POD)
                .log("1.log", createdPod("2026-09-19T16:27:10.431Z"))
                .log("2.log", podEvent("2026-09-19T16:31:11.256Z", "add"), removingFinalizers("2026-09-19T16:31:11.257Z"),
                        queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s"),
                        cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"))
                .log("3.log", podMissing("2026-09-19T16:33:02.246Z"), markingError("2026-09-19T16:33:02.246Z"),
                        nodePhaseChanged("2026-09-19T16:33:02.247Z", "Running", "Error"));
        for (String r : records) {
            e.object("audit.log", r);
        }
        return e.correlate();
    }

    private static String collection(String at, int code) {
        return PodCollectionDeleteTest.collection("ns", at, code);
    }

    private static Finding af002(Correlation c) {
        Evaluation e = new SuccessReportedAsError().evaluate(c);
        assertEquals(1, e.findings().size(), e.toString());
        return e.findings().get(0);
    }

    private static Finding af001(Correlation c) {
        Evaluation e = new PrematureFinalizerRemoval().evaluate(c);
        assertEquals(1, e.findings().size(), e.toString());
        return e.findings().get(0);
    }

    @Test
    void aPossibleCollectionDeleterIsNamedInBothAccountsAndChangesNoConfidence() {
        Correlation c = with(collection("2026-09-19T16:31:03.500000Z", 200));
        Correlation none = with();
        // The same audit log with the collection refused: what the confidence would be without a possible deleter.
        Correlation refused = with(collection("2026-09-19T16:31:03.500000Z", 403));
        assertTrue(af002(c).explanation().contains(SENTENCE), af002(c).explanation());
        assertTrue(af001(c).explanation().contains(SENTENCE), af001(c).explanation());
        assertEquals(af002(refused).confidence(), af002(c).confidence());
        assertEquals(af001(refused).confidence(), af001(c).confidence());
        // Control: none possible, nothing said.
        assertFalse(af002(none).explanation().contains("deletecollection"), af002(none).explanation());
        assertFalse(af001(none).explanation().contains("deletecollection"), af001(none).explanation());
    }

    @Test
    void aRefusedOrALaterCollectionIsNotNamed() {
        // Refused: it deleted nothing. Received clearly after the Pod's deletionTimestamp: it found the Pod deleted.
        for (Correlation c : new Correlation[] {with(collection("2026-09-19T16:31:03.500000Z", 403)), with(collection("2026-09-19T16:32:00.000000Z", 200))}) {
            assertFalse(af002(c).explanation().contains("deletecollection"), af002(c).explanation());
            assertFalse(af001(c).explanation().contains("deletecollection"), af001(c).explanation());
        }
    }

    @Test
    void aKnownDeleterIsToldAndTheCollectionIsNot() {
        Correlation c = with(collection("2026-09-19T16:31:03.500000Z", 200),
                Exports.audit("delete", "", "alice@example.com", "2026-09-19T16:31:03.900000Z", 200));
        assertTrue(af002(c).explanation().contains("The records name who removed it: "), af002(c).explanation());
        assertFalse(af002(c).explanation().contains("No record names who deleted the Pod"), af002(c).explanation());
        assertFalse(af001(c).explanation().contains("No record names who deleted the Pod"), af001(c).explanation());
    }

    @Test
    void laterPossibleOnesAreCounted() {
        Correlation c = with(collection("2026-09-19T16:31:03.500000Z", 200), collection("2026-09-19T16:31:03.700000Z", 200));
        assertTrue(af002(c).explanation().contains(", and 1 more such in the span in which the Pod can have been deleted. "), af002(c).explanation());
    }
}
