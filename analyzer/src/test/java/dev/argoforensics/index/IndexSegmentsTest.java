package dev.argoforensics.index;

import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.SnapshotTimes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.rules.RuleEngine;
import java.io.IOException;
import java.util.List;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Documents are written on several threads and the writer flushes a segment whenever its buffer
 * fills: an index written in many small segments, by one thread or by several, answers every query
 * with the same hits, in the same order, with the same context, as one written in a single segment.
 */
class IndexSegmentsTest {
    private static final List<String> PATHS = List.of("samples/issue-17024/logs", "samples/issue-17024/snapshots",
            "samples/mixed-formats/logs", "samples/mixed-formats/snapshots");

    private static ByteBuffersDirectory build(int threads, int maxBufferedDocs) throws IOException {
        ByteBuffersDirectory dir = new ByteBuffersDirectory();
        AnalysisOptions options = AnalysisOptions.defaults().withThreads(threads);
        IndexedAnalysis.run(dir, IndexIdentity.current(options), options, SnapshotTimes.none(), PATHS, RuleEngine.standardRules(),
                maxBufferedDocs);
        return dir;
    }

    private static int segments(ByteBuffersDirectory dir) throws IOException {
        try (DirectoryReader r = DirectoryReader.open(dir)) {
            return r.leaves().size();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"evidence:log", "evidence:snapshot", "level:error OR level:warn", "pod:status-capture-repro", "kind:unrecognized",
        "text:\"pod deleted\"", "envelope:cri"})
    void manySmallSegmentsGiveTheSameHitsAsOne(String query) throws IOException {
        ByteBuffersDirectory one = build(1, -1);
        ByteBuffersDirectory many = build(2, 3);
        assertEquals(1, segments(one), "a whole small index fits one buffer");
        assertTrue(segments(many) > 1, "a flush every three documents: " + segments(many));
        try (EventSearch a = EventSearch.open(one); EventSearch b = EventSearch.open(many)) {
            List<SearchMatch> expected = a.matches(EventSearch.parse(query, null, null), 2);
            assertTrue(!expected.isEmpty(), query + " finds something in the samples");
            assertEquals(expected, b.matches(EventSearch.parse(query, null, null), 2), query);
        }
    }
}
