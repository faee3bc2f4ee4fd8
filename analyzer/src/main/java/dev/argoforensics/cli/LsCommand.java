package dev.argoforensics.cli;

import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.report.Inventory;
import dev.argoforensics.report.InventoryRenderer;
import dev.argoforensics.report.Scope;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code argo-forensics ls PATH...}: the Workflows and Pods the evidence names. */
@Command(name = "ls",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        exitCodeOnInvalidInput = Main.EXIT_USAGE,
        exitCodeOnExecutionException = Main.EXIT_USAGE,
        description = {
            "Lists the Workflows and Pods the evidence names.",
            "For each: namespace, name, how many controller log lines and cluster Events name it, its first and last dated record, "
                    + "and which sources mention it (controller log, Pod export, Workflow export, task result, events, audit, pasted "
                    + "table). Workflows first, then Pods, by namespace and name. The scoping options of analyze apply: "
                    + "--since/--until keep the rows whose span meets the window."},
        exitCodeListHeading = HelpText.EXIT_STATUS,
        exitCodeList = {"0:listed.", "2:bad usage, an input that cannot be used, or nothing usable read.", HelpText.FAILED},
        footerHeading = HelpText.EXAMPLES,
        footer = {"  argo-forensics ls samples/issue-17024/logs samples/issue-17024/snapshots",
            "  argo-forensics ls logs/ snapshots/ -n team-a --since 1h -o json"})
final class LsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    AnalysisInputs inputs;

    @Mixin
    ScopeOptions scope;

    @Mixin
    OutputOptions output;

    @Override
    public Integer call() {
        Scope wanted = scope.scope();
        String format = output.format().label();
        if (!List.of("text", "markdown", "json").contains(format)) {
            throw new CliFailure("ls writes text, markdown or json, not " + format, "use -o json for tools, -o markdown for an issue");
        }
        // Every line kept: a Pod only the routine lines name is listed too.
        AnalysisResult result = inputs.analyze(true);
        if (AnalysisInputs.reportUnreadable(result, spec.commandLine().getErr())) {
            return Main.EXIT_USAGE;
        }
        Inventory inventory = Inventory.of(result, scope.resolve(wanted, result));
        output.write(spec, w -> {
            switch (format) {
                case "json" -> InventoryRenderer.json(inventory, w);
                case "markdown" -> InventoryRenderer.markdown(inventory, w);
                default -> InventoryRenderer.text(inventory, w);
            }
        });
        return 0;
    }
}
