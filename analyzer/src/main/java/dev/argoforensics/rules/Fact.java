package dev.argoforensics.rules;

/**
 * A named value a rule established, shown as a row in text and Markdown and as a top-level field of
 * the finding in JSON.
 *
 * @param key   JSON field name (stable: part of the report contract)
 * @param label words for people
 * @param value a String, Long, Integer or Boolean; null when unknown
 */
public record Fact(String key, String label, Object value) {
    public Fact {
        if (value != null && !(value instanceof String || value instanceof Long || value instanceof Integer || value instanceof Boolean)) {
            throw new IllegalArgumentException("fact " + key + " has an unsupported value type " + value.getClass());
        }
    }
}
