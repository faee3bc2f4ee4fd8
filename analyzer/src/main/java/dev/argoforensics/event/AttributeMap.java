package dev.argoforensics.event;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A signal's attributes ({@link ControllerEvent.Signal}), immutable, in two arrays: the names, shared by
 * every signal with the same names in the same order (a catalog entry's), and the values. An incident
 * corpus keeps 440,000 signal lines; {@code Map.copyOf} gave each a hash table of four slots per
 * attribute (about 180 bytes a line for eight attributes), this about 70. Equal to (and hashed as) any
 * map with the same mappings; iterates by name, so equal maps print alike (as two {@code Map.copyOf}
 * tables of one run did); no null names or values, as {@code Map.copyOf}.
 */
final class AttributeMap extends AbstractMap<String, String> {
    /** The name arrays in use, by their names: a few per catalog entry. */
    private static final Map<List<String>, String[]> NAMES = new ConcurrentHashMap<>();
    /** Beyond this many distinct name lists (not met from a catalog) a map keeps its own array. */
    private static final int SHARED_LIMIT = 4096;

    private final String[] names;
    private final String[] values;

    private AttributeMap(String[] names, String[] values) {
        this.names = names;
        this.values = values;
    }

    /** The map itself when it is one already. */
    static Map<String, String> of(Map<String, String> attributes) {
        if (attributes instanceof AttributeMap) {
            return attributes;
        }
        if (attributes.isEmpty()) {
            return Map.of();
        }
        String[] names = new String[attributes.size()];
        String[] values = new String[names.length];
        int i = 0;
        for (Map.Entry<String, String> e : attributes.entrySet()) {
            names[i] = Objects.requireNonNull(e.getKey(), "attribute name");
            values[i] = Objects.requireNonNull(e.getValue(), "attribute value");
            i++;
        }
        sortByName(names, values);
        List<String> key = List.of(names);
        String[] shared = NAMES.get(key);
        if (shared == null && NAMES.size() < SHARED_LIMIT) {
            shared = NAMES.computeIfAbsent(key, k -> names);
        }
        return new AttributeMap(shared == null ? names : shared, values);
    }

    /** Insertion sort of the pairs by name (a few each): equal maps then iterate, and print, alike. */
    private static void sortByName(String[] names, String[] values) {
        for (int i = 1; i < names.length; i++) {
            String n = names[i];
            String v = values[i];
            int j = i - 1;
            while (j >= 0 && names[j].compareTo(n) > 0) {
                names[j + 1] = names[j];
                values[j + 1] = values[j];
                j--;
            }
            names[j + 1] = n;
            values[j + 1] = v;
        }
    }

    @Override
    public String get(Object name) {
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(name)) {
                return values[i];
            }
        }
        return null;
    }

    @Override
    public boolean containsKey(Object name) {
        return get(name) != null;
    }

    @Override
    public int size() {
        return names.length;
    }

    @Override
    public Set<Map.Entry<String, String>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Map.Entry<String, String>> iterator() {
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < names.length;
                    }

                    @Override
                    public Map.Entry<String, String> next() {
                        if (next >= names.length) {
                            throw new NoSuchElementException();
                        }
                        int i = next++;
                        return new AbstractMap.SimpleImmutableEntry<>(names[i], values[i]);
                    }
                };
            }

            @Override
            public int size() {
                return names.length;
            }
        };
    }
}
