package dev.argoforensics.cli;

import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.report.Report;
import dev.argoforensics.report.ReportBuilder;
import dev.argoforensics.report.TimelineScope;
import dev.argoforensics.rules.Severity;
import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** {@code argo-forensics analyze PATH...}. */
@Command(name = "analyze",
        mixinStandardHelpOptions = true,
        exitCodeOnInvalidInput = Main.EXIT_USAGE,
        exitCodeOnExecutionException = Main.EXIT_USAGE,
        description = {
            "Reads controller logs, exported Pods, Workflows and task results, cluster",
            "events and audit logs (files or folders, in any order), rebuilds each Pod's",
            "timeline and reports findings with file:line evidence.",
            "",
            "Exit status: 0 no finding at or above --fail-on, 1 at least one, 2 bad usage or unreadable input."},
        footer = {"", "Example:", "  argo-forensics analyze samples/issue-17024/logs samples/issue-17024/snapshots"})
final class AnalyzeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    AnalysisInputs inputs;

    @Mixin
    OutputOptions output;

    @Option(names = "--fail-on", defaultValue = "high", paramLabel = "SEVERITY",
            description = "Exit 1 if a finding is at least this severe: info, low, medium, high (default), critical, or none.")
    String failOn;

    @Option(names = "--timelines", defaultValue = "findings", paramLabel = "SCOPE",
            description = "Which Pods get a timeline: findings (default), all or none.")
    TimelineScope timelines;

    @Override
    public Integer call() throws IOException {
        Severity threshold;
        try {
            threshold = Severity.parseThreshold(failOn);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--fail-on: " + e.getMessage());
        }
        Optional<AnalysisResult> analysis = inputs.analyze(timelines == TimelineScope.ALL);
        if (analysis.isEmpty()) {
            return Main.EXIT_USAGE;
        }
        AnalysisResult result = analysis.get();
        Report report = new ReportBuilder().build(result, timelines);
        output.write(spec, output.format.renderer().render(report));
        if (AnalysisInputs.reportUnreadable(result, spec.commandLine().getErr())) {
            return Main.EXIT_USAGE;
        }
        return report.countAtLeast(threshold) > 0 ? 1 : 0;
    }
}
