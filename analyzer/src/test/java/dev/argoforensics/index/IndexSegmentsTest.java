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
 * The samples hold fewer events than one batch of the real size, so the threaded index is written in
 * batches of two events: every indexing thread takes many of them, in no fixed order.
 */
class IndexSegmentsTest {
    private static final List<String> PATHS = List.of("samples/issue-17024/logs", "samples/issue-17024/snapshots",
            "samples/mixed-formats/logs", "samples/mixed-formats/snapshots");

    private static ByteBuffersDirectory build(int threads, int maxBufferedDocs, int batch) throws IOException {
        ByteBuffersDirectory dir = new ByteBuffersDirectory();
        AnalysisOptions options = AnalysisOptions.defaults().withThreads(threads);
        IndexedAnalysis.run(dir, IndexIdentity.current(options), options, SnapshotTimes.none(), PATHS, RuleEngine.standardRules(),
                maxBufferedDocs, batch);
        return dir;
    }

    private static int documents(ByteBuffersDirectory dir) throws IOException {
        try (DirectoryReader r = DirectoryReader.open(dir)) {
            return r.numDocs();
        }
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
        ByteBuffersDirectory one = build(1, -1, LogDocumentWriter.BATCH);
        ByteBuffersDirectory many = build(3, 3, 2);
        assertEquals(1, segments(one), "a whole small index fits one buffer");
        assertTrue(segments(many) > 1, "a flush every three documents: " + segments(many));
        assertTrue(documents(one) > 20 * 2, "many batches of two: " + documents(one));
        assertEquals(documents(one), documents(many), "every batch written once");
        try (EventSearch a = EventSearch.open(one); EventSearch b = EventSearch.open(many)) {
            List<SearchMatch> expected = a.matches(EventSearch.parse(query, null, null), 2);
            assertTrue(!expected.isEmpty(), query + " finds something in the samples");
            assertEquals(expected, b.matches(EventSearch.parse(query, null, null), 2), query);
        }
    }
}
