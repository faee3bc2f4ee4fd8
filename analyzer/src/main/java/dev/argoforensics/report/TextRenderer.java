package dev.argoforensics.report;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.accounting.UnparsedLine;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.line.Terminal;
import dev.argoforensics.rules.Clearance;
import dev.argoforensics.rules.EvidenceLine;
import dev.argoforensics.rules.Fact;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.RuleOutcome;
import dev.argoforensics.rules.Severity;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.timeline.Timeline;
import dev.argoforensics.timeline.TimelineEntry;
import dev.argoforensics.wording.Message;
import dev.argoforensics.wording.Words;
import java.util.Objects;

/**
 * Plain text for a terminal: findings first (confirmed and likely in full, then the possible ones
 * one line each), then timelines, rules, evidence gaps, inputs and provenance. With colour (a terminal, no {@code NO_COLOR}) headings are bold and severities
 * coloured; the words are the same either way.
 */
final class TextRenderer implements ReportRenderer {
    private static final int WIDTH = 100;

    private final Palette palette;

    TextRenderer(boolean colour) {
        this.palette = colour ? Palette.ANSI : Palette.NONE;
    }

    @Override
    public void write(Report r, java.io.Writer out) throws java.io.IOException {
        Sink.to(out, b -> write(b, r));
    }

    private void write(Sink b, Report r) {
        b.append(palette.bold(r.tool().name() + ' ' + r.tool().version() + ": " + Describe.findingCount(r))).append('\n');
        index(b, r);
        for (Finding f : r.fullFindings()) {
            finding(b, f, r.severalControllers());
        }
        possible(b, r);
        for (Timeline t : r.timelines()) {
            timeline(b, t, r.severalControllers());
        }
        controllers(b, r);
        rules(b, r);
        gaps(b, r);
        problems(b, r);
        inputs(b, r);
        provenance(b, r);
    }

    @Override
    public void writeTimelines(Report r, java.io.Writer out) throws java.io.IOException {
        Sink.to(out, b -> writeTimelines(b, r));
    }

    private void writeTimelines(Sink b, Report r) {
        b.append(palette.bold(r.tool().name() + ' ' + r.tool().version() + ": " + Describe.plural(r.timelines().size(), "timeline", "timelines")))
                .append('\n');
        for (Timeline t : r.timelines()) {
            timeline(b, t, r.severalControllers());
        }
        controllers(b, r);
        problems(b, r);
        inputs(b, r);
    }

    /**
     * The findings by Workflow and Pod, in the order the report gives them in full; a possible one
     * says that it is, and that it is given in short after the others.
     */
    private void index(Sink b, Report r) {
        if (r.findings().isEmpty()) {
            return;
        }
        b.append('\n').append(palette.bold("Findings by Workflow and Pod")).append('\n');
        int ruleWidth = r.findings().stream().mapToInt(f -> f.rule().length() + f.severity().label().length() + f.confidence().label().length())
                .max().orElse(0) + 5;
        Finding previous = null;
        for (Finding f : r.findings()) {
            boolean newWorkflow = previous == null || !Objects.equals(previous.workflow(), f.workflow());
            if (newWorkflow) {
                b.append("  Workflow ").append(Describe.workflow(f.workflow())).append('\n');
            }
            if (f.pod() != null && (newWorkflow || !f.pod().equals(previous.pod()))) {
                b.append("    Pod ").append(Describe.pod(f.pod(), f.podUid())).append('\n');
            }
            String tag = f.rule() + " [" + f.severity().label() + ", " + f.confidence().label() + "]";
            b.append("      ").append(f.rule()).append(" [").append(palette.severity(f.severity())).append(", ").append(f.confidence().label())
                    .append("]").append(pad("", ruleWidth - tag.length())).append(' ').append(f.title())
                    .append(Report.inFull(f) ? "" : "  (in short below)").append('\n');
            previous = f;
        }
    }

    private void finding(Sink b, Finding f, boolean showController) {
        b.append('\n').append(palette.bold(f.rule())).append(" [").append(palette.severity(f.severity())).append(", ")
                .append(f.confidence().label()).append("] ").append(palette.bold(f.title())).append('\n');
        b.append("  Pod       ").append(Describe.pod(f.pod(), f.podUid())).append('\n');
        b.append("  Workflow  ").append(Describe.workflow(f.workflow())).append('\n');
        b.append("  Node      ").append(Describe.node(f)).append('\n');
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
            b.append("    ").append(e.time() == null ? "(export)" : e.time().format()).append("  ").append(e.source());
            if (showController && e.controller() != null) {
                b.append("  [").append(e.controller()).append(']');
            }
            b.append("  (").append(e.role()).append(")\n");
            b.append("      ").append(Terminal.visible(e.text())).append('\n');
        }
    }

    /**
     * The possible findings, one line each, grouped by rule: rule, severity, Pod (Workflow), why it is
     * only possible, and the line its evidence stops at.
     */
    private void possible(Sink b, Report r) {
        java.util.Map<String, java.util.List<Finding>> byRule = Describe.possibleByRule(r);
        if (byRule.isEmpty()) {
            return;
        }
        b.append('\n').append(palette.bold(Describe.POSSIBLE_HEADING + " (" + r.possibleFindings().size() + ")")).append('\n');
        wrap(b, Describe.POSSIBLE_WHY, "  ");
        b.append('\n');
        byRule.forEach((rule, findings) -> {
            b.append("  ").append(palette.bold(rule + " " + findings.get(0).title())).append('\n');
            for (Finding f : findings) {
                b.append("    ").append(f.rule()).append(' ').append(palette.severity(f.severity())).append("  ")
                        .append(Terminal.visible(Describe.podOrNone(f.pod()) + " (Workflow " + Describe.workflow(f.workflow()) + "): " + f.confidenceReason()))
                        .append("  ").append(Terminal.visible(Describe.decisive(f))).append('\n');
            }
        });
    }

    private void timeline(Sink b, Timeline t, boolean showController) {
        b.append('\n').append(palette.bold("Timeline of Pod " + Describe.pod(t.pod(), t.uid()))).append('\n');
        wrap(b, Describe.link(t.node()), "  ");
        wrap(b, t.identity().describe(), "  ");
        int sourceWidth = t.entries().stream().mapToInt(e -> e.source().toString().length()).max().orElse(0);
        int controllerWidth = t.entries().stream().mapToInt(e -> e.controller() == null ? 0 : e.controller().length()).max().orElse(0);
        for (TimelineEntry e : t.entries()) {
            b.append("  ").append(pad((e.lowerBound() ? ">=" : "") + e.time().format(), 27)).append(e.concurrent() ? " ~ " : "   ")
                    .append(pad(e.source().toString(), sourceWidth)).append("  ");
            if (showController) {
                b.append(pad(e.controller() == null ? "" : e.controller(), controllerWidth)).append("  ");
            }
            b.append(Terminal.visible(e.text())).append('\n');
        }
    }

    private void controllers(Sink b, Report r) {
        if (r.controllers().isEmpty()) {
            return;
        }
        b.append('\n').append(palette.bold("Controllers (" + Describe.plural(r.controllers().size(), "run", "runs") + ")")).append('\n');
        for (ControllerProcess p : r.controllers()) {
            b.append("  ").append(p.label()).append('\n');
            wrap(b, Describe.controller(p), "      ");
        }
    }

    private void rules(Sink b, Report r) {
        b.append('\n').append(palette.bold("Rules")).append('\n');
        for (RuleOutcome o : r.rules()) {
            b.append("  ").append(o.rule()).append("  ").append(Describe.ruleResult(o, r.filter())).append("  ").append(o.title()).append('\n');
            for (Clearance c : o.cleared()) {
                b.append("    cleared").append(c.pod() == null ? "" : " " + c.pod()).append(": ").append(c.reason()).append(" (").append(c.evidence()).append(")\n");
            }
        }
    }

    /** One line per problem, each starting with its file:line, so that a reader (or grep) finds the place. */
    private void problems(Sink b, Report r) {
        if (r.problems().isEmpty()) {
            return;
        }
        b.append('\n').append(palette.bold("Inputs with problems")).append('\n');
        for (InputProblem p : r.problems()) {
            b.append("  ").append(p).append('\n');
        }
    }

    private void gaps(Sink b, Report r) {
        b.append('\n').append(palette.bold("Evidence gaps")).append('\n');
        if (r.gaps().isEmpty()) {
            wrap(b, Describe.noGaps(r), "  ");
        }
        for (EvidenceGap g : r.gaps()) {
            wrap(b, g.subject() + ": " + g.detail(), "  ");
        }
    }

    private void inputs(Sink b, Report r) {
        b.append('\n').append(palette.bold("Inputs (" + Describe.plural(r.inputs().size(), "file", "files") + ", "
                + Describe.plural(r.unparsedLines(), "unparsed line", "unparsed lines") + ")")).append('\n');
        for (InputSummary i : r.inputs()) {
            b.append("  ").append(i.file().displayPath()).append('\n');
            b.append("      ").append(i.kindLabel()).append("; ");
            if (i.file().kind() == InputKind.IGNORED) {
                b.append(i.file().reason()).append('\n');
                continue;
            }
            b.append(i.format()).append("; ").append(Describe.plural(i.lines(), "line", "lines")).append(", ")
                    .append(Describe.plural(i.events(), i.file().kind() == InputKind.LOG ? "event" : "object",
                            i.file().kind() == InputKind.LOG ? "events" : "objects"));
            if (i.continuation() > 0) {
                b.append(", ").append(i.continuation()).append(" continuation");
            }
            b.append(", ").append(i.unparsed()).append(" unparsed");
            if (i.furniture().lines() > 0) {
                b.append(", ").append(i.furniture().lines()).append(" excerpt furniture");
            }
            if (i.pastedObjects() > 0) {
                b.append(", ").append(Describe.plural(i.pastedObjects(), "object", "objects")).append(" from other commands' output");
            }
            b.append('\n');
            if (i.versionGuess() != null) {
                b.append("      Argo ").append(i.versionGuess()).append('\n');
            }
            if (i.prefixed() > 0) {
                b.append("      ").append(Describe.plural(i.prefixed(), "line", "lines")).append(" behind an unrecognised prefix (kept as metadata)\n");
            }
            if (i.furniture().lines() > 0) {
                b.append("      ").append(i.furniture().describe()).append('\n');
            }
            for (String command : i.furniture().commands()) {
                b.append("      ").append(Describe.excerptBy(command)).append(": `").append(command).append("`\n");
            }
            if (i.readInPart() > 0) {
                b.append("      cut lines read in part: ").append(i.readInPart()).append(" (every field whole before the cut kept)\n");
            }
            for (Message note : i.notes()) {
                b.append("      note: ").append(Words.english().render(note)).append('\n');
            }
            for (UnparsedLine u : i.samples()) {
                b.append("      unparsed ").append(u.source()).append(": ").append(u.reason()).append('\n');
            }
        }
    }

    private void provenance(Sink b, Report r) {
        Provenance p = r.provenance();
        b.append('\n').append(palette.bold("Provenance")).append('\n');
        b.append("  Tool            ").append(r.tool().describe()).append('\n');
        b.append("  Command line    ").append(Describe.commandLine(p)).append('\n');
        b.append("  Analysis clock  ").append(Describe.clock(p)).append('\n');
        b.append("  Argo version    ").append(Describe.argoVersions(p)).append('\n');
        b.append("  Read            ").append(Describe.lineCounts(p.lines())).append('\n');
        b.append("  Times           ").append(Describe.zones(p)).append('\n');
        b.append("  Redaction       ").append(Describe.redaction(p)).append('\n');
        if (!p.scope().whole()) {
            b.append("  Scope           ").append(Describe.scope(p)).append('\n');
        }
        b.append("  Inputs          size and SHA-256 as stored\n");
        for (Provenance.InputDigest i : p.inputs()) {
            b.append("    ").append(pad(Describe.bytes(i.bytes()), 14)).append("  ").append(pad(i.sha256() == null ? "(not read)" : i.sha256(), 64))
                    .append("  ").append(i.path()).append('\n');
        }
    }

    private static String pad(String s, int width) {
        StringBuilder b = new StringBuilder(s);
        while (b.length() < width) {
            b.append(' ');
        }
        return b.toString();
    }

    /** ANSI styles, or none. */
    private record Palette(String bold, String red, String yellow, String reset) {
        static final Palette NONE = new Palette("", "", "", "");
        static final Palette ANSI = new Palette("\u001b[1m", "\u001b[31m", "\u001b[33m", "\u001b[0m");

        String bold(String s) {
            return bold + s + reset;
        }

        String severity(Severity s) {
            String colour = s.atLeast(Severity.HIGH) ? red : s == Severity.MEDIUM ? yellow : "";
            return colour + s.label() + (colour.isEmpty() ? "" : reset);
        }
    }

    /** Word-wraps a paragraph at {@link #WIDTH} columns with the given indent. */
    static void wrap(Sink b, String text, String indent) {
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
