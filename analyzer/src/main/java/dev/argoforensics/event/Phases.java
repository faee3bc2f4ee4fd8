package dev.argoforensics.event;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Sets of Workflow or node phases that a line's phase is looked up in. A line may show no phase (a log console's columns give a
 * record's message and some of its keys, not always {@code phase}); such a line is in no set of phases, where {@link Set#of} would
 * throw on the lookup (session 57: a v3 {@code Workflow update successful} with its Workflow but no phase stopped the analysis).
 */
public final class Phases {
    private Phases() {
    }

    /** An unmodifiable set of these phases, in which null is not contained (no exception). */
    public static Set<String> of(String... phases) {
        return Collections.unmodifiableSet(new LinkedHashSet<>(List.of(phases)));
    }
}
