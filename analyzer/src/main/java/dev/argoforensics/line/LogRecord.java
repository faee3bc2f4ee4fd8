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
 */
public record LogRecord(RecordFormat format, Timestamp time, String rawTime, Level level, String message, List<Field> fields) {

    public LogRecord {
        fields = List.copyOf(fields);
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

    public Optional<Field> field(String key) {
        for (Field f : fields) {
            if (f.key().equals(key)) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }
}
