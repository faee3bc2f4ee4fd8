package dev.argoforensics.redact;

/**
 * What an identifier names, and the prefix of its pseudonym. When one string names several things
 * (a root node's Pod, node and Workflow share the Workflow's name), the kind declared first wins.
 */
public enum IdentifierKind {
    NAMESPACE("ns"),
    WORKFLOW("wf"),
    POD("pod"),
    NODE("node"),
    INSTANCE_ID("instance"),
    SERVICE_ACCOUNT("sa"),
    HOST("host"),
    IP("ip"),
    UID("uid"),
    IMAGE("image"),
    REGISTRY("registry"),
    USER("user"),
    OBJECT("obj"),
    /** A credential found by its shape or its key in a line: a token, a password, an API key. */
    SECRET("secret"),
    /** A folder named on the command line: {@code input-1}, numbered, not hashed. */
    FOLDER("input");

    private final String prefix;

    IdentifierKind(String prefix) {
        this.prefix = prefix;
    }

    public String prefix() {
        return prefix;
    }

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
    }
}
