package dev.argoforensics.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.source.PasteShape;
import dev.argoforensics.testing.Notes;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A terminal session pasted whole: several commands one after another, each prompt starting its own command's output, read
 * section by section with the reader of that output's shape, every object citing its own line of the file.
 */
class TerminalSessionTest {
    @TempDir
    Path dir;

    private static final String POD = "tile-render-m9q2d-render-1309992446";

    static String session() {
        return "# taken-at: 2026-11-20T09:12:30Z\n"
                + "$ kubectl get wf -n geo-tiles\n"
                + TabWriter.lay(3, List.of(List.of("NAME", "STATUS", "AGE", "MESSAGE"),
                        List.of("tile-render-m9q2d", "Failed", "12m", "child 'tile-render-m9q2d-1309992446' failed")))
                + "$ kubectl get pods -n geo-tiles\n"
                + "No resources found in geo-tiles namespace.\n"
                + "$ kubectl get events -n geo-tiles\n"
                + TabWriter.lay(3, List.of(List.of("LAST SEEN", "TYPE", "REASON", "OBJECT", "MESSAGE"),
                        List.of("12m", "Normal", "Scheduled", "pod/" + POD, "Successfully assigned geo-tiles/" + POD + " to gke-geo-b-p7m4"),
                        List.of("3m28s", "Warning", "WorkflowNodeError", "workflow/tile-render-m9q2d",
                                "Error node tile-render-m9q2d[0].render: pod deleted")))
                + "$ kubectl top pods -n geo-tiles\n"
                + "error: Metrics API not available\n"
                + "$ argo get tile-render-m9q2d -n geo-tiles\n"
                + "Name:                tile-render-m9q2d\n"
                + "Namespace:           geo-tiles\n"
                + "Status:              Failed\n"
                + "Created:             Fri Nov 20 09:00:05 +0000 (12 minutes ago)\n"
                + "Started:             Fri Nov 20 09:00:05 +0000 (12 minutes ago)\n"
                + "Finished:            Fri Nov 20 09:09:02 +0000 (3 minutes ago)\n"
                + "\n"
                + TabWriter.lay(2, List.of(List.of("STEP", "TEMPLATE", "PODNAME", "DURATION", "MESSAGE"),
                        List.of(" \u2716 tile-render-m9q2d", "main", "", "8m", "child 'tile-render-m9q2d-1309992446' failed"),
                        List.of(" \u2514\u2500\u2500\u2500\u26a0 render", "render", POD, "3m", "pod deleted")))
                + "$ \n";
    }

    private PasteFileReader.Result read(String text) throws IOException {
        return KubectlWorkflowTablesTest.readAsDetected(dir, "session.txt", text);
    }

    @Test
    void eachCommandsOutputIsReadByItsOwnReaderAtItsOwnLines() throws IOException {
        assertEquals(PasteShape.SESSION, PasteShape.detect(List.of(session().split("\n"))));
        PasteFileReader.Result r = read(session());
        assertTrue(r.problems().isEmpty(), r.problems().toString());
        assertEquals("terminal session of several commands (kubectl get workflows table, kubectl get pods table, kubectl get events table, "
                + "argo get output)", r.format());
        List<WorkflowSnapshot> workflows = r.objects().stream().filter(WorkflowSnapshot.class::isInstance).map(WorkflowSnapshot.class::cast)
                .toList();
        assertEquals(2, workflows.size(), workflows.toString());
        assertEquals("session.txt:4", workflows.get(0).source().toString());
        assertEquals("kubectl get workflows table", workflows.get(0).what());
        assertEquals("argo get output", workflows.get(1).what());
        assertEquals("Error", workflows.get(1).node("tile-render-m9q2d-1309992446").orElseThrow().phase());
        List<ClusterEvent> events = r.objects().stream().filter(ClusterEvent.class::isInstance).map(ClusterEvent.class::cast).toList();
        // 12m is cut to the minute: counted, not kept; 3m28s is placed from the stated time, at its own line.
        assertEquals(1, events.size(), events.toString());
        assertEquals("session.txt:10", events.get(0).source().toString());
        assertEquals("2026-11-20T09:09:02Z", events.get(0).last().format());
        assertEquals("2026-11-20T09:12:30Z", r.takenAt().time().format(), "the stated time above the first prompt holds for every command");
        List<String> notes = Notes.words(r.notes());
        // The empty list is kubectl's answer that no Pod of the namespace existed then: a table of no rows holding it.
        assertTrue(notes.contains("`kubectl get pods -n geo-tiles` (line 6) printed no resources: no Pod existed in namespace geo-tiles when "
                + "it ran (an absence: when that was, only a stated time says)"), notes.toString());
        PodTable none = r.objects().stream().filter(PodTable.class::isInstance).map(PodTable.class::cast).findFirst().orElseThrow();
        assertTrue(none.rows().isEmpty());
        assertEquals("geo-tiles", none.namespace());
        assertEquals("session.txt:6", none.notFound().get(0).source().toString());
        assertTrue(none.notFound(PodTable.Resource.POD, "geo-tiles", POD, "").isPresent(), "every Pod of the namespace, as listed then");
        assertTrue(none.notFound(PodTable.Resource.POD, "geo-staging", POD, "").isEmpty(), "another namespace's Pods: nothing");
        assertTrue(none.notFound(PodTable.Resource.WORKFLOW, "geo-tiles", "tile-render-m9q2d", "").isEmpty(), "a Pod list: no Workflow's absence");
        assertTrue(notes.contains("the output of `kubectl top pods -n geo-tiles` (line 11, 1 line(s) after it) is none that this reads: not read"),
                notes.toString());
    }

    @Test
    void severalTablesOfOneShapeStayThatShapesAsBefore() {
        List<String> pods = List.of("$ kubectl get pods -n a", "NAME   READY   STATUS   RESTARTS   AGE", "p-1    0/2     Error    0          5m",
                "$ kubectl get pods -n b", "NAME   READY   STATUS   RESTARTS   AGE", "p-2    0/2     Error    0          5m");
        assertEquals(PasteShape.KUBECTL_PODS, PasteShape.detect(pods));
    }

    @Test
    void aSessionThatQuotesLogLinesIsALogAndOneCommandAloneIsNoSession() {
        String withLogs = session() + "$ kubectl logs -n argo deploy/workflow-controller | grep tile-render-m9q2d\n"
                + "time=\"2026-11-20T09:09:02.513Z\" level=error msg=\"Mark error node\" error=\"pod deleted\" namespace=geo-tiles\n";
        assertNotEquals(PasteShape.SESSION, PasteShape.detect(List.of(withLogs.split("\n"))));
        assertEquals(PasteShape.KUBECTL_WORKFLOWS, PasteShape.detect(List.of("$ kubectl get wf -n geo-tiles", "NAME   STATUS   AGE   MESSAGE",
                "wf-1   Failed   12m   ", "$ ")));
    }
}
