package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.rules.Confidence;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 58's breaker round on the upstream shapes read that session (time-of-day logrus excerpts with msg=, the old bug report
 * template's lines, Go crash output behind a console prefix, Argo's log of each API request). Lines written here, own names and
 * times; each asserts the right reading.
 */
class UpstreamShapesBreakerTest {
    @TempDir
    Path dir;

    private AnalysisResult run(String file, String text) throws IOException {
        return dev.argoforensics.testing.AnalyzedFiles.pasted(dir, file, text);
    }

    private static void noRaceClaimed(AnalysisResult r, String why) {
        assertTrue(r.outcomes().stream().flatMap(o -> o.findings().stream())
                .noneMatch(f -> f.confidence() == Confidence.CONFIRMED || f.confidence() == Confidence.LIKELY), why);
    }

    @Test
    void aWaitContainersApiRequestLinesAreNotTheControllersRelease() throws IOException {
        // argoexec wraps its client the same way (cmd/argoexec/commands/root.go, at every v3.x tag): a v3.4.0-v3.4.8 wait container
        // logs "Get pods 200" at Info too. The old bug report template asked for the wait container's log; pasted alone, its API
        // request lines are the executor's, not a controller record fingerprinting the controller's release.
        AnalysisResult r = run("wait.log", """
                time="2026-04-02T09:00:01.101Z" level=info msg="Starting Workflow Executor" version=v3.4.7
                time="2026-04-02T09:00:01.140Z" level=info msg="Executor initialized" deadline="0001-01-01 00:00:00 +0000 UTC" includeScriptOutput=false namespace=etl podName=load-q8v2c-1187305511 template="{}" version="&Version{Version:v3.4.7,}"
                time="2026-04-02T09:00:01.141Z" level=info msg="Starting deadline monitor"
                time="2026-04-02T09:00:06.402Z" level=info msg="Main container completed" error="<nil>"
                time="2026-04-02T09:00:06.403Z" level=info msg="No output parameters"
                time="2026-04-02T09:00:06.410Z" level=info msg="Get pods 200"
                time="2026-04-02T09:00:06.520Z" level=info msg="Patch pods 200"
                time="2026-04-02T09:00:06.530Z" level=info msg="Deadline monitor stopped"
                """);
        InputSummary in = r.inputs().get(0);
        assertEquals(0, in.recognised(), "no line of the controller's: " + in);
        assertEquals(8, in.otherContainerLines(), in.toString());
        String release = in.versionGuess();
        assertTrue(release == null || !release.contains("k8s-request"), release);
    }

    @Test
    void aWaitContainersTimeOfDayApiRequestsAreTheExecutors() throws IOException {
        // The same from the clock on (#13937's cut), the executor's own messages around them.
        AnalysisResult r = run("wait-excerpt.txt", """
                09:00:01.101Z level=info msg="Starting Workflow Executor" version=v3.4.7
                09:00:06.402Z level=info msg="Main container completed" error="<nil>"
                09:00:06.410Z level=info msg="Get pods 200"
                09:00:06.520Z level=info msg="Patch pods 200"
                09:00:06.530Z level=info msg="Deadline monitor stopped"
                """);
        InputSummary in = r.inputs().get(0);
        assertEquals(0, in.recognised(), "no line of the controller's: " + in);
        String release = in.versionGuess();
        assertTrue(release == null || !release.contains("k8s-request"), release);
    }

    @Test
    void anotherControllersCrashOnAComposeConsoleIsNotArgos() throws IOException {
        // Session 57: a console service with "controller" in its name is Argo's only as workflow-controller; kube-controller-manager,
        // argocd's application controller are other programs. Their crash is theirs.
        AnalysisResult r = run("console.txt", """
                argocd-application-controller | panic: assignment to entry in nil map
                argocd-application-controller | goroutine 311 [running]:
                argocd-application-controller | github.com/argoproj/argo-cd/v2/controller.(*appStateManager).CompareAppState(0xc0004f2a80)
                argocd-application-controller | 	/go/src/github.com/argoproj/argo-cd/controller/state.go:412 +0x2e1
                """);
        InputSummary in = r.inputs().get(0);
        assertFalse(in.format().contains("Go panic"), in.format());
        assertEquals(0, in.events(), in.toString());
        noRaceClaimed(r, "another program's crash");
    }

    @Test
    void aComposeControllerLineShapedAsACallIsNoCrash() throws IOException {
        // goreman prints its own lines behind the service too; a line of words with parentheses that no crash precedes is not Go's
        // crash output (it has no panic line): it must not become a panic event from nothing.
        AnalysisResult r = run("console.txt", """
                 workflow-controller | time="2026-02-10T08:15:20.101Z" level=info msg="Processing workflow" namespace=jobs workflow=etl-b7k2d
                 workflow-controller | retrying(3)
                 workflow-controller | time="2026-02-10T08:15:21.101Z" level=info msg="Processing workflow" namespace=jobs workflow=etl-b7k2d
                """);
        InputSummary in = r.inputs().get(0);
        assertFalse(in.format().contains("Go panic"), in.format());
    }

    @Test
    void aTimeOfDayExcerptPastMidnightKeepsItsOrder() throws IOException {
        // #13937's cut across midnight: the third line is the next day, after the second, not 24 hours before it.
        AnalysisResult r = run("excerpt.txt", """
                23:59:58.101Z msg="Processing workflow" namespace=etl workflow=nightly-q2x7p
                23:59:59.950Z msg="Workflow update successful" namespace=etl phase=Running resourceVersion=88120 workflow=nightly-q2x7p
                00:00:00.120Z msg="Processing workflow" namespace=etl workflow=nightly-q2x7p
                """);
        InputSummary in = r.inputs().get(0);
        assertEquals(3, in.events(), in.toString());
        assertEquals(0, in.unparsed(), in.toString());
        noRaceClaimed(r, "passes over a running Workflow");
    }

    @Test
    void aReportersSentenceAfterTheTemplatesWordsStaysUnparsed() throws IOException {
        // Only the template's exact words: the same words followed by one's own are the reporter's (a damaged line maybe).
        AnalysisResult r = run("issue.md", """
                ```
                Paste the logs from the workflow controller: they stop at 11:20 and nothing after
                time="2026-05-04T11:20:01.441Z" level=info msg="Processing workflow" namespace=jobs workflow=etl-b7k2d
                ```
                """);
        assertEquals(1, r.inputs().get(0).unparsed(), r.inputs().get(0).toString());
    }

    @Test
    void theControllersApiRequestsAfterTheWaitContainersPasteStayTheControllers() throws IOException {
        // The control: the old template's paste, the wait container's lines first, the controller's after them. Only an API request
        // line next to the executor's is the executor's; the controller's own, after its records, stay records and date its release.
        AnalysisResult r = run("issue.txt", """
                time="2026-04-02T09:00:01.101Z" level=info msg="Starting Workflow Executor" version=v3.4.7
                time="2026-04-02T09:00:06.410Z" level=info msg="Get pods 200"
                time="2026-04-02T09:00:06.530Z" level=info msg="Deadline monitor stopped"
                time="2026-04-02T09:00:07.002Z" level=info msg="Processing workflow" namespace=etl workflow=load-q8v2c
                time="2026-04-02T09:00:07.010Z" level=info msg="Update leases 200"
                time="2026-04-02T09:00:07.120Z" level=info msg="Delete pods 200"
                """);
        InputSummary in = r.inputs().get(0);
        assertEquals(3, in.recognised(), in.toString());
        assertEquals(3, in.otherContainerLines(), in.toString());
        assertTrue(in.versionGuess() != null && in.versionGuess().contains("k8s-request-at-info"), in.versionGuess());
    }

    @Test
    void aWaitContainersApiRequestsAreTheExecutorsWhenOnlyCounted() throws IOException {
        // The reading that keeps only lines of interest counts the request lines (folded into runs of counted records before): the
        // same answer as when every line is kept.
        Path p = dir.resolve("wait-default.log");
        Files.writeString(p, """
                time="2026-04-02T09:00:01.101Z" level=info msg="Starting Workflow Executor" version=v3.4.7
                time="2026-04-02T09:00:06.403Z" level=info msg="No output parameters"
                time="2026-04-02T09:00:06.410Z" level=info msg="Get pods 200"
                time="2026-04-02T09:00:06.520Z" level=info msg="Patch pods 200"
                time="2026-04-02T09:00:06.530Z" level=info msg="Deadline monitor stopped"
                """, StandardCharsets.UTF_8);
        AnalysisResult r = Analysis.standard(AnalysisOptions.defaults().withThreads(2)).run(List.of(p.toString()));
        InputSummary in = r.inputs().get(0);
        assertEquals(0, in.recognised(), in.toString());
        assertEquals(5, in.otherContainerLines(), in.toString());
    }

    @Test
    void aTimeOfDayApiRequestWithItsLevelCutOffFingerprintsNoRelease() throws IOException {
        // #13937's cut with the level gone too: the level is the fingerprint, and it is not there to read.
        AnalysisResult r = run("excerpt.txt", """
                07:44:19.208Z msg="Workflow update successful" namespace=etl phase=Running resourceVersion=88120 workflow=nightly-q2x7p
                07:44:19.301Z msg="Delete pods 200"
                """);
        String release = r.inputs().get(0).versionGuess();
        assertTrue(release == null || !release.contains("k8s-request-at-"), release);
    }
}
