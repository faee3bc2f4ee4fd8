package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.testing.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Controller lines quoted in an issue with times of day only and their names left out, read end to
 * end: what AF001 may say of them, its look-alikes kept apart, and the text around them counted as text.
 */
class IssueExcerptTest {
    private static final String NOW = "2026-12-01T00:00:00Z";
    private static final Path SEED = Path.of("/work/shared/seeds/argo-issue-17024.txt");

    @TempDir
    Path dir;

    private JsonNode analyze(String name, String text) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, text);
        return analyze(file);
    }

    private static JsonNode analyze(Path... inputs) throws IOException {
        List<String> args = new ArrayList<>(List.of("analyze", "--format", "json", "--now", NOW));
        for (Path p : inputs) {
            args.add(p.toString());
        }
        Cli r = Cli.run(args.toArray(String[]::new));
        assertEquals("", r.err());
        return new ObjectMapper().readTree(r.out());
    }

    private static List<JsonNode> af001(JsonNode report) {
        List<JsonNode> out = new ArrayList<>();
        report.get("findings").forEach(f -> {
            if (f.get("rule").asText().equals("AF001")) {
                out.add(f);
            }
        });
        return out;
    }

    private static final String RACE = """
            Our step ended Error: pod deleted. Controller lines, names removed:

            ```
            03:14:07.650 Current Worker Numbers ... workflowWorkers=0 ... podCleanup=2
            03:14:09.020 Removing finalizers during a delete ... pod.Finalizers=[workflows.argoproj.io/status]
            03:14:09.020 queuing pod delay ... delay=-2m51.020440915s action=removeFinalizer
            03:14:09.093 cleaning up pod ... action=removeFinalizer
            03:14:09.117 delete pod event
            ```

            03:14:09 is when our cleanup script ran.
            """;

    @Test
    void aNamelessNegativeDelayReleaseIsPossibleAtMostAndSaysWhatTheLinesShowAndWhatWouldSettleIt() throws IOException {
        JsonNode report = analyze("issue.txt", RACE);
        List<JsonNode> found = af001(report);
        assertEquals(1, found.size(), report.get("findings").toString());
        JsonNode f = found.get(0);
        assertEquals("possible", f.get("confidence").asText());
        assertEquals("(name omitted; released at " + dir.resolve("issue.txt") + ":7)", f.get("pod").get("name").asText());
        assertEquals("-2m51.020440915s", f.get("delay").asText());
        assertEquals(-171_020_440_915L, f.get("delayNanos").asLong());
        assertEquals("03:14:09.093", f.get("finalizerRemovedAt").asText(), "a time of day, as quoted: no date made up");
        String reason = f.get("confidenceReason").asText();
        for (String shown : List.of("the deleting branch", "the delay -2m51.020440915s", "at once", "gone from the controller's informer",
                "workflowWorkers=0", "nothing in it ties the release to a Workflow node", "unabridged controller log", "the node's Events")) {
            assertTrue(reason.contains(shown), shown + " in: " + reason);
        }
        assertTrue(f.get("workflow").isNull());
        JsonNode input = report.get("inputs").get(0);
        assertEquals(5, input.get("events").asLong());
        assertEquals(0, input.get("unparsed").asLong(), "prose, a prose line starting with a time and fences are no unparsed controller lines");
        assertEquals(4, input.get("furniture").asLong(), "two fences, a prose line, and the prose line that starts with a time");
        assertEquals(5, report.get("provenance").get("timeZones").get("timeOfDay").asLong());
    }

    @Test
    void theLookAlikesStayApart() throws IOException {
        JsonNode orphan = analyze("orphan.txt", """
                12:00:41.502 queuing pod delay ... delay=0s action=removeFinalizer
                12:00:41.560 cleaning up pod ... action=removeFinalizer
                12:00:41.588 delete pod event
                """);
        assertEquals(List.of(), af001(orphan), "no handler line and 0s: the orphan path");
        assertTrue(orphan.toString().contains("missing or being deleted"), "cleared, and said why");

        JsonNode later = analyze("later.txt", """
                12:00:41.502 Removing finalizers during a delete ... pod.Finalizers=[workflows.argoproj.io/status]
                12:00:41.502 queuing pod delay ... delay=1m18.497560114s action=removeFinalizer
                12:00:41.503 queueing pod for cleanup after ... action=removeFinalizer after=1m18.497560114s
                """);
        assertEquals(List.of(), af001(later), "a release scheduled for later has not happened in the excerpt");

        JsonNode labelled = analyze("labelled.txt", """
                12:00:41.502 cleaning up pod ... action=labelPodCompleted
                12:00:41.588 delete pod event
                """);
        assertEquals(List.of(), af001(labelled), "completion labelling takes the Pod out of the informer: no release");
    }

    @Test
    void twoChainsInOneExcerptAreTwoReleasesEachStandingAlone() throws IOException {
        JsonNode report = analyze("two.txt", """
                07:02:19.884 Removing finalizers during a delete ... pod.Finalizers=[workflows.argoproj.io/status]
                07:02:19.884 queuing pod delay ... delay=-51.884002113s action=removeFinalizer
                07:02:20.107 Removing finalizers during a delete ... pod.Finalizers=[workflows.argoproj.io/status]
                07:02:20.107 queuing pod delay ... delay=-3m7.000981221s action=removeFinalizer
                07:02:20.160 cleaning up pod ... action=removeFinalizer
                07:02:20.171 cleaning up pod ... action=removeFinalizer
                07:02:20.230 delete pod event
                """);
        List<JsonNode> found = af001(report);
        assertEquals(List.of("(name omitted; released at " + dir.resolve("two.txt") + ":2)", "(name omitted; released at " + dir.resolve("two.txt") + ":4)"),
                found.stream().map(f -> f.get("pod").get("name").asText()).sorted().toList());
        for (JsonNode f : found) {
            assertEquals("possible", f.get("confidence").asText());
            String reason = f.get("confidenceReason").asText();
            assertTrue(!reason.contains("at once") && !reason.contains("gone from"), "which cleanup line and which delete event were whose is unknown: " + reason);
        }
    }

    @Test
    void aQuotedTimeOfDayIsNeverComparedWithADatedTime() throws IOException {
        Path excerpt = dir.resolve("issue.txt");
        Files.writeString(excerpt, RACE);
        Path dated = dir.resolve("controller.log");
        Files.writeString(dated, "time=2026-11-30T03:14:08.000Z level=INFO msg=\"Processing workflow\" component=workflow_worker"
                + " workflow=nightly-4kq7d namespace=etl phase=Running resourceVersion=9001\n");
        JsonNode report = analyze(excerpt, dated);
        JsonNode f = af001(report).get(0);
        assertEquals("possible", f.get("confidence").asText());
        assertTrue(f.get("workflow").isNull(), "the dated line's Workflow is never taken for the excerpt's");
    }

    @Test
    void namedQuotedLinesBesideADatedExportArePossibleAtMostAndNoDelayIsRecomputedAcrossTheTwo() throws IOException {
        Path excerpt = dir.resolve("issue.txt");
        Files.writeString(excerpt, """
                11:02:45.318 Removing finalizers during a delete ... pod.Finalizers=[workflows.argoproj.io/status]
                11:02:45.318 queuing pod delay ... delay=-2m9.318577402s action=removeFinalizer namespace=geo podName=tiles-8rq4v-render-1189305227
                11:02:45.390 cleaning up pod ... action=removeFinalizer namespace=geo podName=tiles-8rq4v-render-1189305227
                11:02:45.402 delete pod event pod=tiles-8rq4v-render-1189305227
                11:04:12.006 Workflow pod is missing ... nodeName=tiles-8rq4v[0].render nodePhase=Running recentlyStarted=false namespace=geo workflow=tiles-8rq4v
                11:04:12.007 marking node as error ... nodeName=tiles-8rq4v[0].render error="pod deleted" namespace=geo workflow=tiles-8rq4v
                11:04:12.031 Workflow update successful ... namespace=geo workflow=tiles-8rq4v phase=Failed resourceVersion=88123
                """);
        Path pod = dir.resolve("pod.yaml");
        Files.writeString(pod, """
                apiVersion: v1
                kind: Pod
                metadata:
                  name: tiles-8rq4v-render-1189305227
                  namespace: geo
                  uid: 5d0e9a61-7f3b-4c2e-8a14-2b6f90c1d3e7
                  deletionTimestamp: "2026-11-28T11:02:45Z"
                  deletionGracePeriodSeconds: 0
                  finalizers: [workflows.argoproj.io/status]
                  labels:
                    workflows.argoproj.io/workflow: tiles-8rq4v
                  annotations:
                    workflows.argoproj.io/node-name: tiles-8rq4v[0].render
                spec:
                  nodeName: worker-1
                status:
                  phase: Succeeded
                  conditions:
                  - type: Ready
                    status: "False"
                    lastTransitionTime: "2026-11-28T10:58:36Z"
                  containerStatuses:
                  - name: main
                    state:
                      terminated: {exitCode: 0, reason: Completed, startedAt: "2026-11-28T10:57:02Z", finishedAt: "2026-11-28T10:58:33Z"}
                  - name: wait
                    state:
                      terminated: {exitCode: 0, reason: Completed, startedAt: "2026-11-28T10:57:02Z", finishedAt: "2026-11-28T10:58:35Z"}
                """);
        JsonNode f = af001(analyze(excerpt, pod)).get(0);
        assertEquals("possible", f.get("confidence").asText());
        // Session 37: an excerpt without the Workflow's first pass cannot show it free of the artifact-GC finalizer, so the
        // foreground deletion may be the cap named first; either way the time of day is compared with no dated time.
        String reason = f.get("confidenceReason").asText();
        assertTrue(reason.contains("compared with no dated time") || reason.contains("deleted in the foreground"), reason);
        assertTrue(f.get("recomputedDelay") == null, "no delay recomputed from a dated export against a time of day: " + f);
        assertTrue(f.get("controllerClock") == null, "no clock compared: " + f);
        assertEquals("-2m9.318577402s", f.get("delay").asText());
    }

    @Test
    void theUpstreamReportItselfWhenThisMachineHasIt() throws IOException {
        Assumptions.assumeTrue(Files.isRegularFile(SEED), "the seed issue is not part of the repository");
        JsonNode report = analyze(SEED);
        List<JsonNode> found = af001(report);
        assertEquals(1, found.size());
        assertEquals("possible", found.get(0).get("confidence").asText());
        assertEquals("-1m24.257168224s", found.get(0).get("delay").asText());
        assertEquals(0, report.get("inputs").get(0).get("unparsed").asLong());
    }
}
