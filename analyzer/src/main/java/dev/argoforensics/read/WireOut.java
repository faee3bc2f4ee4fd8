package dev.argoforensics.read;

import dev.argoforensics.event.LogEvent;
import dev.argoforensics.time.Timestamp;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;

/** Writes engine values to one value's bytes ({@link WireValues}: what is sent, and how). */
final class WireOut {
    private final WireSink out;
    private final Map<String, Integer> strings = new HashMap<>();
    private final Map<Class<?>, Integer> classes = new HashMap<>();
    /** The last log line's time and ordinal: the next one's go as the difference, a few bytes rather than eight or nine. */
    private long lastTime;
    private long lastOrdinal;

    WireOut(WireSink out) {
        this.out = out;
    }

    /** The bytes, for what a value's own form writes beside its values. */
    WireSink out() {
        return out;
    }

    /** A string once, then its number: 0 is null, a new string is the count so far plus one, then its characters. */
    void string(String s) throws IOException {
        if (s == null) {
            out.writeUnsigned(0);
            return;
        }
        Integer known = strings.get(s);
        if (known != null) {
            out.writeUnsigned(known + 1);
            return;
        }
        int n = strings.size();
        strings.put(s, n);
        out.writeUnsigned(n + 1);
        out.writeChars(s);
    }

    private void type(Class<?> c) throws IOException {
        Integer known = classes.get(c);
        if (known != null) {
            out.writeUnsigned(known);
            return;
        }
        out.writeUnsigned(classes.size());
        classes.put(c, classes.size());
        out.writeChars(c.getName());
    }

    void value(Object v) throws IOException {
        if (v == null) {
            tag(WireValues.Tag.NULL);
        } else if (v instanceof String s) {
            tag(WireValues.Tag.STRING);
            string(s);
        } else if (v instanceof Integer i) {
            tag(WireValues.Tag.INT);
            out.writeInt(i);
        } else if (v instanceof Long l) {
            tag(WireValues.Tag.LONG);
            out.writeLong(l);
        } else if (v instanceof Boolean b) {
            tag(WireValues.Tag.BOOLEAN);
            out.writeBoolean(b);
        } else if (v instanceof Double d) {
            tag(WireValues.Tag.DOUBLE);
            out.writeDouble(d);
        } else if (v instanceof Enum<?> e) {
            tag(WireValues.Tag.ENUM);
            type(e.getDeclaringClass());
            out.writeUnsigned(e.ordinal());
        } else if (v instanceof LogEvent e) {
            tag(WireValues.Tag.LOG_EVENT);
            event(e);
        } else if (v instanceof Record r && r.getClass().getName().startsWith(WireValues.PROJECT)) {
            tag(WireValues.Tag.RECORD);
            type(r.getClass());
            WireValues.Shape shape = WireValues.Shape.of(r.getClass());
            for (int i = 0; i < shape.accessors.length; i++) {
                Object c = WireValues.get(shape.accessors[i], r);
                switch (shape.kinds[i]) {
                    case WireValues.Shape.INT -> out.writeInt((Integer) c);
                    case WireValues.Shape.LONG -> out.writeLong((Long) c);
                    case WireValues.Shape.BOOLEAN -> out.writeBoolean((Boolean) c);
                    default -> value(c);
                }
            }
        } else if (v instanceof Timestamp t) {
            tag(WireValues.Tag.TIMESTAMP);
            out.writeLong(t.epochSecond());
            out.writeInt(t.nano());
            out.writeByte(t.precision().ordinal());
            out.writeByte(t.zone().ordinal());
        } else if (v instanceof Instant t) {
            tag(WireValues.Tag.INSTANT);
            out.writeLong(t.getEpochSecond());
            out.writeInt(t.getNano());
        } else if (v instanceof Path p) {
            tag(WireValues.Tag.PATH);
            string(p.toString());
        } else if (v instanceof long[] a) {
            tag(WireValues.Tag.LONGS);
            out.writeUnsigned(a.length);
            for (long x : a) {
                out.writeLong(x);
            }
        } else if (v instanceof int[] a) {
            tag(WireValues.Tag.INTS);
            out.writeUnsigned(a.length);
            for (int x : a) {
                out.writeInt(x);
            }
        } else if (v instanceof List<?> list) {
            tag(WireValues.Tag.LIST);
            elements(list);
        } else if (v instanceof EnumSet<?> set) {
            tag(WireValues.Tag.ENUM_SET);
            type(enumType(set.isEmpty() ? EnumSet.complementOf(set) : set));
            elements(set);
        } else if (v instanceof Set<?> set) {
            tag(v instanceof SortedSet<?> ? WireValues.Tag.SORTED_SET : WireValues.Tag.SET);
            elements(set);
        } else if (v instanceof EnumMap<?, ?> map) {
            tag(WireValues.Tag.ENUM_MAP);
            type(map.isEmpty() ? Object.class : ((Enum<?>) map.keySet().iterator().next()).getDeclaringClass());
            entries(map);
        } else if (v instanceof Map<?, ?> map) {
            tag(v instanceof SortedMap<?, ?> ? WireValues.Tag.SORTED_MAP : WireValues.Tag.MAP);
            entries(map);
        } else {
            throw new IllegalArgumentException("not a value the engine sends: " + v.getClass().getName());
        }
    }

    /**
     * A log line in its own form, without reflection: its numbers, its time and ordinal as the difference from the line
     * written before, and its text as the text itself (the block it is held in with its neighbours stays behind), not
     * numbered with the other strings.
     */
    private void event(LogEvent e) throws IOException {
        string(e.file());
        out.writeLong(e.lineNumber()); // the packed fields as held: an event's Rare part carries the values that do not fit them
        out.writeInt(e.lineSpan());
        out.writeLong(e.timeNanos() - lastTime);
        lastTime = e.timeNanos();
        out.writeLong(e.envelopeNanos() == 0 ? 0 : e.envelopeNanos() - e.timeNanos());
        out.writeBoolean(e.envelopeNanos() != 0);
        out.writeInt(e.kinds());
        string(e.catalogId());
        value(e.event());
        out.writeChars(e.text()); // not in the strings written once: a line's text is seldom another's, and a table of them all costs more than it saves
        out.writeInt(e.stream());
        out.writeLong(e.position() - lastOrdinal);
        lastOrdinal = e.position();
        value(e.rare());
    }

    private static Class<?> enumType(Set<?> set) {
        return set.isEmpty() ? Object.class : ((Enum<?>) set.iterator().next()).getDeclaringClass();
    }

    private void elements(java.util.Collection<?> c) throws IOException {
        out.writeUnsigned(c.size());
        for (Object o : c) {
            value(o);
        }
    }

    private void entries(Map<?, ?> map) throws IOException {
        out.writeUnsigned(map.size());
        for (Map.Entry<?, ?> e : map.entrySet()) {
            value(e.getKey());
            value(e.getValue());
        }
    }

    private void tag(WireValues.Tag t) throws IOException {
        out.writeByte(t.ordinal());
    }
}
