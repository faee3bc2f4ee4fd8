package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.accounting.UnparsedLine;
import dev.argoforensics.report.Invocation;
import dev.argoforensics.report.ReportBuilder;
import dev.argoforensics.report.ReportFormat;
import dev.argoforensics.report.TimelineScope;
import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An issue's or comment's text around log lines it quotes in Markdown containers (a fenced block, code spans, a quote) is the text
 * around a paste (excerpt furniture, prose), not unparsed log lines that would make every finding's log one "with gaps"; a line among
 * the quoted records that is none stays unparsed. The same accounting and the same report whatever the chunk boundaries: each file is
 * read whole, one line a chunk, and cut after each of its lines in turn (the file's assembler follows the fences in file order).
 */
class IssueProseChunksTest {
    @TempDir
    Path dir;

    private static final String WF = "nightly-etl-q7w2x";

    private static String rec(String time, String msg, String rest) {
        return "time=\"2026-11-07T" + time + "Z\" level=info msg=\"" + msg + "\" " + rest;
    }

    private static final List<String> RECORDS = List.of(
            rec("08:10:02.311", "Processing workflow", "Phase=Running ResourceVersion=5518820 namespace=ml-batch workflow=" + WF),
            rec("08:10:02.318", "Pod failed: pod deleted", "displayName=extract namespace=ml-batch pod=" + WF + "-extract-2287110542 templateName=extract workflow=" + WF),
            rec("08:10:02.320", "node changed", "namespace=ml-batch new.message=\"pod deleted\" new.phase=Error new.progress=0/1 nodeID=" + WF
                    + "-2287110542 old.message= old.phase=Running old.progress=0/1 workflow=" + WF),
            rec("08:10:02.351", "Workflow update successful", "namespace=ml-batch phase=Running resourceVersion=5518833 workflow=" + WF));

    /** A bug report as GitHub keeps it: headings and sentences, the controller's lines in a fence, a manifest in another. */
    private static List<String> issue(boolean sentenceInsideTheFence) {
        List<String> lines = new ArrayList<>();
        lines.add("### What happened? What did you expect to happen?");
        lines.add("");
        lines.add("The extract step ended Error with the message pod deleted, though nobody deleted it by hand.");
        lines.add("We expected the node to keep its result.");
        lines.add("");
        lines.add("### Version(s)");
        lines.add("");
        lines.add("v3.7.9");
        lines.add("");
        lines.add("### Logs from the workflow controller");
        lines.add("");
        lines.add("```text");
        lines.addAll(RECORDS.subList(0, 2));
        if (sentenceInsideTheFence) {
            lines.add("this line I typed into the block by mistake");
        }
        lines.addAll(RECORDS.subList(2, 4));
        lines.add("```");
        lines.add("");
        lines.add("The manifest, trimmed:");
        lines.add("");
        lines.add("```yaml");
        lines.add("kind: Workflow");
        lines.add("spec:");
        lines.add("  entrypoint: main");
        lines.add("```");
        lines.add("");
        lines.add("Anything else: the node pool was scaled down around then.");
        return lines;
    }

    private record Read(InputSummary summary, String report) {
        String accounting() {
            return summary.format() + " lines=" + summary.lines() + " events=" + summary.events() + " continuation=" + summary.continuation()
                    + " blank=" + summary.blank() + " unparsed=" + summary.unparsed() + " " + summary.furniture() + " samples=" + summary.samples();
        }
    }

    private static Read read(Path p, long chunkBytes) throws IOException {
        AnalysisResult r = Analysis.standard(AnalysisOptions.defaults().withThreads(2).withChunkBytes(chunkBytes)).run(List.of(p.toString()));
        Invocation at = new Invocation(List.of("analyze", p.toString()), new Timestamp(Instant.parse("2026-12-01T00:00:00Z"), TimePrecision.SECOND,
                ZoneBasis.STATED), true);
        return new Read(r.inputs().get(0), ReportFormat.TEXT.renderer(false).render(new ReportBuilder().build(r, TimelineScope.NONE, at)));
    }

    private Path write(String name, List<String> lines) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        return p;
    }

    /** The file read whole, and checked equal to it read one line a chunk and cut after each of its lines in turn. */
    private static Read sameAtEveryCut(Path p) throws IOException {
        Read whole = read(p, 1 << 24);
        byte[] bytes = Files.readAllBytes(p);
        List<Long> sizes = new ArrayList<>(List.of(1L));
        for (int i = 0; i < bytes.length - 1; i++) {
            if (bytes[i] == '\n') {
                sizes.add((long) i + 1);
            }
        }
        for (long k : sizes) {
            Read cut = read(p, k);
            assertEquals(whole.accounting(), cut.accounting(), p.getFileName() + " in chunks of " + k + " bytes");
            assertEquals(whole.report(), cut.report(), p.getFileName() + " in chunks of " + k + " bytes");
        }
        return whole;
    }

    @Test
    void theTextAroundAFencedLogIsProseAtEveryCut() throws IOException {
        Read r = sameAtEveryCut(write("issue.md", issue(false)));
        assertEquals(4, r.summary().events());
        assertEquals(0, r.summary().unparsed(), r.accounting());
        // The sentences, the version, the manifest's three lines (a fenced block that holds no log line): no log line. The three
        // `###` headings are markup since session 61 (an issue form's field labels, FurnitureLine), no longer prose.
        assertEquals(8, r.summary().furniture().prose(), r.accounting());
        assertEquals(7, r.summary().furniture().markup(), r.accounting());
        assertTrue(!r.report().contains("logs with gaps"), r.report());
    }

    /** Negative control: a sentence among the fenced records is a line of the log that is no record, at its line, at every cut. */
    @Test
    void aSentenceAmongTheFencedRecordsStaysUnparsed() throws IOException {
        Read r = sameAtEveryCut(write("issue.md", issue(true)));
        assertEquals(1, r.summary().unparsed(), r.accounting());
        assertEquals(8, r.summary().furniture().prose(), r.accounting());
        List<UnparsedLine> samples = r.summary().samples();
        assertEquals(1, samples.size(), samples.toString());
        assertTrue(samples.get(0).source().toString().endsWith("issue.md:15"), samples.toString());
    }

    /** Negative control: in a log no Markdown wraps, a sentence is an unparsed line as before (nothing says it is a paste's text). */
    @Test
    void aSentenceInAPlainLogStaysUnparsed() throws IOException {
        List<String> lines = new ArrayList<>(RECORDS.subList(0, 2));
        lines.add("the controller was restarted here");
        lines.addAll(RECORDS.subList(2, 4));
        Read r = sameAtEveryCut(write("controller.log", lines));
        assertEquals(1, r.summary().unparsed(), r.accounting());
        assertEquals(0, r.summary().furniture().prose(), r.accounting());
    }

    /**
     * A paste newest first (a log console's order) in a fence with a language, text before and after it: the assembler meets the lines
     * last first, and the fence that opened the block ends it there.
     */
    @Test
    void aFencedPasteNewestFirstKeepsItsTextAsProse() throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add("Copied from our log console (newest first):");
        lines.add("");
        lines.add("```text");
        for (int i = RECORDS.size() - 1; i >= 0; i--) {
            lines.add(RECORDS.get(i));
        }
        lines.add("```");
        lines.add("");
        lines.add("After this the Workflow stayed Running for an hour.");
        Read r = sameAtEveryCut(write("reply.md", lines));
        assertEquals(0, r.summary().unparsed(), r.accounting());
        assertEquals(2, r.summary().furniture().prose(), r.accounting());
    }

    /** The samples whose logs quote records in Markdown containers, read at every cut; the code spans' two sentences are prose. */
    @Test
    void theMarkdownSamplesReadAlikeAtEveryCut() throws IOException {
        Read spans = sameAtEveryCut(Path.of("samples/code-spans-pasted/logs/issue-comment.txt"));
        assertEquals(0, spans.summary().unparsed(), spans.accounting());
        assertEquals(2, spans.summary().furniture().prose(), spans.accounting());
        Read excerpt = sameAtEveryCut(Path.of("samples/issue-report-excerpt/logs/issue.txt"));
        assertEquals(50, excerpt.summary().furniture().prose(), excerpt.accounting());
        sameAtEveryCut(Path.of("samples/markdown-wrapped-pastes/logs/workflow-controller.log"));
        sameAtEveryCut(Path.of("samples/quoted-two-comments/logs/reply.txt"));
    }

    private static final List<String> V4 = List.of(
            "time=2026-07-30T11:02:20.004Z level=INFO msg=\"Processing workflow\" workflow=echo-once-t5r8w namespace=batch phase=Running"
                    + " resourceVersion=99120077 component=workflow_worker",
            "time=2026-07-30T11:02:20.006Z level=INFO msg=\"Task-result reconciliation\" namespace=batch workflow=echo-once-t5r8w numObjs=0"
                    + " component=workflow_worker",
            "time=2026-07-30T11:02:20.031Z level=INFO msg=\"Workflow update successful\" component=workflow_worker workflow=echo-once-t5r8w"
                    + " namespace=batch resourceVersion=99120101 phase=Running");

    /** A comment's bullet list, the controller's lines in the item's fence, indented as the item's text is. */
    private static List<String> listItemFence(String fenceIndent, String lineIndent) {
        List<String> lines = new ArrayList<>();
        lines.add("### What happened");
        lines.add("- The Workflow stayed Running for 40 minutes. Controller, grepped for it:");
        lines.add(fenceIndent + "```text");
        V4.forEach(l -> lines.add(lineIndent + l));
        lines.add(fenceIndent + "```");
        lines.add("- No error anywhere.");
        return lines;
    }

    /**
     * A fence indented under a list item (as argoproj/argo-workflows#15034's comments paste their container statuses and logs): its
     * lines lose the item's indentation, as Markdown renders them, so the records are read as written, behind no prefix; at every
     * cut (a chunk that starts inside the block carries the fence's indentation). Before, each was a record behind an unrecognised
     * prefix (the format "slog text in unrecognised prefix"), and the item's sentences unparsed lines.
     */
    @Test
    void aListItemsFenceLosesTheItemsIndentation() throws IOException {
        Read r = sameAtEveryCut(write("comment.md", listItemFence("  ", "  ")));
        assertEquals(3, r.summary().events(), r.accounting());
        assertEquals(0, r.summary().prefixed(), r.accounting());
        assertEquals("slog text", r.summary().format(), r.accounting());
        assertEquals(0, r.summary().unparsed(), r.accounting());
        assertEquals(2, r.summary().furniture().prose(), r.accounting()); // the item's two sentences; its `###` heading is markup
        assertEquals(3, r.summary().furniture().markup(), r.accounting());
    }

    /** Negative control: lines indented further than their fence keep the rest of their indentation, which is theirs. */
    @Test
    void indentationBeyondTheFencesStaysTheLines() throws IOException {
        Read r = sameAtEveryCut(write("comment.md", listItemFence("", "  ")));
        assertEquals(3, r.summary().prefixed(), r.accounting());
        Read deeper = sameAtEveryCut(write("deeper.md", listItemFence("  ", "    ")));
        assertEquals(3, deeper.summary().prefixed(), deeper.accounting());
    }
}
