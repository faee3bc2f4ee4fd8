package dev.argoforensics.line;

/** One key/value pair of a record, with the value unescaped. */
public record Field(String key, String value, ValueStyle style) {
}
