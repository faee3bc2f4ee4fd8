package dev.argoforensics.cli;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.report.Report;
import dev.argoforensics.report.ReportBuilder;
import dev.argoforensics.report.ReportFormat;
import dev.argoforensics.report.TimelineScope;
import dev.argoforensics.rules.Severity;
import dev.argoforensics.source.InputException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** {@code argo-forensics analyze PATH...}. */
@Command(name = "analyze",
        mixinStandardHelpOptions = true,
        exitCodeOnInvalidInput = Main.EXIT_USAGE,
        exitCodeOnExecutionException = Main.EXIT_USAGE,
        description = {
            "Reads controller logs and exported Pods and Workflows (files or folders, in any order),",
            "rebuilds each Pod's timeline and reports findings with file:line evidence.",
            "",
            "Exit status: 0 no finding at or above --fail-on, 1 at least one, 2 bad usage or unreadable input."},
        footer = {"", "Example:", "  argo-forensics analyze samples/issue-17024/logs samples/issue-17024/snapshots"})
final class AnalyzeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "Log files, snapshot files, or folders holding them.")
    List<String> paths;

    @Option(names = "--format", defaultValue = "text", paramLabel = "FORMAT",
            description = "text (default), markdown or json.")
    ReportFormat format;

    @Option(names = "--out", paramLabel = "FILE", description = "Write the report to FILE instead of standard output.")
    Path out;

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
        PrintWriter err = spec.commandLine().getErr();
        AnalysisResult result;
        try {
            result = Analysis.standard().run(paths);
        } catch (InputException e) {
            err.println("argo-forensics: " + e.getMessage());
            err.flush();
            return Main.EXIT_USAGE;
        }
        Report report = new ReportBuilder().build(result, timelines);
        String text = format.renderer().render(report);
        if (out != null) {
            Files.writeString(out, text, StandardCharsets.UTF_8);
        } else {
            PrintWriter w = spec.commandLine().getOut();
            w.print(text);
            w.flush();
        }
        for (String problem : result.unreadable()) {
            err.println("argo-forensics: cannot read " + problem);
        }
        err.flush();
        if (!result.unreadable().isEmpty()) {
            return Main.EXIT_USAGE;
        }
        return report.countAtLeast(threshold) > 0 ? 1 : 0;
    }
}
