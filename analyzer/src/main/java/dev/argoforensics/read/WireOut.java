package dev.argoforensics.read;

import dev.argoforensics.event.LogEvent;
import dev.argoforensics.time.Timestamp;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.reflect.Method;
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

/** Writes engine values to one stream ({@link WireValues}: what is sent, and how). */
final class WireOut {
    private final DataOutputStream out;
    private final Map<String, Integer> strings = new HashMap<>();
    private final Map<Class<?>, Integer> classes = new HashMap<>();

    WireOut(DataOutputStream out) {
        this.out = out;
    }

    void string(String s) throws IOException {
        if (s == null) {
            out.writeInt(-1);
            return;
        }
        Integer known = strings.get(s);
        if (known != null) {
            out.writeInt(known);
            return;
        }
        out.writeInt(strings.size());
        strings.put(s, strings.size());
        // writeUTF keeps every char as it is (lone surrogates too) but takes 64 KiB at most: long texts go in pieces.
        int pieces = (s.length() + WireValues.PIECE - 1) / WireValues.PIECE;
        out.writeInt(pieces);
        for (int i = 0; i < pieces; i++) {
            out.writeUTF(s.substring(i * WireValues.PIECE, Math.min(s.length(), (i + 1) * WireValues.PIECE)));
        }
    }

    private void type(Class<?> c) throws IOException {
        Integer known = classes.get(c);
        if (known != null) {
            out.writeInt(known);
            return;
        }
        out.writeInt(classes.size());
        classes.put(c, classes.size());
        out.writeUTF(c.getName());
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
            out.writeInt(e.ordinal());
        } else if (v instanceof LogEvent e) {
            // An event's text goes as the text itself: the block it is held in with its neighbours stays behind.
            tag(WireValues.Tag.RECORD);
            type(LogEvent.class);
            for (Method accessor : WireValues.Shape.of(LogEvent.class).accessors) {
                switch (accessor.getName()) {
                    case "textBlock" -> {
                        tag(WireValues.Tag.TEXT);
                        string(e.text());
                    }
                    case "textIndex" -> value(0);
                    default -> value(WireValues.get(accessor, e));
                }
            }
        } else if (v instanceof Record r && r.getClass().getName().startsWith(WireValues.PROJECT)) {
            tag(WireValues.Tag.RECORD);
            type(r.getClass());
            for (Method accessor : WireValues.Shape.of(r.getClass()).accessors) {
                value(WireValues.get(accessor, r));
            }
        } else if (v instanceof Timestamp t) {
            tag(WireValues.Tag.TIMESTAMP);
            out.writeLong(t.epochSecond());
            out.writeInt(t.nano());
            out.writeInt(t.precision().ordinal());
            out.writeInt(t.zone().ordinal());
        } else if (v instanceof Instant t) {
            tag(WireValues.Tag.INSTANT);
            out.writeLong(t.getEpochSecond());
            out.writeInt(t.getNano());
        } else if (v instanceof Path p) {
            tag(WireValues.Tag.PATH);
            string(p.toString());
        } else if (v instanceof long[] a) {
            tag(WireValues.Tag.LONGS);
            out.writeInt(a.length);
            for (long x : a) {
                out.writeLong(x);
            }
        } else if (v instanceof int[] a) {
            tag(WireValues.Tag.INTS);
            out.writeInt(a.length);
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

    private static Class<?> enumType(Set<?> set) {
        return set.isEmpty() ? Object.class : ((Enum<?>) set.iterator().next()).getDeclaringClass();
    }

    private void elements(java.util.Collection<?> c) throws IOException {
        out.writeInt(c.size());
        for (Object o : c) {
            value(o);
        }
    }

    private void entries(Map<?, ?> map) throws IOException {
        out.writeInt(map.size());
        for (Map.Entry<?, ?> e : map.entrySet()) {
            value(e.getKey());
            value(e.getValue());
        }
    }

    private void tag(WireValues.Tag t) throws IOException {
        out.writeByte(t.ordinal());
    }
}
