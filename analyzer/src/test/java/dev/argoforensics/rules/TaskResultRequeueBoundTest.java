package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.testing.Cli;
import dev.argoforensics.testing.Evidence;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * AF006 (session 39): the pass that marks a held Workflow completed bounds when the controller got the update that completed the
 * result: v3.5.3+'s task-result informer queues the Workflow on that update after the run's requeue delay (its start banner's
 * {@code defaultRequeueTime}), and a worker takes it up within the stall threshold where the run's workers were taking Workflows up
 * throughout. So the result was held pending until the marking pass less the delay and the threshold (#12103's workaround: the
 * result labelled by hand long after the step; the judgment's {@code data-result-labelled-by-hand}).
 */
class TaskResultRequeueBoundTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final TaskResultNeverSynced rule = new TaskResultNeverSynced(RuleSettings.defaults());

    @TempDir
    Path dir;

    private static String line(String t, String msg, String keys) {
        return "time=\"2026-09-19T" + t + "Z\" level=info msg=\"" + msg + "\" " + keys;
    }

    private static String banner(String t, String requeue) {
        return line(t, "Starting Workflow Controller", (requeue == null ? "" : "defaultRequeueTime=" + requeue + " ") + "version=v3.5.4");
    }

    private static String processing(String wf, String t, String phase, String rv) {
        return line(t, "Processing workflow", "Phase=" + phase + " ResourceVersion=" + rv + " namespace=ns workflow=" + wf);
    }

    private static String updated(String wf, String t, String phase, String rv) {
        return line(t, "Workflow update successful", "namespace=ns phase=" + phase + " resourceVersion=" + rv + " workflow=" + wf);
    }

    /** Workflow {@code wf}'s data step stored Succeeded and its phase set Succeeded without its completion at {@code hh}:27:46. */
    private static void phaseSet(List<String> l, String wf, String hh) {
        l.add(processing(wf, hh + ":27:10.100", "Running", "4990"));
        l.add(line(hh + ":27:10.101", "Task-result reconciliation", "namespace=ns numObjs=1 workflow=" + wf));
        l.add(line(hh + ":27:10.200", "Created pod: " + wf + " (" + wf + ")", "namespace=ns workflow=" + wf));
        l.add(updated(wf, hh + ":27:10.300", "Running", "4991"));
        l.add(processing(wf, hh + ":27:46.000", "Running", "4991"));
        l.add(line(hh + ":27:46.001", "Task-result reconciliation", "namespace=ns numObjs=1 workflow=" + wf));
        l.add(line(hh + ":27:46.002", "node changed", "namespace=ns new.message= new.phase=Succeeded new.progress=1/1 nodeID=" + wf
                + " old.message= old.phase=Running old.progress=0/1 workflow=" + wf));
        l.add(line(hh + ":27:46.003", "Updated phase Running -> Succeeded", "namespace=ns workflow=" + wf));
        l.add(updated(wf, hh + ":27:46.100", "Succeeded", "5001"));
    }

    /** Another Workflow's passes every minute from {@code hh}:{@code from} to {@code hh}:{@code to}: the run's workers at work. */
    private static void others(List<String> l, String hh, int from, int to) {
        for (int m = from; m <= to; m++) {
            l.add(processing("q", String.format("%s:%02d:30.000", hh, m), "Running", "1"));
        }
    }

    /** The pass that marks {@code wf} completed at {@code hh}:{@code mm}:00 (its result labelled just before). */
    private static void marked(List<String> l, String wf, String hh, String mm) {
        l.add(processing(wf, hh + ":" + mm + ":00.000", "Succeeded", "5001"));
        l.add(line(hh + ":" + mm + ":00.001", "Task-result reconciliation", "namespace=ns numObjs=1 workflow=" + wf));
        l.add(line(hh + ":" + mm + ":00.002", "Marking workflow completed", "namespace=ns workflow=" + wf));
        l.add(updated(wf, hh + ":" + mm + ":00.100", "Succeeded", "5020"));
    }

    /** One run: its banner (requeue {@code requeue}; null: the banner states none; "-": no banner), p held from 16:27:46, marked at 16:45. */
    private static List<String> run(String requeue) {
        return run(requeue, 45, 44);
    }

    /** As {@link #run(String)}, the other Workflow's passes from {@code 16:<pauseFrom>:30} to {@code 16:<pauseTo>:30} left out. */
    private static List<String> run(String requeue, int pauseFrom, int pauseTo) {
        List<String> l = new ArrayList<>();
        if (!"-".equals(requeue)) {
            l.add(banner("16:00:00.000", requeue));
        }
        phaseSet(l, "p", "16");
        others(l, "16", 28, Math.min(44, pauseFrom - 1));
        others(l, "16", pauseTo + 1, 44);
        marked(l, "p", "16", "45");
        others(l, "16", 46, 50);
        return l;
    }

    private Evaluation logs(List<String> lines) {
        Evidence e = new Evidence().log("c.log", lines.toArray(String[]::new));
        return rule.evaluate((lines.get(0).contains("Starting Workflow Controller") ? e.release("v3.5.4") : e).correlate());
    }

    @Test
    void theMarkingPassLessTheRequeueDelayAndTheStallThresholdIsAViewOfTheResultPending() {
        Evaluation e = logs(run("10s"));
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        Finding f = e.findings().get(0);
        assertEquals(null, f.node(), "the lines do not say whose result");
        assertEquals(Confidence.POSSIBLE, f.confidence());
        // 16:45:00 less 10 s and 2 m: 16:42:50, from the phase pass at 16:27:46.003.
        assertEquals("15m3.997s", f.fact("pendingFor").orElseThrow().value());
        assertTrue(f.explanation().contains("the requeue delay, 10s (as the run's start banner at 2026-09-19T16:00:00.000Z states)"),
                f.explanation());
        assertTrue(f.summary().contains("It settled only after that, at 2026-09-19T16:45:00.002Z"), f.summary());
        assertTrue(f.confidenceReason().contains("the last view is not a pass but dated by the pass that marked the Workflow completed: "
                + "the pass that marked the Workflow completed began at 2026-09-19T16:45:00.000Z"), f.confidenceReason());
        // The same banner in JSON (integer nanoseconds): the same delay.
        assertEquals(10_000_000_000L, dev.argoforensics.correlate.RequeueDelays.of(new Evidence().log("j.log",
                "{\"defaultRequeueTime\":10000000000,\"level\":\"info\",\"msg\":\"Starting Workflow Controller\",\"time\":\"2026-09-19T16:00:00Z\","
                        + "\"version\":\"v3.5.4\"}").correlate().events()).of(0).nanos());
    }

    @Test
    void aLongRequeueDelayStatedByTheBannerPutsTheViewBeforeThePhasePass() {
        // DEFAULT_REQUEUE_TIME=20m: the label may have come right after the phase was set; cleared by the marking, within the threshold.
        Evaluation e = logs(run("20m0s"));
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        assertTrue(e.cleared().get(0).reason().contains("marked the Workflow completed"), e.cleared().get(0).reason());
        // A delay of 5 m still leaves 16:38, past the threshold.
        assertEquals("10m13.997s", logs(run("5m0s")).findings().get(0).fact("pendingFor").orElseThrow().value());
    }

    @Test
    void withoutTheBannerTheDefaultIsAssumedAndSaid() {
        Finding f = logs(run("-")).findings().get(0);
        assertEquals("15m3.997s", f.fact("pendingFor").orElseThrow().value());
        assertTrue(f.explanation().contains("10s (the default, DEFAULT_REQUEUE_TIME unset, assumed: the run's start banner, which states it, "
                + "is not in the lines)"), f.explanation());
        Finding unstated = logs(run(null)).findings().get(0);
        assertTrue(unstated.explanation().contains("(the default, assumed: the run's start banner does not state it)"), unstated.explanation());
    }

    @Test
    void aPauseInTheRunsWorkDatesNothing() {
        // The workers took nothing up from 16:33:30 to 16:40:30: stalled, idle or lines dropped, the wait is not bounded.
        Evaluation e = logs(run("10s", 34, 39));
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
        // Nor with a stall threshold shorter than the pauses the reading keeps (30 s).
        Evaluation shortStall = new TaskResultNeverSynced(new RuleSettings(20_000_000_000L, RuleSettings.defaults().finalizerStuckNanos(),
                RuleSettings.defaults().taskResultNanos())).evaluate(new Evidence().log("c.log", run("10s").toArray(String[]::new))
                .release("v3.5.4").correlate());
        assertTrue(shortStall.findings().isEmpty(), () -> shortStall.findings().toString());
    }

    @Test
    void aDaemonThatMayAloneHaveHeldThePhasePassLeavesNothingToBound() {
        // A daemon seen before the phase was set: the marking may follow its end, not a result's update.
        List<String> l = run("10s");
        l.add(1, line("16:20:00.000", "Node became daemoned", "namespace=ns nodeId=p-2755431108 workflow=p"));
        Evaluation e = logs(l);
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
    }

    private JsonNode analyze(List<String> lines) throws IOException {
        Path logs = Files.createDirectories(dir.resolve("logs"));
        Files.write(logs.resolve("workflow-controller.log"), lines);
        Cli run = Cli.run("analyze", dir.toString(), "--now", "2026-09-20T00:00:00Z", "--format", "json", "--rule", "AF006");
        return JSON.readTree(run.out());
    }

    private static List<String> af006(JsonNode report) {
        List<String> out = new ArrayList<>();
        for (JsonNode f : report.get("findings")) {
            if ("AF006".equals(f.get("rule").asText())) {
                out.add(f.get("workflow").get("namespace").asText() + "/" + f.get("workflow").get("name").asText());
            }
        }
        return out;
    }

    @Test
    void anotherProcesssBannerInTheSameFileEndsTheRun() throws IOException {
        // The controller restarted at 16:41 (its banner): the marking pass is the next process's, whose first listing queued the
        // Workflow, not the label's update; nothing bounds when the label came.
        List<String> l = new ArrayList<>();
        l.add(banner("16:00:00.000", "10s"));
        phaseSet(l, "p", "16");
        others(l, "16", 28, 40);
        l.add(banner("16:41:00.000", "10s"));
        others(l, "16", 41, 44);
        marked(l, "p", "16", "45");
        others(l, "16", 46, 50);
        JsonNode report = analyze(l);
        assertTrue(af006(report).isEmpty(), report.toString());
        // Control: the same lines without the restart are reported.
        l.remove(l.indexOf(banner("16:41:00.000", "10s")));
        assertEquals(List.of("ns/p"), af006(analyze(l)));
        // And, read from the file too, a pause in the run's work (the other Workflow's passes from 16:34:30 to 16:39:30 left out).
        assertTrue(af006(analyze(run("10s", 34, 39))).isEmpty());
        // JSON lines (logrus JSON, the delay in integer nanoseconds): 20 m is read as such, 10 s too.
        assertTrue(af006(analyze(json(run("20m0s")))).isEmpty());
        assertEquals(List.of("ns/p"), af006(analyze(json(run("10s")))));
    }

    /** The same records in logrus's JSON form: its keys sorted, a time.Duration as integer nanoseconds. */
    private static List<String> json(List<String> text) {
        List<String> out = new ArrayList<>();
        for (String t : text) {
            java.util.TreeMap<String, String> keys = new java.util.TreeMap<>();
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\S+?)=(\"[^\"]*\"|\\S*)").matcher(t);
            while (m.find()) {
                String v = m.group(2).startsWith("\"") ? m.group(2).substring(1, m.group(2).length() - 1) : m.group(2);
                keys.put(m.group(1), v);
            }
            StringBuilder b = new StringBuilder("{");
            keys.forEach((k, v) -> {
                if (b.length() > 1) {
                    b.append(',');
                }
                boolean nanos = k.equals("defaultRequeueTime");
                b.append('"').append(k).append("\":").append(nanos ? String.valueOf(dev.argoforensics.time.GoDuration.parse(v)) : "\"" + v + "\"");
            });
            out.add(b.append('}').toString());
        }
        return out;
    }

    @Test
    void twoRunsWithDifferentSettingsEachUseTheirOwn() throws IOException {
        // Run 1 (10 s) holds p from 16:27:46 and marks it at 16:45; run 2 (20 m) holds r from 17:27:46 and marks it at 17:45.
        List<String> l = new ArrayList<>();
        l.add(banner("16:00:00.000", "10s"));
        phaseSet(l, "p", "16");
        others(l, "16", 28, 44);
        marked(l, "p", "16", "45");
        others(l, "16", 46, 50);
        l.add(banner("17:00:00.000", "20m0s"));
        phaseSet(l, "r", "17");
        others(l, "17", 28, 44);
        marked(l, "r", "17", "45");
        others(l, "17", 46, 50);
        JsonNode report = analyze(l);
        assertEquals(List.of("ns/p"), af006(report), report.toString());
        // Control: the second run's banner stating 10 s too reports both.
        l.set(l.indexOf(banner("17:00:00.000", "20m0s")), banner("17:00:00.000", "10s"));
        assertEquals(List.of("ns/p", "ns/r"), af006(analyze(l)).stream().sorted().toList());
    }
}
