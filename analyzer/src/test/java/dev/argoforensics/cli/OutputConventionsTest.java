package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.testing.Cli;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** -o/--output as kubectl and argo spell it, the format from --out's extension, --out -, and --color, through the command line. */
class OutputConventionsTest {
    private static final String NOW = "2026-09-20T00:00:00Z";
    private static final String LOGS = "samples/issue-17024/logs";
    private static final String SNAPSHOTS = "samples/issue-17024/snapshots";
    private static final String ESC = "\u001b[";

    @TempDir
    Path dir;

    private static String[] analyze(String... extra) {
        List<String> args = new ArrayList<>(List.of("analyze", LOGS, SNAPSHOTS, "--now", NOW));
        args.addAll(List.of(extra));
        return args.toArray(String[]::new);
    }

    @Test
    void outputFormatAndItsAliasesGiveTheSameReport() throws Exception {
        String json = Cli.run(analyze("-o", "json")).out();
        assertEquals("json", new ObjectMapper().readTree(json).path("provenance").path("commandLine").get(6).asText());
        for (String option : new String[] {"--output", "--format", "--output=json", "-ojson"}) {
            String[] args = option.contains("json") ? analyze(option) : analyze(option, "json");
            assertEquals(withoutCommandLine(json), withoutCommandLine(Cli.run(args).out()), option);
        }
        Cli timeline = Cli.run("timeline", "--pod", "status-capture-repro", LOGS, SNAPSHOTS, "--output", "markdown");
        assertEquals(0, timeline.exitCode(), timeline.err());
        assertTrue(timeline.out().startsWith("## "), timeline.out());
    }

    @Test
    void theFormatComesFromTheExtensionOfOut() throws Exception {
        String[][] cases = {{"r.html", "<!DOCTYPE html>"}, {"r.htm", "<!DOCTYPE html>"}, {"r.json", "{\n  \"schemaVersion\""},
            {"r.md", "## argo-forensics report"}, {"r.MARKDOWN", "## argo-forensics report"}, {"r.txt", "argo-forensics 0.1.0"},
            {"r.log", "argo-forensics 0.1.0"}};
        for (String[] c : cases) {
            Path out = dir.resolve(c[0]);
            Cli r = Cli.run(analyze("--out", out.toString()));
            assertEquals(1, r.exitCode(), c[0] + ": " + r.err());
            assertEquals("", r.out(), "nothing on stdout with --out");
            assertTrue(Files.readString(out).startsWith(c[1]), c[0] + ": " + Files.readString(out).substring(0, 80));
        }
        Path timeline = dir.resolve("pod.html");
        Cli t = Cli.run("timeline", "--pod", "status-capture-repro", LOGS, SNAPSHOTS, "--out", timeline.toString());
        assertEquals(0, t.exitCode(), t.err());
        assertTrue(Files.readString(timeline).startsWith("<!DOCTYPE html>"));
    }

    @Test
    void aFormatThatContradictsTheExtensionIsRefusedBeforeAnythingIsRead() {
        Path out = dir.resolve("report.json");
        Cli r = Cli.run(analyze("-o", "html", "--out", out.toString()));
        assertEquals(2, r.exitCode());
        assertEquals("", r.out());
        assertTrue(r.err().startsWith("argo-forensics: -o html contradicts --out " + out + " (a .json file is json): name it report.html,"
                + " or drop -o to write json\nhint: "), r.err());
        assertFalse(Files.exists(out));
        // The same format, another spelling of the extension, or a draft (Markdown) into .md: no contradiction.
        assertEquals(1, Cli.run(analyze("--format", "markdown", "--out", dir.resolve("a.md").toString())).exitCode());
        assertEquals(1, Cli.run(analyze("-o", "text", "--out", dir.resolve("a.txt").toString())).exitCode());
        Cli timeline = Cli.run("timeline", "--pod", "status-capture-repro", LOGS, SNAPSHOTS, "-o", "json", "--out", dir.resolve("t.md").toString());
        assertEquals(2, timeline.exitCode());
        assertTrue(timeline.err().contains("-o json contradicts --out"), timeline.err());
    }

    @Test
    void outNamedAfterAFormatIsTakenForASlip() {
        Cli r = Cli.run(analyze("--out", dir.resolve("json").toString()));
        assertEquals(2, r.exitCode());
        assertTrue(r.err().contains("would write a file named \"json\": for the format give -o json"), r.err());
        assertFalse(Files.exists(dir.resolve("json")));
    }

    @Test
    void outDashIsStandardOutputNeverAFileNamedDash() throws Exception {
        Path cwd = Path.of("-");
        assertFalse(Files.exists(cwd), "a file named '-' left by someone else");
        Cli r = Cli.run(analyze("--out", "-", "-o", "json"));
        assertEquals(1, r.exitCode(), r.err());
        assertEquals(withoutCommandLine(Cli.run(analyze("-o", "json")).out()), withoutCommandLine(r.out()));
        assertFalse(Files.exists(cwd), "--out - wrote a file named '-'");
        Cli draft = Cli.run(analyze("-o", "github-issue", "--out", "-", "--redact-key", "k"));
        assertTrue(draft.out().contains("### What happened?"), draft.out());
        assertTrue(draft.err().contains("the draft's redaction map is not written"), draft.err());
        assertFalse(Files.exists(Path.of("-.redaction-map.tsv")));
    }

    @Test
    void colorAlwaysNeverAndAutoForTheTextReport() {
        String plain = run(Terminal.NONE, analyze());
        assertFalse(plain.contains(ESC));
        String always = run(Terminal.NONE, analyze("--color=always"));
        assertTrue(always.contains(ESC + "1mAF001" + ESC + "0m"), "always: colours into a pipe");
        assertEquals(textWithoutCommandLine(plain), textWithoutCommandLine(always.replaceAll("\u001b\\[[0-9;]*m", "")));
        assertEquals(textWithoutCommandLine(always), textWithoutCommandLine(run(Terminal.NONE, analyze("--color"))),
                "--color alone means always");
        Terminal tty = new Terminal(true, false, false);
        assertTrue(run(tty, analyze()).contains(ESC), "auto on a terminal");
        assertFalse(run(tty, analyze("--color", "never")).contains(ESC), "never");
        assertFalse(run(new Terminal(true, true, false), analyze()).contains(ESC), "auto with NO_COLOR");
        assertFalse(run(tty, analyze("-o", "json", "--color=always")).contains(ESC), "colours are the text report's only");
        Cli bad = Cli.run(analyze("--color=sometimes"));
        assertEquals(2, bad.exitCode());
        assertTrue(bad.err().contains("AUTO, ALWAYS, NEVER"), bad.err());
    }

    @Test
    void aTerminalIsKnownByStandardOutputAlone() {
        assertTrue(Terminal.isTerminalDevice("/dev/pts/3"));
        assertTrue(Terminal.isTerminalDevice("/dev/tty1"));
        assertFalse(Terminal.isTerminalDevice("pipe:[123456]"));
        assertFalse(Terminal.isTerminalDevice("/tmp/report.txt"));
        assertFalse(Terminal.isTerminalDevice("/dev/null"));
    }

    /**
     * The tool in a process of its own under a pseudo-terminal ({@code script}), standard input from /dev/null: before, colour
     * was decided by System.console(), which is null as soon as standard input is redirected.
     */
    @Test
    void onATerminalWithStdinRedirectedTheReportIsInColour() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String command = "'" + java + "' -cp '" + System.getProperty("java.class.path") + "' dev.argoforensics.cli.Main analyze -q "
                + LOGS + " " + SNAPSHOTS + " --now " + NOW + " < /dev/null";
        assertTrue(script(command, false).contains(ESC + "1mAF001"), "colour on a terminal, stdin redirected");
        assertFalse(script(command, true).contains(ESC + "1mAF001"), "NO_COLOR");
    }

    private String script(String command, boolean noColor) throws Exception {
        Path typescript = dir.resolve("typescript");
        ProcessBuilder pb = new ProcessBuilder("script", "-qec", command, typescript.toString()).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        pb.environment().remove("NO_COLOR");
        pb.environment().put("TERM", "xterm");
        if (noColor) {
            pb.environment().put("NO_COLOR", "1");
        }
        Process p = pb.start();
        byte[] seen = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        String out = new String(seen, StandardCharsets.UTF_8);
        assertTrue(out.contains("AF001"), out);
        return out;
    }

    private static String run(Terminal terminal, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        try (PrintWriter o = new PrintWriter(out); PrintWriter e = new PrintWriter(err)) {
            Main.run(o, e, terminal, args);
        }
        return out.toString();
    }

    private static String textWithoutCommandLine(String report) {
        return report.replaceAll("(?m)^.*Command line.*$", "");
    }

    private static String withoutCommandLine(String json) throws Exception {
        JsonNode tree = new ObjectMapper().readTree(json);
        ((com.fasterxml.jackson.databind.node.ObjectNode) tree.get("provenance")).remove("commandLine");
        return tree.toString();
    }
}
