package dev.argoforensics.report;

/** The output formats, each a renderer of the same {@link Report}. */
public enum ReportFormat {
    TEXT,
    MARKDOWN,
    JSON,
    HTML;

    /**
     * @param colour ANSI colours in the text format (a terminal without NO_COLOR); other formats ignore it
     */
    public ReportRenderer renderer(boolean colour) {
        return switch (this) {
            case TEXT -> new TextRenderer(colour);
            case MARKDOWN -> new MarkdownRenderer();
            case JSON -> new JsonRenderer();
            case HTML -> new HtmlRenderer();
        };
    }
}
