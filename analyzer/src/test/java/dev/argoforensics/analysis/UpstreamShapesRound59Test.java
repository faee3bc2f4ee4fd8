package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.RunScopes;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.rules.Confidence;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 59's round of upstream shapes (re-typed with own names, times and values; only the shape of each thread kept), read as
 * {@code analyze} reads a pasted file, through the whole reading (its controller runs as the reading cuts them, not one stream per
 * file as the correlation tests build them).
 */
class UpstreamShapesRound59Test {
    @TempDir
    Path dir;

    private AnalysisResult run(String file, String text) throws IOException {
        return dev.argoforensics.testing.AnalyzedFiles.pasted(dir, file, text);
    }

    /** The run that wrote the first {@code Processing workflow} line. */
    private static int workingRun(Correlation c) {
        return c.events().stream().filter(e -> e.event() instanceof ControllerEvent.WorkflowProcessing).map(LogEvent::stream)
                .findFirst().orElseThrow();
    }

    /**
     * #9147's and #15035's shape: a start-up pasted from a log pipeline that kept the JSON lines only (client-go's klog election lines
     * are not JSON and are dropped), v3.5 with an instance ID. The dump and updateConfig's line come before the banner (logged by
     * NewWorkflowController); with no election line between, the banner opens the run that does the work and the dump stays with the
     * lines before it (left as it is, see docs/upstream-audit.md). Before: the working run's instance ID was not stated, though the
     * run logged it (the task-result watch after the banner). After: stated, so a Workflow of another instance is outside its scope.
     */
    @Test
    void theWorkingRunsInstanceIdIsStatedByItsTaskResultWatch() throws IOException {
        AnalysisResult r = run("controller.json", """
                {"level":"info","msg":"Configuration:\\nartifactRepository: {}\\ninstanceID: ledger\\nmetricsConfig: {}\\nnodeEvents: {}\\n","time":"2026-10-21T08:14:01.944Z"}
                {"executorImage":"quay.io/argoproj/argoexec:v3.5.8","executorImagePullPolicy":"","level":"info","managedNamespace":"","msg":"","time":"2026-10-21T08:14:01.945Z"}
                {"defaultRequeueTime":10000000000,"level":"info","msg":"Starting Workflow Controller","time":"2026-10-21T08:14:02.301Z","version":"v3.5.8"}
                {"level":"info","msg":"Current Worker Numbers","podCleanup":4,"time":"2026-10-21T08:14:02.302Z","workflowTtlWorkers":4,"workflowWorkers":32}
                {"labelSelector":"workflows.argoproj.io/controller-instanceid=ledger,workflows.argoproj.io/workflow","level":"info","msg":"Watching task results","time":"2026-10-21T08:14:02.310Z"}
                {"Phase":"Running","ResourceVersion":"77120","level":"info","msg":"Processing workflow","namespace":"billing","time":"2026-10-21T08:14:03.020Z","workflow":"invoice-run-q8z4t"}
                """);
        assertEquals(0, r.inputs().get(0).unparsed(), r.inputs().get(0).samples().toString());
        Correlation c = r.correlation();
        RunScopes scopes = RunScopes.of(c.events(), c.processes());
        int working = workingRun(c);
        assertEquals("ledger", scopes.instanceId(working), () -> "runs: " + c.processes());
        assertEquals(RunScopes.Coverage.OUTSIDE, scopes.covers(working, "billing", "", false));
        assertTrue(r.outcomes().stream().flatMap(o -> o.findings().stream())
                .noneMatch(f -> f.confidence() == Confidence.CONFIRMED || f.confidence() == Confidence.LIKELY), "a start-up, no race");
    }

    /** The control: a run without an instance ID says so in its watch ({@code !…}); a Workflow of none is in its scope. */
    @Test
    void aWatchWithoutAnInstanceIdStatesNone() throws IOException {
        AnalysisResult r = run("controller.log", """
                │ time="2026-10-21T08:14:02.301Z" level=info msg="Starting Workflow Controller" defaultRequeueTime=10s version=v3.7.4                         │
                │ time="2026-10-21T08:14:02.302Z" level=info msg="Current Worker Numbers" cronWorkflowWorkers=8 podCleanup=4 workflowArchive=8 workflowTtlWorkers=4 workflowWorkers=32 │
                │ time="2026-10-21T08:14:02.310Z" level=info msg="Watching task results" labelSelector="!workflows.argoproj.io/controller-instanceid,workflows.argoproj.io/workflow" │
                │ time="2026-10-21T08:14:03.020Z" level=info msg="Processing workflow" Phase=Running ResourceVersion=77120 namespace=billing workflow=invoice-run-q8z4t │
                """);
        assertEquals(0, r.inputs().get(0).unparsed(), r.inputs().get(0).samples().toString());
        Correlation c = r.correlation();
        RunScopes scopes = RunScopes.of(c.events(), c.processes());
        int working = workingRun(c);
        assertEquals("", scopes.instanceId(working));
        assertEquals(RunScopes.Coverage.OUTSIDE, scopes.covers(working, "billing", "ledger", false));
    }

    /**
     * #6481's shape: a v3.1 start-up pasted under its {@code kubectl logs} prompt. v3.0-v3.2 state their workers as
     * {@code Workers: workflow: N, pod: N, pod cleanup: N} (v3.3 on: {@code Current Worker Numbers}). Before: an unknown message.
     * After: the run's worker numbers, and the release it states (v3.1.4) is not narrowed by the line (below the catalog's floor).
     */
    @Test
    void aV31ControllersWorkersAreItsWorkerNumbers() throws IOException {
        AnalysisResult r = run("controller.log", """
                $ kubectl logs -n jobs deploy/workflow-controller

                time="2026-10-21T08:14:01Z" level=info msg="index config" indexWorkflowSemaphoreKeys=true
                time="2026-10-21T08:14:01.944Z" level=info msg="Configuration:\\nartifactRepository: {}\\ncontainerRuntimeExecutor: emissary\\nmetricsConfig: {}\\n"
                time="2026-10-21T08:14:02.301Z" level=info msg="Starting Workflow Controller" version=v3.1.9
                time="2026-10-21T08:14:02.302Z" level=info msg="Workers: workflow: 0, pod: 16, pod cleanup: 2"
                """);
        assertEquals(0, r.inputs().get(0).unparsed(), r.inputs().get(0).samples().toString());
        Correlation c = r.correlation();
        LogEvent workers = c.events().stream().filter(e -> e.event() instanceof ControllerEvent.WorkerNumbers).findFirst().orElseThrow();
        ControllerEvent.WorkerNumbers w = (ControllerEvent.WorkerNumbers) workers.event();
        assertEquals(0, w.workflowWorkers());
        assertEquals(2, w.podCleanupWorkers());
        int bannerRun = c.events().stream().filter(e -> e.event() instanceof ControllerEvent.ControllerStarted).map(LogEvent::stream)
                .findFirst().orElseThrow();
        assertEquals(bannerRun, workers.stream(), "the banner's run states them");
        String release = c.processes().stream().filter(p -> p.id() == bannerRun).findFirst().orElseThrow().release();
        assertTrue(release.startsWith("v3.1.9"), release);
    }
}
