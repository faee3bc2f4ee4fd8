package dev.argoforensics.source;

/** What the analyzer does with a file it was given. */
public enum InputKind {
    /** workflow-controller log lines, in any supported format and envelope. */
    LOG,
    /** Kubernetes objects exported with kubectl or argo (YAML or JSON). */
    SNAPSHOT,
    /** Not evidence the analyzer reads (documentation, images); listed in the report, never dropped silently. */
    IGNORED;

    /** The lower-case name used in reports. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
