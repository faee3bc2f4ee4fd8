package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Errors said as the rest of the tool says them: what, where, what was expected; one line and a hint; exit 2; no report. */
class ErrorsAsTheRestTest {
    private static final String LOGS = "samples/issue-17024/logs";
    private static final String SNAPSHOTS = "samples/issue-17024/snapshots";
    private static final String NOW = "2026-09-20T00:00:00Z";

    @TempDir
    Path dir;

    @Test
    void anEmptyFolderGivesTheErrorAloneAndNoReport() throws Exception {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        for (String format : new String[] {"text", "json", "markdown", "html", "github-issue"}) {
            Cli r = Cli.run("analyze", empty.toString(), "-o", format, "--now", NOW);
            assertEquals(2, r.exitCode(), format);
            assertEquals("", r.out(), format + ": no report of nothing");
            assertEquals("argo-forensics: nothing usable was read: no log record and no object in the inputs (no file in them)\n"
                    + "hint: name log files, snapshot files or folders that hold them\n", r.err(), format);
        }
        Path report = dir.resolve("r.html");
        assertEquals(2, Cli.run("analyze", empty.toString(), "--out", report.toString()).exitCode());
        assertFalse(Files.exists(report), "no report file either");
    }

    @Test
    void aBinaryFileAloneIsNamedWithWhatWasFoundInIt() throws Exception {
        Path binary = dir.resolve("core.bin");
        byte[] bytes = new byte[4096];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (i * 7 % 256);
        }
        Files.write(binary, bytes);
        Cli r = Cli.run("analyze", binary.toString());
        assertEquals(2, r.exitCode());
        assertEquals("", r.out());
        assertTrue(r.err().startsWith("argo-forensics: nothing usable was read: no log record and no object in the inputs ("
                + binary), r.err());
        assertEquals(2, r.err().lines().count(), r.err());

        Cli timeline = Cli.run("timeline", "--pod", "x", binary.toString());
        assertEquals(2, timeline.exitCode());
        assertEquals("", timeline.out());
        assertFalse(timeline.err().contains("no Pod named"), "the reason is that nothing was read: " + timeline.err());

        Cli search = Cli.run("search", "level:error", binary.toString());
        assertEquals(2, search.exitCode());
        assertEquals("", search.out());
        assertTrue(search.err().contains("nothing usable was read"), search.err());
    }

    /**
     * {@code argo logs} pasted without its prompt (each line {@code <pod>: }, the executor's own lines): kept apart as the
     * executor's, neither records nor unparsed. The error says so, where "no record, 0 unparsed lines" alone read as an empty
     * file (session 45, an upstream paste's shape). The control: a file of prose alone still says only its unparsed lines.
     */
    @Test
    void executorLinesAloneAreSaidKeptApart() throws Exception {
        Path paste = dir.resolve("argo-logs.txt");
        Files.writeString(paste, "build-q1w2e-compile-3391003217: time=\"2025-06-02T04:05:09.210Z\" level=info msg=\"Starting Workflow Executor\" version=v3.6.4\n"
                + "build-q1w2e-compile-3391003217: time=\"2025-06-02T04:10:59.002Z\" level=info msg=\"Main container completed\" error=\"<nil>\"\n");
        Cli r = Cli.run("analyze", paste.toString(), "--now", NOW);
        assertEquals(2, r.exitCode());
        assertEquals("argo-forensics: nothing usable was read: no log record and no object in the inputs (" + paste
                + ": read as a log, no record, 0 unparsed lines, 2 lines of other containers kept apart (argoexec (by its messages) 2))\n"
                + "hint: name log files, snapshot files or folders that hold them\n", r.err());

        Path prose = dir.resolve("prose.txt");
        Files.writeString(prose, "the step failed with pod deleted\n");
        Cli p = Cli.run("analyze", prose.toString(), "--now", NOW);
        assertEquals(2, p.exitCode());
        assertTrue(p.err().startsWith("argo-forensics: nothing usable was read: no log record and no object in the inputs (" + prose
                + ": read as a log, no record, 1 unparsed line)\n"), p.err());
    }

    @Test
    void aMalformedQueryInOneLineWithTheColumnAndAHint() {
        Cli r = Cli.run("search", "pod:x AND AND y", LOGS);
        assertEquals(2, r.exitCode());
        assertEquals("argo-forensics: query: unexpected \"AND\" at column 11: pod:x AND AND y\n", r.err().lines().findFirst().get() + "\n");
        assertEquals(2, r.err().lines().count(), r.err());
        assertTrue(r.err().lines().skip(1).findFirst().get().startsWith("hint: quote a value with special characters"), r.err());
        assertFalse(r.err().contains("Was expecting"), "not Lucene's parser dump");

        Cli end = Cli.run("search", "pod:x AND", LOGS);
        assertEquals("argo-forensics: query: the query ends too early, at column 10: pod:x AND\n"
                + "hint: an operator (AND, OR, NOT), a field name or a bracket needs something after it\n", end.err());

        Cli quote = Cli.run("search", "\"pod deleted", LOGS);
        assertEquals(2, quote.exitCode());
        assertTrue(quote.err().startsWith("argo-forensics: query: a quote is not closed at column "), quote.err());
        assertEquals(2, quote.err().lines().count(), quote.err());
    }

    @Test
    void anUnknownFieldIsNamedWithTheKnownOnes() {
        Cli unknown = Cli.run("search", "nosuchfield:x", LOGS, SNAPSHOTS);
        assertEquals(2, unknown.exitCode(), "not 0 hits without a word");
        assertEquals("", unknown.out());
        String first = unknown.err().lines().findFirst().get();
        assertTrue(first.startsWith("argo-forensics: query: no field \"nosuchfield\" in the index; the fields are action, "), first);
        for (String field : new String[] {"pod", "workflow", "namespace", "level", "kind", "text", "time", "verb"}) {
            assertTrue(first.contains(" " + field + ","), field + " in " + first);
        }

        Cli wrongCase = Cli.run("search", "Pod:status-capture-repro", LOGS);
        assertEquals(2, wrongCase.exitCode());
        assertEquals("argo-forensics: query: no field \"Pod\": field names are case-sensitive; did you mean \"pod\"?\n"
                + "hint: write pod:VALUE; docs/search.md lists the fields\n", wrongCase.err());

        // A documented field no event here has (no audit log among these inputs) is no error: it finds nothing.
        Cli audit = Cli.run("search", "verb:delete", LOGS);
        assertEquals(1, audit.exitCode(), audit.err());
        assertEquals("", audit.err());
        // A record's own key (podGC=... on a queuing line) is a field too.
        Cli key = Cli.run("search", "podGC:*", LOGS);
        assertEquals(0, key.exitCode(), key.err());
        assertTrue(key.out().contains("2-controller-workers0.log:10"), key.out());
    }

    @Test
    void nowWithoutAZoneIsRefusedWithTheExpectedForm() {
        Cli r = Cli.run("analyze", LOGS, "--now", "2026-09-20T00:00:00");
        assertEquals(2, r.exitCode());
        assertEquals("", r.out());
        assertTrue(r.err().startsWith("argo-forensics: --now: expected an RFC 3339 time with its zone such as 2026-09-20T00:00:00Z or "
                + "2026-09-20T02:00:00+02:00, found \"2026-09-20T00:00:00\" (no zone)\n"), r.err());
        Cli garbage = Cli.run("analyze", LOGS, "--now", "yesterday");
        assertEquals(2, garbage.exitCode());
        assertTrue(garbage.err().contains("found \"yesterday\"\n"), garbage.err());
        assertEquals(1, Cli.run("analyze", LOGS, "--now", "2026-09-20T02:00:00+02:00").exitCode());
    }

    @Test
    void contradictoryRuleSelectionsAreRefused() {
        Cli both = Cli.run("analyze", LOGS, "--rule", "AF001", "--skip-rule", "af001");
        assertEquals(2, both.exitCode());
        assertEquals("", both.out(), "not 'no findings'");
        assertTrue(both.err().startsWith("argo-forensics: --rule and --skip-rule both name AF001: run it or skip it, not both\n"),
                both.err());

        Cli partly = Cli.run("analyze", LOGS, "--rule", "AF001,AF003", "--skip-rule", "AF003");
        assertEquals(2, partly.exitCode());
        assertTrue(partly.err().contains("both name AF003"), partly.err());

        String every = String.join(",", Cli.run("rules", "-o", "json").out().lines().filter(l -> l.contains("\"id\""))
                .map(l -> l.replaceAll(".*\"(AF[0-9]+)\".*", "$1")).toList());
        Cli none = Cli.run("analyze", LOGS, "--skip-rule", every);
        assertEquals(2, none.exitCode(), every);
        assertTrue(none.err().contains("--skip-rule skips every rule"), none.err());

        assertEquals(1, Cli.run("analyze", LOGS, "--rule", "AF001", "--skip-rule", "AF003").exitCode(), "no overlap: fine");
    }
}
