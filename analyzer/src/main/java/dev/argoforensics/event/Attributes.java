package dev.argoforensics.event;

import dev.argoforensics.time.GoDuration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The named values a catalog entry extracted from one record, under the catalog's attribute names
 * (not the controller's key names, which differ between releases).
 */
public final class Attributes {
    private final Map<String, String> values;
    private final Interner names;

    public Attributes(Map<String, String> values) {
        this(values, Interner.NONE);
    }

    /** @param names makes the values and the Pod and Workflow references canonical (the map's values should already be) */
    public Attributes(Map<String, String> values, Interner names) {
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        this.names = names;
    }

    /**
     * Attributes made in place, for a caller that makes them once per kept line (the catalog): the names and values put in two
     * arrays, in the order put, with a map's {@code put}, {@code putIfAbsent} and {@code get}, and handed over without a copy.
     * A linked hash map per kept line (its table, an entry per value, the unmodifiable view) was the largest of the catalog's
     * allocations on an incident corpus (#17, session 37); the attributes read, iterate, compare and print as that map did.
     */
    public static final class Builder {
        private String[] keys;
        private String[] values;
        private int size;
        private boolean built;

        /** @param capacity how many values may be put (more are taken too, at the cost of a copy) */
        public Builder(int capacity) {
            keys = new String[Math.max(1, capacity)];
            values = new String[keys.length];
        }

        private int index(String name) {
            for (int i = 0; i < size; i++) {
                if (keys[i].equals(name)) {
                    return i;
                }
            }
            return -1;
        }

        /** The value put under {@code name}, or null. */
        public String get(String name) {
            int i = index(name);
            return i < 0 ? null : values[i];
        }

        /** As a map's: the value replaced where the name is put already, else added last. */
        public void put(String name, String value) {
            int i = index(java.util.Objects.requireNonNull(name, "attribute name"));
            if (i >= 0) {
                values[i] = value;
                return;
            }
            if (size == keys.length) {
                keys = java.util.Arrays.copyOf(keys, size * 2);
                values = java.util.Arrays.copyOf(values, size * 2);
            }
            keys[size] = name;
            values[size] = value;
            size++;
        }

        /** As a map's: added where the name is not put (or holds null). */
        public void putIfAbsent(String name, String value) {
            int i = index(name);
            if (i < 0) {
                put(name, value);
            } else if (values[i] == null) {
                values[i] = value;
            }
        }

        /** The attributes, over the arrays themselves; the builder takes no more after. */
        public Attributes build(Interner names) {
            if (built) {
                throw new IllegalStateException("built");
            }
            built = true;
            return new Attributes(names, new Ordered(keys, values, size));
        }
    }

    /** The builder's arrays as an immutable map, in the order put: equal to, hashed and printed as any map of the same pairs in that order. */
    private static final class Ordered extends java.util.AbstractMap<String, String> {
        private final String[] keys;
        private final String[] values;
        private final int size;

        Ordered(String[] keys, String[] values, int size) {
            this.keys = keys;
            this.values = values;
            this.size = size;
        }

        @Override
        public String get(Object name) {
            for (int i = 0; i < size; i++) {
                if (keys[i].equals(name)) {
                    return values[i];
                }
            }
            return null;
        }

        @Override
        public boolean containsKey(Object name) {
            for (int i = 0; i < size; i++) {
                if (keys[i].equals(name)) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public int size() {
            return size;
        }

        @Override
        public java.util.Set<Map.Entry<String, String>> entrySet() {
            return new java.util.AbstractSet<>() {
                @Override
                public java.util.Iterator<Map.Entry<String, String>> iterator() {
                    return new java.util.Iterator<>() {
                        private int next;

                        @Override
                        public boolean hasNext() {
                            return next < size;
                        }

                        @Override
                        public Map.Entry<String, String> next() {
                            if (next >= size) {
                                throw new java.util.NoSuchElementException();
                            }
                            int i = next++;
                            return new java.util.AbstractMap.SimpleImmutableEntry<>(keys[i], values[i]);
                        }
                    };
                }

                @Override
                public int size() {
                    return size;
                }
            };
        }
    }

    private Attributes(Interner names, Map<String, String> adopted) {
        this.values = adopted;
        this.names = names;
    }

    /** The interner the values went through: an event built from them makes what it derives canonical too. */
    public Interner names() {
        return names;
    }

    public Map<String, String> asMap() {
        return values;
    }

    public Optional<String> text(String name) {
        return Optional.ofNullable(values.get(name));
    }

    /** The value, or null: for record components that are absent in some releases. */
    public String textOrNull(String name) {
        return values.get(name);
    }

    public Integer integerOrNull(String name) {
        String v = values.get(name);
        if (v == null || v.isEmpty()) {
            return null;
        }
        try {
            return Integer.valueOf(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " is not a whole number: " + v, e);
        }
    }

    public Boolean booleanOrNull(String name) {
        String v = values.get(name);
        if (v == null || v.isEmpty()) {
            return null;
        }
        return Boolean.valueOf(v);
    }

    /** A duration as nanoseconds (Go text, or JSON's integer nanoseconds), or null when absent. */
    public Long durationOrNull(String name) {
        String v = values.get(name);
        return v == null ? null : GoDuration.parseLogged(v);
    }

    /** A Go slice as printed by {@code %v}: {@code [a b]}; elements hold no spaces. */
    public List<String> list(String name) {
        String v = values.get(name);
        if (v == null) {
            return List.of();
        }
        String t = v.strip();
        if (t.startsWith("[") && t.endsWith("]")) {
            t = t.substring(1, t.length() - 1).strip();
        }
        List<String> out = new ArrayList<>();
        for (String part : t.split(" ")) {
            if (!part.isEmpty()) {
                out.add(part);
            }
        }
        return List.copyOf(out);
    }

    /** The Pod named, or null: none named, or its name redacted by the user ({@link RedactedNames}), which names no Pod. */
    public PodRef podOrNull() {
        String pod = known(values.get("pod"));
        return pod == null ? null : names.pod(known(values.get("namespace")), pod);
    }

    /** The Workflow named, or null: none named, or its name redacted by the user. */
    public WorkflowRef workflowOrNull() {
        String wf = known(values.get("workflow"));
        return wf == null ? null : names.workflow(known(values.get("namespace")), wf);
    }

    /**
     * The first Pod, Workflow or namespace name (or {@code key}) of the record that is a placeholder a user
     * wrote in place of a name ({@link RedactedNames}), or null: the line's names were read as not given.
     */
    public String redactedName() {
        for (String attribute : NAMING) {
            String v = values.get(attribute);
            if (v != null && !v.isEmpty() && RedactedNames.isPlaceholder(v)) {
                return v;
            }
        }
        return null;
    }

    /** The attributes that name a Pod, Workflow or namespace (a split {@code key} gives the first three). */
    private static final String[] NAMING = {"pod", "workflow", "namespace"};

    /** A name as given, or null if empty or a placeholder. */
    private static String known(String s) {
        return s == null || s.isEmpty() || RedactedNames.isPlaceholder(s) ? null : s;
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
