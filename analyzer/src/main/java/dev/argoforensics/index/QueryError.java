package dev.argoforensics.index;

import java.util.Collection;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.lucene.queryparser.classic.ParseException;
import org.apache.lucene.queryparser.classic.Token;
import org.apache.lucene.queryparser.classic.TokenMgrError;

/**
 * A search query that cannot be used, said in one line (where, what) with a hint, instead of the
 * query parser's dump of every token it expected.
 */
public final class QueryError extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    private static final Pattern LEXICAL_COLUMN = Pattern.compile("column (\\d+)");
    /** The syntax's special characters, which a value must quote or escape. */
    private static final String SPECIAL = "+ - && || ! ( ) { } [ ] ^ \" ~ * ? : \\ /";

    private final String hint;

    QueryError(String message, String hint) {
        super(message);
        this.hint = hint;
    }

    public String hint() {
        return hint;
    }

    /** The parser's exception (as {@code QueryParser.parse} wraps it) in one line. */
    static QueryError of(String query, ParseException e) {
        Throwable cause = e.getCause() != null ? e.getCause() : e;
        if (cause instanceof ParseException p && p.currentToken != null && p.currentToken.next != null) {
            Token next = p.currentToken.next;
            if (next.kind == 0) {
                return new QueryError("the query ends too early, at column " + (query.length() + 1) + ": " + query,
                        "an operator (AND, OR, NOT), a field name or a bracket needs something after it");
            }
            // the parser counts columns from 0; people (and the lexical errors) from 1
            return new QueryError("unexpected \"" + next.image + "\" at column " + (next.beginColumn + 1) + ": " + query,
                    "quote a value with special characters (" + SPECIAL + ") in \"...\", or escape each with \\; "
                            + "fields and syntax: docs/search.md");
        }
        if (cause instanceof TokenMgrError t) {
            Matcher m = LEXICAL_COLUMN.matcher(String.valueOf(t.getMessage()));
            String column = m.find() ? " at column " + m.group(1) : "";
            boolean unclosed = query.chars().filter(c -> c == '"').count() % 2 == 1;
            return new QueryError((unclosed ? "a quote is not closed" : "the query ends inside an escape or a term") + column + ": " + query,
                    unclosed ? "close the phrase with \", or escape a literal quote as \\\"" : "escape a trailing \\ as \\\\");
        }
        String message = String.valueOf(cause.getMessage()).strip();
        return new QueryError(message.lines().findFirst().orElse(message), "fields and syntax: docs/search.md");
    }

    /** A field the index does not have: in another case, or not at all. */
    static QueryError unknownField(String field, Collection<String> known) {
        for (String k : known) {
            if (k.toLowerCase(Locale.ROOT).equals(field.toLowerCase(Locale.ROOT))) {
                return new QueryError("no field \"" + field + "\": field names are case-sensitive; did you mean \"" + k + "\"?",
                        "write " + k + ":VALUE; docs/search.md lists the fields");
            }
        }
        return new QueryError("no field \"" + field + "\" in the index; the fields are " + String.join(", ", known),
                "words without a field search the whole text; quote a value that holds a colon: \"a:b\"");
    }
}
