package dev.argoforensics.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.testing.Cli;
import dev.argoforensics.testing.V4;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.commonmark.ext.gfm.tables.TableBlock;
import org.commonmark.ext.gfm.tables.TableBody;
import org.commonmark.ext.gfm.tables.TableCell;
import org.commonmark.ext.gfm.tables.TableHead;
import org.commonmark.ext.gfm.tables.TableRow;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.HtmlBlock;
import org.commonmark.node.Node;
import org.commonmark.node.Paragraph;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.text.TextContentRenderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Markdown report read back with a real CommonMark + GFM tables parser (commonmark-java), as
 * GitHub would read it: tables stay tables with every column filled, fences hold exactly the lines
 * they quote, {@code <details>} blocks close, and the whole fits in one GitHub comment.
 */
class MarkdownReportTest {
    private static final String NOW = "2026-09-20T00:00:00Z";
    private static final Parser PARSER = Parser.builder().extensions(List.of(TablesExtension.create())).build();
    private static final TextContentRenderer TEXT = TextContentRenderer.builder().extensions(List.of(TablesExtension.create())).build();
    private static final Pattern TIME = Pattern.compile("(≥ )?\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?Z( \\(≈ previous\\))?");

    @Test
    void theIssue17024ReportIsWellFormed() throws Exception {
        // One rule, so that one finding's sections are checked (the sample's other findings are about the same Pod).
        String[] args = {"analyze", "samples/issue-17024/logs", "samples/issue-17024/snapshots", "--now", NOW, "--rule", "AF001"};
        String md = Cli.run(concat(args, "--format", "markdown")).out();
        JsonNode json = new ObjectMapper().readTree(Cli.run(concat(args, "--format", "json")).out());
        Node doc = PARSER.parse(md);

        List<TableBlock> tables = all(doc, TableBlock.class);
        assertEquals(10, tables.size(), "summary, finding ids, facts, excerpt, full timeline, controllers, rules, inputs, provenance, digests: "
                + md);
        for (TableBlock t : tables) {
            assertEveryColumnFilled(t);
        }
        // The excerpt: a marker column, then times (and, the sample having three controller runs, which wrote each line).
        TableBlock excerpt = tables.stream().filter(t -> header(t).equals(List.of("", "Time (UTC)", "Source", "Controller", "What")))
                .findFirst()
                .orElseThrow(() -> new AssertionError(tables.stream().map(MarkdownReportTest::header).toList().toString()));
        int cited = 0;
        for (List<String> row : body(excerpt)) {
            assertTrue(TIME.matcher(row.get(1)).matches(), row.toString());
            cited += row.get(0).equals("▶") ? 1 : 0;
        }
        long dated = 0;
        for (JsonNode e : json.get("findings").get(0).get("evidence")) {
            dated += e.get("time").isNull() ? 0 : 1;
        }
        assertEquals(dated, cited, "every dated evidence line is in the excerpt, marked");

        List<String> fenced = all(doc, FencedCodeBlock.class).stream().map(f -> f.getLiteral().stripTrailing()).toList();
        List<String> evidence = new ArrayList<>();
        json.get("findings").get(0).get("evidence").forEach(e -> evidence.add(e.get("text").asText()));
        assertEquals(evidence, fenced, "one fence per evidence line or object, holding exactly its text");

        for (Paragraph p : all(doc, Paragraph.class)) {
            String text = TEXT.render(p);
            assertFalse(text.contains("|---") || text.startsWith("| ") || text.contains("```"), "a table or fence fell apart: " + text);
        }
        assertDetailsBalanced(doc);
        assertTrue(md.codePointCount(0, md.length()) <= MarkdownRenderer.GITHUB_LIMIT);
        assertTrue(md.contains("`samples/issue-17024/logs/2-controller-workers0.log:12`"), "file:line of the removal");
    }

    @Test
    void aLongReportIsSplitIntoPartsEachWithinOneCommentAndNothingIsCut(@TempDir Path dir) throws Exception {
        List<String> lines = new ArrayList<>();
        // The Workflow's first pass and its write (session 37: only a log holding it shows the Workflow free of the artifact-GC
        // finalizer, which lets the lines exclude a foreground deletion).
        String[] firstPass = V4.firstPass();
        lines.add(firstPass[0]);
        lines.add(V4.createdPod("2026-09-19T16:27:10.431Z"));
        lines.add(firstPass[1]);
        for (int i = 0; i < 3000; i++) {
            lines.add(V4.podEvent(String.format("2026-09-19T16:28:%02d.%03dZ", i / 1000 * 10, i % 1000), "update"));
        }
        lines.add(V4.podEvent("2026-09-19T16:31:11.256Z", "update"));
        lines.add(V4.removingFinalizers("2026-09-19T16:31:11.257Z"));
        lines.add(V4.queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s"));
        lines.add(V4.queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"));
        lines.add("time=2026-09-19T16:31:11.300Z level=WARN msg=\"failed to clean-up pod\" component=pod_controller"
                + " key=ns/p/removeFinalizer action=removeFinalizer namespace=ns podName=p error=\"" + "x".repeat(3000) + "\"");
        lines.add(V4.cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"));
        lines.add(V4.podEvent("2026-09-19T16:31:11.363Z", "delete"));
        lines.add(V4.podMissing("2026-09-19T16:33:02.246Z"));
        lines.add(V4.markingError("2026-09-19T16:33:02.246Z"));
        // The Workflow written after the loss, long after the Pod was gone: no Workflow deleted in the foreground (AF001 likely).
        lines.add(V4.workflowUpdated("2026-09-19T16:33:02.262Z", "Error"));
        Path log = dir.resolve("controller.log");
        Files.write(log, lines, StandardCharsets.UTF_8);
        // The Pod exported finished before its deletion: the finding is no longer only possible, and is told in full.
        Path pod = dir.resolve("pod.yaml");
        Files.writeString(pod, V4.podYaml(true), StandardCharsets.UTF_8);

        Path out = dir.resolve("report.md");
        Cli run = Cli.run("analyze", log.toString(), pod.toString(), "--format", "markdown", "--now", NOW, "--out", out.toString());
        List<Path> files = new ArrayList<>(List.of(out));
        for (int n = 2; Files.exists(dir.resolve("report-" + n + ".md")); n++) {
            files.add(dir.resolve("report-" + n + ".md"));
        }
        assertTrue(files.size() >= 2, "a 3,000-entry timeline does not fit one comment: " + files);
        assertTrue(run.err().contains("it is in " + files.size() + " parts"), run.err());
        int entries = 0;
        StringBuilder all = new StringBuilder();
        for (int i = 0; i < files.size(); i++) {
            String md = Files.readString(files.get(i), StandardCharsets.UTF_8);
            assertTrue(md.codePointCount(0, md.length()) <= MarkdownRenderer.GITHUB_LIMIT, files.get(i) + ": " + md.length() + " characters");
            assertTrue(md.startsWith("## argo-forensics report (part " + (i + 1) + " of " + files.size() + ")\n"), md.substring(0, 80));
            assertFalse(md.contains("not shown to stay within"), "nothing is cut");
            Node doc = PARSER.parse(md);
            all(doc, TableBlock.class).forEach(MarkdownReportTest::assertEveryColumnFilled);
            assertDetailsBalanced(doc);
            entries += (int) md.lines().filter(l -> l.startsWith("| 2026-09-19T16:28:")).count();
            all.append(md);
        }
        assertTrue(all.indexOf("### 1. AF001") >= 0, "the finding is there");
        assertTrue(entries >= 3000, "every timeline entry is kept, in some part: " + entries);
        // To standard output: the same parts, each after a marker line.
        String stdout = Cli.run("analyze", log.toString(), pod.toString(), "--format", "markdown", "--now", NOW).out();
        assertEquals(files.size() - 1, stdout.lines().filter(l -> l.startsWith("<!-- ✂ argo-forensics: part ")).count());
        assertTrue(stdout.contains("<!-- ✂ argo-forensics: part 2 of " + files.size() + " starts here"), "marker");
        // --out - is standard output too: the same parts, and no file named '-' or '--2'.
        Cli dash = Cli.run("analyze", log.toString(), pod.toString(), "--format", "markdown", "--now", NOW, "--out", "-");
        assertEquals(stdout, dash.out().replace(" --out -", ""));
        assertFalse(Files.exists(Path.of("-")) || Files.exists(Path.of("--2")), "--out - wrote files");
    }

    @Test
    void aLongEvidenceLineIsFoldedAndAnyCutIsCounted(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("controller.log");
        // The deletion seen arriving, the Pod gone at the release, and an export of it finished before: told in full.
        Files.write(log, List.of(V4.firstPass()[0], V4.createdPod("2026-09-19T16:27:10.431Z"), V4.firstPass()[1],
                V4.podEvent("2026-09-19T16:31:11.256Z", "update"),
                V4.removingFinalizers("2026-09-19T16:31:11.257Z"),
                V4.queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s"),
                V4.cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"), V4.podEvent("2026-09-19T16:31:11.363Z", "delete"),
                V4.markingError("2026-09-19T16:33:02.246Z").replace("error=\"pod deleted\"", "error=\"pod deleted\" detail=" + "y".repeat(600)),
                V4.workflowUpdated("2026-09-19T16:33:02.262Z", "Error")),
                StandardCharsets.UTF_8);
        Path pod = dir.resolve("pod.yaml");
        Files.writeString(pod, V4.podYaml(true), StandardCharsets.UTF_8);
        String md = Cli.run("analyze", log.toString(), pod.toString(), "--format", "markdown", "--now", NOW).out();
        Node doc = PARSER.parse(md);
        assertTrue(md.contains("<summary>"), md);
        FencedCodeBlock longLine = all(doc, FencedCodeBlock.class).stream().filter(f -> f.getLiteral().contains("yyyy")).findFirst().orElseThrow();
        Node before = longLine.getPrevious();
        assertTrue(before instanceof HtmlBlock h && h.getLiteral().contains("characters</summary>"), "folded into <details>: " + before);
        assertDetailsBalanced(doc);
    }

    private static void assertEveryColumnFilled(TableBlock t) {
        List<String> header = header(t);
        List<List<String>> rows = body(t);
        for (List<String> row : rows) {
            assertEquals(header.size(), row.size(), "cells per row in " + header);
        }
        for (int c = 0; c < header.size(); c++) {
            int col = c;
            if (header.get(c).isEmpty() && rows.stream().anyMatch(r -> !r.get(col).isEmpty())) {
                continue;
            }
            assertTrue(rows.isEmpty() || rows.stream().anyMatch(r -> !r.get(col).isEmpty()),
                    "column '" + header.get(c) + "' of " + header + " is empty in every row: a cell went missing");
        }
    }

    /**
     * A log line and a file name written to break out: fences longer than ours, a table pipe, closing
     * {@code </details>}, raw HTML. Each stays inside its code span, fence or cell; no HTML of the
     * inputs reaches the document.
     */
    @Test
    void hostileLinesAndFileNamesStayInsideTheirCodeFencesAndCells(@TempDir Path dir) throws Exception {
        String hostile = "````` </details> | <script>alert(1)</script> <img src=x onerror=alert(2)> # not a heading";
        Path logs = Files.createDirectories(dir.resolve("logs"));
        Files.writeString(logs.resolve("controller.log"), V4.raceWithHostileText(hostile), StandardCharsets.UTF_8);
        String name = "we`ird | <img src=x onerror=alert(3)> name.log";
        Files.writeString(logs.resolve(name), hostile + "\n", StandardCharsets.UTF_8);
        String md = Cli.run("analyze", logs.toString(), "--format", "markdown", "--now", NOW, "--timelines", "all").out();
        Node doc = PARSER.parse(md);

        for (HtmlBlock h : all(doc, HtmlBlock.class)) {
            assertTrue(h.getLiteral().strip().matches("(</?(details|summary)( open)?>\\s*)+(<summary>[^<]*</summary>)?\\s*"), h.getLiteral());
        }
        for (org.commonmark.node.HtmlInline h : all(doc, org.commonmark.node.HtmlInline.class)) {
            assertTrue(h.getLiteral().matches("</?(details|summary|br)>"), "raw HTML from the inputs: " + h.getLiteral());
        }
        List<String> code = new ArrayList<>(all(doc, FencedCodeBlock.class).stream().map(FencedCodeBlock::getLiteral).toList());
        all(doc, org.commonmark.node.Code.class).forEach(c -> code.add(c.getLiteral()));
        assertTrue(code.stream().anyMatch(c -> c.contains(hostile)), "the line in a code span or fence, whole: " + code);
        assertTrue(code.stream().anyMatch(c -> c.contains(name)), "the file name in a code span, whole: " + code);
        for (TableBlock t : all(doc, TableBlock.class)) {
            int columns = header(t).size();
            for (List<String> row : body(t)) {
                assertEquals(columns, row.size(), "a row of " + header(t));
            }
            for (List<String> row : body(t)) {
                for (String cell : row) {
                    if (cell.contains("we`ird")) {
                        assertTrue(cell.contains(name), "the name stays in one cell: " + row);
                    }
                }
            }
        }
        for (org.commonmark.node.Heading h : all(doc, org.commonmark.node.Heading.class)) {
            assertFalse(TEXT.render(h).contains("not a heading"), "a line became a heading");
        }
        assertDetailsBalanced(doc);
    }

    @Test
    void anIssueListNamingItsRepositoryOnceLinksEachOfItsIssues() {
        // The wording names the repository once: "argoproj/argo-workflows#17024, #5126 and #686". Pasted elsewhere, a bare #5126
        // would link that repository's issue 5126, so it is put in a code span; in such a list it is Argo's, and says so.
        assertEquals("Upstream: argoproj/argo-workflows#17024, argoproj/argo-workflows#5126 and argoproj/argo-workflows#686.",
                Markdown.noIssueLinks(Markdown.text("Upstream: argoproj/argo-workflows#17024, #5126 and #686.")));
        assertEquals("(argoproj/argo-workflows#13986, argoproj/argo-workflows#14833: informer",
                Markdown.noIssueLinks(Markdown.text("(argoproj/argo-workflows#13986, #14833: informer")));
        assertEquals("Related: argoproj/argo-workflows#8783, argoproj/argo-workflows#12952, and argoproj/argo-workflows#8409.",
                Markdown.noIssueLinks(Markdown.text("Related: argoproj/argo-workflows#8783, #12952, and #8409.")));
        // A bare number that no repository's name leads stays unlinked: the line of a run, an issue of whatever repository.
        assertEquals("run ctl.log `#1`, see `#12` and `#13`; argoproj/argo-workflows#1 then `#2` alone",
                Markdown.noIssueLinks(Markdown.text("run ctl.log #1, see #12 and #13; argoproj/argo-workflows#1 then #2 alone")));
        assertEquals("`#5` and `#6`", Markdown.noIssueLinks(Markdown.text("#5 and #6")));
    }

    @Test
    void proseNeverStartsABlockOfItsOwn() {
        String text = Markdown.text("cannot read it\n# Heading\r\n- item\r```fence");
        assertFalse(text.contains("\n") || text.contains("\r"), text);
        Node doc = PARSER.parse("- " + text + "\n");
        assertEquals(List.of(), all(doc, org.commonmark.node.Heading.class));
        assertEquals(List.of(), all(doc, FencedCodeBlock.class));
        assertEquals(1, all(doc, org.commonmark.node.ListItem.class).size());
    }

    /**
     * File names and symbolic link targets are input too: a line break in one must not start a
     * Markdown block (a heading), an escape sequence must not reach a terminal, and a name holding
     * ": " must stay whole where the report names the file.
     */
    @Test
    void fileNamesAndLinkTargetsWithLineBreaksAndEscapesStayText(@TempDir Path dir) throws Exception {
        Path logs = Files.createDirectories(dir.resolve("logs"));
        Files.writeString(logs.resolve("controller.log"), V4.raceWithHostileText("nothing odd"), StandardCharsets.UTF_8);
        Files.writeString(logs.resolve("ctl\n# Injected by a name\u001b[31m.log"), "time=2026-09-19T16:31:11.257Z level=INFO msg=x\n\u001b[2J\n",
                StandardCharsets.UTF_8);
        Files.createSymbolicLink(logs.resolve("gone\n# Injected by a link name\u001b[2J.log"), Path.of("rotated\n# Injected by a target\u001b]0;t\u0007.log"));
        new ProcessBuilder("mkfifo", logs.resolve("x: y.log").toString()).inheritIO().start().waitFor();

        for (String format : List.of("markdown", "text", "html", "json")) {
            Cli run = Cli.run("analyze", logs.toString(), "--format", format, "--now", NOW);
            assertFalse(run.out().contains("\u001b") || run.err().contains("\u001b"), format + ": an escape sequence reached the output");
            assertTrue(run.err().contains("cannot read " + logs + "/x: y.log: expected a file, found a FIFO, socket or device: skipped"),
                    run.err());
            if (format.equals("markdown")) {
                Node doc = PARSER.parse(run.out());
                for (org.commonmark.node.Heading h : all(doc, org.commonmark.node.Heading.class)) {
                    assertFalse(TEXT.render(h).contains("Injected"), "a file name or link target became a heading: " + TEXT.render(h));
                }
                List<String> paragraphs = all(doc, Paragraph.class).stream().map(TEXT::render).toList();
                assertTrue(paragraphs.contains("\"" + logs + "/gone\\x0a# Injected by a link name\\x1b[2J.log\": expected a file, found a broken symbolic"
                        + " link to rotated\\x0a# Injected by a target\\x1b]0;t\\x07.log: skipped"), paragraphs.toString());
            }
            if (format.equals("json")) {
                JsonNode problems = new ObjectMapper().readTree(run.out()).get("inputProblems");
                List<String> paths = new ArrayList<>();
                problems.forEach(p -> paths.add(p.get("path").asText() + " | " + p.get("problem").asText()));
                assertTrue(paths.contains(logs + "/x: y.log | expected a file, found a FIFO, socket or device: skipped"), paths.toString());
                assertTrue(paths.contains(logs + "/gone\\x0a# Injected by a link name\\x1b[2J.log | expected a file, found a broken symbolic link"
                        + " to rotated\\x0a# Injected by a target\\x1b]0;t\\x07.log: skipped"), paths.toString());
            }
        }
    }

    private static List<String> header(TableBlock t) {
        return cells(all(t, TableHead.class).get(0).getFirstChild());
    }

    private static List<List<String>> body(TableBlock t) {
        List<List<String>> rows = new ArrayList<>();
        all(t, TableBody.class).forEach(b -> {
            for (Node r = b.getFirstChild(); r != null; r = r.getNext()) {
                rows.add(cells(r));
            }
        });
        return rows;
    }

    private static List<String> cells(Node row) {
        assertTrue(row instanceof TableRow, String.valueOf(row));
        List<String> out = new ArrayList<>();
        for (Node c = row.getFirstChild(); c != null; c = c.getNext()) {
            assertTrue(c instanceof TableCell);
            out.add(plain(c).strip());
        }
        return out;
    }

    /** The text of a node: its text and code spans, markup removed. */
    private static String plain(Node n) {
        if (n instanceof org.commonmark.node.Text t) {
            return t.getLiteral();
        }
        if (n instanceof org.commonmark.node.Code c) {
            return c.getLiteral();
        }
        StringBuilder b = new StringBuilder();
        for (Node c = n.getFirstChild(); c != null; c = c.getNext()) {
            b.append(plain(c));
        }
        return b.toString();
    }

    private static void assertDetailsBalanced(Node doc) {
        int open = 0;
        int close = 0;
        for (HtmlBlock h : all(doc, HtmlBlock.class)) {
            open += count(h.getLiteral(), "<details>");
            close += count(h.getLiteral(), "</details>");
        }
        assertEquals(open, close, "every <details> is closed");
    }

    private static int count(String s, String part) {
        int n = 0;
        for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }

    private static <T extends Node> List<T> all(Node root, Class<T> type) {
        List<T> out = new ArrayList<>();
        collect(root, type, out);
        return out;
    }

    private static <T extends Node> void collect(Node n, Class<T> type, List<T> out) {
        if (type.isInstance(n)) {
            out.add(type.cast(n));
        }
        for (Node c = n.getFirstChild(); c != null; c = c.getNext()) {
            collect(c, type, out);
        }
    }

    private static String[] concat(String[] a, String... b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    @Test
    void aFoldedTableWhoseOnlySafeCutIsAtItsStartIsSplitWithinTheRoom() {
        // A timeline chunk: a blank line (the one safe cut), then <details> holding a table longer than a part. Cutting at the
        // safe point would carry the whole table into the next part with the next row; the pieces must each stay within the room.
        StringBuilder block = new StringBuilder("\n<details>\n<summary>Timeline</summary>\n\n| time | line |\n|---|---|\n");
        for (int i = 0; i < 400; i++) {
            block.append("| 2026-11-05T02:21:41.").append(String.format("%03d", i)).append("Z | `").append("x".repeat(180)).append("` |\n");
        }
        block.append("\n</details>\n");
        int room = 20_000;
        List<String> pieces = MarkdownParts.split(block.toString(), room);
        assertTrue(pieces.size() > 1, "the block is longer than a piece");
        for (String piece : pieces) {
            assertTrue(MarkdownParts.length(piece) <= room, "a piece of " + MarkdownParts.length(piece) + " characters");
        }
        for (String piece : pieces) {
            // Each piece is a comment of its own: what it opens it closes, and its rows are under a table's head.
            assertEquals(count(piece, "<details>"), count(piece, "</details>"), "details balanced in a piece:\n" + piece);
            assertTrue(piece.contains("<details>\n<summary>Timeline"), "each piece folds its rows: " + piece.substring(0, 80));
            assertTrue(piece.contains("| time | line |\n|---|---|\n"), "each piece's rows have their table's head");
            Node doc = PARSER.parse(piece);
            assertDetailsBalanced(doc);
            assertEquals(1, all(doc, TableBlock.class).size(), "one table per piece");
        }
        assertTrue(pieces.get(1).startsWith("<details>\n<summary>Timeline (continued)</summary>\n\n| time | line |\n"), pieces.get(1));
        String cuts = "\n</details>\n<details>\n<summary>Timeline \\(continued\\)</summary>\n\n";
        assertEquals(block.toString().replaceAll("\\| time \\| line \\|\n\\|---\\|---\\|\n", ""),
                String.join("", pieces).replaceAll(cuts, "").replaceAll("\\| time \\| line \\|\n\\|---\\|---\\|\n", ""),
                "nothing lost, only the fold closed and opened again and table heads repeated at each cut");
    }

    @Test
    void aFenceLongerThanAPartIsClosedAndOpenedAgainAtACut() {
        StringBuilder block = new StringBuilder("\n<details>\n<summary>12 more evidence lines</summary>\n\n````text\n");
        for (int i = 0; i < 300; i++) {
            block.append("time=2026-11-05T02:21:41.").append(String.format("%03d", i)).append("Z msg=\"```\" ").append("y".repeat(120)).append('\n');
        }
        block.append("````\n\n</details>\n");
        int room = 10_000;
        List<String> pieces = MarkdownParts.split(block.toString(), room);
        assertTrue(pieces.size() > 2, "the block is longer than two pieces");
        int lines = 0;
        for (String piece : pieces) {
            assertTrue(MarkdownParts.length(piece) <= room, "a piece of " + MarkdownParts.length(piece) + " characters");
            assertEquals(2, count(piece, "````"), "the fence opened and closed in each piece");
            Node doc = PARSER.parse(piece);
            assertDetailsBalanced(doc);
            List<FencedCodeBlock> fences = all(doc, FencedCodeBlock.class);
            assertEquals(1, fences.size(), "one fenced block per piece");
            lines += (int) fences.get(0).getLiteral().lines().filter(l -> l.startsWith("time=")).count();
        }
        assertEquals(300, lines, "every line quoted once, inside a fence");
        assertTrue(pieces.get(1).startsWith("<details>\n<summary>12 more evidence lines (continued)</summary>\n\n````text\n"), pieces.get(1));
    }
}
