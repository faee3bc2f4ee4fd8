package dev.argoforensics.index;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.DocumentStoredFieldVisitor;
import org.apache.lucene.index.CodecReader;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.Directory;

/**
 * The last commit of an index as it was opened: what it was built with, what it knows about each
 * input, and its documents. Empty when the directory holds no index yet. Safe to use from several
 * threads.
 */
final class StoredIndex implements Closeable {
    private final DirectoryReader reader;
    private final IndexSearcher searcher;
    private final IndexIdentity identity;
    private final Map<String, IndexedInput> inputs;
    private final Map<String, String> byDisplayPath = new HashMap<>();
    /** Each input document's number in {@link #reader}, for its reading (read only when asked for). */
    private final Map<String, Integer> inputDocs;

    private StoredIndex(DirectoryReader reader, IndexIdentity identity, Map<String, IndexedInput> inputs, Map<String, Integer> inputDocs) {
        this.reader = reader;
        this.inputDocs = Map.copyOf(inputDocs);
        this.searcher = reader == null ? null : new IndexSearcher(reader);
        this.identity = identity;
        this.inputs = Map.copyOf(inputs);
        inputs.values().forEach(i -> byDisplayPath.put(i.displayPath(), i.key()));
    }

    /**
     * @throws IOException if the directory holds an index that cannot be read
     */
    static StoredIndex open(Directory dir) throws IOException {
        if (!DirectoryReader.indexExists(dir)) {
            return new StoredIndex(null, null, Map.of(), Map.of());
        }
        DirectoryReader reader = DirectoryReader.open(dir);
        try {
            IndexIdentity identity = IndexIdentity.fromCommit(reader.getIndexCommit().getUserData());
            Map<String, IndexedInput> inputs = new HashMap<>();
            Map<String, Integer> docs = new HashMap<>();
            if (identity.layout().equals(IndexIdentity.LAYOUT)) {
                IndexSearcher s = new IndexSearcher(reader);
                Query q = new TermQuery(new Term(IndexFields.DOC, IndexFields.DOC_INPUT));
                int n = s.count(q);
                if (n > 0) {
                    StoredFields fields = s.storedFields();
                    for (ScoreDoc sd : s.search(q, n, Sort.INDEXORDER).scoreDocs) {
                        IndexedInput i = IndexedInput.fromJson(fields.document(sd.doc, Set.of(IndexFields.MANIFEST)).get(IndexFields.MANIFEST));
                        inputs.put(i.key(), i);
                        docs.put(i.key(), sd.doc);
                    }
                }
            }
            return new StoredIndex(reader, identity, inputs, docs);
        } catch (IOException | RuntimeException e) {
            reader.close();
            throw e;
        }
    }

    /** The identity the index was built with; empty if there is no index. */
    Optional<IndexIdentity> identity() {
        return Optional.ofNullable(identity);
    }

    Map<String, IndexedInput> inputs() {
        return inputs;
    }

    /** The reading kept on the input's document ({@link IndexedInput#reading()}), or empty. */
    Optional<byte[]> reading(String key) throws IOException {
        Integer doc = inputDocs.get(key);
        if (doc == null) {
            return Optional.empty();
        }
        org.apache.lucene.index.IndexableField f = reader.storedFields().document(doc, Set.of(IndexFields.READING)).getField(IndexFields.READING);
        if (f == null || f.binaryValue() == null) {
            return Optional.empty();
        }
        org.apache.lucene.util.BytesRef b = f.binaryValue();
        return Optional.of(java.util.Arrays.copyOfRange(b.bytes, b.offset, b.offset + b.length));
    }

    /** The key of the input an event document's file (its display path) belongs to, or null. */
    String inputOf(String displayPath) {
        return byDisplayPath.get(displayPath);
    }

    IndexSearcher searcher() {
        if (searcher == null) {
            throw new IllegalStateException("no index");
        }
        return searcher;
    }

    /**
     * The event documents of one input, in their order ({@code _seq}). They were written one after
     * another, so they are read with the codec's instance for sequential reading: one block of
     * stored fields is decompressed once, not once per document.
     */
    List<Document> events(String key) throws IOException {
        Query q = new BooleanQuery.Builder()
                .add(new TermQuery(new Term(IndexFields.DOC, IndexFields.DOC_EVENT)), Occur.FILTER)
                .add(new TermQuery(new Term(IndexFields.INPUT, key)), Occur.FILTER)
                .build();
        IndexSearcher s = searcher();
        int n = s.count(q);
        List<Document> out = new ArrayList<>(n);
        if (n == 0) {
            return out;
        }
        List<LeafReaderContext> leaves = reader.leaves();
        Map<Integer, StoredFields> sequential = new HashMap<>();
        for (ScoreDoc d : s.search(q, n, Sort.INDEXORDER).scoreDocs) {
            LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(d.doc, leaves));
            StoredFields fields = sequential.computeIfAbsent(leaf.ord, ord -> sequentialFields(leaf));
            DocumentStoredFieldVisitor visitor = new DocumentStoredFieldVisitor();
            fields.document(d.doc - leaf.docBase, visitor);
            out.add(visitor.getDocument());
        }
        out.sort(Comparator.comparingLong(doc -> EventDocuments.number(doc, IndexFields.SEQ)));
        return out;
    }

    private static StoredFields sequentialFields(LeafReaderContext leaf) {
        try {
            return leaf.reader() instanceof CodecReader codec ? codec.getFieldsReader().getMergeInstance() : leaf.reader().storedFields();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every document the query matches, in the given order. */
    static List<Document> documents(IndexSearcher s, Query q, Sort sort) throws IOException {
        int n = s.count(q);
        List<Document> out = new ArrayList<>(n);
        if (n == 0) {
            return out;
        }
        StoredFields fields = s.storedFields();
        for (ScoreDoc d : s.search(q, n, sort).scoreDocs) {
            out.add(fields.document(d.doc));
        }
        return out;
    }

    @Override
    public void close() throws IOException {
        if (reader != null) {
            reader.close();
        }
    }
}
