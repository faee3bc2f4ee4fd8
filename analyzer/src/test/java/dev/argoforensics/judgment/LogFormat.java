package dev.argoforensics.judgment;

import dev.argoforensics.judgment.Rec.Dur;
import dev.argoforensics.judgment.Rec.Field;
import dev.argoforensics.judgment.Rec.KTime;
import dev.argoforensics.judgment.Rec.PodGc;
import dev.argoforensics.judgment.Rec.StrList;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * The five ways a controller prints a record (reference argo-controller-logs.md §3): logrus text,
 * TTY and JSON (v3), slog text and JSON (v4). Key order: alphabetical for logrus, random per line
 * for slog (its attributes come from a Go map).
 */
enum LogFormat {
    LOGRUS_TEXT("logrus text"), LOGRUS_TTY("logrus TTY"), LOGRUS_JSON("logrus JSON"), SLOG_TEXT("slog text"), SLOG_JSON("slog JSON");

    final String label;

    LogFormat(String label) {
        this.label = label;
    }

    /**
     * The format a controller of release {@code r} is run with, drawn from {@code rng} as the corpora always drew it: v3.6.19
     * logrus text (no draw), v3.7.18 logrus JSON, TTY or text, v4.1.3 and v4.0.10 slog text or JSON; the releases before v3.6 logrus JSON,
     * TTY or text (§3.2-§3.4).
     */
    static LogFormat of(Release r, Sim.Rng rng) {
        return switch (r) {
            case V3_6 -> LOGRUS_TEXT;
            case V3_7, V3_7_1, V3_5_15, V3_4_18, V3_5_4 -> rng.pick(LOGRUS_JSON, LOGRUS_TTY, LOGRUS_TEXT);
            case V4_1, V4_0 -> rng.pick(SLOG_TEXT, SLOG_JSON);
        };
    }

    boolean slog() {
        return this == SLOG_TEXT || this == SLOG_JSON;
    }

    boolean json() {
        return this == LOGRUS_JSON || this == SLOG_JSON;
    }

    /** The line as the controller writes it (no line end). */
    String render(Rec r, SplittableRandom random) {
        if (r.kind != Rec.Kind.RECORD) {
            return r.msg;
        }
        if (r.logrusInV4) {
            // v4.0.1+ prints the logrus ticker as v3 would: text in a text stream, JSON in a JSON one.
            LogFormat f = this == SLOG_JSON ? LOGRUS_JSON : this == SLOG_TEXT ? LOGRUS_TEXT : this;
            return f.render(Rec.of(r.time, r.level, r.msg), random);
        }
        return switch (this) {
            case LOGRUS_TEXT -> logrusText(r);
            case LOGRUS_TTY -> logrusTty(r);
            case LOGRUS_JSON -> logrusJson(r);
            case SLOG_TEXT -> slogText(r, random);
            case SLOG_JSON -> slogJson(r, random);
        };
    }

    // ---- logrus -------------------------------------------------------------------------------

    private static String logrusLevel(Rec.Level l) {
        return switch (l) {
            case DEBUG -> "debug";
            case INFO -> "info";
            case WARN -> "warning";
            case ERROR -> "error";
        };
    }

    private static TreeMap<String, Object> sorted(List<Field> fields) {
        TreeMap<String, Object> m = new TreeMap<>();
        for (Field f : fields) {
            m.put(f.key(), f.value());
        }
        return m;
    }

    private static String logrusText(Rec r) {
        StringBuilder b = new StringBuilder(200).append("time=\"").append(Go.millis(r.time)).append("\" level=").append(logrusLevel(r.level))
                .append(" msg=").append(logrusQuote(r.msg));
        sorted(r.fields).forEach((k, v) -> b.append(' ').append(k).append('=').append(logrusQuote(logrusValue(v))));
        return b.toString();
    }

    private static String logrusTty(Rec r) {
        String level = switch (r.level) {
            case DEBUG -> "DEBU";
            case INFO -> "INFO";
            case WARN -> "WARN";
            case ERROR -> "ERRO";
        };
        StringBuilder b = new StringBuilder(200).append(level).append('[').append(Go.millis(r.time)).append("] ");
        b.append(r.msg);
        for (int i = r.msg.length(); i < 44; i++) {
            b.append(' ');
        }
        b.append(' ');
        sorted(r.fields).forEach((k, v) -> b.append(' ').append(k).append('=').append(logrusQuote(logrusValue(v))));
        return b.toString();
    }

    private static String logrusJson(Rec r) {
        TreeMap<String, Object> m = sorted(r.fields);
        m.put("level", logrusLevel(r.level));
        m.put("msg", r.msg);
        m.put("time", Go.millis(r.time));
        StringBuilder b = new StringBuilder(240).append('{');
        boolean first = true;
        for (var e : m.entrySet()) {
            if (!first) {
                b.append(',');
            }
            first = false;
            Go.json(b, e.getKey(), true);
            b.append(':');
            jsonValue(b, e.getValue(), true);
        }
        return b.append('}').toString();
    }

    private static String logrusValue(Object v) {
        if (v instanceof Dur d) {
            return Go.duration(d.nanos());
        }
        if (v instanceof StrList l) {
            return "[" + String.join(" ", l.items()) + "]";
        }
        if (v instanceof PodGc g) {
            return "{" + g.strategy() + " <nil> " + g.delay() + "}";
        }
        if (v instanceof KTime t) {
            return Go.goTimeString(t.nanos());
        }
        return String.valueOf(v);
    }

    /** logrus quotes a value unless every character is one of {@code A-Za-z0-9-._/@^+} (an empty value stays bare). */
    static String logrusQuote(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || "-._/@^+".indexOf(c) >= 0;
            if (!plain) {
                return Go.quote(s);
            }
        }
        return s;
    }

    // ---- slog ---------------------------------------------------------------------------------

    private static String slogLevel(Rec.Level l) {
        return switch (l) {
            case DEBUG -> "DEBUG";
            case INFO -> "INFO";
            case WARN -> "WARN";
            case ERROR -> "ERROR";
        };
    }

    private static List<Field> shuffled(List<Field> fields, SplittableRandom random) {
        List<Field> out = new ArrayList<>(fields);
        for (int i = out.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            Field t = out.get(i);
            out.set(i, out.get(j));
            out.set(j, t);
        }
        return out;
    }

    private static String slogText(Rec r, SplittableRandom random) {
        StringBuilder b = new StringBuilder(200).append("time=").append(Go.millis(r.time)).append(" level=").append(slogLevel(r.level))
                .append(" msg=").append(slogQuote(r.msg));
        for (Field f : shuffled(r.fields, random)) {
            b.append(' ').append(slogQuote(f.key())).append('=').append(slogQuote(slogValue(f.value())));
        }
        return b.toString();
    }

    private static String slogJson(Rec r, SplittableRandom random) {
        StringBuilder b = new StringBuilder(240).append("{\"time\":\"").append(Go.rfc3339Nano(r.time)).append("\",\"level\":\"")
                .append(slogLevel(r.level)).append("\",\"msg\":");
        Go.json(b, r.msg, false);
        for (Field f : shuffled(r.fields, random)) {
            b.append(',');
            Go.json(b, f.key(), false);
            b.append(':');
            jsonValue(b, f.value(), false);
        }
        return b.append('}').toString();
    }

    private static String slogValue(Object v) {
        if (v instanceof Dur d) {
            return Go.duration(d.nanos());
        }
        if (v instanceof StrList l) {
            return "[" + String.join(" ", l.items()) + "]";
        }
        if (v instanceof PodGc g) {
            return "{Strategy:" + g.strategy() + " LabelSelector:<nil> DeleteDelayDuration:" + g.delay() + "}";
        }
        if (v instanceof KTime t) {
            return Go.rfc3339Nano(t.nanos());
        }
        if (v instanceof Rec.ObjRef o) {
            return o.namespace().isEmpty() ? o.name() : o.namespace() + "/" + o.name();
        }
        return String.valueOf(v);
    }

    /** slog's text handler quotes a key or value that is empty or holds a space, {@code =}, {@code "} or a non-printable rune. */
    static String slogQuote(String s) {
        if (s.isEmpty()) {
            return "\"\"";
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == ' ' || c == '=' || c == '"' || c < 0x20 || c == 0x7f || Character.isWhitespace(c) || Character.isSpaceChar(c)) {
                return Go.quote(s);
            }
        }
        return s;
    }

    // ---- JSON values --------------------------------------------------------------------------

    private static void jsonValue(StringBuilder b, Object v, boolean html) {
        if (v instanceof Dur d) {
            b.append(d.nanos());
        } else if (v instanceof Number || v instanceof Boolean) {
            b.append(v);
        } else if (v instanceof StrList l) {
            b.append('[');
            for (int i = 0; i < l.items().size(); i++) {
                if (i > 0) {
                    b.append(',');
                }
                Go.json(b, l.items().get(i), html);
            }
            b.append(']');
        } else if (v instanceof PodGc g) {
            b.append('{');
            boolean any = false;
            if (!g.strategy().isEmpty()) {
                b.append("\"strategy\":");
                Go.json(b, g.strategy(), html);
                any = true;
            }
            if (!g.delay().isEmpty()) {
                if (any) {
                    b.append(',');
                }
                b.append("\"deleteDelayDuration\":");
                Go.json(b, g.delay(), html);
            }
            b.append('}');
        } else if (v instanceof KTime t) {
            Go.json(b, Go.k8s(Math.floorDiv(t.nanos(), Go.SECOND)), html);
        } else if (v instanceof Rec.ObjRef o) {
            b.append("{\"name\":");
            Go.json(b, o.name(), html);
            if (!o.namespace().isEmpty()) {
                b.append(",\"namespace\":");
                Go.json(b, o.namespace(), html);
            }
            b.append('}');
        } else {
            Go.json(b, String.valueOf(v), html);
        }
    }
}
