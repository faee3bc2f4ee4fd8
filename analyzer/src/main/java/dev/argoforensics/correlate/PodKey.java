package dev.argoforensics.correlate;

import java.util.Comparator;
import java.util.Objects;

/**
 * A Pod by namespace and name. The namespace is null when no source names it (pod-controller event
 * lines carry only the name) and nothing else resolved it.
 */
public record PodKey(String namespace, String name) implements Comparable<PodKey> {
    private static final Comparator<PodKey> ORDER = Comparator
            .comparing(PodKey::namespace, Comparator.nullsFirst(Comparator.naturalOrder()))
            .thenComparing(PodKey::name);

    public PodKey {
        Objects.requireNonNull(name, "name");
    }

    @Override
    public int compareTo(PodKey o) {
        return ORDER.compare(this, o);
    }

    @Override
    public String toString() {
        return (namespace == null ? "?" : namespace) + "/" + name;
    }
}
