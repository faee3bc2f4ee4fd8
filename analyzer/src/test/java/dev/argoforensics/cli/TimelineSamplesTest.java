package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.testing.Cli;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The timelines of issue #4's "Done when": the all-sources sample shows every source, in order, with
 * concurrency where precision is too coarse; the #17024 sample shows the facts of the upstream report,
 * each linked to its line or object.
 */
class TimelineSamplesTest {
    private static final String ALL = "samples/timeline-all-sources";
    private static final String POD = "nightly-etl-7x2kq-extract-902415131";

    private static List<JsonNode> entries(String... args) throws Exception {
        Cli run = Cli.run(args);
        assertEquals(0, run.exitCode(), run.err());
        List<JsonNode> out = new ArrayList<>();
        new ObjectMapper().readTree(run.out()).get("timelines").get(0).get("entries").forEach(out::add);
        return out;
    }

    private static List<JsonNode> allSources() throws Exception {
        return entries("timeline", "--pod", POD, "--format", "json", ALL + "/logs", ALL + "/snapshots", ALL + "/events", ALL + "/audit");
    }

    /** The index of the first entry of this kind whose text contains the words, failing if there is none. */
    private static int find(List<JsonNode> entries, String kind, String words) {
        for (int i = 0; i < entries.size(); i++) {
            JsonNode e = entries.get(i);
            if (e.get("kind").asText().equals(kind) && e.get("text").asText().contains(words)) {
                return i;
            }
        }
        throw new AssertionError("no " + kind + " entry with \"" + words + "\"");
    }

    private static int findLast(List<JsonNode> entries, String kind, String words) {
        int last = -1;
        for (int i = find(entries, kind, words); i < entries.size(); i++) {
            JsonNode e = entries.get(i);
            if (e.get("kind").asText().equals(kind) && e.get("text").asText().contains(words)) {
                last = i;
            }
        }
        return last;
    }

    private static String at(List<JsonNode> entries, int i) {
        JsonNode e = entries.get(i);
        return e.get("time").asText() + " " + e.get("source").asText() + ":" + e.get("line").asLong();
    }

    @Test
    void everySourceAppears() throws Exception {
        Set<String> families = new LinkedHashSet<>();
        Set<String> files = new LinkedHashSet<>();
        for (JsonNode e : allSources()) {
            families.add(e.get("kind").asText().replaceFirst(":.*", ""));
            files.add(e.get("source").asText().replaceFirst("^" + ALL + "/", ""));
        }
        assertEquals(Set.of("log", "pod", "node", "taskresult", "event", "audit", "finalizer", "check", "lifecycle"), families);
        assertEquals(Set.of("logs/workflow-controller-7d9c5b8f6-qk2xw.log", "logs/workflow-controller-7d9c5b8f6-m4t8z.log",
                "snapshots/pod-before-drain.yaml", "snapshots/pod-watch.yaml", "snapshots/taskresults.yaml", "snapshots/workflow-argo-get.yaml",
                "events/data-pipelines.yaml", "events/nodes.yaml", "audit/kube-apiserver-audit.log"), files);
    }

    @Test
    void theIncidentInOrder() throws Exception {
        List<JsonNode> e = allSources();
        int[] order = {
            find(e, "audit:create", "create pods/" + POD + " by system:serviceaccount:argo:argo-workflow-controller → 201"),
            find(e, "log:created-pod-v4", "msg=\"Created pod\""),
            find(e, "event:Scheduled", "Successfully assigned data-pipelines/" + POD),
            find(e, "taskresult:created", "task result nightly-etl-7x2kq-902415131 created"),
            find(e, "event:WorkflowNodeRunning", "Running node nightly-etl-7x2kq[0].extract"),
            find(e, "pod:container-finished", "container main terminated: exit code 0"),
            find(e, "audit:patch", "patch workflowtaskresults/nightly-etl-7x2kq-902415131 by system:serviceaccount:data-pipelines:workflow-runner"),
            find(e, "pod:condition", "PodReadyToStartContainers=False (latest condition transition)"),
            find(e, "check:removal-deadline", "= 2026-10-02T09:17:13Z"),
            find(e, "pod:exported", "taken at this time (the file's # taken-at comment)"),
            find(e, "taskresult:exported", "report-outputs-completed=true, output parameters [rows-extracted]"),
            find(e, "event:ScaleDown", "marked the node as toBeDeleted/unschedulable"),
            find(e, "event:ScaleDown", "deleting pod for node scale down"),
            find(e, "audit:create", "eviction by system:serviceaccount:kube-system:cluster-autoscaler → 201"),
            find(e, "log:starting-workflow-controller", "Starting Workflow Controller"),
            find(e, "log:cleaning-up-pod", "action=removeFinalizer"),
            find(e, "finalizer:removed", "the Pod was being deleted (pod event handler, delay=-4m52.291517203s)"),
            find(e, "audit:patch", "by system:serviceaccount:argo:argo-workflow-controller → 200: removes the status-capture finalizer"),
            find(e, "log:delete-pod-event", "delete pod event"),
            find(e, "event:WorkflowNodeError", "Error node nightly-etl-7x2kq[0].extract: pod deleted"),
            find(e, "log:marking-node-as-error-v4", "error=\"pod deleted\""),
            findLast(e, "audit:update", "update workflows/nightly-etl-7x2kq"),
        };
        for (int i = 1; i < order.length; i++) {
            assertTrue(order[i - 1] < order[i], at(e, order[i - 1]) + " should come before " + at(e, order[i]));
        }
        // The ResponseComplete record of the finalizer patch (line 10), dated, as every request is, by its receipt.
        assertEquals("2026-10-02T09:22:05.403112Z audit/kube-apiserver-audit.log:10", at(e, order[17]).replace(ALL + "/", ""),
                "the ResponseComplete stage of the finalizer patch, not its RequestReceived line");
    }

    @Test
    void entriesTooCloseToOrderAreConcurrent() throws Exception {
        List<JsonNode> e = allSources();
        int scaleDown = find(e, "event:ScaleDown", "deleting pod for node scale down");
        int eviction = find(e, "audit:create", "eviction");
        assertEquals("second", e.get(scaleDown).get("precision").asText());
        assertEquals("microsecond", e.get(eviction).get("precision").asText());
        assertTrue(e.get(eviction).get("concurrent").asBoolean(), "09:21:40.118204 lies inside the event's second 09:21:40");
        int workflowUpdate = find(e, "audit:update", "update workflows/nightly-etl-7x2kq by system:serviceaccount:argo:argo-workflow-controller → 200");
        assertTrue(!e.get(workflowUpdate).get("concurrent").asBoolean(), "09:14:03.176944 is after 09:14:03.161 and its millisecond");
    }

    @Test
    void crossChecksAndObservations() throws Exception {
        List<JsonNode> e = allSources();
        JsonNode removed = e.get(find(e, "pod:finalizer-removed", "workflows.argoproj.io/status"));
        assertTrue(removed.get("lowerBound").asBoolean());
        assertEquals("2026-10-02T09:22:05Z", removed.get("time").asText());
        assertTrue(e.get(find(e, "check:removal-deadline", "")).get("text").asText()
                .endsWith("that is a delay of -4m52.291s, which agrees with the logged delay=-4m52.291517203s"));
        assertTrue(e.get(find(e, "check:exit-codes", "")).get("text").asText()
                .startsWith("exit codes and final node phase do NOT agree: every container exited 0, main exit 0, wait exit 0"));
        JsonNode taken = e.get(find(e, "pod:exported", "# taken-at"));
        assertEquals("2026-10-02T09:18:30Z", taken.get("time").asText());
        assertTrue(!taken.get("lowerBound").asBoolean(), "a stated time is not a lower bound");
        for (JsonNode x : e) {
            assertTrue(!x.get("text").asText().contains("NodeReady"), "a node event from before the Pod existed stays out");
        }
    }

    @Test
    void analyzeOnTheSameFilesConfirmsAf001() throws Exception {
        Cli run = Cli.run("analyze", ALL + "/logs", ALL + "/snapshots", ALL + "/events", ALL + "/audit", "--format", "json");
        assertEquals(1, run.exitCode(), run.err());
        JsonNode f = new ObjectMapper().readTree(run.out()).get("findings").get(0);
        assertEquals("AF001", f.get("rule").asText());
        assertEquals("confirmed", f.get("confidence").asText());
        assertEquals(true, f.get("delayAgrees").asBoolean());
    }

    /** The facts the upstream report of #17024 states, each linked to the line or object it comes from, in this order. */
    @Test
    void theIssue17024Timeline() throws Exception {
        List<JsonNode> e = entries("timeline", "--pod", "status-capture-repro", "--format", "json", "samples/issue-17024/logs",
                "samples/issue-17024/snapshots");
        int exited = find(e, "pod:container-finished", "container main terminated: exit code 0");
        int lastCondition = find(e, "pod:condition", "(latest condition transition)");
        int deletion = find(e, "lifecycle:deletion-requested", "deletion requested (deletionTimestamp");
        int removed = find(e, "finalizer:removed", "the Pod was being deleted");
        int error = find(e, "node:finished", "finished Error: pod deleted");
        assertEquals("2026-09-19T16:27:44Z samples/issue-17024/snapshots/pod-terminating.yaml:3", at(e, exited));
        assertEquals("2026-09-19T16:27:47Z samples/issue-17024/snapshots/pod-terminating.yaml:3", at(e, lastCondition));
        assertEquals("2026-09-19T16:31:04Z samples/issue-17024/snapshots/pod-terminating.yaml:3", at(e, deletion));
        assertEquals("2026-09-19T16:31:11.350Z samples/issue-17024/logs/2-controller-workers0.log:12", at(e, removed));
        assertEquals("2026-09-19T16:33:02Z samples/issue-17024/snapshots/workflow-after-restore.yaml:3", at(e, error));
        assertTrue(exited < lastCondition && lastCondition < deletion && deletion < removed && removed < error);
        assertEquals("2026-09-19T16:33:02.246Z samples/issue-17024/logs/3-controller-workers-restored.log:9",
                at(e, find(e, "log:marking-node-as-error-v4", "error=\"pod deleted\"")));
    }
}
