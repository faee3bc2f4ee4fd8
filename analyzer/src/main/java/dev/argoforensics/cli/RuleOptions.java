package dev.argoforensics.cli;

import dev.argoforensics.rules.Rule;
import dev.argoforensics.rules.RuleEngine;
import dev.argoforensics.rules.RuleSettings;
import dev.argoforensics.time.GoDuration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** Which rules {@code analyze} runs, and the thresholds they decide by. */
final class RuleOptions {
    static final String STALL = "--stall-threshold";
    static final String FINALIZER_STUCK = "--finalizer-stuck-after";
    static final String TASK_RESULT = "--task-result-after";

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = "--rule", split = ",", paramLabel = "ID",
            description = "Run only these rules (comma-separated or repeated, e.g. AF001,AF004); default: all. "
                    + "Rules not run are not listed in the report. 'argo-forensics rules' lists them.")
    List<String> only = new ArrayList<>();

    @Option(names = "--skip-rule", split = ",", paramLabel = "ID", description = "Do not run these rules (comma-separated or repeated).")
    List<String> skip = new ArrayList<>();

    @Option(names = STALL, paramLabel = "DURATION", defaultValue = RuleSettings.DEFAULT_STALL,
            description = "AF003: a Workflow not processed for longer than this after its Pod's deletion requeued it is stalled"
                    + " (Go duration: 90s, 2m, 1h30m). Default: ${DEFAULT-VALUE}.")
    String stall;

    @Option(names = FINALIZER_STUCK, paramLabel = "DURATION", defaultValue = RuleSettings.DEFAULT_FINALIZER_STUCK,
            description = "AF004: the status-capture finalizer still on a deleted Pod this long after the controller should have"
                    + " released it is stuck. Default: ${DEFAULT-VALUE}.")
    String finalizerStuck;

    @Option(names = TASK_RESULT, paramLabel = "DURATION", defaultValue = RuleSettings.DEFAULT_TASK_RESULT,
            description = "AF006: a task result still not synced this long after its Pod finished will not arrive. Default: ${DEFAULT-VALUE}"
                    + " (the controller's TASK_RESULT_TIMEOUT_DURATION).")
    String taskResult;

    /**
     * The rules to run, with the thresholds given.
     *
     * @throws ParameterException for an unknown rule id or a threshold that is not a positive duration
     */
    List<Rule> rules() {
        RuleSettings settings = new RuleSettings(duration(STALL, stall), duration(FINALIZER_STUCK, finalizerStuck), duration(TASK_RESULT, taskResult));
        List<Rule> all = RuleEngine.standardRules(settings);
        check("--rule", all, only);
        check("--skip-rule", all, skip);
        Set<String> both = askedAndSkipped();
        if (!both.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "--rule and --skip-rule both name " + String.join(", ", both)
                    + ": run it or skip it, not both");
        }
        List<Rule> selected = RuleEngine.select(all, only, skip);
        if (selected.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "--skip-rule skips every rule (" + all.size()
                    + "), so none would run; 'argo-forensics rules' lists them");
        }
        return selected;
    }

    /** The ids both asked for with --rule and skipped with --skip-rule. */
    private Set<String> askedAndSkipped() {
        Set<String> both = new TreeSet<>();
        for (String id : only) {
            for (String s : skip) {
                if (id.strip().equalsIgnoreCase(s.strip()) && !id.isBlank()) {
                    both.add(id.strip().toUpperCase(Locale.ROOT));
                }
            }
        }
        return both;
    }

    private void check(String option, List<Rule> all, List<String> ids) {
        try {
            RuleEngine.select(all, ids, List.of());
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), option + ": " + e.getMessage());
        }
    }

    private long duration(String option, String text) {
        long nanos;
        try {
            nanos = GoDuration.parse(text);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), option + ": expected a duration such as 90s, 2m or 1h30m; found \"" + text + "\"");
        }
        if (nanos <= 0) {
            throw new ParameterException(spec.commandLine(), option + ": expected a positive duration; found \"" + text + "\"");
        }
        return nanos;
    }
}
