package dev.argoforensics.line;

/** The outcome of reading one unwrapped line: a record, or why it is not one. */
public sealed interface LineParse {

    /** The line is a controller record. */
    record Parsed(LogRecord record) implements LineParse {
    }

    /**
     * The line is not a record the grammar accepts.
     *
     * @param column 1-based column where reading failed
     * @param reason what was expected and what was found, in words
     */
    record Rejected(int column, String reason) implements LineParse {
        @Override
        public String toString() {
            return "column " + column + ": " + reason;
        }
    }
}
