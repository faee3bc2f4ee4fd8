package dev.argoforensics.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import java.io.IOException;
import java.io.Writer;

/**
 * The style of every JSON document the tool writes (the report, search results): two-space indent,
 * {@code \n} line ends, fields in the order they were put, so the same content gives the same bytes.
 */
public final class JsonStyle {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final DefaultPrettyPrinter PRINTER = new DefaultPrettyPrinter()
            .withObjectIndenter(new DefaultIndenter("  ", "\n"))
            .withArrayIndenter(new DefaultIndenter("  ", "\n"));
    private static final ObjectWriter WRITER = MAPPER.writer(PRINTER);

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

    /**
     * A streaming generator in the house style (the same bytes as {@link #writer()} gives for the same
     * values), for documents written as they are made. It neither closes {@code out} nor, on a failure,
     * the open objects and arrays: a cut document stays visibly cut.
     */
    public static JsonGenerator generator(Writer out) throws IOException {
        JsonGenerator g = MAPPER.getFactory().createGenerator(out);
        g.setPrettyPrinter(PRINTER.createInstance());
        g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        g.disable(JsonGenerator.Feature.AUTO_CLOSE_JSON_CONTENT);
        return g;
    }
}
