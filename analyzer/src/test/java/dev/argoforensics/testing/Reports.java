package dev.argoforensics.testing;

import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.report.Invocation;
import dev.argoforensics.report.ReportBuilder;
import dev.argoforensics.report.ReportFormat;
import dev.argoforensics.report.TimelineScope;
import dev.argoforensics.time.Timestamp;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** An analysis rendered in every format with a fixed clock, for comparing two ways of getting it byte for byte. */
public final class Reports {
    private static final Invocation FIXED = new Invocation(List.of("analyze"), Timestamp.parseRfc3339("2026-09-20T00:00:00Z", null, false), true);

    private Reports() {
    }

    public static Map<ReportFormat, String> everyFormat(AnalysisResult result) {
        Map<ReportFormat, String> out = new LinkedHashMap<>();
        for (ReportFormat f : ReportFormat.values()) {
            out.put(f, f.renderer(false).render(new ReportBuilder().build(result, TimelineScope.ALL, FIXED)));
        }
        return out;
    }
}
