package dev.argoforensics.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.argoforensics.report.JsonStyle;
import java.io.PrintWriter;

/** {@code -o text|json} of the commands that list things ({@code rules}, {@code formats}, {@code version}). */
enum ListFormat {
    TEXT, JSON;

    /** Prints a JSON document in the house style (docs/report-schema.md's), with a final newline. */
    static void print(PrintWriter out, JsonNode document) {
        try {
            out.print(JsonStyle.writer().writeValueAsString(document));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e); // a tree of plain values always serialises
        }
        out.println();
        out.flush();
    }
}
