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
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 60: AF012 (two active controllers) and AF001's second releaser read a run's instance ID at the moments they compare, as
 * {@link RunScopes#instanceIdOver} derives it: the start's statement, then each ConfigMap reload's. Before, both read v4's start
 * banner alone, which a reload does not restate (and v3 prints none). Both directions: a reload whose dump states another ID splits
 * two runs that started with one ID (two installations from then on: cleared); a reload that states none (v3.6.12+, v3.7.3+, v4:
 * {@code Configuration updated} without the dump) leaves the ID open, so two runs whose starts stated different IDs are no longer
 * known to be disjoint (not cleared). v3.5 and v3.7 logrus text, two replicas without election lines, read by the whole analysis.
 */
class InstanceIdAcrossReloadsTest {
    private static final String WF = "batch-merge-k2x8d";

    @TempDir
    Path dir;

    private static String info(String time, String msg, String fields) {
        return "time=\"2026-10-12T" + time + "Z\" level=info msg=" + (msg.isEmpty() ? "" : "\"" + msg + "\"") + (fields.isEmpty() ? "" : " " + fields);
    }

    /** A v3.5 start with the dump stating {@code id}, or a v3.7.9 start ({@code Configuration updated}, no dump) when {@code dump} is false. */
    private static List<String> start(String t, String id, boolean dump) {
        String version = dump ? "v3.5.8" : "v3.7.9";
        List<String> l = new ArrayList<>();
        l.add(dump ? info(t + ".004", "Configuration:\\nartifactRepository: {}\\ninstanceID: " + id + "\\nmetricsConfig: {}\\n", "")
                : info(t + ".004", "Configuration updated", ""));
        l.add(info(t + ".005", "Persistence configuration disabled", ""));
        l.add(info(t + ".006", "", "executorImage=\"quay.io/argoproj/argoexec:" + version + "\" executorImagePullPolicy= managedNamespace="));
        l.add(info(t + ".029", "Starting Workflow Controller", "defaultRequeueTime=10s version=" + version));
        l.add(info(t + ".030", "Current Worker Numbers", "cronWorkflowWorkers=8 podCleanup=4 workflowTtlWorkers=4 workflowWorkers=32"));
        l.add(info(t + ".031", "Watching task results", "labelSelector=\"workflows.argoproj.io/controller-instanceid=" + id
                + ",workflows.argoproj.io/workflow\""));
        return l;
    }

    /** A reload of the ConfigMap: with a dump stating {@code id} (v3.5), or without one (v3.7.9) when {@code id} is null. */
    private static List<String> reload(String t, String id, boolean dump) {
        List<String> l = new ArrayList<>();
        l.add(info(t + ".100", "Received Workflow Controller config map argo/workflow-controller-configmap update", ""));
        l.add(dump ? info(t + ".101", "Configuration:\\nartifactRepository: {}\\ninstanceID: " + id + "\\nmetricsConfig: {}\\n", "")
                : info(t + ".101", "Configuration updated", ""));
        l.add(info(t + ".102", "Persistence configuration disabled", ""));
        l.add(info(t + ".103", "", "executorImage=\"quay.io/argoproj/argoexec:" + (dump ? "v3.5.8" : "v3.7.9")
                + "\" executorImagePullPolicy= managedNamespace="));
        return l;
    }

    private static String processing(String time, String rv) {
        return info(time, "Processing workflow", "namespace=etl workflow=" + WF + " Phase=Running ResourceVersion=" + rv);
    }

    private static String updated(String time, String rv) {
        return info(time, "Workflow update successful", "namespace=etl phase=Running resourceVersion=" + rv + " workflow=" + WF);
    }

    private static String reapplied(String time) {
        return info(time, "Re-applying updates on latest version and retrying update", "namespace=etl workflow=" + WF);
    }

    /** Replicas a and b on the Workflow from 08:00 to 08:03, b reading what a wrote, a re-applying once: each log after its start. */
    private AnalysisResult bothOn(List<String> a, List<String> b) throws IOException {
        List<String> la = new ArrayList<>(a);
        la.addAll(List.of(processing("08:00:00.412", "100"), updated("08:00:00.481", "104"), processing("08:01:30.020", "131"),
                reapplied("08:01:30.067"), updated("08:01:30.090", "136"), processing("08:03:00.118", "170"), updated("08:03:00.150", "171")));
        List<String> lb = new ArrayList<>(b);
        lb.addAll(List.of(processing("08:00:01.208", "104"), updated("08:00:01.240", "109"), processing("08:01:30.031", "131"),
                updated("08:01:30.064", "133"), processing("08:02:40.700", "160"), updated("08:02:40.731", "162")));
        Path in = Files.createDirectories(dir.resolve("in-" + System.nanoTime()));
        Files.write(in.resolve("a.log"), la);
        Files.write(in.resolve("b.log"), lb);
        return Analysis.standard(AnalysisOptions.defaults()).run(List.of(in.toString()));
    }

    private static RuleOutcome af012(AnalysisResult r) {
        return r.outcomes().stream().filter(o -> o.rule().equals("AF012")).findFirst().orElseThrow();
    }

    private static List<String> concat(List<String> x, List<String> y) {
        List<String> l = new ArrayList<>(x);
        l.addAll(y);
        return l;
    }

    @Test
    void oneInstanceIdOnBothRunsIsAFinding() throws IOException {
        AnalysisResult r = bothOn(start("07:58:10", "team-a", true), start("07:58:14", "team-a", true));
        assertEquals(2, r.correlation().processes().size(), "one run per process, no phantom: " + r.correlation().processes());
        assertEquals(1, af012(r).findings().size(), af012(r).toString());
    }

    /**
     * a's reload states team-b before the overlap. Session 60 breaker: not cleared. The reload changes the selector of a's next
     * List and Watch calls only; a's running watch and its informer's cache keep team-a's Workflows (until a relist no line
     * shows), and a goes on processing this one, the one b writes (a re-applies over b's update): the same Workflow, no
     * disjoint scopes. Before the breaker this read team-b from the reload on and cleared the pair.
     */
    @Test
    void aReloadThatChangesTheIdLeavesItOpen() throws IOException {
        AnalysisResult r = bothOn(concat(start("07:58:10", "team-a", true), reload("07:59:40", "team-b", true)), start("07:58:14", "team-a", true));
        RuleOutcome o = af012(r);
        assertTrue(o.cleared().stream().noneMatch(c -> c.reason().contains("manage disjoint Workflows")), o.cleared().toString());
        assertEquals(1, o.findings().size(), o.toString());
        // The moments: team-a before the reload, open from it on.
        RunScopes s = RunScopes.of(r.correlation().events());
        ControllerProcess a = r.correlation().processes().stream().filter(p -> p.replica().startsWith("a.log")).findFirst().orElseThrow();
        assertEquals("team-a", s.instanceIdAt(a.id(), at("07:59:00.000")));
        assertNull(s.instanceIdAt(a.id(), at("08:00:00.412")));
        assertNull(s.instanceIdOver(a.id(), at("07:59:00.000"), at("08:00:00.412")));
    }

    /** The same reload restating team-a: still one ID, still a finding. */
    @Test
    void aReloadThatRestatesTheIdChangesNothing() throws IOException {
        AnalysisResult r = bothOn(concat(start("07:58:10", "team-a", true), reload("07:59:40", "team-a", true)), start("07:58:14", "team-a", true));
        assertEquals(1, af012(r).findings().size(), af012(r).toString());
    }

    /** Control: two v3.7 starts stating team-a and team-b (their task-result watches) are two installations: cleared. */
    @Test
    void differentIdsAtTheStartsAreCleared() throws IOException {
        RuleOutcome o = af012(bothOn(start("07:58:10", "team-a", false), start("07:58:14", "team-b", false)));
        assertTrue(o.findings().isEmpty(), o.toString());
        assertTrue(o.cleared().get(0).reason().contains("manage disjoint Workflows"), o.cleared().toString());
    }

    /** a reloads without a dump before the overlap: its ID is open from then on, never read as the start's; not cleared. */
    @Test
    void aReloadThatOmitsTheIdLeavesItOpen() throws IOException {
        AnalysisResult r = bothOn(concat(start("07:58:10", "team-a", false), reload("07:59:40", null, false)), start("07:58:14", "team-b", false));
        RuleOutcome o = af012(r);
        assertTrue(o.cleared().stream().noneMatch(c -> c.reason().contains("manage disjoint Workflows")), o.cleared().toString());
        assertEquals(1, o.findings().size(), o.toString());
        RunScopes s = RunScopes.of(r.correlation().events());
        ControllerProcess a = r.correlation().processes().stream().filter(p -> p.replica().startsWith("a.log")).findFirst().orElseThrow();
        assertEquals("team-a", s.instanceIdAt(a.id(), at("07:59:00.000")));
        assertNull(s.instanceIdAt(a.id(), at("07:59:40.101")), "open from the reload's first line");
        assertNull(s.instanceIdAt(a.id(), at("08:02:00.000")));
    }

    private static Timestamp at(String time) {
        return Timestamp.parseRfc3339("2026-10-12T" + time + "Z", dev.argoforensics.time.TimePrecision.MILLISECOND, true);
    }
}
