package dev.argoforensics.correlate;

import static dev.argoforensics.correlate.ClustersS58BreakerTest.otherPasses;
import static dev.argoforensics.correlate.ClustersS58BreakerTest.v3;
import static dev.argoforensics.correlate.ClustersS58BreakerTest.wide;
import static dev.argoforensics.correlate.NamesakesS57BreakerTest.all;
import static dev.argoforensics.correlate.NamesakesS57BreakerTest.leading;
import static dev.argoforensics.correlate.NamesakesS57BreakerTest.of;
import static dev.argoforensics.correlate.NamesakesS57BreakerTest.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
        return dev.argoforensics.testing.AnalyzedFiles.run(dir, Map.of(), new TreeMap<>(files));
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

    /**
     * Attack (1c): the other install on v3.5.8, whose start dump states team-b and whose reload (16:22:30) logs the dump again,
     * without instanceID (omitted when empty: none). RunScopes marked the run's ID restated (session 49 breaker), but Reconciliation
     * read the first statement alone (session 58): the pass of ns/p after the reload was left out as another object's. Now both read
     * the ID held throughout: as attack (1).
     */
    @Test
    void aV35ReloadDumpStatingNoIdLeavesTheInstanceIdUnshown() throws IOException {
        List<String> wide = wide(leading("2026-09-19T16:20:00", "workflow-controller-5c8e2f7d1-aaaaa").subList(0, 3));
        List<String> log = teamBStart("workflows.argoproj.io/controller-instanceid=team-b,workflows.argoproj.io/workflow");
        log.set(0, "time=\"2026-09-19T16:20:05.000Z\" level=info msg=\"Configuration:\\nartifactRepository: {}\\ninstanceID: team-b\\nmetricsConfig: {}\\nnodeEvents: {}\\n\"");
        log.replaceAll(l -> l.replace("v3.7.6", "v3.5.8"));
        List<String> passes = otherPasses().stream().map(ClustersS58BreakerTest::v3).toList();
        log.addAll(passes.subList(0, 2));
        log.add("time=\"2026-09-19T16:22:30.000Z\" level=info msg=\"Received Workflow Controller config map ns/workflow-controller-configmap update\"");
        log.add("time=\"2026-09-19T16:22:30.004Z\" level=info msg=\"Configuration:\\nartifactRepository: {}\\nmetricsConfig: {}\\nnodeEvents: {}\\n\"");
        log.add("time=\"2026-09-19T16:22:30.005Z\" level=info msg= executorImage=\"quay.io/argoproj/argoexec:v3.5.8\" executorImagePullPolicy= managedNamespace=ns");
        log.addAll(passes.subList(2, passes.size()));
        AnalysisResult both = analyze(Map.of("wide.log", text(wide), "team-b.log", text(log)));
        assertTrue(of(both, "AF003").stream().noneMatch(f -> f.startsWith("CONFIRMED") || f.startsWith("LIKELY")), () -> all(both).toString());
    }

    /**
     * Attack (1b): attack (1) with the other install on v4.1.3, its instance ID team-b in its start banner and its watch, the
     * ConfigMap reloaded at 16:22:30 by its config informer ({@code Received Workflow Controller config map update}, then
     * {@code Configuration updated} and the {@code executorImage … managedNamespace} line, no ID): as attack (1).
     */
    @Test
    void aV4ReloadAfterTheBannerLeavesTheInstanceIdUnshown() throws IOException {
        List<String> wide = wide(leading("2026-09-19T16:20:00", "workflow-controller-5c8e2f7d1-aaaaa").subList(0, 3));
        List<String> teamB = new ArrayList<>(leading("2026-09-19T16:20:05", "ns/workflow-controller-team-b", "workflow-controller-88f0c1-mmmmm").subList(0, 3));
        teamB.add("time=2026-09-19T16:20:05.008Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3 instanceID=team-b defaultRequeueTime=10s");
        teamB.add(dev.argoforensics.testing.V4.workers("2026-09-19T16:20:05.100Z", 2));
        teamB.add("time=2026-09-19T16:20:05.110Z level=INFO msg=\"Watching task results\" labelSelector=\"workflows.argoproj.io/controller-instanceid=team-b,workflows.argoproj.io/workflow\"");
        List<String> passes = otherPasses();
        teamB.addAll(passes.subList(0, 2));
        AnalysisResult noReload = analyze(Map.of("wide.log", text(wide), "team-b.log", text(teamB) + text(passes.subList(2, passes.size()))));
        assertEquals(List.of("CONFIRMED AF003.reason.zeroWorkersNext"), of(noReload, "AF003"), () -> all(noReload).toString());
        teamB.add("time=2026-09-19T16:22:30.000Z level=INFO msg=\"Received Workflow Controller config map update\" component=config_watcher name=workflow-controller-configmap namespace=ns");
        teamB.add("time=2026-09-19T16:22:30.004Z level=INFO msg=\"Configuration updated\" component=config_watcher");
        teamB.add("time=2026-09-19T16:22:30.005Z level=INFO msg=\"\" component=config_watcher executorImage=quay.io/argoproj/argoexec:v4.1.3 executorImagePullPolicy=\"\" managedNamespace=ns");
        teamB.addAll(passes.subList(2, passes.size()));
        AnalysisResult both = analyze(Map.of("wide.log", text(wide), "team-b.log", text(teamB)));
        assertTrue(of(both, "AF003").stream().noneMatch(f -> f.startsWith("CONFIRMED") || f.startsWith("LIKELY")), () -> all(both).toString());
    }

    /**
     * Attack (2): the watch line cut inside the ID (a pager's or a table view's width; the line's closing quote lost with it): the
     * selector ends in {@code controller-instanceid=team}, a valid label value and a prefix of team-b. Held: the record parser marks
     * the line cut inside the quoted value and drops labelSelector, so no ID is read (both logrus and slog quote a selector holding
     * {@code =}; a cut JSON line is no record). A selector form no release prints (set-based {@code in}, {@code notin}, {@code !=})
     * states none either.
     */
    @Test
    void aWatchLineCutInsideTheIdStatesNone() throws IOException {
        List<String> log = teamBStart("workflows.argoproj.io/controller-instanceid=team-b,workflows.argoproj.io/workflow");
        log.set(log.size() - 1, "time=\"2026-09-19T16:20:05.110Z\" level=info msg=\"Watching task results\" labelSelector=\"workflows.argoproj.io/controller-instanceid=team");
        log.add(v3(dev.argoforensics.testing.V4.processingOther("2026-09-19T16:21:30.000Z")));
        AnalysisResult r = analyze(Map.of("team-b.log", text(log)));
        RunScopes scopes = RunScopes.of(r.correlation().events(), r.correlation().processes());
        for (var p : r.correlation().processes()) {
            assertNull(scopes.instanceId(p.id()), () -> "run " + p.label() + " read " + scopes.instanceId(p.id()));
        }
        assertNull(RunScopes.watchedInstanceId("workflows.argoproj.io/controller-instanceid in (team-b),workflows.argoproj.io/workflow"));
        assertNull(RunScopes.watchedInstanceId("workflows.argoproj.io/controller-instanceid notin (team-b),workflows.argoproj.io/workflow"));
        assertNull(RunScopes.watchedInstanceId("workflows.argoproj.io/controller-instanceid!=team-b,workflows.argoproj.io/workflow"));
        assertEquals("team-b", RunScopes.watchedInstanceId("workflows.argoproj.io/controller-instanceid=team-b,workflows.argoproj.io/workflow"));
        assertEquals("", RunScopes.watchedInstanceId("!workflows.argoproj.io/controller-instanceid"));
    }

    /**
     * Attack (3): {@code --redact} on a v3.7.6 log whose run states its instance ID only where no identifier key names it: the watch's
     * selector and the Lease's name in client-go's lines ({@code workflow-controller-<instanceID>}). The race is reported with every
     * timeline: the redaction finds the ID (its map names it) and no format shows it.
     */
    @Test
    void theWatchedInstanceIdIsRedactedEverywhere() throws IOException {
        String id = "zenith-ledger";
        List<String> log = new ArrayList<>(List.of(
                "time=\"2026-09-19T16:20:00.000Z\" level=info msg=\"Configuration updated\"",
                "time=\"2026-09-19T16:20:00.001Z\" level=info msg= executorImage=\"quay.io/argoproj/argoexec:v3.7.6\" executorImagePullPolicy= managedNamespace=",
                "I0919 16:20:00.002000       1 leaderelection.go:257] attempting to acquire leader lease argo/workflow-controller-" + id + "...",
                "I0919 16:20:00.006000       1 leaderelection.go:271] successfully acquired lease argo/workflow-controller-" + id,
                "time=\"2026-09-19T16:20:00.007Z\" level=info msg=\"new leader\" leader=workflow-controller-5c8e2f7d1-aaaaa",
                "time=\"2026-09-19T16:20:00.008Z\" level=info msg=\"Starting Workflow Controller\" defaultRequeueTime=10s version=v3.7.6",
                "time=\"2026-09-19T16:20:00.100Z\" level=info msg=\"Current Worker Numbers\" cronWorkflowWorkers=8 podCleanup=4 workflowArchive=8 workflowTtlWorkers=4 workflowWorkers=2",
                "time=\"2026-09-19T16:20:00.110Z\" level=info msg=\"Watching task results\" labelSelector=\"workflows.argoproj.io/controller-instanceid=" + id + ",workflows.argoproj.io/workflow\""));
        PodLifetimesBreakerTest.racedLife("16").forEach(l -> log.add(v3(l)));
        Path in = Files.createDirectories(dir.resolve("redact"));
        Files.writeString(in.resolve("workflow-controller.log"), text(log));
        // The report quotes no line naming the ID here (found by this attack: the watch and the Lease lines are no finding's); the
        // collector must still find it, so that any line quoting it is redacted: the map written for the author names it.
        Path map = dir.resolve("names.tsv");
        dev.argoforensics.testing.Cli.run("analyze", in.toString(), "--now", "2026-09-20T00:00:00Z", "--timelines", "all", "--redact-key", "k",
                "--redact-map", map.toString());
        assertTrue(Files.readString(map).contains(id), () -> "the redaction map does not name the watched ID:\n" + map);
        for (String format : List.of("text", "markdown", "json", "html", "github-issue")) {
            String out = dev.argoforensics.testing.Cli.run("analyze", in.toString(), "--format", format, "--now", "2026-09-20T00:00:00Z",
                    "--timelines", "all", "--redact-key", "k").out();
            assertFalse(out.contains("zenith"), () -> format + " leaks the instance ID:\n" + out);
        }
    }
}
