package dev.argoforensics.index;

import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.SnapshotTimes;
import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.rules.RuleEngine;
import dev.argoforensics.source.SourceRef;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.util.BytesRef;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The documents written beside the analysis's correlation and rules (the lines it kept held until correlation gives their
 * Pods) are the documents written after it: every document's stored fields, doc values and terms, whatever their order in
 * the segments. When correlation ties a Pod to a line that was not held, the documents are written again after the analysis.
 */
class DocumentsBesideAnalysisTest {
    private static final String RACE = "samples/issue-17024";

    private static IndexedAnalysis.Outcome build(ByteBuffersDirectory dir, List<String> paths, int heldLines, boolean holdKept)
            throws IOException {
        AnalysisOptions options = AnalysisOptions.defaults().withThreads(2);
        // Batches of two events and a flush every five documents: held lines and the rest meet in many batches and segments.
        return IndexedAnalysis.run(dir, IndexIdentity.current(options), options, SnapshotTimes.none(), paths, RuleEngine.standardRules(),
                5, 2, heldLines, holdKept);
    }

    /** Each live document as its stored fields, numeric doc values and terms (with frequencies), sorted; the documents sorted. */
    static List<String> contents(ByteBuffersDirectory dir) throws IOException {
        List<String> docs = new ArrayList<>();
        try (DirectoryReader r = DirectoryReader.open(dir)) {
            for (LeafReaderContext leaf : r.leaves()) {
                int max = leaf.reader().maxDoc();
                List<List<String>> parts = new ArrayList<>();
                for (int d = 0; d < max; d++) {
                    List<String> p = new ArrayList<>();
                    Document doc = leaf.reader().storedFields().document(d);
                    doc.getFields().forEach(f -> p.add("stored " + f.name() + "=" + (f.binaryValue() != null
                            ? java.util.HexFormat.of().formatHex(f.binaryValue().bytes, f.binaryValue().offset,
                                    f.binaryValue().offset + f.binaryValue().length) : f.numericValue() != null ? f.numericValue() : f.stringValue())));
                    parts.add(p);
                }
                for (FieldInfo fi : leaf.reader().getFieldInfos()) {
                    if (fi.getDocValuesType() == org.apache.lucene.index.DocValuesType.NUMERIC) {
                        NumericDocValues v = leaf.reader().getNumericDocValues(fi.name);
                        for (int d = v.nextDoc(); d != DocIdSetIterator.NO_MORE_DOCS; d = v.nextDoc()) {
                            parts.get(d).add("value " + fi.name + "=" + v.longValue());
                        }
                    }
                    if (fi.getIndexOptions() == IndexOptions.NONE) {
                        continue;
                    }
                    Terms terms = leaf.reader().terms(fi.name);
                    if (terms == null) {
                        continue; // a segment whose documents of the field were all deleted
                    }
                    TermsEnum te = terms.iterator();
                    for (BytesRef t = te.next(); t != null; t = te.next()) {
                        PostingsEnum pe = te.postings(null, PostingsEnum.FREQS);
                        for (int d = pe.nextDoc(); d != DocIdSetIterator.NO_MORE_DOCS; d = pe.nextDoc()) {
                            parts.get(d).add("term " + fi.name + ":" + t.utf8ToString() + " ×" + pe.freq());
                        }
                    }
                }
                for (int d = 0; d < max; d++) {
                    if (leaf.reader().getLiveDocs() == null || leaf.reader().getLiveDocs().get(d)) {
                        List<String> p = parts.get(d);
                        p.sort(null);
                        docs.add(String.join("\n", p));
                    }
                }
            }
        }
        docs.sort(null);
        return docs;
    }

    @ParameterizedTest
    @ValueSource(strings = {RACE, "samples/mixed-formats", "samples/timeline-all-sources", "samples/controller-handover"})
    void theDocumentsWrittenBesideTheAnalysisAreThoseWrittenAfterIt(String sample) throws IOException {
        ByteBuffersDirectory after = new ByteBuffersDirectory();
        ByteBuffersDirectory beside = new ByteBuffersDirectory();
        IndexedAnalysis.Outcome a = build(after, List.of(sample), -1, true);
        IndexedAnalysis.Outcome b = build(beside, List.of(sample), IndexedAnalysis.HELD_LINES, true);
        List<String> expected = contents(after);
        assertTrue(expected.size() > 20, sample + ": " + expected.size());
        assertEquals(expected, contents(beside), sample);
        assertEquals(a.changes(), b.changes(), sample);
        assertEquals(a.result().outcomes().toString(), b.result().outcomes().toString(), sample);
    }

    @Test
    void theLinesCorrelationTiesToAPodCarryItBesideTheAnalysis() throws IOException {
        ByteBuffersDirectory beside = new ByteBuffersDirectory();
        IndexedAnalysis.Outcome b = build(beside, List.of(RACE), IndexedAnalysis.HELD_LINES, true);
        Map<SourceRef, List<PodKey>> pods = IndexUpdate.podsOf(b.result().correlation());
        assertFalse(pods.isEmpty(), "the race's lines are tied to its Pod");
        // Every Pod correlation tied a line to is a term of that line's document (held, then written with it).
        List<String> docs = contents(beside);
        for (Map.Entry<SourceRef, List<PodKey>> e : pods.entrySet()) {
            if (!e.getKey().file().endsWith(".log")) {
                continue;
            }
            String line = "stored line=" + e.getKey().line() + "\n";
            String file = "stored file=" + e.getKey().file() + "\n";
            List<String> its = docs.stream().filter(d -> d.contains(line) && d.contains(file)).toList();
            assertEquals(1, its.size(), e.getKey().toString());
            for (PodKey k : e.getValue()) {
                assertTrue(its.get(0).contains("term pod:" + k.name() + " "), e.getKey() + " " + k);
            }
        }
    }

    @Test
    void aPodOnALineNotHeldSendsTheDocumentsBackToBeWrittenAfterTheAnalysis() throws IOException {
        ByteBuffersDirectory after = new ByteBuffersDirectory();
        ByteBuffersDirectory back = new ByteBuffersDirectory();
        build(after, List.of(RACE), -1, true);
        // No line held: correlation's Pods fall on lines whose documents went without them, and the way back writes them again.
        IndexedAnalysis.Outcome o = build(back, List.of(RACE), IndexedAnalysis.HELD_LINES, false);
        assertTrue(IndexUpdate.podsOf(o.result().correlation()).keySet().stream().anyMatch(s -> s.file().endsWith(".log")),
                "a log line is tied to a Pod, so the way back was taken");
        assertEquals(contents(after), contents(back));
    }

    @Test
    void theWriterTakesThePodsOnlyWhenEveryLineTiedToOneInItsFilesWasHeld() throws IOException {
        SourceRef held = new SourceRef("a.log", 3);
        PodKey pod = new PodKey("argo", "p-1", null);
        try (ByteBuffersDirectory dir = new ByteBuffersDirectory();
             IndexWriter writer = new IndexWriter(dir, new IndexWriterConfig(IndexFields.indexAnalyzer()))) {
            try (LogDocumentWriter w = LogDocumentWriter.beforePods(writer, MessageCatalog.standard(), 1, 2, List.of(), Set.of(held),
                    Map.of("a.log", "k"))) {
                assertFalse(w.podsKnown(Map.of(new SourceRef("a.log", 4), List.of(pod))), "a line of a written file, not held");
            }
            try (LogDocumentWriter w = LogDocumentWriter.beforePods(writer, MessageCatalog.standard(), 1, 2, List.of(), Set.of(held),
                    Map.of("a.log", "k"))) {
                assertTrue(w.podsKnown(Map.of(held, List.of(pod), new SourceRef("b.log", 4), List.of(pod))),
                        "held, or in a file not written");
                w.finish();
                assertEquals(Map.of(), w.written(), "no line given");
            }
        }
    }
}
