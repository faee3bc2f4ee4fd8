package dev.argoforensics.correlate;

import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.time.Timestamp;
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
 *
 * <p>{@code printed} is how reports tell those Pods apart (session 51): each of them, the latest included, carries its place among
 * the name's lifetimes and its creation, and {@link #toString} prints them ({@code ns/name (lifetime 1 of 2, created <time>)}). It
 * is a label, not part of the identity: {@link #equals}, {@link #hashCode} and {@link #compareTo} leave it out, so a key looked up
 * by namespace and name (the latest Pod's, lifetime 0) still finds the latest Pod. The correlation labels each Pod's key once
 * ({@link PodInstances#labelled}); null for a Pod whose name was not split.
 */
public record PodKey(String namespace, String name, String uid, int lifetime, Lifetime printed) implements Comparable<PodKey> {

    /**
     * One of the lifetimes of a Pod name the controller's lines told apart.
     *
     * @param number  its place, 1 for the earliest created
     * @param of      how many the lines show
     * @param created its {@code Created pod} line's time
     */
    public record Lifetime(int number, int of, Timestamp created) {
        public Lifetime {
            if (number < 1 || number > of) {
                throw new IllegalArgumentException("lifetime " + number + " of " + of);
            }
            Objects.requireNonNull(created, "created");
        }

        /** {@code lifetime 1 of 2, created <time>}. */
        public String words() {
            return "lifetime " + number + " of " + of + ", created " + created.format();
        }
    }

    public PodKey {
        Objects.requireNonNull(name, "name");
        uid = uid == null || uid.isEmpty() ? null : uid;
        if (lifetime < 0 || (lifetime != 0 && uid != null) || (printed != null && uid != null)) {
            throw new IllegalArgumentException("lifetime " + lifetime + " with uid " + uid);
        }
    }

    public PodKey(String namespace, String name, String uid, int lifetime) {
        this(namespace, name, uid, lifetime, null);
    }

    public PodKey(String namespace, String name, String uid) {
        this(namespace, name, uid, 0, null);
    }

    /** A Pod as lines name it: by namespace and name only. */
    public PodKey(String namespace, String name) {
        this(namespace, name, null, 0, null);
    }

    /** The same Pod, printed as this lifetime of its name. */
    public PodKey labelled(Lifetime value) {
        return new PodKey(namespace, name, uid, lifetime, value);
    }

    /** The same namespace and name, without the UID or the lifetime. */
    public PodKey named() {
        return uid == null && lifetime == 0 && printed == null ? this : new PodKey(namespace, name);
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

    /** Namespace, name, UID and lifetime: the label ({@code printed}) is no part of the identity. */
    @Override
    public boolean equals(Object o) {
        return o instanceof PodKey k && lifetime == k.lifetime && name.equals(k.name) && Objects.equals(namespace, k.namespace)
                && Objects.equals(uid, k.uid);
    }

    @Override
    public int hashCode() {
        // written out: no array per call
        int h = namespace == null ? 0 : namespace.hashCode();
        h = 31 * h + name.hashCode();
        h = 31 * h + (uid == null ? 0 : uid.hashCode());
        return 31 * h + lifetime;
    }

    /**
     * {@code namespace/name}, and for one of the lifetimes of a name the lines told apart, which ({@code (lifetime 1 of 2, created
     * <time>)}): reports add the UID where it tells two Pods apart.
     */
    @Override
    public String toString() {
        String named = (namespace == null ? "?" : namespace) + "/" + name;
        return printed == null ? named : named + " (" + printed.words() + ")";
    }
}
