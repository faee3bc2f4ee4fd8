package dev.argoforensics.read;

import java.io.IOException;
import java.nio.file.Path;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.LogEvent;
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
    private final WireSource in;
    private final List<String> strings = new ArrayList<>();
    private final List<Class<?>> classes = new ArrayList<>();
    private long lastTime;
    private long lastOrdinal;

    WireIn(WireSource in) {
        this.in = in;
    }

    /** The bytes, for what a value's own form reads beside its values. */
    WireSource in() {
        return in;
    }

    String string() throws IOException {
        int n = in.readUnsigned();
        if (n == 0) {
            return null;
        }
        if (n <= strings.size()) {
            return strings.get(n - 1);
        }
        if (n != strings.size() + 1) {
            throw new IOException("string " + n + " before string " + (strings.size() + 1));
        }
        String s = in.readChars();
        strings.add(s);
        return s;
    }

    private Class<?> type() throws IOException {
        int n = in.readUnsigned();
        if (n < classes.size()) {
            return classes.get(n);
        }
        if (n != classes.size()) {
            throw new IOException("class " + n + " before class " + classes.size());
        }
        String name = in.readChars();
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

    /** A count of elements: each takes a byte at least, so a count past the bytes left is not one. */
    private int count() throws IOException {
        int n = in.readUnsigned();
        in.mayHold(n);
        return n;
    }

    /** What {@code WireOut.event} wrote. */
    private LogEvent event() throws IOException {
        String file = string();
        long line = in.readLong();
        int lineSpan = in.readInt();
        long time = lastTime + in.readLong();
        lastTime = time;
        long envelopeDelta = in.readLong();
        long envelope = in.readBoolean() ? time + envelopeDelta : 0;
        int kinds = in.readInt();
        String catalogId = string();
        ControllerEvent event = (ControllerEvent) value();
        String text = in.readChars();
        int stream = in.readInt();
        long ordinal = lastOrdinal + in.readLong();
        lastOrdinal = ordinal;
        LogEvent.Rare rare = (LogEvent.Rare) value();
        return new LogEvent(file, Math.toIntExact(line), lineSpan, time, envelope, kinds, catalogId, event, TextBlock.of(text), 0, stream,
                Math.toIntExact(ordinal), rare);
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
                return type().getEnumConstants()[in.readUnsigned()];
            case RECORD: {
                WireValues.Shape shape = WireValues.Shape.of(type());
                Object[] args = new Object[shape.accessors.length];
                for (int i = 0; i < args.length; i++) {
                    args[i] = switch (shape.kinds[i]) {
                        case WireValues.Shape.INT -> in.readInt();
                        case WireValues.Shape.LONG -> in.readLong();
                        case WireValues.Shape.BOOLEAN -> in.readBoolean();
                        default -> value();
                    };
                }
                return shape.make(args);
            }
            case LOG_EVENT:
                return event();
            case INSTANT:
                return Instant.ofEpochSecond(in.readLong(), in.readInt());
            case TIMESTAMP:
                return Timestamp.of(in.readLong(), in.readInt(), TimePrecision.values()[in.readByte()], ZoneBasis.values()[in.readByte()]);
            case PATH:
                return Path.of(string());
            case LONGS: {
                long[] a = new long[count()];
                for (int i = 0; i < a.length; i++) {
                    a[i] = in.readLong();
                }
                return a;
            }
            case INTS: {
                int[] a = new int[count()];
                for (int i = 0; i < a.length; i++) {
                    a[i] = in.readInt();
                }
                return a;
            }
            case LIST: {
                int n = count();
                List<Object> list = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    list.add(value());
                }
                return list;
            }
            case ENUM_SET: {
                Class<?> c = type();
                int n = count();
                Set set = c == Object.class ? new LinkedHashSet<>() : EnumSet.noneOf((Class) c);
                for (int i = 0; i < n; i++) {
                    set.add(value());
                }
                return set;
            }
            case SET, SORTED_SET: {
                int n = count();
                Set<Object> set = tag == WireValues.Tag.SET ? new LinkedHashSet<>() : new TreeSet<>();
                for (int i = 0; i < n; i++) {
                    set.add(value());
                }
                return set;
            }
            case ENUM_MAP: {
                Class<?> c = type();
                int n = count();
                Map map = c == Object.class ? new LinkedHashMap<>() : new EnumMap(c);
                for (int i = 0; i < n; i++) {
                    map.put(value(), value());
                }
                return map;
            }
            case MAP, SORTED_MAP: {
                int n = count();
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
