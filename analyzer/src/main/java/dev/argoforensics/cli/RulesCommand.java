package dev.argoforensics.cli;

import dev.argoforensics.rules.Rule;
import dev.argoforensics.rules.RuleEngine;
import dev.argoforensics.rules.RuleSettings;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.argoforensics.report.JsonStyle;
import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code argo-forensics rules}: every rule, what it needs, its thresholds and its page. */
@Command(name = "rules",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        exitCodeOnInvalidInput = Main.EXIT_USAGE,
        exitCodeOnExecutionException = Main.EXIT_USAGE,
        description = {"Lists the rules 'analyze' runs.",
            "For each: id, severity, title, the evidence it needs, its thresholds, and its page under docs/rules/ (what it means, "
                    + "the signature, what to do)."},
        exitCodeListHeading = HelpText.EXIT_STATUS,
        exitCodeList = {HelpText.DONE, "2:bad usage."},
        footerHeading = HelpText.EXAMPLES,
        footer = {"  argo-forensics rules",
            "  argo-forensics rules -o json | jq -r '.rules[].id'",
            "  argo-forensics analyze logs/ snapshots/ --rule AF001,AF004",
            "  argo-forensics analyze logs/ snapshots/ --skip-rule AF003",
            "  argo-forensics analyze logs/ snapshots/ --task-result-after 30m"})
final class RulesCommand implements Callable<Integer> {
    /** Which threshold option each rule reads, with its default. */
    private static final Map<String, String[]> THRESHOLDS = Map.of(
            "AF001", new String[] {RuleOptions.STALL, RuleSettings.DEFAULT_STALL, " (only for its explanation)"},
            "AF003", new String[] {RuleOptions.STALL, RuleSettings.DEFAULT_STALL, ""},
            "AF004", new String[] {RuleOptions.FINALIZER_STUCK, RuleSettings.DEFAULT_FINALIZER_STUCK, ""},
            "AF006", new String[] {RuleOptions.TASK_RESULT, RuleSettings.DEFAULT_TASK_RESULT, ""});

    @Spec
    CommandSpec spec;

    @Option(names = {"-o", "--output"}, defaultValue = "text", paramLabel = "FORMAT",
            description = "text (default) or json: {rules: [{id, severity, title, needs, threshold, doc}]}.")
    ListFormat format;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (format == ListFormat.JSON) {
            ListFormat.print(out, json());
            return 0;
        }
        for (Rule r : RuleEngine.standardRules()) {
            out.printf("%s  %-6s  %s%n", r.id(), r.severity().label(), r.title());
            out.println("        " + r.needs().describe());
            String[] t = THRESHOLDS.get(r.id());
            if (t != null) {
                out.println("        threshold " + t[0] + " " + t[1] + t[2]);
            }
            out.println("        " + r.doc());
        }
        out.flush();
        return 0;
    }

    private static ObjectNode json() {
        ObjectNode root = JsonStyle.mapper().createObjectNode();
        ArrayNode rules = root.putArray("rules");
        for (Rule r : RuleEngine.standardRules()) {
            ObjectNode o = rules.addObject();
            o.put("id", r.id());
            o.put("severity", r.severity().label());
            o.put("title", r.title());
            ObjectNode needs = o.putObject("needs");
            needs.put("text", r.needs().describe());
            ArrayNode required = needs.putArray("required");
            r.needs().required().stream().sorted().forEach(k -> required.add(k.description()));
            ArrayNode anyOf = needs.putArray("anyOf");
            r.needs().anyOf().forEach(g -> {
                ArrayNode group = anyOf.addArray();
                g.stream().sorted().forEach(k -> group.add(k.description()));
            });
            ArrayNode optional = needs.putArray("optional");
            r.needs().optional().stream().sorted().forEach(k -> optional.add(k.description()));
            String[] t = THRESHOLDS.get(r.id());
            if (t == null) {
                o.putNull("threshold");
            } else {
                o.putObject("threshold").put("option", t[0]).put("default", t[1]).put("explanationOnly", !t[2].isEmpty());
            }
            o.put("doc", r.doc());
        }
        return root;
    }
}
