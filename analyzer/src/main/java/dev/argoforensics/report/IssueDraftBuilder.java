package dev.argoforensics.report;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.analysis.AnalysisResult;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.event.ControllerEvent.Signal;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.report.IssueDraft.Quoted;
import dev.argoforensics.report.IssueDraft.Version;
import dev.argoforensics.rules.CauseOf;
import dev.argoforensics.rules.Confidence;
import dev.argoforensics.rules.EvidenceLine;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.UpstreamIssues;
import dev.argoforensics.snapshot.ObjectFileReader;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.timeline.TimelineEntry;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Gathers an {@link IssueDraft} for one finding: chosen from the report as read, its strings taken
 * from the report as shown (the same report redacted, or itself), and what the report does not hold
 * (the exported Workflow's spec, the executor images of exported Pods) read again from the exports
 * and passed through the same text function.
 */
public final class IssueDraftBuilder {
    /** Controller lines this long before the first and after the last dated evidence line are quoted. */
    static final Duration AROUND = Duration.ofMinutes(5);
    private static final Pattern EXECUTOR_IMAGE = Pattern.compile("(?:^|/)argoproj/argoexec:(v?[0-9][^@\\s]*)");
    private static final Set<String> EXECUTOR_SIGNALS = Set.of("task-result-write-failed", "executor-error");
    private static final Map<String, String> EXPECTED = expected();

    private final AnalysisResult result;
    private final UnaryOperator<String> text;
    private final Predicate<String> sensitive;

    /**
     * @param text      the redaction of one string ({@code UnaryOperator.identity()} when names are kept)
     * @param sensitive true for a string that holds an identifier of the inputs anywhere, even inside a
     *                  longer word (never, when names are kept): the rebuilt Workflow masks it
     */
    public IssueDraftBuilder(AnalysisResult result, UnaryOperator<String> text, Predicate<String> sensitive) {
        this.result = result;
        this.text = text;
        this.sensitive = sensitive;
    }

    /**
     * The position of the finding a draft is about, from 0: {@code --finding N}; else the lead among the findings of the Pod
     * {@code --pod} names, or, without it, among the confirmed and likely findings (a possible one leads a draft only when chosen
     * by number). The lead (docs/reports.md, "The lead finding"): a finding whose cause, about the same Pod, is among them and at
     * least likely gives way to that cause ({@link CauseOf}: AF001 over AF002's symptom); then the most severe, then the most
     * sure, then the first. The draft shows the lead's confidence and, where it is not confirmed, what it lacked.
     *
     * @throws IllegalArgumentException saying why none was chosen, and which findings there are
     */
    public static int choose(Report original, Integer number, String pod) {
        List<Finding> all = original.findings();
        if (all.isEmpty()) {
            throw new IllegalArgumentException("no finding to draft a bug report from: the analysis found none");
        }
        if (number != null) {
            if (number < 1 || number > all.size()) {
                throw new IllegalArgumentException("--finding " + number + ": there " + (all.size() == 1 ? "is 1 finding" : "are " + all.size()
                        + " findings") + list(all));
            }
            return number - 1;
        }
        List<Integer> candidates = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            Finding f = all.get(i);
            boolean ofPod = pod != null && f.pod() != null && (f.pod().name().equals(pod) || f.pod().toString().equals(pod));
            if (pod == null ? f.confidence() != Confidence.POSSIBLE : ofPod) {
                candidates.add(i);
            }
        }
        if (candidates.isEmpty()) {
            throw new IllegalArgumentException((pod == null ? "no confirmed or likely finding to draft a bug report from" : "no finding about Pod " + pod)
                    + (all.size() == 1 ? "; the one finding, with --finding 1" : "; choose one of the " + all.size() + " findings with --finding N") + list(all));
        }
        return lead(all, candidates);
    }

    /** Of {@code candidates} (positions in {@code all}), the lead: see {@link #choose}. */
    static int lead(List<Finding> all, List<Integer> candidates) {
        List<Integer> leads = candidates.stream().filter(i -> candidates.stream().noneMatch(c -> all.get(c).confidence() != Confidence.POSSIBLE
                && CauseOf.explains(all.get(c), all.get(i)))).toList();
        Comparator<Finding> best = Comparator.<Finding, Integer>comparing(f -> f.severity().ordinal()).reversed()
                .thenComparing(f -> f.confidence().ordinal());
        return (leads.isEmpty() ? candidates : leads).stream().min(Comparator.comparing(all::get, best).thenComparing(i -> i)).orElseThrow();
    }

    private static String list(List<Finding> all) {
        StringBuilder b = new StringBuilder(all.isEmpty() ? "" : ":");
        for (int i = 0; i < all.size(); i++) {
            Finding f = all.get(i);
            b.append("\n  ").append(i + 1).append(". ").append(f.rule()).append(' ').append(f.severity().label()).append(' ')
                    .append(f.confidence().label()).append(", Pod ").append(Describe.podOrNone(f.pod())).append(": ").append(f.title());
        }
        return b.toString();
    }

    /**
     * @param original the report as read, which the finding was chosen from
     * @param shown    the same report as it is shown (redacted, or the original)
     * @param index    the finding's position, from {@link #choose}
     */
    public IssueDraft build(Report original, Report shown, int index, boolean redacted) {
        Finding f = original.findings().get(index);
        Finding s = shown.findings().get(index);
        Set<SourceRef> executor = result.correlation().events().stream()
                .filter(e -> e.event() instanceof Signal sig && EXECUTOR_SIGNALS.contains(sig.name()))
                .map(e -> source(e.source())).collect(Collectors.toSet());
        List<Quoted> wait = new ArrayList<>();
        List<Quoted> controller = new ArrayList<>();
        for (EvidenceLine e : s.evidence()) {
            if (e.time() != null) {
                (executor.contains(e.source()) ? wait : controller).add(new Quoted(e.source(), e.time(), e.text()));
            }
        }
        Timestamp[] span = span(s);
        shown.timelineOf(s).ifPresent(t -> {
            for (TimelineEntry e : t.entries()) {
                if (e.kind().startsWith("log:") && within(e.time(), span)) {
                    (executor.contains(e.source()) ? wait : controller).add(new Quoted(e.source(), e.time(), e.text()));
                }
            }
        });
        UpstreamIssues upstream = UpstreamIssues.standard();
        Workflow wf = workflow(f);
        return new IssueDraft(shown, s, index + 1, EXPECTED.get(f.rule()), versions(shown, f), wf.rebuilt(), wf.missing(),
                distinct(controller), f.workflow() == null ? null : text.apply(f.workflow().name()), distinct(wait),
                upstream.matches(f.rule()), upstream.related(f.rule()), redacted);
    }

    /** The first and last time of the finding's dated evidence, widened by {@link #AROUND}; null if none is dated. */
    private static Timestamp[] span(Finding f) {
        Timestamp first = null;
        Timestamp last = null;
        for (EvidenceLine e : f.evidence()) {
            if (e.time() != null) {
                first = first == null || e.time().compareTo(first) < 0 ? e.time() : first;
                last = last == null || e.time().compareTo(last) > 0 ? e.time() : last;
            }
        }
        return first == null ? null : new Timestamp[] {first, last};
    }

    private static boolean within(Timestamp t, Timestamp[] span) {
        return span == null || (!t.instant().isBefore(span[0].instant().minus(AROUND)) && !t.instant().isAfter(span[1].instant().plus(AROUND)));
    }

    /** Each line once, in time order, then by file and line. */
    private static List<Quoted> distinct(List<Quoted> lines) {
        Map<SourceRef, Quoted> bySource = new LinkedHashMap<>();
        lines.forEach(q -> bySource.putIfAbsent(q.source(), q));
        return bySource.values().stream().sorted(Comparator.comparing(Quoted::time).thenComparing(Quoted::source)).toList();
    }

    /** The controllers' releases as the logs show them, then the executor images of the exported Pods of the finding's Workflow. */
    private List<Version> versions(Report shown, Finding f) {
        List<Version> out = new ArrayList<>();
        for (Provenance.ArgoVersion v : shown.provenance().argoVersions()) {
            int paren = v.release().indexOf(" (");
            String release = dev.argoforensics.event.ControllerProcess.releaseName(v.release());
            String how = paren < 0 ? "" : v.release().substring(paren + 2, v.release().length() - (v.release().endsWith(")") ? 1 : 0));
            out.add(new Version(release, "the controller's log" + (how.isEmpty() ? "" : ": " + how) + ", in " + String.join(", ", v.controllers())));
        }
        Map<String, String> images = new TreeMap<>();
        for (PodHistory p : result.correlation().pods().values()) {
            boolean ofFinding = p.key().equals(f.pod()) || (f.workflow() != null && p.link() != null && f.workflow().equals(p.link().workflow()));
            for (PodSnapshot snap : ofFinding ? p.snapshots() : List.<PodSnapshot>of()) {
                JsonNode pod = object(snap.source());
                for (String list : List.of("initContainers", "containers")) {
                    for (JsonNode c : pod == null ? List.<JsonNode>of() : iterable(pod.path("spec").path(list))) {
                        Matcher m = EXECUTOR_IMAGE.matcher(c.path("image").asText(""));
                        if (m.find()) {
                            images.putIfAbsent(m.group(1), "executor image " + c.path("image").asText() + " of the exported Pod "
                                    + text.apply(p.key().toString()) + " (" + source(snap.source()) + ")");
                        }
                    }
                }
            }
        }
        images.forEach((release, how) -> out.add(new Version(release, how)));
        return out;
    }

    private static List<JsonNode> iterable(JsonNode n) {
        List<JsonNode> out = new ArrayList<>();
        n.forEach(out::add);
        return out;
    }

    private record Workflow(IssueDraft.Reconstructed rebuilt, String missing) {
    }

    private Workflow workflow(Finding f) {
        if (f.workflow() == null) {
            return new Workflow(null, "not in the evidence: the finding names no Workflow");
        }
        List<WorkflowSnapshot> exports = result.correlation().workflow(f.workflow()).map(WorkflowHistory::snapshots).orElse(List.of());
        String get = "kubectl get workflow -n " + text.apply(f.workflow().namespace()) + " " + text.apply(f.workflow().name()) + " -o yaml";
        if (exports.isEmpty()) {
            return new Workflow(null, "not in the evidence: no export of the Workflow was given (" + get + " exports it while it exists)");
        }
        WorkflowSnapshot latest = exports.get(exports.size() - 1);
        JsonNode doc = object(latest.source());
        if (doc == null) {
            return new Workflow(null, "not in the evidence: the export at " + source(latest.source()) + " could not be read again");
        }
        WorkflowReconstruction.Result r = WorkflowReconstruction.rebuild(doc, f.node() == null ? null : f.node().id(),
                f.node() == null ? null : f.node().name(), text, sensitive);
        return new Workflow(new IssueDraft.Reconstructed(r.yaml(), source(latest.source()), r.notes()), null);
    }

    /** The exported object that starts at this line, read again in full; null if it cannot be. */
    private JsonNode object(SourceRef at) {
        for (InputSummary i : result.inputs()) {
            if (i.file().displayPath().equals(at.file())) {
                JsonNode[] found = {null};
                try {
                    new ObjectFileReader().read(i.file(), null, d -> {
                        if (found[0] == null && d.source().equals(at)) {
                            found[0] = d.node();
                        }
                    });
                } catch (IOException e) {
                    return null;
                }
                return found[0];
            }
        }
        return null;
    }

    private SourceRef source(SourceRef s) {
        return new SourceRef(text.apply(s.file()), s.line());
    }

    private static Map<String, String> expected() {
        try (InputStream in = IssueDraftBuilder.class.getResourceAsStream("expected-behaviour.yaml")) {
            return new ObjectMapper(new YAMLFactory()).readValue(in, new TypeReference<TreeMap<String, String>>() { });
        } catch (IOException e) {
            throw new UncheckedIOException("expected-behaviour.yaml: " + e.getMessage(), e);
        }
    }
}
