package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.rules.Confidence;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 58's round of upstream shapes that were not read whole: each re-typed with own names, times and values (only the shape
 * of the thread kept), read as {@code analyze} reads a pasted file. Before this session each left lines unparsed, or records of
 * messages the catalog did not know, or a release read wrong; none of them shows a race, so none may give a confirmed or likely
 * finding.
 */
class UpstreamShapesRound58Test {
    @TempDir
    Path dir;

    private AnalysisResult run(String file, String text) throws IOException {
        return dev.argoforensics.testing.AnalyzedFiles.pasted(dir, file, text);
    }

    private static void noRaceClaimed(AnalysisResult r, String why) {
        assertTrue(r.outcomes().stream().flatMap(o -> o.findings().stream())
                .noneMatch(f -> f.confidence() == Confidence.CONFIRMED || f.confidence() == Confidence.LIKELY), why);
    }

    private static void accounted(InputSummary in) {
        assertEquals(in.lines(), in.events() + in.continuation() + in.blank() + in.furniture().lines() + in.unparsed()
                + in.otherContainerLines(), in.toString());
    }

    @Test
    void theOldBugReportTemplatesInstructionsInsideItsFenceAreTheIssuesText() throws IOException {
        // #7661's and #4816's shape: Argo's bug report template (2020-2022) wrote its instructions inside the fenced block, people
        // pasted their lines under them and left a stray backtick. Before: the instruction and the backtick unparsed.
        AnalysisResult r = run("issue.md", """
                What happened: the step never finished.

                ```bash
                # Logs from the workflow controller:
                kubectl logs -n argo deploy/workflow-controller | grep ${workflow}
                `
                time="2026-05-04T11:20:01.441Z" level=info msg="Processing workflow" namespace=jobs workflow=etl-b7k2d
                time="2026-05-04T11:20:01.447Z" level=info msg="Workflow update successful" namespace=jobs phase=Running resourceVersion=3301 workflow=etl-b7k2d

                # The workflow's pods that are problematic:
                kubectl get pod -o yaml -l workflows.argoproj.io/workflow=${workflow},workflow.argoproj.io/phase!=Succeeded
                ```

                ```
                Paste the logs from the workflow controller:
                time="2026-05-04T11:20:11.502Z" level=info msg="Processing workflow" namespace=jobs workflow=etl-b7k2d
                ```
                """);
        InputSummary in = r.inputs().get(0);
        assertEquals(0, in.unparsed(), in.samples().toString());
        assertEquals(3, in.events(), in.toString());
        accounted(in);
        assertTrue(r.correlation().workflows().containsKey(new WorkflowRef("jobs", "etl-b7k2d")));
        noRaceClaimed(r, "two passes over a running Workflow");
    }

    @Test
    void aSentenceOfOneselfInsideTheFenceStaysUnparsed() throws IOException {
        // The control: only the template's own words are its text; a line of the reporter's among the records may be a damaged one.
        AnalysisResult r = run("issue.md", """
                ```bash
                # Logs from the controller on node-7 after the restart:
                time="2026-05-04T11:20:01.441Z" level=info msg="Processing workflow" namespace=jobs workflow=etl-b7k2d
                ```
                """);
        assertEquals(1, r.inputs().get(0).unparsed(), r.inputs().get(0).toString());
    }

    @Test
    void goCrashOutputOnAGoremanConsoleIsOnePanic() throws IOException {
        // #4761's shape: `make start`'s goreman console, the controller's service before every line of its crash. Before: the panic's
        // seven lines unparsed, as lines of an unrecognised prefix.
        AnalysisResult r = run("make-start.txt", """
                 controller | time="2026-02-10T08:15:20.101Z" level=info msg="stopped leading" id=local
                 controller | time="2026-02-10T08:15:20.102Z" level=info msg="Shutting workflow TTL worker"
                 controller | panic: http: Server closed
                 controller | goroutine 412 [running]:
                 controller | github.com/argoproj/argo-workflows/v3/workflow/metrics.(*Metrics).RunServer.func1(0xc000a1e000)
                 controller | 	/home/dev/go/src/github.com/argoproj/argo-workflows/workflow/metrics/server.go:61 +0x1b9
                 controller | created by github.com/argoproj/argo-workflows/v3/workflow/metrics.(*Metrics).RunServer
                 controller | 	/home/dev/go/src/github.com/argoproj/argo-workflows/workflow/metrics/server.go:58 +0x2d0
                """);
        InputSummary in = r.inputs().get(0);
        assertEquals(0, in.unparsed(), in.samples().toString());
        assertEquals(3, in.events(), "two records and the panic as one event: " + in);
        accounted(in);
        assertTrue(in.format().contains("Go panic"), in.format());
        noRaceClaimed(r, "a crash");
    }

    @Test
    void aServiceThatIsNotTheControllersKeepsItsCrashApartFromTheReading() throws IOException {
        // The control: a bar after a name that is no controller's (a host) is no console this reader knows: the lines stay unparsed.
        AnalysisResult r = run("host.txt", """
                ip-10-0-4-17 | panic: runtime error: invalid memory address or nil pointer dereference
                ip-10-0-4-17 | goroutine 9 [running]:
                """);
        assertEquals(2, r.inputs().get(0).unparsed(), r.inputs().get(0).toString());
    }

    @Test
    void logrusLinesWithTheirDateCutOffAreReadAsTimesOfDay() throws IOException {
        // #13937's shape: logrus text quoted from the clock on, the date and level cut off, the Z and msg= left. Before: nothing usable.
        AnalysisResult r = run("excerpt.txt", """
                ```text
                07:44:19.208Z msg="Workflow update successful" namespace=etl phase=Running resourceVersion=88120 workflow=nightly-q2x7p
                07:44:20.209Z msg="Processing workflow" Phase=Running ResourceVersion=88120 namespace=etl workflow=nightly-q2x7p
                07:44:20.210Z msg="Task-result reconciliation" namespace=etl numObjs=0 workflow=nightly-q2x7p
                07:44:20.210Z msg=reconcileAgentPod namespace=etl workflow=nightly-q2x7p
                ```
                """);
        InputSummary in = r.inputs().get(0);
        assertEquals(0, in.unparsed(), in.samples().toString());
        assertEquals(4, in.events(), in.toString());
        assertTrue(in.recognised() >= 3, "the controller's messages known: " + in);
        assertTrue(r.correlation().workflows().containsKey(new WorkflowRef("etl", "nightly-q2x7p")));
        noRaceClaimed(r, "passes over a running Workflow");
    }

    @Test
    void aTimeOfDayWithAMsgKeyIsStillARecordOnlyForAMessageTheControllerLogs() throws IOException {
        // The control: the shape alone proves nothing (formats.md, times of day only): a message the catalog lacks stays unparsed.
        AnalysisResult r = run("excerpt.txt", """
                07:44:19.208Z msg="Workflow update successful" namespace=etl phase=Running resourceVersion=88120 workflow=nightly-q2x7p
                07:44:21.500Z msg="rows exported" table=orders count=18211
                """);
        InputSummary in = r.inputs().get(0);
        assertEquals(1, in.events(), in.toString());
        assertEquals(1, in.unparsed(), in.toString());
        assertTrue(in.samples().get(0).reason().contains("no message the controller logs"), in.samples().toString());
    }

    @Test
    void clientGosElectionErrorsAreMessagesTheCatalogKnows() throws IOException {
        // #7613's, #9324's and #4761's klog lines: reading, writing and releasing the lease failed. Before: records of no known message.
        AnalysisResult r = run("controller.log", """
                time="2026-01-21T03:10:25.370Z" level=info msg="stopped leading" id=workflow-controller-5d8c7b9f4-qj2lx
                E0121 03:10:48.551558       1 leaderelection.go:330] error retrieving resource lock argo/workflow-controller: etcdserver: request timed out
                E0121 03:10:53.712044       1 leaderelection.go:367] Failed to update lock: Put "https://10.96.0.1:443/apis/coordination.k8s.io/v1/namespaces/argo/leases/workflow-controller": context deadline exceeded
                E0121 03:10:58.004417       1 leaderelection.go:308] Failed to release lock: resource name may not be empty
                """);
        InputSummary in = r.inputs().get(0);
        assertEquals(0, in.unparsed(), in.samples().toString());
        assertEquals(4, in.events(), in.toString());
        assertEquals(4, in.recognised(), "every line a message the catalog knows: " + in);
    }

    @Test
    void argosLogOfItsApiRequestsIsKnownAndItsLevelNarrowsTheRelease() throws IOException {
        // #7613's, #9905's and #6051's shape: v3.0-v3.4.8 log every API request at Info ("Get leases 200"); from v3.4.9 at Debug.
        AnalysisResult r = run("controller.log", """
                time="2026-01-21T03:10:25.370Z" level=info msg="Update leases 200"
                time="2026-01-21T03:10:29.124Z" level=info msg="List workflows 200"
                time="2026-01-21T03:10:31.785Z" level=info msg="cleaning up pod" action=deletePod key=argo/etl-b7k2d-1016923602/deletePod
                time="2026-01-21T03:10:31.788Z" level=info msg="Delete pods 404"
                """);
        InputSummary in = r.inputs().get(0);
        assertEquals(4, in.recognised(), in.toString());
        assertTrue(in.versionGuess().startsWith("v3.4.0 to v3.4.8") && in.versionGuess().contains("k8s-request-at-info"), in.versionGuess());
        // At Debug (v3.4.9 on), the same words narrow the other way.
        AnalysisResult debug = run("controller-debug.log", """
                time="2026-01-21T03:10:25.370Z" level=debug msg="Update leases 200"
                time="2026-01-21T03:10:29.124Z" level=info msg="Processing workflow" namespace=argo workflow=etl-b7k2d
                """);
        assertTrue(debug.inputs().get(0).versionGuess().startsWith("v3.4.9"), debug.inputs().get(0).versionGuess());
    }

    @Test
    void aV31PodFailedLineNoLongerSetsTheRunsFirstReleaseAtV345() throws IOException {
        // #6620's and #7081's shape: v3.0-v3.2 print "Pod failed: <message>" as v3.4.5-v3.7 do (v3.3.0-v3.4.4 print no such line).
        // Before: the run was read as "v3.4.5 to v3.7.x", a release it cannot have been; now the catalog's floor, which says
        // nothing of older releases.
        AnalysisResult r = run("controller.log", """
                time="2026-08-30T06:59:33.748Z" level=info msg="Workflow update successful" namespace=ml phase=Running resourceVersion=771 workflow=train-4kq9z
                time="2026-08-30T07:16:14.812Z" level=info msg="Processing workflow" namespace=ml workflow=train-4kq9z
                time="2026-08-30T07:16:14.814Z" level=info msg="Pod failed: Pod was active on the node longer than the specified deadline" displayName=train-4kq9z namespace=ml pod=train-4kq9z templateName=fit workflow=train-4kq9z
                """);
        String release = r.inputs().get(0).versionGuess();
        assertFalse(release == null || release.startsWith("v3.4.5"), release);
        assertTrue(release.startsWith("v3.4.0"), release);
    }
}
