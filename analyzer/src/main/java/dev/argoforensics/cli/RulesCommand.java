package dev.argoforensics.cli;

import dev.argoforensics.rules.Rule;
import dev.argoforensics.rules.RuleEngine;
import dev.argoforensics.rules.RuleSettings;
import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code argo-forensics rules}: every rule, what it needs, its thresholds and its page. */
@Command(name = "rules",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        exitCodeOnInvalidInput = Main.EXIT_USAGE,
        exitCodeOnExecutionException = Main.EXIT_USAGE,
        description = {"Lists the rules 'analyze' runs: id, severity, title, the evidence each needs, its thresholds,",
            "and its page under docs/rules/ (what it means, the signature, what to do)."},
        footer = {"", "Examples:", "  argo-forensics rules", "  argo-forensics analyze logs/ snapshots/ --rule AF001,AF004",
            "  argo-forensics analyze logs/ snapshots/ --skip-rule AF003 --task-result-after 30m"})
final class RulesCommand implements Callable<Integer> {
    /** Which threshold option each rule reads, with its default. */
    private static final Map<String, String> THRESHOLDS = Map.of(
            "AF001", RuleOptions.STALL + " " + RuleSettings.DEFAULT_STALL + " (only for its explanation)",
            "AF003", RuleOptions.STALL + " " + RuleSettings.DEFAULT_STALL,
            "AF004", RuleOptions.FINALIZER_STUCK + " " + RuleSettings.DEFAULT_FINALIZER_STUCK,
            "AF006", RuleOptions.TASK_RESULT + " " + RuleSettings.DEFAULT_TASK_RESULT);

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        for (Rule r : RuleEngine.standardRules()) {
            out.printf("%s  %-6s  %s%n", r.id(), r.severity().label(), r.title());
            out.println("        " + r.needs().describe());
            if (THRESHOLDS.containsKey(r.id())) {
                out.println("        threshold " + THRESHOLDS.get(r.id()));
            }
            out.println("        " + r.doc());
        }
        out.flush();
        return 0;
    }
}
