package dev.argoforensics.read;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;

/**
 * The engine's values as bytes, for a reading that crosses machines (the fleet scan): the project's
 * records (by their components, rebuilt through their canonical constructors, so their checks and
 * copies run again; a component of type int, long or boolean as the number alone, without a tag),
 * log lines in a form of their own ({@link dev.argoforensics.event.LogEvent}: no reflection, times and
 * ordinals as differences), enums, strings, numbers, instants, paths, lists, sets and maps (the sorted
 * and enum-keyed ones as such; the others in their iteration order). Strings and class names are
 * written once per value and then referred to by number; numbers are variable-length ({@link WireSink}).
 * Anything else is refused with the class named: a value is sent as it is, or not at all.
 */
final class WireValues {
    enum Tag { NULL, STRING, INT, LONG, BOOLEAN, DOUBLE, ENUM, RECORD, LIST, SET, SORTED_SET, ENUM_SET, MAP, SORTED_MAP, ENUM_MAP,
        INSTANT, PATH, LONGS, INTS, TIMESTAMP, LOG_EVENT }

    static final Tag[] TAGS = Tag.values();
    static final String PROJECT = "dev.argoforensics.";

    private WireValues() {
    }

    /** A record class's accessors and canonical constructor. */
    static final class Shape {
        /** How a component goes: as a tagged value, or (a primitive type) as the number alone. */
        static final byte VALUE = 0;
        static final byte INT = 1;
        static final byte LONG = 2;
        static final byte BOOLEAN = 3;
        private static final ClassValue<Shape> SHAPES = new ClassValue<>() {
            @Override
            protected Shape computeValue(Class<?> type) {
                return new Shape(type);
            }
        };
        final Method[] accessors;
        final byte[] kinds;
        private final Constructor<?> constructor;

        private Shape(Class<?> type) {
            if (!type.isRecord()) {
                throw new IllegalArgumentException("not a record: " + type.getName());
            }
            RecordComponent[] components = type.getRecordComponents();
            accessors = new Method[components.length];
            kinds = new byte[components.length];
            Class<?>[] types = new Class<?>[components.length];
            for (int i = 0; i < components.length; i++) {
                accessors[i] = components[i].getAccessor();
                accessors[i].setAccessible(true);
                types[i] = components[i].getType();
                kinds[i] = types[i] == int.class ? INT : types[i] == long.class ? LONG : types[i] == boolean.class ? BOOLEAN : VALUE;
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

    static Object get(Method accessor, Object record) {
        try {
            return accessor.invoke(record);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
