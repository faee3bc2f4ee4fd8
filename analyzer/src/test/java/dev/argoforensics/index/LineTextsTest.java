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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
}
