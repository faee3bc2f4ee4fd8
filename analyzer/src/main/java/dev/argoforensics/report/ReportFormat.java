package dev.argoforensics.report;

/** The output formats, each a renderer of the same {@link Report}. */
public enum ReportFormat {
    TEXT,
    MARKDOWN,
    JSON,
    HTML,
    /** A draft of Argo's bug report for one finding: {@link GithubIssueRenderer}, from an {@link IssueDraft}, not a renderer of the report. */
    GITHUB_ISSUE;

    /**
     * @param colour ANSI colours in the text format (a terminal without NO_COLOR); other formats ignore it
     */
    public ReportRenderer renderer(boolean colour) {
        return switch (this) {
            case TEXT -> new TextRenderer(colour);
            case MARKDOWN -> new MarkdownRenderer();
            case JSON -> new JsonRenderer();
            case HTML -> new HtmlRenderer();
            case GITHUB_ISSUE -> throw new UnsupportedOperationException("github-issue drafts one finding: IssueDraftBuilder and GithubIssueRenderer");
        };
    }

    /** The name on the command line: {@code github-issue}, {@code markdown}… */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    /** The format a command-line name names, in any case, '-' or '_' alike. */
    public static ReportFormat parse(String name) {
        for (ReportFormat f : values()) {
            if (f.label().equalsIgnoreCase(name.strip().replace('_', '-'))) {
                return f;
            }
        }
        throw new IllegalArgumentException("unknown format \"" + name + "\": text, markdown, json, html or github-issue");
    }
}
