package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.report.GithubIssueRenderer;
import dev.argoforensics.testing.Cli;
import dev.argoforensics.testing.SampleFiles;
import dev.argoforensics.wording.Words;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.regex.Pattern;
import java.util.Map;
import java.util.stream.Stream;
import org.commonmark.ext.gfm.tables.TableBlock;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Code;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.Heading;
import org.commonmark.node.Node;
import org.commonmark.node.Text;
import org.commonmark.parser.Parser;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code analyze -o github-issue} on every sample: the draft parses as GitHub-flavoured Markdown
 * with the bug report form's sections in its order, each filled or saying what is missing, within
 * one issue body, and no name the redaction map holds survives in it.
 */
class GithubIssueDraftTest {
    private static final Parser GFM = Parser.builder().extensions(List.of(TablesExtension.create())).build();
    private static final String NONE = "the analysis found none";

    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> everySampleWithAFindingDraftsTheWholeForm() throws IOException {
        List<Path> samples;
        try (Stream<Path> dirs = Files.list(Path.of("samples"))) {
            samples = dirs.filter(Files::isDirectory).sorted().toList();
        }
        int[] drafted = {0};
        List<DynamicTest> tests = new ArrayList<>();
        for (Path sample : samples) {
            tests.add(DynamicTest.dynamicTest(sample.getFileName().toString(), () -> {
                if (draftSample(sample)) {
                    drafted[0]++;
                }
            }));
        }
        tests.add(DynamicTest.dynamicTest("samples with a finding", () -> assertTrue(drafted[0] >= 15, "drafted " + drafted[0])));
        return tests.stream();
    }

    /** False when the sample has no finding at all (then the command says so). */
    private boolean draftSample(Path sample) throws IOException {
        SamplesTest.Expected expected = SamplesTest.Expected.parse(Files.readString(sample.resolve("EXPECTED.md"), StandardCharsets.UTF_8),
                sample.resolve("EXPECTED.md"));
        if (!expected.args()[0].equals("analyze")) {
            return false;
        }
        Path out = dir.resolve(sample.getFileName() + ".md");
        List<String> args = new ArrayList<>(List.of(expected.args()));
        args.addAll(List.of("-o", "github-issue", "--finding", "1", "--redact-key", "k", "--out", out.toString()));
        Cli r = Cli.run(args.toArray(String[]::new));
        if (r.exitCode() == Main.EXIT_USAGE && r.err().contains(NONE)) {
            assertTrue(expected.report().contains(": no findings"), sample + ": " + r.err());
            return false;
        }
        assertTrue(Files.exists(out), sample + ": " + r.err());
        String draft = Files.readString(out, StandardCharsets.UTF_8);
        assertTrue(draft.codePointCount(0, draft.length()) <= 65_536, sample + ": within one issue body");
        Map<String, String> sections = sections(draft, sample);
        assertEquals(GithubIssueRenderer.SECTIONS, List.copyOf(sections.keySet()), sample + ": the form's sections, in its order");
        sections.forEach((title, body) -> assertFalse(body.isBlank(), sample + ": section " + title + " is empty"));
        List<String> s = List.copyOf(sections.values());
        assertTrue(s.get(0).contains("- [ ] I have searched existing issues"), sample + ": the checklist");
        assertTrue(s.get(1).contains("**What happened.**") && s.get(1).contains("**What I expected.**")
                        && Pattern.compile("`[^`\\s]+:[0-9]+`").matcher(s.get(1)).find(),
                sample + ": what happened, what was expected, evidence cited file:line");
        // A release line ("v4.x") is all an excerpt's messages may tell, its keys left out.
        assertTrue(s.get(2).matches("(?s).*\\bv[0-9]+\\.([0-9]+|x\\b).*") || s.get(2).contains("Not in the evidence"), sample + ": versions");
        assertTrue(s.get(3).contains("```yaml\napiVersion: argoproj.io/v1alpha1\nkind: Workflow\n") || s.get(3).contains("_Not in the evidence"),
                sample + ": a Workflow or why not");
        assertTrue(s.get(4).contains("kubectl logs -n argo deploy/workflow-controller | grep "), sample + ": the form's command");
        assertTrue(s.get(5).contains("-c wait") || s.get(5).contains("of the wait container the finding cites:"), sample + ": wait container lines or the command to get them");
        assertEquals(count(draft, "<details>"), count(draft, "</details>"), sample + ": folds closed");
        Path map = dir.resolve(sample.getFileName() + ".redaction-map.tsv");
        assertTrue(Files.exists(map), sample + ": the map is written beside the draft");
        List<String> originals = Files.readAllLines(map, StandardCharsets.UTF_8).stream().skip(2).map(l -> l.split("\t")[2]).toList();
        assertFalse(originals.isEmpty(), sample.toString());
        String values = withoutTheWords(draft);
        for (String original : originals) {
            // As a whole name (the redaction's unit): "ml" may stand inside "yaml"; names inside longer words are masked, tested below.
            assertFalse(java.util.regex.Pattern.compile("(?<![A-Za-z0-9-])" + java.util.regex.Pattern.quote(original) + "(?![A-Za-z0-9-])")
                    .matcher(values).find(), sample + " leaks " + original);
        }
        assertFalse(draft.contains(sample.toString()), sample + ": the folder's name is redacted");
        return true;
    }

    /** Level-3 headings and the text under each, as GitHub's Markdown parses it; only one tree of each. */
    private static Map<String, String> sections(String draft, Path sample) {
        Node doc = GFM.parse(draft);
        Map<String, String> sections = new LinkedHashMap<>();
        List<Heading> headings = new ArrayList<>();
        doc.accept(new AbstractVisitor() {
            @Override
            public void visit(Heading h) {
                headings.add(h);
            }
        });
        for (Heading h : headings) {
            assertEquals(3, h.getLevel(), sample + ": only the form's headings");
            StringBuilder title = new StringBuilder();
            for (Node n = h.getFirstChild(); n != null; n = n.getNext()) {
                title.append(n instanceof Text t ? t.getLiteral() : n instanceof Code c ? "`" + c.getLiteral() + "`" : "");
            }
            String heading = "### " + title + "\n";
            int at = draft.indexOf(heading);
            int next = draft.indexOf("\n### ", at + heading.length());
            sections.put(title.toString(), draft.substring(at + heading.length(), next < 0 ? draft.length() : next));
        }
        return sections;
    }

    /**
     * The draft with the findings' own words (the fixed text of every message in en.yaml) blanked out: redaction maps the
     * values a message carries, not its words, so a name that is also one of those words (a namespace "reports", as in "the
     * wait container reports a step's outputs") is no leak there. Pieces shorter than a few words stay, so that a name
     * beside them is still seen.
     */
    private static String withoutTheWords(String draft) {
        Words words = Words.english();
        List<String> pieces = new ArrayList<>();
        for (String key : words.keys()) {
            for (String piece : words.template(key).split("\\{[^}]*}")) {
                if (piece.length() >= 20) {
                    pieces.add(piece);
                }
            }
        }
        pieces.sort(Comparator.comparingInt(String::length).reversed());
        String out = draft;
        for (String piece : pieces) {
            out = out.replace(piece, "\n");
        }
        return out;
    }

    private static int count(String s, String what) {
        return s.split(java.util.regex.Pattern.quote(what), -1).length - 1;
    }

    private Cli draft17024(String... extra) {
        List<String> args = new ArrayList<>(List.of("analyze", "samples/issue-17024/logs", "samples/issue-17024/snapshots",
                "--now", "2026-09-20T00:00:00Z", "-o", "github-issue"));
        args.addAll(List.of(extra));
        if (!args.contains("--no-redact")) {
            args.addAll(List.of("--redact-key", "k"));
        }
        return Cli.run(args.toArray(String[]::new));
    }

    @Test
    void theIssue17024DraftNamesTheIssueTheReleaseTheDelayAndTheWorkflow() {
        Cli r = draft17024();
        assertEquals(1, r.exitCode(), r.err());
        String d = r.out();
        assertTrue(d.contains("**Known upstream issues**: this matches argoproj/argo-workflows#17024. Same: status-capture finalizer removed"),
                d);
        // Session 41: the draft leads with the cause (AF001), likely, over its symptom (AF002, likely too): each rests on the Pod
        // export's grace-0 deletionTimestamp read as the request. The lead's confidence is shown, and what it lacked.
        assertTrue(d.contains("_Drafted by argo-forensics from finding 1, AF001 (high, likely): Status-capture finalizer removed"), d);
        assertTrue(d.contains("on v4.1.3, the release #17024 was reported on. Differs: here the finding is likely, not confirmed (**How sure**, "
                + "below, says what it lacked)."), d);
        assertTrue(d.contains("**How sure.** Likely, not confirmed: the exported Workflow records the node as Error \"pod deleted\""), d);
        assertTrue(d.contains("(the grace-0 deletionTimestamp read as the request: an inference, not what an object states)"), d);
        assertTrue(d.contains("but no object states that order"), d);
        assertTrue(d.contains("### Version(s)\n\nv4.1.3\n"), d);
        assertTrue(d.contains("executor image quay.io/argoproj/argoexec:v4.1.3"), "the executor image is a second reading");
        assertTrue(d.contains("delay=-1m24.257168224s"), d);
        assertTrue(d.contains("_Reconstructed by argo-forensics from the exported Workflow `input-2/workflow-after-restore.yaml:3`"), d);
        Node doc = GFM.parse(d);
        List<FencedCodeBlock> yaml = new ArrayList<>();
        List<TableBlock> tables = new ArrayList<>();
        doc.accept(new AbstractVisitor() {
            @Override
            public void visit(FencedCodeBlock b) {
                if (b.getInfo().equals("yaml")) {
                    yaml.add(b);
                }
            }

            @Override
            public void visit(org.commonmark.node.CustomBlock b) {
                if (b instanceof TableBlock t) {
                    tables.add(t);
                }
                visitChildren(b);
            }
        });
        assertEquals(1, yaml.size());
        assertTrue(yaml.get(0).getLiteral().contains("entrypoint: main") && yaml.get(0).getLiteral().contains("image: busybox:1.37"),
                "a public image is kept: " + yaml.get(0).getLiteral());
        assertFalse(yaml.get(0).getLiteral().contains("serviceAccountName"), "the cluster's service account is left out");
        assertFalse(yaml.get(0).getLiteral().contains("status:"), "only the spec");
        assertEquals(1, tables.size(), "the key facts render as a table");
        assertTrue(r.err().contains("redaction map is not written"), "on standard output, the author is told the map is not written");
    }

    @Test
    void theDocsShowTheDraftThisBuildWrites() throws IOException {
        Cli r = Cli.run("analyze", "samples/issue-17024/logs", "samples/issue-17024/snapshots", "--now", "2026-09-20T00:00:00Z",
                "-o", "github-issue", "--redact-key", "docs");
        String draft = r.out().replace("(commit " + dev.argoforensics.report.ToolInfo.current().commit() + ")", "(commit <build commit>)");
        assertTrue(Files.readString(Path.of("docs/reports.md"), StandardCharsets.UTF_8).contains("````markdown\n" + draft + "````\n"),
                "docs/reports.md shows the #17024 draft as this build writes it:\n" + draft);
    }

    @Test
    void withoutRedactionTheNamesStayAndNoMapIsNeeded() {
        Cli r = draft17024("--no-redact");
        assertTrue(r.out().contains("kubectl logs -n argo deploy/workflow-controller | grep status-capture-repro"), r.out());
        assertTrue(r.out().contains("kubectl logs -n status-capture-test status-capture-repro -c wait"), r.out());
        assertEquals("", r.err());
        Cli both = Cli.run("analyze", "samples/issue-17024/logs", "-o", "github-issue", "--no-redact", "--redact");
        assertEquals(Main.EXIT_USAGE, both.exitCode());
        Cli notDraft = Cli.run("analyze", "samples/issue-17024/logs", "--finding", "1");
        assertEquals(Main.EXIT_USAGE, notDraft.exitCode(), "--finding only with github-issue");
    }

    @Test
    void theFindingIsChosenByNumberOrPod() {
        Cli third = draft17024("--finding", "3");
        assertTrue(third.out().contains("from finding 3, AF003"), third.out());
        assertTrue(third.out().contains("no upstream issue reports what AF003 finds by itself"), "AF003 is context of #17024, no match");
        Cli byPod = draft17024("--pod", "status-capture-test/status-capture-repro");
        assertTrue(byPod.out().contains("from finding 1, AF001"), "the cause of the Pod's symptom (AF002), of its most severe findings");
        Cli none = draft17024("--pod", "no-such-pod");
        assertEquals(Main.EXIT_USAGE, none.exitCode());
        // --pod scopes the report, so the draft is chosen among that Pod's findings: there are none.
        assertTrue(none.err().contains("no finding in scope (Pod no-such-pod) to draft a bug report from; 3 out of it"), none.err());
        Cli outOfRange = draft17024("--finding", "4");
        assertTrue(outOfRange.err().contains("--finding 4: there are 3 findings"), outOfRange.err());
    }

    /**
     * A likely finding may lead a draft, its confidence and what it lacked shown (session 41; before, only a confirmed one could); a
     * possible one leads only when chosen by number: without a confirmed or likely finding the command says so and lists them.
     */
    @Test
    void aLikelyFindingLeadsSayingSoWithoutOneItSaysSoAndListsTheFindings() {
        Cli likely = Cli.run("analyze", "samples/false-pod-deleted/logs", "--now", "2026-06-13T00:00:00Z", "-o", "github-issue", "--no-redact");
        assertTrue(likely.out().contains("from finding 1, AF008 (high, likely)"), likely.out() + likely.err());
        assertTrue(likely.out().contains("**How sure.** Likely, not confirmed: "), likely.out());
        Cli r = Cli.run("analyze", "samples/false-pod-deleted-grep-cut/logs", "--now", "2026-06-13T00:00:00Z", "-o", "github-issue");
        assertEquals(Main.EXIT_USAGE, r.exitCode());
        assertEquals("", r.out());
        assertTrue(r.err().contains("no confirmed or likely finding to draft a bug report from; the one finding, with --finding 1"), r.err());
        assertTrue(r.err().contains("1. AF008 high possible, Pod billing/daily-invoice-rollup-export-3089624639"), r.err());
    }

    @Test
    void theWaitContainersLinesAreQuotedWhenGiven() throws IOException {
        Path logs = SampleFiles.copy(Path.of("samples/taskresult-forbidden/logs"), dir.resolve("logs"));
        // Without the controller's "Pod failed" line, the refusal is read from the wait container's own line.
        Path controllerLog = logs.resolve("workflow-controller.json.log");
        Files.write(controllerLog, Files.readAllLines(controllerLog, StandardCharsets.UTF_8).stream()
                .filter(l -> !l.contains("\"msg\":\"Pod failed\"")).toList(), StandardCharsets.UTF_8);
        Files.writeString(logs.resolve("wait.log"), "time=2026-10-14T09:31:26.902Z level=WARN msg=\"failed to patch task result, see "
                + "https://argo-workflows.readthedocs.io/en/latest/workflow-rbac/\" attempt=0 error=\"workflowtaskresults.argoproj.io "
                + "\\\"train-eval-5xj9w-2186810418\\\" is forbidden: User \\\"system:serviceaccount:ml-training:trainer\\\" cannot patch "
                + "resource \\\"workflowtaskresults\\\" in API group \\\"argoproj.io\\\" in the namespace \\\"ml-training\\\"\"\n",
                StandardCharsets.UTF_8);
        Cli r = Cli.run("analyze", logs.toString(), "--now", "2026-10-15T00:00:00Z", "-o", "github-issue", "--finding", "1", "--no-redact");
        String wait = r.out().substring(r.out().indexOf("### Logs from in your workflow's wait container"));
        assertTrue(wait.contains("1 line of the wait container the finding cites") && wait.contains("msg=\"failed to patch task result"), r.out());
        String controller = r.out().substring(r.out().indexOf("### Logs from the workflow controller"), r.out().indexOf("### Logs from in"));
        assertFalse(controller.contains("failed to patch task result"), "the executor's line is not the controller's");
    }

    @Test
    void longLogsAreFoldedAndCutToOneIssueBody() throws IOException {
        Path logs = SampleFiles.copy(Path.of("samples/issue-17024/logs"), dir.resolve("logs"));
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 3000; i++) {
            b.append(String.format("time=2026-09-19T16:32:%02d.%03dZ level=INFO msg=\"update pod event\" component=pod_controller"
                    + " pod=status-capture-repro padding=%s%n", i / 1000, i % 1000, "x".repeat(150)));
        }
        Files.writeString(logs.resolve("4-more.log"), b, StandardCharsets.UTF_8);
        Cli r = Cli.run("analyze", logs.toString(), "samples/issue-17024/snapshots", "--now", "2026-09-20T00:00:00Z", "-o", "github-issue",
                "--redact-key", "k");
        String d = r.out();
        assertTrue(d.codePointCount(0, d.length()) <= 65_536, "length " + d.length());
        assertTrue(d.matches("(?s).*; \\d+ more left out to stay within GitHub's issue size\\..*"), "the cut is said");
        assertTrue(d.contains("<summary>") && d.contains("controller lines, from "), "long logs are folded");
        assertTrue(d.contains("### Logs from in your workflow's wait container"), "the last section is still there");
    }
}
