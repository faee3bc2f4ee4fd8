package dev.argoforensics.cli;

import dev.argoforensics.index.IndexChanges;
import dev.argoforensics.index.IndexedAnalysis;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code argo-forensics index PATH... --index DIR}. */
@Command(name = "index",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        exitCodeOnInvalidInput = Main.EXIT_USAGE,
        exitCodeOnExecutionException = Main.EXIT_USAGE,
        description = {
            "Builds or updates an on-disk index of the events in the inputs.",
            "Every log record and every fact an exported object shows is kept, with time, level, message, Pod, Workflow, node, "
                    + "controller run and keys. Unchanged log files are not read again. Query it with 'search'; 'analyze --index DIR' "
                    + "reuses it (docs/search.md)."},
        exitCodeListHeading = HelpText.EXIT_STATUS,
        exitCodeList = {"0:the index is up to date.", HelpText.USAGE, HelpText.FAILED},
        footerHeading = HelpText.EXAMPLES,
        footer = {"  argo-forensics index samples/issue-17024/logs samples/issue-17024/snapshots \\",
            "      --index 17024.index"})
final class IndexCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    AnalysisInputs inputs;

    @Override
    public Integer call() {
        if (inputs.index == null) {
            throw new ParameterException(spec.commandLine(), "index needs --index DIR: the folder that keeps the index");
        }
        IndexedAnalysis.Outcome outcome = inputs.indexed();
        IndexChanges c = outcome.changes();
        PrintWriter out = spec.commandLine().getOut();
        out.println("index " + inputs.index + ": " + c.logFilesRead() + " log file(s) indexed, " + c.logFilesReused()
                + " unchanged and not indexed again; " + c.eventsWritten() + " event(s) written for " + c.inputsWritten() + " input(s); "
                + c.inputsDropped() + " input(s) no longer named dropped" + (c.rebuilt()
                        ? "; built again (it was made by another version, catalog or --log-tz)" : ""));
        out.flush();
        return AnalysisInputs.reportUnreadable(outcome.result(), spec.commandLine().getErr()) ? Main.EXIT_USAGE : 0;
    }
}
