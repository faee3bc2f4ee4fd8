package dev.argoforensics.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
        // 12m is cut to the minute: kept from the start of its minute, minute-dated (timeline only, session 45); 3m28s is placed
        // from the stated time, at its own line.
        assertEquals(2, events.size(), events.toString());
        assertEquals("session.txt:9", events.get(0).source().toString());
        assertTrue(events.get(0).minuteDated(), events.get(0).toString());
        assertEquals("2026-11-20T08:59:30Z", events.get(0).first().format());
        assertEquals("session.txt:10", events.get(1).source().toString());
        assertFalse(events.get(1).minuteDated(), events.get(1).toString());
        assertEquals("2026-11-20T09:09:02Z", events.get(1).last().format());
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

    /** {@code kubectl describe pod} after a {@code kubectl get wf}, main's Args a script whose comment reads like a prompt. */
    private static String describeSession(String margin, String scriptComment) {
        String text = "$ kubectl get wf -n ml-batch\n"
                + TabWriter.lay(3, List.of(List.of("NAME", "STATUS", "AGE", "MESSAGE"), List.of("nightly-etl-q7w2x", "Running", "3m", "")))
                + "$ kubectl describe pod nightly-etl-q7w2x-extract-4152753427 -n ml-batch\n"
                + "Name:             nightly-etl-q7w2x-extract-4152753427\n"
                + "Namespace:        ml-batch\n"
                + "Node:             ip-10-42-7-19.eu-west-1.compute.internal/10.42.7.19\n"
                + "Start Time:       Sat, 07 Nov 2026 08:10:02 +0000\n"
                + "Labels:           workflows.argoproj.io/workflow=nightly-etl-q7w2x\n"
                + "Annotations:      workflows.argoproj.io/node-id: nightly-etl-q7w2x-4152753427\n"
                + "Status:           Succeeded\n"
                + "Controlled By:  Workflow/nightly-etl-q7w2x\n"
                + "Containers:\n"
                + "  wait:\n"
                + "    Container ID:  containerd://8a2e\n"
                + "    Image:         quay.io/argoproj/argoexec:v3.7.9\n"
                + "    State:          Terminated\n"
                + "      Reason:       Completed\n"
                + "      Exit Code:    0\n"
                + "      Started:      Sat, 07 Nov 2026 08:10:05 +0000\n"
                + "      Finished:     Sat, 07 Nov 2026 08:12:39 +0000\n"
                + "  main:\n"
                + "    Container ID:  containerd://c3e5\n"
                + "    Image:         registry.internal.example/etl/extract:2026.11.1\n"
                + "    Command:\n"
                + "      sh\n"
                + "      -c\n"
                + "    Args:\n"
                + "      set -e\n"
                + scriptComment
                + "      python -m extract\n"
                + "    State:          Terminated\n"
                + "      Reason:       Completed\n"
                + "      Exit Code:    0\n"
                + "      Started:      Sat, 07 Nov 2026 08:10:05 +0000\n"
                + "      Finished:     Sat, 07 Nov 2026 08:12:38 +0000\n"
                + "Conditions:\n"
                + "  Type              Status\n"
                + "  Ready             False \n";
        return text.lines().map(l -> margin + l).collect(java.util.stream.Collectors.joining("\n", "", "\n"));
    }

    private static ContainerState container(PasteFileReader.Result r, String name) {
        return r.objects().stream().filter(PodSnapshot.class::isInstance).map(PodSnapshot.class::cast).findFirst().orElseThrow()
                .containers().stream().filter(c -> c.name().equals(name)).findFirst().orElse(null);
    }

    /**
     * A line deeper than the paste's margin is inside a command's output, never a prompt: {@code # kubectl …} or {@code $ argo …}
     * in a script (describe's Args) cut the describe output there, and main's state after it went unread (AF002 was lost on such
     * a paste). Negative controls: the same session without the comment; every line indented alike (a Markdown code block), the
     * prompts still split it.
     */
    @Test
    void aPromptLikeLineInsideACommandsOutputEndsNothing() throws IOException {
        for (String comment : List.of("", "      # kubectl is not in this image: the step reads its input from the artifact\n",
                "      $ argo submit is how the backfill runs it\n")) {
            String text = describeSession("", comment);
            assertEquals(PasteShape.SESSION, PasteShape.detect(List.of(text.split("\n"))), text);
            PasteFileReader.Result r = read(text);
            assertEquals("terminal session of several commands (kubectl get workflows table, kubectl describe pod output)", r.format());
            ContainerState main = container(r, "main");
            assertTrue(main != null && main.terminated() && main.exitCode() == 0, comment + r.objects());
            assertEquals(0, container(r, "wait").exitCode());
            assertTrue(Notes.words(r.notes()).stream().noneMatch(n -> n.contains("is none that this reads")), r.notes().toString());
            for (String margin : List.of("", "    ")) {
                List<PasteShape.Section> sections = PasteShape.sections(List.of(describeSession(margin, comment).split("\n")));
                assertEquals(List.of("kubectl get wf -n ml-batch", "kubectl describe pod nightly-etl-q7w2x-extract-4152753427 -n ml-batch"),
                        sections.stream().map(PasteShape.Section::command).toList(), margin + comment);
            }
        }
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
