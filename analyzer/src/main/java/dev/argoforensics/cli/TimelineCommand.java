package dev.argoforensics.cli;

import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.report.Invocation;
import dev.argoforensics.report.ReportBuilder;
import dev.argoforensics.report.Scope;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code argo-forensics timeline --pod NAME [-n NS] [--since T] PATH...}, or {@code --workflow NAME} for each of its Pods. */
@Command(name = "timeline",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        exitCodeOnInvalidInput = Main.EXIT_USAGE,
        exitCodeOnExecutionException = Main.EXIT_USAGE,
        description = {
            "Prints one Pod's timeline from every source.",
            "Controller log lines, exports of the Pod, its Workflow and its task result, cluster events and audit records, with the "
                    + "cross-checks between them. A Pod recreated with the same name (a new UID) gets a timeline of its own. --workflow "
                    + "prints each of its Pods' timelines; --since/--until keep the entries in that window."},
        exitCodeListHeading = HelpText.EXIT_STATUS,
        exitCodeList = {"0:the timeline was written.", "2:bad usage, an input that cannot be used, nothing usable read, or no such Pod in "
                + "the evidence.", HelpText.FAILED},
        footerHeading = HelpText.EXAMPLES,
        footer = {"  argo-forensics timeline --pod status-capture-repro \\",
            "      samples/issue-17024/logs samples/issue-17024/snapshots",
            "  argo-forensics timeline --pod my-pod --namespace team-a \\",
            "      logs/ snapshots/ events/ --out pod.html",
            "  argo-forensics timeline --workflow my-wf --since 30m logs/ snapshots/   # each Pod of my-wf, the last 30 minutes"})
final class TimelineCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @ParentCommand
    Main parent;

    @Mixin
    AnalysisInputs inputs;

    @Mixin
    ScopeOptions scope;

    @Mixin
    OutputOptions output;

    @Override
    public Integer call() throws IOException {
        Scope wanted = scope.scope();
        PrintWriter err = spec.commandLine().getErr();
        if (wanted.pods().isEmpty() && wanted.workflows().isEmpty()) {
            throw new ParameterException(spec.commandLine(), "name the Pod with --pod NAME, or a Workflow with --workflow NAME for each of its Pods");
        }
        output.format(); // a format that contradicts --out fails before the reading
        // A Workflow's Pods are known only from every line; a Pod's lines are kept by name.
        AnalysisResult result = inputs.analyze(!wanted.workflows().isEmpty(), wanted.pods());
        if (AnalysisInputs.nothingUsable(result, err)) {
            return Main.EXIT_USAGE;
        }
        Scope about = scope.resolve(wanted, result);
        List<PodHistory> pods = result.correlation().pods().values().stream()
                .filter(p -> about.includesPod(p.key(), p.node().map(n -> n.workflow()).orElse(null))).toList();
        Set<String> namespaces = new TreeSet<>();
        pods.forEach(p -> namespaces.add(p.key().namespace() == null ? "(namespace unknown)" : p.key().namespace()));
        if (pods.isEmpty()) {
            err.println("argo-forensics: no Pod " + describe(about) + " in the evidence (" + result.correlation().pods().size()
                    + " Pods seen; 'argo-forensics ls' lists them)");
            err.flush();
            return Main.EXIT_USAGE;
        }
        if (namespaces.size() > 1 && about.namespaces().isEmpty() && about.workflows().isEmpty()) {
            err.println("argo-forensics: Pods named " + String.join(", ", about.pods()) + " are in several namespaces, "
                    + String.join(", ", namespaces) + ": choose one with --namespace");
            err.flush();
            return Main.EXIT_USAGE;
        }
        Invocation invocation = Invocation.atRunTime(spec.commandLine().getParseResult().originalArgs());
        dev.argoforensics.report.Report timelines = new ReportBuilder().buildTimelines(result, pods, invocation, about);
        dev.argoforensics.report.ReportRenderer renderer = output.renderer(parent.terminal());
        output.write(spec, w -> renderer.writeTimelines(timelines, w));
        return AnalysisInputs.reportUnreadable(result, err) ? Main.EXIT_USAGE : 0;
    }

    /** "named p in namespace n", "of Workflow w". */
    private static String describe(Scope about) {
        List<String> parts = new java.util.ArrayList<>();
        if (!about.pods().isEmpty()) {
            parts.add("named " + String.join(" or ", about.pods()));
        }
        if (!about.workflows().isEmpty()) {
            parts.add("of Workflow " + String.join(" or ", about.workflows()));
        }
        if (!about.namespaces().isEmpty()) {
            parts.add("in namespace " + String.join(" or ", about.namespaces()));
        }
        return String.join(" ", parts);
    }
}
