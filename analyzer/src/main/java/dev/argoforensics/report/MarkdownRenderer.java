package dev.argoforensics.report;

import dev.argoforensics.analysis.InputSummary;
import dev.argoforensics.analysis.UnparsedLine;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.rules.Clearance;
import dev.argoforensics.rules.EvidenceLine;
import dev.argoforensics.rules.Fact;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.RuleOutcome;
import dev.argoforensics.rules.Severity;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.timeline.Timeline;
import dev.argoforensics.timeline.TimelineEntry;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * GitHub-flavoured Markdown, to paste into an issue or a postmortem: a summary table, one section
 * per confirmed or likely finding (explanation, facts, the timeline around it, evidence lines in
 * fences with {@code file:line}), the possible findings one list item each, evidence gaps, rules,
 * inputs and provenance.
 *
 * <p>It stays within GitHub's comment limit ({@value #GITHUB_LIMIT} characters): long evidence is
 * folded into {@code <details>}, and when the whole still does not fit, timelines, then quoted
 * lines, then findings are cut, each cut saying how much was left out.
 */
final class MarkdownRenderer implements ReportRenderer {
    static final int GITHUB_LIMIT = 65_536;
    /** Evidence blocks of a finding shown open; the rest are folded. */
    static final int EVIDENCE_OPEN = 6;
    /** Quoted lines longer than this are folded. */
    static final int LONG_LINE = 400;
    private static final String WHY_CUT = "to stay within GitHub's " + String.format(java.util.Locale.ROOT, "%,d", GITHUB_LIMIT)
            + "-character comment limit; the HTML and JSON reports have them all";

    /**
     * How much to show; each level shows less than the one before.
     *
     * @param timelineEntries entries per full timeline (0: full timelines left out)
     * @param excerptEntries  entries per finding's timeline excerpt
     * @param lineChars       characters per quoted line
     * @param findings        findings shown in full
     * @param possible        possible findings listed in short
     * @param inputs          rows of the inputs table
     */
    private record Budget(int timelineEntries, int excerptEntries, int lineChars, int findings, int possible, int inputs) {
        static final int ALL = Integer.MAX_VALUE;
        static final List<Budget> LEVELS = List.of(
                new Budget(ALL, TimelineExcerpt.LIMIT, ALL, ALL, ALL, ALL),
                new Budget(200, TimelineExcerpt.LIMIT, 2000, ALL, ALL, ALL),
                new Budget(50, 30, 1000, ALL, ALL, 200),
                new Budget(0, 20, 500, 50, 200, 100),
                new Budget(0, 10, 300, 20, 100, 50),
                new Budget(0, 0, 200, 5, 50, 20),
                new Budget(0, 0, 200, 1, 20, 10));
    }

    @Override
    public String render(Report r) {
        String md = null;
        for (Budget budget : Budget.LEVELS) {
            md = render(r, budget);
            if (md.codePointCount(0, md.length()) <= GITHUB_LIMIT) {
                break;
            }
        }
        return md;
    }

    private static String render(Report r, Budget budget) {
        StringBuilder b = new StringBuilder();
        b.append("## argo-forensics report\n\n");
        b.append("**").append(Markdown.text(Describe.findingCount(r))).append("** in ")
                .append(Describe.plural(r.inputs().size(), "input file", "input files")).append(" (")
                .append(Describe.plural(r.unparsedLines(), "unparsed line", "unparsed lines")).append("). ")
                .append(Markdown.text(r.tool().describe())).append(", analysis clock ").append(Markdown.text(Describe.clock(r.provenance())))
                .append(r.provenance().redacted() ? ". Names are pseudonyms (`--redact`)" : "").append(".\n");
        summary(b, r);
        List<Finding> full = r.fullFindings();
        int shown = Math.min(budget.findings(), full.size());
        for (int i = 0; i < shown; i++) {
            finding(b, r, i + 1, full.get(i), budget);
        }
        if (shown < full.size()) {
            b.append("\n_").append(Describe.plural(full.size() - shown, "more finding is", "more findings are"))
                    .append(" counted in the summary table but not shown ").append(WHY_CUT).append("._\n");
        }
        possible(b, r, budget);
        timelines(b, r, budget);
        controllers(b, r);
        gaps(b, r);
        problems(b, r);
        rules(b, r);
        inputs(b, r, budget);
        provenance(b, r, budget);
        return b.toString();
    }

    @Override
    public String renderTimelines(Report r) {
        StringBuilder b = new StringBuilder();
        b.append("## argo-forensics timeline\n\n**").append(Describe.plural(r.timelines().size(), "timeline", "timelines"))
                .append("** from ").append(Describe.plural(r.inputs().size(), "input file", "input files")).append(" (")
                .append(Describe.plural(r.unparsedLines(), "unparsed line", "unparsed lines")).append("), ")
                .append(Markdown.text(r.tool().describe())).append(".\n");
        Budget all = Budget.LEVELS.get(0);
        timelines(b, r, all);
        controllers(b, r);
        problems(b, r);
        inputs(b, r, all);
        return b.toString();
    }

    /** Findings by rule and severity; how many of them are possible, when some are. */
    private static void summary(StringBuilder b, Report r) {
        if (r.findings().isEmpty()) {
            return;
        }
        Map<String, Map<Severity, Integer>> counts = new TreeMap<>();
        Map<String, Map<Severity, Integer>> possible = new TreeMap<>();
        Map<String, String> titles = new TreeMap<>();
        for (Finding f : r.findings()) {
            counts.computeIfAbsent(f.rule(), k -> new TreeMap<>(java.util.Comparator.reverseOrder())).merge(f.severity(), 1, Integer::sum);
            if (!Report.inFull(f)) {
                possible.computeIfAbsent(f.rule(), k -> new TreeMap<>()).merge(f.severity(), 1, Integer::sum);
            }
            titles.put(f.rule(), f.title());
        }
        b.append("\n| Rule | Severity | Findings | What |\n|---|---|---|---|\n");
        counts.forEach((rule, bySeverity) -> bySeverity.forEach((severity, n) -> {
            int p = possible.getOrDefault(rule, Map.of()).getOrDefault(severity, 0);
            b.append("| ").append(rule).append(" | ").append(severity.label()).append(" | ").append(n)
                    .append(p == 0 ? "" : p == n ? " possible" : " (" + p + " possible)").append(" | ")
                    .append(Markdown.cell(titles.get(rule))).append(" |\n");
        }));
    }

    /** The possible findings, one list item each, grouped by rule. */
    private static void possible(StringBuilder b, Report r, Budget budget) {
        Map<String, List<Finding>> byRule = Describe.possibleByRule(r);
        if (byRule.isEmpty()) {
            return;
        }
        b.append("\n### ").append(Describe.POSSIBLE_HEADING).append(" (").append(r.possibleFindings().size()).append(")\n\n")
                .append(Markdown.text(Describe.POSSIBLE_WHY)).append('\n');
        int left = budget.possible();
        for (Map.Entry<String, List<Finding>> e : byRule.entrySet()) {
            if (left == 0) {
                break;
            }
            b.append("\n**").append(e.getKey()).append("** ").append(Markdown.text(e.getValue().get(0).title())).append("\n\n");
            for (Finding f : e.getValue()) {
                if (left == 0) {
                    break;
                }
                left--;
                b.append("- ").append(f.rule()).append(" · ").append(f.severity().label()).append(" · Pod ")
                        .append(Markdown.code(Describe.podOrNone(f.pod()))).append(" · Workflow ")
                        .append(f.workflow() == null ? "unknown" : Markdown.code(f.workflow().toString())).append(" · ")
                        .append(Markdown.text(f.confidenceReason())).append(" · ").append(Markdown.code(Describe.decisive(f))).append('\n');
            }
        }
        int cut = r.possibleFindings().size() - Math.min(budget.possible(), r.possibleFindings().size());
        if (cut > 0) {
            b.append("\n_").append(Describe.plural(cut, "more possible finding is", "more possible findings are"))
                    .append(" counted in the summary table but not listed ").append(WHY_CUT).append("._\n");
        }
    }

    private static void finding(StringBuilder b, Report r, int number, Finding f, Budget budget) {
        b.append("\n### ").append(number).append(". ").append(f.rule()).append(" (").append(f.severity().label()).append(", ")
                .append(f.confidence().label()).append("): ").append(Markdown.code(f.pod() == null ? Describe.workflow(f.workflow()) : f.pod().toString())).append("\n\n");
        b.append("**").append(Markdown.text(f.title())).append("**\n\n");
        b.append(Markdown.text(f.summary())).append("\n\n");
        b.append("| | |\n|---|---|\n");
        b.append("| Pod | ").append(f.pod() == null ? Markdown.cell(Describe.NO_POD) : Markdown.codeCell(f.pod().toString()))
                .append(f.podUid().isEmpty() ? "" : " (uid " + Markdown.codeCell(f.podUid()) + ")").append(" |\n");
        b.append("| Workflow | ").append(f.workflow() == null ? "unknown" : Markdown.codeCell(f.workflow().toString())).append(" |\n");
        b.append("| Node | ").append(f.node() == null ? "unknown" : Markdown.codeCell(Describe.node(f.node()))).append(" |\n");
        b.append("| Confidence | ").append(f.confidence().label()).append(": ").append(Markdown.cell(f.confidenceReason())).append(" |\n\n");
        b.append(Markdown.text(f.explanation())).append("\n\n");
        b.append("**Key facts**\n\n| Fact | Value |\n|---|---|\n");
        for (Fact fact : f.facts()) {
            b.append("| ").append(Markdown.cell(fact.label())).append(" | ")
                    .append(fact.value() == null ? "unknown" : Markdown.codeCell(Describe.value(fact))).append(" |\n");
        }
        r.timelineOf(f).ifPresent(t -> excerpt(b, r, f, t, budget));
        evidence(b, f, budget, r.severalControllers());
    }

    private static void excerpt(StringBuilder b, Report r, Finding f, Timeline t, Budget budget) {
        if (budget.excerptEntries() == 0) {
            return;
        }
        TimelineExcerpt x = TimelineExcerpt.of(f, t, budget.excerptEntries());
        if (x.lines().isEmpty()) {
            return;
        }
        b.append("\n**Timeline around it**: ").append(Describe.plural(x.lines().size(), "entry", "entries")).append(" of ")
                .append(x.total()).append(", from the first to the last dated evidence line; ▶ marks a cited line")
                .append(x.omitted() > 0 ? "; " + x.omitted() + " more in that span not shown" : "").append(".\n\n");
        b.append(header(r, true));
        for (TimelineExcerpt.Line line : x.lines()) {
            b.append("| ").append(line.cited() ? "▶" : "").append(" | ");
            entryCells(b, line.entry(), budget, r.severalControllers());
        }
    }

    private static void evidence(StringBuilder b, Finding f, Budget budget, boolean showController) {
        b.append("\n**Evidence** (").append(Describe.plural(f.evidence().size(), "line or object", "lines and objects"))
                .append(", quoted as written)\n");
        List<EvidenceLine> lines = f.evidence();
        for (int i = 0; i < lines.size(); i++) {
            if (i == EVIDENCE_OPEN) {
                b.append("\n<details>\n<summary>").append(Describe.plural(lines.size() - EVIDENCE_OPEN, "more evidence line", "more evidence lines"))
                        .append("</summary>\n");
            }
            EvidenceLine e = lines.get(i);
            b.append('\n').append(Markdown.code(e.source().toString())).append(e.time() == null ? "" : " · " + e.time().format());
            if (showController && e.controller() != null) {
                b.append(" · ").append(Markdown.text(e.controller()));
            }
            b.append(" · ").append(Markdown.text(e.role())).append('\n');
            String text = cut(e.text(), budget.lineChars());
            if (text.length() > LONG_LINE) {
                b.append("\n<details>\n<summary>").append(Describe.plural(e.text().length(), "character", "characters"))
                        .append("</summary>\n\n").append(Markdown.fence("text", text)).append("\n</details>\n");
            } else {
                b.append(Markdown.fence("text", text));
            }
        }
        if (lines.size() > EVIDENCE_OPEN) {
            b.append("\n</details>\n");
        }
    }

    private static void timelines(StringBuilder b, Report r, Budget budget) {
        if (r.timelines().isEmpty()) {
            return;
        }
        b.append("\n### Timelines\n");
        if (budget.timelineEntries() == 0) {
            b.append("\n_").append(Describe.plural(r.timelines().size(), "timeline is", "timelines are")).append(" not shown ")
                    .append(WHY_CUT).append("._\n");
            return;
        }
        for (Timeline t : r.timelines()) {
            b.append("\n<details>\n<summary>Timeline of Pod ").append(Html.escape(t.pod().toString())).append(": ")
                    .append(Describe.plural(t.entries().size(), "entry", "entries")).append("</summary>\n\n");
            b.append(Markdown.text(Describe.link(t.node()))).append(".\n");
            b.append(Markdown.text(t.identity().describe())).append(".\n\n");
            b.append(header(r, false));
            int shown = Math.min(budget.timelineEntries(), t.entries().size());
            for (TimelineEntry e : t.entries().subList(0, shown)) {
                b.append("| ");
                entryCells(b, e, budget, r.severalControllers());
            }
            if (shown < t.entries().size()) {
                b.append("\n_").append(Describe.plural(t.entries().size() - shown, "more entry is", "more entries are"))
                        .append(" not shown ").append(WHY_CUT).append("._\n");
            }
            b.append("\n</details>\n");
        }
    }

    /**
     * The header and delimiter rows of a timeline table: a first column for the cited-line marker if
     * asked, and a Controller column when lines come from several controller runs.
     */
    private static String header(Report r, boolean marker) {
        List<String> columns = new java.util.ArrayList<>(List.of("Time (UTC)", "Source", "What"));
        if (r.severalControllers()) {
            columns.add(2, "Controller");
        }
        if (marker) {
            columns.add(0, "");
        }
        return "| " + String.join(" | ", columns) + " |\n|" + "---|".repeat(columns.size()) + "\n";
    }

    /** Time, source (and controller) and text of an entry as the rest of a table row. */
    private static void entryCells(StringBuilder b, TimelineEntry e, Budget budget, boolean showController) {
        String time = (e.lowerBound() ? "≥ " : "") + e.time().format() + (e.concurrent() ? " (≈ previous)" : "");
        String text = cut(e.text(), budget.lineChars());
        b.append(time).append(" | ").append(Markdown.codeCell(e.source().toString())).append(" | ");
        if (showController) {
            b.append(e.controller() == null ? "" : Markdown.cell(e.controller())).append(" | ");
        }
        b.append(e.kind().startsWith("log:") ? Markdown.codeCell(text) : Markdown.cell(text)).append(" |\n");
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

    private static void problems(StringBuilder b, Report r) {
        if (r.problems().isEmpty()) {
            return;
        }
        b.append("\n### Inputs with problems\n\n");
        for (InputProblem p : r.problems()) {
            b.append("- ").append(Markdown.code(p.location())).append(": ").append(Markdown.text(p.problem())).append('\n');
        }
    }

    private static void gaps(StringBuilder b, Report r) {
        b.append("\n### Evidence gaps\n\n");
        if (r.gaps().isEmpty()) {
            b.append(Markdown.text(Describe.noGaps())).append(".\n");
        }
        for (EvidenceGap g : r.gaps()) {
            b.append("- **").append(Markdown.text(g.subject())).append("**: ").append(Markdown.text(g.detail())).append('\n');
        }
    }

    private static void rules(StringBuilder b, Report r) {
        b.append("\n### Rules\n\n| Rule | Result | Title |\n|---|---|---|\n");
        for (RuleOutcome o : r.rules()) {
            String result = Describe.ruleResult(o, r.filter());
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
                b.append("- ").append(o.rule()).append(c.pod() == null ? "" : " " + Markdown.code(c.pod().toString())).append(": ")
                        .append(Markdown.text(c.reason())).append(" (").append(Markdown.code(c.evidence().toString())).append(")\n");
            }
        }
    }

    private static void inputs(StringBuilder b, Report r, Budget budget) {
        b.append("\n### Inputs and coverage\n\n| Path | Kind | Format | Lines | Events | Unparsed |\n|---|---|---|---|---|---|\n");
        int shown = Math.min(budget.inputs(), r.inputs().size());
        for (InputSummary i : r.inputs().subList(0, shown)) {
            boolean ignored = i.file().kind() == InputKind.IGNORED;
            b.append("| ").append(Markdown.codeCell(i.file().displayPath())).append(" | ").append(i.file().kind().label()).append(" | ")
                    .append(Markdown.cell(ignored ? i.file().reason() : i.format())).append(" | ").append(i.lines()).append(" | ")
                    .append(i.events()).append(" | ").append(i.unparsed()).append(" |\n");
        }
        if (shown < r.inputs().size()) {
            b.append("\n_").append(Describe.plural(r.inputs().size() - shown, "more input is", "more inputs are")).append(" not listed ")
                    .append(WHY_CUT).append("._\n");
        }
        for (InputSummary i : r.inputs().subList(0, shown)) {
            if (i.versionGuess() == null && i.notes().isEmpty() && i.prefixed() == 0 && i.furniture().lines() == 0) {
                continue;
            }
            b.append("\n").append(Markdown.code(i.file().displayPath())).append(":\n");
            if (i.versionGuess() != null) {
                b.append("- Argo ").append(Markdown.text(i.versionGuess())).append('\n');
            }
            if (i.prefixed() > 0) {
                b.append("- ").append(Describe.plural(i.prefixed(), "line", "lines")).append(" behind an unrecognised prefix (kept as metadata)\n");
            }
            if (i.furniture().lines() > 0) {
                b.append("- ").append(Markdown.text(i.furniture().describe())).append('\n');
            }
            for (String command : i.furniture().commands()) {
                b.append("- ").append(Describe.excerptBy(command)).append(": ").append(Markdown.code(command)).append('\n');
            }
            for (String note : i.notes()) {
                b.append("- ").append(Markdown.text(note)).append('\n');
            }
        }
        boolean any = false;
        for (InputSummary i : r.inputs().subList(0, shown)) {
            for (UnparsedLine u : i.samples()) {
                if (!any) {
                    b.append("\n**Unparsed lines (the first of each file)**\n\n");
                    any = true;
                }
                b.append("- ").append(Markdown.code(u.source().toString())).append(": ").append(Markdown.text(u.reason())).append('\n');
            }
        }
    }

    private static void provenance(StringBuilder b, Report r, Budget budget) {
        Provenance p = r.provenance();
        b.append("\n### Provenance\n\n| | |\n|---|---|\n");
        b.append("| Tool | ").append(Markdown.cell(r.tool().describe())).append(" |\n");
        b.append("| Command line | ").append(Markdown.codeCell(Describe.commandLine(p))).append(" |\n");
        b.append("| Analysis clock | ").append(Markdown.cell(Describe.clock(p))).append(" |\n");
        b.append("| Argo version | ").append(Markdown.cell(Describe.argoVersions(p))).append(" |\n");
        b.append("| Read | ").append(Markdown.cell(Describe.lineCounts(p.lines()))).append(" |\n");
        b.append("| Times | ").append(Markdown.cell(Describe.zones(p))).append(" |\n");
        b.append("| Redaction | ").append(Markdown.cell(Describe.redaction(p))).append(" |\n");
        if (!p.scope().whole()) {
            b.append("| Scope | ").append(Markdown.cell(Describe.scope(p))).append(" |\n");
        }
        b.append("\n<details>\n<summary>Inputs: size and SHA-256</summary>\n\n| Path | Size | SHA-256 |\n|---|---|---|\n");
        int shown = Math.min(budget.inputs(), p.inputs().size());
        for (Provenance.InputDigest i : p.inputs().subList(0, shown)) {
            b.append("| ").append(Markdown.codeCell(i.path())).append(" | ").append(Describe.bytes(i.bytes())).append(" | ")
                    .append(i.sha256() == null ? "not read" : Markdown.codeCell(i.sha256())).append(" |\n");
        }
        if (shown < p.inputs().size()) {
            b.append("\n_").append(Describe.plural(p.inputs().size() - shown, "more input is", "more inputs are")).append(" not listed ")
                    .append(WHY_CUT).append("._\n");
        }
        b.append("\n</details>\n");
    }

    /** A quoted line cut to {@code max} characters, saying how many were cut. */
    private static String cut(String text, int max) {
        if (text.codePointCount(0, text.length()) <= max) {
            return text;
        }
        int end = text.offsetByCodePoints(0, max);
        return text.substring(0, end) + " … (" + (text.codePointCount(end, text.length())) + " more characters)";
    }
}
