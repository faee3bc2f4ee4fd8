package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.testing.Cli;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The #17024 sample's logs as someone pastes them into an issue: in a fence, under the prompt of the
 * command that filtered them, with omission marks between the pieces. The finding is the same; the
 * report counts the furniture apart from unparsed lines, names the command, and the finding says that
 * lines between those it cites may be missing.
 */
class ExcerptReportTest {
    private static final String SAMPLE = "samples/issue-17024";
    private static final String NOW = "2026-09-20T00:00:00Z";
    private static final String COMMAND = "kubectl logs deploy/workflow-controller -n status-capture-test | grep -v \"Processing workflow\"";

    @TempDir
    Path dir;
    private Path paste;

    @BeforeEach
    void paste() throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add("```console");
        lines.add("$ " + COMMAND);
        lines.addAll(Files.readAllLines(Path.of(SAMPLE, "logs/1-controller-workers2.log")));
        lines.add("...");
        lines.add("");
        lines.addAll(Files.readAllLines(Path.of(SAMPLE, "logs/2-controller-workers0.log")));
        lines.add("[…]");
        lines.addAll(Files.readAllLines(Path.of(SAMPLE, "logs/3-controller-workers-restored.log")));
        lines.add("```");
        paste = dir.resolve("issue-comment.log");
        Files.writeString(paste, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
    }

    @Test
    void formatsCountsTheFurnitureApartAndNamesTheCommand() {
        Cli r = Cli.run("formats", paste.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("  lines         55: 49 events (41 recognised), 0 continuation, 1 blank, 0 unparsed, 5 excerpt furniture\n"), r.out());
        assertTrue(r.out().contains("  furniture     5 excerpt furniture lines (1 shell prompt, 2 omission marks (..., [...], <snip>),"
                + " 2 Markdown fences or tags)\n"), r.out());
        assertTrue(r.out().contains("  excerpt       filtered by: `" + COMMAND + "`\n"), r.out());
    }

    @Test
    void theTextReportNamesTheCommandAndTheFindingSaysLinesMayBeMissing() {
        Cli folder = Cli.run("analyze", SAMPLE + "/logs", SAMPLE + "/snapshots", "--now", NOW);
        Cli r = Cli.run("analyze", paste.toString(), SAMPLE + "/snapshots", "--now", NOW);
        assertEquals(1, r.exitCode(), r.err());
        assertTrue(r.out().contains("delay=-1m24.257168224s"), r.out());
        assertTrue(r.out().contains(paste + ":33  [issue-comment.log #2]  (removal scheduled; negative delay = deadline already passed)"), r.out());
        assertTrue(r.out().contains("      log; slog text, logrus text; 55 lines, 49 events, 0 unparsed, 5 excerpt furniture\n"), r.out());
        assertTrue(r.out().contains("      excerpt filtered by: `" + COMMAND + "`\n"), r.out());
        assertTrue(r.out().contains("Read            55 log lines: 49 records, 0 continuation, 1 blank, 0 unparsed, 5 excerpt furniture;"), r.out());
        String flat = r.out().replaceAll("\\s+", " ");
        assertTrue(flat.contains("the evidence comes in part from logs with gaps: " + paste + " is an excerpt (filtered by `" + COMMAND
                + "`; 2 omission marks such as ... (lines left out)), so lines between those cited may be missing"), flat);
        assertFalse(folder.out().contains("excerpt"), "the folder's own report has no furniture");
        assertTrue(folder.out().contains("Read            49 log lines: 49 records, 0 continuation, 0 blank, 0 unparsed; 3 objects"), folder.out());
    }

    @Test
    void markdownHtmlAndJsonNameTheCommandToo() throws IOException {
        Cli md = Cli.run("analyze", paste.toString(), SAMPLE + "/snapshots", "--now", NOW, "--format", "markdown");
        assertTrue(md.out().contains("- excerpt filtered by: `" + COMMAND + "`\n"), md.out());
        Cli html = Cli.run("analyze", paste.toString(), SAMPLE + "/snapshots", "--now", NOW, "--format", "html");
        assertTrue(html.out().contains("excerpt filtered by: kubectl logs deploy/workflow-controller -n status-capture-test | grep -v &quot;Processing workflow&quot;"),
                html.out());
        Cli json = Cli.run("analyze", paste.toString(), SAMPLE + "/snapshots", "--now", NOW, "--format", "json");
        JsonNode report = new ObjectMapper().readTree(json.out());
        JsonNode input = null;
        for (JsonNode i : report.get("inputs")) {
            if (i.get("path").asText().equals(paste.toString())) {
                input = i;
            }
        }
        assertEquals(5, input.get("furniture").asLong());
        assertEquals(0, input.get("unparsed").asLong());
        assertEquals(COMMAND, input.get("excerptCommands").get(0).asText());
        assertEquals(5, report.get("provenance").get("lines").get("logFurniture").asLong());
    }

    @Test
    void redactionRewritesTheCommandLikeEveryOtherString() {
        Cli r = Cli.run("analyze", paste.toString(), SAMPLE + "/snapshots", "--now", NOW, "--redact-key", "k3y");
        assertFalse(r.out().contains("status-capture-test"), r.out());
        assertTrue(r.out().contains("      excerpt filtered by: `kubectl logs deploy/workflow-controller -n "), r.out());
    }
}
