package dev.argoforensics.redact;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.accounting.UnparsedLine;
import dev.argoforensics.correlate.NodeLink;
import dev.argoforensics.correlate.PodIdentity;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.report.EvidenceGap;
import dev.argoforensics.report.InputProblem;
import dev.argoforensics.report.Provenance;
import dev.argoforensics.report.Report;
import dev.argoforensics.report.Timelines;
import dev.argoforensics.rules.Clearance;
import dev.argoforensics.rules.EvidenceLine;
import dev.argoforensics.rules.Fact;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.RuleOutcome;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.timeline.Timeline;
import dev.argoforensics.timeline.TimelineEntry;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rebuilds a report with one text function applied to every string that came from the inputs or
 * names something in them: paths, names, UIDs, quoted log lines, summaries and explanations. Stable
 * keys (rule IDs, timeline entry kinds, fact keys), numbers, times and hashes are kept. The report
 * holds no text made for one format: its short lines for possible findings, its index and its
 * headline are all made by the renderers from what this returns.
 */
final class ReportRedactor {
    private static final Pattern CUT_QUOTE = Pattern.compile("\"([^\"]*)…\"");

    private final UnaryOperator<String> text;

    ReportRedactor(UnaryOperator<String> text) {
        this.text = text;
    }

    Report report(Report r) {
        return new Report(r.schemaVersion(), r.tool(), provenance(r.provenance()), map(r.inputs(), this::input),
                map(r.controllers(), this::controller), map(r.findings(), this::finding), r.filter(), map(r.rules(), this::rule),
                r.timelines() instanceof Timelines lazy ? lazy.map(this::timeline, this::pod) : map(r.timelines(), this::timeline),
                map(r.gaps(), g -> new EvidenceGap(text.apply(g.subject()), text.apply(g.detail()))),
                map(r.problems(), p -> new InputProblem(text.apply(p.path()), p.line(), text.apply(p.problem()))));
    }

    private Provenance provenance(Provenance p) {
        return p.withRedaction(map(p.commandLine(), text),
                map(p.inputs(), i -> new Provenance.InputDigest(text.apply(i.path()), i.bytes(), i.sha256())),
                map(p.argoVersions(), v -> new Provenance.ArgoVersion(text.apply(v.release()), map(v.controllers(), text))),
                p.scope().mapNames(text));
    }

    /** One input's summary: its path, format and samples as text, each note's values (never its words). */
    InputSummary input(InputSummary i) {
        InputFile f = i.file();
        String path = text.apply(f.displayPath());
        InputFile file = new InputFile(path, Path.of(path), f.kind(), f.compressed(), text.apply(f.reason()));
        return new InputSummary(file, text.apply(i.format()), i.sha256(), i.lines(), i.events(), i.recognised(), i.continuation(),
                i.prefixed(), i.blank(), i.unparsed(),
                map(i.samples(), u -> new UnparsedLine(source(u.source()), reason(u), text.apply(u.text()))),
                text.apply(i.versionGuess()), map(i.notes(), n -> n.mapStrings(text)), i.zones(),
                map(i.problems(), u -> new UnparsedLine(source(u.source()), text.apply(u.reason()), text.apply(u.text()))),
                i.furniture().withCommands(map(i.furniture().commands(), text)), i.otherContainers(), i.readInPart(), i.cutShort(),
                i.pastedObjects());
    }

    private ControllerProcess controller(ControllerProcess p) {
        return new ControllerProcess(p.id(), text.apply(p.replica()), p.replicaFrom(), p.incarnation(), text.apply(p.release()),
                p.leadership(), map(p.files(), text), p.first(), p.last(), p.events(), p.work(), p.nameless(), text.apply(p.continuesIn()),
                text.apply(p.selectedBy()));
    }

    /**
     * Why a line was not read; the grammar quotes where it stopped, cut short ({@code found "it names
     * acme…"}), and a cut name is no longer recognisable: the quote is taken again from the redacted line.
     */
    private String reason(UnparsedLine u) {
        Matcher m = CUT_QUOTE.matcher(u.reason());
        StringBuilder b = new StringBuilder();
        int last = 0;
        while (m.find()) {
            int at = u.text().indexOf(m.group(1));
            b.append(text.apply(u.reason().substring(last, m.start())));
            if (at < 0) {
                b.append("\"(withheld)…\"");
            } else {
                String redacted = text.apply(u.text().substring(at));
                b.append('"').append(redacted, 0, Math.min(redacted.length(), m.group(1).length())).append("…\"");
            }
            last = m.end();
        }
        return b.append(text.apply(u.reason().substring(last))).toString();
    }

    private Finding finding(Finding f) {
        return new Finding(f.rule(), f.title(), f.severity(), f.confidence(), f.reason().mapStrings(text::apply), pod(f.pod()),
                text.apply(f.podUid()), workflow(f.workflow()),
                f.node() == null ? null : new Finding.NodeRef(text.apply(f.node().id()), text.apply(f.node().name())),
                f.about().mapStrings(text::apply), f.account().mapStrings(text::apply),
                map(f.facts(), x -> new Fact(x.key(), x.label(), x.value() instanceof String s ? text.apply(s) : x.value())),
                map(f.evidence(), e -> new EvidenceLine(source(e.source()), e.time(), text.apply(e.role()), text.apply(e.text()),
                        text.apply(e.controller()))));
    }

    private RuleOutcome rule(RuleOutcome o) {
        return new RuleOutcome(o.rule(), o.title(), o.evaluated(), o.missing(), o.lackingOptional(), map(o.findings(), this::finding),
                map(o.cleared(), c -> new Clearance(pod(c.pod()), c.why().mapStrings(text::apply), source(c.evidence()))));
    }

    private Timeline timeline(Timeline t) {
        NodeLink l = t.node();
        NodeLink link = l == null ? null
                : new NodeLink(workflow(l.workflow()), text.apply(l.nodeId()), text.apply(l.nodeName()), l.basis(), source(l.source()));
        PodIdentity id = t.identity();
        PodIdentity identity = new PodIdentity(id.basis(), source(id.uidSource()), id.from(), source(id.fromSource()), id.until(),
                id.namesakes(), map(id.unsplit(), c -> new PodIdentity.Creation(source(c.source()), c.at())));
        return new Timeline(pod(t.pod()), text.apply(t.uid()), identity, link,
                map(t.entries(), e -> new TimelineEntry(e.time(), source(e.source()), e.kind(), text.apply(e.text()), e.lowerBound(),
                        e.concurrent(), text.apply(e.controller()))));
    }

    private PodKey pod(PodKey p) {
        return p == null ? null : new PodKey(text.apply(p.namespace()), text.apply(p.name()), null, p.lifetime(), p.printed());
    }

    private WorkflowRef workflow(WorkflowRef w) {
        return w == null ? null : new WorkflowRef(text.apply(w.namespace()), text.apply(w.name()));
    }

    private SourceRef source(SourceRef s) {
        return s == null ? null : new SourceRef(text.apply(s.file()), s.line());
    }

    private static <T, R> List<R> map(List<T> items, Function<? super T, ? extends R> f) {
        return items.stream().<R>map(f).toList();
    }
}
