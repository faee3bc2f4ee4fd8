package dev.argoforensics.report;

import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.RuleOutcome;
import dev.argoforensics.timeline.Timeline;
import dev.argoforensics.timeline.TimelineBuilder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** Decides what a report contains, for every renderer at once. */
public final class ReportBuilder {
    /** Findings most severe first, then by rule, Pod and time of the first evidence line. */
    private static final Comparator<Finding> FINDING_ORDER = Comparator
            .comparing(Finding::severity, Comparator.reverseOrder())
            .thenComparing(Finding::rule)
            .thenComparing(Finding::pod);

    public Report build(AnalysisResult result, TimelineScope scope) {
        List<Finding> findings = new ArrayList<>();
        for (RuleOutcome o : result.outcomes()) {
            findings.addAll(o.findings());
        }
        findings.sort(FINDING_ORDER);
        Set<PodKey> withTimeline = new TreeSet<>();
        if (scope == TimelineScope.ALL) {
            withTimeline.addAll(result.correlation().pods().keySet());
        } else if (scope == TimelineScope.FINDINGS) {
            findings.forEach(f -> withTimeline.add(f.pod()));
        }
        TimelineBuilder timelines = new TimelineBuilder(result.correlation());
        List<Timeline> built = new ArrayList<>();
        for (PodKey key : withTimeline) {
            PodHistory pod = result.correlation().pods().get(key);
            if (pod != null) {
                built.add(timelines.build(pod));
            }
        }
        return new Report(Report.SCHEMA_VERSION, ToolInfo.current(), result.inputs(), result.correlation().processes(), findings,
                result.outcomes(), built);
    }

    /** Only these Pods' timelines and the inputs, for {@link ReportRenderer#renderTimelines}. */
    public Report buildTimelines(AnalysisResult result, List<PodHistory> pods) {
        TimelineBuilder timelines = new TimelineBuilder(result.correlation());
        List<Timeline> built = pods.stream().map(timelines::build).toList();
        return new Report(Report.SCHEMA_VERSION, ToolInfo.current(), result.inputs(), result.correlation().processes(), List.of(), List.of(),
                built);
    }
}
