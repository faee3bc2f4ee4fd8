package dev.argoforensics.index;

import dev.argoforensics.source.InputFile;
import java.io.IOException;
import java.nio.file.Files;

/**
 * What the file system says about an input without reading it: the index's key for it, its size and
 * modification time.
 *
 * @param key      the absolute, normalised path
 * @param modified {@link java.nio.file.attribute.FileTime#toString()}, with the file system's precision
 */
record InputStat(String key, long size, String modified) {

    static String key(InputFile file) {
        return file.path().toAbsolutePath().normalize().toString();
    }

    static InputStat of(InputFile file) throws IOException {
        return new InputStat(key(file), Files.size(file.path()), Files.getLastModifiedTime(file.path()).toString());
    }

    /** Same size and modification time as when the index recorded the file. */
    boolean sameAs(IndexedInput recorded) {
        return size == recorded.size() && modified.equals(recorded.modified());
    }
}
