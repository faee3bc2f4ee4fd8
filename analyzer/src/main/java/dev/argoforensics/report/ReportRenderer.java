package dev.argoforensics.report;

/** Formats a report; the same report always gives the same text. */
public interface ReportRenderer {
    String render(Report report);

    /** The report as one text, or (Markdown over one GitHub comment) as numbered parts to write one file each. */
    default java.util.List<String> renderParts(Report report) {
        return java.util.List.of(render(report));
    }

    /** Parts as one text, each after a marker line saying which part starts there. */
    static String joined(java.util.List<String> parts) {
        return parts.size() == 1 ? parts.get(0) : MarkdownParts.joined(parts);
    }

    /** Only the report's timelines and its inputs, for {@code argo-forensics timeline}. */
    String renderTimelines(Report report);
}
