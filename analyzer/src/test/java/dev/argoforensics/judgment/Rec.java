package dev.argoforensics.judgment;

import java.util.ArrayList;
import java.util.List;

/**
 * One line a controller writes: a structured record (time, level, message, fields with Go types),
 * a klog line from client-go, or raw text (a Go panic). {@link LogFormat} prints it.
 */
final class Rec {
    enum Level {
        DEBUG, INFO, WARN, ERROR
    }

    enum Kind {
        RECORD, KLOG, RAW
    }

    /** A time.Duration: Go syntax in text, integer nanoseconds in JSON. */
    record Dur(long nanos) {
    }

    /** A []string: {@code [a b]} in text, an array in JSON. */
    record StrList(List<String> items) {
    }

    /** A PodGC struct as the pod controller logs it, from the Pod's annotation: strategy and delay text (both may be empty). */
    record PodGc(String strategy, String delay) {
    }

    /**
     * klog's {@code ObjectRef} (session 44, v4's {@code Event occurred}): {@code namespace/name} in slog text (its
     * {@code String()}), {@code {"name":…,"namespace":…}} in slog JSON (its struct's JSON tags).
     */
    record ObjRef(String namespace, String name) {
    }

    /** A metav1.Time with nanoseconds: RFC 3339 nano in slog text, whole seconds in JSON. */
    record KTime(long nanos) {
    }

    record Field(String key, Object value) {
    }

    final Kind kind;
    final long time;
    final Level level;
    final String msg;
    final List<Field> fields;
    /** A logrus line inside a v4 stream (the stats ticker): printed as v3 would print it. */
    final boolean logrusInV4;

    private Rec(Kind kind, long time, Level level, String msg, List<Field> fields, boolean logrusInV4) {
        this.kind = kind;
        this.time = time;
        this.level = level;
        this.msg = msg;
        this.fields = fields;
        this.logrusInV4 = logrusInV4;
    }

    static Rec of(long time, Level level, String msg, Object... kv) {
        List<Field> fields = new ArrayList<>(kv.length / 2);
        for (int i = 0; i < kv.length; i += 2) {
            fields.add(new Field((String) kv[i], kv[i + 1]));
        }
        return new Rec(Kind.RECORD, time, level, msg, fields, false);
    }

    static Rec logrus(long time, String msg) {
        return new Rec(Kind.RECORD, time, Level.INFO, msg, List.of(), true);
    }

    /** {@code I0919 10:00:00.123456       1 file.go:257] msg}. */
    static Rec klog(long time, char level, String fileLine, String msg) {
        return new Rec(Kind.KLOG, time, Level.INFO, level + Go.klogTime(time) + "       1 " + fileLine + "] " + msg, List.of(), false);
    }

    /** The same line stamped {@code d} ns later (a klog line's printed time too): a controller's clock off the cluster's (session 56). */
    Rec shifted(long d) {
        if (d == 0) {
            return this;
        }
        String m = msg;
        if (kind == Kind.KLOG) {
            m = msg.charAt(0) + Go.klogTime(time + d) + msg.substring(1 + Go.klogTime(time).length());
        }
        return new Rec(kind, time + d, level, m, fields, logrusInV4);
    }

    static Rec raw(long time, String text) {
        return new Rec(Kind.RAW, time, Level.ERROR, text, List.of(), false);
    }
}
