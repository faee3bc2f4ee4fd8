package dev.argoforensics.report;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;

/**
 * Where a renderer's text goes as it is made: appended straight to a {@link Writer}, so that no
 * report is ever held whole in memory. It reads like a {@link StringBuilder} (the renderers were
 * written against one); an I/O failure of the writer is thrown as an {@link UncheckedIOException}
 * and given back as the {@link IOException} by {@link ReportRenderer}'s methods.
 */
final class Sink {
    private final Writer out;

    Sink(Writer out) {
        this.out = out;
    }

    /** A sink that keeps its text, for one block of a report (a finding, a timeline's chunk), read back with {@link #toString()}. */
    static Sink buffer() {
        return new Sink(new StringWriter());
    }

    Sink append(String s) {
        try {
            out.write(s == null ? "null" : s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    Sink append(char c) {
        try {
            out.write(c);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    Sink append(int i) {
        return append(Integer.toString(i));
    }

    Sink append(long l) {
        return append(Long.toString(l));
    }

    Sink append(Object o) {
        return append(String.valueOf(o));
    }

    /** The text of a {@link #buffer()}; for a sink over another writer, that writer's {@code toString()}. */
    @Override
    public String toString() {
        return out.toString();
    }

    /** Runs a rendering into a writer, giving back an I/O failure of the writer as what it was. */
    static void to(Writer out, java.util.function.Consumer<Sink> rendering) throws IOException {
        try {
            rendering.accept(new Sink(out));
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
