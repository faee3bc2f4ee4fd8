package dev.argoforensics.correlate;

import static dev.argoforensics.correlate.NamesakesS57BreakerTest.all;
import static dev.argoforensics.correlate.NamesakesS57BreakerTest.of;
import static dev.argoforensics.correlate.TwinClustersLockBreakerTest.shifted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.testing.AnalyzedFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 59 breaker (b-twins) of AF014's per-run views (s59-twins, {@link ConcurrentRuns#apartFrom}): two clusters' controllers
 * (DR twins synced from one GitOps source, the CronWorkflow {@code finance/ledger-close-29334000} scheduled in both) under one
 * Lease key {@code argo/workflow-controller}, v3.7.6 logrus text with client-go's klog lines, given together. Cluster a's log is
 * samples/lock-released-when-deleted's (its holder kept the mutex until its Workflow was deleted: AF014 likely); cluster b's
 * controller runs 7 s behind it on its own Workflows of the same names.
 */
class TwinRunsLockS59BreakerTest {
    @TempDir
    Path dir;

    private static final Path SAMPLE = Path.of("samples/lock-released-when-deleted/logs/workflow-controller.log");
    static final String A1 = "workflow-controller-7f5c8b9d6-kq4mz";
    static final String A2 = "workflow-controller-7f5c8b9d6-r8vxn";
    static final String B1 = "workflow-controller-6c9d7f5b8-t2w7p";
    static final String B2 = "workflow-controller-6c9d7f5b8-m4hzq";
    private static final Pattern LOGRUS_TIME = Pattern.compile("time=\"([^\"]+)\"");

    private AnalysisResult analyze(Map<String, List<String>> logs, Map<String, String> objects) throws IOException {
        return AnalyzedFiles.run(dir, new TreeMap<>(logs), new TreeMap<>(objects));
    }

    private static String timeOf(String line) {
        Matcher m = LOGRUS_TIME.matcher(line);
        return m.find() ? m.group(1) : null;
    }

    private static String klog(String iso, String rest) {
        // I1014 08:30:04.512000       1 leaderelection.go:257] ...
        return "I" + iso.substring(5, 7) + iso.substring(8, 10) + " " + iso.substring(11, 23) + "000       1 " + rest;
    }

    /**
     * A rollout of the controller's Deployment at {@code at} (an upgrade both clusters took from the one GitOps source): the new Pod
     * starts, stands by naming the old holder (its record stays: ReleaseOnCancel is false in {@code main.go}), the old one stops
     * leading, and the new one takes the Lease once the old record expired (15 s). Returns the old run's log and the new run's.
     */
    static List<List<String>> rollout(List<String> log, String at, String oldPod, String newPod, String standBy, String stopped, String acquired) {
        List<String> before = new ArrayList<>();
        List<String> after = new ArrayList<>();
        for (String l : log) {
            String t = timeOf(l);
            if (t == null || t.compareTo(at) < 0) {
                before.add(l);
            } else if (t.compareTo(acquired) > 0) {
                after.add(l);
            }
        }
        before.add("time=\"" + stopped + "\" level=info msg=\"stopped leading\" id=" + oldPod);
        List<String> fresh = new ArrayList<>();
        fresh.add(klog(standBy, "leaderelection.go:257] attempting to acquire leader lease argo/workflow-controller..."));
        fresh.add("time=\"" + standBy.substring(0, 20) + "530Z\" level=info msg=\"new leader\" leader=" + oldPod);
        fresh.add(klog(acquired, "leaderelection.go:271] successfully acquired lease argo/workflow-controller"));
        fresh.add("time=\"" + acquired.substring(0, 20) + "641Z\" level=info msg=\"new leader\" leader=" + newPod);
        fresh.add("time=\"" + acquired.substring(0, 20) + "642Z\" level=info msg=\"Starting Workflow Controller\" defaultRequeueTime=10s version=v3.7.6");
        fresh.add("time=\"" + acquired.substring(0, 20) + "650Z\" level=info msg=\"Current Worker Numbers\" cronWorkflowWorkers=8 podCleanup=4"
                + " workflowArchive=8 workflowTtlWorkers=4 workflowWorkers=32");
        fresh.add("time=\"" + acquired.substring(0, 20) + "702Z\" level=info msg=\"Manager initialized successfully\"");
        fresh.addAll(after);
        return List.of(before, fresh);
    }

    /**
     * Cluster b's whole log: a's to the holder's completion, 7 s later on b's clock, under b's identity, its namesake's lock released
     * as it completed (08:41:16.903), then b's other Workflows' passes to 10:30. (TwinClustersLockBreakerTest#clusterB stops at a's
     * first line from 08:40, the stats ticker's 08:40:02 since session 56: its b holds neither the completion nor the release.)
     */
    static List<String> clusterBCompleting(List<String> a) {
        List<String> b = new ArrayList<>();
        for (String l : a) {
            String t = timeOf(l);
            if (t != null && t.compareTo("2026-10-14T08:41:10") > 0) {
                break;
            }
            b.add(shifted(l.replace(A1, B1), Duration.ofSeconds(7)));
            if (l.contains("Marking workflow completed")) {
                b.add("time=\"2026-10-14T08:41:16.903Z\" level=info msg=\"finance/ledger-close-29334000 released a lock from finance/Mutex/ledger-write\"");
            }
        }
        for (int m = 45; m <= 150; m += 5) {
            b.add(String.format("time=\"2026-10-14T%02d:%02d:%s\" level=info msg=\"%s\"", 8 + m / 60, m % 60, "09.060Z",
                    "Alloc=9100 TotalAlloc=" + (90000 + m * 100) + " Sys=38201 NumGC=" + (30 + m / 5) + " Goroutines=131"));
            b.add(String.format("time=\"2026-10-14T%02d:%02d:40.000Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=%d"
                    + " namespace=finance workflow=tax-sync-8k2m4", 8 + m / 60, m % 60, 5500 + m));
        }
        return b;
    }

    /**
     * Attack 0 (held): the scenario TwinClustersLockBreakerTest#theOtherClustersReleaseOfItsNamesakeClearsNothing means, with b's completion
     * and release really in b's log (one run each, at once under one Lease key): b's release 7 s after a's completion is b's
     * Workflow's and clears nothing of a's; a's finding reads as a's log alone reads it.
     */
    @Test
    void theOtherClustersReleaseAtItsCompletionClearsNothing() throws IOException {
        List<String> a = Files.readAllLines(SAMPLE);
        List<String> b = clusterBCompleting(a);
        assertTrue(b.stream().anyMatch(l -> l.contains("08:41:16.903Z") && l.contains("released a lock")));
        AnalysisResult both = analyze(Map.of("prod-east/workflow-controller.log", a, "prod-west/workflow-controller.log", b), Map.of());
        assertTrue(ConcurrentRuns.of(both.correlation()).atOnce(0, 1), () -> both.correlation().processes().toString());
        List<String> together = of(both, "AF014");
        assertTrue(together.stream().anyMatch(f -> f.endsWith("LIKELY AF014.reason.lateRelease")), () -> all(both).toString());
        assertTrue(together.stream().noneMatch(f -> f.contains("AF014.cleared.released")), () -> all(both).toString());
    }

    /** Cluster a's log, its controller rolled at 08:30 (the new Pod's run from 08:30:13). */
    static List<List<String>> clusterARolled(List<String> a) {
        return rollout(a, "2026-10-14T08:29:50.000Z", A1, A2, "2026-10-14T08:29:50.512Z", "2026-10-14T08:29:58.204Z", "2026-10-14T08:30:13.640Z");
    }

    /**
     * Attack 1 (broke, fixed): both clusters' controllers rolled at 08:30 (one upgrade from one GitOps source). Cluster a's holder took the mutex in
     * a's first run (08:00) and completed in a's second (08:41:09) without a release (released only when deleted at 10:24:59, the
     * waits before standing); b's namesake completed in b's second run (08:41:16) and released its own lock. Pairwise, b's second run
     * led at once with a's second run, not with a's first (the acquiring run): its release is of the other cluster's Workflow and must
     * clear nothing of a's holding. a's finding must read as a's two runs alone read it. Before: a's holding cleared by b's release
     * (AF014.cleared.released at 08:41:16.903), a lost likely; fixed in ConcurrentRuns#apartFrom (by cluster: runs tied by hand-overs).
     */
    @Test
    void bothClustersRolledTheOtherClustersRestartedRunsReleaseClearsNothing() throws IOException {
        List<String> a = Files.readAllLines(SAMPLE);
        List<List<String>> ar = clusterARolled(a);
        List<String> bWhole = clusterBCompleting(a);
        List<List<String>> br = rollout(bWhole, "2026-10-14T08:29:57.000Z", B1, B2, "2026-10-14T08:29:57.120Z", "2026-10-14T08:30:04.880Z",
                "2026-10-14T08:30:20.310Z");
        Map<String, List<String>> east = Map.of("prod-east/workflow-controller-previous.log", ar.get(0), "prod-east/workflow-controller.log", ar.get(1));
        AnalysisResult alone = analyze(east, Map.of());
        List<String> af014 = of(alone, "AF014");
        assertTrue(af014.contains("LIKELY AF014.reason.lateRelease"), () -> all(alone).toString());
        Map<String, List<String>> logs = new TreeMap<>(east);
        logs.put("prod-west/workflow-controller-previous.log", br.get(0));
        logs.put("prod-west/workflow-controller.log", br.get(1));
        AnalysisResult both = analyze(logs, Map.of());
        assertEquals(4, both.correlation().processes().size(), () -> both.correlation().processes().toString());
        List<String> together = of(both, "AF014");
        assertTrue(together.contains("(lifetime 1 of 2, created 2026-10-14T08:22:40.470Z) LIKELY AF014.reason.lateRelease"), () -> all(both).toString());
        assertTrue(together.stream().noneMatch(f -> f.contains("AF014.cleared.released") && f.contains("lifetime 1 of 2")), () -> all(both).toString());
        assertTrue(together.stream().noneMatch(f -> f.contains("lifetime 2 of 2") && (f.contains("CONFIRMED") || f.contains("LIKELY"))),
                () -> all(both).toString());
    }

    /**
     * Control (held; the opposite direction): cluster a's own controller rolled at 08:30, its holder released as it completed in the new
     * run (08:41:09.925, the completion's pass). With cluster b beside it, a's release must still clear a's holding: a's new run is a
     * hand-over of a's Lease (it named a's old Pod), never another cluster. b's namesake here keeps its lock (no release at all) with
     * no waiter in b: nothing to report in b either.
     */
    @Test
    void theClustersOwnRestartedRunsReleaseStillClears() throws IOException {
        List<String> a = new ArrayList<>();
        for (String l : Files.readAllLines(SAMPLE)) {
            if (l.contains("2026-10-14T10:24:59")) {
                continue; // no late release: the completion's own
            }
            a.add(l);
            if (l.contains("Marking workflow completed")) {
                a.add("time=\"2026-10-14T08:41:09.925Z\" level=info msg=\"finance/ledger-close-29334000 released a lock from finance/Mutex/ledger-write\"");
            }
        }
        List<List<String>> ar = clusterARolled(a);
        List<String> bWhole = new ArrayList<>(TwinClustersLockBreakerTest.clusterB(Files.readAllLines(SAMPLE)));
        bWhole.removeIf(l -> l.contains("released a lock"));
        Map<String, List<String>> logs = new TreeMap<>(Map.of("prod-east/workflow-controller-previous.log", ar.get(0),
                "prod-east/workflow-controller.log", ar.get(1), "prod-west/workflow-controller.log", bWhole));
        AnalysisResult both = analyze(logs, Map.of());
        assertEquals(3, both.correlation().processes().size(), () -> both.correlation().processes().toString());
        ConcurrentRuns runs = ConcurrentRuns.of(both.correlation());
        assertTrue(runs.any(), "one Lease key held twice at once: two clusters");
        List<String> together = of(both, "AF014");
        assertTrue(together.stream().noneMatch(f -> f.contains("CONFIRMED") || f.contains("LIKELY") || f.contains("POSSIBLE")), () -> all(both).toString());
        assertTrue(together.stream().anyMatch(f -> f.contains("AF014.cleared.released") && f.contains("holder=finance/ledger-close-29334000")),
                () -> all(both).toString());
    }

    /** The holder's export as {@code kubectl get wf -o yaml} gives it: Succeeded, still listing itself as the mutex's holder. */
    static String holderExport() {
        return """
                apiVersion: argoproj.io/v1alpha1
                kind: Workflow
                metadata:
                  name: ledger-close-29334000
                  namespace: finance
                  uid: 3d0c9e57-1b2a-4c8f-9a61-5e7f2b4d8c10
                  resourceVersion: "88139160"
                  creationTimestamp: "2026-10-14T08:00:00Z"
                  labels:
                    workflows.argoproj.io/completed: "true"
                    workflows.argoproj.io/cron-workflow: ledger-close
                    workflows.argoproj.io/phase: Succeeded
                status:
                  phase: Succeeded
                  startedAt: "2026-10-14T08:00:00Z"
                  finishedAt: "2026-10-14T08:41:09Z"
                  synchronization:
                    mutex:
                      holding:
                      - {mutex: finance/Mutex/ledger-write, holder: finance/ledger-close-29334000}
                """;
    }

    /**
     * Cluster b where its namesake still runs (its load step slower against b's warehouse): it took b's mutex at 08:00:07 and holds
     * it, as a running Workflow does, and b's month-end and audit-export wait for it: ordinary contention in b.
     */
    static List<String> clusterBStillRunning(List<String> a) {
        List<String> b = new ArrayList<>();
        for (String l : a) {
            String t = timeOf(l);
            if (t != null && t.startsWith("2026-10-14T08:41:09.") && !l.contains("Processing workflow") && !l.contains("Task-result")) {
                continue; // no completion in b: its last step runs on
            }
            if (t != null && t.compareTo("2026-10-14T10:24:59") >= 0) {
                break;
            }
            b.add(shifted(l.replace(A1, B1), Duration.ofSeconds(7)));
        }
        b.add("time=\"2026-10-14T10:30:07.000Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=88196112 namespace=finance workflow=ledger-close-29334000");
        return b;
    }

    /**
     * Attack 2 (broke, fixed): cluster a's export of its holder (Succeeded, still listing itself: the release not persisted), taken at 10:00 before
     * the delete, given with both clusters' logs. In b's view (a's lines left out) b's namesake took the mutex at 08:00:07 and was
     * never seen completed, and b's waiters waited for it: ordinary contention. The export is every view's, so it joins b's holding
     * (the same holder key) and states it completed: a confirmed (or likely) finding under b's Pod would be wrong; a's own finding
     * stays (a's view: a's acquisition, a's completion, a's waits). Before: CONFIRMED exportAndWaits under b's Pod too (lifetime 2 of 2);
     * fixed in LockHeldByFinishedWorkflow (an export is the view's whose runs logged its Workflow completed).
     */
    @Test
    void theOneClustersExportDoesNotCompleteTheOtherClustersRunningNamesake() throws IOException {
        List<String> a = Files.readAllLines(SAMPLE);
        List<String> b = clusterBStillRunning(a);
        AnalysisResult bAlone = analyze(Map.of("prod-west/workflow-controller.log", b), Map.of());
        assertTrue(of(bAlone, "AF014").stream().noneMatch(f -> f.contains("CONFIRMED") || f.contains("LIKELY") || f.contains("POSSIBLE")),
                () -> all(bAlone).toString());
        AnalysisResult both = analyze(Map.of("prod-east/workflow-controller.log", a, "prod-west/workflow-controller.log", b),
                Map.of("prod-east/ledger-close-29334000.yaml", holderExport()));
        assertTrue(ConcurrentRuns.of(both.correlation()).any());
        List<String> together = of(both, "AF014");
        String bPod = "lifetime 2 of 2";
        assertTrue(together.stream().noneMatch(f -> f.contains(bPod) && (f.contains("CONFIRMED") || f.contains("LIKELY"))), () -> all(both).toString());
        assertTrue(together.stream().filter(f -> f.contains("CONFIRMED") || f.contains("LIKELY")).count() <= 1, () -> all(both).toString());
        // a's own: its acquisition, its completion, its waits and its export (the export's Workflow completed in a's log alone)
        assertTrue(together.contains("(lifetime 1 of 2, created 2026-10-14T08:22:40.470Z) CONFIRMED AF014.reason.exportAndWaits"), () -> all(both).toString());
    }

    /**
     * Attack 3 (broke, fixed): the holder known from an export alone. Cluster a's log is the running container's after a restart at 08:30 (the run
     * that acquired the mutex at 08:00 not in the input); a's holder completed at 08:41:09 without a release, and nobody in a asked
     * for the mutex after: a's truth is the export alone (possible, nobody seen waiting). Cluster b's own Workflow recon-7x2kd holds
     * b's mutex of the name (running) and b's month-end waits for it. The export's holding, read in the view of every line, counts
     * b's waits as waits for a's holder (likely, b's running holder named as a co-holder): wrong; a's holder's Workflow is logged by
     * a's run only, so its holding is a's. Before: LIKELY exportCoHolder (no Pod); fixed as attack 2 (read in a's view: possible).
     */
    @Test
    void anExportOnlyHoldingIsNotWaitedForByTheOtherClustersWaiters() throws IOException {
        List<String> sample = Files.readAllLines(SAMPLE);
        List<String> a = new ArrayList<>(clusterARolled(sample).get(1));
        a.removeIf(l -> l.contains("month-end-4vx9d") || l.contains("audit-export-p2n7w") || l.contains("2026-10-14T10:24:59"));
        // a's other Workflows (no lock) passed every 10 minutes
        for (int m = 50; m < 140; m += 10) {
            String pass = String.format("time=\"2026-10-14T%02d:%02d:30.000Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=%d"
                    + " namespace=finance workflow=payroll-sync-5t9qz", 8 + m / 60, m % 60, 88140000 + m);
            int at = a.size();
            for (int i = a.size() - 1; i >= 0 && timeOf(a.get(i)) != null && timeOf(a.get(i)).compareTo(timeOf(pass)) > 0; i--) {
                at = i;
            }
            a.add(at, pass);
        }
        List<String> b = new ArrayList<>();
        for (String l : sample) {
            String t = timeOf(l);
            if (t != null && t.compareTo("2026-10-14T10:24:59") >= 0) {
                break;
            }
            String s = l.replace(A1, B1).replace("ledger-close-29334000-extract-670537456", "recon-7x2kd-extract-3160118283")
                    .replace("ledger-close-29334000-load-2434902808", "recon-7x2kd-load-1502935471").replace("ledger-close-29334000", "recon-7x2kd");
            if (t != null && t.startsWith("2026-10-14T08:41:09.") && !l.contains("Processing workflow") && !l.contains("Task-result")) {
                continue; // b's recon runs on
            }
            b.add(shifted(s, Duration.ofSeconds(7)));
        }
        b.add("time=\"2026-10-14T10:30:07.000Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=88196112 namespace=finance workflow=recon-7x2kd");
        AnalysisResult aAlone = analyze(Map.of("prod-east/workflow-controller.log", a), Map.of("prod-east/ledger-close-29334000.yaml", holderExport()));
        List<String> alone = of(aAlone, "AF014");
        assertTrue(alone.stream().noneMatch(f -> f.contains("CONFIRMED") || f.contains("LIKELY")), () -> all(aAlone).toString());
        AnalysisResult both = analyze(Map.of("prod-east/workflow-controller.log", a, "prod-west/workflow-controller.log", b),
                Map.of("prod-east/ledger-close-29334000.yaml", holderExport()));
        assertTrue(ConcurrentRuns.of(both.correlation()).any(), () -> both.correlation().processes().toString());
        List<String> together = of(both, "AF014");
        assertTrue(together.stream().noneMatch(f -> f.contains("CONFIRMED") || f.contains("LIKELY")), () -> all(both).toString());
        assertEquals(alone.stream().filter(f -> f.contains("POSSIBLE")).count(), together.stream().filter(f -> f.contains("POSSIBLE")).count(),
                () -> all(aAlone) + " vs " + all(both));
        assertFalse(together.isEmpty(), () -> all(both).toString());
    }

    /** b's resourceVersions: its own etcd's, far below a's (a younger cluster): a's less 88,115,000. */
    static String ownRevisions(String l) {
        Matcher m = Pattern.compile("(?i)(resourceVersion=)(\\d+)").matcher(l);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, m.group(1) + (Long.parseLong(m.group(2)) - 88_115_000L));
        }
        m.appendTail(out);
        return out.toString();
    }

    /**
     * Attack 5 (AF009 through ConcurrentRuns#sides, s59-twins cf24bd2c): both clusters' controllers rolled at 09:00, after a's holder
     * completed (08:41:09, a's first run, resourceVersion 88139160). b's namesake, slower, still ran; b's new run's pass at 09:10:07
     * (its own etcd's resourceVersion 24120) failed its last step and stored it Failed: an ordinary failure in b. Pairwise, b's new
     * run led at once with a's new run only: in the side of a's first run it was left in, and read as a restarted controller's pass
     * on a copy older than a's completion (a stale copy, one run after the other): a phase gone back. Each cluster must read as its
     * logs alone read it.
     */
    @Test
    void theOtherClustersRestartedRunsFailureIsNoPhaseGoneBack() throws IOException {
        List<String> a = Files.readAllLines(SAMPLE);
        List<List<String>> ar = rollout(a, "2026-10-14T08:59:50.000Z", A1, A2, "2026-10-14T08:59:50.512Z", "2026-10-14T08:59:58.204Z",
                "2026-10-14T09:00:13.640Z");
        List<String> bWhole = new ArrayList<>();
        for (String l : clusterBStillRunning(a)) {
            String t = timeOf(l);
            if (t != null && t.compareTo("2026-10-14T09:05") > 0) {
                break;
            }
            bWhole.add(ownRevisions(l));
        }
        String f = "namespace=finance workflow=ledger-close-29334000";
        bWhole.add("time=\"2026-10-14T09:10:07.100Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=24120 " + f);
        bWhole.add("time=\"2026-10-14T09:10:07.104Z\" level=info msg=\"Task-result reconciliation\" " + f + " numObjs=2");
        bWhole.add("time=\"2026-10-14T09:10:07.113Z\" level=info msg=\"node ledger-close-29334000-2434902808 phase Running -> Failed\" " + f);
        bWhole.add("time=\"2026-10-14T09:10:07.113Z\" level=info msg=\"node ledger-close-29334000-2434902808 message: Error (exit code 1)\" " + f);
        bWhole.add("time=\"2026-10-14T09:10:07.114Z\" level=info msg=\"node ledger-close-29334000-2434902808 finished: 2026-10-14 09:10:07.114551203 +0000 UTC\" " + f);
        bWhole.add("time=\"2026-10-14T09:10:07.118Z\" level=info msg=\"node ledger-close-29334000-1304934214 phase Running -> Failed\" " + f);
        bWhole.add("time=\"2026-10-14T09:10:07.121Z\" level=info msg=\"node ledger-close-29334000 phase Running -> Failed\" " + f);
        bWhole.add("time=\"2026-10-14T09:10:07.124Z\" level=info msg=\"Updated phase Running -> Failed\" " + f);
        bWhole.add("time=\"2026-10-14T09:10:07.125Z\" level=info msg=\"Marking workflow completed\" " + f);
        bWhole.add("time=\"2026-10-14T09:10:07.126Z\" level=info msg=\"finance/ledger-close-29334000 released a lock from finance/Mutex/ledger-write\"");
        bWhole.add("time=\"2026-10-14T09:10:07.151Z\" level=info msg=\"Workflow update successful\" namespace=finance phase=Failed resourceVersion=24188 workflow=ledger-close-29334000");
        for (int m = 15; m <= 90; m += 5) {
            bWhole.add(String.format("time=\"2026-10-14T%02d:%02d:40.000Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=%d"
                    + " namespace=finance workflow=tax-sync-8k2m4", 9 + m / 60, m % 60, 24300 + m));
        }
        List<List<String>> br = rollout(bWhole, "2026-10-14T08:59:57.000Z", B1, B2, "2026-10-14T08:59:57.120Z", "2026-10-14T09:00:04.880Z",
                "2026-10-14T09:00:20.310Z");
        Map<String, List<String>> east = Map.of("prod-east/workflow-controller-previous.log", ar.get(0), "prod-east/workflow-controller.log", ar.get(1));
        Map<String, List<String>> west = Map.of("prod-west/workflow-controller-previous.log", br.get(0), "prod-west/workflow-controller.log", br.get(1));
        AnalysisResult aAlone = analyze(east, Map.of());
        AnalysisResult bAlone = analyze(west, Map.of());
        Map<String, List<String>> logs = new TreeMap<>(east);
        logs.putAll(west);
        AnalysisResult both = analyze(logs, Map.of());
        assertEquals(4, both.correlation().processes().size(), () -> both.correlation().processes().toString());
        for (AnalysisResult r : List.of(aAlone, bAlone, both)) {
            assertTrue(of(r, "AF009").stream().noneMatch(x -> x.contains("CONFIRMED") || x.contains("LIKELY")), () -> all(r).toString());
        }
        // AF014: a's controller restarted after its holder completed (a mutex rebuilt from the Running Workflows only): cleared, as alone
        assertTrue(of(aAlone, "AF014").stream().noneMatch(x -> x.contains("CONFIRMED") || x.contains("LIKELY")), () -> all(aAlone).toString());
        assertTrue(of(both, "AF014").stream().noneMatch(x -> x.contains("CONFIRMED") || x.contains("LIKELY")), () -> all(both).toString());
    }

    /**
     * Attack 6 (AF009 through ConcurrentRuns#sides): cluster a's export of its completed Workflow (Succeeded, finishedAt 08:41:09)
     * given with both clusters' logs, one run each; b's namesake still runs (passes at 08:41:16 and 10:30:07, Running). The export is
     * in every side: in b's, b's Running passes after the export's completion must not read as a phase gone back.
     */
    @Test
    void theOneClustersExportIsNoCompletionOfTheOtherClustersNamesake() throws IOException {
        List<String> a = Files.readAllLines(SAMPLE);
        List<String> b = new ArrayList<>(clusterBStillRunning(a).stream().map(TwinRunsLockS59BreakerTest::ownRevisions).toList());
        AnalysisResult both = analyze(Map.of("prod-east/workflow-controller.log", a, "prod-west/workflow-controller.log", b),
                Map.of("prod-east/ledger-close-29334000.yaml", holderExport()));
        assertTrue(ConcurrentRuns.of(both.correlation()).any());
        assertTrue(of(both, "AF009").stream().noneMatch(x -> x.contains("CONFIRMED") || x.contains("LIKELY")), () -> all(both).toString());
        assertTrue(of(both, "AF015").stream().noneMatch(x -> x.contains("CONFIRMED") || x.contains("LIKELY")), () -> all(both).toString());
    }
}
