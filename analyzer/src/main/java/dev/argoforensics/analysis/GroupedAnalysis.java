package dev.argoforensics.analysis;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.correlate.ClusterFacts;
import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.Correlator;
import dev.argoforensics.correlate.GroupContext;
import dev.argoforensics.correlate.GroupFacts;
import dev.argoforensics.correlate.GroupShare;
import dev.argoforensics.correlate.Grouping;
import dev.argoforensics.correlate.Workers;
import dev.argoforensics.read.WireForm;
import dev.argoforensics.rules.Clearance;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.Rule;
import dev.argoforensics.rules.RuleBindings;
import dev.argoforensics.rules.RuleEngine;
import dev.argoforensics.rules.RuleOutcome;
import dev.argoforensics.wording.Message;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Correlation and rules in groups: the facts of the whole input derived once ({@link Correlator#facts}), the input
 * cut into groups of Workflow and Pod names ({@link Grouping}, bound by {@link RuleBindings}), what every group reads
 * alike made once ({@link GroupContext}) and each group's own share of the facts ({@link GroupShare}), both values that
 * cross machines as bytes (the context once per input), each group joined ({@link GroupFacts#of}), correlated and its
 * rules run on its own, the outcomes put together rule by rule. A rule that reads the whole input's runs ({@link Rule#clusterWide()})
 * runs in one group only. What each group finds is about its own Pods and Workflows, so nothing is found twice; the
 * findings of a rule come group by group, not in the whole input's order (reports order findings themselves).
 *
 * <p>A group whose own lines (the context not counted) pass the bound keeps its first ones: its findings say so in
 * their confidence reason, and the cut is one of {@link Prepared#cuts()}.
 */
public final class GroupedAnalysis {
    /** Lines of one group beyond which it is cut: generous, a Workflow's lines over months of a busy cluster. */
    public static final long DEFAULT_BOUND = 2_000_000L;

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
            return g -> List.of(range(g.size()));
        }

        /** Each component a group of its own (a Workflow name with its Pods, in the smallest case). */
        static Split each() {
            return g -> range(g.size()).stream().map(List::of).toList();
        }

        /** Components dealt into {@code k} buckets at random ({@code seed} fixed). */
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

        /** Components dealt into {@code k} buckets by the hash of their least name, as a shuffle by key deals them. */
        static Split hashed(int k) {
            return g -> {
                List<List<Integer>> out = new ArrayList<>();
                for (int b = 0; b < k; b++) {
                    out.add(new ArrayList<>());
                }
                for (int i = 0; i < g.size(); i++) {
                    String least = g.keys(i).isEmpty() ? "" : g.keys(i).iterator().next();
                    out.get(Math.floorMod(least.hashCode(), k)).add(i);
                }
                out.removeIf(List::isEmpty);
                return out;
            };
        }

        private static List<Integer> range(int n) {
            List<Integer> all = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                all.add(i);
            }
            return all;
        }
    }

    /**
     * One group cut by the bound.
     *
     * @param group its least name ({@code w:}Workflow, {@code p:}Pod, {@code #}tag) and how many more it holds
     */
    public record Cut(String group, long kept, long lines) {
        public String describe() {
            return "group " + group + ": its first " + kept + " of " + lines + " lines correlated, " + (lines - kept) + " left out by the bound";
        }
    }

    /**
     * An input cut into groups, ready to run anywhere.
     *
     * @param groups each group's own share of the facts (its own lines; the context's are in {@code shared})
     * @param home   the group the whole-input rules run in
     * @param shared what every group reads alike, made once: the context lines and values ({@link GroupContext}), the
     *               per-input accounting and the runs on a zone's clock; sent once to wherever the groups run
     *               ({@link #contextBytes()}, {@link #shared(byte[])})
     * @param cuts   the groups cut by the bound
     */
    public record Prepared(List<GroupShare> groups, int home, Shared shared, List<Cut> cuts) {
        /** {@link #shared()} as bytes. */
        public byte[] contextBytes() {
            return WireForm.encode(shared.context);
        }
    }

    /** What every group of one input reads besides its own share, decoded once wherever its groups run. */
    public static final class Shared {
        private final Context context;

        private Shared(Context context) {
            this.context = context;
        }
    }

    /**
     * What the caveats of every group read (the accounting of the inputs, the runs whose clock is a zone off, whether
     * the input holds dated evidence beside lines quoted with a time of day: {@link TimeOfDayCaveats}), and the lines
     * and values every group's correlation holds alike.
     */
    record Context(List<InputSummary> inputs, List<ClockCaveats.Zoned> zoned, boolean dated, GroupContext lines) {
    }

    /**
     * @param inputs the per-input accounting, in display-path order (excerpt caveats read it)
     * @param bound  the most lines of its own a group is correlated with
     */
    public static Prepared prepare(ClusterFacts facts, Split split, List<InputSummary> inputs, long bound) {
        Grouping grouping = Grouping.of(facts, new RuleBindings());
        Plan plan = plan(grouping, split);
        List<GroupShare> groups = new ArrayList<>();
        List<Cut> cuts = new ArrayList<>();
        for (int i = 0; i < plan.groups().size(); i++) {
            GroupShare g = facts.share(grouping, plan.groups().get(i));
            GroupShare bounded = g.firstLines(bound);
            if (bounded.cut() > 0) {
                cuts.add(new Cut(plan.names().get(i), bound, g.events().size()));
            }
            groups.add(bounded);
        }
        Context context = new Context(inputs, ClockCaveats.zoned(facts.clocks(), facts.processes(), facts.events()),
                TimeOfDayCaveats.dated(facts.available(), facts.events()), facts.context(grouping));
        return new Prepared(groups, plan.home(), new Shared(context), cuts);
    }

    /**
     * How an input's components are dealt into groups: each group's components, the group the whole-input rules run in
     * ({@code home}: the one holding the contended Workflows) and each group's name (its least name and how many more
     * components it holds), as {@link #prepare} deals them. The fleet's second round makes it from a {@code FactsTable}'s
     * grouping, its third round's group tasks read it.
     */
    public record Plan(List<List<Integer>> groups, int home, List<String> names) {
        public Plan {
            groups = groups.stream().map(List::copyOf).toList();
            names = List.copyOf(names);
        }
    }

    /** The groups of {@code grouping} as {@code split} deals them, the home group and their names. */
    public static Plan plan(Grouping grouping, Split split) {
        List<List<Integer>> components = split.groups(grouping);
        int contention = grouping.componentOfTag(RuleBindings.CONTENTION);
        int home = 0;
        List<String> names = new ArrayList<>();
        for (int i = 0; i < components.size(); i++) {
            home = components.get(i).contains(contention) ? i : home;
            names.add(components.get(i).isEmpty() || grouping.keys(components.get(i).get(0)).isEmpty() ? "(context)"
                    : grouping.keys(components.get(i).get(0)).iterator().next()
                    + (components.get(i).size() > 1 ? " and " + (components.get(i).size() - 1) + " more" : ""));
        }
        return new Plan(components, home, names);
    }

    /**
     * {@link Prepared#contextBytes()} of an input whose lines were never in one place (the fleet's rounds): the context lines
     * assigned from its {@code FactsTable} ({@code FactsTable.context}), the per-input accounting, and what the caveats read
     * of all the lines given as the rounds gathered it: the files each run's lines stand in, and whether a line has a date.
     */
    public static byte[] contextBytes(List<InputSummary> inputs, GroupContext lines, java.util.function.IntFunction<java.util.Set<String>> filesOfRun,
                                      boolean linesDated) {
        return WireForm.encode(new Context(inputs, ClockCaveats.zoned(lines.clocks(), lines.processes(), filesOfRun),
                TimeOfDayCaveats.dated(lines.available(), linesDated), lines));
    }

    /** {@link Prepared#contextBytes()} decoded: once per input wherever its groups run, then given to each of them. */
    public static Shared shared(byte[] context) {
        try {
            return new Shared((Context) WireForm.decode(context));
        } catch (IOException | ClassCastException e) {
            throw new IllegalArgumentException("not a group context: " + e.getMessage(), e);
        }
    }

    /**
     * One group's correlation and rules.
     *
     * @param home   whether the whole-input rules ({@link Rule#clusterWide()}) run in this group
     * @param shared its input's {@link Prepared#shared()}
     * @param bound  the bound the group was cut at (its findings name it), if it was
     */
    public List<RuleOutcome> run(GroupShare group, boolean home, Shared shared, long bound) {
        return run(GroupFacts.of(shared.context.lines(), group), home, shared.context, bound);
    }

    private List<RuleOutcome> run(GroupFacts group, boolean home, Context c, long bound) {
        List<Rule> here = rules.stream().filter(r -> home || !r.clusterWide()).toList();
        Correlation correlation = new Correlator(workers).correlate(group);
        List<RuleOutcome> outcomes = TimeOfDayCaveats.apply(ClockCaveats.apply(ExcerptCaveats.apply(new RuleEngine(here).run(correlation), c.inputs()),
                c.zoned(), correlation), c.dated());
        if (group.cut() == 0) {
            return outcomes;
        }
        Message note = Message.of("caveat.groupCut", "group", "the group of " + groupName(group), "bound", Long.toString(bound), "cut",
                Long.toString(group.cut()));
        List<RuleOutcome> out = new ArrayList<>();
        for (RuleOutcome o : outcomes) {
            List<Finding> findings = o.findings().stream().map(f -> f.withConfidence(f.confidence(), Message.sequence(List.of(f.reason(), note))))
                    .toList();
            out.add(new RuleOutcome(o.rule(), o.title(), o.evaluated(), o.missing(), o.lackingOptional(), findings, o.cleared()));
        }
        return out;
    }

    private static String groupName(GroupFacts g) {
        if (g.workflowNames() != null && !g.workflowNames().isEmpty()) {
            return "Workflow " + g.workflowNames().iterator().next() + (g.workflowNames().size() > 1 ? " and others" : "");
        }
        return g.pods().isEmpty() ? "lines naming no Workflow" : "Pod " + g.pods().keySet().iterator().next().name();
    }

    /** Every group's outcomes put together rule by rule, in rule order, each rule's findings in the groups' order. */
    public List<RuleOutcome> merge(List<List<RuleOutcome>> groups) {
        Map<String, List<RuleOutcome>> byRule = new LinkedHashMap<>();
        rules.forEach(r -> byRule.put(r.id(), new ArrayList<>()));
        for (List<RuleOutcome> g : groups) {
            g.forEach(o -> byRule.get(o.rule()).add(o));
        }
        byRule.values().removeIf(List::isEmpty);
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

    /**
     * Prepares and runs every group here, in order.
     *
     * @param viaBytes each group's facts sent through their byte form first, as the fleet scan sends them
     */
    public Result run(ClusterFacts facts, Split split, List<InputSummary> inputs, long bound, boolean viaBytes) {
        Prepared p = prepare(facts, split, inputs, bound);
        Shared shared = viaBytes ? shared(p.contextBytes()) : p.shared();
        List<List<RuleOutcome>> all = new ArrayList<>();
        for (int i = 0; i < p.groups().size(); i++) {
            GroupShare g = p.groups().get(i);
            if (viaBytes) {
                try {
                    g = (GroupShare) WireForm.decode(WireForm.encode(g));
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            }
            all.add(run(g, i == p.home(), shared, bound));
        }
        return new Result(merge(all), p.cuts(), p.groups().size());
    }

    /** The outcomes, the groups cut by the bound, and how many groups ran. */
    public record Result(List<RuleOutcome> outcomes, List<Cut> cuts, int groups) {
    }
}
