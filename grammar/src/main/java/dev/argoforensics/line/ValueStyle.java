package dev.argoforensics.line;

/** How a value was written, which decides how to read it (a JSON number duration is nanoseconds). */
public enum ValueStyle {
    /** {@code key=value}. */
    BARE,
    /** {@code key="value"}, Go-escaped; stored unescaped. */
    QUOTED,
    /** {@code key=} with nothing after the '='. */
    EMPTY,
    /** A JSON string. */
    JSON_STRING,
    /** A JSON number, as written (a duration is an integer count of nanoseconds). */
    JSON_NUMBER,
    /** {@code true} or {@code false}. */
    JSON_BOOLEAN,
    /** {@code null}, read as "". */
    JSON_NULL,
    /** A JSON array, shown as Go prints a slice: {@code [a b]}. */
    JSON_ARRAY,
    /** A JSON object, kept as compact JSON text. */
    JSON_OBJECT
}
