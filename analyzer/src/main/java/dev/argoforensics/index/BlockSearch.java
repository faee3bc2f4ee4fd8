package dev.argoforensics.index;

import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.line.RecordParser;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.LongRange;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.ByteBuffersDirectory;

/**
 * Search over the blocks of log events ({@link LogBlocks}): the blocks a query may match are read in
 * file order, their events' documents rebuilt a batch at a time (each file's lines read forward
 * once) and the query matched on them in a small index in memory. Memory is a batch's documents and
 * the hits.
 */
final class BlockSearch {
    /** Events rebuilt and matched at a time. */
    private static final int BATCH_EVENTS = 8192;
    private static final Sort FILE_ORDER = new Sort(new SortField(LogBlocks.INPUT_ORDER, SortField.Type.STRING),
            new SortField(LogBlocks.FIRST_LINE, SortField.Type.LONG));

    private final StoredIndex index;
    private final MessageCatalog catalog = MessageCatalog.standard();
    private final RecordParser parser = new RecordParser();
    private final Map<String, LineTexts.Cursor> cursors = new HashMap<>();

    BlockSearch(StoredIndex index) {
        this.index = index;
    }

    /** Hands each event of the index's blocks that the query matches to {@code hits}, in file order. */
    void matching(Query query, Consumer<Document> hits) throws IOException {
        matching(query, BlockQuery.of(query), hits);
    }

    /** As {@link #matching(Query, Consumer)}, on the blocks {@code candidates} finds (tests: every block). */
    void matching(Query query, Query candidates, Consumer<Document> hits) throws IOException {
        IndexSearcher s = index.searcher();
        int n = s.count(candidates);
        if (n == 0) {
            return;
        }
        StoredFields stored = s.storedFields();
        List<LogBlocks.Rebuilt> batch = new ArrayList<>();
        String batchInput = null;
        for (ScoreDoc d : s.search(candidates, n, FILE_ORDER).scoreDocs) {
            Document block = stored.document(d.doc);
            String input = index.inputOf(block.get(LogBlocks.FILE));
            if (batchInput != null && (!batchInput.equals(input) || batch.size() >= BATCH_EVENTS)) {
                match(batch, query, hits);
                batch.clear();
            }
            batchInput = input;
            batch.addAll(expand(block));
        }
        match(batch, query, hits);
    }

    /**
     * The events of one input's blocks whose positions meet any of the ranges, by position (a hit's
     * neighbours: every event, matched or not).
     *
     * @param ranges first and last position, inclusive
     */
    NavigableMap<Long, Document> around(String input, List<long[]> ranges) throws IOException {
        IndexSearcher s = index.searcher();
        NavigableMap<Long, Integer> blocks = new TreeMap<>();
        for (long[] r : ranges) {
            Query q = new BooleanQuery.Builder()
                    .add(new TermQuery(new Term(IndexFields.DOC, LogBlocks.DOC_BLOCK)), Occur.FILTER)
                    .add(new TermQuery(new Term(IndexFields.INPUT, input)), Occur.FILTER)
                    .add(LongRange.newIntersectsQuery(LogBlocks.SEQ_SPAN, new long[] {r[0]}, new long[] {r[1]}), Occur.FILTER)
                    .build();
            for (ScoreDoc d : s.search(q, Math.max(1, s.count(q)), FILE_ORDER).scoreDocs) {
                blocks.put(firstLine(s, d.doc), d.doc);
            }
        }
        NavigableMap<Long, Document> out = new TreeMap<>();
        StoredFields stored = s.storedFields();
        for (int doc : blocks.values()) {
            for (LogBlocks.Rebuilt e : expand(stored.document(doc))) {
                out.put(EventDocuments.number(e.doc(), IndexFields.SEQ), e.shown());
            }
        }
        return out;
    }

    private static long firstLine(IndexSearcher s, int doc) throws IOException {
        return LogBlocks.facts(s.storedFields().document(doc)).get(0).line();
    }

    private List<LogBlocks.Rebuilt> expand(Document block) {
        String file = block.get(LogBlocks.FILE);
        String input = index.inputOf(file);
        List<LineFacts> facts = LogBlocks.facts(block);
        NavigableSet<Long> lines = new TreeSet<>();
        for (LineFacts f : facts) {
            if (f.text() == null) {
                lines.add(f.line());
            }
        }
        IndexedInput in = input == null ? null : index.inputs().get(input);
        Map<Long, String> texts = in == null ? Map.of() : cursors.computeIfAbsent(input, k -> new LineTexts.Cursor(in)).read(lines);
        return LogBlocks.expand(input, file, facts, texts, parser, catalog);
    }

    /** The documents the query matches, matched in an index of their own. */
    private static void match(List<LogBlocks.Rebuilt> events, Query query, Consumer<Document> hits) throws IOException {
        if (events.isEmpty()) {
            return;
        }
        List<Document> docs = events.stream().map(LogBlocks.Rebuilt::doc).toList();
        IndexWriterConfig config = new IndexWriterConfig(IndexFields.analyzer()).setMergePolicy(NoMergePolicy.INSTANCE)
                .setRAMBufferSizeMB(IndexWriterConfig.DEFAULT_RAM_BUFFER_SIZE_MB * 16).setCommitOnClose(false);
        try (ByteBuffersDirectory dir = new ByteBuffersDirectory(); IndexWriter w = new IndexWriter(dir, config)) {
            w.addDocuments(docs);
            try (DirectoryReader r = DirectoryReader.open(w)) {
                IndexSearcher s = new IndexSearcher(r);
                s.setQueryCache(null);
                // One thread added the documents and nothing merged: their numbers are their places in the list.
                for (ScoreDoc d : s.search(query, docs.size(), Sort.INDEXORDER).scoreDocs) {
                    hits.accept(events.get(d.doc).shown());
                }
            }
        }
    }

    void close() {
        cursors.values().forEach(LineTexts.Cursor::close);
        cursors.clear();
    }
}
