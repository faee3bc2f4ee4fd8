package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Cli;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** --help, --version, completion, colours and error messages, as a user meets them. */
class CommandLinePolishTest {
    private static final String[] SAMPLE = {"analyze", "samples/issue-17024/logs", "samples/issue-17024/snapshots", "--now",
        "2026-09-20T00:00:00Z"};

    @Test
    void everyCommandsHelpHasExamples() {
        for (String[] help : new String[][] {{"--help"}, {"analyze", "--help"}, {"formats", "--help"}, {"completion", "--help"},
            {"rules", "--help"}}) {
            Cli r = Cli.run(help);
            assertEquals(0, r.exitCode(), String.join(" ", help));
            assertTrue(r.out().contains("Examples:\n  "), String.join(" ", help) + ":\n" + r.out());
        }
    }

    @Test
    void versionNamesTheBuildCommit() {
        Cli r = Cli.run("--version");
        assertTrue(r.out().matches("argo-forensics \\S+ \\(commit ([0-9a-f]{40}(-modified)?|unknown)\\)\\n"), r.out());
        assertEquals(r.out(), Cli.run("analyze", "--version").out());
        assertEquals(r.out(), Cli.run("formats", "--version").out());
    }

    @Test
    void completionPrintsPicocliBashAndZshScript() {
        Cli r = Cli.run("completion");
        assertEquals(0, r.exitCode());
        assertTrue(r.out().startsWith("#!/usr/bin/env bash"), r.out());
        assertTrue(r.out().contains("complete -F _complete_argo-forensics"), "registers the completion function");
        for (String option : new String[] {"--format", "--redact-key", "--redact-map", "--now", "--timelines", "--rule", "--skip-rule",
            "--stall-threshold"}) {
            assertTrue(r.out().contains(option), option);
        }
    }

    @Test
    void errorsAreOneLineAndAHintWithoutAStackTrace() {
        Cli unknown = Cli.run("analyze", "samples", "--fromat", "html");
        assertEquals(2, unknown.exitCode());
        assertEquals(2, unknown.err().lines().count(), unknown.err());
        assertTrue(unknown.err().startsWith("argo-forensics: Unknown option: '--fromat'\nhint: "), unknown.err());

        Cli unwritable = Cli.run(concat(SAMPLE, "--out", "no/such/folder/report.html", "--format", "html"));
        assertEquals(2, unwritable.exitCode());
        assertEquals("argo-forensics: cannot write no/such/folder/report.html: no such folder\n"
                + "hint: check that the folder exists and is writable\n", unwritable.err());
        assertFalse(unwritable.err().contains("\tat "), "no stack trace without --debug");
    }

    @Test
    void debugAddsTheStackTrace() {
        Cli r = Cli.run(concat(SAMPLE, "--debug", "--out", "no/such/folder/report.html"));
        assertEquals(2, r.exitCode());
        assertTrue(r.err().startsWith("argo-forensics: cannot write no/such/folder/report.html"), r.err());
        assertTrue(r.err().contains("\tat dev.argoforensics.cli.AnalyzeCommand"), r.err());
    }

    @Test
    void coloursOnlyOnATerminalAndNeverWithNoColor() {
        String plain = run(Terminal.NONE);
        assertFalse(plain.contains("\u001b["), "no escape codes on a pipe");
        String coloured = run(new Terminal(true, false, false));
        assertTrue(coloured.contains("\u001b[1mAF001\u001b[0m [\u001b[31mhigh\u001b[0m, likely]"), coloured);
        assertEquals(plain, coloured.replaceAll("\u001b\\[[0-9;]*m", ""), "the same words either way");
        assertFalse(run(new Terminal(true, true, false)).contains("\u001b["), "NO_COLOR");
        assertFalse(run(new Terminal(true, false, true)).contains("\u001b["), "TERM=dumb");
        assertTrue(Terminal.detect(Map.of("NO_COLOR", "1")).noColor());
        assertFalse(Terminal.detect(Map.of("NO_COLOR", "")).noColor(), "an empty NO_COLOR is unset (no-color.org)");
    }

    private static String run(Terminal terminal) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        try (PrintWriter o = new PrintWriter(out); PrintWriter e = new PrintWriter(err)) {
            Main.run(o, e, terminal, SAMPLE);
        }
        return out.toString();
    }

    private static String[] concat(String[] a, String... b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
