package dev.argoforensics.accounting;

/**
 * What reading a chunk's bytes met besides lines: damage that ended it, lines cut for length, bytes
 * that are not UTF-8, NUL bytes before records. Line numbers are within the chunk; 0 means none.
 *
 * @param damage     what ended a damaged gzip stream early, or null
 * @param damageLine the line the damage cut, or the line after the last one read
 * @param unterminatedLine the chunk's last line when no line break follows it (the file's end), else 0
 * @param wrapWidth  the width a hard-wrapped terminal copy was wrapped at, or 0
 * @param wrappedRecords records joined from the pieces of such a copy
 * @param wrappedLines   the physical lines they were joined from
 * @param firstWrappedLine the first line of the first of them, or 0
 * @param entryDocument "YAML" or "JSON" for a document of log entries read entry by entry (gcloud logging read, a log
 *                      console's JSON download, jq's pretty objects), else null
 * @param entries       the entries read back into one line each
 * @param unreadEntries stretches of such a document that did not read as an entry, given back line by line
 * @param firstUnreadEntryLine the first line of the first of them, or 0
 */
public record ReadStats(String damage, long damageLine, long cutLines, long firstCutLine, String firstCutReason, long invalidUtf8Lines,
                        long firstInvalidUtf8Line, long nulLines, long firstNulLine, long nulBytes, long unterminatedLine,
                        int wrapWidth, long wrappedRecords, long wrappedLines, long firstWrappedLine, String entryDocument, long entries,
                        long unreadEntries, long firstUnreadEntryLine) {
    public static final ReadStats NONE = new ReadStats(null, 0, 0, 0, null, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, null, 0, 0, 0);
}
