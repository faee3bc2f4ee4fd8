package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.testing.Cli;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TimelineCommandTest {
    private static final String LOGS = "samples/issue-17024/logs";
    private static final String SNAPSHOTS = "samples/issue-17024/snapshots";
    private static final String POD = "status-capture-repro";

    @Test
    void printsTheSameTimelineAsTheAnalyzeReport() {
        Cli timeline = Cli.run("timeline", "--pod", POD, LOGS, SNAPSHOTS);
        assertEquals(0, timeline.exitCode(), timeline.err());
        String analyze = Cli.run("analyze", LOGS, SNAPSHOTS).out();
        int start = timeline.out().indexOf("Timeline of Pod");
        int end = timeline.out().indexOf("\nInputs (");
        String section = timeline.out().substring(start, end);
        assertTrue(analyze.contains(section), "the analyze report holds the same timeline section");
        assertTrue(timeline.out().startsWith("argo-forensics "), timeline.out());
        assertTrue(timeline.out().contains("Inputs (6 files, 0 unparsed lines)"), timeline.out());
    }

    @Test
    void everyFormatAndTheNamespace() throws Exception {
        Cli md = Cli.run("timeline", "--pod", POD, "--namespace", "status-capture-test", "--format", "markdown", LOGS, SNAPSHOTS);
        assertEquals(0, md.exitCode(), md.err());
        assertTrue(md.out().startsWith("## argo-forensics timeline\n"), md.out());
        assertTrue(md.out().contains("<summary>Timeline of Pod status-capture-test/status-capture-repro: "), md.out());

        Cli json = Cli.run("timeline", "--pod", POD, "--format", "json", LOGS, SNAPSHOTS);
        JsonNode root = new ObjectMapper().readTree(json.out());
        List<String> fields = new ArrayList<>();
        root.fieldNames().forEachRemaining(fields::add);
        assertEquals(List.of("schemaVersion", "tool", "inputs", "controllers", "timelines", "inputProblems"), fields);
        JsonNode identity = root.get("timelines").get(0).get("identity");
        assertEquals("only_uid", identity.get("uidBasis").asText());
        assertEquals("UID from samples/issue-17024/snapshots/pod-terminating.yaml:3, the only one exported for this name", identity.get("text").asText());
    }

    @Test
    void noSuchPodOrNamespaceExitsTwoAndSaysSo() {
        Cli none = Cli.run("timeline", "--pod", "nope", LOGS, SNAPSHOTS);
        assertEquals(2, none.exitCode());
        assertEquals("", none.out());
        assertTrue(none.err().startsWith("argo-forensics: no Pod named nope in the evidence (1 Pods seen;"), none.err());

        Cli wrongNs = Cli.run("timeline", "--pod", POD, "--namespace", "argo", LOGS, SNAPSHOTS);
        assertEquals(2, wrongNs.exitCode());
        assertTrue(wrongNs.err().contains("no Pod named status-capture-repro in namespace argo"), wrongNs.err());

        Cli noPod = Cli.run("timeline", LOGS);
        assertEquals(2, noPod.exitCode());
        assertTrue(noPod.err().contains("--pod"), noPod.err());
    }

    @Test
    void aPodNameInSeveralNamespacesNeedsTheNamespace(@TempDir Path dir) throws Exception {
        Path other = dir.resolve("pod-elsewhere.yaml");
        String pod = Files.readString(Path.of(SNAPSHOTS, "pod-terminating.yaml"), StandardCharsets.UTF_8)
                .replace("namespace: status-capture-test", "namespace: staging").replace("uid: c2d1b7a4", "uid: 0000b7a4");
        Files.writeString(other, pod, StandardCharsets.UTF_8);
        Cli both = Cli.run("timeline", "--pod", POD, LOGS, SNAPSHOTS, other.toString());
        assertEquals(2, both.exitCode());
        // The pod-controller lines name no namespace; with the name in two namespaces they cannot be placed.
        assertTrue(both.err().contains("are in several namespaces, (namespace unknown), staging, status-capture-test: choose one with --namespace"),
                both.err());
        assertEquals(0, Cli.run("timeline", "--pod", POD, "--namespace", "staging", LOGS, SNAPSHOTS, other.toString()).exitCode());
    }

    @Test
    void snapshotTimeIsCheckedAndShown() {
        Cli bad = Cli.run("timeline", "--pod", POD, "--snapshot-time", SNAPSHOTS + "/pod-terminating.yaml=16:31", LOGS, SNAPSHOTS);
        assertEquals(2, bad.exitCode());
        assertTrue(bad.err().contains("--snapshot-time: \"16:31\" is not an RFC 3339 time"), bad.err());

        Cli unmatched = Cli.run("timeline", "--pod", POD, "--snapshot-time", "other.yaml=2026-09-19T16:31:06Z", LOGS, SNAPSHOTS);
        assertEquals(2, unmatched.exitCode());
        assertTrue(unmatched.err().contains("not among the files read"), unmatched.err());

        Cli ok = Cli.run("timeline", "--pod", POD, "--snapshot-time", SNAPSHOTS + "/pod-terminating.yaml=2026-09-19T16:31:06Z", LOGS, SNAPSHOTS);
        assertEquals(0, ok.exitCode(), ok.err());
        assertTrue(ok.out().lines().anyMatch(l -> l.startsWith("  2026-09-19T16:31:06Z ") && l.contains("pod-terminating.yaml:3 ")
                && l.endsWith("Pod exported: phase Succeeded, finalizers [workflows.argoproj.io/status]; taken at this time "
                + "(--snapshot-time on the command line)")), ok.out());
        assertTrue(ok.out().contains("note: taken at 2026-09-19T16:31:06Z (--snapshot-time on the command line)"), ok.out());
    }

    @Test
    void outWritesTheTimelineToAFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("timeline.md");
        Cli r = Cli.run("timeline", "--pod", POD, "--format", "markdown", "--out", file.toString(), LOGS, SNAPSHOTS);
        assertEquals(0, r.exitCode());
        assertEquals("", r.out());
        assertEquals(Cli.run("timeline", "--pod", POD, "--format", "markdown", LOGS, SNAPSHOTS).out(), Files.readString(file, StandardCharsets.UTF_8));
    }
}
