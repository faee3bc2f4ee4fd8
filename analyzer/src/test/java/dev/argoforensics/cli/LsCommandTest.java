package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.testing.Cli;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code argo-forensics ls}: the Workflows and Pods seen, with their sources, on real samples. */
class LsCommandTest {
    private static final String LOGS = "samples/issue-17024/logs";
    private static final String SNAPSHOTS = "samples/issue-17024/snapshots";
    private static final String ALL = "samples/timeline-all-sources";

    @Test
    void listsTheWorkflowAndThePodWithTheirSourcesAndSpan() {
        Cli r = Cli.run("ls", LOGS, SNAPSHOTS);
        assertEquals(0, r.exitCode(), r.err());
        List<String> lines = r.out().lines().toList();
        assertTrue(lines.get(0).matches("KIND +NAMESPACE +NAME +LOG LINES +EVENTS +FIRST +LAST +SOURCES"), lines.get(0));
        assertTrue(lines.get(1).matches("Workflow +status-capture-test +status-capture-repro +\\d+ +0 +2026-09-19T16:27:10.402Z +\\S+ +controller log, Workflow export"),
                lines.get(1));
        assertTrue(lines.get(2).matches("Pod +status-capture-test +status-capture-repro \\(uid c2d1b7a4-5e8f-4d1a-9b3c-7f6e2a1d0c95\\) +\\d+ +0 +\\S+ +"
                + "2026-09-19T16:31:11.363Z +controller log, Pod export"), lines.get(2));
        assertTrue(r.out().endsWith("\n1 Workflow and 1 Pod.\n"), r.out());
    }

    @Test
    void jsonNamesEverySourceAndTheScopeFilters() throws Exception {
        JsonNode all = json(ALL);
        List<String> kinds = new ArrayList<>();
        all.get("items").forEach(i -> kinds.add(i.get("kind").asText()));
        assertEquals(kinds.stream().sorted((a, b) -> Boolean.compare(a.equals("Pod"), b.equals("Pod"))).toList(), kinds, "Workflows first");
        JsonNode pod = null;
        for (JsonNode i : all.get("items")) {
            if (i.get("kind").asText().equals("Pod") && i.get("sources").size() >= 5) {
                pod = i;
            }
        }
        assertTrue(pod != null, "a Pod of the all-sources sample is mentioned by five sources or more: " + all);
        List<String> sources = new ArrayList<>();
        pod.get("sources").forEach(s -> sources.add(s.asText()));
        assertTrue(sources.containsAll(List.of("controllerLog", "podExport", "events", "audit")), sources.toString());
        assertTrue(pod.get("events").asInt() > 0 && pod.get("logLines").asInt() > 0, pod.toString());

        int total = all.get("items").size();
        JsonNode none = json(ALL, "-n", "no-such-namespace");
        assertEquals(0, none.get("items").size());
        assertEquals(total, none.get("scope").get("leftOut").asInt());
        JsonNode onePod = json(ALL, "--pod", pod.get("name").asText());
        assertEquals(List.of("Workflow", "Pod"), List.of(onePod.get("items").get(0).get("kind").asText(), onePod.get("items").get(1).get("kind").asText()),
                "the Pod and its Workflow");
        assertEquals(2, onePod.get("items").size());
    }

    @Test
    void htmlIsRefusedInWords() {
        Cli r = Cli.run("ls", "-o", "html", LOGS);
        assertEquals(2, r.exitCode());
        assertEquals("", r.out());
        assertTrue(r.err().contains("ls writes text, markdown or json, not html"), r.err());
    }

    private static JsonNode json(String... args) throws Exception {
        List<String> a = new ArrayList<>(List.of("ls", "-o", "json"));
        a.addAll(List.of(args));
        Cli r = Cli.run(a.toArray(String[]::new));
        assertEquals(0, r.exitCode(), r.err());
        return new ObjectMapper().readTree(r.out());
    }
}
