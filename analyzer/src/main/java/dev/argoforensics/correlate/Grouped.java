package dev.argoforensics.correlate;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.RandomAccess;

/**
 * A list's positions grouped by a key of each element, in three arrays: the keys (sorted, for a binary
 * search), where each key's positions start, and the positions themselves, ascending within a key.
 * What a map of lists per key holds, without a map entry, a list and its array per key: {@link NodeIndex}
 * keeps a few of these per Workflow of an incident's tens of thousands.
 */
final class Grouped {
    private static final Grouped EMPTY = new Grouped(new String[0], new int[] {0}, new int[0]);

    /** Sorted, distinct; null when the keys are the numbers 0 to {@code starts.length - 2}. */
    private final String[] keys;
    private final int[] starts;
    private final int[] positions;

    private Grouped(String[] keys, int[] starts, int[] positions) {
        this.keys = keys;
        this.starts = starts;
        this.positions = positions;
    }

    /** The positions by the key at each (null: the position belongs to no key). */
    static Grouped of(String[] keyAt) {
        String[] keys = Arrays.stream(keyAt).filter(java.util.Objects::nonNull).distinct().sorted().toArray(String[]::new);
        if (keys.length == 0) {
            return EMPTY;
        }
        int[] index = new int[keyAt.length];
        for (int i = 0; i < keyAt.length; i++) {
            index[i] = keyAt[i] == null ? -1 : Arrays.binarySearch(keys, keyAt[i]);
        }
        return group(keys, index, keys.length);
    }

    /** The positions by a number from 0 to {@code count - 1} at each. */
    static Grouped of(int[] keyAt, int count) {
        return count == 0 ? EMPTY : group(null, keyAt, count);
    }

    /** A counting sort of the positions by key: stable, so each key's positions ascend. */
    private static Grouped group(String[] keys, int[] index, int count) {
        int[] starts = new int[count + 1];
        int total = 0;
        for (int k : index) {
            if (k >= 0) {
                starts[k + 1]++;
                total++;
            }
        }
        for (int k = 0; k < count; k++) {
            starts[k + 1] += starts[k];
        }
        int[] next = Arrays.copyOf(starts, count);
        int[] positions = new int[total];
        for (int i = 0; i < index.length; i++) {
            if (index[i] >= 0) {
                positions[next[index[i]]++] = i;
            }
        }
        return new Grouped(keys, starts, positions);
    }

    /** The key's positions, ascending (empty for a key not met). */
    int[] positions(String key) {
        int k = key == null ? -1 : Arrays.binarySearch(keys, key);
        return k < 0 ? new int[0] : Arrays.copyOfRange(positions, starts[k], starts[k + 1]);
    }

    /** The number {@code k}'s positions, ascending (empty for a number not met). */
    int[] positions(int k) {
        return k < 0 || k >= starts.length - 1 ? new int[0] : Arrays.copyOfRange(positions, starts[k], starts[k + 1]);
    }

    /** Whether any position has the key. */
    boolean has(String key) {
        return key != null && Arrays.binarySearch(keys, key) >= 0;
    }

    /** The elements of {@code all} at the key's positions, in order: a view, not a copy (empty for a key not met). */
    <T> List<T> lines(String key, List<T> all) {
        int k = key == null ? -1 : Arrays.binarySearch(keys, key);
        return k < 0 ? List.of() : new At<>(all, positions, starts[k], starts[k + 1]);
    }

    /** As {@link #lines(String, List)} for the number {@code k}. */
    <T> List<T> lines(int k, List<T> all) {
        return k < 0 || k >= starts.length - 1 || starts[k] == starts[k + 1] ? List.of() : new At<>(all, positions, starts[k], starts[k + 1]);
    }

    /** The elements of a list at some of its positions; unmodifiable. */
    private static final class At<T> extends AbstractList<T> implements RandomAccess {
        private final List<T> all;
        private final int[] positions;
        private final int from;
        private final int to;

        At(List<T> all, int[] positions, int from, int to) {
            this.all = all;
            this.positions = positions;
            this.from = from;
            this.to = to;
        }

        @Override
        public T get(int i) {
            if (i < 0 || i >= to - from) {
                throw new IndexOutOfBoundsException(i);
            }
            return all.get(positions[from + i]);
        }

        @Override
        public int size() {
            return to - from;
        }
    }
}
