package dev.argoforensics.report;

import dev.argoforensics.analysis.InputSummary;
import dev.argoforensics.analysis.UnparsedLine;
import dev.argoforensics.rules.Clearance;
import dev.argoforensics.rules.EvidenceLine;
import dev.argoforensics.rules.Fact;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.RuleOutcome;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.timeline.Timeline;
import dev.argoforensics.timeline.TimelineEntry;

/** Plain text for a terminal: findings first, then timelines, rules and inputs. */
final class TextRenderer implements ReportRenderer {
    private static final int WIDTH = 100;

    @Override
    public String render(Report r) {
        StringBuilder b = new StringBuilder();
        b.append(r.tool().name()).append(' ').append(r.tool().version()).append(": ").append(Describe.findingCount(r.findings()))
                .append('\n');
        for (Finding f : r.findings()) {
            finding(b, f);
        }
        for (Timeline t : r.timelines()) {
            timeline(b, t);
        }
        rules(b, r);
        inputs(b, r);
        return b.toString();
    }

    private static void finding(StringBuilder b, Finding f) {
        b.append('\n').append(f.rule()).append(" [").append(f.severity().label()).append(", ").append(f.confidence().label()).append("] ")
                .append(f.title()).append('\n');
        b.append("  Pod       ").append(Describe.pod(f.pod(), f.podUid())).append('\n');
        b.append("  Workflow  ").append(Describe.workflow(f.workflow())).append('\n');
        b.append("  Node      ").append(Describe.node(f.node())).append('\n');
        b.append('\n');
        wrap(b, f.summary(), "  ");
        b.append('\n');
        int labelWidth = f.facts().stream().mapToInt(x -> x.label().length()).max().orElse(0);
        for (Fact fact : f.facts()) {
            b.append("  ").append(pad(fact.label(), labelWidth)).append("  ").append(Describe.value(fact)).append('\n');
        }
        b.append('\n');
        wrap(b, f.explanation(), "  ");
        b.append('\n');
        wrap(b, "Confidence " + f.confidence().label() + ": " + f.confidenceReason() + ".", "  ");
        b.append("\n  Evidence\n");
        for (EvidenceLine e : f.evidence()) {
            b.append("    ").append(e.time() == null ? "" : e.time().format()).append("  ").append(e.source()).append("  (")
                    .append(e.role()).append(")\n");
            b.append("      ").append(e.text()).append('\n');
        }
    }

    private static void timeline(StringBuilder b, Timeline t) {
        b.append("\nTimeline of Pod ").append(Describe.pod(t.pod(), t.uid())).append('\n');
        wrap(b, Describe.link(t.node()), "  ");
        int sourceWidth = t.entries().stream().mapToInt(e -> e.source().toString().length()).max().orElse(0);
        for (TimelineEntry e : t.entries()) {
            b.append("  ").append(pad((e.lowerBound() ? ">=" : "") + e.time().format(), 27)).append(e.concurrent() ? " ~ " : "   ")
                    .append(pad(e.source().toString(), sourceWidth)).append("  ").append(e.text()).append('\n');
        }
    }

    private static void rules(StringBuilder b, Report r) {
        b.append("\nRules\n");
        for (RuleOutcome o : r.rules()) {
            b.append("  ").append(o.rule()).append("  ");
            if (o.evaluated()) {
                b.append(Describe.plural(o.findings().size(), "finding", "findings"));
                if (!o.lackingOptional().isEmpty()) {
                    b.append("; without ").append(String.join(", ", o.lackingOptional()));
                }
            } else {
                b.append("not evaluated: missing ").append(String.join(", ", o.missing()));
            }
            b.append("  ").append(o.title()).append('\n');
            for (Clearance c : o.cleared()) {
                b.append("    cleared ").append(c.pod()).append(": ").append(c.reason()).append(" (").append(c.evidence()).append(")\n");
            }
        }
    }

    private static void inputs(StringBuilder b, Report r) {
        b.append("\nInputs (").append(Describe.plural(r.inputs().size(), "file", "files")).append(", ")
                .append(Describe.plural(r.unparsedLines(), "unparsed line", "unparsed lines")).append(")\n");
        int pathWidth = r.inputs().stream().mapToInt(i -> i.file().displayPath().length()).max().orElse(0);
        for (InputSummary i : r.inputs()) {
            b.append("  ").append(pad(i.file().displayPath(), pathWidth)).append("  ").append(pad(i.file().kind().label(), 10));
            if (i.file().kind() == InputKind.IGNORED) {
                b.append(i.file().reason()).append('\n');
                continue;
            }
            b.append(i.format()).append("; ").append(Describe.plural(i.lines(), "line", "lines")).append(", ")
                    .append(Describe.plural(i.events(), i.file().kind() == InputKind.LOG ? "event" : "object",
                            i.file().kind() == InputKind.LOG ? "events" : "objects"))
                    .append(", ").append(i.unparsed()).append(" unparsed\n");
            for (UnparsedLine u : i.samples()) {
                b.append("    ").append(u.source()).append(": ").append(u.reason()).append('\n');
                b.append("      ").append(u.text()).append('\n');
            }
        }
    }

    private static String pad(String s, int width) {
        StringBuilder b = new StringBuilder(s);
        while (b.length() < width) {
            b.append(' ');
        }
        return b.toString();
    }

    /** Word-wraps a paragraph at {@link #WIDTH} columns with the given indent. */
    static void wrap(StringBuilder b, String text, String indent) {
        int col = 0;
        b.append(indent);
        col = indent.length();
        boolean first = true;
        for (String word : text.split(" ")) {
            if (!first && col + 1 + word.length() > WIDTH) {
                b.append('\n').append(indent);
                col = indent.length();
                first = true;
            }
            if (!first) {
                b.append(' ');
                col++;
            }
            b.append(word);
            col += word.length();
            first = false;
        }
        b.append('\n');
    }
}
