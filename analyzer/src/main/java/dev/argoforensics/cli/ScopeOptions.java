package dev.argoforensics.cli;

import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.report.Scope;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code --since/--until}, {@code -n/--namespace}, {@code --workflow} and {@code --pod}: what
 * {@code analyze}, {@code timeline} and {@code ls} report on. The evidence is read whole either way;
 * what is in scope is decided by {@link Scope}, in one place.
 */
final class ScopeOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = "--since", paramLabel = "TIME|DURATION",
            description = "Only what happened at or after TIME (RFC 3339 with a zone, 2026-09-19T16:30:00Z), or in the last DURATION "
                    + "of the evidence (1h, 15m, like kubectl logs --since): counted back from its latest log line, Event or audit record.")
    String since;

    @Option(names = "--until", paramLabel = "TIME|DURATION",
            description = "Only what happened at or before TIME, or before the last DURATION of the evidence.")
    String until;

    @Option(names = {"-n", "--namespace"}, split = ",", paramLabel = "NS", description = "Only this namespace (repeatable, or comma-separated).")
    List<String> namespaces = new ArrayList<>();

    @Option(names = "--workflow", split = ",", paramLabel = "NAME", description = "Only this Workflow and its Pods (repeatable).")
    List<String> workflows = new ArrayList<>();

    @Option(names = "--pod", split = ",", paramLabel = "NAME", description = "Only this Pod (repeatable): its findings, its timeline.")
    List<String> pods = new ArrayList<>();

    /**
     * The scope as given; durations not resolved yet.
     *
     * @throws ParameterException for a bound that is neither a zoned time nor a positive duration, or an empty name
     */
    Scope scope() {
        check("--namespace", namespaces);
        check("--workflow", workflows);
        check("--pod", pods);
        return new Scope(bound("--since", since), bound("--until", until), namespaces, workflows, pods);
    }

    /**
     * The scope with its durations counted back from the end of this evidence.
     *
     * @throws ParameterException if the window ends before it starts
     */
    Scope resolve(Scope scope, AnalysisResult result) {
        Scope s = scope.resolve(result);
        if (s.since() != null && s.until() != null && s.since().at() != null && s.until().at() != null
                && s.since().at().instant().isAfter(s.until().at().instant())) {
            throw new ParameterException(spec.commandLine(), "--since " + s.since().text() + " is after --until " + s.until().text() + " ("
                    + s.since().at().format() + " > " + s.until().at().format() + "): the window is empty");
        }
        return s;
    }

    private Scope.Bound bound(String option, String text) {
        if (text == null) {
            return null;
        }
        try {
            return Scope.Bound.parse(text);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), option + ": " + e.getMessage());
        }
    }

    private void check(String option, List<String> names) {
        for (String n : names) {
            if (n.isBlank()) {
                throw new ParameterException(spec.commandLine(), option + ": expected a name; found an empty one");
            }
        }
    }
}
