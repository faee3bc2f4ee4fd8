package dev.argoforensics.analysis;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.correlate.ClusterFacts;
import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.Correlator;
import dev.argoforensics.correlate.Grouping;
import dev.argoforensics.correlate.Workers;
import dev.argoforensics.rules.Clearance;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.Rule;
import dev.argoforensics.rules.RuleBindings;
import dev.argoforensics.rules.RuleEngine;
import dev.argoforensics.rules.RuleOutcome;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Correlation and rules in groups: the facts of the whole input derived once ({@link Correlator#facts}), the input
 * cut into groups of Workflow and Pod names ({@link Grouping}, bound by {@link RuleBindings}), each group correlated
 * and its rules run on its own, the outcomes put together rule by rule. A rule that reads the whole input's runs
 * ({@link Rule#clusterWide()}) runs in one group only. What each group finds is about its own Pods and Workflows, so
 * nothing is found twice; the findings of a rule come group by group, not in the whole input's order (reports order
 * findings themselves).
 */
public final class GroupedAnalysis {
    private final List<Rule> rules;
    private final Workers workers;

    public GroupedAnalysis(List<Rule> rules, Workers workers) {
        this.rules = List.copyOf(rules);
        this.workers = workers;
    }

    /** The groups to run: each a list of components of the grouping (together they hold each component once). */
    public interface Split {
        List<List<Integer>> groups(Grouping grouping);

        /** Every component in one group. */
        static Split whole() {
            return g -> {
                List<Integer> all = new ArrayList<>();
                for (int i = 0; i < g.size(); i++) {
                    all.add(i);
                }
                return List.of(all);
            };
        }

        /** Each component a group of its own (a Workflow name with its Pods, in the smallest case). */
        static Split each() {
            return g -> {
                List<List<Integer>> out = new ArrayList<>();
                for (int i = 0; i < g.size(); i++) {
                    out.add(List.of(i));
                }
                return out;
            };
        }

        /** Components dealt into {@code k} buckets at random ({@code seed} fixed), as a shuffle by hash would. */
        static Split buckets(int k, long seed) {
            return g -> {
                java.util.Random random = new java.util.Random(seed);
                List<List<Integer>> out = new ArrayList<>();
                for (int b = 0; b < k; b++) {
                    out.add(new ArrayList<>());
                }
                for (int i = 0; i < g.size(); i++) {
                    out.get(random.nextInt(k)).add(i);
                }
                out.removeIf(List::isEmpty);
                return out;
            };
        }
    }

    /**
     * @param inputs the per-input accounting, in display-path order (excerpt caveats read it)
     */
    public List<RuleOutcome> run(ClusterFacts facts, Split split, List<InputSummary> inputs) {
        Grouping grouping = Grouping.of(facts, new RuleBindings());
        List<List<Integer>> groups = split.groups(grouping);
        int contention = grouping.componentOfTag(RuleBindings.CONTENTION);
        int home = 0;
        for (int i = 0; i < groups.size(); i++) {
            home = groups.get(i).contains(contention) ? i : home;
        }
        List<ClockCaveats.Zoned> zoned = ClockCaveats.zoned(facts.clocks(), facts.processes(), facts.events());
        Correlator correlator = new Correlator(workers);
        Map<String, List<RuleOutcome>> byRule = new LinkedHashMap<>();
        rules.forEach(r -> byRule.put(r.id(), new ArrayList<>()));
        for (int i = 0; i < groups.size(); i++) {
            boolean clusterHome = i == home;
            List<Rule> here = rules.stream().filter(r -> clusterHome || !r.clusterWide()).toList();
            Correlation correlation = correlator.correlate(facts, grouping.group(groups.get(i)));
            List<RuleOutcome> outcomes = ClockCaveats.apply(ExcerptCaveats.apply(new RuleEngine(here).run(correlation), inputs), zoned, correlation);
            outcomes.forEach(o -> byRule.get(o.rule()).add(o));
        }
        List<RuleOutcome> out = new ArrayList<>();
        for (List<RuleOutcome> parts : byRule.values()) {
            RuleOutcome first = parts.get(0);
            List<Finding> findings = new ArrayList<>();
            List<Clearance> cleared = new ArrayList<>();
            parts.forEach(p -> findings.addAll(p.findings()));
            parts.forEach(p -> cleared.addAll(p.cleared()));
            out.add(new RuleOutcome(first.rule(), first.title(), first.evaluated(), first.missing(), first.lackingOptional(), findings, cleared));
        }
        return out;
    }
}
