package dev.argoforensics.wording;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;

/**
 * A message's placeholder values by name, read-only, in the order they were given: names and values side by side
 * in one array. Equal to, hashed and printed as the {@link java.util.LinkedHashMap} of the same entries it replaces
 * (a rule gives two to four values; as a map of its own with an unmodifiable view it was ~280 bytes a message, and
 * an incident corpus keeps 62 K clearances' messages through the report). Looked up by a walk: there are few names.
 */
final class Arguments extends AbstractMap<String, Object> {
    private static final Arguments NONE = new Arguments(new Object[0]);

    /** name, value, name, value… */
    private final Object[] pairs;

    private Arguments(Object[] pairs) {
        this.pairs = pairs;
    }

    /**
     * @param args name, value, name, value…; a name given again keeps its first place and takes the later value, as a
     *             map does
     */
    static Arguments of(Object... args) {
        if (args.length == 0) {
            return NONE;
        }
        Object[] pairs = new Object[args.length];
        int n = 0;
        for (int i = 0; i < args.length; i += 2) {
            String name = (String) args[i];
            int at = find(pairs, n, name);
            if (at >= 0) {
                pairs[at + 1] = args[i + 1];
            } else {
                pairs[n++] = name;
                pairs[n++] = args[i + 1];
            }
        }
        return new Arguments(n == pairs.length ? pairs : java.util.Arrays.copyOf(pairs, n));
    }

    /** The entries of a map in its iteration order (itself if it is one already). */
    static Arguments copyOf(Map<String, Object> map) {
        if (map instanceof Arguments a) {
            return a;
        }
        Object[] pairs = new Object[map.size() * 2];
        int n = 0;
        for (Map.Entry<String, Object> e : map.entrySet()) {
            pairs[n++] = Objects.requireNonNull(e.getKey(), "a placeholder has a name");
            pairs[n++] = e.getValue();
        }
        return pairs.length == 0 ? NONE : new Arguments(pairs);
    }

    private static int find(Object[] pairs, int n, Object name) {
        for (int i = 0; i < n; i += 2) {
            if (pairs[i].equals(name)) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public int size() {
        return pairs.length / 2;
    }

    @Override
    public boolean containsKey(Object key) {
        return find(pairs, pairs.length, key) >= 0;
    }

    @Override
    public Object get(Object key) {
        int at = find(pairs, pairs.length, key);
        return at < 0 ? null : pairs[at + 1];
    }

    @Override
    public Set<Map.Entry<String, Object>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Map.Entry<String, Object>> iterator() {
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < pairs.length;
                    }

                    @Override
                    public Map.Entry<String, Object> next() {
                        if (next >= pairs.length) {
                            throw new NoSuchElementException();
                        }
                        Map.Entry<String, Object> e = new SimpleImmutableEntry<>((String) pairs[next], pairs[next + 1]);
                        next += 2;
                        return e;
                    }
                };
            }

            @Override
            public int size() {
                return pairs.length / 2;
            }
        };
    }
}
