package dev.argoforensics.cli;

import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.report.Invocation;
import dev.argoforensics.report.ReportBuilder;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code argo-forensics timeline --pod NAME [--namespace NS] PATH...}. */
@Command(name = "timeline",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        exitCodeOnInvalidInput = Main.EXIT_USAGE,
        exitCodeOnExecutionException = Main.EXIT_USAGE,
        description = {
            "Prints one Pod's timeline from every source.",
            "Controller log lines, exports of the Pod, its Workflow and its task result, cluster events and audit records, with the "
                    + "cross-checks between them. A Pod recreated with the same name (a new UID) gets a timeline of its own."},
        exitCodeListHeading = HelpText.EXIT_STATUS,
        exitCodeList = {"0:the timeline was written.", "2:bad usage, an input that cannot be used, nothing usable read, or no such Pod in "
                + "the evidence.", HelpText.FAILED},
        footerHeading = HelpText.EXAMPLES,
        footer = {"  argo-forensics timeline --pod status-capture-repro \\",
            "      samples/issue-17024/logs samples/issue-17024/snapshots",
            "  argo-forensics timeline --pod my-pod --namespace team-a \\",
            "      logs/ snapshots/ events/ --out pod.html"})
final class TimelineCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @ParentCommand
    Main parent;

    @Mixin
    AnalysisInputs inputs;

    @Option(names = "--pod", required = true, paramLabel = "NAME", description = "The Pod's name.")
    String pod;

    @Option(names = "--namespace", paramLabel = "NS", description = "Its namespace; needed only if the name is used in several.")
    String namespace;

    @Mixin
    OutputOptions output;

    @Override
    public Integer call() throws IOException {
        output.format(); // a format that contradicts --out fails before the reading
        AnalysisResult result = inputs.analyze(false, List.of(pod));
        if (AnalysisInputs.nothingUsable(result, spec.commandLine().getErr())) {
            return Main.EXIT_USAGE;
        }
        List<PodHistory> pods = result.correlation().podsNamed(namespace, pod);
        Set<String> namespaces = new TreeSet<>();
        pods.forEach(p -> namespaces.add(p.key().namespace() == null ? "(namespace unknown)" : p.key().namespace()));
        PrintWriter err = spec.commandLine().getErr();
        if (pods.isEmpty()) {
            err.println("argo-forensics: no Pod named " + pod + (namespace == null ? "" : " in namespace " + namespace)
                    + " in the evidence (" + result.correlation().pods().size() + " Pods seen; 'analyze --timelines all' lists them)");
            err.flush();
            return Main.EXIT_USAGE;
        }
        if (namespaces.size() > 1) {
            err.println("argo-forensics: Pods named " + pod + " are in several namespaces, " + String.join(", ", namespaces)
                    + ": choose one with --namespace");
            err.flush();
            return Main.EXIT_USAGE;
        }
        Invocation invocation = Invocation.atRunTime(spec.commandLine().getParseResult().originalArgs());
        String text = output.renderer(parent.terminal()).renderTimelines(new ReportBuilder().buildTimelines(result, pods, invocation));
        output.write(spec, text);
        return AnalysisInputs.reportUnreadable(result, err) ? Main.EXIT_USAGE : 0;
    }
}
