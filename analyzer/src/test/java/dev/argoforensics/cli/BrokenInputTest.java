package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.testing.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code samples/broken}: the #17024 incident in damaged evidence (truncated gzip, copytruncate
 * NULs, binary junk, CRLF and a byte order mark, bytes that are not UTF-8, ANSI colours, a 17 MiB
 * line, a symbolic link loop and a broken link, a YAML alias bomb, nesting 150 deep, a copy cut
 * mid-line). It analyses without a crash, names every problem at its file:line, and still finds the
 * race with the exact logged delay.
 */
class BrokenInputTest {
    private static final String[] ARGS = {"analyze", "samples/broken/logs", "samples/broken/snapshots", "--now", "2026-09-20T00:00:00Z",
        "--format", "json"};
    private static final String LOGS = "samples/broken/logs/";
    private static final String SNAPSHOTS = "samples/broken/snapshots/";

    @Test
    void theRaceIsFoundWithTheExactDelay() throws Exception {
        Cli r = Cli.run(ARGS);
        assertEquals(1, r.exitCode(), r.err());
        JsonNode af001 = null;
        JsonNode af002 = null;
        for (JsonNode f : new ObjectMapper().readTree(r.out()).get("findings")) {
            if (f.get("rule").asText().equals("AF001")) {
                af001 = f;
            } else if (f.get("rule").asText().equals("AF002")) {
                af002 = f;
            }
        }
        assertTrue(af001 != null && af002 != null, "AF001 and AF002 are found");
        // Session 41: as in samples/issue-17024, the order of the containers' end and the deletion rests on the Pod export's grace-0
        // deletionTimestamp read as the request, an inference: the cause and its symptom are likely alike, each saying so.
        for (JsonNode f : List.of(af001, af002)) {
            assertEquals("likely", f.get("confidence").asText(), f.toString());
            assertTrue(f.get("confidenceReason").asText().contains("grace-0 deletionTimestamp read as the request"), f.get("confidenceReason").asText());
        }
        assertEquals("status-capture-repro", af001.get("pod").get("name").asText());
        assertEquals("-1m24.257168224s", af001.get("delay").asText());
        assertEquals(-84257168224L, af001.get("delayNanos").asLong());
        List<String> sources = new ArrayList<>();
        for (JsonNode e : af001.get("evidence")) {
            sources.add(e.get("source").asText() + ":" + e.get("line").asLong());
        }
        assertTrue(sources.contains(LOGS + "2-controller-workers0.log.gz:10"), "the queuing line, read from the truncated gzip: " + sources);
    }

    @Test
    void everyProblemIsNamedAtItsFileAndLine() throws Exception {
        Cli r = Cli.run(ARGS);
        Map<String, String> problems = new LinkedHashMap<>();
        for (JsonNode p : new ObjectMapper().readTree(r.out()).get("inputProblems")) {
            String at = p.get("path").asText() + (p.get("line").isNull() ? "" : ":" + p.get("line").asLong());
            problems.merge(at, p.get("problem").asText(), (a, b) -> a + " | " + b);
        }
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put(LOGS + "1-controller-workers2.log:9", "expected UTF-8 text, found bytes that are not UTF-8");
        expected.put(LOGS + "2-controller-workers0.log.gz:52", "expected more gzip data, found the end of the file (a truncated copy): the 51 lines before");
        expected.put(LOGS + "3-controller-workers-restored.log:1", "found 4096 NUL bytes");
        expected.put(LOGS + "3-controller-workers-restored.log:7", "not a log record");
        expected.put(LOGS + "3-controller-workers-restored.log:19", "expected a line break at the end of the file");
        expected.put(LOGS + "4-debug-dump.log.gz:2", "expected a line of at most 16 MiB, found one of 17.0 MiB");
        expected.put(LOGS + "junk.bin:1", "not a log record");
        expected.put(LOGS + "loop", "(a loop): not followed");
        expected.put(LOGS + "rotated-away.log", "broken symbolic link");
        expected.put(SNAPSHOTS + "crafted-deep.json:1", "expected objects nested at most 100 deep");
        expected.put(SNAPSHOTS + "events.json.gz:68", "expected more gzip data");
        expected.put(SNAPSHOTS + "workflows.yaml:118", "expected no YAML aliases");
        expected.forEach((at, what) -> {
            assertTrue(problems.containsKey(at), at + " is named; the problems were " + problems.keySet());
            assertTrue(problems.get(at).contains(what), at + ": " + problems.get(at));
        });
        for (String p : problems.values()) {
            assertTrue(p.startsWith("expected ") || p.contains(" not a log record ") || p.contains(": expected "), "what was expected: " + p);
        }
    }

    @Test
    void noStackTraceAndOnlyTheUnreadableInputsOnStandardError() {
        Cli r = Cli.run("analyze", "samples/broken/logs", "samples/broken/snapshots", "--now", "2026-09-20T00:00:00Z");
        assertFalse(r.err().contains("Exception") || r.err().contains("\tat "), r.err());
        assertFalse(r.out().contains("Exception") || r.out().contains("\tat "));
        assertEquals(List.of("argo-forensics: cannot read " + LOGS + "loop: expected a folder or a file, found a symbolic link to . back to"
                + " a folder that holds it (a loop): not followed", "argo-forensics: cannot read " + LOGS + "rotated-away.log: expected a file,"
                + " found a broken symbolic link to gone/workflow-controller.log.1: skipped"), r.err().lines().toList());
        assertTrue(r.out().contains("\nInputs with problems\n"), "the text report has the section");
    }

    @Test
    void whatCanBeReadIsReadWhenTheRestIsUnreadable() {
        // The objects before the alias bomb, the Pod before nothing: the Workflow node's final state comes from both.
        Cli r = Cli.run("analyze", SNAPSHOTS + "workflows.yaml", SNAPSHOTS + "events.json.gz", "--now", "2026-09-20T00:00:00Z");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("snapshot; YAML: Workflow ×2; 125 lines, 2 objects, 1 unparsed"), r.out());
        assertTrue(r.out().contains("snapshot; JSON: Event ×2;"), r.out());
    }

    @Test
    void exitTwoOnlyWhenNothingUsableWasRead(@TempDir Path dir) throws Exception {
        Files.write(dir.resolve("junk.bin"), Files.readAllBytes(Path.of(LOGS, "junk.bin")));
        Files.createSymbolicLink(dir.resolve("loop"), Path.of("."));
        Cli r = Cli.run("analyze", dir.toString(), "--now", "2026-09-20T00:00:00Z");
        assertEquals(2, r.exitCode());
        assertTrue(r.err().startsWith("argo-forensics: cannot read " + dir.resolve("loop") + ": "), r.err());
        assertTrue(r.err().contains("argo-forensics: nothing usable was read: no log record and no object in the inputs ("
                + dir.resolve("junk.bin") + ": read as a "), r.err());
        assertTrue(r.err().endsWith("\nhint: name log files, snapshot files or folders that hold them\n"), r.err());
        assertEquals("", r.out(), "the error alone: no report of nothing");
    }

    /** Reading writes nothing: the only file the analysis creates is the one --out names. */
    @Test
    void theOnlyFileWrittenIsTheOneOutNames(@TempDir Path dir) throws Exception {
        Path out = Files.createDirectories(dir.resolve("out")).resolve("report.html");
        Map<String, String> before = listing(Path.of("samples/broken"));
        Map<String, String> here = listing(Path.of("."), 1);
        Cli r = Cli.run("analyze", "samples/broken/logs", "samples/broken/snapshots", "--now", "2026-09-20T00:00:00Z", "--format", "html",
                "--out", out.toString());
        assertEquals(1, r.exitCode(), r.err());
        assertEquals("", r.out());
        assertEquals(before, listing(Path.of("samples/broken")), "the inputs are untouched");
        assertEquals(here, listing(Path.of("."), 1), "nothing new where it ran");
        assertEquals(List.of("report.html"), Files.list(out.getParent()).map(p -> p.getFileName().toString()).toList());
    }

    private static Map<String, String> listing(Path root) throws java.io.IOException {
        return listing(root, Integer.MAX_VALUE);
    }

    private static Map<String, String> listing(Path root, int depth) throws java.io.IOException {
        Map<String, String> files = new java.util.TreeMap<>();
        try (var walk = Files.walk(root, depth)) {
            for (Path p : walk.toList()) {
                java.nio.file.attribute.BasicFileAttributes a = Files.readAttributes(p, java.nio.file.attribute.BasicFileAttributes.class,
                        java.nio.file.LinkOption.NOFOLLOW_LINKS);
                files.put(p.toString(), a.isDirectory() ? "dir" : a.size() + " " + a.lastModifiedTime());
            }
        }
        return files;
    }
}
