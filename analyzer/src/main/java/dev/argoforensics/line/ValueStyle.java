package dev.argoforensics.line;

/** How a value was written, which decides how to read it (a JSON number duration is nanoseconds). */
public enum ValueStyle {
    /** {@code key=value}. */
    BARE,
    /** {@code key="value"}, Go-escaped; stored unescaped. */
    QUOTED,
    /** {@code key=} with nothing after the '='. */
    EMPTY
}
