package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.envelope.EnvelopeKind;
import dev.argoforensics.event.LogEvent;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pasted excerpts read in chunks (session 33): what a chunk boundary must not cut apart. Each case puts a boundary exactly where
 * the defect showed (the planner cuts at the first line break at or after the chunk size, so a chunk size equal to the offset of a
 * line's break ends the chunk on that line), and compares with the file read whole.
 */
class PastedExcerptChunksTest {
    @TempDir
    Path dir;

    private record Read(List<LogEvent> events, InputSummary summary, AnalysisResult result) {
    }

    private Read read(long chunkBytes, String name, List<String> lines) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        AnalysisOptions options = AnalysisOptions.defaults().withThreads(2).keepingEverything(true).withChunkBytes(chunkBytes);
        AnalysisResult result = Analysis.standard(options).run(List.of(p.toString()));
        return new Read(result.correlation().events(), result.inputs().get(0), result);
    }

    /** The byte offset of the line break that ends the first line equal to {@code line}. */
    private static long breakAfter(List<String> lines, String line) {
        long offset = 0;
        for (String l : lines) {
            offset += l.getBytes(StandardCharsets.UTF_8).length;
            if (l.equals(line)) {
                return offset;
            }
            offset++;
        }
        throw new IllegalArgumentException(line);
    }

    /** A log console's rows copied as text: each row's time on a line of its own, the controller's line under it. */
    private static List<String> consoleCopy() {
        List<String> lines = new ArrayList<>();
        lines.add("Copied from the log console, controller Pod workflow-controller-85c7d9f6b4-m2qrt:");
        lines.add("");
        String[][] rows = {
            {"2026-03-17 08:41:02.118", "time=\"2026-03-17T08:41:02.117Z\" level=info msg=\"Processing workflow\" Phase=Running"
                    + " ResourceVersion=40211 namespace=media workflow=thumbs-batch-q7w2c"},
            {"2026-03-17 08:41:02.131", "time=\"2026-03-17T08:41:02.130Z\" level=info msg=\"Pod failed: Error (exit code 137)\""
                    + " displayName=\"resize(3)\" namespace=media pod=thumbs-batch-q7w2c-resize-3318804467 templateName=resize"
                    + " workflow=thumbs-batch-q7w2c"},
            {"2026-03-17 08:41:02.140", "time=\"2026-03-17T08:41:02.139Z\" level=info msg=\"node changed\" namespace=media"
                    + " new.message=\"Error (exit code 137)\" new.phase=Failed new.progress=0/1"
                    + " nodeID=thumbs-batch-q7w2c-3318804467 old.message= old.phase=Running old.progress=0/1 workflow=thumbs-batch-q7w2c"},
            {"2026-03-17 08:41:02.162", "time=\"2026-03-17T08:41:02.161Z\" level=info msg=\"Workflow update successful\""
                    + " namespace=media phase=Running resourceVersion=40219 workflow=thumbs-batch-q7w2c"},
        };
        for (String[] row : rows) {
            lines.add(row[0]);
            lines.add(row[1]);
        }
        return lines;
    }

    /**
     * A time line and the record under it on either side of a chunk boundary: the record keeps the time above it as the collector's,
     * and the time line is no unparsed line. Before, the chunk before gave the time line back as a line of its own (unparsed) and
     * the record at the head of the next chunk had no collector's time.
     */
    @Test
    void aTimeLineAndItsRecordAcrossAChunkBoundaryKeepTheTime() throws IOException {
        List<String> lines = consoleCopy();
        Read whole = read(1 << 24, "console.txt", lines);
        assertEquals(4, whole.events().size());
        assertTrue(whole.events().stream().allMatch(e -> e.envelope() == EnvelopeKind.TIME_ABOVE), whole.events().toString());
        assertEquals(1, whole.summary().unparsed(), "the sentence only");
        for (String timeLine : List.of("2026-03-17 08:41:02.131", "2026-03-17 08:41:02.162")) {
            Read cut = read(breakAfter(lines, timeLine), "console.txt", lines);
            assertEquals(whole.summary().unparsed(), cut.summary().unparsed(), "boundary after " + timeLine);
            assertEquals(whole.summary().continuation(), cut.summary().continuation(), "boundary after " + timeLine);
            for (int i = 0; i < whole.events().size(); i++) {
                LogEvent w = whole.events().get(i);
                LogEvent c = cut.events().get(i);
                assertEquals(w.line(), c.line());
                assertEquals(EnvelopeKind.TIME_ABOVE, c.envelope(), "boundary after " + timeLine + ": line " + c.line());
                assertNotNull(c.envelopeTime());
                assertEquals(w.envelopeTime().instant(), c.envelopeTime().instant());
            }
        }
    }

    /**
     * Negative control: a time line with prose under it, cut from it by a boundary as before, is still given back as a line of its
     * own; and a file of records with no time lines is cut where it was.
     */
    @Test
    void aTimeLineWithProseUnderItStaysALineOfItsOwnInChunks() throws IOException {
        List<String> lines = new ArrayList<>(consoleCopy());
        lines.add("2026-03-17 08:45:00.000");
        lines.add("here the controller was restarted by the node drain");
        lines.addAll(consoleCopy().subList(2, 4));
        Read whole = read(1 << 24, "console.txt", lines);
        Read cut = read(breakAfter(lines, "2026-03-17 08:45:00.000"), "console.txt", lines);
        assertEquals(3, whole.summary().unparsed(), "the two sentences and the time line above the second");
        assertEquals(whole.summary().unparsed(), cut.summary().unparsed());
        assertEquals(whole.events().size(), cut.events().size());
    }
}
