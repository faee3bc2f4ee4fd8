package dev.argoforensics.report;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.rules.Confidence;
import dev.argoforensics.rules.EvidenceLine;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.RuleOutcome;
import dev.argoforensics.rules.Severity;
import dev.argoforensics.timeline.Timeline;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything a report says, once, for every renderer. Renderers only format it; what is shown is
 * decided here, so no format can show what another hides (and redaction, a transformation of this
 * model, hides it from all of them).
 *
 * <p>Findings come in one order ({@link ReportBuilder#grouped}); those told in full
 * ({@link #fullFindings()}: confirmed and likely) lead, and the possible ones follow, one line each,
 * grouped by rule ({@link #possibleFindings()}). Both are views of {@link #findings()}, not copies
 * of it, so that redaction, which rebuilds the findings, reaches the short lines too.
 *
 * @param findings the findings reported: those {@code --min-confidence} let through
 * @param filter   what {@code --min-confidence} left out, counted
 * @param rules    what each rule did; its findings are those reported
 * @param gaps     what the inputs lacked and what it cost
 * @param problems what was wrong with the inputs themselves, each at its file (and line): files that
 *                 could not be read, damage, lines cut for length or not UTF-8, lines that are no record
 */
public record Report(int schemaVersion, ToolInfo tool, Provenance provenance, List<InputSummary> inputs, List<ControllerProcess> controllers,
                     List<Finding> findings, ConfidenceFilter filter, List<RuleOutcome> rules, List<Timeline> timelines, List<EvidenceGap> gaps,
                     List<InputProblem> problems) {
    public static final int SCHEMA_VERSION = 1;

    public Report {
        inputs = List.copyOf(inputs);
        controllers = numberedOrder(controllers);
        findings = ByPod.of(findings, Finding::pod);
        rules = List.copyOf(rules);
        timelines = ByPod.of(timelines, Timeline::pod);
        gaps = List.copyOf(gaps);
        problems = List.copyOf(problems);
    }

    /**
     * The controller runs as the report lists them: each replica's runs in the order they are numbered ({@code #1}, {@code #2}, …), at the
     * places the replica's runs hold in the reading's order (other replicas' runs stay where they are). The reading numbers a replica's
     * runs by time where the file holds them otherwise (a {@code kubectl logs -p} pasted below the current container's tail,
     * {@code ControllerRuns}); the report lists them in that order, not #2 above #1 (session 51).
     */
    public static List<ControllerProcess> numberedOrder(List<ControllerProcess> runs) {
        Map<String, List<Integer>> places = new LinkedHashMap<>();
        for (int i = 0; i < runs.size(); i++) {
            places.computeIfAbsent(runs.get(i).replica(), k -> new ArrayList<>()).add(i);
        }
        ControllerProcess[] out = runs.toArray(new ControllerProcess[0]);
        for (List<Integer> at : places.values()) {
            List<ControllerProcess> byNumber = at.stream().map(runs::get).sorted(Comparator.comparingInt(ControllerProcess::incarnation))
                    .toList();
            for (int k = 0; k < at.size(); k++) {
                out[at.get(k)] = byNumber.get(k);
            }
        }
        return List.of(out);
    }

    /** The findings reported at least this severe: what {@code --fail-on} decides the exit status by. */
    public long countAtLeast(Severity threshold) {
        return threshold == null ? 0 : findings.stream().filter(f -> f.severity().atLeast(threshold)).count();
    }

    /** True if the report tells this finding in full: it is confirmed or likely. */
    public static boolean inFull(Finding f) {
        return f.confidence() != Confidence.POSSIBLE;
    }

    /** The findings told in full, confirmed and likely, in the report's order. */
    public List<Finding> fullFindings() {
        return findings.stream().filter(Report::inFull).toList();
    }

    /** The possible findings, each told in one line after the others: by rule, then in the report's order. */
    public List<Finding> possibleFindings() {
        return findings.stream().filter(f -> !inFull(f)).sorted(java.util.Comparator.comparing(Finding::rule)).toList();
    }

    /**
     * The evidence a short line cites: the last dated line the finding rests on (where its evidence
     * stops, and so where a reader checks what happened next), or its first exported object when no
     * line is dated.
     */
    public static Optional<EvidenceLine> decisiveEvidence(Finding f) {
        EvidenceLine last = null;
        for (EvidenceLine e : f.evidence()) {
            if (e.time() != null && (last == null || e.time().compareTo(last.time()) >= 0)) {
                last = e;
            }
        }
        return last != null ? Optional.of(last) : f.evidence().stream().findFirst();
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
        return f.pod() == null ? Optional.empty() : ByPod.about(timelines, f.pod()).stream().findFirst();
    }

    /** The findings about this Pod, in the report's order. */
    public List<Finding> findingsAbout(PodKey pod) {
        return ByPod.about(findings, pod);
    }
}
