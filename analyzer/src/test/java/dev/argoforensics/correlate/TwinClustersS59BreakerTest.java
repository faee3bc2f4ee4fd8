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
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 59 (s59-twins): a DR twin. Two clusters synced from one GitOps source run the same Workflows under the same names (their
 * CronWorkflows fire in both), each controller under {@code argo/workflow-controller} of its own cluster: one Lease key held twice,
 * so their runs led at once ({@link ConcurrentRuns#apart}) and their namesakes are different objects. Cluster b's log is cluster a's
 * log as its own controller wrote it, later by {@code lag} (the twin's schedule or its clock), under b's Pod name. Given together,
 * every finding and clearance must be one cluster's own: the two logs together read as each read alone (Pods of a name listed
 * with their lifetime, which the comparison leaves out). With b twenty minutes behind, b's passes of the name while it ran come after
 * a's completion (a completed Workflow read Running again: AF009's phase change, AF012's two controllers on one Workflow), b's Pods
 * of the name are created after it (AF015's Pod created after the completion), b's Workflow's lock is released at b's completion.
 */
class TwinClustersS59BreakerTest {
    @TempDir
    Path dir;

    private static final DateTimeFormatter MILLIS = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter KLOG = DateTimeFormatter.ofPattern("MMdd HH:mm:ss.SSSSSS").withZone(ZoneOffset.UTC);
    /** logrus text {@code time="…"}, slog {@code time=…}, JSON {@code "time":"…"}, logrus TTY {@code INFO[…]}. */
    private static final Pattern STAMP = Pattern.compile("(?:time=\"|^time=|\"time\":\"|^[A-Z]{4}\\[)(\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(?:\\.\\d+)?Z)");
    private static final Pattern KLOG_HEAD = Pattern.compile("^([IWE])(\\d{4} \\d\\d:\\d\\d:\\d\\d\\.\\d{6})");
    /** The dates inside messages ({@code node … finished: 2026-10-14 08:41:09.898417702 +0000 UTC}) move with the line. */
    private static final Pattern GO_TIME = Pattern.compile("(\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d)(\\.\\d+)? \\+0000 UTC");

    /** The line as the twin's controller wrote it, {@code lag} later. */
    static String later(String l, Duration lag, int year) {
        Matcher m = STAMP.matcher(l);
        String out = l;
        if (m.find()) {
            out = l.substring(0, m.start(1)) + MILLIS.format(Instant.parse(m.group(1)).plus(lag)) + l.substring(m.end(1));
        } else {
            Matcher k = KLOG_HEAD.matcher(l);
            if (k.find()) {
                String s = k.group(2);
                Instant t = Instant.parse(year + "-" + s.substring(0, 2) + "-" + s.substring(2, 4) + "T" + s.substring(5) + "Z");
                out = k.group(1) + KLOG.format(t.plus(lag)) + l.substring(k.end());
            }
        }
        Matcher g = GO_TIME.matcher(out);
        StringBuilder b = new StringBuilder();
        while (g.find()) {
            Instant t = Instant.parse(g.group(1).replace(' ', 'T') + "Z").plus(lag);
            String whole = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC).format(t);
            g.appendReplacement(b, Matcher.quoteReplacement(whole + (g.group(2) == null ? "" : g.group(2)) + " +0000 UTC"));
        }
        g.appendTail(b);
        return b.toString();
    }

    /** Cluster b's log: a's, {@code lag} later, its controller's Pod named {@code podB} where a's is {@code podA}. */
    static List<String> twin(List<String> a, String podA, String podB, Duration lag, int year) {
        return a.stream().map(l -> later(l.replace(podA, podB), lag, year)).toList();
    }

    private AnalysisResult analyze(Map<String, List<String>> logs) throws IOException {
        Path in = Files.createDirectories(dir.resolve("in-" + System.nanoTime()));
        List<String> paths = new ArrayList<>();
        for (Map.Entry<String, List<String>> l : new TreeMap<>(logs).entrySet()) {
            Path p = in.resolve(l.getKey());
            Files.createDirectories(p.getParent());
            Files.write(p, l.getValue());
            paths.add(p.toString());
        }
        return Analysis.standard(AnalysisOptions.defaults()).run(paths);
    }

    private static final Pattern LIFETIME = Pattern.compile(" \\(lifetime \\d+ of \\d+, created [^)]*\\)");

    /** Every finding and clearance as {@link NamesakesS57BreakerTest#all} words it, a Pod's lifetime left out, sorted. */
    static List<String> readings(AnalysisResult r) {
        return NamesakesS57BreakerTest.all(r).stream().map(s -> LIFETIME.matcher(s).replaceAll("")).sorted().toList();
    }

    /** The two logs together read as each alone: no finding or clearance of one cluster moved by the other's lines. */
    private void eachClusterItsOwn(String sample, String log, String podA, String podB, Duration lag, int year) throws IOException {
        List<String> a = Files.readAllLines(Path.of("samples", sample, "logs", log));
        eachClusterItsOwn(a, "prod-east/" + log, twin(a, podA, podB, lag, year), "prod-west/" + log);
    }

    private void eachClusterItsOwn(List<String> a, String fileA, List<String> b, String fileB) throws IOException {
        AnalysisResult both = analyze(Map.of(fileA, a, fileB, b));
        assertEquals(2, both.correlation().processes().size(), () -> both.correlation().processes().toString());
        assertTrue(ConcurrentRuns.of(both.correlation()).apart(0, 1), "one Lease key held twice: two clusters");
        List<String> alone = new ArrayList<>(readings(analyze(Map.of(fileA, a))));
        alone.addAll(readings(analyze(Map.of(fileB, b))));
        assertEquals(alone.stream().sorted().toList(), readings(both));
    }

    /**
     * AF003's gap stall: samples/reconciliation-stalled's log (v4.1.2 slog, its whole run) under the Lease argo/workflow-controller
     * (client-go's lines through slog, as NamesakesS57BreakerTest#leading writes them, for its election-off lines), its twin 40 s
     * behind: b's passes of its own train-eval-4hq8m fall inside a's 2m35s without a pass of a's, and the reverse.
     */
    @Test
    void stalledSampleTwinFortySecondsBehind() throws IOException {
        List<String> a = underLease(Files.readAllLines(Path.of("samples/reconciliation-stalled/logs/workflow-controller-5f7c9d8b4-tq2zn.log")),
                "workflow-controller-5f7c9d8b4-tq2zn");
        List<String> b = twin(a, "workflow-controller-5f7c9d8b4-tq2zn", "workflow-controller-6c9d7f5b8-t2w7p", Duration.ofSeconds(40), 2026);
        eachClusterItsOwn(a, "prod-east/workflow-controller-5f7c9d8b4-tq2zn.log", b, "prod-west/workflow-controller-6c9d7f5b8-t2w7p.log");
    }

    /**
     * AF005's missingOnly: samples/pod-gone-node-running's log (v3.7.4 logrus JSON, its whole two hours) under the Lease (client-go's
     * klog lines, which stay text in a JSON log, and logrus's {@code new leader}), its twin 3 minutes behind: b's passes of its own
     * Workflow after a's last {@code Workflow pod is missing} (and its node finishing, if it did) are no finish of a's node.
     */
    @Test
    void podGoneSampleTwinThreeMinutesBehind() throws IOException {
        List<String> a = new ArrayList<>(List.of(
                "I0925 13:00:00.190000       1 leaderelection.go:257] attempting to acquire leader lease argo/workflow-controller...",
                "I0925 13:00:00.190500       1 leaderelection.go:271] successfully acquired lease argo/workflow-controller",
                "{\"leader\":\"workflow-controller-7b9c5d4f8-p2xkq\",\"level\":\"info\",\"msg\":\"new leader\",\"time\":\"2026-09-25T13:00:00.191Z\"}"));
        Files.readAllLines(Path.of("samples/pod-gone-node-running/logs/workflow-controller.json.log")).stream()
                .filter(l -> !l.contains("Leader election is turned off") && !l.contains("\"id\":\"single-instance\"")).forEach(a::add);
        List<String> b = twin(a, "workflow-controller-7b9c5d4f8-p2xkq", "workflow-controller-6c9d7f5b8-t2w7p", Duration.ofMinutes(3), 2026);
        eachClusterItsOwn(a, "prod-east/workflow-controller.json.log", b, "prod-west/workflow-controller.json.log");
    }

    /** The log with its election-off lines (v4 slog) replaced by a run's start under argo/workflow-controller as {@code pod}. */
    static List<String> underLease(List<String> log, String pod) {
        List<String> out = new ArrayList<>();
        boolean placed = false;
        for (String l : log) {
            if (l.contains("Leader election is turned off") || l.contains("msg=\"starting leading\" id=single-instance")) {
                if (!placed) {
                    String t = l.substring("time=".length(), l.indexOf(' '));
                    out.add("time=" + t + " level=INFO msg=\"attempting to acquire leader lease argo/workflow-controller...\"");
                    out.add("time=" + t + " level=INFO msg=\"successfully acquired lease argo/workflow-controller\"");
                    out.add("time=" + t + " level=INFO msg=\"new leader\" leader=" + pod);
                    placed = true;
                }
                continue;
            }
            out.add(l);
        }
        return out;
    }

    /** AF014's sample (v3.7.6 logrus text, klog election lines), its twin twenty minutes behind: AF009, AF012, AF014, AF015. */
    @Test
    void lockSampleTwinTwentyMinutesBehind() throws IOException {
        eachClusterItsOwn("lock-released-when-deleted", "workflow-controller.log", "workflow-controller-7f5c8b9d6-kq4mz",
                "workflow-controller-6c9d7f5b8-t2w7p", Duration.ofMinutes(20), 2026);
    }

    /**
     * AF015's sample (#16294's shape, logrus TTY text, klog election lines), its twin 10 s behind (its passes span 2m31s: a twin
     * further behind overlaps it by less than {@link ConcurrentRuns#OVERLAP_NANOS} and is not read apart).
     */
    @Test
    void staleCopySampleTwinTenSecondsBehind() throws IOException {
        String log = "workflow-controller.log";
        List<String> a = Files.readAllLines(Path.of("samples/stale-copy-pod-recreated/logs", log));
        String pod = a.stream().map(l -> {
            Matcher m = Pattern.compile("leader=(workflow-controller-[a-z0-9]+-[a-z0-9]+)").matcher(l);
            return m.find() ? m.group(1) : null;
        }).filter(java.util.Objects::nonNull).findFirst().orElseThrow();
        eachClusterItsOwn("stale-copy-pod-recreated", log, pod, "workflow-controller-6c9d7f5b8-t2w7p", Duration.ofSeconds(10), 2026);
    }

    /**
     * Item 3 (OWN_LEASES' window): attack 11 of NamesakesS57BreakerTest, the managed install's pass of ns/p only at 16:27:11 (both
     * installs took the new Workflow up; the misconfiguration Argo's docs warn of), none in the wide run's stall (its release at
     * 16:31:11, its own next pass at 16:33:02), and the managed install's log read whole over the stall (its stats ticker every 5
     * minutes, other Workflows' passes every 2): it reconciled no Workflow ns/p in the stall, whichever Workflow it held. The stall
     * reads as the wide log alone reads it (before: not decided, AF003.cleared.otherInstall on the pass 4 minutes before the act).
     * Control: the same managed log without its ticker lines is not known whole over the stall: not decided, as before.
     */
    @Test
    void anotherInstallsPassBeforeTheStallReadWholeOverItDecidesNothing() throws IOException {
        List<String> wide = NamesakesS57BreakerTest.wholeRun();
        List<String> managed = NamesakesS57BreakerTest.managedStart();
        managed.add(dev.argoforensics.testing.V4.processing("2026-09-19T16:27:11.000Z", "Running"));
        NamesakesS57BreakerTest.passes(managed, 28, 60, 2, "30");
        List<String> ticked = List.of(dev.argoforensics.testing.Ticker.wholeFrom("2026-09-19T16:20:05Z", managed.toArray(String[]::new)));
        AnalysisResult alone = NamesakesS57BreakerTest.analyzeIn(dir, Map.of("wide.log", NamesakesS57BreakerTest.text(wide)));
        AnalysisResult both = NamesakesS57BreakerTest.analyzeIn(dir, Map.of("wide.log", NamesakesS57BreakerTest.text(wide),
                "managed.log", NamesakesS57BreakerTest.text(ticked)));
        assertEquals(List.of("CONFIRMED AF003.reason.zeroWorkersNext"), NamesakesS57BreakerTest.of(alone, "AF003"),
                () -> NamesakesS57BreakerTest.all(alone).toString());
        assertEquals(NamesakesS57BreakerTest.of(alone, "AF003"), NamesakesS57BreakerTest.of(both, "AF003"),
                () -> NamesakesS57BreakerTest.all(both).toString());
        AnalysisResult cut = NamesakesS57BreakerTest.analyzeIn(dir, Map.of("wide.log", NamesakesS57BreakerTest.text(wide),
                "managed.log", NamesakesS57BreakerTest.text(managed)));
        assertTrue(NamesakesS57BreakerTest.of(cut, "AF003").stream().noneMatch(f -> f.startsWith("CONFIRMED") || f.startsWith("LIKELY")),
                () -> NamesakesS57BreakerTest.all(cut).toString());
        assertTrue(NamesakesS57BreakerTest.of(cut, "AF003").stream().anyMatch(f -> f.startsWith("cleared") && f.contains("AF003.cleared.otherInstall")),
                () -> NamesakesS57BreakerTest.all(cut).toString());
    }
}
