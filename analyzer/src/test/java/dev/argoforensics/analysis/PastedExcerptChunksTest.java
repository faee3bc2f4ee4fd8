package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.envelope.EnvelopeKind;
import dev.argoforensics.event.LogEvent;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pasted excerpts read in chunks (session 33): what a chunk boundary must not cut apart. Each case puts a boundary exactly where
 * the defect showed (the planner cuts at the first line break at or after the chunk size, so a chunk size equal to the offset of a
 * line's break ends the chunk on that line), and compares with the file read whole.
 */
class PastedExcerptChunksTest {
    @TempDir
    Path dir;

    private record Read(List<LogEvent> events, InputSummary summary, AnalysisResult result) {
    }

    private Read read(long chunkBytes, String name, List<String> lines) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        AnalysisOptions options = AnalysisOptions.defaults().withThreads(2).keepingEverything(true).withChunkBytes(chunkBytes);
        AnalysisResult result = Analysis.standard(options).run(List.of(p.toString()));
        return new Read(result.correlation().events(), result.inputs().get(0), result);
    }

    /** The byte offset of the line break that ends the first line equal to {@code line}. */
    private static long breakAfter(List<String> lines, String line) {
        long offset = 0;
        for (String l : lines) {
            offset += l.getBytes(StandardCharsets.UTF_8).length;
            if (l.equals(line)) {
                return offset;
            }
            offset++;
        }
        throw new IllegalArgumentException(line);
    }

    /** A log console's rows copied as text: each row's time on a line of its own, the controller's line under it. */
    private static List<String> consoleCopy() {
        List<String> lines = new ArrayList<>();
        lines.add("Copied from the log console, controller Pod workflow-controller-85c7d9f6b4-m2qrt:");
        lines.add("");
        String[][] rows = {
            {"2026-03-17 08:41:02.118", "time=\"2026-03-17T08:41:02.117Z\" level=info msg=\"Processing workflow\" Phase=Running"
                    + " ResourceVersion=40211 namespace=media workflow=thumbs-batch-q7w2c"},
            {"2026-03-17 08:41:02.131", "time=\"2026-03-17T08:41:02.130Z\" level=info msg=\"Pod failed: Error (exit code 137)\""
                    + " displayName=\"resize(3)\" namespace=media pod=thumbs-batch-q7w2c-resize-3318804467 templateName=resize"
                    + " workflow=thumbs-batch-q7w2c"},
            {"2026-03-17 08:41:02.140", "time=\"2026-03-17T08:41:02.139Z\" level=info msg=\"node changed\" namespace=media"
                    + " new.message=\"Error (exit code 137)\" new.phase=Failed new.progress=0/1"
                    + " nodeID=thumbs-batch-q7w2c-3318804467 old.message= old.phase=Running old.progress=0/1 workflow=thumbs-batch-q7w2c"},
            {"2026-03-17 08:41:02.162", "time=\"2026-03-17T08:41:02.161Z\" level=info msg=\"Workflow update successful\""
                    + " namespace=media phase=Running resourceVersion=40219 workflow=thumbs-batch-q7w2c"},
        };
        for (String[] row : rows) {
            lines.add(row[0]);
            lines.add(row[1]);
        }
        return lines;
    }

    /**
     * A time line and the record under it on either side of a chunk boundary: the record keeps the time above it as the collector's,
     * and the time line is no unparsed line. Before, the chunk before gave the time line back as a line of its own (unparsed) and
     * the record at the head of the next chunk had no collector's time.
     */
    @Test
    void aTimeLineAndItsRecordAcrossAChunkBoundaryKeepTheTime() throws IOException {
        List<String> lines = consoleCopy();
        Read whole = read(1 << 24, "console.txt", lines);
        assertEquals(4, whole.events().size());
        assertTrue(whole.events().stream().allMatch(e -> e.envelope() == EnvelopeKind.TIME_ABOVE), whole.events().toString());
        assertEquals(1, whole.summary().unparsed(), "the sentence only");
        for (String timeLine : List.of("2026-03-17 08:41:02.131", "2026-03-17 08:41:02.162")) {
            Read cut = read(breakAfter(lines, timeLine), "console.txt", lines);
            assertEquals(whole.summary().unparsed(), cut.summary().unparsed(), "boundary after " + timeLine);
            assertEquals(whole.summary().continuation(), cut.summary().continuation(), "boundary after " + timeLine);
            for (int i = 0; i < whole.events().size(); i++) {
                LogEvent w = whole.events().get(i);
                LogEvent c = cut.events().get(i);
                assertEquals(w.line(), c.line());
                assertEquals(EnvelopeKind.TIME_ABOVE, c.envelope(), "boundary after " + timeLine + ": line " + c.line());
                assertNotNull(c.envelopeTime());
                assertEquals(w.envelopeTime().instant(), c.envelopeTime().instant());
            }
        }
    }

    /**
     * Negative control: a time line with prose under it, cut from it by a boundary as before, is still given back as a line of its
     * own; and a file of records with no time lines is cut where it was.
     */
    @Test
    void aTimeLineWithProseUnderItStaysALineOfItsOwnInChunks() throws IOException {
        List<String> lines = new ArrayList<>(consoleCopy());
        lines.add("2026-03-17 08:45:00.000");
        lines.add("here the controller was restarted by the node drain");
        lines.addAll(consoleCopy().subList(2, 4));
        Read whole = read(1 << 24, "console.txt", lines);
        Read cut = read(breakAfter(lines, "2026-03-17 08:45:00.000"), "console.txt", lines);
        assertEquals(3, whole.summary().unparsed(), "the two sentences and the time line above the second");
        assertEquals(whole.summary().unparsed(), cut.summary().unparsed());
        assertEquals(whole.events().size(), cut.events().size());
    }

    private static final String WF = "thumbs-batch-q7w2c";
    private static final String WAIT_COMMAND = "kubectl logs -n media -c wait -l workflows.argoproj.io/workflow=" + WF
            + ",workflow.argoproj.io/phase!=Succeeded";
    private static final String ALLOC = "time=\"2026-03-17T08:44:09.512Z\" level=info msg=\"Alloc=7354 TotalAlloc=14402 Sys=23826 NumGC=5"
            + " Goroutines=8\"";

    /** Argo's bug report form as an issue shows it once filled in: the controller's lines, then the wait container's, each field fenced. */
    private static List<String> bugReportForm() {
        List<String> lines = new ArrayList<>();
        lines.add("### What happened? What did you expect to happen?");
        lines.add("");
        lines.add("The resize step's Pod was killed (exit code 137) and the Workflow kept running for minutes afterwards.");
        lines.add("");
        lines.add("### Version(s)");
        lines.add("");
        lines.add("v3.6.4");
        lines.add("");
        lines.add("### Logs from the workflow controller");
        lines.add("");
        lines.add("```text");
        lines.add("kubectl logs -n argo deploy/workflow-controller | grep " + WF);
        lines.addAll(consoleCopy().subList(2, 10).stream().filter(l -> l.startsWith("time=")).toList());
        lines.add("```");
        lines.add("");
        lines.add("### Logs from in your workflow's wait container");
        lines.add("");
        lines.add("```text");
        lines.add(WAIT_COMMAND);
        lines.add("time=\"2026-03-17T08:44:01.020Z\" level=info msg=\"Starting Workflow Executor\" executorType=emissary version=v3.6.4");
        lines.add("time=\"2026-03-17T08:44:01.031Z\" level=info msg=\"Using executor retry strategy\" Duration=1s Factor=1.6 Jitter=0.5 Steps=5");
        lines.add("time=\"2026-03-17T08:44:01.032Z\" level=info msg=\"Executor initialized\" includeScriptOutput=false namespace=media"
                + " podName=thumbs-batch-q7w2c-watermark-905512873 templateName=watermark version=v3.6.4");
        lines.add("time=\"2026-03-17T08:44:01.044Z\" level=info msg=\"Starting deadline monitor\"");
        lines.add("time=\"2026-03-17T08:44:09.488Z\" level=info msg=\"Main container completed\" error=\"<nil>\"");
        lines.add("time=\"2026-03-17T08:44:09.490Z\" level=info msg=\"No output parameters\"");
        lines.add("time=\"2026-03-17T08:44:09.490Z\" level=info msg=\"No output artifacts\"");
        lines.add(ALLOC);
        lines.add("time=\"2026-03-17T08:44:09.530Z\" level=info msg=\"Deadline monitor stopped\"");
        lines.add("```");
        lines.add("");
        lines.add("### Logs from in your workflow's main container");
        return lines;
    }

    /**
     * The bug report form's wait container field ({@code kubectl logs -c wait -l workflows.argoproj.io/workflow=…}): its lines are the
     * wait container's, the stats line among them too, which the controller also writes. Read whole and with a chunk boundary right
     * after the command and among the lines: no controller run holds the stats line. Before, the command's label selector named no
     * container the lines could be given to, and the stats line was a nameless record of the controller's run (as if the controller
     * had been read whole up to 08:44:09); read in chunks, a chunk after the command did not know it either.
     */
    @Test
    void theWaitContainersFieldOfTheBugReportFormIsNoControllerRun() throws IOException {
        List<String> lines = bugReportForm();
        for (long chunkBytes : new long[] {1 << 24, breakAfter(lines, WAIT_COMMAND), breakAfter(lines, lines.get(lines.indexOf(ALLOC) - 2))}) {
            Read r = read(chunkBytes, "issue-body.md", lines);
            List<dev.argoforensics.event.ControllerProcess> runs = r.result().correlation().processes();
            assertEquals(1, runs.size(), chunkBytes + ": " + runs);
            assertEquals(0, runs.get(0).nameless().records(), chunkBytes + ": the stats line is the wait container's");
            assertEquals("2026-03-17T08:41:02.161Z", runs.get(0).last().format(), chunkBytes + ": the controller's last line");
            assertEquals(9L, r.summary().otherContainers().get("wait"), chunkBytes + ": " + r.summary().otherContainers());
            assertTrue(r.events().stream().noneMatch(e -> e.text().contains("Alloc=")), chunkBytes + "");
        }
    }

    /**
     * Negative control: the controller's own stats line under the form's controller command ({@code deploy/workflow-controller}) stays
     * the controller's, whole and in chunks; and a selector without {@code -c} names no container.
     */
    @Test
    void theControllersStatsLineStaysTheControllers() throws IOException {
        List<String> lines = bugReportForm();
        int fence = lines.indexOf("kubectl logs -n argo deploy/workflow-controller | grep " + WF);
        List<String> own = new ArrayList<>(lines.subList(0, fence + 5));
        own.add(ALLOC);
        String noContainer = "kubectl logs -n media -l workflows.argoproj.io/workflow=" + WF;
        own.addAll(List.of("```", "", "```text", noContainer));
        own.add(ALLOC.replace("08:44:09.512", "08:46:09.512"));
        own.add("```");
        for (long chunkBytes : new long[] {1 << 24, breakAfter(own, own.get(fence + 3)), breakAfter(own, noContainer)}) {
            Read r = read(chunkBytes, "issue-body.md", own);
            List<dev.argoforensics.event.ControllerProcess> runs = r.result().correlation().processes();
            assertEquals(1, runs.size(), chunkBytes + ": " + runs);
            assertEquals(2, runs.get(0).nameless().records(), chunkBytes + ": both stats lines are the controller's");
            assertTrue(r.summary().otherContainers().isEmpty(), chunkBytes + ": " + r.summary().otherContainers());
        }
    }

    private static final String REPL_SECOND = ">>> config.load_kube_config()";

    /**
     * A reply that pastes a Python session in a fenced block (its {@code >>>} prompts, the controller's lines it printed), then quotes
     * an earlier comment's controller lines.
     */
    private static List<String> replWithQuoteAfter() {
        List<String> lines = new ArrayList<>();
        lines.add("Same here. I pulled the controller's lines with the Python client:");
        lines.add("");
        lines.add("```python");
        lines.add(">>> from kubernetes import client, config");
        lines.add(REPL_SECOND);
        lines.add(">>> v1 = client.CoreV1Api()");
        lines.add(">>> print(v1.read_namespaced_pod_log(\"workflow-controller-85c7d9f6b4-m2qrt\", \"argo\", since_seconds=900))");
        lines.addAll(consoleCopy().subList(2, 10).stream().filter(l -> l.startsWith("time=")).toList());
        lines.add("");
        lines.add(">>> ");
        lines.add("```");
        lines.add("");
        lines.add("The first report had the same:");
        lines.add("");
        lines.add("> time=\"2026-02-02T11:05:40.201Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=1180 namespace=ml"
                + " workflow=train-sweep-h5k2j");
        lines.add("> time=\"2026-02-02T11:05:40.230Z\" level=info msg=\"Workflow pod is missing\" namespace=ml"
                + " nodeName=\"train-sweep-h5k2j[0].fit\" nodePhase=Running recentlyStarted=false workflow=train-sweep-h5k2j");
        return lines;
    }

    /**
     * {@code >>>} prompts inside a fenced block are the block's text, not quotes: the reply's own lines are one run, and the quote
     * after the block is the file's first, whole and with a chunk boundary inside the block. Before, each stretch of prompts was
     * counted as a blockquote, and the real quote was named as the file's third.
     */
    @Test
    void promptsInAFencedBlockAreNoQuotes() throws IOException {
        List<String> lines = replWithQuoteAfter();
        for (long chunkBytes : new long[] {1 << 24, breakAfter(lines, REPL_SECOND)}) {
            Read r = read(chunkBytes, "reply.md", lines);
            List<dev.argoforensics.event.ControllerProcess> runs = r.result().correlation().processes();
            assertEquals(2, runs.size(), chunkBytes + ": " + runs);
            assertEquals(List.of("reply.md", "reply.md, quoted (>)"), runs.stream().map(dev.argoforensics.event.ControllerProcess::replica)
                    .sorted().toList(), chunkBytes + ": " + runs);
            assertEquals(4, runs.stream().filter(p -> p.replica().equals("reply.md")).findFirst().orElseThrow().events(), chunkBytes + "");
        }
    }

    /**
     * Negative control: a quote that holds a fenced block ({@code > ```}) stays one quote (its fence is the quote's own), and a quote
     * after a fenced block that closed is still a quote, whole and in chunks.
     */
    @Test
    void aFenceInsideAQuoteAndAQuoteAfterAClosedFenceStayQuotes() throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add("From the first report:");
        lines.add("> ```text");
        List<String> quoted = replWithQuoteAfter().subList(replWithQuoteAfter().size() - 2, replWithQuoteAfter().size());
        lines.addAll(quoted);
        lines.add("> ```");
        lines.add("");
        lines.add("```");
        lines.add("$ kubectl get pods -n ml");
        lines.add("```");
        lines.add("");
        lines.add("> time=\"2026-02-02T11:06:10.010Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=1190 namespace=ml"
                + " workflow=train-sweep-h5k2j");
        for (long chunkBytes : new long[] {1 << 24, breakAfter(lines, "$ kubectl get pods -n ml")}) {
            Read r = read(chunkBytes, "reply.md", lines);
            List<dev.argoforensics.event.ControllerProcess> runs = r.result().correlation().processes();
            assertEquals(List.of("reply.md, quoted (>)", "reply.md, quoted (>, quote 2)"), runs.stream()
                    .map(dev.argoforensics.event.ControllerProcess::replica).sorted().toList(), chunkBytes + ": " + runs);
        }
    }
}
