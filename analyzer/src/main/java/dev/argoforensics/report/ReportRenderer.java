package dev.argoforensics.report;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;

/**
 * Formats a report; the same report always gives the same text. The text is written as it is made,
 * finding by finding and timeline by timeline, to a {@link Writer} the caller owns (and closes): no
 * report is held whole in memory. Counts a format shows before the items (a table of contents,
 * totals) come from the {@link Report}, never from rendering twice.
 */
public interface ReportRenderer {
    /**
     * Writes the report to {@code out}, which is left open; on a failure of {@code out} what was
     * written so far is an incomplete report, and nothing more is written.
     *
     * @throws IOException as {@code out} threw it
     */
    void write(Report report, Writer out) throws IOException;

    /** Only the report's timelines and its inputs, for {@code argo-forensics timeline}. */
    void writeTimelines(Report report, Writer out) throws IOException;

    /**
     * The report as numbered parts (Markdown over one GitHub comment), each written to the writer
     * {@code parts} gives for it once the number of parts is known; other formats are one part.
     */
    default void writeParts(Report report, Parts parts) throws IOException {
        write(report, parts.part(1, 1));
    }

    /** Where the parts of a report go: a writer for each part in turn, told how many there are. */
    @FunctionalInterface
    interface Parts {
        /** The writer for part {@code number} (from 1) of {@code total}; the one given for the part before is finished. */
        Writer part(int number, int total) throws IOException;
    }

    /** The report as one text: for tests and callers that want a small report as a String. */
    default String render(Report report) {
        StringWriter w = new StringWriter();
        try {
            write(report, w);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return w.toString();
    }

    /** As {@link #writeTimelines}, as one text. */
    default String renderTimelines(Report report) {
        StringWriter w = new StringWriter();
        try {
            writeTimelines(report, w);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return w.toString();
    }
}
