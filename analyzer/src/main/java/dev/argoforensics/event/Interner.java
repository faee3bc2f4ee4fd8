package dev.argoforensics.event;

import java.util.concurrent.ConcurrentHashMap;

/**
 * One canonical instance per distinct name within one reading: the values a catalog entry extracts
 * (namespaces, Workflow and Pod names, node IDs and names, phases, actions, short messages) and the
 * {@link WorkflowRef}s and {@link PodRef}s built from them. An incident corpus keeps millions of
 * events that name the same few thousand Workflows and Pods; without this each event held its own
 * copies (six strings and a reference per event on average, a third of the memory kept).
 *
 * <p>Not {@link String#intern()}: the table belongs to one reading and goes with it. Safe for the
 * reading threads to share; which of two equal strings becomes canonical does not matter, since
 * equal strings are interchangeable everywhere (nothing compares names by identity alone).
 */
public final class Interner {
    /** Longer values (a stack trace, a long error message) are rarely repeated: kept as they are, not tabled. */
    public static final int MAX_CHARS = 128;

    /** Interns nothing: every value is returned as given, every reference built anew. */
    public static final Interner NONE = new Interner(false);

    private final boolean enabled;
    private final ConcurrentHashMap<String, String> strings = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<WorkflowRef, WorkflowRef> workflows = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<PodRef, PodRef> pods = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<ControllerEvent, ControllerEvent> events = new ConcurrentHashMap<>();

    public Interner() {
        this(true);
    }

    private Interner(boolean enabled) {
        this.enabled = enabled;
    }

    /** The canonical instance equal to {@code s} (null for null; {@code s} itself if it is too long to table). */
    public String name(String s) {
        if (!enabled || s == null || s.length() > MAX_CHARS) {
            return s;
        }
        return canonical(strings, s);
    }

    /** The instance the table holds equal to {@code value}, which becomes it if none is held yet. */
    private <T> T canonical(ConcurrentHashMap<T, T> table, T value) {
        if (!enabled) {
            return value;
        }
        // Most values are held already: a plain read, not putIfAbsent, which locks the bin it finds the key in.
        T known = table.get(value);
        if (known != null) {
            return known;
        }
        known = table.putIfAbsent(value, value);
        return known != null ? known : value;
    }

    /** The canonical Workflow reference for the namespace (may be null) and name. */
    public WorkflowRef workflow(String namespace, String name) {
        return canonical(workflows, new WorkflowRef(name(namespace), name(name)));
    }

    /** The canonical Pod reference for the namespace (may be null) and name. */
    public PodRef pod(String namespace, String name) {
        return canonical(pods, new PodRef(name(namespace), name(name)));
    }

    /**
     * The canonical instance equal to {@code e}: for the kinds of event whose every field repeats from line to line (the
     * Workflow's task-result reconciliation with its count, its processing at one resource version, a Pod's informer action
     * and cleanup steps), so that the lines saying the same hold one object. An incident corpus keeps 800,000 reconciliation
     * lines of a few thousand Workflows: 19 MB of equal events.
     * Events are values (records: equal ones are interchangeable, nothing compares them by identity).
     */
    @SuppressWarnings("unchecked")
    public <E extends ControllerEvent> E event(E e) {
        return e == null ? null : (E) canonical(events, e);
    }

    /** Distinct strings tabled so far. */
    public int size() {
        return strings.size();
    }
}
