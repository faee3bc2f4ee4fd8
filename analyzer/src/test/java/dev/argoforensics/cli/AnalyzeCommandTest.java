package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Cli;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AnalyzeCommandTest {
    private static final String[] SAMPLE = {"samples/issue-17024/logs", "samples/issue-17024/snapshots"};
    private static final String NOW = "2026-09-20T00:00:00Z";

    private static String[] analyze(String... extra) {
        String[] args = new String[3 + extra.length];
        args[0] = "analyze";
        args[1] = SAMPLE[0];
        args[2] = SAMPLE[1];
        System.arraycopy(extra, 0, args, 3, extra.length);
        return args;
    }

    /** The report without the line that records the command line (which names the order and --out). */
    private static String withoutCommandLine(String report) {
        return report.lines().filter(l -> !l.startsWith("  Command line ") && !l.startsWith("| Command line |"))
                .collect(java.util.stream.Collectors.joining("\n"));
    }

    @Test
    void sameInputsAndNowGiveTheSameBytesInEveryFormat(@TempDir Path dir) throws Exception {
        for (String format : new String[] {"text", "markdown", "json", "html"}) {
            for (String[] extra : new String[][] {{}, {"--redact-key", "k3y"}}) {
                Path a = dir.resolve("a." + format);
                Path b = dir.resolve("b." + format);
                String[] common = {"--format", format, "--now", NOW, "--out"};
                Cli.run(concat(analyze(common), a.toString(), extra));
                Cli.run(concat(analyze(common), b.toString(), extra));
                byte[] first = Files.readAllBytes(a);
                assertTrue(first.length > 1000, format);
                assertEquals(new String(first, StandardCharsets.UTF_8).replace(a.toString(), "OUT"),
                        Files.readString(b, StandardCharsets.UTF_8).replace(b.toString(), "OUT"), format + " " + String.join(" ", extra));
            }
        }
    }

    private static String[] concat(String[] args, String out, String... extra) {
        String[] all = java.util.Arrays.copyOf(args, args.length + 1 + extra.length);
        all[args.length] = out;
        System.arraycopy(extra, 0, all, args.length + 1, extra.length);
        return all;
    }

    @Test
    void withoutNowTheClockIsTheTimeOfTheRunAndSaysSo() {
        Cli r = Cli.run(analyze());
        assertTrue(r.out().contains("(the time of the run; --now makes the report reproducible)"), r.out());
    }

    @Test
    void aBadNowIsAUsageError() {
        Cli r = Cli.run(analyze("--now", "yesterday"));
        assertEquals(2, r.exitCode());
        assertEquals("argo-forensics: --now: expected an RFC 3339 time with its zone such as 2026-09-20T00:00:00Z or "
                + "2026-09-20T02:00:00+02:00, found \"yesterday\"\n"
                + "hint: see 'argo-forensics analyze --help' for the options and examples\n", r.err());
    }

    @Test
    void inputOrderOnTheCommandLineDoesNotChangeTheReport() {
        assertEquals(withoutCommandLine(Cli.run("analyze", SAMPLE[0], SAMPLE[1], "--now", NOW).out()),
                withoutCommandLine(Cli.run("analyze", SAMPLE[1], SAMPLE[0], "--now", NOW).out()));
    }

    @Test
    void failOnDecidesTheExitStatus() {
        assertEquals(1, Cli.run(analyze()).exitCode());
        assertEquals(1, Cli.run(analyze("--fail-on", "medium")).exitCode());
        assertEquals(0, Cli.run(analyze("--fail-on", "critical")).exitCode());
        assertEquals(0, Cli.run(analyze("--fail-on", "none")).exitCode());
    }

    @Test
    void badUsageExitsTwoWithAMessage() {
        Cli format = Cli.run(analyze("--format", "pdf"));
        assertEquals(2, format.exitCode());
        assertTrue(format.err().contains("unknown format \"pdf\": text, markdown, json, html or github-issue"), format.err());

        Cli failOn = Cli.run(analyze("--fail-on", "severe"));
        assertEquals(2, failOn.exitCode());
        assertTrue(failOn.err().contains("expected one of info, low, medium, high, critical, none; found \"severe\""), failOn.err());

        Cli noPath = Cli.run("analyze");
        assertEquals(2, noPath.exitCode());
    }

    @Test
    void aMissingInputExitsTwoAndNamesIt() {
        Cli r = Cli.run("analyze", "samples/issue-17024/logs", "no/such/folder");
        assertEquals(2, r.exitCode());
        assertEquals("argo-forensics: no/such/folder: no such file or folder\n"
                + "hint: name log files, snapshot files or folders that hold them\n", r.err());
        assertEquals("", r.out());
    }

    @Test
    void outWritesTheReportToAFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("report.md");
        Cli r = Cli.run(analyze("--format", "markdown", "--now", NOW, "--out", file.toString()));
        assertEquals(1, r.exitCode());
        assertEquals("", r.out());
        assertEquals(withoutCommandLine(Cli.run(analyze("--format", "markdown", "--now", NOW)).out()),
                withoutCommandLine(Files.readString(file, StandardCharsets.UTF_8)));
    }

    @Test
    void timelinesCanBeWidenedOrDropped() {
        assertTrue(Cli.run(analyze("--timelines", "none")).out().indexOf("Timeline of Pod") < 0);
        Cli all = Cli.run("analyze", "samples/persisted-before-removal/logs", "samples/persisted-before-removal/snapshots", "--timelines", "all");
        assertTrue(all.out().contains("Timeline of Pod status-capture-test/status-capture-control"), all.out());
    }

    @Test
    void filesThatAreNotEvidenceAreListedAsIgnored() {
        Cli r = Cli.run("analyze", "samples/persisted-before-removal");
        assertEquals(0, r.exitCode());
        assertTrue(r.out().contains("samples/persisted-before-removal/EXPECTED.md"), r.out());
        assertTrue(r.out().contains("      ignored; .md files are not evidence"), r.out());
    }

    /** An issue saved as Markdown and named on the command line is read: its quoted controller lines are the evidence. */
    @Test
    void aMarkdownFileNamedOnTheCommandLineIsRead(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws java.io.IOException {
        java.nio.file.Path issue = dir.resolve("issue.md");
        java.nio.file.Files.copy(java.nio.file.Path.of("samples/issue-report-excerpt/logs/issue.txt"), issue);
        Cli named = Cli.run("analyze", issue.toString(), "--now", "2026-12-01T00:00:00Z");
        assertEquals(1, named.exitCode(), named.out() + named.err());
        assertTrue(named.out().contains("AF001 [high, possible]"), named.out());
        Cli inFolder = Cli.run("analyze", dir.toString(), "--now", "2026-12-01T00:00:00Z");
        assertEquals(2, inFolder.exitCode(), "met in a folder, a .md file stays ignored: " + inFolder.out() + inFolder.err());
    }

    @Test
    void aBadLogZoneIsAUsageError() {
        Cli r = Cli.run(analyze("--log-tz", "Mars/Olympus"));
        assertEquals(2, r.exitCode());
        assertTrue(r.err().contains("--log-tz: expected a zone such as Europe/Berlin, UTC or +02:00; found \"Mars/Olympus\""), r.err());
    }

    @Test
    void formatsShowsWhatWasDetectedPerFile() {
        Cli r = Cli.run("formats", "samples/mixed-formats/logs/v3.7-before-upgrade");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("samples/mixed-formats/logs/v3.7-before-upgrade/workflow-controller.log.2.gz\n  kind          log (gzip)\n"
                + "  format        logrus text\n  lines         12: 11 events (11 recognised), 0 continuation, 0 blank, 1 unparsed\n"
                + "  argo          v3.7.18 (Starting Workflow Controller version=v3.7.18)\n"), r.out());
        assertTrue(r.out().contains("  note          1 Go panic block(s) read as one event each, timed by the neighbouring record"), r.out());
        assertTrue(r.out().contains("controller runs\n  workflow-controller.log #1: v3.7.18"), r.out());
    }

    @Test
    void versionAndHelp() {
        assertTrue(Cli.run("--version").out().startsWith("argo-forensics "));
        Cli help = Cli.run("analyze", "--help");
        assertEquals(0, help.exitCode());
        assertTrue(help.out().contains("argo-forensics analyze samples/issue-17024/logs samples/issue-17024/snapshots"));
    }
}
