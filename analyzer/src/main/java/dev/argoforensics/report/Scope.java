package dev.argoforensics.report;

import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.rules.EvidenceLine;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.snapshot.ClusterEvent;
import dev.argoforensics.time.GoDuration;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;
import dev.argoforensics.timeline.Timeline;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a report or a listing is about: {@code --since/--until}, {@code -n/--namespace},
 * {@code --workflow} and {@code --pod}, the one place where {@code analyze}, {@code timeline} and
 * {@code ls} decide what is in scope. The evidence is always read whole (a controller's runs, its
 * worker numbers and a stall that began before the window still count); only what is reported is
 * scoped.
 *
 * <ul>
 * <li>A <b>finding</b> is in scope when its Pod (or, for a finding about no Pod, its Workflow) is, and
 * its decisive time is in the window. Its decisive time is the time of the last dated line it cites
 * ({@link Report#decisiveEvidence}: where its evidence stops); a finding that cites no dated line
 * has no time and is in every window.</li>
 * <li>A <b>Pod</b> is in scope when its namespace is one of {@code -n} (if given), its name one of
 * {@code --pod} (if given; {@code NAME} or {@code NAMESPACE/NAME}) and its Workflow one of {@code --workflow} (if given). A finding about no
 * Pod is judged by its Workflow's namespace and name alone: {@code --pod} leaves it out.</li>
 * <li>A <b>time</b> is in the window when {@code since <= time <= until}, both ends included.</li>
 * </ul>
 *
 * @param since      the window's start as given, resolved; null for none
 * @param until      the window's end as given, resolved; null for none
 * @param namespaces {@code -n}: any of these (empty: any namespace)
 * @param workflows  {@code --workflow}: Workflow names (empty: any)
 * @param pods       {@code --pod}: Pod names (empty: any)
 */
public record Scope(Bound since, Bound until, List<String> namespaces, List<String> workflows, List<String> pods) {
    /** Everything: no option given. */
    public static final Scope ALL = new Scope(null, null, List.of(), List.of(), List.of());

    public Scope {
        namespaces = List.copyOf(namespaces);
        workflows = List.copyOf(workflows);
        pods = List.copyOf(pods);
    }

    /**
     * One end of the window: an RFC 3339 time with a zone, or a Go duration counted back from the
     * end of the evidence ({@code 1h}, like {@code kubectl logs --since=1h}).
     *
     * @param text as given on the command line
     * @param back the duration in nanoseconds, or null for a time
     * @param at   the instant, once resolved (for a time, at once)
     */
    public record Bound(String text, Long back, Timestamp at) {
        /**
         * Reads {@code --since} or {@code --until}.
         *
         * @throws IllegalArgumentException saying what was expected
         */
        public static Bound parse(String text) {
            String t = text.strip();
            if (!t.isEmpty() && (Character.isDigit(t.charAt(0)) || t.charAt(0) == '.') && !t.contains("T") && !t.contains(":")) {
                long nanos;
                try {
                    nanos = GoDuration.parse(t);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(expected(text), e);
                }
                if (nanos <= 0) {
                    throw new IllegalArgumentException("expected a positive duration; found \"" + text + "\"");
                }
                return new Bound(t, nanos, null);
            }
            Timestamp time;
            try {
                time = Timestamp.parseRfc3339(t, null, false);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(expected(text), e);
            }
            if (time.zone() == ZoneBasis.ASSUMED_UTC) {
                throw new IllegalArgumentException("the time has no zone: write it with Z or an offset, as in " + t + "Z; found \"" + text + "\"");
            }
            return new Bound(t, null, time);
        }

        private static String expected(String text) {
            return "expected an RFC 3339 time with a zone (2026-09-19T16:30:00Z) or a duration back from the end of the evidence"
                    + " (90s, 15m, 1h30m); found \"" + text + "\"";
        }

        Bound resolve(Timestamp end) {
            return back == null || at != null ? this
                    : new Bound(text, back, end == null ? null : new Timestamp(end.instant().minusNanos(back), end.precision(), ZoneBasis.STATED));
        }

        /** "2026-09-19T16:30:00Z", or "1h before the end of the evidence (2026-…)". */
        public String describe() {
            String time = at == null ? "unknown: the evidence holds no dated line" : at.format();
            return back == null ? time : text + " before the end of the evidence, " + time;
        }
    }

    /** True when nothing is scoped: the report is about all the evidence. */
    public boolean whole() {
        return since == null && until == null && namespaces.isEmpty() && workflows.isEmpty() && pods.isEmpty();
    }

    /** With any duration resolved against the end of this evidence ({@link #endOfEvidence}). */
    public Scope resolve(AnalysisResult result) {
        if ((since == null || since.back() == null) && (until == null || until.back() == null)) {
            return this;
        }
        Timestamp end = endOfEvidence(result).orElse(null);
        return new Scope(since == null ? null : since.resolve(end), until == null ? null : until.resolve(end), namespaces, workflows, pods);
    }

    /** The latest time of a log line, a cluster Event or an audit record: what a duration counts back from. */
    public static Optional<Timestamp> endOfEvidence(AnalysisResult result) {
        Timestamp end = null;
        for (ControllerProcess p : result.correlation().processes()) {
            end = later(end, p.last());
        }
        for (PodHistory pod : result.correlation().pods().values()) {
            for (ClusterEvent e : pod.clusterEvents()) {
                end = later(end, e.last() != null ? e.last() : e.first());
            }
            for (AuditRecord a : pod.auditRecords()) {
                end = later(end, a.time());
            }
        }
        return Optional.ofNullable(end);
    }

    private static Timestamp later(Timestamp a, Timestamp b) {
        return b == null || (a != null && a.instant().compareTo(b.instant()) >= 0) ? a : b;
    }

    /** True if the time is in the window (both ends included); a null time is in every window. */
    public boolean includesTime(Timestamp t) {
        if (t == null) {
            return true;
        }
        Instant i = t.instant();
        return (since == null || since.at() == null || !i.isBefore(since.at().instant()))
                && (until == null || until.at() == null || !i.isAfter(until.at().instant()));
    }

    /** True if a Pod of this Workflow (null: not tied to one) is in scope, whatever the time. */
    public boolean includesPod(PodKey pod, WorkflowRef workflow) {
        return namespaceIn(pod.namespace()) && (pods.isEmpty() || pods.contains(pod.name()) || pods.contains(pod.namespace() + "/" + pod.name()))
                && (workflows.isEmpty() || workflow != null && workflows.contains(workflow.name()));
    }

    /** True if the Workflow is in scope by namespace and name ({@code --pod} not considered). */
    public boolean includesWorkflow(WorkflowRef workflow) {
        return namespaceIn(workflow == null ? null : workflow.namespace())
                && (workflows.isEmpty() || workflow != null && workflows.contains(workflow.name()));
    }

    private boolean namespaceIn(String namespace) {
        return namespaces.isEmpty() || namespace != null && namespaces.contains(namespace);
    }

    /** True if the finding is in scope: its Pod (or Workflow) and its decisive time. */
    public boolean includes(Finding f) {
        boolean subject = f.pod() != null ? includesPod(f.pod(), f.workflow()) : pods.isEmpty() && includesWorkflow(f.workflow());
        return subject && includesTime(decisiveTime(f));
    }

    /** The time of the last dated line the finding cites, or null when it cites none. */
    public static Timestamp decisiveTime(Finding f) {
        return Report.decisiveEvidence(f).map(EvidenceLine::time).orElse(null);
    }

    /** The timeline with only its entries in the window. */
    public Timeline window(Timeline t) {
        if (since == null && until == null) {
            return t;
        }
        return new Timeline(t.pod(), t.uid(), t.identity(), t.node(), t.entries().stream().filter(e -> includesTime(e.time())).toList());
    }

    /** "whole evidence", or "since …; until …; namespace a, b; Workflow w; Pod p". */
    public String describe() {
        if (whole()) {
            return "the whole evidence";
        }
        List<String> parts = new ArrayList<>();
        if (since != null) {
            parts.add("since " + since.describe());
        }
        if (until != null) {
            parts.add("until " + until.describe());
        }
        if (!namespaces.isEmpty()) {
            parts.add((namespaces.size() == 1 ? "namespace " : "namespaces ") + String.join(", ", namespaces));
        }
        if (!workflows.isEmpty()) {
            parts.add((workflows.size() == 1 ? "Workflow " : "Workflows ") + String.join(", ", workflows));
        }
        if (!pods.isEmpty()) {
            parts.add((pods.size() == 1 ? "Pod " : "Pods ") + String.join(", ", pods));
        }
        return String.join("; ", parts);
    }

    /** The same scope with every name passed through {@code text} (redaction). */
    public Scope mapNames(java.util.function.UnaryOperator<String> text) {
        return new Scope(since, until, namespaces.stream().map(text).toList(), workflows.stream().map(text).toList(),
                pods.stream().map(text).toList());
    }
}
