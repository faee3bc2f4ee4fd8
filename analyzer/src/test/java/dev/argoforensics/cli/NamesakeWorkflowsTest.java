package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.testing.Cli;
import dev.argoforensics.testing.NamesakeLogs;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 36: lines that name a Pod without a namespace ({@code add/update/delete pod event}) where two namespaces hold a
 * Workflow of the same name, so Pods of the same name ({@link NamesakeLogs}). They went to the one namespace the other lines
 * stated for the Pod name: team-b's Pod's deletion was read as team-a's Pod leaving the informer after its completion label.
 * A namespace is taken from the Workflow-name prefix of the Pod name only where exactly one fits; else the line's Pod is
 * of no known namespace, and its timeline says so.
 */
class NamesakeWorkflowsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /** Each timeline of the Pod name: its namespace ("" for none) and the lines it cites. */
    private Map<String, List<Integer>> timelines(boolean withTeamB, String... options) throws IOException {
        Path logs = NamesakeLogs.write(dir.resolve(withTeamB ? "both" : "team-a"), withTeamB);
        List<String> args = new ArrayList<>(List.of("timeline", "--pod", NamesakeLogs.POD, logs.toString(), "--format", "json"));
        args.addAll(List.of(options));
        Cli run = Cli.run(args.toArray(String[]::new));
        assertEquals(0, run.exitCode(), run.err());
        Map<String, List<Integer>> out = new TreeMap<>();
        for (JsonNode t : JSON.readTree(run.out()).get("timelines")) {
            JsonNode ns = t.get("pod").get("namespace");
            List<Integer> lines = new ArrayList<>();
            t.get("entries").forEach(e -> {
                if (e.get("kind").asText().startsWith("log:") && !lines.contains(e.get("line").asInt())) {
                    lines.add(e.get("line").asInt());
                }
            });
            out.put(ns.isNull() ? "" : ns.asText(), lines);
        }
        return out;
    }

    @Test
    void namespacelessLinesOfANamesakesPodAreGivenToNeither() throws IOException {
        Path logs = NamesakeLogs.write(dir.resolve("asked"), true);
        Cli asked = Cli.run("timeline", "--pod", NamesakeLogs.POD, logs.toString());
        assertEquals(2, asked.exitCode(), asked.out());
        assertTrue(asked.err().contains("Pods named " + NamesakeLogs.POD + " are in several namespaces, (namespace unknown), team-a"),
                asked.err());
        Map<String, List<Integer>> t = timelines(true, "--namespace", "team-a");
        assertEquals(Map.of("team-a", List.of(15, 16)), t, "only its own namespace's lines: the informer's are of no known namespace");
    }

    /** Negative control: with only team-a's Workflow in the lines, one namespace fits, and the informer's lines are its Pod's. */
    @Test
    void withOneNamespaceTheLinesAreItsPods() throws IOException {
        Map<String, List<Integer>> t = timelines(false);
        assertEquals(List.of("team-a"), List.copyOf(t.keySet()), t.toString());
        // the lines of the log without team-b's four: 8, 15, 16, 17, 20, 23 there
        assertEquals(List.of(6, 13, 14, 15, 18, 19), t.get("team-a"), t.toString());
    }
}
