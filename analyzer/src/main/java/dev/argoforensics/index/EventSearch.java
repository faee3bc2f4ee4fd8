package dev.argoforensics.index;

import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;
import java.util.NavigableSet;
import java.util.Map;
import java.util.HashMap;
import java.util.Set;
import java.util.TreeSet;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.FieldInfos;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.index.Term;
import org.apache.lucene.queryparser.classic.ParseException;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/**
 * Queries an index: hits in time order (equal times in the order of the input, as the report's
 * ordinal), each with the events around it in its file if asked.
 */
public final class EventSearch implements Closeable {
    private static final Comparator<Found> ORDER = Comparator.comparingLong(Found::nanos).thenComparingLong(Found::order);

    private final Directory dir;
    private final StoredIndex index;
    private final FoldedQueries folded;

    private EventSearch(Directory dir, StoredIndex index) {
        this.dir = dir;
        this.index = index;
        this.folded = new FoldedQueries(index.searcher().getIndexReader());
    }

    /**
     * @throws IllegalArgumentException if the folder holds no index this version can read
     */
    public static EventSearch open(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) {
            throw new IllegalArgumentException(folder + ": no such index folder; build one with argo-forensics index PATH... --index " + folder);
        }
        return open(FSDirectory.open(folder));
    }

    /**
     * Takes over the directory: closing the search closes it.
     *
     * @throws IllegalArgumentException if the directory holds no index this version can read
     */
    public static EventSearch open(Directory dir) throws IOException {
        StoredIndex index = null;
        try {
            index = StoredIndex.open(dir);
            IndexIdentity id = index.identity().orElseThrow(() -> new IllegalArgumentException(
                    dir + " holds no index; build one with argo-forensics index PATH... --index DIR"));
            if (!id.layout().equals(IndexIdentity.LAYOUT)) {
                throw new IllegalArgumentException("the index was written by argo-forensics " + id.tool()
                        + " in another layout; build it again with argo-forensics index PATH... --index DIR");
            }
            return new EventSearch(dir, index);
        } catch (IOException | RuntimeException e) {
            if (index != null) {
                index.close();
            }
            dir.close();
            throw e;
        }
    }

    /**
     * @param query the Lucene query syntax over the index's fields (docs/search.md)
     * @param since only events at or after this time (its whole window), or null
     * @param until only events at or before this time (its whole window), or null
     * @throws IllegalArgumentException with what is wrong, if the query or a time cannot be read
     */
    public static Query parse(String query, String since, String until) {
        BooleanQuery.Builder b = new BooleanQuery.Builder()
                .add(new TermQuery(new Term(IndexFields.DOC, IndexFields.DOC_EVENT)), Occur.FILTER);
        try {
            b.add(new EventQueryParser().parse(query), Occur.MUST);
        } catch (ParseException e) {
            throw QueryError.of(query, e);
        }
        if (since != null || until != null) {
            long lower = since == null ? Long.MIN_VALUE : TimeWindow.parse(since).start();
            long upper = until == null ? Long.MAX_VALUE : TimeWindow.parse(until).last();
            b.add(LongPoint.newRangeQuery(IndexFields.TIME, lower, upper), Occur.FILTER);
        }
        return b.build();
    }

    /**
     * Checks that every field the query names is one the index has or the documentation names (an
     * audit field in an index without audit records is no error: it finds nothing).
     *
     * @throws QueryError naming the fields, for a field in the wrong case or unknown
     */
    public void checkFields(Query query) {
        Set<String> named = new TreeSet<>();
        query.visit(new QueryVisitor() {
            @Override
            public boolean acceptField(String field) {
                named.add(field);
                return true;
            }
        });
        Set<String> known = new TreeSet<>(IndexFields.DOCUMENTED);
        for (FieldInfo f : FieldInfos.getMergedFieldInfos(index.searcher().getIndexReader())) {
            if (!f.name.startsWith("_") && (f.getIndexOptions() != IndexOptions.NONE || f.getPointDimensionCount() > 0)) {
                known.add(f.name);
            }
        }
        for (String field : named) {
            if (!field.startsWith("_") && !known.contains(field)) {
                throw QueryError.unknownField(field, known);
            }
        }
    }

    public long count(Query query) throws IOException {
        return index.searcher().count(folded.expand(query));
    }

    /**
     * @param context how many events of the same file to show before and after each hit
     */
    public List<SearchMatch> matches(Query query, int context) throws IOException {
        List<Found> found = new ArrayList<>();
        for (Document d : StoredIndex.documents(index.searcher(), folded.expand(query), Sort.INDEXORDER)) {
            found.add(found(d));
        }
        found.sort(ORDER);
        List<SearchMatch> out = new ArrayList<>(found.size());
        for (Found f : found) {
            if (context <= 0) {
                out.add(new SearchMatch(f.hit(), List.of(), List.of()));
                continue;
            }
            List<SearchHit> before = new ArrayList<>();
            List<SearchHit> after = new ArrayList<>();
            for (Document d : neighbours(f, context)) {
                Found n = found(d);
                if (n.seq() < f.seq()) {
                    before.add(n.hit());
                } else if (n.seq() > f.seq()) {
                    after.add(n.hit());
                }
            }
            out.add(new SearchMatch(f.hit(), before, after));
        }
        return withTexts(out);
    }

    /** Hits whose text the index does not store get it from their files, one pass per file. */
    private List<SearchMatch> withTexts(List<SearchMatch> matches) {
        Map<String, NavigableSet<Long>> wanted = new TreeMap<>();
        for (SearchMatch m : matches) {
            for (SearchHit h : hitsOf(m)) {
                if (h.text() == null) {
                    wanted.computeIfAbsent(h.source().file(), k -> new TreeSet<>()).add(h.source().line());
                }
            }
        }
        if (wanted.isEmpty()) {
            return matches;
        }
        Map<String, Map<Long, String>> texts = new HashMap<>();
        wanted.forEach((file, lines) -> {
            IndexedInput in = index.inputs().get(index.inputOf(file));
            texts.put(file, in == null ? Map.of() : LineTexts.read(in, lines));
        });
        List<SearchMatch> out = new ArrayList<>(matches.size());
        for (SearchMatch m : matches) {
            out.add(new SearchMatch(texted(m.hit(), texts), m.before().stream().map(h -> texted(h, texts)).toList(),
                    m.after().stream().map(h -> texted(h, texts)).toList()));
        }
        return out;
    }

    private static List<SearchHit> hitsOf(SearchMatch m) {
        List<SearchHit> all = new ArrayList<>(m.before());
        all.add(m.hit());
        all.addAll(m.after());
        return all;
    }

    private static SearchHit texted(SearchHit h, Map<String, Map<Long, String>> texts) {
        if (h.text() != null) {
            return h;
        }
        String text = texts.getOrDefault(h.source().file(), Map.of()).getOrDefault(h.source().line(), LineTexts.unavailable("its input is not indexed"));
        return new SearchHit(h.time(), h.lowerBound(), h.source(), h.controller(), h.level(), h.kind(), h.evidence(), text);
    }

    private List<Document> neighbours(Found f, int context) throws IOException {
        Query q = new BooleanQuery.Builder()
                .add(new TermQuery(new Term(IndexFields.DOC, IndexFields.DOC_EVENT)), Occur.FILTER)
                .add(new TermQuery(new Term(IndexFields.INPUT, f.input())), Occur.FILTER)
                .add(LongPoint.newRangeQuery(IndexFields.SEQ, f.seq() - context, f.seq() + context), Occur.FILTER)
                .build();
        return StoredIndex.documents(index.searcher(), q, new Sort(new SortField(IndexFields.SEQ, SortField.Type.LONG)));
    }

    private Found found(Document d) {
        String stored = d.get(IndexFields.STORED_TIME);
        Timestamp time = stored == null ? null : StoredTime.decode(stored);
        SearchHit hit = new SearchHit(time, d.getField(IndexFields.LOWER_BOUND) != null,
                new SourceRef(d.get(IndexFields.FILE), EventDocuments.number(d, IndexFields.LINE)), d.get(IndexFields.RUN),
                d.get(IndexFields.LEVEL), d.get(IndexFields.KIND), d.get(IndexFields.EVIDENCE) == null ? "log" : d.get(IndexFields.EVIDENCE),
                d.get(IndexFields.TEXT));
        String input = index.inputOf(d.get(IndexFields.FILE));
        long seq = EventDocuments.number(d, IndexFields.SEQ);
        IndexedInput in = index.inputs().get(input);
        long base = in == null ? Long.MAX_VALUE / 2 : in.base();
        return new Found(hit, input, seq, time == null ? Long.MAX_VALUE : StoredTime.epochNanos(time.instant()), base + seq);
    }

    /** A hit with what orders it and finds its neighbours. */
    private record Found(SearchHit hit, String input, long seq, long nanos, long order) {
    }

    @Override
    public void close() throws IOException {
        try {
            index.close();
        } finally {
            dir.close();
        }
    }
}
