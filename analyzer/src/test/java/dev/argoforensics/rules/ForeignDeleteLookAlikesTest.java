package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.nodePhaseChanged;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Session 46 breaker of s46-foreign's set-apart deletes: look-alikes of "an export of this Pod taken clearly after the delete shows
 * no deletion" and "granted clearly before this Pod's creationTimestamp" where the export is of a LATER Pod of the name. {@code argo
 * retry} deletes a failed node's Pod and the controller creates the node's Pod again under the same name (the node's ID is kept);
 * a {@code kubectl get pod p -o yaml} taken then shows the new Pod, running, with no deletion. A delete granted before that
 * Pod's creation was the earlier Pod's real delete, not another cluster's.
 */
class ForeignDeleteLookAlikesTest {
    private static final String ALICE = "alice@example.com";
    /** This cluster's audit log: alice deletes Pod p (u-1, created 16:27:10) at 16:38:10.512. */
    private static final String REAL_DELETE = Exports.audit("delete", "", ALICE, "2026-09-19T16:38:10.512000Z", 200);
    /** This Pod's own export while its deletion ran (grace 30 s from 16:38:10). */
    private static final String DELETING = Exports.Pod.of().deleted("2026-09-19T16:38:40Z", 30).running("main").running("wait").yaml();
    /** The Pod the controller made again under the name at 16:39:00 (argo retry), exported running at 16:39:40. */
    private static final String LATER = Exports.Pod.of().running("main").running("wait").yaml()
            .replace("creationTimestamp: \"2026-09-19T16:27:10Z\"", "creationTimestamp: \"2026-09-19T16:39:00Z\"");

    private static String[] lines() {
        return new String[] {createdPod("2026-09-19T16:27:10.431Z"), podEvent("2026-09-19T16:38:10.700Z", "delete"),
            podMissing("2026-09-19T16:38:41.000Z"), markingError("2026-09-19T16:38:41.000Z"), nodePhaseChanged("2026-09-19T16:38:41.001Z", "Running", "Error")};
    }

    private static String deleters(Correlation c) {
        return c.lifecycles().values().stream().map(l -> l.key() + " " + l.deleter().map(d -> d.who()).orElse("-") + " "
                + (l.deletion() == null || l.deletion().notAfter() == null ? "-" : l.deletion().notAfter().at().format()))
                .collect(Collectors.joining("; "));
    }

    private static Evidence base() {
        return new Evidence().log("c.log", lines()).pod("pod.yaml", DELETING).object("audit.log", REAL_DELETE);
    }

    /** Control: this Pod's own export and the real delete: alice is the deleter. */
    @Test
    void controlTheRealDeleteIsThePods() {
        Correlation c = base().correlate();
        assertEquals("ns/p u-1 " + ALICE + " 2026-09-19T16:38:10.512000Z", deleters(c).replaceAll("^\\S+ ", "ns/p u-1 "), deleters(c));
    }

    /** The later Pod's export with its own UID (u-2): the earlier Pod's real delete stays its deletion. */
    @Test
    void aLaterPodsExportWithItsUidSetsNothingApart() {
        Correlation c = base().takenAt("pod-now.yaml", "2026-09-19T16:39:40Z", LATER.replace("uid: u-1", "uid: u-2")).correlate();
        assertEquals(true, deleters(c).contains(ALICE + " 2026-09-19T16:38:10.512000Z"), deleters(c));
    }

    /** The later Pod's export pasted without its uid: the earlier Pod's real delete stays its deletion. */
    @Test
    void aLaterPodsExportWithoutUidSetsNothingApart() {
        Correlation c = base().takenAt("pod-now.yaml", "2026-09-19T16:39:40Z", LATER.replace("  uid: u-1\n", "")).correlate();
        assertEquals(true, deleters(c).contains(ALICE + " 2026-09-19T16:38:10.512000Z"), deleters(c));
    }

    /** The later Pod's export without uid and without creationTimestamp (a trimmed paste). */
    @Test
    void aLaterPodsTrimmedExportSetsNothingApart() {
        Correlation c = base().takenAt("pod-now.yaml", "2026-09-19T16:39:40Z",
                LATER.replace("  uid: u-1\n", "").replace("  creationTimestamp: \"2026-09-19T16:39:00Z\"\n", "")).correlate();
        assertEquals(true, deleters(c).contains(ALICE + " 2026-09-19T16:38:10.512000Z"), deleters(c));
    }

    /**
     * Only the later Pod's export (u-2, created 16:39:00, running at 16:39:40) beside the earlier Pod's lines and alice's delete: the
     * export's creationTimestamp and its undeleted status are the later Pod's, and say nothing of the delete of the earlier one.
     */
    @Test
    void onlyALaterPodsExportSetsNothingApart() {
        Correlation c = new Evidence().log("c.log", lines()).object("audit.log", REAL_DELETE)
                .takenAt("pod-now.yaml", "2026-09-19T16:39:40Z", LATER.replace("uid: u-1", "uid: u-2")).correlate();
        assertEquals(true, deleters(c).contains(ALICE + " 2026-09-19T16:38:10.512000Z"), deleters(c));
    }

    /**
     * Control: the same with the controller's Created pod line of the later Pod (argo retry made the node's Pod again at 16:39:00).
     * The lifecycle is then the later Pod's (its lines from its own Created pod), and alice's delete, granted before that Pod was
     * created, is rightly not its deletion: the guard on earlier lines leaves this set-apart alone.
     */
    @Test
    void aLaterPodsOwnLifecycleIsNotDeletedByTheEarlierDelete() {
        String[] both = java.util.Arrays.copyOf(lines(), lines().length + 1);
        both[both.length - 1] = createdPod("2026-09-19T16:39:00.120Z");
        Correlation c = new Evidence().log("c.log", both).object("audit.log", REAL_DELETE)
                .takenAt("pod-now.yaml", "2026-09-19T16:39:40Z", LATER.replace("uid: u-1", "uid: u-2")).correlate();
        assertEquals("ns/p - -", deleters(c));
    }
}
