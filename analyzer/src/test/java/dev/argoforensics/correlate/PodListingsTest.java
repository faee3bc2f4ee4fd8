package dev.argoforensics.correlate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.argoforensics.envelope.EnvelopeKind;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.line.Level;
import dev.argoforensics.line.RecordFormat;
import dev.argoforensics.snapshot.ObservationBasis;
import dev.argoforensics.snapshot.ObservedAt;
import dev.argoforensics.snapshot.PodTable;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a pasted table says of a Pod, read through the tables' index (#17): its row, or how many of its Workflow's Pods it lists. */
class PodListingsTest {
    private static final Timestamp FIRST_LINE = Timestamp.parseRfc3339("2026-09-19T10:00:00.000Z", null, false);
    private static final Timestamp PRINTED = Timestamp.parseRfc3339("2026-09-19T10:05:00.000Z", null, false);

    private static PodTable.Row row(String namespace, String name, String status) {
        return new PodTable.Row(new SourceRef("pods.txt", 2), namespace, name, "0/1", status, 0, "", "5m", null, null, "", "");
    }

    private static PodTable table(List<PodTable.Row> rows) {
        return new PodTable(new SourceRef("pods.txt", 1), "", "kubectl get pods -A", new ObservedAt(PRINTED, ObservationBasis.TAKEN_AT_COMMENT, null),
                false, rows, false);
    }

    private static List<LogEvent> firstLine() {
        return List.of(new LogEvent(new SourceRef("c.log", 1), 1, FIRST_LINE, null, EnvelopeKind.NONE, RecordFormat.SLOG_TEXT, Level.INFO, null,
                new ControllerEvent.Unrecognized("Created pod"), "Created pod", 0, 1));
    }

    private static NodeLink link(String workflow) {
        return new NodeLink(new WorkflowRef("argo", workflow), workflow + "-1", workflow + "[0]", LinkBasis.CREATED_POD_LINE, null);
    }

    @Test
    void aListedPodGetsTheLastRowOfItsNameInItsNamespaceOrNone() {
        PodTable t = table(List.of(row("argo", "wf-a-1", "Running"), row("other", "wf-a-1", "Error"), row("", "wf-a-1", "Completed"),
                row("argo", "wf-a-2", "Running")));
        List<PodListing> out = PodListings.of(new PodKey("argo", "wf-a-1"), link("wf-a"), firstLine(), new PodListings.Tables(List.of(t)));
        assertEquals(1, out.size());
        assertEquals("Completed", out.get(0).row().status());
        assertSame(t, out.get(0).table());
    }

    @Test
    void anUnlistedPodCountsOnlyItsWorkflowsRowsInItsNamespace() {
        // wf-a's Pods: wf-a-2 (argo), wf-a-x-3 (no namespace printed). Not wf-ab-1 (another Workflow whose name extends it), not
        // wf-a-4 in another namespace, not wf-a itself (no dash after the name).
        PodTable t = table(List.of(row("argo", "wf-ab-1", "Running"), row("argo", "wf-a-2", "Running"), row("", "wf-a-x-3", "Running"),
                row("other", "wf-a-4", "Running"), row("argo", "wf-a", "Running"), row("argo", "wf-a.5", "Running"), row("argo", "wf-", "Running")));
        List<PodListing> out = PodListings.of(new PodKey("argo", "wf-a-1"), link("wf-a"), firstLine(), new PodListings.Tables(List.of(t)));
        assertEquals(1, out.size());
        assertNull(out.get(0).row());
        assertEquals(2, out.get(0).siblings());
    }

    @Test
    void aTableWithNoneOfItsWorkflowsPodsSaysNothingOfIt() {
        PodTable t = table(List.of(row("argo", "wf-b-1", "Running"), row("other", "wf-a-2", "Running")));
        assertEquals(List.of(), PodListings.of(new PodKey("argo", "wf-a-1"), link("wf-a"), firstLine(), new PodListings.Tables(List.of(t))));
    }
}
