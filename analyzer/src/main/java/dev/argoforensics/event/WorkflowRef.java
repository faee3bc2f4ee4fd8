package dev.argoforensics.event;

import java.util.Comparator;
import java.util.Objects;

/** A Workflow by namespace and name. */
public record WorkflowRef(String namespace, String name) implements Comparable<WorkflowRef> {
    private static final Comparator<WorkflowRef> ORDER = Comparator
            .comparing(WorkflowRef::namespace, Comparator.nullsFirst(Comparator.naturalOrder()))
            .thenComparing(WorkflowRef::name);

    public WorkflowRef {
        Objects.requireNonNull(name, "name");
    }

    @Override
    public int compareTo(WorkflowRef o) {
        return ORDER.compare(this, o);
    }

    @Override
    public String toString() {
        return (namespace == null ? "?" : namespace) + "/" + name;
    }
}
