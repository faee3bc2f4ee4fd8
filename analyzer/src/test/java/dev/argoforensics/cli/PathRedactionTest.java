package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A name known only from a file's name (the standby replica's Pod, whose log was saved under its
 * name) is redacted like any other, in every format; and Markdown prose mentions nobody.
 */
class PathRedactionTest {
    private static final String POD = "workflow-controller-6b8d9f7c4-p2x7w";

    @TempDir
    Path dir;

    @Test
    void aPodNameInAFileNameIsReplacedInEveryFormat() throws Exception {
        Path logs = Files.createDirectories(dir.resolve("logs"));
        Path from = Path.of("samples/issue-17024/logs");
        Files.copy(from.resolve("1-controller-workers2.log"), logs.resolve(POD + ".log"));
        Files.copy(from.resolve("2-controller-workers0.log"), logs.resolve("2-controller-workers0.log"));
        Files.copy(from.resolve("3-controller-workers-restored.log"), logs.resolve("3-controller-workers-restored.log"));
        String snapshots = "samples/issue-17024/snapshots";
        Cli plain = Cli.run("analyze", logs.toString(), snapshots, "--now", "2026-10-01T00:00:00Z");
        assertTrue(plain.out().contains(POD), "without --redact the name is there: " + plain.out());
        for (String format : List.of("text", "markdown", "json", "html")) {
            Cli r = Cli.run("analyze", logs.toString(), snapshots, "--redact", "--redact-key", "k", "--timelines", "all", "-o", format,
                    "--now", "2026-10-01T00:00:00Z");
            assertEquals(1, r.exitCode(), r.err());
            assertFalse(r.out().contains("p2x7w") || r.out().contains("6b8d9f7c4"), format + ": " + r.out());
        }
        Path map = dir.resolve("map.tsv");
        Cli.run("analyze", logs.toString(), snapshots, "--redact-map", map.toString(), "--now", "2026-10-01T00:00:00Z");
        assertTrue(Files.readString(map).contains(POD), "the map says which pseudonym stands for it");
    }

    @Test
    void markdownProseFromTheEvidenceMentionsNobodyAndLinksNoIssue() throws Exception {
        Path logs = Files.createDirectories(dir.resolve("logs"));
        Files.copy(Path.of("samples/issue-17024/logs/2-controller-workers0.log"), logs.resolve("2-controller-workers0.log"));
        Files.writeString(logs.resolve("notes for @octocat about #123.bin"), "\u0000\u0001binary");
        String md = Cli.run("analyze", logs.toString(), "-o", "markdown", "--now", "2026-10-01T00:00:00Z").out();
        assertTrue(md.contains("@octocat"), md);
        for (String line : md.split("\n")) {
            // Outside code spans, neither a mention nor an issue reference is left.
            String prose = line.replaceAll("`+[^`]*`+", "");
            assertFalse(prose.matches(".*(^|[^A-Za-z0-9_`])@octocat.*"), line);
            assertFalse(prose.matches(".*(^|[^A-Za-z0-9_`&/])\\\\?#123\\b.*"), line);
        }
    }
}
