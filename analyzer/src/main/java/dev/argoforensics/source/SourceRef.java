package dev.argoforensics.source;

import java.util.Objects;

/**
 * Where a piece of evidence stands: the file as the user can find it (the path given on the command
 * line joined with the file's path below it) and a 1-based line number. Prints as {@code file:line}.
 */
public record SourceRef(String file, long line) implements Comparable<SourceRef> {

    public SourceRef {
        Objects.requireNonNull(file, "file");
        if (line < 1) {
            throw new IllegalArgumentException("line numbers start at 1: " + line);
        }
    }

    @Override
    public int compareTo(SourceRef o) {
        int c = file.compareTo(o.file);
        return c != 0 ? c : Long.compare(line, o.line);
    }

    @Override
    public String toString() {
        return file + ":" + line;
    }
}
