package dev.argoforensics.line;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class GoQuoteTest {

    @Test
    void decodesEveryEscapeStrconvQuoteWrites() {
        assertEquals("a \"b\" \\ c", GoQuote.unquote("\"a \\\"b\\\" \\\\ c\""));
        assertEquals("line one\nline two\ttab\r", GoQuote.unquote("\"line one\\nline two\\ttab\\r\""));
        assertEquals("\u0007\b\f\u000b", GoQuote.unquote("\"\\a\\b\\f\\v\""));
        assertEquals("é", GoQuote.unquote("\"\\u00e9\""));
        assertEquals("😀", GoQuote.unquote("\"\\U0001f600\""));
        // \x escapes are bytes: consecutive ones form one UTF-8 character.
        assertEquals("é", GoQuote.unquote("\"\\xc3\\xa9\""));
        assertEquals("é", GoQuote.unquote("\"\\303\\251\""));
        assertEquals("1.5µs", GoQuote.unquote("\"1.5µs\""));
        assertEquals("", GoQuote.unquote("\"\""));
    }

    @Test
    void rejectsMalformedEscapes() {
        assertThrows(IllegalArgumentException.class, () -> GoQuote.unquote("\"\\q\""));
        assertThrows(IllegalArgumentException.class, () -> GoQuote.unquote("\"\\u00\""));
        assertThrows(IllegalArgumentException.class, () -> GoQuote.unquote("not quoted"));
    }

    @Test
    void unescapesOnlyTheGivenRangeOfALine() {
        // A logfmt line: the first value has no escape, a later one does; each range is read alone.
        String line = "msg=\"queuing pod delay\" error=\"a \\\"b\\\"\" key=\"c\\nd\"";
        int m = line.indexOf('"') + 1;
        assertEquals("queuing pod delay", GoQuote.unescape(line, m, line.indexOf('"', m)));
        int e = line.indexOf("error=\"") + 7;
        assertEquals("a \"b\"", GoQuote.unescape(line, e, GoQuote.closingQuote(line, e, line.length())));
        int k = line.indexOf("key=\"") + 5;
        assertEquals("c\nd", GoQuote.unescape(line, k, line.length() - 1));
        // A backslash right at the range's end belongs to the next range.
        assertEquals("ab", GoQuote.unescape("ab\\n", 0, 2));
    }
}
