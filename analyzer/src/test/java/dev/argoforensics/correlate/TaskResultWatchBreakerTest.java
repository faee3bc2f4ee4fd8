package dev.argoforensics.correlate;

import static dev.argoforensics.correlate.ClustersS58BreakerTest.otherPasses;
import static dev.argoforensics.correlate.ClustersS58BreakerTest.v3;
import static dev.argoforensics.correlate.ClustersS58BreakerTest.wide;
import static dev.argoforensics.correlate.NamesakesS57BreakerTest.all;
import static dev.argoforensics.correlate.NamesakesS57BreakerTest.leading;
import static dev.argoforensics.correlate.NamesakesS57BreakerTest.of;
import static dev.argoforensics.correlate.NamesakesS57BreakerTest.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.AnalysisResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 59 breaker of s59-upstream's reading of the task-result watch ({@code Watching task results}, its label selector) as the
 * run's instance ID (RunScopes.watchedInstanceId), and of what reads that ID: Reconciliation's two installs (AF003's other install,
 * AF001's view of a Pod's Workflow), WorkflowAbsent's scope.
 *
 * <p>What Argo logs (read at v3.6.12, v3.7.3, v3.7.6, v4.0.0, v4.1.2): the watch once per {@code Run}, after the banner, with the
 * selector built from the configuration of that moment; the task-result informer keeps it. A reload of the controller's ConfigMap
 * ({@code Received Workflow Controller config map … update}, then {@code updateConfig}: {@code Configuration updated} from v3.6.12 and
 * v3.7.3 on, no dump, and the {@code executorImage … managedNamespace} line) replaces {@code wfc.Config}; the Workflow informer's
 * list and watch options ({@code tweakListRequestListOptions}, {@code tweakWatchRequestListOptions}) and the Pod controller read
 * {@code Config.InstanceID} live at each list and watch. So after a reload that restates no ID, which Workflows the run holds is not
 * shown by its start's watch.
 */
class TaskResultWatchBreakerTest {
    @TempDir
    Path dir;

    private AnalysisResult analyze(Map<String, String> files) throws IOException {
        Path in = Files.createDirectories(dir.resolve("in-" + System.nanoTime()));
        List<String> paths = new ArrayList<>();
        for (Map.Entry<String, String> f : new TreeMap<>(files).entrySet()) {
            Path p = in.resolve(f.getKey());
            Files.createDirectories(p.getParent());
            Files.writeString(p, f.getValue());
            paths.add(p.toString());
        }
        return Analysis.standard(AnalysisOptions.defaults()).run(paths);
    }

    /** A v3.7.6 install over namespace ns with instance ID team-b, as it starts (NewWorkflowController, election, Run). */
    static List<String> teamBStart(String selector) {
        return new ArrayList<>(List.of(
                "time=\"2026-09-19T16:20:05.000Z\" level=info msg=\"Configuration updated\"",
                "time=\"2026-09-19T16:20:05.001Z\" level=info msg= executorImage=\"quay.io/argoproj/argoexec:v3.7.6\" executorImagePullPolicy= managedNamespace=ns",
                "I0919 16:20:05.002000       1 leaderelection.go:257] attempting to acquire leader lease ns/workflow-controller-team-b...",
                "I0919 16:20:05.006000       1 leaderelection.go:271] successfully acquired lease ns/workflow-controller-team-b",
                "time=\"2026-09-19T16:20:05.007Z\" level=info msg=\"new leader\" leader=workflow-controller-88f0c1-mmmmm",
                "time=\"2026-09-19T16:20:05.008Z\" level=info msg=\"Starting Workflow Controller\" defaultRequeueTime=10s version=v3.7.6",
                "time=\"2026-09-19T16:20:05.100Z\" level=info msg=\"Current Worker Numbers\" cronWorkflowWorkers=8 podCleanup=4 workflowArchive=8 workflowTtlWorkers=4 workflowWorkers=2",
                "time=\"2026-09-19T16:20:05.110Z\" level=info msg=\"Watching task results\" labelSelector=\"" + selector + "\""));
    }

    /** v3.7.6's lines of a reload of its ConfigMap (runConfigMapWatcher, UpdateConfig, updateConfig) at 16:22:30. */
    static List<String> reloadV3() {
        return List.of(
                "time=\"2026-09-19T16:22:30.000Z\" level=info msg=\"Received Workflow Controller config map ns/workflow-controller-configmap update\"",
                "time=\"2026-09-19T16:22:30.004Z\" level=info msg=\"Configuration updated\"",
                "time=\"2026-09-19T16:22:30.005Z\" level=info msg= executorImage=\"quay.io/argoproj/argoexec:v3.7.6\" executorImagePullPolicy= managedNamespace=ns");
    }

    /** Its passes: the other install's (ClustersS58BreakerTest), with the reload among them before its pass of ns/p, if given. */
    static List<String> teamB(List<String> reload) {
        List<String> log = teamBStart("workflows.argoproj.io/controller-instanceid=team-b,workflows.argoproj.io/workflow");
        List<String> passes = otherPasses().stream().map(ClustersS58BreakerTest::v3).toList();
        log.addAll(passes.subList(0, 2)); // 16:21:30, 16:22:30
        log.addAll(reload);
        log.addAll(passes.subList(2, passes.size()));
        return log;
    }

    /**
     * Control: the v3.7.6 install states team-b only in its watch (v3.7.3+ logs no dump, its banner no ID); the cluster-wide install
     * (no ID) holds the unlabelled ns/p, team-b's pass of ns/p is another object's: the stall reads as the wide log alone reads it.
     */
    @Test
    void aV37InstallStatingAnotherInstanceIdInItsWatchHoldsOtherWorkflows() throws IOException {
        List<String> wide = wide(leading("2026-09-19T16:20:00", "workflow-controller-5c8e2f7d1-aaaaa").subList(0, 3));
        AnalysisResult alone = analyze(Map.of("wide.log", text(wide)));
        AnalysisResult both = analyze(Map.of("wide.log", text(wide), "team-b.log", text(teamB(List.of()))));
        assertEquals(List.of("CONFIRMED AF003.reason.zeroWorkersNext"), of(alone, "AF003"), () -> all(alone).toString());
        assertEquals(of(alone, "AF003"), of(both, "AF003"), () -> all(both).toString());
    }

    /**
     * Attack (1): the same, but team-b's ConfigMap was edited at 16:22:30 (its instanceID removed: a Helm upgrade without the
     * value), and v3.7.6 reloads it without a dump. From then on its Workflow informer lists and watches unlabelled Workflows, the
     * wide install's: its pass of ns/p at 16:31:20 (Pod found missing, node marked) is of the very Workflow. Its start's watch does
     * not say which Workflows it held after the reload: not the race confirmed on a stall another controller may have covered.
     */
    @Test
    void aReloadAfterTheWatchLeavesTheInstanceIdUnshown() throws IOException {
        List<String> wide = wide(leading("2026-09-19T16:20:00", "workflow-controller-5c8e2f7d1-aaaaa").subList(0, 3));
        AnalysisResult both = analyze(Map.of("wide.log", text(wide), "team-b.log", text(teamB(reloadV3()))));
        assertTrue(of(both, "AF003").stream().noneMatch(f -> f.startsWith("CONFIRMED") || f.startsWith("LIKELY")), () -> all(both).toString());
    }
}
