package dev.argoforensics.line;

/**
 * Names a caller looks for in a logfmt text record, told to it by {@link QuickScan#head(String, int, NameWatch)} as the quick
 * read walks the record for its head, so that the record's text is walked once for both (the analysis's interest filter). A
 * name is a token: a run of {@linkplain QuickScan#isNameChar name characters}, or a part of one the watch decides on.
 */
public interface NameWatch {
    /**
     * Where the run of name characters that starts at {@code from} ends (the first index, at most {@code end}, whose character
     * is no name character), or that index's complement ({@code ~index}, negative) if the run is, or holds, a name looked for.
     * The character at {@code from} is a name character, and the one before it (if any) is not.
     */
    int token(String s, int from, int end);
}
