package dev.argoforensics.report;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.AnalysisResult;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.redact.Redaction;
import dev.argoforensics.redact.RedactionKey;
import dev.argoforensics.rules.Confidence;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.testing.Cli;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.ListItem;
import org.commonmark.node.Node;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.text.TextContentRenderer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Findings of all three confidences in one report, from the samples' evidence: the #17024 incident
 * with its exports (confirmed), a grep of PodGC's lines with its exports (likely: samples/success-reported-as-error was that
 * until session 43, possible since its task result no longer stands in for main's exit), and the
 * task result never synced from its log alone (possible). Text, Markdown and HTML tell the
 * confirmed and likely ones in full and the possible ones in one line each, grouped by rule;
 * {@code --min-confidence} leaves them out of every format, headline and exit status included.
 */
class PossibleFindingsTest {
    private static final String NOW = "2026-10-01T00:00:00Z";
    private static final List<String> INPUTS = List.of("samples/issue-17024/logs", "samples/issue-17024/snapshots",
            "samples/task-result-never-synced/logs", "samples/grep-podgc-no-handler/logs", "samples/grep-podgc-no-handler/snapshots");
    /** The evidence whose only finding is possible. */
    private static final String ONLY_POSSIBLE = "samples/task-result-never-synced/logs";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Parser MARKDOWN = Parser.builder().extensions(List.of(TablesExtension.create())).build();
    private static final Pattern ANCHOR = Pattern.compile("href=\"#([^\"]+)\"");

    /** The JSON report of {@link #INPUTS}: every finding, in full. */
    private static JsonNode all;
    private static List<JsonNode> full;
    private static List<JsonNode> possible;

    @BeforeAll
    static void theInputsHoldFindingsOfEveryConfidence() throws Exception {
        Cli run = analyze("--format", "json");
        assertEquals("", run.err());
        all = JSON.readTree(run.out());
        full = new ArrayList<>();
        possible = new ArrayList<>();
        Set<String> confidences = new LinkedHashSet<>();
        for (JsonNode f : all.get("findings")) {
            confidences.add(f.get("confidence").asText());
            (f.get("confidence").asText().equals("possible") ? possible : full).add(f);
        }
        assertEquals(Set.of("confirmed", "likely", "possible"), confidences,
                "the samples' evidence no longer gives every confidence; choose other inputs for this test");
    }

    private static Cli analyze(String... extra) {
        List<String> args = new ArrayList<>(List.of("analyze"));
        args.addAll(INPUTS);
        args.addAll(List.of("--now", NOW));
        args.addAll(List.of(extra));
        return Cli.run(args.toArray(String[]::new));
    }

    @Test
    void withoutTheOptionTheJsonKeepsEveryFindingInFull() {
        assertFalse(possible.isEmpty());
        for (JsonNode f : possible) {
            assertFalse(f.get("explanation").asText().isEmpty());
            assertFalse(f.get("evidence").isEmpty(), "a possible finding keeps its evidence in the JSON report");
        }
        assertEquals("possible", all.get("confidenceFilter").get("minConfidence").asText());
        assertEquals(0, all.get("confidenceFilter").get("leftOut").asInt());
    }

    @Test
    void textTellsPossibleFindingsInOneLineEachAfterTheOthers() {
        String text = analyze().out();
        List<String> lines = text.lines().toList();
        assertEquals(ToolInfo.NAME + " " + ToolInfo.current().version() + ": " + all.get("findings").size() + " findings ("
                + severities(all.get("findings")) + "), " + possible.size() + " of them possible", lines.get(0));

        // The index: every finding, the possible ones saying so.
        List<String> index = section(lines, "Findings by Workflow and Pod");
        for (JsonNode f : all.get("findings")) {
            String tag = f.get("rule").asText() + " [" + f.get("severity").asText() + ", " + f.get("confidence").asText() + "]";
            List<String> entries = index.stream().filter(l -> l.startsWith("      " + tag)).toList();
            // One entry per finding: two samples' findings may share a rule and a confidence (AF002 likely in both, session 41).
            long same = 0;
            for (JsonNode g : all.get("findings")) {
                same += (g.get("rule").asText() + " [" + g.get("severity").asText() + ", " + g.get("confidence").asText() + "]").equals(tag) ? 1 : 0;
            }
            assertEquals(same, entries.size(), tag + " in " + index);
            assertEquals(f.get("confidence").asText().equals("possible"), entries.get(0).endsWith("(in short below)"), entries.get(0));
        }

        // In full: the confirmed and likely ones only, each once.
        List<String> headings = lines.stream().filter(l -> l.matches("AF\\d{3} \\[.*")).toList();
        assertEquals(full.size(), headings.size(), headings.toString());
        assertTrue(headings.stream().noneMatch(h -> h.contains(", possible]")), headings.toString());
        for (JsonNode f : possible) {
            assertFalse(text.contains(f.get("explanation").asText().substring(0, 40)), "a possible finding is not told in full");
        }

        // In short: one line each, after every finding in full, under a heading saying why.
        int heading = lines.indexOf("Possible findings, in short (" + possible.size() + ")");
        assertTrue(heading > lines.indexOf(headings.get(headings.size() - 1)), "after the findings in full");
        assertTrue(section(lines, "Possible findings, in short (" + possible.size() + ")").get(0).startsWith("  Confidence possible: the evidence"),
                "the heading says why they are short");
        List<String> shortLines = lines.stream().filter(l -> l.matches(" {4}AF\\d{3} .*")).toList();
        assertEquals(possible.stream().map(f -> "    " + shortLine(f, "  ", ": ", "  ")).toList(), shortLines);
        for (String l : shortLines) {
            assertTrue(lines.indexOf(l) > heading);
        }
    }

    @Test
    void markdownListsPossibleFindingsOneItemEach() {
        String md = analyze("--format", "markdown").out();
        assertTrue(md.contains("**" + all.get("findings").size() + " findings (" + severities(all.get("findings")) + "), " + possible.size()
                + " of them possible** in "), md.substring(0, 300));
        List<String> headings = md.lines().filter(l -> l.matches("### \\d+\\. AF\\d{3} .*")).toList();
        assertEquals(full.size(), headings.size(), headings.toString());
        assertTrue(headings.stream().noneMatch(h -> h.contains(", possible)")));
        for (JsonNode f : possible) {
            assertTrue(md.contains("| " + f.get("rule").asText() + " | " + f.get("severity").asText() + " | 1 possible |"),
                    "the summary table marks it");
        }

        int at = md.indexOf("\n### Possible findings, in short (" + possible.size() + ")\n");
        assertTrue(at > md.indexOf(headings.get(headings.size() - 1)), "after the findings in full");
        String section = md.substring(at, md.indexOf("\n### ", at + 1));
        assertTrue(section.contains("Confidence possible: the evidence shows the sequence"), section);
        List<String> items = section.lines().filter(l -> l.startsWith("- ")).toList();
        assertEquals(possible.stream().map(f -> shortLine(f, " · ", " · ", " · ")).toList(),
                items.stream().map(i -> i.substring(2).replace("`", "").replace(" · Pod ", " · ").replace(" · Workflow ", " · ")).toList());

        // Read back as GitHub would: one list item per possible finding, each a single line of text.
        List<String> rendered = new ArrayList<>();
        collect(MARKDOWN.parse(section), ListItem.class, rendered);
        assertEquals(possible.size(), rendered.size());
        rendered.forEach(r -> assertFalse(r.strip().contains("\n"), r));
    }

    @Test
    void htmlListsPossibleFindingsOneItemEach() {
        String html = analyze("--format", "html").out();
        assertEquals(full.size(), count(html, "<section class=\"finding\""));
        assertEquals(possible.size(), count(html, "<li id=\"possible-"));
        assertEquals(possible.size(), count(html, "<tr class=\"possible\">"), "the findings table marks them");
        assertTrue(html.indexOf("<section id=\"possible\">") > html.lastIndexOf("<section class=\"finding\""));
        Matcher m = ANCHOR.matcher(html);
        while (m.find()) {
            assertTrue(html.contains("id=\"" + m.group(1) + "\""), "a link to nowhere: #" + m.group(1));
        }
        for (JsonNode f : possible) {
            assertTrue(html.contains(Html.escape(f.get("confidenceReason").asText()) + " · <span class=\"mono\">" + decisive(f) + "</span></li>"),
                    "reason and file:line of " + f.get("rule").asText());
        }
    }

    @Test
    void possibleFindingsAreGroupedByRule() throws Exception {
        // From the same evidence, AF001 and AF003 made possible too: three rules with possible findings, one of them twice over.
        AnalysisResult result = Analysis.standard(AnalysisOptions.defaults()).run(INPUTS);
        Report real = new ReportBuilder().build(result, TimelineScope.FINDINGS, invocation());
        List<Finding> relabelled = real.findings().stream()
                .map(f -> f.rule().equals("AF001") || f.rule().equals("AF003") ? withConfidence(f, Confidence.POSSIBLE) : f).toList();
        Report r = withFindings(real, relabelled);
        assertEquals(List.of("AF001", "AF001", "AF003", "AF006"), r.possibleFindings().stream().map(Finding::rule).toList());

        String text = ReportFormat.TEXT.renderer(false).render(r);
        List<String> groups = text.lines().filter(l -> l.matches(" {2}AF\\d{3} [A-Z].*")).toList();
        assertEquals(List.of("AF001", "AF003", "AF006"), groups.stream().map(l -> l.substring(2, 7)).toList(), "one heading per rule, in order");
        for (String g : groups) {
            List<String> after = text.lines().dropWhile(l -> !l.equals(g)).skip(1).takeWhile(l -> l.startsWith("    ")).toList();
            assertFalse(after.isEmpty(), g);
            after.forEach(l -> assertTrue(l.startsWith("    " + g.substring(2, 7) + " "), l + " under " + g));
        }
        assertTrue(text.lines().noneMatch(l -> l.startsWith("AF001 [") || l.startsWith("AF003 [")), "not in full");

        String md = ReportFormat.MARKDOWN.renderer(false).render(r);
        assertEquals(List.of("**AF001**", "**AF003**", "**AF006**"),
                md.lines().filter(l -> l.matches("\\*\\*AF\\d{3}\\*\\* .*")).map(l -> l.substring(0, 9)).toList());
        String html = ReportFormat.HTML.renderer(false).render(r);
        int at = html.indexOf("<section id=\"possible\">");
        assertEquals(3, count(html.substring(at, html.indexOf("</section>", at)), "<h3>"));
        assertEquals(2, count(html, "<section class=\"finding\""));
    }

    @Test
    void minConfidenceLikelyLeavesThemOutOfEveryFormat() throws Exception {
        String headline = (all.get("findings").size() - possible.size()) + " findings (" + severities(full) + "); "
                + possible.size() + " possible finding" + (possible.size() == 1 ? "" : "s") + " left out by --min-confidence likely";
        for (String format : List.of("text", "markdown", "html", "json")) {
            Cli run = analyze("--format", format, "--min-confidence", "likely");
            assertEquals(1, run.exitCode(), format + ": the confirmed high findings remain");
            assertFalse(run.out().contains("Possible findings"), format);
            for (JsonNode f : possible) {
                assertFalse(run.out().contains(f.get("pod").get("name").asText()), format + " still names " + f.get("pod"));
                assertFalse(run.out().contains(f.get("confidenceReason").asText()), format);
            }
            if (!format.equals("json")) {
                assertTrue(run.out().contains(headline), format + ": " + run.out().substring(0, 400));
            }
        }
        JsonNode r = JSON.readTree(analyze("--format", "json", "--min-confidence", "likely").out());
        List<String> confidences = new ArrayList<>();
        r.get("findings").forEach(f -> confidences.add(f.get("confidence").asText()));
        assertEquals(full.stream().map(f -> f.get("confidence").asText()).toList(), confidences);
        assertEquals("likely", r.get("confidenceFilter").get("minConfidence").asText());
        assertEquals(possible.size(), r.get("confidenceFilter").get("leftOut").asInt());
        assertEquals(possible.size(), r.get("confidenceFilter").get("leftOutByConfidence").get("possible").asInt());
        for (JsonNode rule : r.get("rules")) {
            long before = possible.stream().filter(f -> f.get("rule").asText().equals(rule.get("rule").asText())).count();
            assertEquals(before, rule.get("leftOut").asLong(), rule.get("rule").asText());
        }
        assertTrue(analyze("--min-confidence", "likely").out().contains("  AF006  0 findings, 1 left out by --min-confidence likely  "));
    }

    @Test
    void minConfidenceConfirmedCountsWhatItLeftOutByConfidence() {
        long likely = full.stream().filter(f -> f.get("confidence").asText().equals("likely")).count();
        String first = analyze("--min-confidence", "confirmed").out().lines().findFirst().orElseThrow();
        assertTrue(first.endsWith("; " + (likely + possible.size()) + " findings left out by --min-confidence confirmed (" + likely + " likely, "
                + possible.size() + " possible)"), first);
    }

    @Test
    void theExitStatusIsDecidedOnTheFindingsReported() throws Exception {
        // The only finding is a possible high one: reported, it fails the run; left out, it does not.
        Cli plain = Cli.run("analyze", ONLY_POSSIBLE, "--now", NOW);
        assertEquals(1, plain.exitCode(), plain.err());
        assertEquals(ToolInfo.NAME + " " + ToolInfo.current().version() + ": 1 possible finding (1 high)", plain.out().lines().findFirst().orElseThrow());
        Cli likely = Cli.run("analyze", ONLY_POSSIBLE, "--now", NOW, "--min-confidence", "likely");
        assertEquals(0, likely.exitCode(), likely.err());
        assertEquals(ToolInfo.NAME + " " + ToolInfo.current().version() + ": no findings; 1 possible finding left out by --min-confidence likely",
                likely.out().lines().findFirst().orElseThrow());
        assertFalse(likely.out().contains("Findings by Workflow and Pod"));
        JsonNode json = JSON.readTree(Cli.run("analyze", ONLY_POSSIBLE, "--now", NOW, "--min-confidence", "likely", "--format", "json").out());
        assertEquals(0, json.get("findings").size());
        assertEquals(0, json.get("timelines").size(), "no Pod with a reported finding, so no timeline");
        assertEquals(1, json.get("confidenceFilter").get("leftOut").asInt());
        assertEquals(0, Cli.run("analyze", ONLY_POSSIBLE, "--now", NOW, "--fail-on", "critical").exitCode());
    }

    @Test
    void aBadValueIsAUsageErrorNamingTheValues() {
        Cli bad = analyze("--min-confidence", "sure");
        assertEquals(2, bad.exitCode());
        assertEquals("", bad.out());
        assertEquals("argo-forensics: --min-confidence: expected one of confirmed, likely, possible; found \"sure\"",
                bad.err().lines().findFirst().orElseThrow());
        assertEquals(analyze("--min-confidence", "likely").out().replace("likely", "LIKELY"),
                analyze("--min-confidence", "LIKELY").out().replace("likely", "LIKELY"), "any case");
    }

    @Test
    void redactionReachesTheShortLines() throws Exception {
        JsonNode redacted = JSON.readTree(analyze("--format", "json", "--redact-key", "k").out());
        List<JsonNode> redactedPossible = new ArrayList<>();
        redacted.get("findings").forEach(f -> {
            if (f.get("confidence").asText().equals("possible")) {
                redactedPossible.add(f);
            }
        });
        assertEquals(possible.size(), redactedPossible.size());
        List<String> originals = new ArrayList<>();
        for (JsonNode f : possible) {
            originals.addAll(List.of(f.get("pod").get("namespace").asText() + "/", f.get("pod").get("name").asText(),
                    f.get("workflow").get("name").asText(), decisive(f), "samples/task-result-never-synced"));
        }
        String text = analyze("--redact-key", "k").out();
        String shortText = text.substring(text.indexOf("\nPossible findings, in short"), text.indexOf("\n\nControllers"));
        assertEquals(redactedPossible.stream().map(f -> "    " + shortLine(f, "  ", ": ", "  ")).toList(),
                shortText.lines().filter(l -> l.startsWith("    AF")).toList(), "the short lines are made from the redacted findings");
        String md = analyze("--format", "markdown", "--redact-key", "k").out();
        int at = md.indexOf("\n### Possible findings, in short");
        String shortMd = md.substring(at, md.indexOf("\n### ", at + 1));
        String html = analyze("--format", "html", "--redact-key", "k").out();
        String shortHtml = html.substring(html.indexOf("<section id=\"possible\">"), html.indexOf("</section>", html.indexOf("<section id=\"possible\">")));
        for (String original : originals) {
            for (String s : List.of(shortText, shortMd, shortHtml)) {
                assertFalse(s.contains(original), "leaks " + original + ":\n" + s);
            }
        }
        for (JsonNode f : redactedPossible) {
            assertTrue(shortMd.contains("`" + decisive(f) + "`"), shortMd);
            assertTrue(shortHtml.contains(f.get("pod").get("namespace").asText() + "/" + f.get("pod").get("name").asText()), shortHtml);
        }
    }

    @Test
    void theRedactedModelHoldsNothingTheRedactorDidNotSee() throws Exception {
        // The short lines, index and headline are made by the renderers from the report's findings; the report holds no text of its own.
        AnalysisResult result = Analysis.standard(AnalysisOptions.defaults()).run(INPUTS);
        Report r = new ReportBuilder().build(result, TimelineScope.FINDINGS, invocation());
        Report redacted = Redaction.prepare(RedactionKey.of("k"), INPUTS, result).apply(r);
        assertEquals(r.filter(), redacted.filter(), "counts by rule ID only: nothing to redact");
        assertEquals(r.possibleFindings().size(), redacted.possibleFindings().size());
        for (Finding f : redacted.possibleFindings()) {
            assertFalse(f.pod().toString().contains("report-build"), f.pod().toString());
            assertTrue(Report.decisiveEvidence(f).orElseThrow().source().file().startsWith("input-"));
        }
    }

    @Test
    void theSameInputsGiveTheSameBytes() {
        for (String format : List.of("text", "markdown", "html", "json")) {
            for (String min : List.of("possible", "likely")) {
                assertEquals(analyze("--format", format, "--min-confidence", min).out(), analyze("--format", format, "--min-confidence", min).out(),
                        format + " " + min);
            }
        }
    }

    /** rule, severity, Pod, Workflow, why only possible, file:line, with the separators of a format. */
    private static String shortLine(JsonNode f, String afterSeverity, String beforeReason, String beforeSource) {
        String pod = f.get("pod").get("namespace").asText() + "/" + f.get("pod").get("name").asText();
        String wf = f.get("workflow").get("namespace").asText() + "/" + f.get("workflow").get("name").asText();
        if (afterSeverity.equals("  ")) {
            return f.get("rule").asText() + " " + f.get("severity").asText() + "  " + pod + " (Workflow " + wf + ")" + beforeReason
                    + f.get("confidenceReason").asText() + beforeSource + decisive(f);
        }
        return f.get("rule").asText() + afterSeverity + f.get("severity").asText() + afterSeverity + pod + afterSeverity + wf + beforeReason
                + f.get("confidenceReason").asText() + beforeSource + decisive(f);
    }

    /** The file:line a short line cites: the finding's last dated evidence, else its first. */
    private static String decisive(JsonNode f) {
        JsonNode chosen = f.get("evidence").get(0);
        for (JsonNode e : f.get("evidence")) {
            if (!e.get("time").isNull()) {
                chosen = e;
            }
        }
        return chosen.get("source").asText() + ":" + chosen.get("line").asLong();
    }

    private static String severities(Iterable<JsonNode> findings) {
        List<String> order = List.of("critical", "high", "medium", "low", "info");
        long[] n = new long[order.size()];
        findings.forEach(f -> n[order.indexOf(f.get("severity").asText())]++);
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < n.length; i++) {
            if (n[i] > 0) {
                parts.add(n[i] + " " + order.get(i));
            }
        }
        return String.join(", ", parts);
    }

    /** The lines of a text section: those after its heading, up to the next blank line. */
    private static List<String> section(List<String> lines, String heading) {
        int at = lines.indexOf(heading);
        assertTrue(at >= 0, heading);
        return lines.subList(at + 1, lines.size()).stream().takeWhile(l -> !l.isEmpty()).toList();
    }

    private static int count(String s, String what) {
        int n = 0;
        for (int at = s.indexOf(what); at >= 0; at = s.indexOf(what, at + 1)) {
            n++;
        }
        return n;
    }

    private static <T extends Node> void collect(Node n, Class<T> type, List<String> out) {
        if (type.isInstance(n)) {
            out.add(TextContentRenderer.builder().build().render(n));
        }
        for (Node c = n.getFirstChild(); c != null; c = c.getNext()) {
            collect(c, type, out);
        }
    }

    private static Finding withConfidence(Finding f, Confidence c) {
        return f.withConfidence(c, f.reason());
    }

    private static Report withFindings(Report r, List<Finding> findings) {
        return new Report(r.schemaVersion(), r.tool(), r.provenance(), r.inputs(), r.controllers(), ReportBuilder.grouped(findings), r.filter(),
                r.rules(), r.timelines(), r.gaps(), r.problems());
    }

    private static Invocation invocation() {
        return new Invocation(List.of("analyze"), Timestamp.parseRfc3339(NOW, null, false), true);
    }
}
