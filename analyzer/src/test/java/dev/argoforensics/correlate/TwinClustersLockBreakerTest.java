package dev.argoforensics.correlate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.AnalysisResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 58 breaker (b-projection): two clusters' controllers (a DR twin synced from one GitOps source: the same CronWorkflow
 * {@code finance/ledger-close-29334000}, scheduled in both at 08:00) under one Lease key, v3.7 logrus text with client-go's klog
 * election lines, given together. Cluster a's log is samples/lock-released-when-deleted's (its holder kept the mutex until its
 * Workflow was deleted at 10:24:59: AF014 likely); cluster b's controller, 7 s behind it, ran its own Workflow of the name, which
 * released the lock as it completed (08:41:17). b's release is another cluster's Workflow's: a's finding must read as a's log alone
 * reads it, in the analysis and from the files' projections. Session 59: AF014 reads a holding in its acquiring run's view, the
 * lines of the runs apart from it left out (ConcurrentRuns#apartFrom); its finding is listed under a's Pod of the name.
 */
class TwinClustersLockBreakerTest {
    @TempDir
    Path dir;

    private static final Path SAMPLE = Path.of("samples/lock-released-when-deleted/logs/workflow-controller.log");
    private static final DateTimeFormatter LOGRUS = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter KLOG = DateTimeFormatter.ofPattern("MMdd HH:mm:ss.SSSSSS").withZone(ZoneOffset.UTC);

    /** A line with its time moved by {@code d} (logrus {@code time="…"} or a klog header). */
    static String shifted(String l, Duration d) {
        Matcher m = Pattern.compile("time=\"([^\"]+)\"").matcher(l);
        if (m.find()) {
            return l.substring(0, m.start(1)) + LOGRUS.format(Instant.parse(m.group(1)).plus(d)) + l.substring(m.end(1));
        }
        Matcher k = Pattern.compile("^I(\\d{4} \\d\\d:\\d\\d:\\d\\d\\.\\d{6})").matcher(l);
        if (k.find()) {
            Instant t = Instant.parse("2026-" + k.group(1).substring(0, 2) + "-" + k.group(1).substring(2, 4) + "T" + k.group(1).substring(5) + "Z");
            return "I" + KLOG.format(t.plus(d)) + l.substring(k.end());
        }
        return l;
    }

    /** Cluster b: a's log to the holder's completion, 7 s later on b's clock, under b's identity, the lock released at completion. */
    static List<String> clusterB(List<String> a) {
        List<String> b = new ArrayList<>();
        for (String l : a) {
            if (l.startsWith("time=\"2026-10-14T08:4") && !l.contains("08:41:09")) {
                break;
            }
            String s = shifted(l.replace("workflow-controller-7f5c8b9d6-kq4mz", "workflow-controller-6c9d7f5b8-t2w7p"), Duration.ofSeconds(7));
            b.add(s);
            if (l.contains("Marking workflow completed")) {
                b.add("time=\"2026-10-14T08:41:16.903Z\" level=info msg=\"finance/ledger-close-29334000 released a lock from finance/Mutex/ledger-write\"");
            }
        }
        b.add("time=\"2026-10-14T08:50:00.000Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=5501 namespace=finance workflow=tax-sync-8k2m4");
        b.add("time=\"2026-10-14T10:30:00.000Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=5720 namespace=finance workflow=tax-sync-8k2m4");
        return b;
    }

    private AnalysisResult analyze(Map<String, List<String>> logs) throws IOException {
        Path in = Files.createDirectories(dir.resolve("in-" + System.nanoTime()));
        List<String> paths = new ArrayList<>();
        for (Map.Entry<String, List<String>> l : new java.util.TreeMap<>(logs).entrySet()) {
            Path p = in.resolve(l.getKey());
            Files.createDirectories(p.getParent());
            Files.write(p, l.getValue());
            paths.add(p.toString());
        }
        return Analysis.standard(AnalysisOptions.defaults()).run(paths);
    }

    @Test
    void theOtherClustersReleaseOfItsNamesakeClearsNothing() throws IOException {
        List<String> a = Files.readAllLines(SAMPLE);
        List<String> b = clusterB(a);
        AnalysisResult alone = analyze(Map.of("prod-east/workflow-controller.log", a));
        AnalysisResult both = analyze(Map.of("prod-east/workflow-controller.log", a, "prod-west/workflow-controller.log", b));
        assertEquals(2, both.correlation().processes().size(), () -> both.correlation().processes().toString());
        assertTrue(ConcurrentRuns.of(both.correlation()).atOnce(0, 1), "one Lease key held twice: at once");
        List<String> af014 = NamesakesS57BreakerTest.of(alone, "AF014");
        assertTrue(af014.contains("LIKELY AF014.reason.lateRelease"), af014::toString);
        // Together the name has two Pods (a's, then b's 7 s later): the finding is listed under a's, its lifetime named.
        String aPod = "(lifetime 1 of 2, created 2026-10-14T08:22:40.470Z) ";
        List<String> together = NamesakesS57BreakerTest.of(both, "AF014");
        assertTrue(together.get(0).startsWith(aPod), () -> NamesakesS57BreakerTest.all(both).toString());
        assertEquals(af014, together.stream().map(f -> f.startsWith(aPod) ? f.substring(aPod.length()) : f).toList(),
                () -> NamesakesS57BreakerTest.all(both).toString());
    }

    /**
     * Attack 2 (held): the Lease key as each release words it. Cluster a runs v3.7 (client-go's klog lines: the key in the message),
     * cluster b v4.1 (slog, the key in {@code lock}), both under {@code argo/workflow-controller}: one key held twice, so at once, in
     * the analysis and from the files' projections (the files read alone, as the fleet reads them); b names no Pod or Workflow of a's,
     * so a's findings are its log's alone.
     */
    @Test
    void aV3KlogLeaseAndAV41LockKeyAreOneKeyHeldTwice() throws IOException {
        List<String> a = Files.readAllLines(SAMPLE);
        List<String> b = new ArrayList<>(List.of(dev.argoforensics.testing.V4.acquired("2026-10-14T07:50:00.000Z", "argo/workflow-controller",
                "workflow-controller-6c9d7f5b8-t2w7p")));
        b.add("time=2026-10-14T07:50:00.100Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3");
        b.add(dev.argoforensics.testing.V4.workers("2026-10-14T07:50:00.200Z", 32));
        for (int m = 0; m < 160; m += 10) {
            b.add(String.format("time=2026-10-14T%02d:%02d:00.000Z level=INFO msg=\"Processing workflow\" component=workflow_worker"
                    + " workflow=tax-sync-8k2m4 namespace=finance phase=Running resourceVersion=%d", 8 + m / 60, m % 60, 5500 + m));
        }
        AnalysisResult alone = analyze(Map.of("prod-east/workflow-controller.log", a));
        AnalysisResult both = analyze(Map.of("prod-east/workflow-controller.log", a, "prod-west/workflow-controller.log", b));
        assertEquals(2, both.correlation().processes().size(), () -> both.correlation().processes().toString());
        assertTrue(ConcurrentRuns.of(both.correlation()).atOnce(0, 1), "one Lease key, worded by v3's klog and v4.1's lock key, held twice");
        assertEquals(NamesakesS57BreakerTest.all(alone), NamesakesS57BreakerTest.all(both));
        Path in = Files.createDirectories(dir.resolve("projected"));
        Files.createDirectories(in.resolve("prod-east"));
        Files.createDirectories(in.resolve("prod-west"));
        Files.write(in.resolve("prod-east/workflow-controller.log"), a);
        Files.write(in.resolve("prod-west/workflow-controller.log"), b);
        dev.argoforensics.analysis.ProjectedReadings pr = dev.argoforensics.analysis.ProjectedReadings.of(
                List.of(in.resolve("prod-east/workflow-controller.log").toString(), in.resolve("prod-west/workflow-controller.log").toString()),
                f -> java.util.Optional.empty(), AnalysisOptions.defaults().withThreads(1));
        LineProjection union = LineProjection.union(pr.lines());
        List<dev.argoforensics.event.ControllerProcess> runs = pr.stitched().processes();
        assertTrue(ConcurrentRuns.of(runs, () -> HandOvers.of(Correlator.lines(union.elections()), runs)).any(), "at once from the projections");
        FactsTable files = Correlator.derive(union, pr.inputs().exported(), runs, pr.stitched().coverage());
        assertEquals(pr.facts().podKeys(), files.podKeys());
        assertEquals(pr.facts().events(), files.facts(pr.stitched().events()).events());
    }
}
