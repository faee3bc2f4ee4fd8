package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.testing.Cli;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An empty file among the inputs (a log copy that came out empty, a {@code kubectl get} redirected before it printed) is named
 * as empty in the inputs table of every format, not as a log: no line of it said what it was. A log and an export beside it
 * keep their kinds.
 */
class EmptyInputKindTest {
    @TempDir
    Path dir;

    @Test
    void anEmptyFileIsTypedEmptyAndTheOthersKeepTheirKinds() throws Exception {
        Path in = Files.createDirectories(dir.resolve("evidence"));
        Files.writeString(in.resolve("controller.log"), "time=2026-09-19T16:27:10.431Z level=INFO msg=\"Created pod\" component=workflow_worker"
                + " workflow=wf namespace=argo nodeName=wf nodeID=wf podName=wf\n", StandardCharsets.UTF_8);
        Files.writeString(in.resolve("controller-previous.log"), "", StandardCharsets.UTF_8);
        Files.writeString(in.resolve("pods.yaml"), "\n# nothing was printed\n\n", StandardCharsets.UTF_8);
        Files.writeString(in.resolve("pod.yaml"), "apiVersion: v1\nkind: Pod\nmetadata:\n  name: wf\n  namespace: argo\n  uid: u-1\n"
                + "status:\n  phase: Running\n", StandardCharsets.UTF_8);
        Cli json = Cli.run("analyze", in.toString(), "--now", "2026-09-20T00:00:00Z", "--format", "json");
        Map<String, String> kinds = new HashMap<>();
        for (JsonNode i : new ObjectMapper().readTree(json.out()).path("inputs")) {
            String path = i.path("path").asText();
            kinds.put(path.substring(path.lastIndexOf('/') + 1), i.path("kind").asText());
        }
        assertEquals(Map.of("controller.log", "log", "controller-previous.log", "empty", "pods.yaml", "empty", "pod.yaml", "snapshot"), kinds,
                json.out());
        Cli text = Cli.run("analyze", in.toString(), "--now", "2026-09-20T00:00:00Z");
        List<String> lines = text.out().lines().toList();
        int at = lines.indexOf(lines.stream().filter(l -> l.endsWith("controller-previous.log")).findFirst().orElseThrow());
        assertTrue(lines.get(at + 1).strip().startsWith("empty; "), lines.get(at + 1));
        Cli markdown = Cli.run("analyze", in.toString(), "--now", "2026-09-20T00:00:00Z", "--format", "markdown");
        assertTrue(markdown.out().lines().anyMatch(l -> l.contains("controller-previous.log") && l.contains("| empty |")), markdown.out());
    }
}
