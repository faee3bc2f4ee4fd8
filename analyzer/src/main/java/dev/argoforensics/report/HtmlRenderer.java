package dev.argoforensics.report;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.accounting.UnparsedLine;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.rules.Clearance;
import dev.argoforensics.rules.EvidenceLine;
import dev.argoforensics.rules.Fact;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.RuleOutcome;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.timeline.Timeline;
import dev.argoforensics.timeline.TimelineEntry;
import dev.argoforensics.wording.Words;
import java.util.List;

/**
 * One self-contained HTML page: inline CSS, inline SVG, no script, no web font, nothing fetched
 * (a Content-Security-Policy forbids it). Confirmed and likely findings each with their Pod's
 * swimlane timeline, the entries around them and their evidence; the possible findings one line
 * each; then the other timelines, evidence gaps, rules, inputs and provenance. Every string from
 * the inputs is escaped.
 */
final class HtmlRenderer implements ReportRenderer {
    private static final String CSS = """
            :root{--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;--bg:#fff;--alt:#f6f8fa;--high:#cf222e;--medium:#9a6700;--low:#0969da}
            body{font:14px/1.5 -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;color:var(--fg);background:var(--bg);margin:0 auto;max-width:1100px;padding:24px}
            h1{font-size:24px;margin:0 0 4px}h2{font-size:19px;border-bottom:1px solid var(--line);padding-bottom:4px;margin-top:32px}
            h3{font-size:15px;margin:20px 0 8px}p.lede{color:var(--muted);margin:0 0 16px}
            table{border-collapse:collapse;width:100%;margin:8px 0 12px}th,td{border:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top}
            th{background:var(--alt)}td.num{text-align:right;white-space:nowrap}
            code,pre,.mono{font:12px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
            pre{background:var(--alt);border:1px solid var(--line);padding:6px 8px;margin:2px 0 8px;white-space:pre-wrap;overflow-wrap:anywhere}
            td.text{overflow-wrap:anywhere}tr.cited td{background:#fff8c5}
            .sev{display:inline-block;border-radius:10px;padding:0 8px;color:#fff;font-size:12px;font-weight:600;vertical-align:middle}
            .sev-critical,.sev-high{background:var(--high)}.sev-medium{background:var(--medium)}.sev-low,.sev-info{background:var(--low)}
            .finding{border:1px solid var(--line);border-radius:6px;padding:4px 16px 12px;margin:16px 0}
            .summary{font-size:15px;font-weight:600}dl.ids{display:grid;grid-template-columns:max-content auto;gap:2px 12px;margin:8px 0}
            dl.ids dt{color:var(--muted)}dl.ids dd{margin:0}
            figure{margin:12px 0}figcaption{color:var(--muted);font-size:12px}
            svg.swimlane{width:100%;height:auto;font:11px -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;border:1px solid var(--line)}
            .lane-0{fill:#fff}.lane-1{fill:#f6f8fa}.lane-label{fill:var(--muted);font-weight:600}.lane-empty{fill:#8c959f;font-style:italic}
            .axis,.tick{stroke:#8c959f}.tick-label{fill:var(--muted);text-anchor:middle}
            circle.entry{stroke-width:1.5}circle.lower-bound{fill:none!important;stroke-width:2}
            .entry-log{fill:#0969da;stroke:#0969da}.entry-pod{fill:#8250df;stroke:#8250df}.entry-node{fill:#1a7f37;stroke:#1a7f37}
            .entry-taskresult{fill:#bf3989;stroke:#bf3989}.entry-event,.entry-audit{fill:#bc4c00;stroke:#bc4c00}
            .entry-finalizer{fill:#cf222e;stroke:#cf222e}.entry-check{fill:#57606a;stroke:#57606a}
            .marker line{stroke-width:2}.marker-label{font-weight:600}
            .m-delete line{stroke:#bc4c00;stroke-dasharray:4 3}.m-delete text{fill:#bc4c00}
            .m-removed line{stroke:#cf222e}.m-removed text{fill:#cf222e}
            .m-persist line{stroke:#1a7f37;stroke-width:1;stroke-dasharray:2 3}.m-persist text{fill:#1a7f37}
            .m-error line{stroke:#82071e;stroke-width:2}.m-error text{fill:#82071e}
            .negative-delay rect{fill:#cf222e;fill-opacity:.12;stroke:#cf222e;stroke-opacity:.5}.band-label{fill:#a40e26;font-weight:600}
            .band-label,.marker-label{paint-order:stroke;stroke:#fff;stroke-width:3px;stroke-linejoin:round}
            .legend span{margin-right:14px;white-space:nowrap}.dot{display:inline-block;width:9px;height:9px;border-radius:50%;margin-right:4px}
            i.entry-log{background:#0969da}i.entry-pod{background:#8250df}i.entry-node{background:#1a7f37}i.entry-taskresult{background:#bf3989}
            i.entry-event{background:#bc4c00}
            details summary{cursor:pointer;color:var(--muted)}
            tr.possible td{color:var(--muted)}#possible ul{padding-left:20px}#possible li{margin:2px 0}
            """;

    @Override
    public void write(Report r, java.io.Writer out) throws java.io.IOException {
        Sink.to(out, b -> write(b, r));
    }

    private static void write(Sink b, Report r) {
        head(b, r, Describe.findingCount(r));
        summary(b, r);
        int n = 1;
        for (Finding f : r.fullFindings()) {
            finding(b, r, n++, f);
        }
        possible(b, r);
        otherTimelines(b, r);
        controllers(b, r);
        gaps(b, r);
        problems(b, r);
        rules(b, r);
        inputs(b, r);
        provenance(b, r);
        b.append("</body>\n</html>\n");
    }

    /** The document's head and the page header, with a headline ("1 finding (1 high)"). */
    private static void head(Sink b, Report r, String headline) {
        b.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
        b.append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n");
        b.append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
        b.append("<meta name=\"generator\" content=\"").append(Html.escape(r.tool().describe())).append("\">\n");
        b.append("<title>argo-forensics report: ").append(Html.escape(headline)).append("</title>\n<style>\n").append(CSS)
                .append("</style>\n</head>\n<body>\n");
        b.append("<header>\n<h1>argo-forensics report</h1>\n<p class=\"lede\"><strong>").append(Html.escape(headline)).append("</strong> in ")
                .append(Html.escape(Describe.plural(r.inputs().size(), "input file", "input files"))).append(" (")
                .append(Html.escape(Describe.plural(r.unparsedLines(), "unparsed line", "unparsed lines"))).append("). ")
                .append(Html.escape(r.tool().describe())).append(", analysis clock ").append(Html.escape(Describe.clock(r.provenance())))
                .append(r.provenance().redacted() ? ". Names are pseudonyms (--redact)" : "").append(".</p>\n</header>\n");
    }

    /** The timelines of a few Pods ({@code argo-forensics timeline --format html}): swimlanes and entries, controllers, inputs. */
    @Override
    public void writeTimelines(Report r, java.io.Writer out) throws java.io.IOException {
        Sink.to(out, b -> writeTimelines(b, r));
    }

    private static void writeTimelines(Sink b, Report r) {
        String headline = Describe.plural(r.timelines().size(), "timeline", "timelines");
        head(b, r, headline);
        for (Timeline t : r.timelines()) {
            b.append("<section class=\"timeline\">\n<h2>Timeline of Pod ").append(Html.escape(Describe.pod(t.pod(), t.uid())))
                    .append("</h2>\n");
            figure(b, t, List.of());
            b.append("<details open>\n<summary>All ").append(Html.escape(Describe.plural(t.entries().size(), "entry", "entries")))
                    .append("</summary>\n");
            entriesTable(b, t.entries(), null, r.severalControllers());
            b.append("</details>\n</section>\n");
        }
        controllers(b, r);
        problems(b, r);
        inputs(b, r);
        b.append("</body>\n</html>\n");
    }

    private static void summary(Sink b, Report r) {
        if (r.findings().isEmpty()) {
            return;
        }
        b.append("<section id=\"summary\">\n<h2>Findings</h2>\n<table>\n<tr><th>#</th><th>Rule</th><th>Severity</th><th>Confidence</th>"
                + "<th>Pod</th><th>Summary</th></tr>\n");
        List<Finding> full = r.fullFindings();
        List<Finding> possible = r.possibleFindings();
        for (Finding f : r.findings()) {
            String anchor = anchor(f, full, possible);
            b.append(Report.inFull(f) ? "<tr>" : "<tr class=\"possible\">").append("<td class=\"num\"><a href=\"#").append(anchor)
                    .append("\">").append(Report.inFull(f) ? anchor.substring("finding-".length()) : "in short").append("</a></td><td>")
                    .append(Html.escape(f.rule())).append("</td><td>").append(severity(f)).append("</td><td>")
                    .append(Html.escape(f.confidence().label())).append("</td><td class=\"mono\">").append(Html.escape(Describe.podOrNone(f.pod())))
                    .append("</td><td class=\"text\">").append(Html.escape(f.summary())).append("</td></tr>\n");
        }
        b.append("</table>\n</section>\n");
    }

    /** The id of the section telling a finding in full ({@code finding-2}), or of its short line ({@code possible-1}). */
    private static String anchor(Finding f, List<Finding> full, List<Finding> possible) {
        return Report.inFull(f) ? "finding-" + (indexOf(full, f) + 1) : "possible-" + (indexOf(possible, f) + 1);
    }

    /** The position of this very finding (two findings may be equal as values). */
    private static int indexOf(List<Finding> findings, Finding f) {
        for (int i = 0; i < findings.size(); i++) {
            if (findings.get(i) == f) {
                return i;
            }
        }
        return -1;
    }

    /** The possible findings, one line each, grouped by rule. */
    private static void possible(Sink b, Report r) {
        java.util.Map<String, List<Finding>> byRule = Describe.possibleByRule(r);
        if (byRule.isEmpty()) {
            return;
        }
        List<Finding> possible = r.possibleFindings();
        b.append("<section id=\"possible\">\n<h2>").append(Html.escape(Describe.POSSIBLE_HEADING + " (" + possible.size() + ")"))
                .append("</h2>\n<p>").append(Html.escape(Describe.POSSIBLE_WHY)).append("</p>\n");
        byRule.forEach((rule, findings) -> {
            b.append("<h3>").append(Html.escape(rule + " " + findings.get(0).title())).append("</h3>\n<ul>\n");
            for (Finding f : findings) {
                b.append("<li id=\"possible-").append(indexOf(possible, f) + 1).append("\">").append(Html.escape(f.rule())).append(' ')
                        .append(severity(f)).append(" <span class=\"mono\">").append(Html.escape(Describe.podOrNone(f.pod())))
                        .append("</span> (Workflow <span class=\"mono\">").append(Html.escape(Describe.workflow(f.workflow())))
                        .append("</span>): ").append(Html.escape(f.confidenceReason())).append(" · <span class=\"mono\">")
                        .append(Html.escape(Describe.decisive(f))).append("</span></li>\n");
            }
            b.append("</ul>\n");
        });
        b.append("</section>\n");
    }

    private static String severity(Finding f) {
        return "<span class=\"sev sev-" + f.severity().label() + "\">" + f.severity().label() + "</span>";
    }

    private static void finding(Sink b, Report r, int n, Finding f) {
        b.append("<section class=\"finding\" id=\"finding-").append(n).append("\">\n<h2>").append(severity(f)).append(' ')
                .append(Html.escape(f.rule())).append(" · ").append(Html.escape(f.confidence().label())).append(" · ")
                .append(Html.escape(f.title())).append("</h2>\n");
        b.append("<p class=\"summary\">").append(Html.escape(f.summary())).append("</p>\n<dl class=\"ids\">\n");
        b.append("<dt>Pod</dt><dd class=\"mono\">").append(Html.escape(Describe.pod(f.pod(), f.podUid()))).append("</dd>\n");
        b.append("<dt>Workflow</dt><dd class=\"mono\">").append(Html.escape(Describe.workflow(f.workflow()))).append("</dd>\n");
        b.append("<dt>Node</dt><dd").append(f.node() == null ? "" : " class=\"mono\"").append('>').append(Html.escape(Describe.node(f))).append("</dd>\n");
        b.append("<dt>Confidence</dt><dd>").append(Html.escape(f.confidence().label() + ": " + f.confidenceReason())).append("</dd>\n</dl>\n");
        r.timelineOf(f).ifPresent(t -> {
            List<Finding> same = findingsOf(r, t);
            if (same.get(0) == f) {
                b.append("<h3>Timeline of Pod ").append(Html.escape(t.pod().toString())).append("</h3>\n");
                figure(b, t, same);
            } else {
                int first = indexOf(r.fullFindings(), same.get(0)) + 1;
                b.append("<p class=\"summary\">The Pod's swimlane timeline is drawn with finding <a href=\"#finding-")
                        .append(first).append("\">").append(first).append("</a>.</p>\n");
            }
        });
        b.append("<p>").append(Html.escape(f.explanation())).append("</p>\n");
        b.append("<h3>Key facts</h3>\n<table class=\"facts\">\n");
        for (Fact fact : f.facts()) {
            b.append("<tr><th>").append(Html.escape(fact.label())).append("</th><td class=\"mono\">").append(Html.escape(Describe.value(fact)))
                    .append("</td></tr>\n");
        }
        b.append("</table>\n");
        r.timelineOf(f).ifPresent(t -> {
            TimelineExcerpt x = TimelineExcerpt.of(f, t);
            if (!x.lines().isEmpty()) {
                b.append("<h3>Timeline around the finding</h3>\n<details open>\n<summary>")
                        .append(Html.escape(Describe.plural(x.lines().size(), "entry", "entries") + " of "
                        + x.total() + ", from the first to the last dated evidence line (cited lines highlighted)"
                        + (x.omitted() > 0 ? "; " + x.omitted() + " more in that span not shown" : ""))).append("</summary>\n");
                entriesTable(b, x.lines().stream().map(TimelineExcerpt.Line::entry).toList(),
                        x.lines().stream().map(TimelineExcerpt.Line::cited).toList(), r.severalControllers());
                b.append("</details>\n");
            }
        });
        b.append("<h3>Evidence</h3>\n<table class=\"evidence\">\n<tr><th>Time (UTC)</th><th>Source</th><th>Why it is cited</th></tr>\n");
        for (EvidenceLine e : f.evidence()) {
            String controller = r.severalControllers() && e.controller() != null ? " [" + e.controller() + "]" : "";
            b.append("<tr><td class=\"mono\">").append(e.time() == null ? "(export)" : Html.escape(e.time().format())).append("</td><td class=\"mono\">")
                    .append(Html.escape(e.source() + controller)).append("</td><td>").append(Html.escape(e.role())).append("</td></tr>\n");
            b.append("<tr><td colspan=\"3\"><pre>").append(Html.escape(e.text())).append("</pre></td></tr>\n");
        }
        b.append("</table>\n</section>\n");
    }

    /** The findings about the timeline's Pod told in full: the swimlane is drawn with the first of them. */
    private static List<Finding> findingsOf(Report r, Timeline t) {
        return r.findingsAbout(t.pod()).stream().filter(Report::inFull).toList();
    }

    private static void figure(Sink b, Timeline t, List<Finding> findings) {
        b.append("<figure>\n").append(SwimlaneSvg.draw(t, findings));
        b.append("<figcaption class=\"legend\">").append(Html.escape(Describe.link(t.node()) + ". " + t.identity().describe())).append(". ")
                .append("<span><i class=\"dot entry-log\"></i>controller log line</span><span><i class=\"dot entry-pod\"></i>Pod export</span>"
                        + "<span><i class=\"dot entry-node\"></i>Workflow node</span><span><i class=\"dot entry-taskresult\"></i>task result</span>"
                        + "<span><i class=\"dot entry-event\"></i>Event / audit</span>Hover a dot for its line; a ring marks when an export "
                        + "was taken (no earlier than that).</figcaption>\n</figure>\n");
    }

    /**
     * Pods without a finding told in full (none, or only possible ones): their swimlane and entries
     * here; those with one were drawn with it.
     */
    private static void otherTimelines(Sink b, Report r) {
        boolean any = false;
        for (Timeline t : r.timelines()) {
            if (!findingsOf(r, t).isEmpty()) {
                continue;
            }
            if (!any) {
                b.append("<section id=\"timelines\">\n<h2>Other timelines</h2>\n");
                any = true;
            }
            b.append("<h3>Timeline of Pod ").append(Html.escape(Describe.pod(t.pod(), t.uid()))).append("</h3>\n");
            figure(b, t, List.of());
        }
        for (Timeline t : r.timelines()) {
            if (!any) {
                b.append("<section id=\"timelines\">\n");
                any = true;
            }
            b.append("<details>\n<summary>All ").append(Html.escape(Describe.plural(t.entries().size(), "entry", "entries")))
                    .append(" of the timeline of Pod ").append(Html.escape(t.pod().toString())).append("</summary>\n");
            entriesTable(b, t.entries(), null, r.severalControllers());
            b.append("</details>\n");
        }
        if (any) {
            b.append("</section>\n");
        }
    }

    private static void entriesTable(Sink b, List<TimelineEntry> entries, List<Boolean> cited, boolean showController) {
        b.append("<table class=\"entries\">\n<tr><th>Time (UTC)</th><th>Source</th>").append(showController ? "<th>Controller</th>" : "")
                .append("<th>Kind</th><th>What</th></tr>\n");
        for (int i = 0; i < entries.size(); i++) {
            TimelineEntry e = entries.get(i);
            boolean mark = cited != null && cited.get(i);
            b.append(mark ? "<tr class=\"cited\">" : "<tr>").append("<td class=\"mono\">")
                    .append(Html.escape((e.lowerBound() ? "≥ " : "") + e.time().format() + (e.concurrent() ? " ≈" : "")))
                    .append("</td><td class=\"mono\">").append(Html.escape(e.source().toString())).append("</td><td class=\"mono\">")
                    .append(showController ? Html.escape(e.controller()) + "</td><td class=\"mono\">" : "")
                    .append(Html.escape(e.kind())).append("</td><td class=\"text").append(e.kind().startsWith("log:") ? " mono" : "")
                    .append("\">").append(Html.escape(e.text())).append("</td></tr>\n");
        }
        b.append("</table>\n");
    }

    private static void controllers(Sink b, Report r) {
        if (r.controllers().isEmpty()) {
            return;
        }
        b.append("<section id=\"controllers\">\n<h2>Controllers</h2>\n<table>\n<tr><th>Run</th><th>Release, leadership, span</th><th>Files</th></tr>\n");
        for (ControllerProcess p : r.controllers()) {
            b.append("<tr><td class=\"mono\">").append(Html.escape(p.label())).append("</td><td>").append(Html.escape(Describe.controller(p)))
                    .append("</td><td class=\"mono\">").append(Html.escape(String.join("\n", p.files())).replace("\n", "<br>"))
                    .append("</td></tr>\n");
        }
        b.append("</table>\n</section>\n");
    }

    private static void problems(Sink b, Report r) {
        if (r.problems().isEmpty()) {
            return;
        }
        b.append("<section id=\"problems\">\n<h2>Inputs with problems</h2>\n<ul>\n");
        for (InputProblem p : r.problems()) {
            b.append("<li><span class=\"mono\">").append(Html.escape(p.location())).append("</span>: ").append(Html.escape(p.problem()))
                    .append("</li>\n");
        }
        b.append("</ul>\n</section>\n");
    }

    private static void gaps(Sink b, Report r) {
        b.append("<section id=\"gaps\">\n<h2>Evidence gaps</h2>\n");
        if (r.gaps().isEmpty()) {
            b.append("<p>").append(Html.escape(Describe.noGaps(r))).append(".</p>\n");
        } else {
            b.append("<ul>\n");
            for (EvidenceGap g : r.gaps()) {
                b.append("<li><strong>").append(Html.escape(g.subject())).append("</strong>: ").append(Html.escape(g.detail())).append("</li>\n");
            }
            b.append("</ul>\n");
        }
        b.append("</section>\n");
    }

    private static void rules(Sink b, Report r) {
        b.append("<section id=\"rules\">\n<h2>Rules</h2>\n<table>\n<tr><th>Rule</th><th>Result</th><th>Title</th></tr>\n");
        for (RuleOutcome o : r.rules()) {
            String result = Describe.ruleResult(o, r.filter());
            b.append("<tr><td>").append(Html.escape(o.rule())).append("</td><td>").append(Html.escape(result)).append("</td><td>")
                    .append(Html.escape(o.title())).append("</td></tr>\n");
        }
        b.append("</table>\n");
        for (RuleOutcome o : r.rules()) {
            for (Clearance c : o.cleared()) {
                b.append("<p>").append(Html.escape(o.rule() + " cleared" + (c.pod() == null ? "" : " " + c.pod()) + ": " + c.reason())).append(" (<span class=\"mono\">")
                        .append(Html.escape(c.evidence().toString())).append("</span>)</p>\n");
            }
        }
        b.append("</section>\n");
    }

    private static void inputs(Sink b, Report r) {
        b.append("<section id=\"inputs\">\n<h2>Inputs and coverage</h2>\n<table>\n<tr><th>Path</th><th>Kind</th><th>Format</th>"
                + "<th>Lines</th><th>Events</th><th>Unparsed</th></tr>\n");
        for (InputSummary i : r.inputs()) {
            boolean ignored = i.file().kind() == InputKind.IGNORED;
            b.append("<tr><td class=\"mono\">").append(Html.escape(i.file().displayPath())).append("</td><td>")
                    .append(Html.escape(i.kindLabel())).append("</td><td>")
                    .append(Html.escape(ignored ? i.file().reason() : i.format())).append("</td><td class=\"num\">").append(i.lines())
                    .append("</td><td class=\"num\">").append(i.events()).append("</td><td class=\"num\">").append(i.unparsed())
                    .append("</td></tr>\n");
        }
        b.append("</table>\n");
        for (InputSummary i : r.inputs()) {
            List<String> notes = new java.util.ArrayList<>();
            if (i.versionGuess() != null) {
                notes.add("Argo " + i.versionGuess());
            }
            if (i.prefixed() > 0) {
                notes.add(Describe.plural(i.prefixed(), "line", "lines") + " behind an unrecognised prefix (kept as metadata)");
            }
            if (i.furniture().lines() > 0) {
                notes.add(i.furniture().describe());
            }
            for (String command : i.furniture().commands()) {
                notes.add(Describe.excerptBy(command) + ": " + command);
            }
            i.notes().forEach(note -> notes.add(Words.english().render(note)));
            if (!notes.isEmpty()) {
                b.append("<p><span class=\"mono\">").append(Html.escape(i.file().displayPath())).append("</span>: ")
                        .append(Html.escape(String.join("; ", notes))).append("</p>\n");
            }
        }
        for (InputSummary i : r.inputs()) {
            for (UnparsedLine u : i.samples()) {
                b.append("<p><span class=\"mono\">").append(Html.escape(u.source().toString())).append("</span>: ")
                        .append(Html.escape(u.reason())).append("</p>\n<pre>").append(Html.escape(u.text())).append("</pre>\n");
            }
        }
        b.append("</section>\n");
    }

    private static void provenance(Sink b, Report r) {
        Provenance p = r.provenance();
        b.append("<section id=\"provenance\">\n<h2>Provenance</h2>\n<table>\n");
        row(b, "Tool", r.tool().describe());
        row(b, "Command line", Describe.commandLine(p));
        row(b, "Analysis clock", Describe.clock(p));
        row(b, "Argo version", Describe.argoVersions(p));
        row(b, "Read", Describe.lineCounts(p.lines()));
        row(b, "Times", Describe.zones(p));
        row(b, "Redaction", Describe.redaction(p));
        if (!p.scope().whole()) {
            row(b, "Scope", Describe.scope(p));
        }
        b.append("</table>\n<table>\n<tr><th>Input</th><th>Size</th><th>SHA-256</th></tr>\n");
        for (Provenance.InputDigest i : p.inputs()) {
            b.append("<tr><td class=\"mono\">").append(Html.escape(i.path())).append("</td><td class=\"num\">")
                    .append(Html.escape(Describe.bytes(i.bytes()))).append("</td><td class=\"mono\">")
                    .append(i.sha256() == null ? "not read" : Html.escape(i.sha256())).append("</td></tr>\n");
        }
        b.append("</table>\n</section>\n");
    }

    private static void row(Sink b, String label, String value) {
        b.append("<tr><th>").append(Html.escape(label)).append("</th><td class=\"text\">").append(Html.escape(value)).append("</td></tr>\n");
    }
}
