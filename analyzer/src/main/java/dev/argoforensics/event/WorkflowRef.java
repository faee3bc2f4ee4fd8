package dev.argoforensics.event;

import java.util.Objects;

/** A Workflow by namespace and name. */
public record WorkflowRef(String namespace, String name) implements Comparable<WorkflowRef> {
    public WorkflowRef {
        Objects.requireNonNull(name, "name");
    }

    @Override
    public int compareTo(WorkflowRef o) {
        // By namespace (unknown first), then name; written out: correlation sorts and looks up many.
        int c = compareNullsFirst(namespace, o.namespace);
        return c != 0 ? c : name.compareTo(o.name);
    }

    /** Strings in natural order, null before any; the same string instance compares without reading it. */
    public static int compareNullsFirst(String a, String b) {
        if (a == b) {
            return 0;
        }
        if (a == null) {
            return -1;
        }
        return b == null ? 1 : a.compareTo(b);
    }

    @Override
    public String toString() {
        return (namespace == null ? "?" : namespace) + "/" + name;
    }
}
