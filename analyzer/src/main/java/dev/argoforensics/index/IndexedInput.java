package dev.argoforensics.index;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.source.InputKind;

/**
 * What the index knows about one input, stored as JSON on the input's own document: how to tell
 * whether the file changed (size, modification time, SHA-256) and how its event documents were made.
 * The index keeps no lines of a log file: an analysis reads the file itself.
 *
 * @param key             the file's absolute, normalised path: the same file however it was named
 * @param displayPath     the path as it was named when its event documents were written
 * @param modified        the file's modification time as {@link java.nio.file.attribute.FileTime#toString()}
 * @param derived         hash of what the event documents hold beyond the file itself (display path,
 *                        final times, controller runs, Pods resolved by correlation): when it changes,
 *                        the documents are written again
 * @param base            order of the input's first event among all events (the report's ordinal)
 * @param events          number of event documents
 * @param scan            what the first pass learnt from the file ({@link dev.argoforensics.accounting.FileScan#encode()}),
 *                        or null: an analysis of the unchanged file does not scan it again
 * @param reading         the interest ({@code LogReader#interestKey}) of the reading pass 2 made of the file, kept on this
 *                        document ({@link IndexFields#READING}), or null: an analysis of the unchanged file with that
 *                        interest stitches it in and does not read the file
 */
record IndexedInput(String key, String displayPath, InputKind kind, boolean compressed, long size, String modified, String sha256,
                    String derived, long base, long events, String scan, String reading) {

    /** The same record with another reading's interest (null: none kept). */
    IndexedInput withReading(String interestKey) {
        return new IndexedInput(key, displayPath, kind, compressed, size, modified, sha256, derived, base, events, scan, interestKey);
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    String toJson() {
        try {
            return JSON.writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a record of plain values always serialises", e);
        }
    }

    /**
     * @throws IllegalArgumentException if the text is not an input record of this layout
     */
    static IndexedInput fromJson(String json) {
        try {
            return JSON.readValue(json, IndexedInput.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not an input record: " + e.getOriginalMessage(), e);
        }
    }
}
