package dev.argoforensics.analysis;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.correlate.ClusterFacts;
import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.Correlator;
import dev.argoforensics.correlate.GroupFacts;
import dev.argoforensics.correlate.Grouping;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.correlate.Workers;
import dev.argoforensics.event.LogEvent;
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
import java.util.Set;

/**
 * Correlation and rules in groups: the facts of the whole input derived once ({@link Correlator#facts}), the input
 * cut into groups of Workflow and Pod names ({@link Grouping}, bound by {@link RuleBindings}), each group's share of
 * the facts as values ({@link GroupFacts}, which cross machines as bytes), each group correlated and its rules run on
 * its own, the outcomes put together rule by rule. A rule that reads the whole input's runs ({@link Rule#clusterWide()})
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
     * @param groups  each group's share of the facts
     * @param home    the group the whole-input rules run in
     * @param context what every group's rules read besides: the per-input accounting and the runs on a zone's clock, as bytes
     * @param cuts    the groups cut by the bound
     */
    public record Prepared(List<GroupFacts> groups, int home, byte[] context, List<Cut> cuts) {
    }

    /**
     * What the caveats of every group read: the accounting of the inputs, the runs whose clock is a zone off, and whether
     * the input holds dated evidence beside lines quoted with a time of day ({@link TimeOfDayCaveats}).
     */
    record Context(List<InputSummary> inputs, List<ClockCaveats.Zoned> zoned, boolean dated) {
    }

    /**
     * @param inputs the per-input accounting, in display-path order (excerpt caveats read it)
     * @param bound  the most lines of its own a group is correlated with
     */
    public static Prepared prepare(ClusterFacts facts, Split split, List<InputSummary> inputs, long bound) {
        Grouping grouping = Grouping.of(facts, new RuleBindings());
        List<List<Integer>> components = split.groups(grouping);
        int contention = grouping.componentOfTag(RuleBindings.CONTENTION);
        int home = 0;
        List<GroupFacts> groups = new ArrayList<>();
        List<Cut> cuts = new ArrayList<>();
        for (int i = 0; i < components.size(); i++) {
            home = components.get(i).contains(contention) ? i : home;
            GroupFacts g = facts.slice(grouping.group(components.get(i)));
            String name = components.get(i).isEmpty() || grouping.keys(components.get(i).get(0)).isEmpty() ? "(context)"
                    : grouping.keys(components.get(i).get(0)).iterator().next()
                    + (components.get(i).size() > 1 ? " and " + (components.get(i).size() - 1) + " more" : "");
            boolean[] contextLines = context(facts, grouping, components.get(i));
            GroupFacts bounded = bounded(g, bound, contextLines);
            if (bounded.cut() > 0) {
                long own = 0;
                for (boolean c : contextLines) {
                    own += c ? 0 : 1;
                }
                cuts.add(new Cut(name, own - bounded.cut(), own));
            }
            groups.add(bounded);
        }
        byte[] context = WireForm.encode(new Context(inputs, ClockCaveats.zoned(facts.clocks(), facts.processes(), facts.events()),
                TimeOfDayCaveats.dated(facts.available(), facts.events())));
        return new Prepared(groups, home, context, cuts);
    }

    /** Per line of the group: whether it is a context line (every group holds it) rather than one of its own. */
    private static boolean[] context(ClusterFacts facts, Grouping grouping, List<Integer> components) {
        Set<Integer> in = Set.copyOf(components);
        List<Boolean> out = new ArrayList<>();
        for (int i = 0; i < facts.events().size(); i++) {
            int c = grouping.componentOfLine(i);
            if (c < 0) {
                out.add(true);
            } else if (in.contains(c)) {
                out.add(false);
            }
        }
        boolean[] flags = new boolean[out.size()];
        for (int i = 0; i < flags.length; i++) {
            flags[i] = out.get(i);
        }
        return flags;
    }

    /** The group with its first {@code bound} lines of its own (every context line kept), handler lines following their lines. */
    static GroupFacts bounded(GroupFacts g, long bound, boolean[] context) {
        long own = 0;
        for (boolean c : context) {
            own += c ? 0 : 1;
        }
        if (own <= bound) {
            return g;
        }
        List<LogEvent> events = new ArrayList<>();
        List<PodKey> pods = new ArrayList<>();
        int[] at = new int[context.length];
        long seen = 0;
        for (int i = 0; i < context.length; i++) {
            boolean keep = context[i] || seen++ < bound;
            at[i] = keep ? events.size() : -1;
            if (keep) {
                events.add(g.events().get(i));
                pods.add(g.podOfLine().get(i));
            }
        }
        int[] handlers = new int[events.size()];
        for (int i = 0; i < context.length; i++) {
            if (at[i] >= 0) {
                int h = g.handlerOfLine()[i];
                handlers[at[i]] = h >= 0 && at[h] >= 0 ? at[h] : -1;
            }
        }
        return g.withCut(events, pods, handlers, own - bound);
    }

    /**
     * One group's correlation and rules.
     *
     * @param home    whether the whole-input rules ({@link Rule#clusterWide()}) run in this group
     * @param context {@link Prepared#context()}
     * @param bound   the bound the group was cut at (its findings name it), if it was
     */
    public List<RuleOutcome> run(GroupFacts group, boolean home, byte[] context, long bound) {
        return run(group, home, context(context), bound);
    }

    private static Context context(byte[] context) {
        try {
            return (Context) WireForm.decode(context);
        } catch (IOException e) {
            throw new IllegalArgumentException("not a group context: " + e.getMessage(), e);
        }
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
        Context context = context(p.context());
        List<List<RuleOutcome>> all = new ArrayList<>();
        for (int i = 0; i < p.groups().size(); i++) {
            GroupFacts g = p.groups().get(i);
            if (viaBytes) {
                try {
                    g = (GroupFacts) WireForm.decode(WireForm.encode(g));
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            }
            all.add(run(g, i == p.home(), context, bound));
        }
        return new Result(merge(all), p.cuts(), p.groups().size());
    }

    /** The outcomes, the groups cut by the bound, and how many groups ran. */
    public record Result(List<RuleOutcome> outcomes, List<Cut> cuts, int groups) {
    }
}
