package dev.argoforensics.event;

import java.util.Objects;

/**
 * A Pod as a log line names it. Pod-controller event lines name no namespace ({@code pod=} only):
 * then {@code namespace} is null and correlation resolves it.
 */
public record PodRef(String namespace, String name) {
    public PodRef {
        Objects.requireNonNull(name, "name");
    }

    @Override
    public String toString() {
        return (namespace == null ? "?" : namespace) + "/" + name;
    }
}
