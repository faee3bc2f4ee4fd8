package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.correlate.RunScopes;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.TimePrecision;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 60 breaker (s60-phantom, RunScopes.instanceIdOver): a ConfigMap reload whose dump states another instance ID was read
 * as that ID in force from the reload on, and AF012 cleared two runs that both wrote one Workflow as "disjoint Workflows". The
 * controller's tweak options read {@code Config.InstanceID} at each List and Watch call only (v3.5 controller.go
 * tweakListRequestListOptions / tweakWatchRequestListOptions): the running watch (client-go's 5-10 minute timeout) keeps the old
 * selector, and the informer's cache keeps the old ID's Workflows until a relist no line shows; the 20-minute resync queues them
 * again. So after such a reload the run still processes the old ID's Workflows: its ID is open, not the new one. Here the
 * operator moves team a's install to ID team-b to stop two controllers fighting; a goes on processing the Workflow b (team-a)
 * writes, b reads a's writes and a re-applies over b's: one object, two writers.
 */
class ReloadKeepsCacheS60BreakerTest {
    private static final String WF = "nightly-rollup-7qz4p";

    @TempDir
    Path dir;

    private static String info(String time, String msg, String fields) {
        return "time=\"2026-11-03T" + time + "Z\" level=info msg=" + (msg.isEmpty() ? "" : "\"" + msg + "\"") + (fields.isEmpty() ? "" : " " + fields);
    }

    private static String dump(String time, String id) {
        return info(time, "Configuration:\\nartifactRepository: {}\\ninstanceID: " + id + "\\nmetricsConfig: {}\\nnodeEvents: {}\\n", "");
    }

    /** A v3.5.8 start without election lines, its dump stating {@code id}. */
    private static List<String> start(String t, String id) {
        return new ArrayList<>(List.of(dump(t + ".011", id),
                info(t + ".012", "Persistence configuration disabled", ""),
                info(t + ".013", "", "executorImage=\"quay.io/argoproj/argoexec:v3.5.8\" executorImagePullPolicy= managedNamespace="),
                info(t + ".040", "Starting Workflow Controller", "defaultRequeueTime=10s version=v3.5.8"),
                info(t + ".041", "Current Worker Numbers", "cronWorkflowWorkers=8 podCleanup=4 workflowTtlWorkers=4 workflowWorkers=32")));
    }

    /** The ConfigMap watch's reload in a running v3.5.8 process, its dump stating {@code id}. */
    private static List<String> reload(String t, String id) {
        return List.of(info(t + ".200", "Received Workflow Controller config map argo/workflow-controller-configmap update", ""),
                dump(t + ".201", id),
                info(t + ".202", "Persistence configuration disabled", ""),
                info(t + ".203", "", "executorImage=\"quay.io/argoproj/argoexec:v3.5.8\" executorImagePullPolicy= managedNamespace="));
    }

    private static String processing(String time, String rv) {
        return info(time, "Processing workflow", "namespace=reports workflow=" + WF + " Phase=Running ResourceVersion=" + rv);
    }

    private static String updated(String time, String rv) {
        return info(time, "Workflow update successful", "namespace=reports phase=Running resourceVersion=" + rv + " workflow=" + WF);
    }

    /** a reloads at 10:03 (before any line of the overlap), then both work the Workflow from 10:04 to 10:07. */
    private AnalysisResult run(List<String> aReloads) throws IOException {
        List<String> a = start("10:00:05", "team-a");
        a.addAll(aReloads);
        a.addAll(List.of(processing("10:04:00.310", "5210"), updated("10:04:00.377", "5214"), processing("10:05:40.020", "5240"),
                info("10:05:40.066", "Re-applying updates on latest version and retrying update", "namespace=reports workflow=" + WF),
                updated("10:05:40.091", "5246"), processing("10:07:10.115", "5280"), updated("10:07:10.149", "5281")));
        List<String> b = start("10:00:09", "team-a");
        b.addAll(List.of(processing("10:04:01.105", "5214"), updated("10:04:01.140", "5219"), processing("10:05:40.031", "5240"),
                updated("10:05:40.060", "5243"), processing("10:06:50.700", "5270"), updated("10:06:50.733", "5272")));
        Path in = Files.createDirectories(dir.resolve("in-" + System.nanoTime()));
        Files.write(in.resolve("argo-a.log"), a);
        Files.write(in.resolve("argo-b.log"), b);
        return Analysis.standard(AnalysisOptions.defaults()).run(List.of(in.toString()));
    }

    private static RuleOutcome af012(AnalysisResult r) {
        return r.outcomes().stream().filter(o -> o.rule().equals("AF012")).findFirst().orElseThrow();
    }

    private static ControllerProcess a(AnalysisResult r) {
        return r.correlation().processes().stream().filter(p -> p.replica().startsWith("argo-a")).findFirst().orElseThrow();
    }

    private static Timestamp at(String time) {
        return Timestamp.parseRfc3339("2026-11-03T" + time + "Z", TimePrecision.MILLISECOND, true);
    }

    /** The attack: a's reload to team-b a minute before the overlap; both write the one Workflow. Broke: cleared as disjoint. */
    @Test
    void aReloadToAnotherIdDoesNotClearTwoWritersOfOneWorkflow() throws IOException {
        AnalysisResult r = run(reload("10:03:00", "team-b"));
        assertEquals(2, r.correlation().processes().size(), r.correlation().processes().toString());
        RuleOutcome o = af012(r);
        assertTrue(o.cleared().stream().noneMatch(c -> c.reason().contains("manage disjoint Workflows")), o.cleared().toString());
        assertEquals(1, o.findings().size(), o.toString());
        RunScopes s = RunScopes.of(r.correlation().events());
        assertEquals("team-a", s.instanceIdAt(a(r).id(), at("10:02:00.000")));
        assertNull(s.instanceIdAt(a(r).id(), at("10:04:00.310")), "open from the reload: the cache keeps team-a's Workflows");
    }

    /** Back and forth (team-b, then team-a again): what the cache picked up meanwhile is not shown; still open. */
    @Test
    void aReloadBackToTheStartIdStaysOpen() throws IOException {
        List<String> reloads = new ArrayList<>(reload("10:02:00", "team-b"));
        reloads.addAll(reload("10:03:00", "team-a"));
        AnalysisResult r = run(reloads);
        RunScopes s = RunScopes.of(r.correlation().events());
        assertNull(s.instanceIdAt(a(r).id(), at("10:04:00.310")));
        assertEquals(1, af012(r).findings().size(), af012(r).toString());
    }

    /** Control: a reload restating team-a keeps it in force; the pair is a finding as before. */
    @Test
    void aReloadRestatingTheIdKeepsIt() throws IOException {
        AnalysisResult r = run(reload("10:03:00", "team-a"));
        RunScopes s = RunScopes.of(r.correlation().events());
        assertEquals("team-a", s.instanceIdAt(a(r).id(), at("10:04:00.310")));
        assertEquals(1, af012(r).findings().size(), af012(r).toString());
    }
}
