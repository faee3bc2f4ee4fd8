package dev.argoforensics.event;

import dev.argoforensics.time.GoDuration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The named values a catalog entry extracted from one record, under the catalog's attribute names
 * (not the controller's key names, which differ between releases).
 */
public final class Attributes {
    private final Map<String, String> values;
    private final Interner names;

    public Attributes(Map<String, String> values) {
        this(values, Interner.NONE);
    }

    /** @param names makes the values and the Pod and Workflow references canonical (the map's values should already be) */
    public Attributes(Map<String, String> values, Interner names) {
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        this.names = names;
    }

    /**
     * Attributes over {@code values} itself, not a copy: for a caller that made the map for them and
     * keeps no reference to it (the catalog, once per kept line: the copy was a second map per line).
     */
    public static Attributes adopting(LinkedHashMap<String, String> values, Interner names) {
        return new Attributes(names, Collections.unmodifiableMap(values));
    }

    private Attributes(Interner names, Map<String, String> adopted) {
        this.values = adopted;
        this.names = names;
    }

    /** The interner the values went through: an event built from them makes what it derives canonical too. */
    public Interner names() {
        return names;
    }

    public Map<String, String> asMap() {
        return values;
    }

    public Optional<String> text(String name) {
        return Optional.ofNullable(values.get(name));
    }

    /** The value, or null: for record components that are absent in some releases. */
    public String textOrNull(String name) {
        return values.get(name);
    }

    public Integer integerOrNull(String name) {
        String v = values.get(name);
        if (v == null || v.isEmpty()) {
            return null;
        }
        try {
            return Integer.valueOf(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " is not a whole number: " + v, e);
        }
    }

    public Boolean booleanOrNull(String name) {
        String v = values.get(name);
        if (v == null || v.isEmpty()) {
            return null;
        }
        return Boolean.valueOf(v);
    }

    /** A duration as nanoseconds (Go text, or JSON's integer nanoseconds), or null when absent. */
    public Long durationOrNull(String name) {
        String v = values.get(name);
        return v == null ? null : GoDuration.parseLogged(v);
    }

    /** A Go slice as printed by {@code %v}: {@code [a b]}; elements hold no spaces. */
    public List<String> list(String name) {
        String v = values.get(name);
        if (v == null) {
            return List.of();
        }
        String t = v.strip();
        if (t.startsWith("[") && t.endsWith("]")) {
            t = t.substring(1, t.length() - 1).strip();
        }
        List<String> out = new ArrayList<>();
        for (String part : t.split(" ")) {
            if (!part.isEmpty()) {
                out.add(part);
            }
        }
        return List.copyOf(out);
    }

    /** The Pod named, or null: none named, or its name redacted by the user ({@link RedactedNames}), which names no Pod. */
    public PodRef podOrNull() {
        String pod = known(values.get("pod"));
        return pod == null ? null : names.pod(known(values.get("namespace")), pod);
    }

    /** The Workflow named, or null: none named, or its name redacted by the user. */
    public WorkflowRef workflowOrNull() {
        String wf = known(values.get("workflow"));
        return wf == null ? null : names.workflow(known(values.get("namespace")), wf);
    }

    /**
     * The first Pod, Workflow or namespace name (or {@code key}) of the record that is a placeholder a user
     * wrote in place of a name ({@link RedactedNames}), or null: the line's names were read as not given.
     */
    public String redactedName() {
        for (String attribute : NAMING) {
            String v = values.get(attribute);
            if (v != null && !v.isEmpty() && RedactedNames.isPlaceholder(v)) {
                return v;
            }
        }
        return null;
    }

    /** The attributes that name a Pod, Workflow or namespace (a split {@code key} gives the first three). */
    private static final String[] NAMING = {"pod", "workflow", "namespace"};

    /** A name as given, or null if empty or a placeholder. */
    private static String known(String s) {
        return s == null || s.isEmpty() || RedactedNames.isPlaceholder(s) ? null : s;
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
