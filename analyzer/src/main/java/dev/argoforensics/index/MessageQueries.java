package dev.argoforensics.index;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.StoredField;
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
 * Queries on {@code msg} answered over the index's distinct messages. A record's message is written
 * as one exact value ({@link IndexFields#MSG_VALUE}), not as words: a controller writes the same few
 * hundred messages millions of times, and indexing their words again for every event (they are also
 * in {@code text}) was about a sixth of Lucene's work in {@code index}. A query clause on {@code msg}
 * (words, a phrase, a pattern, a range) is matched once against every distinct message, as words in a
 * small in-memory index, and stands for the messages it matched: the same events as when each
 * event's message was indexed as words. A message longer than {@link IndexFields#MAX_KEYWORD_CHARS}
 * is still written as words under {@code msg}; the clause finds those as it is.
 */
final class MessageQueries {
    private final IndexReader reader;
    /** The distinct messages as words, built at the first {@code msg} clause. */
    private IndexSearcher messages;

    MessageQueries(IndexReader reader) {
        this.reader = reader;
    }

    /** The query with every clause that names only {@code msg} standing for the messages it matches. */
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
        if (!onlyMsg(q)) {
            return q;
        }
        return new BooleanQuery.Builder()
                .add(q, Occur.SHOULD)
                .add(new TermInSetQuery(IndexFields.MSG_VALUE, matching(q)), Occur.SHOULD)
                .build();
    }

    /** True if the query names a field and every field it names is {@code msg}. */
    private static boolean onlyMsg(Query q) {
        boolean[] msg = {false};
        boolean[] other = {false};
        q.visit(new QueryVisitor() {
            @Override
            public boolean acceptField(String field) {
                if (IndexFields.MSG.equals(field)) {
                    msg[0] = true;
                } else {
                    other[0] = true;
                }
                return true;
            }
        });
        return msg[0] && !other[0];
    }

    /** The distinct messages the clause matches as words. */
    private List<BytesRef> matching(Query q) throws IOException {
        IndexSearcher s = messages();
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
            out.add(stored.document(sd.doc).getBinaryValue(IndexFields.MSG_VALUE));
        }
        return out;
    }

    private IndexSearcher messages() throws IOException {
        if (messages != null) {
            return messages;
        }
        Terms terms = MultiTerms.getTerms(reader, IndexFields.MSG_VALUE);
        if (terms == null) {
            return null;
        }
        ByteBuffersDirectory dir = new ByteBuffersDirectory();
        try (IndexWriter w = new IndexWriter(dir, new IndexWriterConfig(IndexFields.indexAnalyzer()))) {
            TermsEnum te = terms.iterator();
            for (BytesRef t = te.next(); t != null; t = te.next()) {
                Document d = new Document();
                d.add(new org.apache.lucene.document.Field(IndexFields.MSG, t.utf8ToString(), EventDocuments.WORDS));
                d.add(new StoredField(IndexFields.MSG_VALUE, BytesRef.deepCopyOf(t)));
                w.addDocument(d);
            }
        }
        messages = new IndexSearcher(DirectoryReader.open(dir));
        return messages;
    }
}
