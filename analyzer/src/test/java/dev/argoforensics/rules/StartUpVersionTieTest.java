package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.testing.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * AF003 for a stall counted from a new leader's start-up where no hand-over in the logs ties the new leader to the run before
 * (session 47, s47-handover4): the old leader was OOM-killed (no {@code stopped leading}) and the new one never named the holder it
 * waited for (its log begins at its acquisition). What places the Workflow on the new leader's queue at its start-up is then the
 * Workflow's own resource version: the new leader's first pass reads the version the old leader last wrote, so nothing wrote it
 * between, and the old leader wrote it while it led, before the new one took the Lease (StartUps.carriedOver).
 *
 * <p>The incident (constructed for this test): replica A ({@code …-kq2tz}) leads; Workflow {@code analytics/nightly-agg-q4m2x}
 * starts at 10:00:20 and its one step's Pod is stored Running at 10:00:24 (version 5500161). A's log ends at 10:05:38.5 (killed).
 * Replica B ({@code …-w7hnc}), a standby whose stats ticker runs, takes the Lease at 10:05:56 and starts (its informer queues every
 * Workflow not completed); its workers are all busy. Its pod controller handles the Pod's deletion at 10:08:25 (149 s after its
 * start-up) and releases the finalizer; its worker takes the Workflow up at 10:10:11 (4m15s after its start-up, 1m46s after the
 * deletion), finds the Pod missing and marks the node Error. Every line in three formats: v3.6 logrus text, v3.7 logrus JSON (the
 * klog election lines text in the same stream, as in both releases), v4.1 slog text.
 */
class StartUpVersionTieTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Instant BASE = Instant.parse("2026-11-03T10:00:00Z");
    private static final String NS = "analytics";
    private static final String WF = "nightly-agg-q4m2x";
    private static final String POD = "nightly-agg-q4m2x-sum-1843305712";
    private static final String NODE = "nightly-agg-q4m2x[0].sum";
    private static final String A = "workflow-controller-5d8f7c9b6-kq2tz";
    private static final String B = "workflow-controller-5d8f7c9b6-w7hnc";

    @TempDir
    Path dir;

    enum Format {
        LOGRUS_TEXT, LOGRUS_JSON, SLOG_TEXT;

        boolean v4() {
            return this == SLOG_TEXT;
        }
    }

    /** One record: its time (seconds after 10:00:00), level, message and fields, rendered in a format. */
    private record Rec(double t, String level, String msg, Map<String, Object> fields, String raw) {
    }

    private static String iso(double t) {
        Instant i = BASE.plus(Duration.ofMillis(Math.round(t * 1000)));
        return DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC).format(i);
    }

    private static Rec rec(double t, String level, String msg, Object... kv) {
        Map<String, Object> f = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            f.put((String) kv[i], kv[i + 1]);
        }
        return new Rec(t, level, msg, f, null);
    }

    /** client-go's klog line (v3.6, v3.7: text in any stream). */
    private static Rec klog(double t, String file, String text) {
        Instant i = BASE.plus(Duration.ofMillis(Math.round(t * 1000)));
        String when = DateTimeFormatter.ofPattern("MMdd HH:mm:ss.SSSSSS").withZone(ZoneOffset.UTC).format(i);
        return new Rec(t, null, null, null, "I" + when + "       1 " + file + "] " + text);
    }

    private static boolean bare(String v, boolean slog) {
        if (v.isEmpty()) {
            return false;
        }
        for (char c : v.toCharArray()) {
            boolean ok = slog ? c > ' ' && c != '=' && c != '"' : Character.isLetterOrDigit(c) || "-._/@^+".indexOf(c) >= 0;
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    private static String quote(String v, boolean slog) {
        if (v.isEmpty() && !slog) {
            return ""; // logrus: key=
        }
        return bare(v, slog) ? v : "\"" + v.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static String render(Rec r, Format f) {
        if (r.raw() != null) {
            return r.raw();
        }
        switch (f) {
            case LOGRUS_TEXT: {
                StringBuilder s = new StringBuilder("time=\"" + iso(r.t()) + "\" level=" + r.level() + " msg=" + quote(r.msg(), false));
                new TreeMap<>(r.fields()).forEach((k, v) -> s.append(' ').append(k).append('=').append(v instanceof Map ? "\"{ <nil> }\"" : quote(String.valueOf(v), false)));
                return s.toString();
            }
            case LOGRUS_JSON: {
                Map<String, Object> all = new TreeMap<>(r.fields());
                all.put("level", r.level());
                all.put("msg", r.msg());
                all.put("time", iso(r.t()));
                try {
                    return JSON.writeValueAsString(all);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
            default: {
                StringBuilder s = new StringBuilder("time=" + iso(r.t()) + " level=" + r.level().toUpperCase(java.util.Locale.ROOT)
                        + " msg=" + quote(r.msg(), true));
                r.fields().forEach((k, v) -> s.append(' ').append(k).append('=').append(quote(String.valueOf(v), true)));
                return s.toString();
            }
        }
    }

    private static Rec stats(double t, int n) {
        return rec(t, "info", "Alloc=" + (6000 + n) + " TotalAlloc=" + (27000 + n * 40) + " Sys=32853 NumGC=" + n + " Goroutines=" + (100 + n));
    }

    private static Rec pass(Format f, double t, String wf, String ns, String phase, String rv) {
        return f.v4() ? rec(t, "info", "Processing workflow", "component", "workflow_worker", "workflow", wf, "namespace", ns, "phase",
                phase, "resourceVersion", rv)
                : rec(t, "info", "Processing workflow", "Phase", phase, "ResourceVersion", rv, "namespace", ns, "workflow", wf);
    }

    private static Rec write(Format f, double t, String wf, String ns, String phase, String rv) {
        return f.v4() ? rec(t, "info", "Workflow update successful", "component", "workflow_worker", "workflow", wf, "namespace", ns,
                "resourceVersion", rv, "phase", phase)
                : rec(t, "info", "Workflow update successful", "namespace", ns, "phase", phase, "resourceVersion", rv, "workflow", wf);
    }

    private static Rec podEvent(Format f, double t, String what) {
        return f.v4() ? rec(t, "info", what + " pod event", "component", "pod_controller", "pod", POD) : rec(t, "info", what + " pod event", "pod", POD);
    }

    private static Rec acquired(Format f, double t) {
        return f.v4() ? rec(t, "info", "Successfully acquired lease", "lock", "argo/workflow-controller")
                : klog(t, "leaderelection.go:271", "successfully acquired lease argo/workflow-controller");
    }

    /** Replica A's log: an excerpt of the leading run (no banner), from 10:00:00 to its death at 10:05:38.5. */
    private static List<Rec> leaderA(Format f, String lastVersion) {
        List<Rec> l = new ArrayList<>();
        l.add(stats(0, 3301));
        l.add(pass(f, 20, WF, NS, "", "5500100"));
        l.add(f.v4() ? rec(20.05, "info", "Created pod", "component", "workflow_worker", "workflow", WF, "namespace", NS, "nodeName", NODE,
                "nodeID", "nightly-agg-q4m2x-1843305712", "podName", POD)
                : rec(20.05, "info", "Created pod: " + NODE + " (" + POD + ")", "namespace", NS, "workflow", WF));
        l.add(write(f, 20.09, WF, NS, "Running", "5500130"));
        l.add(podEvent(f, 20.1, "add"));
        l.add(podEvent(f, 23.9, "update"));
        l.add(pass(f, 24, WF, NS, "Running", "5500130"));
        l.add(write(f, 24.03, WF, NS, "Running", lastVersion));
        l.add(stats(300, 3390));
        l.add(pass(f, 330, "ledger-sync-8ktd2", "finance", "Running", "5500800"));
        l.add(pass(f, 338.5, "ledger-sync-8ktd2", "finance", "Running", "5500800"));
        return l;
    }

    /**
     * Replica B's log: a standby from before 10:00 (its stats ticker), takes the Lease at 10:05:56 without naming the holder, starts,
     * handles the Pod's deletion at 10:08:25 and first processes the Workflow at {@code firstPass} seconds, reading {@code version}.
     */
    private static List<Rec> standbyB(Format f, double firstPass, String version, boolean withAcquisition) {
        return standbyB(f, 505, firstPass, version, withAcquisition);
    }

    private static List<Rec> standbyB(Format f, double d, double firstPass, String version, boolean withAcquisition) {
        List<Rec> l = new ArrayList<>();
        l.add(stats(102.5, 61));
        if (withAcquisition) {
            l.add(acquired(f, 356));
            l.add(rec(356.001, "info", "new leader", "leader", B));
        }
        l.add(f.v4() ? rec(356.01, "info", "Starting Workflow Controller", "version", "v4.1.2", "instanceID", "")
                : rec(356.01, "info", "Starting Workflow Controller", "defaultRequeueTime", "10s", "version", f == Format.LOGRUS_TEXT ? "v3.6.19" : "v3.7.12"));
        l.add(rec(356.011, "info", "Current Worker Numbers", "workflowWorkers", 32, "workflowTtlWorkers", 4, "podCleanup", 4,
                "cronWorkflowWorkers", 8, "workflowArchive", 8));
        l.add(podEvent(f, 356.2, "add"));
        l.add(pass(f, 356.4, "ledger-sync-8ktd2", "finance", "Running", "5500800"));
        l.add(stats(402.5, 64));
        l.add(podEvent(f, d, "update"));
        l.add(f.v4() ? rec(d + 0.001, "info", "Removing finalizers during a delete", "component", "pod_controller", "pod.Finalizers", "[workflows.argoproj.io/status]")
                : rec(d + 0.001, "info", "Removing finalizers during a delete", "pod.Finalizers", "[workflows.argoproj.io/status]"));
        l.add(f.v4() ? rec(d + 0.002, "info", "queuing pod delay", "component", "pod_controller", "action", "removeFinalizer", "namespace", NS,
                "podName", POD, "podGC", "{Strategy: LabelSelector:<nil> DeleteDelayDuration:}", "delay", "-21.4s")
                : rec(d + 0.002, "info", "queuing poddelay-21.4s", "action", "removeFinalizer", "namespace", NS, "podGC", Map.of(), "podName", POD));
        l.add(f.v4() ? rec(d + 0.003, "info", "queueing pod for cleanup", "component", "pod_controller", "namespace", NS, "podName", POD, "action", "removeFinalizer")
                : rec(d + 0.003, "info", "queueing pod for cleanup", "action", "removeFinalizer", "namespace", NS, "podName", POD));
        l.add(f.v4() ? rec(d + 0.004, "info", "cleaning up pod", "component", "pod_controller", "key", NS + "/" + POD + "/removeFinalizer",
                "action", "removeFinalizer", "namespace", NS, "podName", POD)
                : rec(d + 0.004, "info", "cleaning up pod", "action", "removeFinalizer", "key", NS + "/" + POD + "/removeFinalizer", "namespace", NS, "podName", POD));
        l.add(podEvent(f, d + 0.07, "delete"));
        l.add(pass(f, firstPass, WF, NS, "Running", version));
        l.add(f.v4() ? rec(firstPass + 0.004, "info", "Workflow pod is missing", "component", "workflow_worker", "workflow", WF, "namespace", NS,
                "nodeName", NODE, "nodePhase", "Running", "recentlyStarted", false)
                : rec(firstPass + 0.004, "info", "Workflow pod is missing", "namespace", NS, "nodeName", NODE, "nodePhase", "Running",
                        "recentlyStarted", false, "workflow", WF));
        l.add(f.v4() ? rec(firstPass + 0.005, "error", "marking node as error", "component", "workflow_worker", "workflow", WF, "namespace", NS,
                "nodeName", NODE, "error", "pod deleted")
                : rec(firstPass + 0.005, "error", "Mark error node", "error", "pod deleted", "namespace", NS, "nodeName", NODE, "workflow", WF));
        l.add(write(f, firstPass + 0.06, WF, NS, "Failed", "5501200"));
        l.add(stats(702.5, 67));
        l.sort((x, y) -> Double.compare(x.t(), y.t()));
        return l;
    }

    private JsonNode analyze(Format f, List<Rec> a, List<Rec> b) throws IOException {
        Path logs = Files.createDirectories(dir.resolve("logs"));
        Files.write(logs.resolve(A + ".log"), a.stream().map(r -> render(r, f)).toList());
        Files.write(logs.resolve(B + ".log"), b.stream().map(r -> render(r, f)).toList());
        return analyze(logs);
    }

    private JsonNode analyze(Path logs) throws IOException {
        Cli run = Cli.run("analyze", logs.toString(), "--now", "2026-11-04T00:00:00Z", "--format", "json");
        assertTrue(run.exitCode() <= 1, run.err());
        return JSON.readTree(run.out());
    }

    private static JsonNode af003(JsonNode report) {
        JsonNode found = null;
        for (JsonNode x : report.get("findings")) {
            if ("AF003".equals(x.get("rule").asText())) {
                assertNull(found, "one AF003 finding");
                found = x;
            }
        }
        return found;
    }

    private static JsonNode cleared(JsonNode report) {
        for (JsonNode r : report.get("rules")) {
            if (r.get("rule").asText().equals("AF003")) {
                for (JsonNode c : r.get("cleared")) {
                    if (c.get("pod").get("name").asText().equals(POD)) {
                        return c;
                    }
                }
            }
        }
        return null;
    }

    private static String fact(JsonNode finding, String key) {
        return finding.has(key) ? finding.get(key).asText() : null;
    }

    /**
     * B's first pass reads version 5500161, A's last write: the Workflow was there, Running, when B took the Lease, and waited on
     * B's queue from its start-up: a stall counted from it, likely, the tie named. Before, not decided ("nothing ties").
     */
    @ParameterizedTest
    @EnumSource(Format.class)
    void theVersionTheNewLeaderReadTiesItsStartUpToThePassBefore(Format f) throws IOException {
        JsonNode report = analyze(f, leaderA(f, "5500161"), standbyB(f, 611, "5500161", true));
        JsonNode x = af003(report);
        assertNotNull(x, () -> String.valueOf(cleared(report)));
        assertEquals("likely", x.get("confidence").asText(), x.toString());
        assertEquals("2026-11-03T10:05:56.011Z", fact(x, "queuedAtStartUp"));
        assertEquals("4m14.989s", fact(x, "unreconciledFor"));
        assertEquals("5500161", fact(x, "versionCarriedOver"));
        String why = x.get("confidenceReason").asText();
        assertTrue(why.contains("first pass of it read resourceVersion 5500161, the version run " + A) && why.contains("wrote at 2026-11-03T10:00:24.030Z")
                && why.contains("waited in the new leader's queue from its start-up"), why);
        assertNull(cleared(report));
    }

    /** Control: B's first pass reads a version no line shows written (another writer between): not decided, saying what would tie. */
    @ParameterizedTest
    @EnumSource(Format.class)
    void aVersionNoRunWroteLeavesTheStartUpWaitUndecided(Format f) throws IOException {
        JsonNode report = analyze(f, leaderA(f, "5500161"), standbyB(f, 611, "5500199", true));
        assertNull(af003(report));
        JsonNode c = cleared(report);
        assertNotNull(c);
        String why = c.get("reason").asText();
        assertTrue(why.startsWith("not decided: controller run " + B) && why.contains("4m14.989s later by its own clock")
                && why.contains("nor does run " + B) && why.contains("read a version another run wrote"), why);
    }

    /**
     * Control: the deletion at 10:07:00, B's first pass at 10:07:50, 1m54s after its start-up (an ordinary hand-over under load):
     * nothing, tied or not.
     */
    @ParameterizedTest
    @EnumSource(Format.class)
    void aTiedWaitWithinTheThresholdIsNoStall(Format f) throws IOException {
        JsonNode report = analyze(f, leaderA(f, "5500161"), standbyB(f, 420, 470, "5500161", true));
        assertNull(af003(report));
        assertNull(cleared(report));
    }

    /**
     * Control: B's log lacks its acquisition (it begins at its banner: a rotated piece, a query from a later time). Nothing shows B
     * led under election from before its first pass, so the Lease proves no order: not decided.
     */
    @ParameterizedTest
    @EnumSource(Format.class)
    void withoutTheNewLeadersAcquisitionTheVersionTiesNothing(Format f) throws IOException {
        JsonNode report = analyze(f, leaderA(f, "5500161"), standbyB(f, 611, "5500161", false));
        assertNull(af003(report));
        assertNotNull(cleared(report));
    }

    /**
     * Control: A ran without leader election ({@code Leader election is turned off}): it may have written while B led, so its
     * write places nothing before B's start-up.
     */
    @ParameterizedTest
    @EnumSource(Format.class)
    void aWriterWithoutElectionTiesNothing(Format f) throws IOException {
        List<Rec> a = new ArrayList<>(leaderA(f, "5500161"));
        a.add(0, rec(-0.5, "info", "Leader election is turned off. Running in single-instance mode"));
        JsonNode report = analyze(f, a, standbyB(f, 611, "5500161", true));
        assertNull(af003(report));
        assertNotNull(cleared(report));
    }

    /**
     * Control: A's lines show it reading a version B wrote (two controllers at once; A's clock behind), so the Lease did not keep
     * them apart: the version places nothing.
     */
    @ParameterizedTest
    @EnumSource(Format.class)
    void aWriterStillAtWorkAfterTheNewLeaderTiesNothing(Format f) throws IOException {
        List<Rec> b = new ArrayList<>(standbyB(f, 611, "5500161", true));
        UnaryOperator<Rec> running = r -> r.msg() != null && r.msg().equals("Workflow update successful") && r.fields().containsValue("Failed")
                ? write(f, r.t(), WF, NS, "Running", "5501200") : r;
        b.replaceAll(running);
        List<Rec> a = new ArrayList<>(leaderA(f, "5500161"));
        a.add(pass(f, 338.6, WF, NS, "Running", "5501200"));
        JsonNode report = analyze(f, a, b);
        assertTrue(af003(report) == null || !"likely".equals(af003(report).get("confidence").asText()), () -> af003(report).toString());
    }

    /**
     * Brief case 2, the new leader's log rotated: its acquisition and start-up in the older piece ({@code .log.1}, up to its
     * {@code Current Worker Numbers} at 10:05:56.011), the rest in the live file, from 10:05:56.2. Read as one run, the start-up is
     * there: the same likely stall. Control: the live file alone begins mid-run, 4m14.8s before the pass; its first line is no
     * start-up, so nothing is counted from one, and the wait from the deletion (1m46s) is within the threshold: no finding,
     * nothing listed.
     */
    @ParameterizedTest
    @EnumSource(Format.class)
    void aRotatedNewLeaderLogKeepsItsStartUpInTheOlderPiece(Format f) throws IOException {
        List<String> b = standbyB(f, 611, "5500161", true).stream().map(r -> render(r, f)).toList();
        int cut = 0;
        while (cut < b.size() && !b.get(cut).contains("Current Worker Numbers")) {
            cut++;
        }
        assertTrue(cut < b.size() - 1);
        Path logs = Files.createDirectories(dir.resolve("logs"));
        Files.write(logs.resolve(A + ".log"), leaderA(f, "5500161").stream().map(r -> render(r, f)).toList());
        Files.write(logs.resolve(B + ".log.1"), b.subList(0, cut + 1));
        Files.write(logs.resolve(B + ".log"), b.subList(cut + 1, b.size()));
        JsonNode whole = analyze(logs);
        assertNotNull(af003(whole), () -> String.valueOf(cleared(whole)));
        assertEquals("likely", af003(whole).get("confidence").asText());
        assertEquals("2026-11-03T10:05:56.011Z", fact(af003(whole), "queuedAtStartUp"));

        Files.delete(logs.resolve(B + ".log.1"));
        JsonNode live = analyze(logs);
        assertNull(af003(live));
        assertNull(cleared(live));
    }

    /** A third replica C, a standby that never acquires: its new leader lines, naming A and then B. */
    private static List<Rec> standbyC(Format f) {
        return List.of(f.v4() ? rec(-40, "info", "Attempting to acquire leader lease...", "lock", "argo/workflow-controller")
                        : klog(-40, "leaderelection.go:257", "attempting to acquire leader lease argo/workflow-controller..."),
                rec(-39.99, "info", "new leader", "leader", A), stats(250, 12),
                rec(357.2, "info", "new leader", "leader", B), stats(550, 13));
    }

    /**
     * Brief case 4, three replicas: the Lease passes from A to B; standby C stays standby (new leader lines only, no acquisition,
     * no pass). C ties nothing and starts nothing: the finding is B's, as with two replicas; with B naming A before its acquisition
     * (the hand-over named), the hand-over ties A to B, not C. Control: C's lines alone beside A's (B's log not given): no stall
     * counted from a start-up C never had.
     */
    @ParameterizedTest
    @EnumSource(Format.class)
    void aSecondStandbyTiesNothing(Format f) throws IOException {
        Path logs = Files.createDirectories(dir.resolve("logs"));
        Files.write(logs.resolve(A + ".log"), leaderA(f, "5500161").stream().map(r -> render(r, f)).toList());
        Files.write(logs.resolve("workflow-controller-5d8f7c9b6-p4xzs.log"), standbyC(f).stream().map(r -> render(r, f)).toList());
        Files.write(logs.resolve(B + ".log"), standbyB(f, 611, "5500161", true).stream().map(r -> render(r, f)).toList());
        JsonNode three = analyze(logs);
        assertNotNull(af003(three), () -> String.valueOf(cleared(three)));
        assertEquals("likely", af003(three).get("confidence").asText());
        assertEquals("5500161", fact(af003(three), "versionCarriedOver"));

        List<Rec> named = new ArrayList<>(standbyB(f, 611, "5500161", true));
        named.add(0, rec(300.5, "info", "new leader", "leader", A));
        named.add(0, f.v4() ? rec(300.4, "info", "Attempting to acquire leader lease...", "lock", "argo/workflow-controller")
                : klog(300.4, "leaderelection.go:257", "attempting to acquire leader lease argo/workflow-controller..."));
        named.sort((x, y) -> Double.compare(x.t(), y.t()));
        Files.write(logs.resolve(B + ".log"), named.stream().map(r -> render(r, f)).toList());
        List<Rec> a = new ArrayList<>(leaderA(f, "5500161"));
        a.add(0, rec(-99.999, "info", "new leader", "leader", A)); // A's own acquisition names it
        a.add(0, acquired(f, -100));
        Files.write(logs.resolve(A + ".log"), a.stream().map(r -> render(r, f)).toList());
        JsonNode tied = analyze(logs);
        assertNotNull(af003(tied), () -> String.valueOf(cleared(tied)));
        assertEquals("likely", af003(tied).get("confidence").asText());
        assertNull(fact(af003(tied), "versionCarriedOver"));
        assertTrue(af003(tied).get("confidenceReason").asText().contains("acquired the Lease at 2026-11-03T10:05:56.000"),
                af003(tied).get("confidenceReason").asText());

        Files.delete(logs.resolve(B + ".log"));
        JsonNode without = analyze(logs);
        assertNull(af003(without));
    }

    /**
     * Brief case 3, a second installation in another namespace ({@code --namespaced}): its own Lease (named alike, in its own
     * namespace), its own leader D, which started at 10:04:00 and processes only Workflows of {@code team-b} (their versions from the
     * API server's one counter, so never the first installation's). Its log beside the first installation's changes nothing of the
     * finding, and its own start-up and passes make none.
     */
    @ParameterizedTest
    @EnumSource(Format.class)
    void anotherInstallationsLogChangesNothing(Format f) throws IOException {
        List<Rec> d = List.of(stats(100, 80), acquired(f, 240), rec(240.001, "info", "new leader", "leader", "workflow-controller-7f6d9c5b8-zz91m"),
                rec(240.011, "info", "Current Worker Numbers", "workflowWorkers", 32, "workflowTtlWorkers", 4, "podCleanup", 4,
                        "cronWorkflowWorkers", 8, "workflowArchive", 8),
                pass(f, 600, "etl-daily-x8k2p", "team-b", "Running", "5500190"), write(f, 600.05, "etl-daily-x8k2p", "team-b", "Running", "5500207"),
                stats(700, 81));
        Path logs = Files.createDirectories(dir.resolve("logs"));
        Files.write(logs.resolve(A + ".log"), leaderA(f, "5500161").stream().map(r -> render(r, f)).toList());
        Files.write(logs.resolve(B + ".log"), standbyB(f, 611, "5500161", true).stream().map(r -> render(r, f)).toList());
        Files.write(logs.resolve("workflow-controller-7f6d9c5b8-zz91m.log"), d.stream().map(r -> render(r, f)).toList());
        JsonNode report = analyze(logs);
        assertNotNull(af003(report), () -> String.valueOf(cleared(report)));
        assertEquals("likely", af003(report).get("confidence").asText());
        assertEquals("4m14.989s", fact(af003(report), "unreconciledFor"));
        for (JsonNode x : report.get("findings")) {
            assertTrue(!x.get("workflow").get("namespace").asText().equals("team-b"), x.toString());
        }
    }

    // ---- session 47, s47-breaker14: attacks on the version tie ----------------------------------------------------------------

    private static Rec acquired(Format f, double t, String lease) {
        return f.v4() ? rec(t, "info", "Successfully acquired lease", "lock", lease)
                : klog(t, "leaderelection.go:271", "successfully acquired lease " + lease);
    }

    /**
     * Replica A as a cluster-wide installation's leader that took Lease {@code lease} at 09:58:20 and still leads: the Workflow's
     * lines of {@link #leaderA} moved {@code shift} seconds later.
     */
    private static List<Rec> leaderAWithLease(Format f, String lease, double shift) {
        List<Rec> l = new ArrayList<>();
        l.add(acquired(f, -100, lease));
        l.add(rec(-99.999, "info", "new leader", "leader", A));
        for (Rec r : leaderA(f, "5500161")) {
            boolean ours = r.raw() == null && (WF.equals(r.fields().get("workflow")) || POD.equals(r.fields().get("pod")));
            l.add(ours ? new Rec(r.t() + shift, r.level(), r.msg(), r.fields(), null) : r);
        }
        l.add(stats(600, 3400));
        l.sort((x, y) -> Double.compare(x.t(), y.t()));
        return l;
    }

    /** Replica B's log with its acquisition naming Lease {@code lease}. */
    private static List<Rec> standbyBWithLease(Format f, String lease) {
        List<Rec> l = new ArrayList<>(standbyB(f, 611, "5500161", true));
        l.replaceAll(r -> r.t() == 356 ? acquired(f, 356, lease) : r);
        return l;
    }

    /**
     * Attack (b)/(e), two installations over one namespace: a cluster-wide installation (leader A, Lease
     * {@code argo/workflow-controller}) and a namespaced one in {@code analytics} (leader B, Lease
     * {@code analytics/workflow-controller}; no instance IDs, so both manage {@code analytics}' Workflows, a misconfiguration the
     * Argo docs warn of). B starts at 10:05:56; the Workflow is submitted at 10:08:15, A runs it (version 5500161 at 10:08:19),
     * the Pod is deleted at 10:08:25 and B's busy workers first take the Workflow up at 10:10:11: 1m56s after it existed, 1m46s
     * after the deletion. Two Leases keep nothing apart, so A's write says nothing of B's acquisition: no stall counted from B's
     * start-up (the Workflow was not there), and nothing within the threshold of the deletion. Was: likely, 4m15s "from the
     * start-up". Control: the same lines with one Lease (A and B replicas of one installation): likely, as before.
     */
    @ParameterizedTest
    @EnumSource(Format.class)
    void aWriterUnderAnotherLeaseTiesNothing(Format f) throws IOException {
        JsonNode two = analyze(f, leaderAWithLease(f, "argo/workflow-controller", 475), standbyBWithLease(f, "analytics/workflow-controller"));
        assertTrue(af003(two) == null || !"likely".equals(af003(two).get("confidence").asText()), () -> af003(two).toString());
        assertNull(af003(two), () -> af003(two).toString());
        String why = cleared(two).get("reason").asText();
        assertTrue(why.startsWith("not decided: controller run " + B) && why.contains("Lease argo/workflow-controller, while run " + B
                + " #1 took Lease analytics/workflow-controller: two installations"), why);

        JsonNode one = analyze(f, leaderAWithLease(f, "argo/workflow-controller", 0), standbyBWithLease(f, "argo/workflow-controller"));
        assertNotNull(af003(one), () -> String.valueOf(cleared(one)));
        assertEquals("likely", af003(one).get("confidence").asText());
        assertEquals("5500161", fact(af003(one), "versionCarriedOver"));
    }
}
