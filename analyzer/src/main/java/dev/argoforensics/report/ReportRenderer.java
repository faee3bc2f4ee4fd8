package dev.argoforensics.report;

/** Formats a report; the same report always gives the same text. */
public interface ReportRenderer {
    String render(Report report);

    /** Only the report's timelines and its inputs, for {@code argo-forensics timeline}. */
    String renderTimelines(Report report);
}
