package dev.argoforensics.index;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field.Store;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.MultiTerms;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.ConstantScoreQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.util.BytesRef;

/**
 * Queries on fields the index does not write per event but folds into one exact value, answered over
 * the index's distinct values of it:
 * <ul>
 *   <li>{@code msg}: a record's message is one value ({@link IndexFields#MSG_VALUE}), not words. A
 *   controller writes the same few hundred messages millions of times, and their words are also in
 *   {@code text}; indexing them again for every event was about a sixth of Lucene's work in
 *   {@code index}. A message longer than {@link IndexFields#MAX_KEYWORD_CHARS} is still written as
 *   words under {@code msg}.</li>
 *   <li>The fields with one value per log event that few events tell apart ({@link IndexFields#FOLDED_FIELDS}:
 *   evidence, kind, format, envelope, file, level, template, run, replica, release) are one value
 *   ({@link IndexFields#FOLDED}) holding them all: one field for Lucene to invert per event instead of
 *   ten. An observation's evidence, kind and file are folded alike (a node's {@code template} is a field of its
 *   own there).</li>
 * </ul>
 * A query clause that names only {@code msg}, or only folded fields (words, a phrase, a pattern, a
 * range), is matched once against every distinct value, as the per-event field would have been
 * written, in a small in-memory index, and stands for the clause itself (for the documents that
 * still have the field) or the values it matched: the same events as when every event had its own
 * fields.
 */
final class FoldedQueries {
    private final IndexReader reader;
    /** Each folded value as the fields it stands for, by the field holding the values; built at the first clause that needs it. */
    private final java.util.Map<String, IndexSearcher> tables = new java.util.HashMap<>();

    FoldedQueries(IndexReader reader) {
        this.reader = reader;
    }

    /** The query with every clause that names only {@code msg}, or only folded fields, standing for the values it matches. */
    Query expand(Query q) throws IOException {
        if (q instanceof BooleanQuery b) {
            BooleanQuery.Builder out = new BooleanQuery.Builder().setMinimumNumberShouldMatch(b.getMinimumNumberShouldMatch());
            for (BooleanClause c : b.clauses()) {
                out.add(expand(c.getQuery()), c.getOccur());
            }
            return out.build();
        }
        if (q instanceof BoostQuery b) {
            return new BoostQuery(expand(b.getQuery()), b.getBoost());
        }
        if (q instanceof ConstantScoreQuery c) {
            return new ConstantScoreQuery(expand(c.getQuery()));
        }
        java.util.Set<String> fields = fields(q);
        String holder = fields.isEmpty() ? null
                : fields.equals(java.util.Set.of(IndexFields.MSG)) ? IndexFields.MSG_VALUE
                : IndexFields.FOLDED_FIELDS.containsAll(fields) ? IndexFields.FOLDED : null;
        if (holder == null) {
            return q;
        }
        return new BooleanQuery.Builder()
                .add(q, Occur.SHOULD)
                .add(new TermInSetQuery(holder, matching(holder, q)), Occur.SHOULD)
                .build();
    }

    /** The fields the query names. */
    private static java.util.Set<String> fields(Query q) {
        java.util.Set<String> out = new java.util.HashSet<>();
        q.visit(new QueryVisitor() {
            @Override
            public boolean acceptField(String field) {
                out.add(field);
                return true;
            }
        });
        return out;
    }

    /** The distinct values of {@code holder} the clause matches. */
    private List<BytesRef> matching(String holder, Query q) throws IOException {
        IndexSearcher s = table(holder);
        List<BytesRef> out = new ArrayList<>();
        if (s == null) {
            return out;
        }
        int n = s.count(q);
        if (n == 0) {
            return out;
        }
        StoredFields stored = s.storedFields();
        for (ScoreDoc sd : s.search(q, n).scoreDocs) {
            out.add(stored.document(sd.doc).getBinaryValue(holder));
        }
        return out;
    }

    private IndexSearcher table(String holder) throws IOException {
        if (tables.containsKey(holder)) {
            return tables.get(holder);
        }
        Terms terms = MultiTerms.getTerms(reader, holder);
        IndexSearcher table = null;
        if (terms != null) {
            ByteBuffersDirectory dir = new ByteBuffersDirectory();
            try (IndexWriter w = new IndexWriter(dir, new IndexWriterConfig(IndexFields.indexAnalyzer()))) {
                TermsEnum te = terms.iterator();
                for (BytesRef t = te.next(); t != null; t = te.next()) {
                    Document d = new Document();
                    if (holder.equals(IndexFields.MSG_VALUE)) {
                        d.add(new org.apache.lucene.document.Field(IndexFields.MSG, t.utf8ToString(), EventDocuments.WORDS));
                    } else {
                        String[] values = IndexFields.unfold(t.utf8ToString());
                        for (int i = 0; i < values.length; i++) {
                            if (!values[i].isEmpty()) {
                                d.add(new StringField(IndexFields.FOLDED_FIELDS.get(i), values[i], Store.NO));
                            }
                        }
                    }
                    d.add(new StoredField(holder, BytesRef.deepCopyOf(t)));
                    w.addDocument(d);
                }
            }
            table = new IndexSearcher(DirectoryReader.open(dir));
        }
        tables.put(holder, table);
        return table;
    }
}
