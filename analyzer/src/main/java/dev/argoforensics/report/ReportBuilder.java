package dev.argoforensics.report;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.accounting.UnparsedLine;
import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.correlate.LaterNamesakes;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.correlate.RunClocks;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.rules.Confidence;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.RuleOutcome;
import dev.argoforensics.rules.Severity;
import dev.argoforensics.source.InputClassifier;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.source.UnreadableInput;
import dev.argoforensics.time.GoDuration;
import dev.argoforensics.timeline.TimelineBuilder;
import dev.argoforensics.wording.Message;
import dev.argoforensics.wording.Words;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** Decides what a report contains, for every renderer at once. */
public final class ReportBuilder {
    /** Within one Pod: those told in full first, then the most severe, then by rule. */
    private static final Comparator<Finding> WITHIN_POD = Comparator
            .comparing(Rank::of, Comparator.reverseOrder())
            .thenComparing(Finding::rule);
    /** Stands for "no Workflow" in the grouping. */
    private static final WorkflowRef NO_WORKFLOW = new WorkflowRef("", "");
    /** Ignored files named one by one in the evidence gaps; more are counted. */
    private static final int IGNORED_NAMED = 5;

    /** A report of every finding, whatever its confidence. */
    public Report build(AnalysisResult result, TimelineScope scope, Invocation invocation) {
        return build(result, scope, invocation, Confidence.POSSIBLE);
    }

    /**
     * A report of the findings at least {@code minimum} sure ({@code --min-confidence}). Those below
     * are left out of everything, the rules' findings included, and only counted.
     */
    public Report build(AnalysisResult result, TimelineScope scope, Invocation invocation, Confidence minimum) {
        return build(result, scope, invocation, minimum, Scope.ALL);
    }

    /**
     * As {@link #build(AnalysisResult, TimelineScope, Invocation, Confidence)}, reporting only what is
     * in {@code about} ({@link Scope}): the findings out of it are left out of everything and counted in
     * the provenance, the timelines are those of Pods in it, with their entries in its window.
     */
    public Report build(AnalysisResult result, TimelineScope scope, Invocation invocation, Confidence minimum, Scope about) {
        List<Finding> all = new ArrayList<>();
        for (RuleOutcome o : result.outcomes()) {
            all.addAll(o.findings());
        }
        ConfidenceFilter filter = ConfidenceFilter.of(minimum, all);
        java.util.function.Predicate<Finding> reported = f -> filter.reports(f.confidence()) && about.includes(f);
        List<Finding> findings = grouped(all.stream().filter(reported).toList());
        int outOfScope = (int) all.stream().filter(f -> filter.reports(f.confidence()) && !about.includes(f)).count();
        List<RuleOutcome> rules = result.outcomes().stream()
                .map(o -> new RuleOutcome(o.rule(), o.title(), o.evaluated(), o.missing(), o.lackingOptional(),
                        o.findings().stream().filter(reported).toList(), o.cleared()))
                .toList();
        Set<PodKey> withTimeline = new TreeSet<>();
        if (scope == TimelineScope.ALL) {
            result.correlation().pods().values().stream().filter(p -> about.includesPod(p.key(), p.node().map(n -> n.workflow()).orElse(null)))
                    .forEach(p -> withTimeline.add(p.key()));
        } else if (scope == TimelineScope.FINDINGS) {
            findings.stream().filter(f -> f.pod() != null).forEach(f -> withTimeline.add(f.pod()));
        }
        List<PodHistory> withHistory = new ArrayList<>();
        for (PodKey key : withTimeline) {
            PodHistory pod = result.correlation().pods().get(key);
            if (pod != null) {
                withHistory.add(pod);
            }
        }
        Timelines built = timelines(result, withHistory, about);
        return new Report(Report.SCHEMA_VERSION, ToolInfo.current(), ProvenanceCollector.collect(result, invocation).withScope(about, outOfScope),
                result.inputs(),
                result.correlation().processes(), findings, filter, rules, built, gaps(result), problems(result));
    }

    /**
     * The Pods' timelines, in the Pods' order, each built when the report is written (on the worker
     * threads, a batch at a time) and dropped after: each reads its own Pod's records.
     */
    private static Timelines timelines(AnalysisResult result, List<PodHistory> pods, Scope about) {
        TimelineBuilder builder = new TimelineBuilder(result.correlation());
        List<PodHistory> fixed = List.copyOf(pods);
        return new Timelines(fixed.stream().map(PodHistory::key).toList(),
                (from, to) -> result.correlation().workers().map(fixed.subList(from, to), pod -> about.window(builder.build(pod))),
                result.correlation().workers().threads());
    }

    /**
     * Findings grouped by Workflow, then by Pod: the Workflow with the most severe finding first
     * (then by name, those tied to no Workflow last), within it the Pods likewise, within a Pod the
     * most severe finding first, then by rule. A possible finding ranks below every finding told in
     * full, whatever its severity: a group of possible findings only comes after the others, and
     * within a Pod they come last.
     */
    public static List<Finding> grouped(List<Finding> findings) {
        Map<WorkflowRef, Rank> byWorkflow = new HashMap<>();
        Map<PodKey, Rank> byPod = new HashMap<>();
        for (Finding f : findings) {
            byWorkflow.merge(f.workflow() == null ? NO_WORKFLOW : f.workflow(), Rank.of(f), Rank::max);
            byPod.merge(f.pod(), Rank.of(f), Rank::max);
        }
        Comparator<Finding> order = Comparator
                .comparing((Finding f) -> byWorkflow.get(f.workflow() == null ? NO_WORKFLOW : f.workflow()), Comparator.reverseOrder())
                .thenComparing(Finding::workflow, Comparator.nullsLast(Comparator.naturalOrder()))
                .thenComparing(f -> byPod.get(f.pod()), Comparator.reverseOrder())
                .thenComparing(Finding::pod, Comparator.nullsFirst(Comparator.naturalOrder()))
                .thenComparing(WITHIN_POD);
        List<Finding> out = new ArrayList<>(findings);
        out.sort(order);
        return out;
    }

    /** How far up a finding goes: told in full above possible, then by severity. */
    private record Rank(boolean full, Severity severity) implements Comparable<Rank> {
        static Rank of(Finding f) {
            return new Rank(Report.inFull(f), f.severity());
        }

        @Override
        public int compareTo(Rank o) {
            int c = Boolean.compare(full, o.full);
            return c != 0 ? c : severity.compareTo(o.severity);
        }

        Rank max(Rank o) {
            return compareTo(o) >= 0 ? this : o;
        }
    }

    /**
     * A rule run without evidence it uses if present, said of what it found: each finding below confirmed by its Pod (or Workflow) and
     * confidence, as one the missing evidence might have raised (its confidence reason says what would); confirmed findings as not
     * wanting it; none, as what it cleared or did not find having been judged without it. Never a lower confidence for a finding that
     * has none.
     */
    static String lackingOptional(RuleOutcome o) {
        List<String> kinds = o.lackingOptional();
        String without = "decided without " + (kinds.size() == 1 ? kinds.get(0)
                : String.join(", ", kinds.subList(0, kinds.size() - 1)) + " or " + kinds.get(kinds.size() - 1));
        List<String> unsure = o.findings().stream().filter(f -> f.confidence() != Confidence.CONFIRMED)
                .map(f -> (f.pod() != null ? "Pod " + f.pod() : f.workflow() != null ? "Workflow " + f.workflow() : "the controllers")
                        + " (" + f.confidence().label() + ")")
                .distinct().toList();
        if (o.findings().isEmpty()) {
            return without + " (it found nothing)";
        }
        if (unsure.isEmpty()) {
            return without + " (" + (o.findings().size() == 1 ? "its finding is" : "its findings are") + " confirmed all the same)";
        }
        return without + ": " + (unsure.size() == 1 ? "its finding on " + unsure.get(0) + " is not confirmed, and they might have raised it (its"
                : "its findings on " + String.join(", ", unsure) + " are not confirmed, and they might have raised them (each one's")
                + " confidence reason says what would)";
    }

    /** What the inputs lacked: rules not decided or run with less, lines and files not read. */
    private static List<EvidenceGap> gaps(AnalysisResult result) {
        List<EvidenceGap> gaps = new ArrayList<>();
        for (RuleOutcome o : result.outcomes()) {
            if (!o.evaluated()) {
                gaps.add(new EvidenceGap(o.rule(), "not decided: the inputs lack " + String.join("; and ", o.missing())));
            } else if (!o.lackingOptional().isEmpty()) {
                gaps.add(new EvidenceGap(o.rule(), lackingOptional(o)));
            }
        }
        for (RunClocks.RunClock run : result.correlation().clocks().localZones()) {
            long offset = run.offsetNanos();
            gaps.add(new EvidenceGap(result.correlation().processes().get(run.stream()).label(), Words.english().render(Message.of("note.read.runClockZone",
                    "lag", GoDuration.format(Math.abs(offset)), "dir", offset > 0 ? "behind" : "ahead of", "pairing", run.pairing(), "offset", run.logTz()))));
        }
        for (PodHistory pod : result.correlation().pods().values()) {
            if (!pod.identity().unsplit().isEmpty()) {
                // Session 50: Created pod lines of the name that may be two Pods', read as one Pod's: said, not merged silently.
                gaps.add(new EvidenceGap(pod.key().toString(), "Pod lifetimes not told apart: " + pod.identity().unsplitWords()));
            }
            for (LaterNamesakes.SetApart a : pod.laterDescribed()) {
                gaps.add(new EvidenceGap(a.source().toString(), a.later()
                        ? "kubectl describe pod of " + pod.key() + " shows a later Pod under the name (its " + a.shown() + " at " + a.at().format()
                        + ", after " + a.afterWhat() + " at " + a.after().time().format() + ", " + a.after().source()
                        + "): not read as the state of the Pod the controller's lines are about"
                        : "kubectl describe pod of " + pod.key() + " may show a later Pod under the name, or this one: its " + a.shown() + " at "
                        + a.at().format() + " reads after " + a.afterWhat() + " at " + a.after().time().format() + " (" + a.after().source()
                        + "), but " + a.unordered() + "; set aside, not read as the state of the Pod the controller's lines are about"));
            }
        }
        for (UnreadableInput problem : result.unreadable()) {
            gaps.add(new EvidenceGap("input", "could not be read: " + problem));
        }
        List<String> ignored = new ArrayList<>();
        for (InputSummary i : result.inputs()) {
            if (InputClassifier.isOwnReport(i.file())) {
                gaps.add(new EvidenceGap(i.file().displayPath(), "not read: " + i.file().reason()));
            } else if (i.file().kind() == InputKind.IGNORED) {
                ignored.add(i.file().displayPath());
            } else if (i.file().reason().equals(InputClassifier.EMPTY) && i.kindLabel().equals("empty")) {
                // Whether it was meant as a log or an export, nothing in it was read: named, not counted as a misread line.
                gaps.add(new EvidenceGap(i.file().displayPath(), "empty (0 bytes, or only blank lines and comments): nothing in it was read"));
            } else if (i.unparsed() > 0) {
                String what = i.file().kind() == InputKind.LOG
                        ? Describe.plural(i.unparsed(), "line is", "lines are") + " not a log record the analyzer can read"
                        : Describe.plural(i.unparsed(), "object or document", "objects or documents") + " could not be read";
                gaps.add(new EvidenceGap(i.file().displayPath(), what + "; the first are listed with the inputs"));
            }
            for (Message note : i.notes()) {
                if (note.code().equals("note.read.redactedNames") || note.code().equals("note.snapshot.empty")
                        || note.code().equals("note.snapshot.notKubernetes")) {
                    gaps.add(new EvidenceGap(i.file().displayPath(), Words.english().render(note))); // what no rule could join
                }
            }
        }
        if (!ignored.isEmpty()) {
            String named = String.join(", ", ignored.subList(0, Math.min(IGNORED_NAMED, ignored.size())));
            gaps.add(new EvidenceGap(Describe.plural(ignored.size(), "file", "files"), "ignored as not evidence: " + named
                    + (ignored.size() > IGNORED_NAMED ? " and " + (ignored.size() - IGNORED_NAMED) + " more" : "")));
        }
        return gaps;
    }

    /**
     * Every problem with the inputs, in path and line order: files that could not be read, what the
     * reader met in the others, and, for a log, where its lines that are no record start (for an
     * export, each object or document that could not be read).
     */
    static List<InputProblem> problems(AnalysisResult result) {
        List<InputProblem> problems = new ArrayList<>();
        for (UnreadableInput u : result.unreadable()) {
            problems.add(new InputProblem(u.path(), 0, u.reason()));
        }
        for (InputSummary i : result.inputs()) {
            for (UnparsedLine p : i.problems()) {
                problems.add(new InputProblem(p.source().file(), p.source().line(), p.reason()));
            }
            if (i.file().kind() == InputKind.LOG && i.unparsed() > 0 && !i.samples().isEmpty()) {
                UnparsedLine first = i.samples().get(0);
                problems.add(new InputProblem(first.source().file(), first.source().line(), Describe.plural(i.unparsed(), "line is", "lines are")
                        + " not a log record the analyzer can read, the first here (the first are listed with the inputs)"));
            } else if (i.file().kind() == InputKind.SNAPSHOT) {
                for (UnparsedLine p : i.samples()) {
                    problems.add(new InputProblem(p.source().file(), p.source().line(), p.reason()));
                }
            }
        }
        java.util.Collections.sort(problems);
        return problems;
    }

    /** Only these Pods' timelines and the inputs, for {@link ReportRenderer#renderTimelines}. */
    public Report buildTimelines(AnalysisResult result, List<PodHistory> pods, Invocation invocation) {
        return buildTimelines(result, pods, invocation, Scope.ALL);
    }

    /** As {@link #buildTimelines(AnalysisResult, List, Invocation)}, each timeline's entries in the scope's window. */
    public Report buildTimelines(AnalysisResult result, List<PodHistory> pods, Invocation invocation, Scope about) {
        Timelines built = timelines(result, pods, about);
        return new Report(Report.SCHEMA_VERSION, ToolInfo.current(), ProvenanceCollector.collect(result, invocation).withScope(about, 0),
                result.inputs(),
                result.correlation().processes(), List.of(), ConfidenceFilter.ALL, List.of(), built, gaps(result), problems(result));
    }
}
