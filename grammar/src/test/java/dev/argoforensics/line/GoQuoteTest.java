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
}
