package dev.argoforensics.correlate;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * An unmodifiable map in its keys' natural order, held in two arrays (the keys sorted, a binary search to find one): what a
 * {@code TreeMap} made unmodifiable gives ({@code get} and {@code containsKey} by {@code compareTo}, iteration in key order, a
 * null key refused), without a 40-byte tree entry per key. The correlation's four maps (Pods, Workflows, lifecycles, fates)
 * live from the correlation to the report's end; on a busy log where every Workflow is of interest their 542,670 tree entries
 * were 21.7 MB of the live set that sizes the heap ({@code --timelines all}, docs/performance.md, session 51).
 */
final class SortedTable<K extends Comparable<? super K>, V> extends AbstractMap<K, V> {
    private final Object[] keys;
    private final Object[] values;

    private SortedTable(Object[] keys, Object[] values) {
        this.keys = keys;
        this.values = values;
    }

    /** The map's entries in its keys' natural order. */
    static <K extends Comparable<? super K>, V> Map<K, V> of(Map<K, V> map) {
        @SuppressWarnings("unchecked")
        Map.Entry<K, V>[] entries = map.entrySet().toArray(new Map.Entry[0]);
        for (Map.Entry<K, V> e : entries) {
            Objects.requireNonNull(e.getKey(), "a null key");
        }
        Arrays.sort(entries, Map.Entry.comparingByKey());
        Object[] keys = new Object[entries.length];
        Object[] values = new Object[entries.length];
        for (int i = 0; i < entries.length; i++) {
            keys[i] = entries[i].getKey();
            values[i] = entries[i].getValue();
            if (i > 0 && entries[i - 1].getKey().compareTo(entries[i].getKey()) == 0) {
                throw new IllegalArgumentException("two keys the same in their order: " + entries[i].getKey());
            }
        }
        return new SortedTable<>(keys, values);
    }

    @SuppressWarnings("unchecked")
    private int indexOf(Object key) {
        Objects.requireNonNull(key);
        int lo = 0;
        int hi = keys.length - 1;
        Comparable<Object> k = (Comparable<Object>) key;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int c = k.compareTo(keys[mid]);
            if (c > 0) {
                lo = mid + 1;
            } else if (c < 0) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return -1;
    }

    @Override
    @SuppressWarnings("unchecked")
    public V get(Object key) {
        int i = indexOf(key);
        return i < 0 ? null : (V) values[i];
    }

    @Override
    public boolean containsKey(Object key) {
        return indexOf(key) >= 0;
    }

    @Override
    public int size() {
        return keys.length;
    }

    @Override
    public boolean isEmpty() {
        return keys.length == 0;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void forEach(BiConsumer<? super K, ? super V> action) {
        for (int i = 0; i < keys.length; i++) {
            action.accept((K) keys[i], (V) values[i]);
        }
    }

    @Override
    public Set<Map.Entry<K, V>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Map.Entry<K, V>> iterator() {
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < keys.length;
                    }

                    @Override
                    @SuppressWarnings("unchecked")
                    public Map.Entry<K, V> next() {
                        if (next >= keys.length) {
                            throw new NoSuchElementException();
                        }
                        int i = next++;
                        return new AbstractMap.SimpleImmutableEntry<>((K) keys[i], (V) values[i]);
                    }
                };
            }

            @Override
            public int size() {
                return keys.length;
            }
        };
    }
}
