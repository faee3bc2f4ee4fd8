package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/** Runs every rule whose evidence is there and says, for the others, what was missing. */
public final class RuleEngine {
    private final List<Rule> rules;

    public RuleEngine(List<Rule> rules) {
        this.rules = List.copyOf(rules);
    }

    /** The rules shipped with the analyzer, in id order, with the default thresholds. */
    public static List<Rule> standardRules() {
        return standardRules(RuleSettings.defaults());
    }

    /** The rules shipped with the analyzer, in id order. */
    public static List<Rule> standardRules(RuleSettings settings) {
        return List.of(new PrematureFinalizerRemoval(settings), new SuccessReportedAsError(settings), new ReconciliationStalled(settings),
                new FinalizerStuck(settings), new PodGoneNodeRunning(), new TaskResultNeverSynced(settings),
                new PodDeletedDuringExecution(), new FalsePodDeleted(), new PhaseRegression(), new ContainerWouldNotStop(),
                new TaskResultWriteForbidden(), new TwoActiveControllers(), new WorkflowTooLarge(), new LockHeldByFinishedWorkflow(),
                new StaleCopyActedOn(), new LostPodStoredSucceeded());
    }

    /**
     * The rules to run: those named in {@code only} (all when it is empty), less those in
     * {@code skip}; ids are matched without regard to case.
     *
     * @throws IllegalArgumentException naming an id that is no rule
     */
    public static List<Rule> select(List<Rule> rules, Collection<String> only, Collection<String> skip) {
        Set<String> known = new TreeSet<>();
        rules.forEach(r -> known.add(r.id()));
        Set<String> wanted = normalise(only, known);
        Set<String> unwanted = normalise(skip, known);
        List<Rule> out = new ArrayList<>();
        for (Rule r : rules) {
            if ((wanted.isEmpty() || wanted.contains(r.id())) && !unwanted.contains(r.id())) {
                out.add(r);
            }
        }
        return out;
    }

    private static Set<String> normalise(Collection<String> ids, Set<String> known) {
        Set<String> out = new TreeSet<>();
        for (String id : ids) {
            String upper = id.strip().toUpperCase(Locale.ROOT);
            if (upper.isEmpty()) {
                continue;
            }
            if (!known.contains(upper)) {
                throw new IllegalArgumentException("no rule \"" + id.strip() + "\"; the rules are " + String.join(", ", known));
            }
            out.add(upper);
        }
        return out;
    }

    /**
     * Every rule's outcome, in rule order. Rules only read the correlation, so they are evaluated on
     * its worker threads ({@code --threads}, {@link Correlation#workers()}); the result does not depend
     * on how many there are.
     */
    public List<RuleOutcome> run(Correlation correlation) {
        RuleContext context = new RuleContext(correlation);
        return List.copyOf(correlation.workers().map(rules, rule -> outcome(rule, context)));
    }

    private static RuleOutcome outcome(Rule rule, RuleContext context) {
        Correlation correlation = context.correlation();
        List<String> missing = rule.needs().missing(correlation.available()).stream().map(m -> withReleases(m, correlation, rule)).toList();
        List<String> lacking = rule.needs().lackingOptional(correlation.available());
        if (!missing.isEmpty()) {
            return new RuleOutcome(rule.id(), rule.title(), false, missing, lacking, List.of(), List.of());
        }
        Evaluation e = rule.evaluate(context);
        List<Finding> findings = e.findings().stream().map(f -> UnreadExports.named(f, correlation)).toList();
        return new RuleOutcome(rule.id(), rule.title(), true, List.of(), lacking, findings, e.cleared());
    }

    /**
     * What was missing, in terms true of the inputs: pod-controller lines missing from the logs of a
     * controller whose release does not print them are no gap in the logs but in the release. Said
     * when every release every controller run may be is before v3.6.5. A rule about the status-capture finalizer says too
     * when every run is of a release before v3.6.0, which has no such finalizer: nothing was there to find (author incident s43: a
     * v3.5.10 user's #17024 suspicion read "not evaluated: missing lines", as if more lines could decide it).
     */
    private static String withReleases(String missing, Correlation correlation, Rule rule) {
        String lines = dev.argoforensics.correlate.EvidenceKind.POD_CONTROLLER_LINES.description();
        if (!missing.contains(lines) || correlation.processes().isEmpty()) {
            return missing;
        }
        java.util.Set<String> releases = new java.util.TreeSet<>();
        boolean noFinalizer = rule.aboutStatusFinalizer();
        for (var p : correlation.processes()) {
            // Every release the run may be (its banner's, or the whole range its lines' shapes point to) is before v3.6.5.
            if (!dev.argoforensics.correlate.PodEventLines.notLogged(p.release())) {
                return missing;
            }
            noFinalizer &= dev.argoforensics.correlate.StatusFinalizerRelease.absent(p.release());
            releases.add(dev.argoforensics.event.ControllerProcess.releaseName(p.release()));
        }
        String named = String.join(" or ", releases);
        return missing.replace(lines, lines.replace("and later)", "and later, not the " + named + " these logs come from"
                + (noFinalizer ? ", which has no status-capture finalizer either (v3.6.0 and later): no Pod was held by it, so there was "
                        + "nothing for this rule to find" : "") + ")"));
    }
}
