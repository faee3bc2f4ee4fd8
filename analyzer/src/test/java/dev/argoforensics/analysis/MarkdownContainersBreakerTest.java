package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.argoforensics.accounting.InputSummary;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 45 breaker of session 44's Markdown readings: log lines quoted in containers nested as comments nest them (a fence inside a
 * quote inside a list item), a record whose own message holds backticks (an admission webhook's answer naming a field) in a fence,
 * and records quoted a bullet each in code spans ({@code - `time=…`}): each record read, the text around them prose, none unparsed.
 * A list item's code span was no code span before (4 unparsed lines, no record); a sentence's code span in an item stays text.
 */
class MarkdownContainersBreakerTest {
    @TempDir
    Path dir;

    private static final String A = "time=\"2026-11-07T08:10:02.311Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=5518820 namespace=ml-batch workflow=nightly-etl-q7w2x";
    private static final String B = "time=\"2026-11-07T08:10:02.351Z\" level=info msg=\"Workflow update successful\" namespace=ml-batch phase=Running resourceVersion=5518833 workflow=nightly-etl-q7w2x";
    private static final String TICK = "time=\"2026-11-07T08:10:02.340Z\" level=warning msg=\"Error updating workflow\" error=\"admission webhook denied: field `spec.podGC` is immutable\" namespace=ml-batch workflow=nightly-etl-q7w2x";

    private InputSummary read(String name, List<String> lines) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        AnalysisResult r = Analysis.standard(AnalysisOptions.defaults().withThreads(1)).run(List.of(p.toString()));
        return r.inputs().get(0);
    }

    @Test
    void aFenceInAQuoteInAListItemHoldsRecords() throws IOException {
        InputSummary s = read("reply.md", List.of(
                "Replying to the question above:",
                "",
                "- > We saw this in the controller:",
                "  > ```",
                "  > " + A,
                "  > " + B,
                "  > ```",
                "- and it went on.",
                ""));
        assertEquals(2, s.events());
        assertEquals(0, s.unparsed(), s.samples().toString());
        assertEquals(3, s.furniture().prose(), s.furniture().toString());
    }

    @Test
    void aRecordWithBackticksInItsMessageInAFence() throws IOException {
        InputSummary s = read("issue.md", List.of(
                "The controller said:",
                "",
                "```",
                A,
                TICK,
                B,
                "```",
                "",
                "The `spec.podGC` field was never changed by us."));
        assertEquals(3, s.events());
        assertEquals(0, s.unparsed(), s.samples().toString());
        assertEquals(2, s.furniture().prose(), s.furniture().toString());
    }

    @Test
    void recordsInCodeSpansABulletEach() throws IOException {
        InputSummary s = read("comment.md", List.of(
                "Two lines from the log:",
                "- `" + A + "`",
                "- `" + TICK.replace("`", "'") + "`",
                "That is all."));
        assertEquals(2, s.events());
        assertEquals(0, s.unparsed(), s.samples().toString());
        assertEquals(2, s.furniture().prose(), s.furniture().toString());
        // Control: an item's code span holding a sentence's words is the sentence (text around the records), not a record.
        InputSummary words = read("words.md", List.of(
                "Two lines from the log:",
                "- `" + A + "`",
                "- `pod deleted`",
                "That is all."));
        assertEquals(1, words.events());
        assertEquals(3, words.furniture().prose() + words.unparsed(), words.furniture().toString());
    }
}
