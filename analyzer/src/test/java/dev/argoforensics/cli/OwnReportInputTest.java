package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.testing.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 36: the tool's own report pasted back as an input (beside the logs it was made from, or alone) was read as a log: the
 * controller lines it quotes as evidence were read again, a text report alone gave an AF003 finding, confirmed. A report, in any
 * format {@code analyze} or {@code timeline} writes, is refused by its first line, named on stderr and among the evidence gaps,
 * and the findings are those of its inputs alone.
 */
class OwnReportInputTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String NOW = "2026-12-04T12:00:00Z";
    private static final String LOGS = "samples/issue-17024/logs";
    private static final String SNAPSHOTS = "samples/issue-17024/snapshots";

    @TempDir
    Path dir;

    private static String report(String format) {
        Cli run = Cli.run("analyze", LOGS, SNAPSHOTS, "--now", NOW, "--format", format);
        assertEquals(1, run.exitCode(), run.err());
        return run.out();
    }

    private static List<String> findings(JsonNode report) {
        List<String> out = new ArrayList<>();
        report.get("findings").forEach(f -> out.add(f.get("rule").asText() + " " + f.get("confidence").asText()));
        return out;
    }

    @Test
    void aReportBesideItsInputsIsRefusedAndNothingCountsTwice() throws IOException {
        JsonNode alone = JSON.readTree(report("json"));
        assertEquals(List.of("AF001 likely", "AF002 likely", "AF003 confirmed"), findings(alone).stream().sorted().toList());
        for (String format : List.of("text", "markdown", "json", "github-issue", "html")) {
            Path pasted = Files.writeString(dir.resolve("report-" + format + ".log"), report(format));
            Cli run = Cli.run("analyze", LOGS, SNAPSHOTS, pasted.toString(), "--now", NOW, "--format", "json");
            assertEquals(1, run.exitCode(), run.err());
            JsonNode both = JSON.readTree(run.out());
            assertEquals(findings(alone), findings(both), format);
            assertTrue(run.err().contains("argo-forensics: not reading " + pasted + ": an argo-forensics report"), format + ": " + run.err());
            assertTrue(both.get("gaps").toString().contains("an argo-forensics report"), both.get("gaps").toString());
            for (JsonNode f : both.get("findings")) {
                assertFalse(f.toString().contains("report-" + format), format + " cited: " + f);
            }
        }
    }

    @Test
    void aReportAloneIsNothingUsableAndSaysWhatItIs() throws IOException {
        Path pasted = Files.writeString(dir.resolve("from-the-issue.txt"), "```\n$ ./argo-forensics analyze logs/ snapshots/\n" + report("text") + "```\n");
        Cli run = Cli.run("analyze", pasted.toString(), "--now", NOW);
        assertEquals(2, run.exitCode(), run.out());
        assertTrue(run.err().contains("from-the-issue.txt: an argo-forensics report (its text header at line 3: \"argo-forensics "), run.err());
        assertFalse(run.out().contains("AF003"), run.out());
    }

    @Test
    void aTimelineIsRefusedToo() throws IOException {
        Cli timeline = Cli.run("timeline", "--pod", "status-capture-repro", LOGS, SNAPSHOTS, "--format", "markdown");
        assertEquals(0, timeline.exitCode(), timeline.err());
        Path pasted = Files.writeString(dir.resolve("timeline.md"), timeline.out());
        Cli run = Cli.run("analyze", pasted.toString(), "--now", NOW);
        assertEquals(2, run.exitCode(), run.out());
        assertTrue(run.err().contains("its Markdown header at line 1: \"## argo-forensics timeline\""), run.err());
    }

    /** Negative control: a log whose lines name the tool, and an issue that quotes the report below its own log lines, are read as logs. */
    @Test
    void logsThatMentionTheToolAreStillRead() throws IOException {
        List<String> log = new ArrayList<>(Files.readAllLines(Path.of(LOGS).resolve(firstLog())));
        log.add(0, "Ran argo-forensics 0.1.0: 3 findings (2 high, 1 medium) on these lines:");
        Path mentions = Files.write(dir.resolve("workflow-controller.log"), log);
        Cli run = Cli.run("analyze", mentions.toString(), "--now", NOW, "--format", "json");
        assertFalse(run.err().contains("not reading"), run.err());
        JsonNode report = JSON.readTree(run.out());
        assertEquals("log", report.get("inputs").get(0).get("kind").asText(), report.get("inputs").toString());
        assertTrue(report.get("inputs").get(0).get("events").asLong() > 0, report.get("inputs").toString());
    }

    private static String firstLog() throws IOException {
        try (var files = Files.list(Path.of(LOGS))) {
            return files.map(p -> p.getFileName().toString()).sorted().findFirst().orElseThrow();
        }
    }

    /**
     * Session 38: a report below other lines passed the check of a file's top. A log with its text report appended ({@code >>}), an
     * issue body with a Markdown report between sentences, and a reply quoting the report were read as logs: the report's quoted
     * records counted a second time. Each is refused now, the reason naming the report's line; the findings are the inputs' alone.
     */
    @Test
    void aReportBelowOtherLinesIsRefusedAndNothingCountsTwice() throws IOException {
        JsonNode alone = JSON.readTree(report("json"));
        String log = Files.readString(Path.of(LOGS, "2-controller-workers0.log"));
        String text = report("text");
        Path appended = Files.writeString(dir.resolve("controller-and-report.log"), log + "\n" + text);
        Path issue = Files.writeString(dir.resolve("issue-body.md"), "Our controller stalled; the tool says:\n\n" + report("markdown")
                + "\nAny idea why the workers went to zero?\n");
        Path reply = Files.writeString(dir.resolve("reply.txt"), "As the report above said:\n\n"
                + String.join("\n", text.lines().map(l -> "> " + l).toList()) + "\n");
        Path json = Files.writeString(dir.resolve("pasted.txt"), "the JSON report:\n" + report("json"));
        for (Path pasted : List.of(appended, issue, reply, json)) {
            Cli run = Cli.run("analyze", LOGS, SNAPSHOTS, pasted.toString(), "--now", NOW, "--format", "json");
            assertEquals(1, run.exitCode(), run.err());
            JsonNode both = JSON.readTree(run.out());
            assertEquals(findings(alone), findings(both), pasted.toString());
            assertTrue(run.err().contains("argo-forensics: not reading " + pasted + ": an argo-forensics report inside the file ("), run.err());
            for (JsonNode f : both.get("findings")) {
                assertFalse(f.toString().contains(pasted.getFileName().toString()), pasted + " cited: " + f);
            }
        }
        Cli named = Cli.run("analyze", appended.toString(), "--now", NOW);
        int header = (int) log.lines().count() + 2;
        assertTrue(named.err().contains("(its text header at line " + header + ": \"argo-forensics "), named.err());
        // control: a log whose message merely names the tool (a CI step that ran it) is read as a log
        Path mention = Files.writeString(dir.resolve("mention.log"), log
                + "time=\"2026-09-19T16:40:00.000Z\" level=info msg=\"argo-forensics 0.1.0: 3 findings\" namespace=ci workflow=w\n");
        Cli read = Cli.run("analyze", mention.toString(), "--now", NOW, "--format", "json");
        assertFalse(read.err().contains("not reading"), read.err());
    }
}
