package dev.argoforensics.analysis;

import dev.argoforensics.accounting.Furniture;
import dev.argoforensics.accounting.InputSummary;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Excerpts as people paste them into an issue: the furniture around and between the log lines is
 * counted apart from unparsed lines, whatever the chunking and whether the lines are kept or only
 * counted; what only looks like furniture stays what it was.
 */
class ExcerptFurnitureReadingTest {
    @TempDir
    Path dir;

    private InputSummary read(long chunkBytes, boolean keepEverything, String... lines) throws IOException {
        Path p = dir.resolve("comment.txt");
        Files.writeString(p, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        AnalysisOptions options = AnalysisOptions.defaults().withThreads(3).keepingEverything(keepEverything).withChunkBytes(chunkBytes);
        AnalysisResult result = Analysis.standard(options).run(List.of(p.toString()));
        InputSummary s = result.inputs().get(0);
        assertEquals(s.lines(), s.events() + s.continuation() + s.blank() + s.unparsed() + s.furniture().lines() + s.otherContainerLines(), s.toString());
        return s;
    }

    /** A comment on an upstream issue: a fenced block holding the command, some lines, a cut, more lines; then a collapsed section. */
    private static final String[] GITHUB_COMMENT = {
        "```console",
        "$ kubectl logs deploy/workflow-controller -n argo | grep nightly-etl-x7k2p | egrep \"(Created|pod deleted|queuing)\"",
        "time=\"2026-09-19T10:01:29.950Z\" level=info msg=\"Created pod: nightly-etl-x7k2p.extract (nightly-etl-x7k2p-extract-2213)\" namespace=argo workflow=nightly-etl-x7k2p",
        "",
        "...",
        "time=\"2026-09-19T10:01:30.002Z\" level=info msg=\"queuing poddelay-1m24.257168224s\" action=removeFinalizer namespace=argo podGC=\"{ <nil> }\" podName=nightly-etl-x7k2p-extract-2213",
        "[…]",
        "time=\"2026-09-19T10:03:02.246Z\" level=info msg=\"Pod failed: pod deleted\" displayName=extract namespace=argo pod=nightly-etl-x7k2p-extract-2213 workflow=nightly-etl-x7k2p",
        "```",
        "",
        "<details>",
        "<summary>the restart</summary>",
        "",
        "```",
        "root@ip-10-0-3-17:/# crictl logs 9e1f0a2b",
        "I0919 10:05:00.123456       1 leaderelection.go:257] attempting to acquire leader lease argo/workflow-controller...",
        "```",
        "</details>"};

    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 48})
    void aGithubCommentReadsWithNothingUnparsedAndItsFurnitureCounted(long chunkBytes) throws IOException {
        for (boolean keepEverything : new boolean[] {true, false}) {
            InputSummary s = read(chunkBytes, keepEverything, GITHUB_COMMENT);
            assertEquals(0, s.unparsed(), s.samples().toString());
            assertEquals(4, s.events());
            assertEquals(3, s.blank());
            Furniture f = s.furniture();
            assertEquals(11, f.lines(), f.toString());
            assertEquals(2, f.omissions());
            assertEquals(2, f.prompts());
            assertEquals(7, f.markup());
            assertEquals(1, f.filteringPrompts());
            assertTrue(f.gapped());
            assertEquals(List.of("kubectl logs deploy/workflow-controller -n argo | grep nightly-etl-x7k2p | egrep \"(Created|pod deleted|queuing)\"",
                    "crictl logs 9e1f0a2b"), f.commands());
        }
    }

    /**
     * A prompt whose flags carry a time ({@code --since-time=…Z}: a flag's name ending in {@code -time=} before a date) is the
     * excerpt's prompt, as {@code --since=40m} is: not a record behind a prefix, nor an unparsed line that makes the file damaged.
     */
    @ParameterizedTest
    @ValueSource(strings = {
        "$ kubectl -n argo logs deploy/workflow-controller --since-time=2026-11-24T16:20:00Z | grep -e credit-model-x4p7k",
        "$ kubectl -n argo logs deploy/workflow-controller --since-time=2026-11-24T16:20:00Z",
        "ops@bastion:~$ kubectl logs -n argo workflow-controller-7c9d8f6b4-mx2lp -c workflow-controller --previous --timestamps=false --since-time=2026-11-24T16:20:00+02:00",
        "$ kubectl -n argo logs deploy/workflow-controller --since=40m"})
    void aPromptIsAPromptWhateverTimeItsFlagsCarry(String prompt) throws IOException {
        for (long chunkBytes : new long[] {1 << 24, 40}) {
            InputSummary s = read(chunkBytes, true, prompt,
                    "time=\"2026-11-24T16:20:02.318Z\" level=info msg=\"Processing workflow\" Phase= ResourceVersion=73310288 namespace=risk-models workflow=credit-model-x4p7k");
            assertEquals(0, s.unparsed(), s.samples().toString());
            assertEquals(1, s.events());
            Furniture f = s.furniture();
            assertEquals(1, f.prompts(), f.toString());
            assertEquals(List.of(prompt.substring(prompt.indexOf("$ ") + 2)), f.commands());
            assertEquals(prompt.contains("| grep"), f.gapped(), "only the grep filters");
        }
    }

    /** A record pasted onto the prompt without a line break is still found after the flag's time. */
    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 40})
    void aRecordGluedToATimedFlagIsStillFound(long chunkBytes) throws IOException {
        InputSummary s = read(chunkBytes, true,
                "$ kubectl -n argo logs deploy/workflow-controller --since-time=2026-11-24T16:20:00Ztime=\"2026-11-24T16:20:02.318Z\" level=info msg=\"Processing workflow\" namespace=risk-models workflow=credit-model-x4p7k",
                "time=\"2026-11-24T16:20:02.325Z\" level=info msg=\"Updated phase  -> Running\" namespace=risk-models workflow=credit-model-x4p7k");
        assertEquals(0, s.unparsed(), s.samples().toString());
        assertEquals(2, s.events());
    }

    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 40})
    void aGoPanicKeepsItsOwnLinesAndItsElidedFrames(long chunkBytes) throws IOException {
        InputSummary s = read(chunkBytes, true,
                "time=\"2026-09-19T15:50:21.451Z\" level=info msg=\"delete pod event\" pod=p",
                "panic: runtime error: invalid memory address or nil pointer dereference",
                "",
                "goroutine 412 [running]:",
                "github.com/argoproj/argo-workflows/v3/workflow/controller.(*WorkflowController).processNextPodCleanupItem.func1()",
                "\t/go/src/github.com/argoproj/argo-workflows/workflow/controller/controller.go:627 +0x44",
                "...additional frames elided...",
                "time=\"2026-09-19T16:01:14.877Z\" level=info msg=\"Starting Workflow Controller\" version=v3.7.18");
        assertEquals(Furniture.NONE, s.furniture());
        assertEquals(0, s.unparsed());
        assertEquals(3, s.events());
        assertEquals(5, s.continuation(), "the panic's lines, its blank line and its elided frames");
    }

    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 40})
    void whatACollectorWrappedAndCommentsAreNeverFurniture(long chunkBytes) throws IOException {
        InputSummary s = read(chunkBytes, false,
                "2026-09-19T16:31:11.350412345Z stderr F time=2026-09-19T16:31:11.350Z level=INFO msg=x",
                "2026-09-19T16:31:11.360412345Z stderr F ...",
                "2026-09-19T16:31:11.370412345Z stderr F $ kubectl logs deploy/workflow-controller",
                "# the controller restarted here");
        assertEquals(Furniture.NONE, s.furniture());
        assertEquals(3, s.unparsed(), s.samples().toString());
    }
}
