package dev.argoforensics.report;

import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What {@code argo-forensics ls} lists: every Workflow and Pod the evidence names, with how much of
 * it names each, its time span and which sources mention it; Workflows first, then Pods, each by
 * namespace (unknown first), name and UID.
 *
 * @param scope  what was listed ({@link Scope}): a row is in it when its Workflow or Pod is and its
 *               time span meets the window (a row with no dated record is in every window)
 * @param items  the rows in scope
 * @param left   how many rows the scope left out
 */
public record Inventory(Scope scope, List<Item> items, int left) {
    public Inventory {
        items = List.copyOf(items);
    }

    /** A kind of source that mentions a Workflow or a Pod. */
    public enum Source {
        CONTROLLER_LOG("controller log"), POD_EXPORT("Pod export"), WORKFLOW_EXPORT("Workflow export"), TASK_RESULT("task result"),
        EVENTS("events"), AUDIT("audit"), PASTED_TABLE("pasted table");

        private final String label;

        Source(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        /** {@code controllerLog}: the JSON name. */
        public String key() {
            String[] words = name().toLowerCase(Locale.ROOT).split("_");
            StringBuilder b = new StringBuilder(words[0]);
            for (int i = 1; i < words.length; i++) {
                b.append(Character.toUpperCase(words[i].charAt(0))).append(words[i].substring(1));
            }
            return b.toString();
        }
    }

    /**
     * One Workflow or Pod.
     *
     * @param kind      "Workflow" or "Pod"
     * @param namespace null when no source names it
     * @param uid       a Pod's UID from its export, else null
     * @param workflow  a Pod's Workflow, or null
     * @param logLines  controller log lines kept about it
     * @param events    cluster Events about it
     * @param first     its earliest dated record (log line, Event, audit record), or null
     * @param last      its latest, or null
     */
    public record Item(String kind, String namespace, String name, String uid, WorkflowRef workflow, int logLines, int events,
                       Timestamp first, Timestamp last, Set<Source> sources, dev.argoforensics.correlate.PodKey.Lifetime lifetime) {
        public Item {
            sources = sources.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(sources));
        }

        /** The sources in their fixed order. */
        public List<Source> sourceList() {
            return sources.isEmpty() ? List.of() : List.copyOf(EnumSet.copyOf(sources));
        }
    }

    private static final Comparator<Item> ORDER = Comparator.comparing((Item i) -> i.kind().equals("Pod"))
            .thenComparing(Item::namespace, Comparator.nullsFirst(Comparator.naturalOrder()))
            .thenComparing(Item::name)
            .thenComparing(Item::uid, Comparator.nullsFirst(Comparator.naturalOrder()))
            .thenComparingInt(i -> i.lifetime() == null ? 0 : i.lifetime().number());

    /** The Workflows and Pods of the analysis in the scope. */
    public static Inventory of(AnalysisResult result, Scope scope) {
        List<Item> all = new ArrayList<>();
        java.util.Set<WorkflowRef> podWorkflows = new java.util.TreeSet<>();
        for (PodHistory p : result.correlation().pods().values()) {
            Span span = new Span();
            EnumSet<Source> sources = EnumSet.noneOf(Source.class);
            p.events().forEach(e -> span.add(e.time()));
            p.clusterEvents().forEach(e -> span.add(e.first() != null ? e.first() : e.last()));
            p.clusterEvents().forEach(e -> span.add(e.last()));
            p.auditRecords().forEach(a -> span.add(a.time()));
            add(sources, !p.events().isEmpty(), Source.CONTROLLER_LOG);
            add(sources, !p.snapshots().isEmpty(), Source.POD_EXPORT);
            add(sources, !p.taskResults().isEmpty(), Source.TASK_RESULT);
            add(sources, !p.clusterEvents().isEmpty(), Source.EVENTS);
            add(sources, !p.auditRecords().isEmpty(), Source.AUDIT);
            add(sources, !p.listings().isEmpty(), Source.PASTED_TABLE);
            WorkflowRef wf = p.node().map(n -> n.workflow()).orElse(null);
            Item item = new Item("Pod", p.key().namespace(), p.key().name(), p.key().uid(), wf, p.events().size(), p.clusterEvents().size(),
                    span.first, span.last, sources, p.key().printed());
            if (scope.includesPod(p.key(), wf) && inWindow(scope, item)) {
                all.add(item);
                if (wf != null) {
                    podWorkflows.add(wf);
                }
            } else {
                all.add(null);
            }
        }
        for (WorkflowHistory w : result.correlation().workflows().values()) {
            Span span = new Span();
            w.events().forEach(e -> span.add(e.time()));
            EnumSet<Source> sources = EnumSet.noneOf(Source.class);
            add(sources, !w.events().isEmpty(), Source.CONTROLLER_LOG);
            add(sources, !w.snapshots().isEmpty(), Source.WORKFLOW_EXPORT);
            Item item = new Item("Workflow", w.ref().namespace(), w.ref().name(), null, null, w.events().size(), 0, span.first, span.last, sources, null);
            boolean named = scope.pods().isEmpty() ? scope.includesWorkflow(w.ref()) : podWorkflows.contains(w.ref());
            all.add(named && inWindow(scope, item) ? item : null);
        }
        List<Item> items = all.stream().filter(java.util.Objects::nonNull).sorted(ORDER).toList();
        return new Inventory(scope, items, all.size() - items.size());
    }

    private static void add(Set<Source> sources, boolean present, Source s) {
        if (present) {
            sources.add(s);
        }
    }

    /** Its span meets the window: no dated record, or some part of [first, last] in it. */
    private static boolean inWindow(Scope scope, Item i) {
        if (i.first() == null) {
            return true;
        }
        boolean endsBefore = scope.since() != null && scope.since().at() != null && i.last().instant().isBefore(scope.since().at().instant());
        boolean startsAfter = scope.until() != null && scope.until().at() != null && i.first().instant().isAfter(scope.until().at().instant());
        return !endsBefore && !startsAfter;
    }

    /** The earliest and latest of some times. */
    private static final class Span {
        Timestamp first;
        Timestamp last;

        void add(Timestamp t) {
            if (t == null) {
                return;
            }
            if (first == null || t.instant().isBefore(first.instant())) {
                first = t;
            }
            if (last == null || t.instant().isAfter(last.instant())) {
                last = t;
            }
        }
    }
}
