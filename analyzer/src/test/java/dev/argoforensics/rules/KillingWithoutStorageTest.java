package dev.argoforensics.rules;

import static dev.argoforensics.rules.NodeClockBoundBreakerTest.kubeletEvent;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.snapshot.ClusterEvent;
import dev.argoforensics.snapshot.ExportedObject;
import dev.argoforensics.snapshot.PasteFileReader;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.source.PasteShape;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import dev.argoforensics.wording.Message;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 61 (s61-killing): a kubelet's Killing of main with no {@code metadata.creationTimestamp} is a node-clock record with no
 * API-server stamp: an Event trimmed of its metadata ({@code kubectl-neat}, a hand-cut paste), a row of a {@code kubectl get events}
 * table, a line of a {@code kubectl describe pod} Events section (the last two dated by a stated clock less an age). Nothing then
 * bounds when the kill began on the request's clock, so it never upgrades a reading the node's clock caps, and never confirms alone.
 * The Pod {@code ns/p} (created 16:27:10 on ip-10-0-12-34, its start's Event stamped and stored 16:27:14), dana's delete at 16:39:55
 * (audit; grace 30 s, deletionTimestamp 16:40:25), main's exit 0 at 16:40:20 read through its start's bound thirteen minutes before:
 * likely (session 59); the kill stamped 16:39:56.
 */
class KillingWithoutStorageTest {
    private static final String NODE = "ip-10-0-12-34.ec2.internal";
    private static final String STARTED = kubeletEvent("Started", "2026-09-19T16:27:14Z", "2026-09-19T16:27:14Z");
    private static final String WF = Exports.workflow("Error", "Error", "pod deleted", "2026-09-19T16:40:02Z", true, null);

    @TempDir
    Path dir;

    private static String deletedPod() {
        return Exports.Pod.of().phase("Succeeded").deleted("2026-09-19T16:40:25Z", 30).terminated("main", 0, "Completed", "2026-09-19T16:40:20Z")
                .terminated("wait", 0, "Completed", "2026-09-19T16:40:21Z").yaml();
    }

    /** The Pod's evidence: the controller's lines, its Workflow, dana's delete, its start's Event and {@code pod} (null: no export). */
    private static Evidence evidence(String pod) {
        Evidence e = new Evidence().log("c.log", dev.argoforensics.testing.V4.deletedWhileRunning()).workflow("wf.yaml", WF)
                .object("audit.log", Exports.podCreateAudit("2026-09-19T16:27:10.420000Z"))
                .object("audit.log", Exports.audit("delete", "", "dana@example.com", "2026-09-19T16:39:55.000000Z", 200))
                .object("started.yaml", STARTED);
        return pod == null ? e : e.pod("pod.yaml", pod);
    }

    private static String killing(String created) {
        Exports.Event e = Exports.Event.of("Killing", "2026-09-19T16:39:56Z").pod("ns", "p", "u-1").named("p.killing")
                .plainMessage("Stopping container main").from("kubelet", NODE);
        return (created == null ? e : e.storedAt(created)).yaml();
    }

    /** No finding of AF007 is confirmed (a stated clock's reading may leave none at all: it is weak, and weighed against the rest). */
    private static void notConfirmed(Correlation c) {
        for (Finding f : new PodDeletedDuringExecution().evaluate(c).findings()) {
            assertNotEquals(Confidence.CONFIRMED, f.confidence(), f.confidenceReason());
        }
    }

    private static Finding only(Correlation c) {
        List<Finding> f = new PodDeletedDuringExecution().evaluate(c).findings();
        assertEquals(1, f.size(), f.toString());
        return f.get(0);
    }

    /** A kubectl get events table taken at 16:40:26 (its # taken-at), the Killing row's LAST SEEN 30s: 16:39:56 on that clock. */
    private ClusterEvent tableRow() throws Exception {
        Path file = dir.resolve("events.txt");
        Files.write(file, List.of("# taken-at: 2026-09-19T16:40:26Z", "$ kubectl get events -n ns -o wide",
                "LAST SEEN   TYPE     REASON    OBJECT   SUBOBJECT               SOURCE                               MESSAGE",
                "30s         Normal   Killing   pod/p    spec.containers{main}   kubelet, " + NODE + "   Stopping container main"));
        List<ExportedObject> table = new PasteFileReader().read(new InputFile("events.txt", file, InputKind.SNAPSHOT, false,
                PasteShape.KUBECTL_EVENTS.label()), PasteShape.KUBECTL_EVENTS, null, null, Message.NOTHING).objects();
        assertEquals(1, table.size(), table.toString());
        ClusterEvent e = (ClusterEvent) table.get(0);
        assertTrue(e.statedClock());
        assertNull(e.created());
        return e;
    }

    /** Control: as {@code kubectl get events -o yaml} prints it, stored within its stamp's second after the request: confirmed. */
    @Test
    void aKillingStoredInItsSecondAfterTheRequestConfirms() {
        Finding f = only(evidence(deletedPod()).object("killing.yaml", killing("2026-09-19T16:39:56Z")).correlate());
        assertEquals(Confidence.CONFIRMED, f.confidence(), f.confidenceReason());
        Finding alone = only(evidence(null).object("killing.yaml", killing("2026-09-19T16:39:56Z")).correlate());
        assertEquals(Confidence.CONFIRMED, alone.confidence(), alone.confidenceReason());
    }

    /**
     * The same Event trimmed of its creationTimestamp: before, read on its stamp as a prompt post, it made the far bounds' likely
     * confirmed, and confirmed alone; nothing places that stamp on the API server's clock (a node 30 s ahead stamps a kill of its own
     * 29 s before the request 16:39:56).
     */
    @Test
    void aTrimmedKillingUpgradesNothing() {
        Finding f = only(evidence(deletedPod()).object("killing.yaml", killing(null)).correlate());
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
        Finding alone = only(evidence(null).object("killing.yaml", killing(null)).correlate());
        assertNotEquals(Confidence.CONFIRMED, alone.confidence(), alone.confidenceReason());
    }

    /** A kubectl get events row (its age on the clock of whoever took the table): no upgrade, never confirmed. */
    @Test
    void aTableRowsKillingUpgradesNothing() throws Exception {
        notConfirmed(evidence(deletedPod()).exported(tableRow()).correlate());
        notConfirmed(evidence(null).exported(tableRow()).correlate());
    }

    /**
     * A kubectl describe pod Events line ({@code Normal  Killing  30s  kubelet  Stopping container main}), read as the describe reader
     * builds it (stated clock, no creation, the Pod's own name): no upgrade, never confirmed.
     */
    @Test
    void aDescribedKillingUpgradesNothing() throws Exception {
        ClusterEvent row = tableRow();
        ClusterEvent described = new ClusterEvent(row.source(), row.apiKind(), "ns", "", "Killing", "Normal", "Stopping container main",
                row.regarding(), "kubelet", "", 1, row.first(), row.last(), java.util.Map.of(), true, row.ageWindowNanos());
        notConfirmed(evidence(deletedPod()).exported(described).correlate());
        notConfirmed(evidence(null).exported(described).correlate());
    }
}
