package dev.argoforensics.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.SnapshotTimes;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.testing.SampleFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The index stores no text that is its file's line as it stands: search shows every event's text as
 * the analysis read it (from the file where it was not stored, CRLF endings and gzip'd files
 * included), and says so when the file changed since it was indexed.
 */
class LineTextsTest {
    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"samples/mixed-formats", "samples/persisted-before-removal", "samples/issue-17024", "samples/two-controllers"})
    void everyHitShowsTheTextTheAnalysisRead(String sample) throws IOException {
        Path copy = SampleFiles.copy(Path.of(sample), tmp.resolve("case"));
        List<String> paths = List.of(copy.toString());
        Map<String, String> read = new HashMap<>();
        for (LogEvent e : Analysis.standard(AnalysisOptions.defaults().keepingEverything(true)).run(paths).correlation().events()) {
            read.put(e.source().toString(), e.text());
        }
        Path dir = tmp.resolve("index");
        IndexedAnalysis.run(dir, AnalysisOptions.defaults(), SnapshotTimes.none(), paths);
        try (EventSearch search = EventSearch.open(dir)) {
            List<SearchMatch> hits = search.matches(EventSearch.parse("evidence:log", null, null), 1);
            assertEquals(read.size(), hits.size());
            for (SearchMatch m : hits) {
                assertEquals(read.get(m.hit().source().toString()), m.hit().text(), m.hit().source().toString());
                for (SearchHit h : m.before()) {
                    assertEquals(read.get(h.source().toString()), h.text(), "context " + h.source());
                }
            }
        }

        // Changed files: their lines are not shown from the new content, and the hit says why.
        List<Path> plain;
        try (var files = Files.walk(copy)) {
            plain = files.filter(p -> p.toString().endsWith(".log")).toList();
        }
        for (Path p : plain) {
            Files.writeString(p, "appended\n", StandardOpenOption.APPEND);
        }
        try (EventSearch search = EventSearch.open(dir)) {
            List<String> texts = search.matches(EventSearch.parse("evidence:log", null, null), 0).stream().map(m -> m.hit().text()).toList();
            assertTrue(texts.contains(LineTexts.unavailable("it changed since it was indexed")), "a line of a plain log file is not stored");
            assertTrue(texts.stream().noneMatch(t -> t.equals("appended")));
        }
    }

    /**
     * A file rewritten in place after indexing, to the same size (an edited line of the same length) and a later
     * modification time: no hit shows the new text of any line, every text read back says the file changed.
     */
    @Test
    void aFileRewrittenToTheSameSizeShowsNoNewText() throws IOException {
        Path copy = SampleFiles.copy(Path.of("samples/issue-17024"), tmp.resolve("case"));
        Path dir = tmp.resolve("index");
        IndexedAnalysis.run(dir, AnalysisOptions.defaults(), SnapshotTimes.none(), List.of(copy.toString()));
        Path log = copy.resolve("logs/2-controller-workers0.log");
        byte[] bytes = Files.readAllBytes(log);
        FileTime indexed = Files.getLastModifiedTime(log);
        String before = new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
        String after = before.replace("level=INFO", "level=INFX");
        assertTrue(!after.equals(before) && after.length() == before.length(), "the sample has INFO lines to change in place");
        Files.writeString(log, after);
        Files.setLastModifiedTime(log, FileTime.fromMillis(indexed.toMillis() + 2_000));
        assertEquals(bytes.length, Files.size(log));
        try (EventSearch search = EventSearch.open(dir)) {
            List<SearchMatch> hits = search.matches(EventSearch.parse("evidence:log", null, null), 1);
            long fromTheFile = hits.stream().filter(m -> m.hit().source().toString().contains("2-controller-workers0.log")).count();
            assertTrue(fromTheFile > 0, "the changed file's events are still hits");
            for (SearchMatch m : hits) {
                assertTrue(!m.hit().text().contains("level=INFX"), m.hit().source().toString());
                if (m.hit().source().toString().contains("2-controller-workers0.log") && m.hit().text().startsWith("(the line")) {
                    assertEquals(LineTexts.unavailable("it changed since it was indexed"), m.hit().text());
                }
                for (SearchHit h : m.before()) {
                    assertTrue(!h.text().contains("level=INFX"), "context " + h.source());
                }
            }
            assertTrue(hits.stream().anyMatch(m -> m.hit().text().equals(LineTexts.unavailable("it changed since it was indexed"))),
                    "a line read back from the changed file says why it is not shown");
        }
    }
}
