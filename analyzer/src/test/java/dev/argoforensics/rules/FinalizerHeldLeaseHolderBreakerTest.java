package dev.argoforensics.rules;

import static dev.argoforensics.rules.HeldUntilStandbyTakesOverTest.banner;
import static dev.argoforensics.rules.HeldUntilStandbyTakesOverTest.deletedPod;
import static dev.argoforensics.rules.HeldUntilStandbyTakesOverTest.line;
import static dev.argoforensics.rules.HeldUntilStandbyTakesOverTest.newLeader;
import static dev.argoforensics.rules.HeldUntilStandbyTakesOverTest.takeOver;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.processingOther;
import static dev.argoforensics.testing.V4.workers;
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
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 52 breaker of {@link FinalizerHeldLeaseHolderTest}: a run that a Lease hand-over ties to the Pod's replica yet whose
 * own lines say its pod informer never listed the held Pod (of namespace {@code ns}, no instance-ID label), or whose election
 * lines name another Lease. A rollout that changes {@code --namespaced} / {@code --managed-namespace} keeps the Lease's name
 * ({@code workflow-controller[-<instanceID>]} in the install namespace), so the new Pod of the Deployment takes the Lease from the
 * old one and watches other Pods: no controller could release the held Pod through it, and the reading stays as before the
 * session-52 change (cleared as held while down, with d's return). The three attacks fail on 14ea0c75 (likely).
 */
class FinalizerHeldLeaseHolderBreakerTest {
    @TempDir
    Path dir;

    private static final String ARGO_LOCK = " lock=argo/workflow-controller";

    private static List<String> leader() {
        return List.of(line("2026-09-19T16:20:00.000Z", "Attempting to acquire leader lease...") + ARGO_LOCK,
                line("2026-09-19T16:20:00.050Z", "Successfully acquired lease") + ARGO_LOCK, newLeader("2026-09-19T16:20:00.050Z", "wc-aaaaa"),
                banner("2026-09-19T16:20:00.051Z"), workers("2026-09-19T16:20:00.100Z", 32),
                podEvent("2026-09-19T16:27:45.000Z", "update"), processingOther("2026-09-19T16:30:00.000Z"));
    }

    /** updateConfig's line (every release, before the election): the managed namespace, empty for every namespace. */
    private static String scopeLine(String t, String managed) {
        return "time=" + t + " level=INFO msg=\"\" executorImage=quay.io/argoproj/argoexec:v4.0.6 executorImagePullPolicy=\"\" managedNamespace="
                + (managed.isEmpty() ? "\"\"" : managed) + " initlessPod=false";
    }

    private static String processingIn(String t, String namespace) {
        return "time=" + t + " level=INFO msg=\"Processing workflow\" component=workflow_worker workflow=other namespace=" + namespace
                + " phase=Running resourceVersion=9";
    }

    /**
     * c: its scope line ({@code managed}, null: none), stands by naming wc-aaaaa on {@code lock}, acquires at 16:30:30, its banner
     * stating {@code instanceId}, then other Workflows' passes in {@code namespace} to 16:50; never the Pod.
     */
    private static List<String> tied(String managed, String lock, String instanceId, String namespace) {
        List<String> c = new ArrayList<>();
        if (managed != null) {
            c.add(scopeLine("2026-09-19T16:20:09.000Z", managed));
        }
        c.add(line("2026-09-19T16:20:10.000Z", "Attempting to acquire leader lease...") + lock);
        c.add(newLeader("2026-09-19T16:20:10.020Z", "wc-aaaaa"));
        c.add(line("2026-09-19T16:30:30.000Z", "Successfully acquired lease") + lock);
        c.add(newLeader("2026-09-19T16:30:30.000Z", "wc-ccccc"));
        c.add("time=2026-09-19T16:30:30.050Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3 instanceID=\"" + instanceId
                + "\" defaultRequeueTime=10s");
        c.add(workers("2026-09-19T16:30:30.100Z", 32));
        c.add(processingIn("2026-09-19T16:30:40.000Z", namespace));
        c.add(processingIn("2026-09-19T16:50:00.000Z", namespace));
        return c;
    }

    private RuleOutcome analyze(List<String> c) throws IOException {
        Map<String, List<String>> logs = Map.of("a/controller.log", leader(), "c/controller.log", c,
                "d/controller.log", takeOver("2026-09-19T17:10:00.000Z", "wc-ddddd", "2026-09-19T17:10:01"));
        Path run = Files.createTempDirectory(dir, "run");
        for (Map.Entry<String, List<String>> e : logs.entrySet()) {
            Files.createDirectories(run.resolve(e.getKey()).getParent());
            Files.write(run.resolve(e.getKey()), e.getValue());
        }
        Files.writeString(run.resolve("pod.yaml"), "# taken-at: 2026-09-19T17:04:54Z\n" + deletedPod());
        AnalysisResult r = Analysis.standard(AnalysisOptions.defaults()).run(List.of(run.toString()));
        return r.outcomes().stream().filter(o -> o.rule().equals("AF004")).findFirst().orElseThrow();
    }

    /** Attack: the new Pod of a rollout runs --namespaced (managedNamespace=argo); the held Pod is in ns: cleared as before. */
    @Test
    void aTiedRunManagingAnotherNamespaceNeverWatchedThePod() throws IOException {
        RuleOutcome o = analyze(tied("argo", ARGO_LOCK, "", "argo"));
        assertTrue(o.findings().isEmpty(), o::toString);
        assertEquals(1, o.cleared().size(), o::toString);
    }

    /** Attack: the tied run states another instance ID than the Pod's (none): its pod informer selects other Pods: cleared as before. */
    @Test
    void aTiedRunOfAnotherInstanceIdNeverWatchedThePod() throws IOException {
        RuleOutcome o = analyze(tied(null, ARGO_LOCK, "team-b", "ns"));
        assertTrue(o.findings().isEmpty(), o::toString);
        assertEquals(1, o.cleared().size(), o::toString);
    }

    /** The control: the tied run states every namespace and no instance ID: it watched the Pod, the export decides (likely). */
    @Test
    void aTiedRunManagingEveryNamespaceWatchedThePod() throws IOException {
        RuleOutcome o = analyze(tied("", ARGO_LOCK, "", "ns"));
        assertTrue(o.cleared().isEmpty(), o::toString);
        assertEquals(1, o.findings().size(), o::toString);
        assertEquals(Confidence.LIKELY, o.findings().get(0).confidence(), o.findings().get(0).confidenceReason());
    }

    /**
     * Attack: c waits on another namespace's Lease (lock=other/workflow-controller) whose holder is named like a (two installations'
     * Pods of one name). The election reader keeps no lock, so the hand-over ties them by identity alone.
     */
    @Test
    void aRunOnAnotherNamespacesLeaseIsNotTied() throws IOException {
        RuleOutcome o = analyze(tied(null, " lock=other/workflow-controller", "", "other"));
        assertTrue(o.findings().isEmpty(), o::toString);
        assertEquals(1, o.cleared().size(), o::toString);
    }
}
