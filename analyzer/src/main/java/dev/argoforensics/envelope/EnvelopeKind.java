package dev.argoforensics.envelope;

/** The wrapper a log collector put around the controller's own line. */
public enum EnvelopeKind {
    /** The controller's line as it wrote it. */
    NONE("raw"),
    /** {@code kubectl logs --timestamps}: an RFC 3339 nanosecond time and a space. */
    KUBECTL_TIMESTAMPS("kubectl --timestamps"),
    /** A CRI container log file on a node: {@code <time> <stream> <P|F> <line>}; P pieces are joined. */
    CRI("CRI log file");

    private final String label;

    EnvelopeKind(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
