package dev.argoforensics.read;

import java.io.DataInputStream;
import java.io.IOException;
import java.nio.file.Path;
import dev.argoforensics.event.TextBlock;
import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/** Reads what a {@link WireOut} wrote, in the same order. */
final class WireIn {
    private final DataInputStream in;
    private final List<String> strings = new ArrayList<>();
    private final List<Class<?>> classes = new ArrayList<>();

    WireIn(DataInputStream in) {
        this.in = in;
    }

    String string() throws IOException {
        int n = in.readInt();
        if (n < 0) {
            return null;
        }
        if (n < strings.size()) {
            return strings.get(n);
        }
        int pieces = in.readInt();
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < pieces; i++) {
            b.append(in.readUTF());
        }
        String s = b.toString();
        strings.add(s);
        return s;
    }

    private Class<?> type() throws IOException {
        int n = in.readInt();
        if (n < classes.size()) {
            return classes.get(n);
        }
        String name = in.readUTF();
        if (!name.startsWith(WireValues.PROJECT) && !name.equals(Object.class.getName())) {
            throw new IOException("not a class the engine sends: " + name);
        }
        try {
            classes.add(Class.forName(name, false, WireValues.class.getClassLoader()));
        } catch (ClassNotFoundException e) {
            throw new IOException("unknown class " + name, e);
        }
        return classes.get(n);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    Object value() throws IOException {
        WireValues.Tag tag = WireValues.TAGS[in.readByte()];
        switch (tag) {
            case NULL:
                return null;
            case STRING:
                return string();
            case INT:
                return in.readInt();
            case LONG:
                return in.readLong();
            case BOOLEAN:
                return in.readBoolean();
            case DOUBLE:
                return in.readDouble();
            case ENUM:
                return type().getEnumConstants()[in.readInt()];
            case RECORD: {
                WireValues.Shape shape = WireValues.Shape.of(type());
                Object[] args = new Object[shape.accessors.length];
                for (int i = 0; i < args.length; i++) {
                    args[i] = value();
                }
                return shape.make(args);
            }
            case INSTANT:
                return Instant.ofEpochSecond(in.readLong(), in.readInt());
            case TIMESTAMP:
                return Timestamp.of(in.readLong(), in.readInt(), TimePrecision.values()[in.readInt()], ZoneBasis.values()[in.readInt()]);
            case TEXT:
                return TextBlock.of(string());
            case PATH:
                return Path.of(string());
            case LONGS: {
                long[] a = new long[in.readInt()];
                for (int i = 0; i < a.length; i++) {
                    a[i] = in.readLong();
                }
                return a;
            }
            case INTS: {
                int[] a = new int[in.readInt()];
                for (int i = 0; i < a.length; i++) {
                    a[i] = in.readInt();
                }
                return a;
            }
            case LIST: {
                int n = in.readInt();
                List<Object> list = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    list.add(value());
                }
                return list;
            }
            case ENUM_SET: {
                Class<?> c = type();
                int n = in.readInt();
                Set set = c == Object.class ? new LinkedHashSet<>() : EnumSet.noneOf((Class) c);
                for (int i = 0; i < n; i++) {
                    set.add(value());
                }
                return set;
            }
            case SET, SORTED_SET: {
                int n = in.readInt();
                Set<Object> set = tag == WireValues.Tag.SET ? new LinkedHashSet<>() : new TreeSet<>();
                for (int i = 0; i < n; i++) {
                    set.add(value());
                }
                return set;
            }
            case ENUM_MAP: {
                Class<?> c = type();
                int n = in.readInt();
                Map map = c == Object.class ? new LinkedHashMap<>() : new EnumMap(c);
                for (int i = 0; i < n; i++) {
                    map.put(value(), value());
                }
                return map;
            }
            case MAP, SORTED_MAP: {
                int n = in.readInt();
                Map<Object, Object> map = tag == WireValues.Tag.MAP ? new LinkedHashMap<>() : new TreeMap<>();
                for (int i = 0; i < n; i++) {
                    map.put(value(), value());
                }
                return map;
            }
            default:
                throw new IOException("unknown tag " + tag);
        }
    }
}
