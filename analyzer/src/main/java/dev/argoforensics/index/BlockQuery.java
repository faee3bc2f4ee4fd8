package dev.argoforensics.index;

import java.util.Map;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.LongRange;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.ConstantScoreQuery;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.MultiPhraseQuery;
import org.apache.lucene.search.MultiTermQuery;
import org.apache.lucene.search.PhraseQuery;
import org.apache.lucene.search.PointRangeQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;

/**
 * The query on blocks of log events ({@link LogBlocks}) that finds every block holding an event the
 * query on events would find, and maybe more: a block carries the distinct terms of its events,
 * and the spans of their times, lines and positions. A phrase becomes its words (a block keeps no
 * positions), a time or line range the blocks whose span meets it, and what must not match is left
 * out (a block with such an event may hold others that match). Search then matches the query itself
 * on the candidate blocks' events, rebuilt one document each: the hits are exactly those of one
 * document per event.
 */
final class BlockQuery {
    /** The event fields held as points, and the block field of their span. */
    private static final Map<String, String> SPANS = Map.of(IndexFields.TIME, LogBlocks.TIME_SPAN, IndexFields.LINE,
            LogBlocks.LINE_SPAN, IndexFields.SEQ, LogBlocks.SEQ_SPAN);

    private BlockQuery() {
    }

    static Query of(Query q) {
        if (q instanceof BooleanQuery b) {
            BooleanQuery.Builder out = new BooleanQuery.Builder().setMinimumNumberShouldMatch(b.getMinimumNumberShouldMatch());
            for (BooleanClause c : b.clauses()) {
                if (c.getOccur() != Occur.MUST_NOT) {
                    out.add(of(c.getQuery()), c.getOccur());
                }
            }
            return out.build();
        }
        if (q instanceof TermQuery t && t.getTerm().field().equals(IndexFields.DOC)) {
            return t.getTerm().text().equals(IndexFields.DOC_EVENT) ? new TermQuery(new Term(IndexFields.DOC, LogBlocks.DOC_BLOCK))
                    : new MatchNoDocsQuery();
        }
        if (q instanceof TermQuery || q instanceof MultiTermQuery || q instanceof MatchAllDocsQuery || q instanceof MatchNoDocsQuery) {
            return q;
        }
        if (q instanceof BoostQuery b) {
            return of(b.getQuery());
        }
        if (q instanceof ConstantScoreQuery c) {
            return new ConstantScoreQuery(of(c.getQuery()));
        }
        if (q instanceof PhraseQuery p) {
            BooleanQuery.Builder out = new BooleanQuery.Builder();
            for (Term t : p.getTerms()) {
                out.add(new TermQuery(t), Occur.FILTER);
            }
            return p.getTerms().length == 0 ? new MatchNoDocsQuery() : out.build();
        }
        if (q instanceof MultiPhraseQuery p) {
            BooleanQuery.Builder out = new BooleanQuery.Builder();
            for (Term[] position : p.getTermArrays()) {
                BooleanQuery.Builder any = new BooleanQuery.Builder();
                for (Term t : position) {
                    any.add(new TermQuery(t), Occur.SHOULD);
                }
                out.add(any.build(), Occur.FILTER);
            }
            return out.build();
        }
        if (q instanceof PointRangeQuery r && r.getNumDims() == 1 && SPANS.containsKey(r.getField())) {
            long lower = LongPoint.decodeDimension(r.getLowerPoint(), 0);
            long upper = LongPoint.decodeDimension(r.getUpperPoint(), 0);
            return lower > upper ? new MatchNoDocsQuery()
                    : LongRange.newIntersectsQuery(SPANS.get(r.getField()), new long[] {lower}, new long[] {upper});
        }
        // Anything else: every block (search matches the query itself on their events).
        return new MatchAllDocsQuery();
    }
}
