package dev.argoforensics.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Cli;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The swimlane's persisted marker is the lifecycle's fact that the node's result was persisted (the one AF001 clears on), not the
 * first {@code Workflow update successful} after the node appeared: that update stores the node Pending or Running, and a reader
 * of Argo takes "node persisted" for the result stored.
 */
class SwimlaneResultPersistedTest {
    private static final Pattern MARKER = Pattern.compile("<g class=\"marker [^\"]*\" data-marker=\"([a-z-]+)\" data-time=\"([^\"]+)\"");

    @TempDir
    Path out;
    private int rendered;

    /** The node was never persisted with a result (lost `pod deleted`): the early update storing it Running is no marker. */
    @Test
    void aNodeLostBeforeItsResultGetsNoPersistedMarker() throws IOException {
        String s = "samples/pod-deleted-during-execution/";
        List<String> markers = markers(s + "logs", s + "snapshots", s + "events", s + "audit", "--pod", "train-resnet-5c8xw-train-3651266085");
        assertEquals(List.of("deletion-requested 2026-09-27T13:41:40.219772Z", "finalizer-removed 2026-09-27T13:42:45.012Z",
                "error-recorded 2026-09-27T13:42:45.156Z"), markers);
    }

    /** The result persisted before the release (labelPodCompleted queued): the marker is at that line, with the lifecycle's time. */
    @Test
    void aResultPersistedBeforeTheReleaseIsMarkedWhereTheLifecycleShowsIt() throws IOException {
        String s = "samples/persisted-before-removal/";
        Path html = render(s + "logs", s + "snapshots", "--pod", "status-capture-control");
        List<String> markers = markers(html);
        assertTrue(markers.contains("result-persisted 2026-09-19T17:06:13.385Z"), markers.toString());
        assertEquals(1, markers.stream().filter(m -> m.startsWith("result-persisted ")).count(), markers.toString());
        String page = Files.readString(html, StandardCharsets.UTF_8);
        assertTrue(page.contains("result persisted 17:06:13.385Z"), "the marker's label says what it marks");
        assertTrue(!page.contains("node persisted"), "no marker called 'node persisted' is left");
        // The same fact in the entries (every format's timeline), citing the line it rests on.
        assertTrue(page.contains("lifecycle:result-persisted"), "the entry the marker is drawn from");
    }

    /**
     * v4.1.3: the Pod deleted while the controller was down; the restarted controller releases the finalizer at once (the delete
     * handler's {@code removeFinalizer}), then persists the node Succeeded and labels the Pod, still in its informer: the result had
     * been persisted by the labelling ("result persisted by"), no marker before the release.
     */
    private static final String PERSISTED_BY = """
            time=2026-09-19T17:02:10.118Z level=INFO msg="Processing workflow" component=workflow_worker workflow=capture-b7x2q namespace=ci phase="" resourceVersion=921004
            time=2026-09-19T17:02:10.122Z level=INFO msg="updated phase" component=workflow_worker workflow=capture-b7x2q namespace=ci fromPhase="" toPhase=Running
            time=2026-09-19T17:02:10.124Z level=INFO msg="node initialized" component=workflow_worker workflow=capture-b7x2q namespace=ci node=capture-b7x2q phase=Pending message=""
            time=2026-09-19T17:02:10.150Z level=INFO msg="Created pod" component=workflow_worker workflow=capture-b7x2q namespace=ci nodeName=capture-b7x2q nodeID=capture-b7x2q podName=capture-b7x2q
            time=2026-09-19T17:02:10.166Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=capture-b7x2q namespace=ci phase=Running resourceVersion=921009
            time=2026-09-19T17:02:10.170Z level=INFO msg="add pod event" component=pod_controller pod=capture-b7x2q
            time=2026-09-19T17:02:11.702Z level=INFO msg="update pod event" component=pod_controller pod=capture-b7x2q
            time=2026-09-19T17:06:12.961Z level=INFO msg="Starting Workflow Controller" version=v4.1.3 defaultRequeueTime=10s
            time=2026-09-19T17:06:13.101Z level=INFO msg="Current Worker Numbers" podCleanup=4 workflowWorkers=2 workflowTtlWorkers=4 workflowArchive=8 cronWorkflowWorkers=8
            time=2026-09-19T17:06:13.105Z level=INFO msg="add pod event" component=pod_controller pod=capture-b7x2q
            time=2026-09-19T17:06:13.106Z level=INFO msg="Removing finalizers during a delete" component=pod_controller pod.Finalizers=[workflows.argoproj.io/status]
            time=2026-09-19T17:06:13.106Z level=INFO msg="queuing pod delay" component=pod_controller action=removeFinalizer podName=capture-b7x2q namespace=ci delay=-1m26.419550813s podGC="{Strategy: LabelSelector:<nil> DeleteDelayDuration:}"
            time=2026-09-19T17:06:13.107Z level=INFO msg="queueing pod for cleanup" component=pod_controller podName=capture-b7x2q action=removeFinalizer namespace=ci
            time=2026-09-19T17:06:13.108Z level=INFO msg="cleaning up pod" component=pod_controller action=removeFinalizer podName=capture-b7x2q namespace=ci key=ci/capture-b7x2q/removeFinalizer
            time=2026-09-19T17:06:13.109Z level=INFO msg="Processing workflow" component=workflow_worker workflow=capture-b7x2q namespace=ci phase=Running resourceVersion=921026
            time=2026-09-19T17:06:13.113Z level=INFO msg="Task-result reconciliation" component=workflow_worker workflow=capture-b7x2q namespace=ci numObjs=1
            time=2026-09-19T17:06:13.118Z level=INFO msg="updated phase" component=workflow_worker workflow=capture-b7x2q namespace=ci fromPhase=Running toPhase=Succeeded
            time=2026-09-19T17:06:13.119Z level=INFO msg="Marking workflow completed" component=workflow_worker workflow=capture-b7x2q namespace=ci
            time=2026-09-19T17:06:13.384Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=capture-b7x2q namespace=ci phase=Succeeded resourceVersion=921377
            time=2026-09-19T17:06:13.385Z level=INFO msg="queueing pod for cleanup" component=pod_controller namespace=ci podName=capture-b7x2q action=labelPodCompleted
            time=2026-09-19T17:06:13.463Z level=INFO msg="cleaning up pod" component=pod_controller key=ci/capture-b7x2q/labelPodCompleted action=labelPodCompleted namespace=ci podName=capture-b7x2q
            time=2026-09-19T17:06:13.489Z level=INFO msg="delete pod event" component=pod_controller pod=capture-b7x2q
            """;

    /** v3.5.14 (no status finalizer, so no release): the node persisted Succeeded at 08:01:30.050, the Pod labelled at .054. */
    private static final String NO_FINALIZER = """
            time="2026-10-02T08:00:00.000Z" level=info msg="Starting Workflow Controller" defaultRequeueTime=10s version=v3.5.14
            time="2026-10-02T08:00:00.003Z" level=info msg="Current Worker Numbers" cronWorkflowWorkers=8 podCleanup=4 workflowTtlWorkers=4 workflowWorkers=32
            time="2026-10-02T08:01:00.100Z" level=info msg="Processing workflow" Phase= ResourceVersion=1000 namespace=ci workflow=lint-4kq9z
            time="2026-10-02T08:01:00.110Z" level=info msg="Updated phase  -> Running" namespace=ci workflow=lint-4kq9z
            time="2026-10-02T08:01:00.130Z" level=info msg="Pod node lint-4kq9z initialized Pending" namespace=ci workflow=lint-4kq9z
            time="2026-10-02T08:01:00.150Z" level=info msg="Created pod: lint-4kq9z (lint-4kq9z)" namespace=ci workflow=lint-4kq9z
            time="2026-10-02T08:01:00.170Z" level=info msg="Workflow update successful" namespace=ci phase=Running resourceVersion=1004 workflow=lint-4kq9z
            time="2026-10-02T08:01:05.000Z" level=info msg="Processing workflow" Phase=Running ResourceVersion=1004 namespace=ci workflow=lint-4kq9z
            time="2026-10-02T08:01:05.010Z" level=info msg="node changed" namespace=ci new.message= new.phase=Running new.progress=0/1 nodeID=lint-4kq9z old.message= old.phase=Pending old.progress=0/1 workflow=lint-4kq9z
            time="2026-10-02T08:01:05.020Z" level=info msg="Workflow update successful" namespace=ci phase=Running resourceVersion=1011 workflow=lint-4kq9z
            """;

    private static final String NO_FINALIZER_DONE = """
            time="2026-10-02T08:01:30.000Z" level=info msg="Processing workflow" Phase=Running ResourceVersion=1011 namespace=ci workflow=lint-4kq9z
            time="2026-10-02T08:01:30.003Z" level=info msg="Task-result reconciliation" namespace=ci numObjs=1 workflow=lint-4kq9z
            time="2026-10-02T08:01:30.010Z" level=info msg="node changed" namespace=ci new.message= new.phase=Succeeded new.progress=1/1 nodeID=lint-4kq9z old.message= old.phase=Running old.progress=0/1 workflow=lint-4kq9z
            time="2026-10-02T08:01:30.030Z" level=info msg="Updated phase Running -> Succeeded" namespace=ci workflow=lint-4kq9z
            time="2026-10-02T08:01:30.031Z" level=info msg="Marking workflow completed" namespace=ci workflow=lint-4kq9z
            time="2026-10-02T08:01:30.050Z" level=info msg="Workflow update successful" namespace=ci phase=Succeeded resourceVersion=1040 workflow=lint-4kq9z
            time="2026-10-02T08:01:30.054Z" level=info msg="cleaning up pod" action=labelPodCompleted key=ci/lint-4kq9z/labelPodCompleted
            """;

    /** The "result persisted by" branch: a release, nothing persisted before it, the Pod labelled completed after it. */
    @Test
    void aResultPersistedOnlyAfterTheReleaseIsMarkedAtTheLabellingAsPersistedBy() throws IOException {
        Path html = render(logs("by", PERSISTED_BY), "--pod", "capture-b7x2q");
        List<String> markers = markers(html);
        List<String> persisted = markers.stream().filter(m -> m.startsWith("result-persisted ")).toList();
        assertEquals(List.of("result-persisted 2026-09-19T17:06:13.385Z"), persisted, markers.toString());
        String page = Files.readString(html, StandardCharsets.UTF_8);
        assertTrue(page.contains("result persisted by 17:06:13.385Z"), "the marker says the result was persisted by then, not at that time");
        assertTrue(page.contains("lifecycle:result-persisted-by"), "the entry the marker is drawn from");
    }

    /** No status finalizer (v3.5), no release: the marker follows the lifecycle's fact all the same; a Pod still running has none. */
    @Test
    void aPodWithoutAFinalizerReleaseGetsThePersistedMarkerWhereTheLinesShowIt() throws IOException {
        Path html = render(logs("done", NO_FINALIZER + NO_FINALIZER_DONE), "--pod", "lint-4kq9z");
        List<String> markers = markers(html);
        assertEquals(List.of("result-persisted 2026-10-02T08:01:30.054Z"), markers.stream().filter(m -> m.startsWith("result-persisted ")).toList(),
                markers.toString());
        String page = Files.readString(html, StandardCharsets.UTF_8);
        assertTrue(page.contains("result persisted: labelPodCompleted ran at 2026-10-02T08:01:30.054Z"), "the entry, claiming no release");
        assertTrue(!page.contains("before the finalizer"), "no release is claimed");

        // Control: the same Pod while it still runs (the logs end before its node completes): no marker.
        List<String> running = markers(render(logs("running", NO_FINALIZER), "--pod", "lint-4kq9z"));
        assertTrue(running.stream().noneMatch(m -> m.startsWith("result-persisted ")), running.toString());
    }

    private String logs(String name, String text) throws IOException {
        Path dir = Files.createDirectories(out.resolve(name).resolve("logs"));
        Files.writeString(dir.resolve("workflow-controller.log"), text.strip() + "\n", StandardCharsets.UTF_8);
        return dir.toString();
    }

    private List<String> markers(String... args) throws IOException {
        return markers(render(args));
    }

    private Path render(String... args) {
        Path html = out.resolve("t" + (rendered++) + ".html");
        List<String> argv = new ArrayList<>(List.of("timeline"));
        argv.addAll(List.of(args));
        argv.addAll(List.of("--format", "html", "--out", html.toString()));
        Cli run = Cli.run(argv.toArray(String[]::new));
        assertEquals(0, run.exitCode(), run.err());
        return html;
    }

    private static List<String> markers(Path html) throws IOException {
        Matcher m = MARKER.matcher(Files.readString(html, StandardCharsets.UTF_8));
        List<String> found = new ArrayList<>();
        while (m.find()) {
            found.add(m.group(1) + " " + m.group(2));
        }
        return found;
    }
}
