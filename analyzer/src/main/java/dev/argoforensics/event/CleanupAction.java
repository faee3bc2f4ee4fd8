package dev.argoforensics.event;

import java.util.HashMap;
import java.util.Map;

/**
 * What the pod-cleanup queue does to a Pod (the {@code action} key of the cleanup lines, reference
 * §B3): the one list of the actions the analysis tells apart. A release may log an action not named
 * here; {@link #of} gives {@link #OTHER} for it, and the line keeps its own text.
 */
public enum CleanupAction {
    /** Patch the status-capture finalizer away (on deletion, or after the node was persisted). */
    REMOVE_FINALIZER("removeFinalizer"),
    /** Label the Pod completed once its node was persisted: it leaves the controller's informer. */
    LABEL_POD_COMPLETED("labelPodCompleted"),
    /** Delete the Pod (pod GC). */
    DELETE_POD("deletePod"),
    /** Signal the containers to stop (SIGTERM). */
    TERMINATE_CONTAINERS("terminateContainers"),
    /** Kill the containers (SIGKILL) after the grace period. */
    KILL_CONTAINERS("killContainers"),
    /** An action this list does not name. */
    OTHER("");

    private static final Map<String, CleanupAction> BY_TEXT = new HashMap<>();

    static {
        for (CleanupAction a : values()) {
            if (a != OTHER) {
                BY_TEXT.put(a.text, a);
            }
        }
    }

    private final String text;

    CleanupAction(String text) {
        this.text = text;
    }

    /** The action as the controller logs it. */
    public String text() {
        return text;
    }

    /** The action a line names; {@link #OTHER} for one not listed, null for none. */
    public static CleanupAction of(String action) {
        return action == null ? null : BY_TEXT.getOrDefault(action, OTHER);
    }
}
