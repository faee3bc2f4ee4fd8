package dev.argoforensics.line;

import dev.argoforensics.time.Timestamp;
import java.util.List;
import java.util.Optional;

/**
 * One controller log record as its writer structured it: time, level, message and the key/value
 * pairs in the order they were printed (slog's order is random; nothing may depend on it).
 *
 * @param rawTime the time exactly as printed, kept for quoting
 * @param level   null for formats without a level
 * @param cut     null for a whole line; for a line that stops short, what was lost (only the fields
 *                certainly whole before the cut are kept, never a value the cut may have shortened)
 */
public record LogRecord(RecordFormat format, Timestamp time, String rawTime, Level level, String message, List<Field> fields, Cut cut) {

    public LogRecord {
        fields = List.copyOf(fields);
    }

    /** A record read from a whole line. */
    public LogRecord(RecordFormat format, Timestamp time, String rawTime, Level level, String message, List<Field> fields) {
        this(format, time, rawTime, level, message, fields, null);
    }

    /** True if the line stopped short and the record holds only what came before the cut. */
    public boolean isCut() {
        return cut != null;
    }

    /** The value of the first field with this key. */
    public Optional<String> value(String key) {
        for (Field f : fields) {
            if (f.key().equals(key)) {
                return Optional.of(f.value());
            }
        }
        return Optional.empty();
    }

    /** The value of the first field with this key, or null: {@link #value} without an Optional or an iterator (once per catalog key of every kept line). */
    public String valueOrNull(String key) {
        List<Field> fs = fields;
        for (int i = 0, n = fs.size(); i < n; i++) {
            Field f = fs.get(i);
            if (f.key().equals(key)) {
                return f.value();
            }
        }
        return null;
    }

    public Optional<Field> field(String key) {
        for (Field f : fields) {
            if (f.key().equals(key)) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }
}
