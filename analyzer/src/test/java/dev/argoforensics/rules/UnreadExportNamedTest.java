package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.snapshot.UnreadExport;
import dev.argoforensics.testing.Cli;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The #17024 incident with the Pod's export given, but broken: inside a {@code kubectl get pods -o yaml} list whose Pod item a hand
 * edit broke after its name, or as a file named after the Pod that breaks before its name. The findings on that Pod that lacked the
 * export name the file and line where it could not be read, with the confidence the logs and the Workflow exports give alone (nothing
 * raised or lowered). Controls: the item whole (the export weighs, nothing to name), another Pod's item broken, and a file named for
 * many objects broken before any name: none names a file.
 */
class UnreadExportNamedTest {
    private static final Path SAMPLE = Path.of("samples/issue-17024");
    private static final String POD = "status-capture-repro";

    @TempDir
    Path dir;
    private int runs;

    /** The sample's Pod export as an item of a list; {@code broken}: with an unquoted ": " in a value under its status. */
    private static String item(boolean broken) throws Exception {
        List<String> out = new ArrayList<>();
        boolean first = true;
        for (String line : Files.readAllLines(SAMPLE.resolve("snapshots/pod-terminating.yaml"), StandardCharsets.UTF_8)) {
            if (line.startsWith("#")) {
                continue;
            }
            out.add((first ? "- " : "  ") + line);
            first = false;
            if (broken && line.equals("status:")) {
                out.add("    message: pod failed: see the logs");
            }
        }
        return String.join("\n", out) + "\n";
    }

    private static String otherPod(boolean broken) {
        return "- apiVersion: v1\n  kind: Pod\n  metadata:\n    name: other-pod\n    namespace: status-capture-test\n"
                + "    uid: 0b0c0d0e-1111-4222-8333-944455556666\n  status:\n    phase: Running\n" + (broken ? "    message: oops: broken\n" : "");
    }

    private static String list(String... items) {
        return "apiVersion: v1\nitems:\n" + String.join("", items) + "kind: List\nmetadata:\n  resourceVersion: \"\"\n";
    }

    /** The findings on the Pod by rule, with the Pod export given as {@code file} holding {@code text} (none if null). */
    private Map<String, JsonNode> findings(String file, String text) throws Exception {
        Path snaps = Files.createDirectories(dir.resolve("s" + runs++));
        Files.copy(SAMPLE.resolve("snapshots/workflow-after-restore.yaml"), snaps.resolve("workflow-after-restore.yaml"));
        Files.copy(SAMPLE.resolve("snapshots/workflow-while-stopped.yaml"), snaps.resolve("workflow-while-stopped.yaml"));
        if (text != null) {
            Files.writeString(snaps.resolve(file), text, StandardCharsets.UTF_8);
        }
        Cli run = Cli.run("analyze", SAMPLE.resolve("logs").toString(), snaps.toString(), "--format", "json", "--now", "2026-09-20T00:00:00Z");
        Map<String, JsonNode> byRule = new TreeMap<>();
        for (JsonNode f : new ObjectMapper().readTree(run.out()).path("findings")) {
            if (f.path("pod").path("name").asText("").equals(POD)) {
                byRule.put(f.path("rule").asText(), f);
            }
        }
        return byRule;
    }

    private static String confidences(Map<String, JsonNode> findings) {
        return findings.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue().path("confidence").asText()).collect(Collectors.joining(","));
    }

    private static List<String> reasonsBelowConfirmed(Map<String, JsonNode> findings) {
        return findings.values().stream().filter(f -> !f.path("confidence").asText().equals("confirmed"))
                .map(f -> f.path("confidenceReason").asText()).toList();
    }

    private static void namesNoFile(Map<String, JsonNode> findings) {
        findings.values().forEach(f -> assertFalse(f.path("confidenceReason").asText().contains("could not be read"), f.toString()));
    }

    @Test
    void aBrokenListItemOfThePodIsNamedInItsFindings() throws Exception {
        Map<String, JsonNode> without = findings(null, null);
        Map<String, JsonNode> broken = findings("pods.yaml", list(otherPod(false), item(true)));
        Map<String, JsonNode> whole = findings("pods.yaml", list(otherPod(false), item(false)));

        assertFalse(without.isEmpty(), "the logs alone give findings on the Pod");
        assertEquals(confidences(without), confidences(broken), "the broken export raises and lowers nothing");
        assertNotEquals(confidences(without), confidences(whole), "the whole export would have weighed: " + confidences(whole));
        List<String> reasons = reasonsBelowConfirmed(broken);
        assertFalse(reasons.isEmpty(), confidences(broken));
        for (String reason : reasons) {
            assertTrue(reason.contains("an export naming the Pod was given but could not be read: "), reason);
            // The item starts at line 11 of the list; the unquoted ": " is met at line 66.
            assertTrue(reason.contains("/pods.yaml:11 (Pod status-capture-test/status-capture-repro, line 66: not valid YAML: "), reason);
        }
        namesNoFile(without);
        namesNoFile(whole);
    }

    @Test
    void anotherPodsBrokenItemNamesNothingForThisOne() throws Exception {
        Map<String, JsonNode> whole = findings("pods.yaml", list(otherPod(false), item(false)));
        Map<String, JsonNode> otherBroken = findings("pods.yaml", list(otherPod(true), item(false)));
        assertEquals(confidences(whole), confidences(otherBroken));
        namesNoFile(otherBroken);
    }

    @Test
    void aFileNamedAfterThePodThatBreaksBeforeItsNameIsNamed() throws Exception {
        // A tab where YAML allows none, on the second line: nothing of the file is read, its name says which Pod it held.
        String text = "apiVersion: v1\n\tkind: Pod\nmetadata:\n  name: " + POD + "\n";
        Map<String, JsonNode> named = findings("pod-" + POD + ".yaml", text);
        Map<String, JsonNode> many = findings("pods.yaml", text);
        Map<String, JsonNode> without = findings(null, null);
        assertEquals(confidences(without), confidences(named));
        List<String> reasons = reasonsBelowConfirmed(named);
        assertFalse(reasons.isEmpty());
        for (String reason : reasons) {
            assertTrue(reason.matches(".*an export naming the Pod was given but could not be read: \\S*/pod-" + POD + "\\.yaml:\\d+ \\(Pod " + POD
                    + ", line \\d+: not valid YAML: .*"), reason);
        }
        namesNoFile(many);
    }

    @Test
    void aFileNamedForOneObjectNamesIt() {
        assertEquals("wf-1-123", UnreadExport.nameFromPath("snaps/pod-wf-1-123.yaml"));
        assertEquals("Pod", UnreadExport.kindFromPath("snaps/pod-wf-1-123.yaml"));
        assertEquals("wf-1", UnreadExport.nameFromPath("snaps/wf-1.workflow.json.gz"));
        assertEquals("Workflow", UnreadExport.kindFromPath("snaps/wf-1.workflow.json.gz"));
        assertEquals("wf-1-123", UnreadExport.nameFromPath("wf-1-123.yaml"));
        assertEquals("", UnreadExport.kindFromPath("wf-1-123.yaml"));
        assertEquals("", UnreadExport.nameFromPath("snaps/pods.yaml"));
        assertEquals("", UnreadExport.nameFromPath("snaps/workflows.json"));
        assertEquals("", UnreadExport.nameFromPath("snaps/Pod Export (2).yaml"));
    }
}
