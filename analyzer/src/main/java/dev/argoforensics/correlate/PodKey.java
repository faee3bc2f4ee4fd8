package dev.argoforensics.correlate;

import dev.argoforensics.event.WorkflowRef;
import java.util.Objects;

/**
 * A Pod by namespace, name and, where an export gave it, UID: a Pod recreated with the same name is
 * another Pod (upstream #8022). The namespace is null when no source names it (pod-controller event
 * lines carry only the name) and nothing else resolved it; the UID is null when no export of a Pod
 * with this name gave one.
 *
 * <p>{@code lifetime} tells apart the Pods of a name that no export gives a UID, where the controller's lines show the name created
 * again after the earlier Pod's cleanup ({@link Lifetimes}, session 50): 0 for the latest (or only) one, as the name alone keys it,
 * and 1, 2, ... for the earlier ones in the order they were created. Always 0 with a UID.
 */
public record PodKey(String namespace, String name, String uid, int lifetime) implements Comparable<PodKey> {
    public PodKey {
        Objects.requireNonNull(name, "name");
        uid = uid == null || uid.isEmpty() ? null : uid;
        if (lifetime < 0 || (lifetime != 0 && uid != null)) {
            throw new IllegalArgumentException("lifetime " + lifetime + " with uid " + uid);
        }
    }

    public PodKey(String namespace, String name, String uid) {
        this(namespace, name, uid, 0);
    }

    /** A Pod as lines name it: by namespace and name only. */
    public PodKey(String namespace, String name) {
        this(namespace, name, null, 0);
    }

    /** The same namespace and name, without the UID or the lifetime. */
    public PodKey named() {
        return uid == null && lifetime == 0 ? this : new PodKey(namespace, name);
    }

    public PodKey withUid(String value) {
        return new PodKey(namespace, name, value);
    }

    /** The same namespace and name, the {@code n}-th earlier Pod of the name the lines show (no UID). */
    public PodKey withLifetime(int n) {
        return new PodKey(namespace, name, null, n);
    }

    @Override
    public int compareTo(PodKey o) {
        // Namespace (unknown first), name, UID (unknown first); written out: correlation sorts and looks up many.
        int c = WorkflowRef.compareNullsFirst(namespace, o.namespace);
        if (c == 0) {
            c = name.compareTo(o.name);
        }
        if (c == 0) {
            c = WorkflowRef.compareNullsFirst(uid, o.uid);
        }
        return c != 0 ? c : Integer.compare(lifetime, o.lifetime);
    }

    /** {@code namespace/name}: reports add the UID where it tells two Pods apart. */
    @Override
    public String toString() {
        return (namespace == null ? "?" : namespace) + "/" + name;
    }
}
