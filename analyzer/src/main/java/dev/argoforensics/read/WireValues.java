package dev.argoforensics.read;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The engine's values as bytes, for a reading that crosses machines (the fleet scan): the project's
 * records (by their components, rebuilt through their canonical constructors, so their checks and
 * copies run again), enums, strings, numbers, instants, paths, lists, sets and maps (the sorted and
 * enum-keyed ones as such; the others in their iteration order). Strings and class names are written
 * once per stream and then referred to by number. Anything else is refused with the class named: a
 * value is sent as it is, or not at all.
 */
final class WireValues {
    private enum Tag { NULL, STRING, INT, LONG, BOOLEAN, DOUBLE, ENUM, RECORD, LIST, SET, SORTED_SET, ENUM_SET, MAP, SORTED_MAP, ENUM_MAP,
        INSTANT, PATH, LONGS, INTS }

    private static final Tag[] TAGS = Tag.values();
    private static final String PROJECT = "dev.argoforensics.";
    /** Chars per {@code writeUTF}: at most 3 bytes each, under its 65,535. */
    private static final int PIECE = 16_000;

    private WireValues() {
    }

    /** Writes values to one stream. */
    static final class Out {
        private final DataOutputStream out;
        private final Map<String, Integer> strings = new HashMap<>();
        private final Map<Class<?>, Integer> classes = new HashMap<>();

        Out(DataOutputStream out) {
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
            int pieces = (s.length() + PIECE - 1) / PIECE;
            out.writeInt(pieces);
            for (int i = 0; i < pieces; i++) {
                out.writeUTF(s.substring(i * PIECE, Math.min(s.length(), (i + 1) * PIECE)));
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
                tag(Tag.NULL);
            } else if (v instanceof String s) {
                tag(Tag.STRING);
                string(s);
            } else if (v instanceof Integer i) {
                tag(Tag.INT);
                out.writeInt(i);
            } else if (v instanceof Long l) {
                tag(Tag.LONG);
                out.writeLong(l);
            } else if (v instanceof Boolean b) {
                tag(Tag.BOOLEAN);
                out.writeBoolean(b);
            } else if (v instanceof Double d) {
                tag(Tag.DOUBLE);
                out.writeDouble(d);
            } else if (v instanceof Enum<?> e) {
                tag(Tag.ENUM);
                type(e.getDeclaringClass());
                out.writeInt(e.ordinal());
            } else if (v instanceof Record r && r.getClass().getName().startsWith(PROJECT)) {
                tag(Tag.RECORD);
                type(r.getClass());
                for (Method accessor : Shape.of(r.getClass()).accessors) {
                    value(get(accessor, r));
                }
            } else if (v instanceof Instant t) {
                tag(Tag.INSTANT);
                out.writeLong(t.getEpochSecond());
                out.writeInt(t.getNano());
            } else if (v instanceof Path p) {
                tag(Tag.PATH);
                string(p.toString());
            } else if (v instanceof long[] a) {
                tag(Tag.LONGS);
                out.writeInt(a.length);
                for (long x : a) {
                    out.writeLong(x);
                }
            } else if (v instanceof int[] a) {
                tag(Tag.INTS);
                out.writeInt(a.length);
                for (int x : a) {
                    out.writeInt(x);
                }
            } else if (v instanceof List<?> list) {
                tag(Tag.LIST);
                elements(list);
            } else if (v instanceof EnumSet<?> set) {
                tag(Tag.ENUM_SET);
                type(enumType(set.isEmpty() ? EnumSet.complementOf(set) : set));
                elements(set);
            } else if (v instanceof Set<?> set) {
                tag(v instanceof SortedSet<?> ? Tag.SORTED_SET : Tag.SET);
                elements(set);
            } else if (v instanceof EnumMap<?, ?> map) {
                tag(Tag.ENUM_MAP);
                type(map.isEmpty() ? Object.class : ((Enum<?>) map.keySet().iterator().next()).getDeclaringClass());
                entries(map);
            } else if (v instanceof Map<?, ?> map) {
                tag(v instanceof SortedMap<?, ?> ? Tag.SORTED_MAP : Tag.MAP);
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

        private void tag(Tag t) throws IOException {
            out.writeByte(t.ordinal());
        }
    }

    /** Reads what an {@link Out} wrote, in the same order. */
    static final class In {
        private final DataInputStream in;
        private final List<String> strings = new ArrayList<>();
        private final List<Class<?>> classes = new ArrayList<>();

        In(DataInputStream in) {
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
            if (!name.startsWith(PROJECT) && !name.equals(Object.class.getName())) {
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
            Tag tag = TAGS[in.readByte()];
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
                    Shape shape = Shape.of(type());
                    Object[] args = new Object[shape.accessors.length];
                    for (int i = 0; i < args.length; i++) {
                        args[i] = value();
                    }
                    return shape.make(args);
                }
                case INSTANT:
                    return Instant.ofEpochSecond(in.readLong(), in.readInt());
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
                    Set<Object> set = tag == Tag.SET ? new LinkedHashSet<>() : new TreeSet<>();
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
                    Map<Object, Object> map = tag == Tag.MAP ? new LinkedHashMap<>() : new TreeMap<>();
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

    /** A record class's accessors and canonical constructor. */
    private static final class Shape {
        private static final ClassValue<Shape> SHAPES = new ClassValue<>() {
            @Override
            protected Shape computeValue(Class<?> type) {
                return new Shape(type);
            }
        };
        final Method[] accessors;
        private final Constructor<?> constructor;

        private Shape(Class<?> type) {
            if (!type.isRecord()) {
                throw new IllegalArgumentException("not a record: " + type.getName());
            }
            RecordComponent[] components = type.getRecordComponents();
            accessors = new Method[components.length];
            Class<?>[] types = new Class<?>[components.length];
            for (int i = 0; i < components.length; i++) {
                accessors[i] = components[i].getAccessor();
                accessors[i].setAccessible(true);
                types[i] = components[i].getType();
            }
            try {
                constructor = type.getDeclaredConstructor(types);
                constructor.setAccessible(true);
            } catch (NoSuchMethodException e) {
                throw new IllegalStateException("a record has its canonical constructor: " + type.getName(), e);
            }
        }

        static Shape of(Class<?> type) {
            return SHAPES.get(type);
        }

        Object make(Object[] args) throws IOException {
            try {
                return constructor.newInstance(args);
            } catch (ReflectiveOperationException | IllegalArgumentException e) {
                throw new IOException("cannot rebuild " + constructor.getDeclaringClass().getName() + ": " + e, e);
            }
        }
    }

    private static Object get(Method accessor, Object record) {
        try {
            return accessor.invoke(record);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
