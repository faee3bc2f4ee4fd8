package dev.argoforensics.report;

import dev.argoforensics.analysis.InputSummary;
import dev.argoforensics.analysis.UnparsedLine;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.rules.Clearance;
import dev.argoforensics.rules.EvidenceLine;
import dev.argoforensics.rules.Fact;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.RuleOutcome;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.timeline.Timeline;
import dev.argoforensics.timeline.TimelineEntry;

/** GitHub-flavoured Markdown, to paste into an issue or a postmortem. */
final class MarkdownRenderer implements ReportRenderer {

    @Override
    public String render(Report r) {
        StringBuilder b = new StringBuilder();
        b.append("## argo-forensics report\n\n");
        b.append("**").append(Describe.findingCount(r.findings())).append("** from ")
                .append(Describe.plural(r.inputs().size(), "input file", "input files")).append(" (")
                .append(Describe.plural(r.unparsedLines(), "unparsed line", "unparsed lines")).append("), ")
                .append(Markdown.text(r.tool().name() + " " + r.tool().version())).append(".\n");
        if (!r.findings().isEmpty()) {
            b.append("\n| Rule | Severity | Confidence | Pod | Summary |\n|---|---|---|---|---|\n");
            for (Finding f : r.findings()) {
                b.append("| ").append(f.rule()).append(" | ").append(f.severity().label()).append(" | ").append(f.confidence().label())
                        .append(" | ").append(Markdown.codeCell(f.pod().toString())).append(" | ").append(Markdown.cell(f.summary()))
                        .append(" |\n");
            }
        }
        for (Finding f : r.findings()) {
            finding(b, f, r.severalControllers());
        }
        for (Timeline t : r.timelines()) {
            timeline(b, t, r.severalControllers());
        }
        controllers(b, r);
        rules(b, r);
        inputs(b, r);
        return b.toString();
    }

    @Override
    public String renderTimelines(Report r) {
        StringBuilder b = new StringBuilder();
        b.append("## argo-forensics timeline\n\n**").append(Describe.plural(r.timelines().size(), "timeline", "timelines"))
                .append("** from ").append(Describe.plural(r.inputs().size(), "input file", "input files")).append(" (")
                .append(Describe.plural(r.unparsedLines(), "unparsed line", "unparsed lines")).append("), ")
                .append(Markdown.text(r.tool().name() + " " + r.tool().version())).append(".\n");
        for (Timeline t : r.timelines()) {
            timeline(b, t, r.severalControllers());
        }
        controllers(b, r);
        inputs(b, r);
        return b.toString();
    }

    private static void finding(StringBuilder b, Finding f, boolean showController) {
        b.append("\n### ").append(f.rule()).append(": ").append(Markdown.text(f.title())).append("\n\n");
        b.append("- **Pod:** ").append(Markdown.code(f.pod().toString()));
        if (!f.podUid().isEmpty()) {
            b.append(" (uid ").append(Markdown.code(f.podUid())).append(')');
        }
        b.append('\n');
        b.append("- **Workflow:** ").append(f.workflow() == null ? "unknown" : Markdown.code(f.workflow().toString())).append('\n');
        b.append("- **Node:** ").append(f.node() == null ? "unknown" : Markdown.code(Describe.node(f.node()))).append('\n');
        b.append("- **Severity:** ").append(f.severity().label()).append("; **confidence:** ").append(f.confidence().label())
                .append(" (").append(Markdown.text(f.confidenceReason())).append(")\n\n");
        b.append(Markdown.text(f.summary())).append("\n\n");
        b.append(Markdown.text(f.explanation())).append("\n\n");
        b.append("| Fact | Value |\n|---|---|\n");
        for (Fact fact : f.facts()) {
            b.append("| ").append(Markdown.cell(fact.label())).append(" | ")
                    .append(fact.value() == null ? "unknown" : Markdown.codeCell(Describe.value(fact))).append(" |\n");
        }
        b.append("\n**Evidence**\n");
        for (EvidenceLine e : f.evidence()) {
            b.append("\n").append(Markdown.code(e.source().toString()));
            if (showController && e.controller() != null) {
                b.append(" (").append(Markdown.text(e.controller())).append(')');
            }
            b.append(" — ").append(Markdown.text(e.role())).append('\n');
            b.append(Markdown.fence("text", e.text()));
        }
    }

    private static void timeline(StringBuilder b, Timeline t, boolean showController) {
        b.append("\n#### Timeline of Pod ").append(Markdown.code(t.pod().toString())).append("\n\n");
        b.append(Markdown.text(Describe.link(t.node()))).append(".\n");
        b.append(Markdown.text(t.identity().describe())).append(".\n\n");
        b.append(showController ? "| Time (UTC) | Source | Controller | What |\n|---|---|---|---|\n" : "| Time (UTC) | Source | What |\n|---|---|---|\n");
        for (TimelineEntry e : t.entries()) {
            String time = (e.lowerBound() ? "≥ " : "") + e.time().format() + (e.concurrent() ? " (≈ previous)" : "");
            b.append("| ").append(time).append(" | ").append(Markdown.codeCell(e.source().toString())).append(" | ");
            if (showController) {
                b.append(e.controller() == null ? "" : Markdown.cell(e.controller())).append(" | ");
            }
            b.append(e.kind().startsWith("log:") ? Markdown.codeCell(e.text()) : Markdown.cell(e.text())).append(" |\n");
        }
    }

    private static void controllers(StringBuilder b, Report r) {
        if (r.controllers().isEmpty()) {
            return;
        }
        b.append("\n### Controllers\n\n| Run | Release, leadership, span | Files |\n|---|---|---|\n");
        for (ControllerProcess p : r.controllers()) {
            b.append("| ").append(Markdown.cell(p.label())).append(" | ").append(Markdown.cell(Describe.controller(p))).append(" | ")
                    .append(String.join("<br>", p.files().stream().map(Markdown::codeCell).toList())).append(" |\n");
        }
    }

    private static void rules(StringBuilder b, Report r) {
        b.append("\n### Rules\n\n| Rule | Result | Title |\n|---|---|---|\n");
        for (RuleOutcome o : r.rules()) {
            String result = o.evaluated()
                    ? Describe.plural(o.findings().size(), "finding", "findings")
                    + (o.lackingOptional().isEmpty() ? "" : "; without " + String.join(", ", o.lackingOptional()))
                    : "not evaluated: missing " + String.join(", ", o.missing());
            b.append("| ").append(o.rule()).append(" | ").append(Markdown.cell(result)).append(" | ").append(Markdown.cell(o.title()))
                    .append(" |\n");
        }
        boolean first = true;
        for (RuleOutcome o : r.rules()) {
            for (Clearance c : o.cleared()) {
                if (first) {
                    b.append("\n**Checked and cleared**\n\n");
                    first = false;
                }
                b.append("- ").append(o.rule()).append(' ').append(Markdown.code(c.pod().toString())).append(": ")
                        .append(Markdown.text(c.reason())).append(" (").append(Markdown.code(c.evidence().toString())).append(")\n");
            }
        }
    }

    private static void inputs(StringBuilder b, Report r) {
        b.append("\n### Inputs\n\n| Path | Kind | Format | Lines | Events | Unparsed | SHA-256 |\n|---|---|---|---|---|---|---|\n");
        for (InputSummary i : r.inputs()) {
            boolean ignored = i.file().kind() == InputKind.IGNORED;
            b.append("| ").append(Markdown.codeCell(i.file().displayPath())).append(" | ").append(i.file().kind().label()).append(" | ")
                    .append(Markdown.cell(ignored ? i.file().reason() : i.format())).append(" | ").append(i.lines()).append(" | ")
                    .append(i.events()).append(" | ").append(i.unparsed()).append(" | ")
                    .append(i.sha256() == null ? "" : Markdown.codeCell(i.sha256().substring(0, 12))).append(" |\n");
        }
        for (InputSummary i : r.inputs()) {
            if (i.versionGuess() == null && i.notes().isEmpty() && i.prefixed() == 0) {
                continue;
            }
            b.append("\n").append(Markdown.code(i.file().displayPath())).append(":\n");
            if (i.versionGuess() != null) {
                b.append("- Argo ").append(Markdown.text(i.versionGuess())).append('\n');
            }
            if (i.prefixed() > 0) {
                b.append("- ").append(Describe.plural(i.prefixed(), "line", "lines")).append(" behind an unrecognised prefix (kept as metadata)\n");
            }
            for (String note : i.notes()) {
                b.append("- ").append(Markdown.text(note)).append('\n');
            }
        }
        boolean any = false;
        for (InputSummary i : r.inputs()) {
            for (UnparsedLine u : i.samples()) {
                if (!any) {
                    b.append("\n**Unparsed lines (first of each file)**\n\n");
                    any = true;
                }
                b.append("- ").append(Markdown.code(u.source().toString())).append(": ").append(Markdown.text(u.reason())).append('\n');
            }
        }
    }
}
