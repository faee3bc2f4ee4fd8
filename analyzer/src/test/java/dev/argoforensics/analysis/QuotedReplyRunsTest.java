package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.ControllerProcess.ReplicaSource;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A reply that quotes another comment's controller lines ({@code > time=…}) before pasting its own: the quoted lines are another
 * controller's (another reporter's, at other times), a run of their own named as a quote. Before, with no start-up line among the
 * reply's own lines, those were read as more lines of the quoted controller: its release and start-up taken for the reply's.
 */
class QuotedReplyRunsTest {
    @TempDir
    Path dir;

    private static final String[] QUOTED = {
        "> time=\"2026-10-02T14:10:00.001Z\" level=info msg=\"Starting Workflow Controller\" defaultRequeueTime=10s version=v3.7.2",
        "> time=\"2026-10-02T14:10:00.012Z\" level=info msg=\"Current Worker Numbers\" cronWorkflowWorkers=8 podCleanup=4 workflowArchive=8 workflowTtlWorkers=4 workflowWorkers=32",
        "> time=\"2026-10-02T14:12:31.400Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=5521 namespace=etl workflow=nightly-sync-7hq2k",
        "> time=\"2026-10-02T14:12:31.410Z\" level=info msg=\"Workflow pod is missing\" namespace=etl nodeName=\"nightly-sync-7hq2k[1].load\" nodePhase=Running recentlyStarted=false workflow=nightly-sync-7hq2k",
    };

    private AnalysisResult run(long chunkBytes, List<String> lines) throws IOException {
        Path p = dir.resolve("reply.txt");
        Files.writeString(p, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        return Analysis.standard(AnalysisOptions.defaults().withThreads(2).withChunkBytes(chunkBytes).keepingEverything(true))
                .run(List.of(p.toString()));
    }

    private static List<String> reply() throws IOException {
        List<String> out = new ArrayList<>();
        out.add("Same here on v3.7.4. Quoting the first report:");
        out.add("");
        out.addAll(List.of(QUOTED));
        out.add("");
        out.add("Ours:");
        out.add("```");
        // The reply's own lines, cut by grep: no start-up line among them.
        out.addAll(Files.readAllLines(Path.of("samples/terminal-session-pasted/logs/workflow-controller.log")).subList(2, 24));
        out.add("```");
        return out;
    }

    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 512})
    void theQuotedLinesAreARunOfTheirOwnNamedAsAQuote(long chunkBytes) throws IOException {
        AnalysisResult r = run(chunkBytes, reply());
        List<ControllerProcess> runs = r.correlation().processes();
        assertEquals(2, runs.size(), runs.toString());
        ControllerProcess quoted = runs.stream().filter(p -> p.replicaFrom() == ReplicaSource.QUOTE).findFirst().orElseThrow();
        ControllerProcess own = runs.stream().filter(p -> p.replicaFrom() == ReplicaSource.FILE).findFirst().orElseThrow();
        assertEquals("reply.txt, quoted (>)", quoted.replica());
        assertEquals(4, quoted.events());
        assertEquals("2026-10-02T14:12:31.410Z", quoted.last().format());
        assertEquals(22, own.events());
        assertEquals("2026-11-20T09:00:05.100Z", own.first().format(), "the reply's own run starts at its own first line");
        assertTrue(!own.release().contains("v3.7.2"), "the quoted controller's release is not the reply's: " + own.release());
        // The two sentences around the quote and the fence are the reply's text (session 44: before, unparsed lines).
        assertEquals(0, r.inputs().get(0).unparsed(), "no line of the log is unparsed");
        assertEquals(2, r.inputs().get(0).furniture().prose(), "the two sentences are the text around the quoted lines");
    }

    /** A second earlier comment, quoted at the same depth after a sentence: another reporter's controller, on another cluster. */
    private static final String[] SECOND = {
        "> time=\"2026-10-02T14:20:05.100Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=88120 namespace=geo workflow=tile-sweep-p2x8d",
        "> time=\"2026-10-02T14:21:40.252Z\" level=info msg=\"Removing finalizers during a delete\" pod.Finalizers=\"[workflows.argoproj.io/status]\"",
        "> time=\"2026-10-02T14:21:40.254Z\" level=info msg=\"queuing poddelay-1m2.2s\" action=removeFinalizer namespace=geo podGC=\"{ <nil> }\" podName=tile-sweep-p2x8d-render-1741471952",
    };

    /**
     * Two earlier comments quoted at the same depth, a sentence or a blank line between them (GitHub renders two blockquotes): two
     * runs, the second named as the file's second quote. Before, they were one run, the first controller's start-up, release and
     * worker numbers taken for the second's. At a small chunk size too: a file that quotes is read in one chunk.
     */
    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 512})
    void twoBlockquotesAreTwoRuns(long chunkBytes) throws IOException {
        for (String between : List.of("and the second one, on a Karpenter cluster:", "")) {
            List<String> lines = new ArrayList<>();
            lines.add("Two earlier comments:");
            lines.addAll(List.of(QUOTED));
            lines.add("");
            if (!between.isEmpty()) {
                lines.add(between);
                lines.add("");
            }
            lines.addAll(List.of(SECOND));
            AnalysisResult r = run(chunkBytes, lines);
            List<ControllerProcess> runs = r.correlation().processes();
            assertEquals(2, runs.size(), runs.toString());
            ControllerProcess first = runs.stream().filter(p -> p.replica().equals("reply.txt, quoted (>)")).findFirst().orElseThrow();
            ControllerProcess second = runs.stream().filter(p -> p.replica().equals("reply.txt, quoted (>, quote 2)")).findFirst().orElseThrow();
            assertEquals(ReplicaSource.QUOTE, second.replicaFrom());
            assertEquals(4, first.events());
            assertEquals(3, second.events());
            assertEquals("2026-10-02T14:20:05.100Z", second.first().format());
            assertTrue(!second.release().contains("v3.7.2"), "the first quote's release is not the second's: " + second.release());
        }
    }

    /** Negative control: one blockquote whose paragraphs a {@code >} alone separates (a quote reply of one comment) stays one run. */
    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 512})
    void oneBlockquoteOfParagraphsIsOneRun(long chunkBytes) throws IOException {
        List<String> lines = new ArrayList<>(List.of(QUOTED));
        assertOneQuoteOfParagraphs(chunkBytes, lines);
    }

    /** Negative control: a file quoted whole (a reply that quotes, and adds only prose) is one run, the quote's. */
    @ParameterizedTest
    @ValueSource(longs = {1 << 24})
    void aFileQuotedWholeIsOneRun(long chunkBytes) throws IOException {
        AnalysisResult r = run(chunkBytes, List.of(QUOTED));
        assertEquals(1, r.correlation().processes().size());
        assertEquals(ReplicaSource.QUOTE, r.correlation().processes().get(0).replicaFrom());
    }

    /**
     * A file whose first quote comes after the 2,048 lines the planner looks at, so it
     * is read in chunks: each chunk's decoder counts its blockquotes from 1, and the reading numbers them in the file. Before, the
     * second blockquote (the first of a later chunk) was named as the first, and the two controllers were one run. At 512 bytes each
     * quote spans chunks: a blockquote that goes on into the next chunk stays one.
     */
    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 512, 700})
    void blockquotesAfterTheHeadAreNumberedAcrossChunks(long chunkBytes) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add("A long thread, the earlier comments quoted at its end:");
        for (int i = 0; i < 2100; i++) {
            lines.add("");
        }
        lines.addAll(List.of(QUOTED));
        lines.add("");
        lines.add("and the second one, on a Karpenter cluster:");
        lines.addAll(List.of(SECOND));
        AnalysisResult r = run(chunkBytes, lines);
        List<ControllerProcess> runs = r.correlation().processes();
        assertEquals(2, runs.size(), runs.toString());
        ControllerProcess first = runs.stream().filter(p -> p.replica().equals("reply.txt, quoted (>)")).findFirst().orElseThrow();
        ControllerProcess second = runs.stream().filter(p -> p.replica().equals("reply.txt, quoted (>, quote 2)")).findFirst().orElseThrow();
        assertEquals(4, first.events());
        assertEquals(3, second.events());
        assertEquals("2026-10-02T14:20:05.100Z", second.first().format());
        assertTrue(!second.release().contains("v3.7.2"), "the first quote's release is not the second's: " + second.release());
    }

    /**
     * Negative control: one blockquote of paragraphs after the head, read in chunks whose boundaries fall inside it (on a quoted line
     * and on a {@code >} alone): one run, named as the file's first quote.
     */
    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 512, 700})
    void oneBlockquoteAfterTheHeadSpanningChunksIsOneRun(long chunkBytes) throws IOException {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 2100; i++) {
            lines.add("");
        }
        lines.addAll(List.of(QUOTED));
        assertOneQuoteOfParagraphs(chunkBytes, lines);
    }

    /** {@code lines} then a {@code >} alone, more of the same quote and {@link #SECOND}: read in chunks of {@code chunkBytes}, one run, the quote's. */
    private void assertOneQuoteOfParagraphs(long chunkBytes, List<String> lines) throws IOException {
        lines.add(">");
        lines.add("> and later:");
        lines.add(">");
        lines.addAll(List.of(SECOND));
        AnalysisResult r = run(chunkBytes, lines);
        assertEquals(1, r.correlation().processes().size(), r.correlation().processes().toString());
        assertEquals("reply.txt, quoted (>)", r.correlation().processes().get(0).replica());
        assertEquals(7, r.correlation().processes().get(0).events());
    }
}
