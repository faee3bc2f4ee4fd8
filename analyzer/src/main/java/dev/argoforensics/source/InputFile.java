package dev.argoforensics.source;

import java.nio.file.Path;
import java.util.Objects;

/**
 * One file to read.
 *
 * @param displayPath the path as given on the command line joined with the file's path below it,
 *                    with '/' separators; this is what reports cite
 * @param path        where to open it
 * @param kind        how it will be read
 * @param compressed  gzip: read through a decompressing stream
 * @param reason      why it was classified so (for {@link InputKind#IGNORED}: why it is not read)
 */
public record InputFile(String displayPath, Path path, InputKind kind, boolean compressed, String reason) {
    public InputFile {
        Objects.requireNonNull(displayPath, "displayPath");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(reason, "reason");
    }

    public SourceRef at(long line) {
        return new SourceRef(displayPath, line);
    }
}
