package dev.argoforensics.cli;

import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.read.PhaseTimes;
import dev.argoforensics.redact.Redaction;
import dev.argoforensics.redact.RedactionKey;
import dev.argoforensics.report.ConfidenceFilter;
import dev.argoforensics.report.Invocation;
import dev.argoforensics.report.Report;
import dev.argoforensics.report.ReportBuilder;
import dev.argoforensics.report.Scope;
import dev.argoforensics.report.TimelineScope;
import dev.argoforensics.rules.Confidence;
import dev.argoforensics.rules.Severity;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code argo-forensics analyze PATH...}. */
@Command(name = "analyze",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        exitCodeOnInvalidInput = Main.EXIT_USAGE,
        exitCodeOnExecutionException = Main.EXIT_USAGE,
        description = {
            "Finds what went wrong with Argo Workflows Pods, citing file:line for every claim.",
            "Reads controller logs, exported Pods, Workflows and task results, cluster events and audit logs (files or folders, in any "
                    + "order), rebuilds each Pod's timeline and reports findings with file:line evidence.",
            "Confirmed and likely findings are told in full; possible ones follow, one line each."},
        exitCodeListHeading = HelpText.EXIT_STATUS,
        exitCodeList = {"0:no reported finding at or above --fail-on.", "1:at least one (findings left out by --min-confidence are not "
                + "reported and do not count).", HelpText.USAGE, HelpText.FAILED},
        footerHeading = HelpText.EXAMPLES,
        footer = {"  argo-forensics analyze samples/issue-17024/logs samples/issue-17024/snapshots",
            "  # Markdown for a GitHub issue: the format from --out's extension",
            "  argo-forensics analyze logs/ snapshots/ --out report.md",
            "  # One self-contained HTML page",
            "  argo-forensics analyze logs/ snapshots/ -o html --out report.html",
            "  # JSON on stdout, reproducible bytes (--now fixes the clock)",
            "  argo-forensics analyze logs/ snapshots/ -o json --now 2026-09-20T00:00:00Z",
            "  # Colours into a pager",
            "  argo-forensics analyze logs/ snapshots/ --color=always | less -R",
            "  # To share publicly: pseudonyms, and the mapping kept apart",
            "  argo-forensics analyze logs/ snapshots/ --redact --redact-map names.tsv",
            "  # Argo's bug report for one finding, redacted, the map beside it",
            "  argo-forensics analyze logs/ snapshots/ -o github-issue --out bug.md",
            "  # Only some rules ('argo-forensics rules' lists them); no possible findings",
            "  argo-forensics analyze logs/ snapshots/ --rule AF001,AF004",
            "  argo-forensics analyze logs/ snapshots/ --min-confidence likely"})
final class AnalyzeCommand implements Callable<Integer> {
    private static final String FILE = "FILE";

    @Spec
    CommandSpec spec;

    @ParentCommand
    Main parent;

    @Mixin
    AnalysisInputs inputs;

    @Mixin
    OutputOptions output;

    @Mixin
    RuleOptions ruleOptions;

    @Mixin
    DraftOptions draft;

    @Mixin
    ScopeOptions scope;

    @Option(names = "--fail-on", defaultValue = "high", paramLabel = "SEVERITY",
            description = "Exit 1 if a reported finding is at least this severe: info, low, medium, high (default), critical, or none. "
                    + "A possible finding counts unless --min-confidence leaves it out.")
    String failOn;

    @Option(names = "--min-confidence", defaultValue = "possible", paramLabel = "LEVEL", completionCandidates = ConfidenceLevels.class,
            description = "Report only findings at least this sure: confirmed, likely, or possible (default: every finding). "
                    + "The others are left out of every format, JSON included, and only counted; "
                    + "--fail-on decides on the findings reported.")
    String minConfidence;

    @Option(names = "--timelines", defaultValue = "findings", paramLabel = "SCOPE",
            description = "Which Pods get a timeline: findings (default), all or none.")
    TimelineScope timelines;

    @Option(names = "--now", paramLabel = "TIME",
            description = "The analysis clock, RFC 3339 (2026-09-20T00:00:00Z); default: the current time. "
                    + "With it, the same inputs and options give the same bytes.")
    String now;

    @Option(names = "--redact", description = "Replace namespaces, Workflow, Pod and node names, hosts, IPs, service accounts, "
            + "image registries and UIDs by pseudonyms, consistently, in every format.")
    boolean redact;

    @Option(names = "--redact-key", paramLabel = "KEY", description = "Secret for the pseudonyms (implies --redact): the same key "
            + "gives the same pseudonyms in every run. Default: a random key per run. Never written to the report.")
    String redactKey;

    @Option(names = "--redact-map", paramLabel = FILE, description = "Write the pseudonym-to-name mapping to FILE (implies --redact). "
            + "Keep it private.")
    Path redactMap;

    @Override
    public Integer call() {
        Severity threshold = threshold();
        Confidence minimum = minimum();
        Timestamp clock = clock();  // parsed before the analysis: a bad --now fails at once
        boolean drafting = output.format() == OutputOptions.Format.GITHUB_ISSUE;
        Scope wanted = scope.scope();
        String draftPod = wanted.pods().size() == 1 ? wanted.pods().get(0) : null;
        draft.check(spec, drafting, redacting(), draftPod);
        AnalysisResult result = inputs.analyze(timelines == TimelineScope.ALL, List.of(), ruleOptions.rules());
        if (AnalysisInputs.nothingUsable(result, spec.commandLine().getErr())) {
            return Main.EXIT_USAGE; // the error alone: no report of nothing
        }
        Redaction redaction = redacting() || (drafting && !draft.noRedact) ? Redaction.prepare(key(), inputs.paths, result) : null;
        Invocation invocation = clock == null ? Invocation.atRunTime(commandLine()) : new Invocation(commandLine(), clock, true);
        Report original = new ReportBuilder().build(result, timelines, invocation, minimum, scope.resolve(wanted, result));
        Report report = redaction == null ? original : redaction.apply(original);
        if (drafting) {
            String text = draft.render(result, original, report, redaction, draftPod); // one GitHub issue: small
            output.write(spec, w -> w.write(text));
        } else {
            output.writeReport(spec, output.renderer(parent.terminal()), report);
        }
        Path map = redactMap != null ? redactMap : drafting && output.file() != null ? DraftOptions.mapBeside(output.file()) : null;
        if (redaction != null && map != null) {
            try {
                redaction.writeMapping(map);
            } catch (IOException e) {
                throw new CliFailure("cannot write the redaction map " + map + ": " + OutputOptions.reason(e),
                        "check that the folder exists and is writable");
            }
        } else if (redaction != null && drafting) {
            spec.commandLine().getErr().println("argo-forensics: the draft's redaction map is not written: give --out FILE (it goes beside it) "
                    + "or --redact-map FILE");
            spec.commandLine().getErr().flush();
        }
        PhaseTimes.mark("report");
        if (AnalysisInputs.reportUnreadable(result, spec.commandLine().getErr())) {
            return Main.EXIT_USAGE;
        }
        return report.countAtLeast(threshold) > 0 ? 1 : 0;
    }

    private boolean redacting() {
        return redact || redactKey != null || redactMap != null;
    }

    private RedactionKey key() {
        if (redactKey == null) {
            return RedactionKey.random();
        }
        if (redactKey.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "--redact-key: the key is empty");
        }
        return RedactionKey.of(redactKey);
    }

    private Severity threshold() {
        try {
            return Severity.parseThreshold(failOn);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--fail-on: " + e.getMessage());
        }
    }

    private Confidence minimum() {
        try {
            return ConfidenceFilter.parse(minConfidence);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--min-confidence: " + e.getMessage());
        }
    }

    /** The values {@code --min-confidence} takes, for the completion script. */
    static final class ConfidenceLevels extends ArrayList<String> {
        private static final long serialVersionUID = 1L;

        ConfidenceLevels() {
            super(Arrays.stream(Confidence.values()).map(Confidence::label).toList());
        }
    }

    /** The {@code --now} clock, or null without it. */
    private Timestamp clock() {
        if (now == null) {
            return null;
        }
        Timestamp t;
        try {
            t = Timestamp.parseRfc3339(now, null, false);
        } catch (IllegalArgumentException e) {
            t = null;
        }
        if (t == null || t.zone() == ZoneBasis.ASSUMED_UTC) {
            throw new ParameterException(spec.commandLine(), "--now: expected an RFC 3339 time with its zone such as 2026-09-20T00:00:00Z"
                    + " or 2026-09-20T02:00:00+02:00, found \"" + now + "\"" + (t == null ? "" : " (no zone)"));
        }
        return t;
    }

    /**
     * The command line as the report records it: the redaction key is never written, and when
     * redacting, neither are the names of the files written (they are the author's, not evidence).
     */
    private List<String> commandLine() {
        List<String> args = spec.commandLine().getParseResult().originalArgs();
        List<String> recorded = new ArrayList<>(args.size());
        boolean redacting = redacting();
        String hideNext = null;
        for (String a : args) {
            if (hideNext != null) {
                recorded.add(hideNext);
                hideNext = null;
                continue;
            }
            String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
            String mask = name.equals("--redact-key") ? "***"
                    : redacting && (name.equals("--out") || name.equals("--redact-map")) ? FILE : null;
            if (mask == null) {
                recorded.add(a);
            } else if (a.contains("=")) {
                recorded.add(name + "=" + mask);
            } else {
                recorded.add(a);
                hideNext = mask;
            }
        }
        return recorded;
    }
}
