package dev.argoforensics.report;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.accounting.UnparsedLine;
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
import dev.argoforensics.wording.Message;
import dev.argoforensics.wording.Words;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * GitHub-flavoured Markdown, to paste into an issue or a postmortem: a summary table, one section
 * per confirmed or likely finding (explanation, facts, the timeline around it, evidence lines in
 * fences with {@code file:line}), the possible findings one list item each, evidence gaps, rules,
 * inputs and provenance.
 *
 * <p>Long evidence is folded into {@code <details>}. A report over GitHub's comment limit
 * ({@value #GITHUB_LIMIT} characters) is split into numbered parts, each within it ({@link #renderParts},
 * {@link MarkdownParts}): nothing is left out. Prose from the evidence mentions nobody and links no
 * issue: {@code @name} and {@code #123} are put in code spans.
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
        static final List<Budget> LEVELS = List.of(new Budget(ALL, TimelineExcerpt.LIMIT, ALL, ALL, ALL, ALL));
    }

    /** Characters per quoted line tried, in turn, when a block alone exceeds a part. */
    private static final int[] SPLIT_LINE_CHARS = {Budget.ALL, 2000, 1000, 500, 200};
    /** Entries per folded chunk of a timeline in a split report. */
    static final int TIMELINE_CHUNK = 250;

    /** The report in one comment, or its parts, each after a marker line ({@link MarkdownParts#MARKER}). */
    @Override
    public void write(Report r, Writer out) throws IOException {
        writeParts(r, (number, total) -> {
            if (number > 1) {
                out.write(MarkdownParts.marker(number, total));
            }
            return out;
        });
    }

    /**
     * The report whole if it fits one comment; else in parts that each do, keeping every finding,
     * every timeline entry and every input: quoted lines are shortened only when one block (a finding,
     * a timeline's chunk) would not fit a part by itself.
     *
     * <p>Nothing longer than one comment is held: the whole report is tried into a buffer that gives
     * up past the limit; a longer one is rendered block by block twice, first only to measure the
     * blocks and so know the parts (and how many there are, which each part's heading says), then to
     * write each block into its part.
     */
    @Override
    public void writeParts(Report r, Parts parts) throws IOException {
        MarkdownParts.Bounded whole = new MarkdownParts.Bounded(GITHUB_LIMIT);
        try {
            Sink.to(whole, b -> render(b, r, Budget.LEVELS.get(0)));
            parts.part(1, 1).write(whole.toString());
            return;
        } catch (MarkdownParts.Bounded.Full e) {
            // longer than one comment: in parts
        }
        for (int lineChars : SPLIT_LINE_CHARS) {
            Budget budget = lineChars(lineChars);
            MarkdownParts.Layout layout = new MarkdownParts.Layout(GITHUB_LIMIT, false);
            if (layout.measure(out -> blocks(r, budget, out))) {
                layout.write(out -> blocks(r, budget, out), parts);
                return;
            }
        }
        Budget budget = lineChars(SPLIT_LINE_CHARS[SPLIT_LINE_CHARS.length - 1]);
        MarkdownParts.Layout layout = new MarkdownParts.Layout(GITHUB_LIMIT, true);
        layout.measure(out -> blocks(r, budget, out));
        layout.write(out -> blocks(r, budget, out), parts);
    }

    private static Budget lineChars(int lineChars) {
        return new Budget(Budget.ALL, TimelineExcerpt.LIMIT, lineChars, Budget.ALL, Budget.ALL, Budget.ALL);
    }

    /**
     * The report as blocks no part boundary falls inside, each given to {@code out} as it is made: the
     * headline and summary, each finding, each timeline chunk, each section.
     */
    private static void blocks(Report r, Budget budget, MarkdownParts.BlockSink out) throws IOException {
        Sink b = Sink.buffer();
        headline(b, r);
        summary(b, r);
        out.block(b.toString());
        List<Finding> full = r.fullFindings();
        for (int i = 0; i < full.size(); i++) {
            Sink f = Sink.buffer();
            finding(f, r, i + 1, full.get(i), budget);
            out.block(f.toString());
        }
        Sink possible = Sink.buffer();
        possible(possible, r, budget);
        if (!possible.toString().isEmpty()) {
            out.block(possible.toString());
        }
        timelineChunks(r, budget, out);
        List<java.util.function.Consumer<Sink>> sections = List.of(x -> controllers(x, r), x -> gaps(x, r), x -> problems(x, r), x -> rules(x, r), x -> inputs(x, r, budget),
                x -> provenance(x, r, budget));
        for (java.util.function.Consumer<Sink> section : sections) {
            Sink s = Sink.buffer();
            section.accept(s);
            if (!s.toString().isEmpty()) {
                out.block(s.toString());
            }
        }
    }

    /** The timelines, each in folded chunks of {@value #TIMELINE_CHUNK} entries, one block each, the first under the heading. */
    private static void timelineChunks(Report r, Budget budget, MarkdownParts.BlockSink blocks) throws IOException {
        boolean first = true;
        for (Timeline t : r.timelines()) {
            int n = t.entries().size();
            for (int from = 0; from == 0 || from < n; from += TIMELINE_CHUNK) {
                int to = Math.min(n, from + TIMELINE_CHUNK);
                Sink c = Sink.buffer().append(first ? "\n### Timelines\n" : "");
                first = false;
                c.append("\n<details>\n<summary>Timeline of Pod ").append(Html.escape(t.pod().toString())).append(": ")
                        .append(n <= TIMELINE_CHUNK ? Describe.plural(n, "entry", "entries") : "entries " + (from + 1) + " to " + to + " of " + n)
                        .append("</summary>\n\n");
                if (from == 0) {
                    c.append(prose(Describe.link(t.node()))).append(".\n");
                    c.append(prose(t.identity().describe())).append(".\n\n");
                }
                c.append(header(r, false));
                for (TimelineEntry e : t.entries().subList(from, to)) {
                    c.append("| ");
                    entryCells(c, e, budget, r.severalControllers());
                }
                c.append("\n</details>\n");
                blocks.block(c.toString());
            }
        }
    }

    private static void headline(Sink b, Report r) {
        b.append("**").append(prose(Describe.findingCount(r))).append("** in ")
                .append(Describe.plural(r.inputs().size(), "input file", "input files")).append(" (")
                .append(Describe.plural(r.unparsedLines(), "unparsed line", "unparsed lines")).append("). ")
                .append(prose(r.tool().describe())).append(", analysis clock ").append(prose(Describe.clock(r.provenance())))
                .append(r.provenance().redacted() ? ". Names are pseudonyms (`--redact`)" : "").append(".\n");
    }

    private static void render(Sink b, Report r, Budget budget) {
        b.append("## argo-forensics report\n\n");
        headline(b, r);
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
    }

    @Override
    public void writeTimelines(Report r, Writer out) throws IOException {
        Sink.to(out, b -> writeTimelines(b, r));
    }

    private static void writeTimelines(Sink b, Report r) {
        b.append("## argo-forensics timeline\n\n**").append(Describe.plural(r.timelines().size(), "timeline", "timelines"))
                .append("** from ").append(Describe.plural(r.inputs().size(), "input file", "input files")).append(" (")
                .append(Describe.plural(r.unparsedLines(), "unparsed line", "unparsed lines")).append("), ")
                .append(prose(r.tool().describe())).append(".\n");
        Budget all = Budget.LEVELS.get(0);
        timelines(b, r, all);
        controllers(b, r);
        problems(b, r);
        inputs(b, r, all);
    }

    /** Findings by rule and severity; how many of them are possible, when some are. */
    private static void summary(Sink b, Report r) {
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
                    .append(proseCell(titles.get(rule))).append(" |\n");
        }));
    }

    /** The possible findings, one list item each, grouped by rule. */
    private static void possible(Sink b, Report r, Budget budget) {
        Map<String, List<Finding>> byRule = Describe.possibleByRule(r);
        if (byRule.isEmpty()) {
            return;
        }
        b.append("\n### ").append(Describe.POSSIBLE_HEADING).append(" (").append(r.possibleFindings().size()).append(")\n\n")
                .append(prose(Describe.POSSIBLE_WHY)).append('\n');
        int left = budget.possible();
        for (Map.Entry<String, List<Finding>> e : byRule.entrySet()) {
            if (left == 0) {
                break;
            }
            b.append("\n**").append(e.getKey()).append("** ").append(prose(e.getValue().get(0).title())).append("\n\n");
            for (Finding f : e.getValue()) {
                if (left == 0) {
                    break;
                }
                left--;
                b.append("- ").append(f.rule()).append(" · ").append(f.severity().label()).append(" · Pod ")
                        .append(Markdown.code(Describe.podOrNone(f.pod()))).append(" · Workflow ")
                        .append(f.workflow() == null ? "unknown" : Markdown.code(f.workflow().toString())).append(" · ")
                        .append(prose(f.confidenceReason())).append(" · ").append(Markdown.code(Describe.decisive(f))).append('\n');
            }
        }
        int cut = r.possibleFindings().size() - Math.min(budget.possible(), r.possibleFindings().size());
        if (cut > 0) {
            b.append("\n_").append(Describe.plural(cut, "more possible finding is", "more possible findings are"))
                    .append(" counted in the summary table but not listed ").append(WHY_CUT).append("._\n");
        }
    }

    private static void finding(Sink b, Report r, int number, Finding f, Budget budget) {
        b.append("\n### ").append(number).append(". ").append(f.rule()).append(" (").append(f.severity().label()).append(", ")
                .append(f.confidence().label()).append("): ").append(Markdown.code(f.pod() == null ? Describe.workflow(f.workflow()) : f.pod().toString())).append("\n\n");
        b.append("**").append(prose(f.title())).append("**\n\n");
        b.append(prose(f.summary())).append("\n\n");
        b.append("| | |\n|---|---|\n");
        b.append("| Pod | ").append(f.pod() == null ? proseCell(Describe.NO_POD) : Markdown.codeCell(f.pod().toString()))
                .append(f.podUid().isEmpty() ? "" : " (uid " + Markdown.codeCell(f.podUid()) + ")").append(" |\n");
        b.append("| Workflow | ").append(f.workflow() == null ? "unknown" : Markdown.codeCell(f.workflow().toString())).append(" |\n");
        b.append("| Node | ").append(f.node() == null ? proseCell(Describe.node(f)) : Markdown.codeCell(Describe.node(f.node()))).append(" |\n");
        b.append("| Confidence | ").append(f.confidence().label()).append(": ").append(proseCell(f.confidenceReason())).append(" |\n\n");
        b.append(prose(f.explanation())).append("\n\n");
        b.append("**Key facts**\n\n| Fact | Value |\n|---|---|\n");
        for (Fact fact : f.facts()) {
            b.append("| ").append(proseCell(fact.label())).append(" | ")
                    .append(fact.value() == null ? "unknown" : Markdown.codeCell(Describe.value(fact))).append(" |\n");
        }
        r.timelineOf(f).ifPresent(t -> excerpt(b, r, f, t, budget));
        evidence(b, f, budget, r.severalControllers());
    }

    private static void excerpt(Sink b, Report r, Finding f, Timeline t, Budget budget) {
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

    private static void evidence(Sink b, Finding f, Budget budget, boolean showController) {
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
                b.append(" · ").append(prose(e.controller()));
            }
            b.append(" · ").append(prose(e.role())).append('\n');
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

    private static void timelines(Sink b, Report r, Budget budget) {
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
            b.append(prose(Describe.link(t.node()))).append(".\n");
            b.append(prose(t.identity().describe())).append(".\n\n");
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
    private static void entryCells(Sink b, TimelineEntry e, Budget budget, boolean showController) {
        String time = (e.lowerBound() ? "≥ " : "") + e.time().format() + (e.concurrent() ? " (≈ previous)" : "");
        String text = cut(e.text(), budget.lineChars());
        b.append(time).append(" | ").append(Markdown.codeCell(e.source().toString())).append(" | ");
        if (showController) {
            b.append(e.controller() == null ? "" : proseCell(e.controller())).append(" | ");
        }
        b.append(e.kind().startsWith("log:") ? Markdown.codeCell(text) : proseCell(text)).append(" |\n");
    }

    private static void controllers(Sink b, Report r) {
        if (r.controllers().isEmpty()) {
            return;
        }
        b.append("\n### Controllers\n\n| Run | Release, leadership, span | Files |\n|---|---|---|\n");
        for (ControllerProcess p : r.controllers()) {
            b.append("| ").append(proseCell(p.label())).append(" | ").append(proseCell(Describe.controller(p))).append(" | ")
                    .append(String.join("<br>", p.files().stream().map(Markdown::codeCell).toList())).append(" |\n");
        }
    }

    private static void problems(Sink b, Report r) {
        if (r.problems().isEmpty()) {
            return;
        }
        b.append("\n### Inputs with problems\n\n");
        for (InputProblem p : r.problems()) {
            b.append("- ").append(Markdown.code(p.location())).append(": ").append(prose(p.problem())).append('\n');
        }
    }

    private static void gaps(Sink b, Report r) {
        b.append("\n### Evidence gaps\n\n");
        if (r.gaps().isEmpty()) {
            b.append(prose(Describe.noGaps(r))).append(".\n");
        }
        for (EvidenceGap g : r.gaps()) {
            b.append("- **").append(prose(g.subject())).append("**: ").append(prose(g.detail())).append('\n');
        }
    }

    private static void rules(Sink b, Report r) {
        b.append("\n### Rules\n\n| Rule | Result | Title |\n|---|---|---|\n");
        for (RuleOutcome o : r.rules()) {
            String result = Describe.ruleResult(o, r.filter());
            b.append("| ").append(o.rule()).append(" | ").append(proseCell(result)).append(" | ").append(proseCell(o.title()))
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
                        .append(prose(c.reason())).append(" (").append(Markdown.code(c.evidence().toString())).append(")\n");
            }
        }
    }

    private static void inputs(Sink b, Report r, Budget budget) {
        b.append("\n### Inputs and coverage\n\n| Path | Kind | Format | Lines | Events | Unparsed |\n|---|---|---|---|---|---|\n");
        int shown = Math.min(budget.inputs(), r.inputs().size());
        for (InputSummary i : r.inputs().subList(0, shown)) {
            boolean ignored = i.file().kind() == InputKind.IGNORED;
            b.append("| ").append(Markdown.codeCell(i.file().displayPath())).append(" | ").append(i.kindLabel()).append(" | ")
                    .append(proseCell(ignored ? i.file().reason() : i.format())).append(" | ").append(i.lines()).append(" | ")
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
                b.append("- Argo ").append(prose(i.versionGuess())).append('\n');
            }
            if (i.prefixed() > 0) {
                b.append("- ").append(Describe.plural(i.prefixed(), "line", "lines")).append(" behind an unrecognised prefix (kept as metadata)\n");
            }
            if (i.furniture().lines() > 0) {
                b.append("- ").append(prose(i.furniture().describe())).append('\n');
            }
            for (String command : i.furniture().commands()) {
                b.append("- ").append(Describe.excerptBy(command)).append(": ").append(Markdown.code(command)).append('\n');
            }
            for (Message note : i.notes()) {
                b.append("- ").append(prose(Words.english().render(note))).append('\n');
            }
        }
        boolean any = false;
        for (InputSummary i : r.inputs().subList(0, shown)) {
            for (UnparsedLine u : i.samples()) {
                if (!any) {
                    b.append("\n**Unparsed lines (the first of each file)**\n\n");
                    any = true;
                }
                b.append("- ").append(Markdown.code(u.source().toString())).append(": ").append(prose(u.reason())).append('\n');
            }
        }
    }

    private static void provenance(Sink b, Report r, Budget budget) {
        Provenance p = r.provenance();
        b.append("\n### Provenance\n\n| | |\n|---|---|\n");
        b.append("| Tool | ").append(proseCell(r.tool().describe())).append(" |\n");
        b.append("| Command line | ").append(Markdown.codeCell(Describe.commandLine(p))).append(" |\n");
        b.append("| Analysis clock | ").append(proseCell(Describe.clock(p))).append(" |\n");
        b.append("| Argo version | ").append(proseCell(Describe.argoVersions(p))).append(" |\n");
        b.append("| Read | ").append(proseCell(Describe.lineCounts(p.lines()))).append(" |\n");
        b.append("| Times | ").append(proseCell(Describe.zones(p))).append(" |\n");
        b.append("| Redaction | ").append(proseCell(Describe.redaction(p))).append(" |\n");
        if (!p.scope().whole()) {
            b.append("| Scope | ").append(proseCell(Describe.scope(p))).append(" |\n");
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

    /** Prose in which no {@code @name} mentions anyone and no {@code #123} links an issue of the repository it is pasted in. */
    private static String prose(String text) {
        return Markdown.noIssueLinks(Markdown.noMentions(Markdown.text(text)));
    }

    private static String proseCell(String text) {
        return Markdown.noIssueLinks(Markdown.noMentions(Markdown.cell(text)));
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
