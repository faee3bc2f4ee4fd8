package dev.argoforensics.line;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads JSON records: logrus JSON (v3 {@code --log-format=json}: keys sorted, lower-case level,
 * {@code "time":"…000Z"} with a literal Z) and slog JSON (v4: {@code "time"} first, upper-case
 * level, RFC 3339 with 0-9 fraction digits and trailing zeros trimmed). Values keep their JSON
 * kind; arrays read as Go prints a slice, objects stay compact JSON.
 */
final class JsonRecordReader {
    private final JsonFactory factory = new JsonFactory();
    private final ObjectMapper mapper = new ObjectMapper(factory);

    /** What a cut JSON line still holds, or null (see {@link JsonCutLine}). */
    LogRecord salvage(String line) {
        return JsonCutLine.read(line, factory, this);
    }

    LineParse read(String line) {
        return read(line, null);
    }

    /**
     * @param collectorTime the time a collector wrote before the record, for a record that has none of its own (a pipeline that
     *                      moved the record's {@code time} into its own, as fluent-bit's JSON parser with {@code Time_Key time} does
     *                      unless told to keep it): the record's time then; null to require the record's own
     */
    LineParse read(String line, Timestamp collectorTime) {
        String time = null;
        String level = null;
        String msg = null;
        List<Field> fields = new ArrayList<>();
        try (JsonParser p = factory.createParser(line)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return new LineParse.Rejected(1, "expected a JSON object");
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                JsonToken t = p.nextToken();
                Field f = field(key, t, p);
                switch (key) {
                    case "time" -> time = f.value();
                    case "level" -> level = f.value();
                    case "msg" -> msg = f.value();
                    default -> fields.add(f);
                }
            }
            if (p.nextToken() != null) {
                return new LineParse.Rejected((int) p.currentLocation().getColumnNr(), "expected the end of the line after the JSON object");
            }
        } catch (JsonProcessingException e) {
            return new LineParse.Rejected(Math.max(1, (int) e.getLocation().getColumnNr()), "not valid JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            return new LineParse.Rejected(1, "not valid JSON: " + e.getMessage());
        }
        if (time == null && collectorTime != null && level != null && msg != null) {
            Level lvl = Level.parse(level);
            if (lvl == null) {
                return new LineParse.Rejected(1, "unknown level \"" + level + "\"");
            }
            boolean slog = level.equals(level.toUpperCase(Locale.ROOT));
            return new LineParse.Parsed(new LogRecord(slog ? RecordFormat.SLOG_JSON : RecordFormat.LOGRUS_JSON, collectorTime, "", lvl, msg, fields));
        }
        if (time == null || level == null || msg == null) {
            return new LineParse.Rejected(1, "a JSON record needs \"time\", \"level\" and \"msg\"; missing "
                    + (time == null ? "\"time\"" : level == null ? "\"level\"" : "\"msg\""));
        }
        Level lvl = Level.parse(level);
        if (lvl == null) {
            return new LineParse.Rejected(1, "unknown level \"" + level + "\"");
        }
        // slog writes upper-case levels and trims zeros off the fraction (nanosecond precision);
        // logrus writes lower-case levels and a fixed layout with a literal Z.
        boolean slog = level.equals(level.toUpperCase(Locale.ROOT));
        Timestamp ts;
        try {
            ts = slog ? Timestamp.parseRfc3339(time, TimePrecision.NANOSECOND, false) : Timestamp.parseRfc3339(time, null, true);
        } catch (IllegalArgumentException e) {
            return new LineParse.Rejected(1, e.getMessage());
        }
        return new LineParse.Parsed(new LogRecord(slog ? RecordFormat.SLOG_JSON : RecordFormat.LOGRUS_JSON, ts, time, lvl, msg, fields));
    }

    Field field(String key, JsonToken t, JsonParser p) throws IOException {
        return switch (t) {
            case VALUE_STRING -> new Field(key, p.getText(), ValueStyle.JSON_STRING);
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> new Field(key, p.getText(), ValueStyle.JSON_NUMBER);
            case VALUE_TRUE, VALUE_FALSE -> new Field(key, p.getText(), ValueStyle.JSON_BOOLEAN);
            case VALUE_NULL -> new Field(key, "", ValueStyle.JSON_NULL);
            case START_ARRAY -> new Field(key, slice(mapper.readTree(p)), ValueStyle.JSON_ARRAY);
            case START_OBJECT -> new Field(key, mapper.writeValueAsString(mapper.readTree(p)), ValueStyle.JSON_OBJECT);
            default -> throw new JsonParseProblem(p, "unexpected " + t);
        };
    }

    /** {@code ["a","b"]} → {@code [a b]}, as Go's %v prints a slice. */
    private static String slice(JsonNode array) {
        StringBuilder b = new StringBuilder("[");
        for (JsonNode e : array) {
            if (b.length() > 1) {
                b.append(' ');
            }
            b.append(e.isValueNode() ? e.asText() : e.toString());
        }
        return b.append(']').toString();
    }

    /** A JSON token the reader cannot place. */
    private static final class JsonParseProblem extends JsonProcessingException {
        private static final long serialVersionUID = 1L;

        JsonParseProblem(JsonParser p, String message) {
            super(message, p.currentLocation());
        }
    }
}
