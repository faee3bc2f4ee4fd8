package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.testing.Cli;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code index}, {@code search} and {@code analyze --index} from the command line. */
class SearchCommandTest {
    private static final String LOGS = "samples/issue-17024/logs";
    private static final String SNAPSHOTS = "samples/issue-17024/snapshots";
    private static final String REMOVAL = "2026-09-19T16:31:11.257Z  samples/issue-17024/logs/2-controller-workers0.log:10  "
            + "[2-controller-workers0.log #1]  time=2026-09-19T16:31:11.257Z level=INFO msg=\"queuing pod delay\" component=pod_controller "
            + "podGC=\"{Strategy: LabelSelector:<nil> DeleteDelayDuration:}\" delay=-1m24.257168224s action=removeFinalizer "
            + "namespace=status-capture-test podName=status-capture-repro\n";

    @TempDir
    Path tmp;

    @Test
    void searchStraightOnThePathsPrintsOneLinePerHit() {
        Cli r = Cli.run("search", "kind:pod-cleanup-scheduled", LOGS, SNAPSHOTS);
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(REMOVAL, r.out());
        assertEquals("", r.err());
    }

    @Test
    void anIndexIsBuiltOnceAndSearchedAfterwards() {
        String index = tmp.resolve("17024.index").toString();
        Cli built = Cli.run("index", LOGS, SNAPSHOTS, "--index", index);
        assertEquals(0, built.exitCode(), built.err());
        assertEquals("index " + index + ": 3 log file(s) indexed, 0 unchanged and not indexed again; 68 event(s) written for 6 input(s); "
                + "0 input(s) no longer named dropped\n", built.out());
        assertTrue(Cli.run("index", LOGS, SNAPSHOTS, "--index", index).out().contains(": 0 log file(s) indexed, 3 unchanged and not indexed again; "
                + "0 event(s) written for 0 input(s)"));

        assertEquals(REMOVAL, Cli.run("search", "kind:pod-cleanup-scheduled", "--index", index).out());
        assertEquals("3\n", Cli.run("search", "pod:status-capture-repro AND action:removeFinalizer", "--index", index, "--count").out());
        Cli none = Cli.run("search", "pod:no-such-pod", "--index", index);
        assertEquals(1, none.exitCode());
        assertEquals("", none.out());
    }

    @Test
    void contextMarksTheHit() {
        Cli r = Cli.run("search", "level:error", LOGS, "--context", "1");
        String[] lines = r.out().split("\n");
        assertEquals(3, lines.length, r.out());
        assertTrue(lines[0].startsWith("  2026-09-19T16:33:02.246Z  samples/issue-17024/logs/3-controller-workers-restored.log:8  "), lines[0]);
        assertTrue(lines[1].startsWith("> 2026-09-19T16:33:02.246Z  samples/issue-17024/logs/3-controller-workers-restored.log:9  "), lines[1]);
        assertTrue(lines[2].startsWith("  2026-09-19T16:33:02.247Z  samples/issue-17024/logs/3-controller-workers-restored.log:10  "), lines[2]);
    }

    @Test
    void jsonAndMarkdownCarryTheSameHits() throws Exception {
        Cli json = Cli.run("search", "action:removeFinalizer", LOGS, "--format", "json", "--context", "1");
        JsonNode root = new ObjectMapper().readTree(json.out());
        assertEquals(1, root.get("schemaVersion").asInt());
        assertEquals("action:removeFinalizer", root.get("query").asText());
        assertEquals(3, root.get("count").asInt());
        JsonNode first = root.get("hits").get(0);
        assertEquals("2026-09-19T16:31:11.257Z", first.get("time").asText());
        assertEquals("samples/issue-17024/logs/2-controller-workers0.log", first.get("source").asText());
        assertEquals(10, first.get("line").asLong());
        assertEquals("2-controller-workers0.log #1", first.get("controller").asText());
        assertEquals("info", first.get("level").asText());
        assertEquals("pod-cleanup-scheduled", first.get("kind").asText());
        assertEquals(9, first.get("before").get(0).get("line").asLong());
        assertEquals(11, first.get("after").get(0).get("line").asLong());
        assertEquals("{\n  \"schemaVersion\" : 1,\n  \"query\" : \"action:removeFinalizer\",\n  \"count\" : 3\n}\n",
                Cli.run("search", "action:removeFinalizer", LOGS, "--format", "json", "--count").out());

        Cli md = Cli.run("search", "action:removeFinalizer", LOGS, "--format", "markdown");
        assertTrue(md.out().startsWith("**3 events** for `action:removeFinalizer`\n\n| Time | Source | Controller | Text |\n|---|---|---|---|\n"
                + "| 2026-09-19T16:31:11.257Z | `samples/issue-17024/logs/2-controller-workers0.log:10` | 2-controller-workers0.log #1 | "
                + "`time=2026-09-19T16:31:11.257Z level=INFO msg=\"queuing pod delay\""), md.out());
    }

    @Test
    void analyzeWithAnIndexGivesTheSameBytes() {
        String index = tmp.resolve("analyze.index").toString();
        String[] now = {"--now", "2026-09-20T00:00:00Z"};
        for (String format : new String[] {"text", "markdown", "json", "html"}) {
            Cli first = Cli.run("analyze", LOGS, SNAPSHOTS, "--format", format, now[0], now[1], "--index", index);
            Cli second = Cli.run("analyze", LOGS, SNAPSHOTS, "--format", format, now[0], now[1], "--index", index);
            assertEquals(first.out(), second.out(), format);
            assertEquals(1, second.exitCode());
            assertEquals("", second.err());
        }
        Cli plain = Cli.run("analyze", LOGS, SNAPSHOTS, now[0], now[1]);
        Cli indexed = Cli.run("analyze", LOGS, SNAPSHOTS, now[0], now[1], "--index", index);
        assertEquals(plain.out(), indexed.out().replace(" --index " + index, ""), "the same report but for the command line it records");
    }

    @Test
    void badUsageExitsTwoAndSaysWhy() {
        Cli noSource = Cli.run("search", "level:error");
        assertEquals(2, noSource.exitCode());
        assertTrue(noSource.err().contains("search needs --index DIR, PATHs to index on the fly, or both"), noSource.err());

        Cli badQuery = Cli.run("search", "time:[2026-09-19T16:30 TO soon]", LOGS);
        assertEquals(2, badQuery.exitCode());
        assertTrue(badQuery.err().startsWith("argo-forensics: query: time: expected"), "one line, not the parser's dump: " + badQuery.err());
        assertEquals(2, badQuery.err().lines().count(), badQuery.err());
        assertTrue(badQuery.err().contains("time: expected a UTC time such as 2026-09-19T16:30, 2026-09-19T16:31:11.257 or 2026-09-19T18:31+02:00; found \"soon\""), badQuery.err());

        Cli noIndex = Cli.run("search", "level:error", "--index", tmp.resolve("missing").toString());
        assertEquals(2, noIndex.exitCode());
        assertTrue(noIndex.err().contains("no such index folder"), noIndex.err());

        Cli indexWithoutDir = Cli.run("index", LOGS);
        assertEquals(2, indexWithoutDir.exitCode());
        assertTrue(indexWithoutDir.err().contains("index needs --index DIR"), indexWithoutDir.err());
    }
}
