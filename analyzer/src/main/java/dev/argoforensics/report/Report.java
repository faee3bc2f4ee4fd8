package dev.argoforensics.report;

import dev.argoforensics.analysis.InputSummary;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.RuleOutcome;
import dev.argoforensics.rules.Severity;
import dev.argoforensics.timeline.Timeline;
import java.util.List;
import java.util.Optional;

/**
 * Everything a report says, once, for every renderer. Renderers only format it; what is shown is
 * decided here, so no format can show what another hides (and redaction, a transformation of this
 * model, hides it from all of them).
 *
 * @param gaps     what the inputs lacked and what it cost
 * @param problems what was wrong with the inputs themselves, each at its file (and line): files that
 *                 could not be read, damage, lines cut for length or not UTF-8, lines that are no record
 */
public record Report(int schemaVersion, ToolInfo tool, Provenance provenance, List<InputSummary> inputs, List<ControllerProcess> controllers,
                     List<Finding> findings, List<RuleOutcome> rules, List<Timeline> timelines, List<EvidenceGap> gaps,
                     List<InputProblem> problems) {
    public static final int SCHEMA_VERSION = 1;

    public Report {
        inputs = List.copyOf(inputs);
        controllers = List.copyOf(controllers);
        findings = List.copyOf(findings);
        rules = List.copyOf(rules);
        timelines = List.copyOf(timelines);
        gaps = List.copyOf(gaps);
        problems = List.copyOf(problems);
    }

    public long countAtLeast(Severity threshold) {
        return threshold == null ? 0 : findings.stream().filter(f -> f.severity().atLeast(threshold)).count();
    }

    /** True when lines come from more than one controller run: then every log line says which. */
    public boolean severalControllers() {
        return controllers.size() > 1;
    }

    public long unparsedLines() {
        return inputs.stream().mapToLong(InputSummary::unparsed).sum();
    }

    /** The timeline of the finding's Pod, if the report includes it. */
    public Optional<Timeline> timelineOf(Finding f) {
        return timelines.stream().filter(t -> t.pod().equals(f.pod())).findFirst();
    }
}
