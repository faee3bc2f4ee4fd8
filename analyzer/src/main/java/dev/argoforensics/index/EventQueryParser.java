package dev.argoforensics.index;

import org.apache.lucene.document.LongPoint;
import org.apache.lucene.queryparser.classic.ParseException;
import org.apache.lucene.queryparser.classic.QueryParser;
import org.apache.lucene.search.Query;

/**
 * The Lucene query syntax over the index's fields, with two numeric fields the classic parser does
 * not know: {@code time} (a time names its whole window: {@code time:"2026-09-19T16:31"} is that
 * minute, {@code time:[2026-09-19T16:30 TO 2026-09-19T16:32]} runs from 16:30:00 to the end of
 * 16:32, to the nanosecond) and {@code line}. Words without a field search {@code text}; words
 * without an operator must all match. One instance per query (the parser holds state).
 */
final class EventQueryParser extends QueryParser {

    EventQueryParser() {
        super(IndexFields.TEXT, IndexFields.analyzer());
        setDefaultOperator(Operator.AND);
        setSplitOnWhitespace(true);
        setAutoGeneratePhraseQueries(true);
        setAllowLeadingWildcard(true);
    }

    @Override
    protected Query getFieldQuery(String field, String queryText, boolean quoted) throws ParseException {
        if (IndexFields.TIME.equals(field)) {
            TimeWindow w = window(queryText);
            return LongPoint.newRangeQuery(IndexFields.TIME, w.start(), w.last());
        }
        if (IndexFields.LINE.equals(field)) {
            return LongPoint.newExactQuery(IndexFields.LINE, number(queryText));
        }
        return super.getFieldQuery(field, queryText, quoted);
    }

    @Override
    protected Query getRangeQuery(String field, String part1, String part2, boolean startInclusive, boolean endInclusive)
            throws ParseException {
        if (IndexFields.TIME.equals(field)) {
            long lower = open(part1) ? Long.MIN_VALUE : startInclusive ? window(part1).start() : window(part1).end();
            long upper = open(part2) ? Long.MAX_VALUE : endInclusive ? window(part2).last() : window(part2).start() - 1;
            return LongPoint.newRangeQuery(IndexFields.TIME, lower, upper);
        }
        if (IndexFields.LINE.equals(field)) {
            long lower = open(part1) ? Long.MIN_VALUE : number(part1) + (startInclusive ? 0 : 1);
            long upper = open(part2) ? Long.MAX_VALUE : number(part2) - (endInclusive ? 0 : 1);
            return LongPoint.newRangeQuery(IndexFields.LINE, lower, upper);
        }
        return super.getRangeQuery(field, part1, part2, startInclusive, endInclusive);
    }

    @Override
    protected Query getPrefixQuery(String field, String termStr) throws ParseException {
        numericHasNoPatterns(field);
        return super.getPrefixQuery(field, termStr);
    }

    @Override
    protected Query getWildcardQuery(String field, String termStr) throws ParseException {
        numericHasNoPatterns(field);
        return super.getWildcardQuery(field, termStr);
    }

    @Override
    protected Query getFuzzyQuery(String field, String termStr, float minSimilarity) throws ParseException {
        numericHasNoPatterns(field);
        return super.getFuzzyQuery(field, termStr, minSimilarity);
    }

    @Override
    protected Query getRegexpQuery(String field, String termStr) throws ParseException {
        numericHasNoPatterns(field);
        return super.getRegexpQuery(field, termStr);
    }

    private static void numericHasNoPatterns(String field) throws ParseException {
        if (IndexFields.TIME.equals(field)) {
            throw new ParseException("time takes a time or a range, not a pattern: time:\"2026-09-19T16:31\" or "
                    + "time:[2026-09-19T16:30 TO 2026-09-19T16:32]");
        }
        if (IndexFields.LINE.equals(field)) {
            throw new ParseException("line takes a number or a range: line:12 or line:[10 TO 20]");
        }
    }

    private static boolean open(String bound) {
        return bound == null || bound.equals("*");
    }

    private static TimeWindow window(String text) throws ParseException {
        try {
            return TimeWindow.parse(text);
        } catch (IllegalArgumentException e) {
            throw new ParseException("time: " + e.getMessage());
        }
    }

    private static long number(String text) throws ParseException {
        try {
            return Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            throw new ParseException("line: expected a number, found \"" + text + "\"");
        }
    }
}
