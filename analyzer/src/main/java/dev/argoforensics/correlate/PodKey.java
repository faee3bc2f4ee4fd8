package dev.argoforensics.correlate;

import dev.argoforensics.event.WorkflowRef;
import java.util.Objects;

/**
 * A Pod by namespace, name and, where an export gave it, UID: a Pod recreated with the same name is
 * another Pod (upstream #8022). The namespace is null when no source names it (pod-controller event
 * lines carry only the name) and nothing else resolved it; the UID is null when no export of a Pod
 * with this name gave one.
 */
public record PodKey(String namespace, String name, String uid) implements Comparable<PodKey> {
    public PodKey {
        Objects.requireNonNull(name, "name");
        uid = uid == null || uid.isEmpty() ? null : uid;
    }

    /** A Pod as lines name it: by namespace and name only. */
    public PodKey(String namespace, String name) {
        this(namespace, name, null);
    }

    /** The same namespace and name, without the UID. */
    public PodKey named() {
        return uid == null ? this : new PodKey(namespace, name);
    }

    public PodKey withUid(String value) {
        return new PodKey(namespace, name, value);
    }

    @Override
    public int compareTo(PodKey o) {
        // Namespace (unknown first), name, UID (unknown first); written out: correlation sorts and looks up many.
        int c = WorkflowRef.compareNullsFirst(namespace, o.namespace);
        if (c == 0) {
            c = name.compareTo(o.name);
        }
        return c != 0 ? c : WorkflowRef.compareNullsFirst(uid, o.uid);
    }

    /** {@code namespace/name}: reports add the UID where it tells two Pods apart. */
    @Override
    public String toString() {
        return (namespace == null ? "?" : namespace) + "/" + name;
    }
}
