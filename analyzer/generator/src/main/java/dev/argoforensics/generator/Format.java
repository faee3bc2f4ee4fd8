package dev.argoforensics.generator;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** How the generator prints one record, per the reference's section 3. */
enum Format {
    /** v4: {@code time=… level=INFO msg="…" k=v}, keys in the order given, quoted only when needed. */
    SLOG_TEXT {
        @Override
        String line(Instant t, String level, String msg, String... kv) {
            StringBuilder b = new StringBuilder(160).append("time=").append(MILLIS.format(t)).append(" level=").append(level)
                    .append(" msg=").append(slogQuote(msg));
            for (int i = 0; i < kv.length; i += 2) {
                b.append(' ').append(kv[i]).append('=').append(slogQuote(kv[i + 1]));
            }
            return b.toString();
        }
    },
    /** v4 {@code --log-format=json}: time first, nanoseconds with trailing zeros trimmed. */
    SLOG_JSON {
        @Override
        String line(Instant t, String level, String msg, String... kv) {
            StringBuilder b = new StringBuilder(200).append("{\"time\":\"").append(nanos(t)).append("\",\"level\":\"").append(level)
                    .append("\",\"msg\":");
            json(b, msg);
            for (int i = 0; i < kv.length; i += 2) {
                b.append(",\"").append(kv[i]).append("\":");
                if (kv[i + 1].matches("-?\\d+") && !kv[i].equals("resourceVersion")) {
                    b.append(kv[i + 1]);
                } else if (kv[i + 1].startsWith("[") && kv[i + 1].endsWith("]")) {
                    b.append('[');
                    json(b, kv[i + 1].substring(1, kv[i + 1].length() - 1));
                    b.append(']');
                } else {
                    json(b, kv[i + 1]);
                }
            }
            return b.append('}').toString();
        }
    },
    /** v3: {@code time="…" level=info msg=…}, keys sorted, Go-quoted unless all characters are plain. */
    LOGRUS_TEXT {
        @Override
        String line(Instant t, String level, String msg, String... kv) {
            StringBuilder b = new StringBuilder(160).append("time=\"").append(MILLIS.format(t)).append("\" level=")
                    .append(level.toLowerCase(Locale.ROOT)).append(" msg=").append(logrusQuote(msg));
            Map<String, String> sorted = new TreeMap<>();
            for (int i = 0; i < kv.length; i += 2) {
                if (!kv[i].equals("component")) {
                    sorted.put(kv[i], kv[i + 1]);
                }
            }
            sorted.forEach((k, v) -> b.append(' ').append(k).append('=').append(logrusQuote(v)));
            return b.toString();
        }
    };

    private static final DateTimeFormatter MILLIS = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    abstract String line(Instant t, String level, String msg, String... kv);

    private static String nanos(Instant t) {
        String s = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss").withZone(ZoneOffset.UTC).format(t);
        String frac = String.format("%09d", t.getNano());
        int end = frac.length();
        while (end > 0 && frac.charAt(end - 1) == '0') {
            end--;
        }
        return s + (end == 0 ? "" : "." + frac.substring(0, end)) + "Z";
    }

    private static String slogQuote(String v) {
        if (v.isEmpty()) {
            return "\"\"";
        }
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c == ' ' || c == '=' || c == '"' || c < 0x20) {
                return goQuote(v);
            }
        }
        return v;
    }

    private static String logrusQuote(String v) {
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (!(Character.isLetterOrDigit(c) && c < 128) && "-._/@^+".indexOf(c) < 0) {
                return goQuote(v);
            }
        }
        return v;
    }

    private static String goQuote(String v) {
        return "\"" + v.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static void json(StringBuilder b, String v) {
        b.append('"').append(v.replace("\\", "\\\\").replace("\"", "\\\"")).append('"');
    }
}
