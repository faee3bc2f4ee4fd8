package dev.argoforensics.report;

/** The output formats, each a renderer of the same {@link Report}. */
public enum ReportFormat {
    TEXT(new TextRenderer()),
    MARKDOWN(new MarkdownRenderer()),
    JSON(new JsonRenderer());

    private final ReportRenderer renderer;

    ReportFormat(ReportRenderer renderer) {
        this.renderer = renderer;
    }

    public ReportRenderer renderer() {
        return renderer;
    }
}
