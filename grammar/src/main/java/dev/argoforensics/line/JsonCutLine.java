package dev.argoforensics.line;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.JsonEOFException;
import dev.argoforensics.text.JsonStringPrefix;
import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads what is certainly whole of a logrus-JSON or slog-JSON record whose line stops before the
 * object closes: Jackson's streaming parser reads tokens until the input ends; a member is kept when
 * it is complete (a string with its closing quote, an object or array closed, a number or literal
 * followed by {@code ,} or {@code }}), the member the cut fell in is dropped. A cut message is kept as
 * the prefix it is. Time and level must be whole (logrus JSON sorts its keys: its time comes last,
 * so a cut logrus JSON line is rarely a record).
 */
final class JsonCutLine {
    private JsonCutLine() {
    }

    /** The record before the cut, or null if the line is not a JSON record that stops short. */
    static LogRecord read(String line, JsonFactory factory, JsonRecordReader reader) {
        String time = null;
        String level = null;
        String msg = null;
        boolean msgCut = false;
        String last = null;
        String lost = null;
        List<Field> fields = new ArrayList<>();
        try (JsonParser p = factory.createParser(line)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            String key = null;
            try {
                while (true) {
                    key = null;
                    JsonToken t = p.nextToken();
                    if (t != JsonToken.FIELD_NAME) {
                        return null; // closed, or not an object: no cut
                    }
                    key = p.currentName();
                    JsonToken v = p.nextToken();
                    Field f = reader.field(key, v, p);
                    if (v.isScalarValue() && v != JsonToken.VALUE_STRING && !followedByEnd(line, (int) p.currentLocation().getCharOffset())) {
                        lost = key; // a number at the very end may be cut ("delay":-8425 of -84257168224)
                        break;
                    }
                    switch (key) {
                        case "time" -> time = f.value();
                        case "level" -> level = f.value();
                        case "msg" -> msg = f.value();
                        default -> fields.add(f);
                    }
                    last = key;
                }
            } catch (JsonProcessingException e) {
                if (!atEnd(e, line)) {
                    return null; // wrong before the end: malformed, not cut
                }
                if (key != null) {
                    lost = key;
                    if (key.equals("msg") && p.currentToken() == JsonToken.VALUE_STRING) {
                        int quote = (int) p.currentTokenLocation().getCharOffset();
                        JsonStringPrefix.Decoded d = JsonStringPrefix.decode(line, quote + 1);
                        if (d.closed() || d.end() != line.length()) {
                            return null;
                        }
                        msg = d.text();
                        msgCut = true;
                        lost = null;
                    }
                }
            }
        } catch (IOException e) {
            return null;
        }
        if (time == null || level == null) {
            return null;
        }
        Level lvl = Level.parse(level);
        if (lvl == null) {
            return null;
        }
        boolean slog = level.equals(level.toUpperCase(Locale.ROOT));
        Timestamp ts;
        try {
            ts = slog ? Timestamp.parseRfc3339(time, TimePrecision.NANOSECOND, false) : Timestamp.parseRfc3339(time, null, true);
        } catch (IllegalArgumentException e) {
            return null;
        }
        boolean messageCut = msgCut || msg == null;
        Cut cut = new Cut(messageCut ? null : last, messageCut ? null : lost, messageCut, "the JSON object is not closed");
        return new LogRecord(slog ? RecordFormat.SLOG_JSON : RecordFormat.LOGRUS_JSON, ts, time, lvl, msg == null ? "" : msg, fields, cut);
    }

    /** True if a ',' or '}' follows the value that ends at {@code at}: the value is whole. */
    private static boolean followedByEnd(String line, int at) {
        int i = at;
        while (i < line.length() && Character.isWhitespace(line.charAt(i))) {
            i++;
        }
        return i < line.length() && (line.charAt(i) == ',' || line.charAt(i) == '}');
    }

    /** True if the parser failed because the input ended. */
    private static boolean atEnd(JsonProcessingException e, String line) {
        return e instanceof JsonEOFException || e.getLocation() != null && e.getLocation().getCharOffset() >= line.length();
    }
}
