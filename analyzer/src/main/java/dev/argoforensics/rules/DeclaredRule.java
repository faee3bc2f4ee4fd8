package dev.argoforensics.rules;

/** A rule's fixed declarations: its id, title and severity, given once at construction. */
abstract class DeclaredRule implements Rule {
    private final String id;
    private final String title;
    private final Severity severity;

    DeclaredRule(String id, String title, Severity severity) {
        this.id = id;
        this.title = title;
        this.severity = severity;
    }

    @Override
    public final String id() {
        return id;
    }

    @Override
    public final String title() {
        return title;
    }

    @Override
    public final Severity severity() {
        return severity;
    }
}
