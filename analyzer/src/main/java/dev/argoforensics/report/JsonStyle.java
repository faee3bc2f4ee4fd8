package dev.argoforensics.report;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;

/**
 * The style of every JSON document the tool writes (the report, search results): two-space indent,
 * {@code \n} line ends, fields in the order they were put, so the same content gives the same bytes.
 */
public final class JsonStyle {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final ObjectWriter WRITER = MAPPER.writer(new DefaultPrettyPrinter()
            .withObjectIndenter(new DefaultIndenter("  ", "\n"))
            .withArrayIndenter(new DefaultIndenter("  ", "\n")));

    private JsonStyle() {
    }

    /** For building trees of plain values ({@code mapper().createObjectNode()}). */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /** Writes a tree in the house style. */
    public static ObjectWriter writer() {
        return WRITER;
    }
}
