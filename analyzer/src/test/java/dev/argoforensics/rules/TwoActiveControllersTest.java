package dev.argoforensics.rules;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.AnalysisResult;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * AF012 on real-shaped v4 slog lines read by the whole analysis (controller runs, their replicas and
 * their leadership come from the lines, as they do for users): two replicas working at once, and the
 * look-alikes (a hand-over, a standby, a restart, one log read twice, another installation).
 */
class TwoActiveControllersTest {
    private static final String WF = "batch-merge-k2x8d";
    private static final String CONFLICT = "Operation cannot be fulfilled on workflows.argoproj.io \\\"" + WF
            + "\\\": the object has been modified; please apply your changes to the latest version and try again";

    @TempDir
    Path dir;

    private final Map<String, List<String>> files = new TreeMap<>();

    private TwoActiveControllersTest log(String file, String... lines) {
        files.computeIfAbsent(file, k -> new ArrayList<>()).addAll(List.of(lines));
        return this;
    }

    private RuleOutcome run() throws IOException {
        return run(AnalysisOptions.defaults());
    }

    private RuleOutcome run(AnalysisOptions options) throws IOException {
        for (Map.Entry<String, List<String>> f : files.entrySet()) {
            Files.write(dir.resolve(f.getKey()), f.getValue());
        }
        AnalysisResult r = Analysis.standard(options).run(List.of(dir.toString()));
        return r.outcomes().stream().filter(o -> o.rule().equals("AF012")).findFirst().orElseThrow();
    }

    private static String line(String time, String level, String msg, String keys) {
        return "time=2026-10-12T" + time + "Z level=" + level + " msg=\"" + msg + "\"" + (keys.isEmpty() ? "" : " " + keys);
    }

    /** main.go's order: single-instance mode's two lines, then Run's banner. */
    static String[] electionOff(String t) {
        return new String[] {line(t + "0", "INFO", "Leader election is turned off. Running in single-instance mode", ""),
            line(t + "1", "INFO", "starting leading", "id=single-instance"),
            line(t + "2", "INFO", "Starting Workflow Controller", "version=v4.0.6 instanceID=\"\" defaultRequeueTime=10s")};
    }

    /** Election on (v4.0: client-go's klog text through slog): attempt, acquisition, new leader naming itself, then the banner. */
    static String[] leading(String t, String pod) {
        return new String[] {line(t + "0", "INFO", "attempting to acquire leader lease argo/workflow-controller...", ""),
            line(t + "6", "INFO", "successfully acquired lease argo/workflow-controller", ""),
            line(t + "7", "INFO", "new leader", "leader=" + pod),
            line(t + "8", "INFO", "Starting Workflow Controller", "version=v4.0.6 instanceID=\"\" defaultRequeueTime=10s")};
    }

    static String processing(String time, String rv) {
        return line(time, "INFO", "Processing workflow", "component=workflow_worker workflow=" + WF + " namespace=etl phase=Running resourceVersion=" + rv);
    }

    static String updated(String time, String rv) {
        return line(time, "INFO", "Workflow update successful", "component=workflow_worker namespace=etl workflow=" + WF + " resourceVersion=" + rv
                + " phase=Running");
    }

    static String podCreated(String time, String pod) {
        return line(time, "INFO", "Created pod", "component=workflow_worker workflow=" + WF + " namespace=etl podName=" + pod
                + " nodeName=" + WF + "(0) nodeID=" + pod);
    }

    static String conflict(String time) {
        return line(time, "WARN", "Error updating workflow", "component=workflow_worker workflow=" + WF + " namespace=etl reason=Conflict error=\""
                + CONFLICT + "\"");
    }

    static String reapplied(String time) {
        return line(time, "INFO", "Re-applying updates on latest version and retrying update", "component=workflow_worker workflow=" + WF
                + " namespace=etl");
    }

    /** Replica a and b, election off, both on the Workflow from 08:00 to 08:03; b reads what a wrote. */
    private TwoActiveControllersTest bothOn(String[] startA, String[] startB) {
        log("a.log", startA);
        log("a.log", processing("08:00:00.412", "100"), updated("08:00:00.481", "104"), processing("08:01:30.020", "131"), conflict("08:01:30.066"),
                reapplied("08:01:30.067"), updated("08:01:30.090", "136"), processing("08:03:00.118", "170"), updated("08:03:00.150", "171"));
        log("b.log", startB);
        log("b.log", processing("08:00:01.208", "104"), updated("08:00:01.240", "109"), processing("08:01:30.031", "131"), updated("08:01:30.064", "133"),
                processing("08:02:40.700", "160"), updated("08:02:40.731", "162"));
        return this;
    }

    @Test
    void twoReplicasWithElectionOffOnOneWorkflowForMinutesAreConfirmed() throws IOException {
        RuleOutcome o = bothOn(electionOff("07:58:10.11"), electionOff("07:58:14.60")).run();
        assertEquals(1, o.findings().size(), o.toString());
        Finding f = o.findings().get(0);
        assertEquals(Confidence.CONFIRMED, f.confidence());
        assertNull(f.pod(), "about the controllers and the Workflow, not one Pod");
        assertEquals("etl/" + WF, f.workflow().toString());
        assertEquals("a.log #1", f.fact("controllerA").orElseThrow().value());
        assertEquals("b.log #1", f.fact("controllerB").orElseThrow().value());
        assertEquals("2026-10-12T08:00:01.208Z", f.fact("overlapFrom").orElseThrow().value());
        assertEquals("2026-10-12T08:02:40.731Z", f.fact("overlapTo").orElseThrow().value());
        assertEquals("104", f.fact("sharedResourceVersion").orElseThrow().value());
        assertEquals(1, f.fact("conflicts").orElseThrow().value());
        assertTrue(f.evidence().stream().anyMatch(e -> e.role().equals("the other run reads what it wrote")), f.evidence().toString());
    }

    /**
     * Which file is read first decides nothing: run A is the run that started first (here b.log's, read second), and the
     * refused update cited is the earliest (b's, at 08:00:01.250), not the first of the run read first (a's, at 08:01:30.066).
     */
    @Test
    void theRunsAndTheLinesCitedGoByTimeNotByWhichFileIsReadFirst() throws IOException {
        bothOn(electionOff("07:58:14.60"), electionOff("07:58:10.11"));
        log("b.log", conflict("08:00:01.250"));
        Finding f = run().findings().get(0);
        assertEquals("b.log #1", f.fact("controllerA").orElseThrow().value(), "the run that started first");
        assertEquals("a.log #1", f.fact("controllerB").orElseThrow().value());
        assertEquals(2, f.fact("conflicts").orElseThrow().value());
        EvidenceLine refused = f.evidence().stream().filter(e -> e.role().startsWith("update refused")).findFirst().orElseThrow();
        assertTrue(refused.source().file().endsWith("b.log"), refused.toString());
        assertEquals("2026-10-12T08:00:01.250Z", refused.time().format(), refused.toString());
    }

    /**
     * A short Workflow both runs took up within seconds of each other (an overlap under the hand-over
     * tolerance), inside the window where the pair is shown active on another Workflow: both wrote about
     * it at once too, and the finding names it.
     */
    @Test
    void aShortWorkflowBothRunsTookUpInsideTheConfirmedWindowIsNamed() throws IOException {
        bothOn(electionOff("07:58:10.11"), electionOff("07:58:14.60"));
        String shortWf = "quick-check-7xk2p";
        log("a.log", line("08:01:00.100", "INFO", "Processing workflow", "component=workflow_worker workflow=" + shortWf
                + " namespace=etl phase=Running resourceVersion=210"),
                line("08:01:00.140", "WARN", "Error updating workflow", "component=workflow_worker workflow=" + shortWf
                        + " namespace=etl reason=Conflict error=\"conflict\""),
                line("08:01:04.500", "INFO", "Processing workflow", "component=workflow_worker workflow=" + shortWf
                        + " namespace=etl phase=Running resourceVersion=212"));
        log("b.log", line("08:01:02.300", "INFO", "Processing workflow", "component=workflow_worker workflow=" + shortWf
                + " namespace=etl phase=Running resourceVersion=210"),
                line("08:01:03.000", "INFO", "Workflow update successful", "component=workflow_worker namespace=etl workflow=" + shortWf
                        + " resourceVersion=212 phase=Running"));
        Finding f = run().findings().get(0);
        String touched = (String) f.fact("workflowsBothTouched").orElseThrow().value();
        assertTrue(touched.contains("etl/" + WF) && touched.contains("etl/" + shortWf), touched);
    }

    private static final String QUICK = "quick-check-7xk2p";

    private static String of(String wf, String time, String level, String msg, String keys) {
        return line(time, level, msg, "component=workflow_worker workflow=" + wf + " namespace=etl" + (keys.isEmpty() ? "" : " " + keys));
    }

    /** Each file's lines by time (every line starts with its RFC 3339 time, so as text), a file's lines at one instant as given. */
    private TwoActiveControllersTest byTime() {
        files.values().forEach(l -> l.sort(java.util.Comparator.comparing(x -> x.substring(0, x.indexOf(" level=")))));
        return this;
    }

    /**
     * The short Workflow {@link #QUICK}, a from {@code a0} to {@code a0 + 4.4 s}, b from {@code a0 + 2.2 s} to {@code bLast}: b reads
     * what a wrote, its own update refused on the version a's next update was applied on (the versions consistent with the
     * clocks {@link #bothOn} ties, b's clock between 1.7 s behind a's and 1.0 s ahead).
     */
    private TwoActiveControllersTest quick(String date, String a0, String bLast) {
        String m = date + ":";
        log("a.log", of(QUICK, m + a0 + "0.100", "INFO", "Processing workflow", "phase=Running resourceVersion=50"),
                of(QUICK, m + a0 + "0.150", "INFO", "Workflow update successful", "resourceVersion=52 phase=Running"),
                of(QUICK, m + a0 + "2.200", "INFO", "Processing workflow", "phase=Running resourceVersion=52"),
                of(QUICK, m + a0 + "2.250", "INFO", "Workflow update successful", "resourceVersion=55 phase=Running"),
                of(QUICK, m + a0 + "4.500", "INFO", "Processing workflow", "phase=Succeeded resourceVersion=57"));
        log("b.log", of(QUICK, m + a0 + "2.300", "INFO", "Processing workflow", "phase=Running resourceVersion=52"),
                of(QUICK, m + a0 + "2.340", "WARN", "Error updating workflow", "reason=Conflict error=\"conflict\""),
                of(QUICK, m + bLast, "INFO", "Processing workflow", "phase=Running resourceVersion=55"));
        return this;
    }

    private static String touched(RuleOutcome o) {
        return (String) o.findings().get(0).fact("workflowsBothTouched").orElseThrow().value();
    }

    /**
     * Session 50: a short Workflow both runs took up a minute before the pair's long overlap began (outside its window, where
     * session 40 looked): both runs' own lines say leader election was off from their start, so both worked unconditionally from
     * then on, and the tolerance (a hand-over's edge) explains no overlap between them. On one clock it overlapped by 0.5 s at
     * least (b's clock between 1.7 s behind and 1.0 s ahead, as the versions bound it): named.
     */
    @Test
    void aShortWorkflowBeforeThePairsLongOverlapIsNamedWhereBothWorkedUnconditionally() throws IOException {
        bothOn(electionOff("07:58:10.11"), electionOff("07:58:14.60"));
        RuleOutcome o = quick("07:59", "1", "14.000").byTime().run();
        assertEquals(1, o.findings().size(), o.toString());
        assertEquals(Confidence.CONFIRMED, o.findings().get(0).confidence());
        assertEquals("etl/" + WF + ", etl/" + QUICK, touched(o));
        assertEquals("2026-10-12T08:00:01.208Z", o.findings().get(0).fact("overlapFrom").orElseThrow().value(), "the pair's window as before");
    }

    /**
     * The control of the clocks: the same, b's lines about the short Workflow ending 0.5 s after its first (written 0.5 s of
     * overlap). With b's clock up to 1.7 s behind, on one clock b may have taken it up only after a's last line: one after the
     * other, not named.
     */
    @Test
    void aShortWorkflowTheClocksMayMakeAGapIsNotNamed() throws IOException {
        bothOn(electionOff("07:58:10.11"), electionOff("07:58:14.60"));
        log("a.log", of(QUICK, "07:59:10.100", "INFO", "Processing workflow", "phase=Running resourceVersion=50"),
                of(QUICK, "07:59:10.150", "INFO", "Workflow update successful", "resourceVersion=52 phase=Running"),
                of(QUICK, "07:59:12.800", "INFO", "Processing workflow", "phase=Succeeded resourceVersion=57"));
        log("b.log", of(QUICK, "07:59:12.300", "INFO", "Processing workflow", "phase=Running resourceVersion=52"),
                of(QUICK, "07:59:12.340", "WARN", "Error updating workflow", "reason=Conflict error=\"conflict\""),
                of(QUICK, "07:59:14.000", "INFO", "Processing workflow", "phase=Succeeded resourceVersion=57"));
        RuleOutcome o = byTime().run();
        assertEquals("etl/" + WF, touched(o));
    }

    /**
     * The control of the pair's clocks: nothing ties them (b names no version of the long Workflow, so no order between the two
     * runs), the finding is possible as before, and the span it may have run at once over is not stretched past the window as
     * written: the short Workflow a minute before is not named.
     */
    @Test
    void untiedClocksStretchNothing() throws IOException {
        log("a.log", electionOff("07:58:10.11"));
        log("a.log", processing("08:00:00.412", "100"), updated("08:00:00.481", "104"), conflict("08:01:30.066"), processing("08:03:00.118", "170"));
        log("b.log", electionOff("07:58:14.60"));
        log("b.log", podCreated("08:00:01.300", "p-1"), podCreated("08:02:40.700", "p-2"));
        log("a.log", of(QUICK, "07:59:10.100", "INFO", "Processing workflow", "phase=Running"),
                of(QUICK, "07:59:14.500", "WARN", "Error updating workflow", "reason=Conflict error=\"conflict\""));
        log("b.log", of(QUICK, "07:59:12.300", "INFO", "Created pod", "podName=q-1 nodeName=q(0) nodeID=q-1"),
                of(QUICK, "07:59:14.000", "INFO", "Created pod", "podName=q-2 nodeName=q(1) nodeID=q-2"));
        RuleOutcome o = byTime().run();
        assertEquals(Confidence.POSSIBLE, o.findings().get(0).confidence(), o.findings().get(0).confidenceReason());
        assertEquals("etl/" + WF, touched(o));
    }

    /**
     * One replica's log cut: b's log starts after its start and election lines (an excerpt), so its lines say nothing of it
     * before the pair's overlap: only the window both wrote in is the pair's (as session 40 read it), the short Workflow a minute
     * before is not named.
     */
    @Test
    void aRunWhoseLogStartsLateIsNotStretchedBeforeItsOverlap() throws IOException {
        bothOn(electionOff("07:58:10.11"), new String[0]);
        RuleOutcome o = quick("07:59", "1", "14.000").byTime().run();
        assertEquals(Confidence.LIKELY, o.findings().get(0).confidence());
        assertEquals("etl/" + WF, touched(o));
    }

    /**
     * The negative control of a later hand-over: the pair ran at once (election off, 08:00 to 08:03), then both replicas
     * restarted with election on, a leading and b waiting; at 08:10 a fails to renew and stops, b acquires 6 s later, and a
     * reconcile of a's in flight ends 2 s after b took the Workflow up (an overlap within the tolerance). Those are other runs
     * of the same replicas: cleared as a hand-over, and not named with the pair that ran at once.
     */
    @Test
    void aCleanHandOverBetweenTheSameReplicasAfterThePairRanAtOnceIsNotNamed() throws IOException {
        String a = "workflow-controller-7b9d4c6f5-k8r2w";
        String b = "workflow-controller-7b9d4c6f5-p3x6d";
        bothOn(electionOff("07:58:10.11"), electionOff("07:58:14.60"));
        log("a.log", leading("08:05:00.10", a));
        log("b.log", line("08:05:04.100", "INFO", "attempting to acquire leader lease argo/workflow-controller...", ""),
                line("08:05:04.120", "INFO", "new leader", "leader=" + a),
                line("08:05:04.130", "INFO", "Starting Workflow Controller", "version=v4.0.6 instanceID=\"\" defaultRequeueTime=10s"));
        handOver(a, true, "08:10:00.100");
        RuleOutcome o = byTime().run();
        assertEquals(1, o.findings().size(), o.toString());
        assertEquals("etl/" + WF, touched(o));
        assertTrue(o.cleared().stream().anyMatch(c -> c.reason().contains(QUICK) && c.reason().contains("within the 15s a leader hand-over allows")),
                o.cleared().toString());
    }

    /**
     * The same in one file of b with no start banner between its two processes (at once with a over the long Workflow with
     * election off, then waiting for the Lease a holds, then taking it over), a's stop logged late (a stalled holder: its
     * in-flight reconcile's lines before its stop line, 2 s after b took the Workflow up). b's attempt to acquire starts another
     * run (the reading separates a process by its election lines too), so the short Workflow is the hand-over's, cleared, and not
     * named with the pair; were the two read as one run, b's span would still end at that election line
     * ({@code ControllerLeadership.until}: after election was turned off, any election line is a later start).
     */
    @Test
    void aHandOverAfterThePairRanAtOnceWithinOneRunIsNotNamed() throws IOException {
        String a = "workflow-controller-7b9d4c6f5-k8r2w";
        bothOn(leading("07:58:10.11", a), electionOff("07:58:14.60"));
        log("b.log", line("08:05:04.100", "INFO", "attempting to acquire leader lease argo/workflow-controller...", ""));
        handOver(a, true, "08:10:09.100");
        RuleOutcome o = byTime().run();
        assertEquals(1, o.findings().size(), o.toString());
        assertEquals("b.log #1", o.findings().get(0).fact("controllerB").orElseThrow().value());
        assertEquals("etl/" + WF, touched(o));
        assertTrue(o.cleared().stream().anyMatch(c -> c.reason().contains("b.log #2") && c.reason().contains(QUICK)
                && c.reason().contains("within the 15s a leader hand-over allows")), o.cleared().toString());
    }

    /**
     * The control of the last: b's lines go on with election off (no election line after its start), the rest the same: b
     * worked unconditionally throughout, a led until 08:10:09, and both wrote about the short Workflow at once on one clock
     * (0.3 s at least): named.
     */
    @Test
    void theSameWithBothWorkingThroughIsNamed() throws IOException {
        String a = "workflow-controller-7b9d4c6f5-k8r2w";
        bothOn(leading("07:58:10.11", a), electionOff("07:58:14.60"));
        handOver(a, false, "08:10:09.100");
        RuleOutcome o = byTime().run();
        assertEquals("etl/" + WF + ", etl/" + QUICK, touched(o));
    }

    /**
     * a fails to renew at {@code stop} and stops; b (unless null) acquires at 08:10:06 (client-go's line alone: a {@code new leader}
     * naming b would name b's run by its identity, apart from its lines before); the short Workflow: a's lines from 08:09:50
     * (in flight from 08:10:05.9 to 08:10:08.5), b's from 08:10:06.5 to 08:10:20.
     */
    private void handOver(String a, boolean b, String stop) {
        log("a.log", of(QUICK, "08:09:50.100", "INFO", "Processing workflow", "phase=Running resourceVersion=300"),
                of(QUICK, "08:09:50.150", "INFO", "Workflow update successful", "resourceVersion=302 phase=Running"),
                line(stop, "INFO", "Failed to renew lease", "lock=argo/workflow-controller err=\"context deadline exceeded\""),
                line(stop.substring(0, stop.length() - 1) + "1", "INFO", "stopped leading", "id=" + a),
                of(QUICK, "08:10:05.900", "INFO", "Processing workflow", "phase=Running resourceVersion=302"),
                of(QUICK, "08:10:08.500", "WARN", "Error updating workflow", "reason=Conflict error=\"conflict\""));
        if (b) {
            log("b.log", line("08:10:06.000", "INFO", "successfully acquired lease argo/workflow-controller", ""));
        }
        log("b.log", of(QUICK, "08:10:06.500", "INFO", "Processing workflow", "phase=Running resourceVersion=302"),
                of(QUICK, "08:10:06.550", "INFO", "Workflow update successful", "resourceVersion=305 phase=Running"),
                of(QUICK, "08:10:20.000", "INFO", "Processing workflow", "phase=Succeeded resourceVersion=310"));
    }

    @Test
    void aRunWithoutElectionLinesMakesItLikely() throws IOException {
        // b's log is an excerpt that starts after its election lines.
        RuleOutcome o = bothOn(electionOff("07:58:10.11"), new String[0]).run();
        Finding f = o.findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence());
        assertTrue(f.confidenceReason().contains("b.log #1 are not in the logs"), f.confidenceReason());
    }

    /**
     * Session 40: b's lines about the Workflow state no resource version (its Pod creations only), so nothing says they are
     * another object, and a refused update is in the window; but no hand-over and no version ties the two clocks either, and
     * a rollout one Pod after the other with the new Pod's clock behind reads the same (it was `likely`, on the clocks as
     * written).
     */
    @Test
    void withoutVersionsToCompareARefusedUpdateOnUntiedClocksIsPossible() throws IOException {
        log("a.log", electionOff("07:58:10.11"));
        log("a.log", processing("08:00:00.412", "100"), conflict("08:00:40.066"), processing("08:01:30.020", "131"));
        log("b.log", electionOff("07:58:14.60"));
        log("b.log", podCreated("08:00:01.208", "batch-merge-k2x8d-split-1838311502"), podCreated("08:01:10.031", "batch-merge-k2x8d-merge-772310914"));
        Finding f = run().findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertNull(f.fact("sharedResourceVersion").orElseThrow().value());
        assertTrue(f.confidenceReason().contains("nothing in the lines ties the two clocks"), f.confidenceReason());
        assertEquals("none", f.fact("overlapOnOneClockAtLeast").orElseThrow().value());
    }

    /**
     * Session 40, the look-alike: leader election off, a Recreate rollout (old Pod a stopped, new Pod b started after it), b's
     * node clock 3 minutes behind. Read as written both wrote about the Workflow for 50 s, both election off, b reading the
     * version a wrote: `confirmed` before. b read at 08:00:40.902 what a wrote at 08:03:10.712, so b's clock is at least
     * 2m28.809s behind, and on one clock the two overlapped by at most 10.969 s: cleared, naming the versions.
     */
    @Test
    void aRecreateRolloutWithTheNewPodsClockBehindIsClearedByTheVersions() throws IOException {
        log("a.log", electionOff("08:00:00.10"));
        log("a.log", processing("08:02:30.402", "342"), updated("08:02:30.471", "350"), processing("08:02:50.601", "350"), conflict("08:02:50.640"),
                reapplied("08:02:50.641"), updated("08:02:50.668", "381"), processing("08:03:10.650", "381"), updated("08:03:10.712", "388"),
                processing("08:03:20.680", "388"));
        log("b.log", electionOff("08:00:40.10"));
        log("b.log", processing("08:00:40.902", "388"), updated("08:00:40.951", "397"), processing("08:01:50.980", "397"), updated("08:02:11.150", "455"),
                processing("08:04:11.130", "455"));
        RuleOutcome o = run();
        assertEquals(List.of(), o.findings(), o.toString());
        assertEquals(1, o.cleared().size(), o.toString());
        String why = o.cleared().get(0).reason();
        assertTrue(why.contains("for 50.278s as their lines are written") && why.contains("at most -2m28.809s ahead")
                && why.contains("the overlap was at most 10.969s"), why);
    }

    /**
     * Orders that contradict each other (b read at 08:00:01.208 what a wrote at 08:00:00.481, so b's clock is at most 1.728 s
     * ahead; a read at 08:01:00.100 what b wrote at 08:02:40.731, so it is at least 1m39.63s ahead) are not used: the pair is
     * read as untied, `possible`, saying so.
     */
    @Test
    void versionOrdersThatContradictEachOtherAreNotUsed() throws IOException {
        log("a.log", electionOff("07:58:10.11"));
        log("a.log", processing("08:00:00.412", "100"), updated("08:00:00.481", "104"), processing("08:01:00.100", "162"), conflict("08:01:00.140"),
                processing("08:03:00.118", "170"));
        log("b.log", electionOff("07:58:14.60"));
        log("b.log", processing("08:00:01.208", "104"), processing("08:02:40.700", "160"), updated("08:02:40.731", "162"));
        Finding f = run().findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("contradict each other"), f.confidenceReason());
    }

    /**
     * An update logged with no Processing line of its own reconcile (hydration failed, the offloaded nodes not found, so the
     * Workflow is marked Error and written on whatever the informer then held) was not applied on the version a's last Processing
     * line read: read so, it would put a's 08:03:00 update before b's 08:00:10 refusal on that version and clear two controllers
     * at once on one clock as one after the other.
     */
    @Test
    void anUpdateWithoutItsOwnProcessingLineOrdersNothing() throws IOException {
        log("a.log", electionOff("07:58:10.11"));
        log("a.log", processing("08:00:00.412", "100"), updated("08:00:00.481", "104"), processing("08:00:05.300", "120"),
                line("08:03:00.000", "ERROR", "hydration failed", "component=workflow_worker workflow=" + WF
                        + " namespace=etl error=\"unable to get offloaded nodes: record not found\""),
                updated("08:03:00.050", "300"));
        log("b.log", electionOff("07:58:14.60"));
        log("b.log", processing("08:00:01.208", "104"), updated("08:00:01.240", "109"), processing("08:00:10.000", "120"), conflict("08:00:10.050"),
                processing("08:02:40.700", "160"), updated("08:02:40.731", "162"));
        RuleOutcome o = run();
        assertEquals(List.of(), o.cleared().stream().filter(c -> c.reason().contains("one controller after the other")).toList(), o.toString());
        assertEquals(1, o.findings().size(), o.toString());
        assertEquals(Confidence.POSSIBLE, o.findings().get(0).confidence(), o.findings().get(0).confidenceReason());
    }

    /**
     * Session 41 breaker: a Workflow that does not unmarshal is marked Failed and written in processNextItem after only the Warn
     * {@code Failed to unmarshal key to workflow object} (no Processing line), on whatever the informer then held. Read as applied
     * on the version a's last Processing line read (a pass that wrote nothing), it put a's 08:03:00 update before b's 08:00:10
     * refusal on that version, as the hydration failure above did.
     */
    @Test
    void anUpdateAfterAnUnmarshalFailureOrdersNothing() throws IOException {
        log("a.log", electionOff("07:58:10.11"));
        log("a.log", processing("08:00:00.412", "100"), updated("08:00:00.481", "104"), processing("08:00:05.300", "120"),
                line("08:03:00.000", "WARN", "Failed to unmarshal key to workflow object", "key=etl/" + WF
                        + " error=\"json: cannot unmarshal string into Go struct field\""),
                updated("08:03:00.050", "300"));
        log("b.log", electionOff("07:58:14.60"));
        log("b.log", processing("08:00:01.208", "104"), updated("08:00:01.240", "109"), processing("08:00:10.000", "120"), conflict("08:00:10.050"),
                processing("08:02:40.700", "160"), updated("08:02:40.731", "162"));
        RuleOutcome o = run();
        assertEquals(List.of(), o.cleared().stream().filter(c -> c.reason().contains("one controller after the other")).toList(), o.toString());
        assertEquals(1, o.findings().size(), o.toString());
        assertEquals(Confidence.POSSIBLE, o.findings().get(0).confidence(), o.findings().get(0).confidenceReason());
    }

    /** The control: an update right after its own Processing line still orders (b refused on 120 after a's update applied on it). */
    @Test
    void anUpdateAfterItsOwnProcessingLineStillOrders() throws IOException {
        log("a.log", electionOff("07:58:10.11"));
        log("a.log", processing("08:00:00.412", "100"), updated("08:00:00.481", "104"), processing("08:00:05.300", "120"),
                updated("08:00:05.350", "125"), processing("08:03:00.000", "170"), updated("08:03:00.050", "300"));
        log("b.log", electionOff("07:58:14.60"));
        log("b.log", processing("08:00:01.208", "104"), updated("08:00:01.240", "109"), processing("08:00:10.000", "120"), conflict("08:00:10.050"),
                processing("08:02:40.700", "160"), updated("08:02:40.731", "162"));
        Finding f = run().findings().get(0);
        assertTrue(f.fact("clocksTiedBy").orElseThrow().value().toString().contains("at most"), f.toString());
    }

    /** The control: the same rollout with b's clock right reads one after the other as written. */
    @Test
    void theSameRolloutWithTheClocksRightIsOneAfterTheOther() throws IOException {
        log("a.log", electionOff("08:00:00.10"));
        log("a.log", processing("08:02:30.402", "342"), updated("08:02:30.471", "350"), processing("08:03:10.650", "381"), updated("08:03:10.712", "388"),
                processing("08:03:20.680", "388"));
        log("b.log", electionOff("08:03:40.10"));
        log("b.log", processing("08:03:40.902", "388"), conflict("08:03:40.950"), processing("08:07:11.130", "455"));
        RuleOutcome o = run();
        assertEquals(List.of(), o.findings(), o.toString());
        assertTrue(o.cleared().get(0).reason().contains("one after the other"), o.cleared().toString());
    }

    /** Replica a and b, election off, both processing the Workflow every 30 s for minutes, nothing refused or found there. */
    private TwoActiveControllersTest quiet(String fileB, String[] startB) {
        log("a.log", electionOff("07:58:10.11"));
        log("a.log", processing("08:00:00.412", "99112"), updated("08:00:00.481", "99120"));
        log(fileB, startB);
        for (int i = 0; i < 7; i++) {
            log("a.log", processing("08:0" + (i / 2) + ":" + (i % 2 == 0 ? "30" : "59") + ".510", "99120"));
            log(fileB, processing("08:0" + (i / 2) + ":" + (i % 2 == 0 ? "31" : "58") + ".020", "99120"));
        }
        // The Workflow completes: a pass over the completed phase makes it of interest (a selective reading keeps its lines; one
        // of no interest is only counted, see AF012.md, Limits).
        log(fileB, line("08:04:10.612", "INFO", "Processing workflow", "component=workflow_worker workflow=" + WF
                + " namespace=etl phase=Succeeded resourceVersion=99187"));
        return this;
    }

    /** Session 40: two election-off replicas on one Workflow with no contention: found (it was silent), at `possible`. */
    @Test
    void twoElectionOffReplicasOnAnUncontendedWorkflowArePossible() throws IOException {
        RuleOutcome o = quiet("b.log", electionOff("08:00:27.11")).run();
        assertEquals(1, o.findings().size(), o.toString());
        Finding f = o.findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertEquals("etl/" + WF, f.workflow().toString());
        assertTrue(f.confidenceReason().contains("none of its updates met contention"), f.confidenceReason());
        assertEquals(0, f.fact("conflicts").orElseThrow().value());
        assertEquals("99120", f.fact("sharedResourceVersion").orElseThrow().value());
    }

    /** A run with its start read and no election line at all (never a Lease) works unconditionally too. */
    @Test
    void aStartedRunThatNeverLoggedALeaseIsPairedToo() throws IOException {
        RuleOutcome o = quiet("b.log", new String[] {line("08:00:27.110", "INFO", "Starting Workflow Controller",
                "version=v4.0.6 instanceID=\"\" defaultRequeueTime=10s")}).run();
        assertEquals(Confidence.POSSIBLE, o.findings().get(0).confidence(), o.toString());
    }

    /** An excerpt (no start, no election line) of an uncontended Workflow is not paired: nothing says it ran unconditionally. */
    @Test
    void anExcerptWithoutItsStartIsNotPairedOnAnUncontendedWorkflow() throws IOException {
        RuleOutcome o = quiet("b.log", new String[0]).run();
        assertEquals(List.of(), o.findings(), o.toString());
    }

    /**
     * The controls of the uncontended pair: a log and its copy (a CRI file and a saved `kubectl logs` of one Pod), its lines
     * repeated to the nanosecond, is one controller read twice; a restart of one replica; a leader and the standby it handed to.
     */
    @Test
    void anUncontendedLogAndItsCopyIsNoPair() throws IOException {
        quiet("b.log", electionOff("08:00:27.11"));
        files.put("workflow-controller-58d7c4b9f-t6w2r.log", files.remove("a.log"));
        files.put("workflow-controller-58d7c4b9f-t6w2r-saved.log", files.get("workflow-controller-58d7c4b9f-t6w2r.log"));
        files.remove("b.log");
        RuleOutcome o = run();
        assertEquals(List.of(), o.findings(), o.toString());
    }

    @Test
    void anUncontendedRestartOfOneReplicaIsNoPair() throws IOException {
        quiet("a.log", electionOff("08:00:27.11"));
        RuleOutcome o = run();
        assertEquals(List.of(), o.findings(), o.toString());
    }

    @Test
    void anUncontendedHandOverIsNoPair() throws IOException {
        log("a.log", leading("07:58:10.11", "workflow-controller-5c8e2f7d1-r4k9v"));
        log("a.log", processing("08:00:00.412", "99112"), updated("08:00:00.481", "99120"), processing("08:01:00.510", "99120"),
                processing("08:02:00.510", "99120"));
        log("b.log", line("07:58:14.600", "INFO", "attempting to acquire leader lease argo/workflow-controller...", ""),
                line("07:58:14.607", "INFO", "new leader", "leader=workflow-controller-5c8e2f7d1-r4k9v"),
                line("08:00:40.100", "INFO", "successfully acquired lease argo/workflow-controller", ""),
                line("08:00:40.100", "INFO", "new leader", "leader=workflow-controller-5c8e2f7d1-w2n6b"),
                line("08:00:40.101", "INFO", "Starting Workflow Controller", "version=v4.0.6 instanceID=\"\" defaultRequeueTime=10s"),
                processing("08:00:40.902", "99120"), processing("08:03:00.510", "99120"));
        RuleOutcome o = run();
        assertEquals(List.of(), o.findings(), o.toString());
    }

    @Test
    void twoClustersLeadersWithOneOwnConflictAndUnrelatedVersionsStayPossible() throws IOException {
        // Staging and production run the same CronWorkflow, so both have batch-merge-k2x8d at the same minutes; each controller
        // leads its own cluster. A user's `argo suspend` in production makes one update there refused: that controller's own
        // conflict. Each run reads and writes its own object's versions, never one the other named.
        log("a.log", leading("07:58:10.11", "workflow-controller-prod-7c9d5-lx2qa"));
        log("a.log", processing("08:00:00.412", "100"), updated("08:00:00.481", "104"), processing("08:00:40.020", "131"), conflict("08:00:40.066"),
                reapplied("08:00:40.067"), updated("08:00:40.090", "136"), processing("08:01:30.118", "170"), updated("08:01:30.150", "171"));
        log("b.log", leading("07:58:14.60", "workflow-controller-stg-5f6b8-p9d3w"));
        log("b.log", processing("08:00:01.208", "88205"), updated("08:00:01.240", "88209"), processing("08:01:10.031", "88233"),
                updated("08:01:10.064", "88236"));
        Finding f = run().findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("resource versions"), f.confidenceReason());
    }

    @Test
    void nothingTyingTheTwoToOneObjectLeavesItPossible() throws IOException {
        // The refused update comes before the other run appears; the versions are unrelated: two clusters' logs read the same.
        log("a.log", electionOff("07:58:10.11"));
        log("a.log", conflict("07:59:00.066"), processing("08:00:00.412", "100"), processing("08:01:30.020", "131"));
        log("b.log", electionOff("07:58:14.60"));
        log("b.log", processing("08:00:01.208", "9205"), processing("08:01:10.031", "9233"));
        assertEquals(Confidence.POSSIBLE, run().findings().get(0).confidence());
    }

    @Test
    void aHandOverWithinTheLeaseDurationIsCleared() throws IOException {
        String a = "workflow-controller-7b9d4c6f5-k8r2w";
        String b = "workflow-controller-7b9d4c6f5-p3x6d";
        log("a.log", leading("07:58:10.11", a));
        log("a.log", processing("08:00:00.412", "100"), conflict("08:00:00.466"), reapplied("08:00:00.467"), updated("08:00:00.490", "104"),
                processing("08:05:10.020", "131"),
                line("08:05:12.100", "INFO", "Failed to renew lease", "lock=argo/workflow-controller err=\"context deadline exceeded\""),
                line("08:05:12.101", "INFO", "stopped leading", "id=" + a),
                // a reconcile in flight finishes after the new leader's first line: 4.1 s of overlap
                updated("08:05:13.900", "133"));
        log("b.log", line("07:58:14.600", "INFO", "new leader", "leader=" + a),
                line("08:05:09.800", "INFO", "successfully acquired lease argo/workflow-controller", ""),
                line("08:05:09.800", "INFO", "new leader", "leader=" + b),
                processing("08:05:09.812", "131"), updated("08:05:09.850", "132"), processing("08:06:00.000", "140"));
        RuleOutcome o = run();
        assertTrue(o.findings().isEmpty(), o.findings().toString());
        assertEquals(1, o.cleared().size(), o.cleared().toString());
        assertTrue(o.cleared().get(0).reason().contains("4.088s of overlap"), o.cleared().get(0).reason());
        assertTrue(o.cleared().get(0).reason().contains("within the 15s a leader hand-over allows"), o.cleared().get(0).reason());
    }

    @Test
    void anOldLeaderStillWritingLongAfterItLostTheLeaseIsReported() throws IOException {
        String a = "workflow-controller-7b9d4c6f5-k8r2w";
        String b = "workflow-controller-7b9d4c6f5-p3x6d";
        log("a.log", leading("07:58:10.11", a));
        log("a.log", processing("08:00:00.412", "100"), conflict("08:00:00.466"), updated("08:00:00.490", "104"),
                line("08:05:12.101", "INFO", "stopped leading", "id=" + a), processing("08:05:40.000", "133"), updated("08:05:40.050", "135"));
        log("b.log", line("07:58:14.600", "INFO", "new leader", "leader=" + a),
                line("08:05:09.800", "INFO", "successfully acquired lease argo/workflow-controller", ""),
                line("08:05:09.800", "INFO", "new leader", "leader=" + b),
                processing("08:05:09.812", "104"), updated("08:05:09.850", "133"), processing("08:06:00.000", "140"));
        Finding f = run().findings().get(0);
        // Session 39: b named a as the holder and took the Lease over, which ties the two clocks (HandOvers): b's clock is at most
        // 1.3 s behind a's and, b having waited through a's last renewal, at most 40.3 s behind. On one clock b's lines may then
        // begin 0.1 s before a's last one (b's clock 30 s behind, a writing on after its stop alone): the 30 s read may be the
        // clocks', so reported as possible (it was confirmed on the clocks as written).
        assertEquals(Confidence.POSSIBLE, f.confidence());
        assertTrue(f.confidenceReason().contains("on one clock the overlap was possibly none")
                && f.confidenceReason().contains("stopped leading at 2026-10-12T08:05:12.101Z"), f.confidenceReason());
        // Its role when the overlap began: it still held the Lease then, and went on writing for 28 s after losing it.
        assertEquals("leading: it had acquired the lease; it logged losing it at 2026-10-12T08:05:12.101Z and went on writing",
                f.fact("leadershipA").orElseThrow().value());
        assertEquals("2026-10-12T08:05:40.050Z", f.fact("overlapTo").orElseThrow().value());
        assertEquals("leading: it had acquired the lease", f.fact("leadershipB").orElseThrow().value());
    }

    @Test
    void aStandbyIsClearedAndNeverPaired() throws IOException {
        String a = "workflow-controller-7b9d4c6f5-k8r2w";
        log("a.log", leading("07:58:10.11", a));
        log("a.log", processing("08:00:00.412", "100"), conflict("08:00:00.466"), processing("08:03:00.000", "140"));
        log("c.log", line("07:58:14.600", "INFO", "Attempting to acquire leader lease...", "lock=argo/workflow-controller"),
                line("07:58:14.610", "INFO", "new leader", "leader=" + a), line("08:01:00.000", "INFO", "healthz: current pod is not the leader", ""));
        RuleOutcome o = run();
        assertTrue(o.findings().isEmpty());
        assertEquals(1, o.cleared().size());
        assertTrue(o.cleared().get(0).reason().startsWith("run c.log #1 is a standby: it logged that " + a + " leads"), o.cleared().get(0).reason());
    }

    @Test
    void aRunThatTookWorkflowsUpIsNoStandbyEvenWhenThoseLinesAreOnlyCounted() throws IOException {
        // c waited for the Lease, then worked: its line of taking the Lease is not in the excerpt. Its Workflow is of
        // no interest, so a selective reading only counts those lines; they still say c worked.
        String a = "workflow-controller-7b9d4c6f5-k8r2w";
        log("a.log", leading("07:58:10.11", a));
        log("a.log", processing("08:00:00.412", "100"), conflict("08:00:00.466"));
        log("c.log", line("07:58:14.610", "INFO", "new leader", "leader=" + a),
                line("08:10:00.000", "INFO", "Processing workflow", "component=workflow_worker workflow=quiet-x1 namespace=etl phase=Running resourceVersion=7"));
        RuleOutcome o = run(AnalysisOptions.defaults().withChunkBytes(4096));
        assertTrue(o.cleared().isEmpty(), o.cleared().toString());
    }

    @Test
    void oneLogReadTwiceIsNoSecondController() throws IOException {
        bothOn(electionOff("07:58:10.11"), electionOff("07:58:14.60"));
        files.put("a-copy.log", files.get("a.log"));
        files.remove("b.log");
        RuleOutcome o = run();
        assertTrue(o.findings().isEmpty(), o.findings().toString());
        assertTrue(o.cleared().get(0).reason().contains("one controller's log read twice"), o.cleared().toString());
    }

    @Test
    void aRestartOfTheSameReplicaIsNotPaired() throws IOException {
        log("a.log", electionOff("07:58:10.11"));
        log("a.log", processing("08:00:00.412", "100"), conflict("08:00:00.466"));
        log("a.log", electionOff("08:00:30.00"));
        log("a.log", processing("08:00:31.000", "120"), processing("08:02:31.000", "150"));
        RuleOutcome o = run();
        assertTrue(o.findings().isEmpty());
        assertTrue(o.cleared().isEmpty(), o.cleared().toString());
    }

    @Test
    void twoInstallationsWithDifferentInstanceIdsAreCleared() throws IOException {
        String[] other = electionOff("07:58:14.60");
        other[2] = other[2].replace("instanceID=\"\"", "instanceID=team-b"); // the banner, after the two election lines
        RuleOutcome o = bothOn(electionOff("07:58:10.11"), other).run();
        assertTrue(o.findings().isEmpty());
        assertTrue(o.cleared().get(0).reason().contains("manage disjoint Workflows"), o.cleared().toString());
    }

    @Test
    void theFindingIsTheSameWhenOnlyLinesOfInterestAreKept() throws IOException {
        bothOn(electionOff("07:58:10.11"), electionOff("07:58:14.60"));
        // Another Workflow both take up without contention: not kept on a selective reading, and not looked at either way.
        log("a.log", line("08:00:05.000", "INFO", "Processing workflow", "component=workflow_worker workflow=quiet-x1 namespace=etl phase=Running resourceVersion=7"));
        log("b.log", line("08:02:05.000", "INFO", "Processing workflow", "component=workflow_worker workflow=quiet-x1 namespace=etl phase=Running resourceVersion=9"));
        RuleOutcome all = run(AnalysisOptions.defaults().keepingEverything(true));
        RuleOutcome selective = run(AnalysisOptions.defaults().withChunkBytes(4096));
        assertEquals(all.findings().toString(), selective.findings().toString());
        assertEquals("etl/" + WF, all.findings().get(0).fact("workflowsBothTouched").orElseThrow().value());
    }

    // ---- s50 breaker (s50-b-af012): attacks on the short Workflows named with a pair at once ----

    /**
     * Split brain, then a silent restart: a held the Lease, stalled, b took it over at 07:59:59 while a went on writing (the pair
     * at once over the long Workflow, 08:00 to 08:03). a is killed by its liveness probe (no stop line), its container restarts in
     * the same Pod (one file), and that process's start-up and election lines are not in the input (a shipper that picked the new
     * container's log up late). At 08:10 b stalls and is killed (no stop line) with a reconcile in flight; a's second process took
     * the Lease over at 08:10:06 (that line cut too, unless {@code acquired}). The short Workflow: b's lines to 08:10:08.5, a's
     * from 08:10:06.5: a hand-over's edge (2 s) between b and a's later process, never the two at once.
     */
    private void silentRestartThenHandOver(boolean acquired) {
        String a = "workflow-controller-7b9d4c6f5-k8r2w";
        String b = "workflow-controller-7b9d4c6f5-p3x6d";
        log("a.log", leading("07:58:10.11", a));
        log("b.log", line("07:58:14.600", "INFO", "attempting to acquire leader lease argo/workflow-controller...", ""),
                line("07:58:14.610", "INFO", "new leader", "leader=" + a),
                line("07:59:59.000", "INFO", "successfully acquired lease argo/workflow-controller", ""),
                line("07:59:59.001", "INFO", "new leader", "leader=" + b),
                line("07:59:59.002", "INFO", "Starting Workflow Controller", "version=v4.0.6 instanceID=\"\" defaultRequeueTime=10s"));
        bothOn(new String[0], new String[0]);
        if (acquired) {
            log("a.log", line("08:10:06.000", "INFO", "successfully acquired lease argo/workflow-controller", ""));
        }
        log("b.log", of(QUICK, "08:09:50.100", "INFO", "Processing workflow", "phase=Running resourceVersion=300"),
                of(QUICK, "08:09:50.150", "INFO", "Workflow update successful", "resourceVersion=302 phase=Running"),
                of(QUICK, "08:10:05.900", "INFO", "Processing workflow", "phase=Running resourceVersion=302"),
                of(QUICK, "08:10:08.500", "WARN", "Error updating workflow", "reason=Conflict error=\"conflict\""));
        log("a.log", of(QUICK, "08:10:06.500", "INFO", "Processing workflow", "phase=Running resourceVersion=302"),
                of(QUICK, "08:10:06.550", "INFO", "Workflow update successful", "resourceVersion=305 phase=Running"),
                of(QUICK, "08:10:20.000", "INFO", "Processing workflow", "phase=Succeeded resourceVersion=310"));
    }

    @Test
    void breakerASilentRestartThenAHandOverEdgeIsNotNamedWithThePair() throws IOException {
        silentRestartThenHandOver(false);
        RuleOutcome o = byTime().run();
        // Held: without a's stop line its Lease's release is bounded by its last line, so the long overlap reads as the clocks
        // (AF012.cleared.clocks), no pair is found, and nothing is stretched to the later hand-over.
        assertTrue(o.findings().isEmpty(), o.toString());
        assertTrue(o.cleared().stream().anyMatch(c -> c.reason().contains(QUICK) && c.reason().contains("within the 15s a leader hand-over allows")),
                o.cleared().toString());
    }

    @Test
    void breakerTheSameWithTheLaterAcquisitionLoggedIsNotNamed() throws IOException {
        silentRestartThenHandOver(true);
        RuleOutcome o = byTime().run();
        assertTrue(o.findings().isEmpty(), o.toString());
        assertTrue(o.cleared().stream().anyMatch(c -> c.reason().contains(QUICK) && c.reason().contains("within the 15s a leader hand-over allows")),
                o.cleared().toString());
    }


    /** The short Workflow named before the pair's long overlap is named alike on a selective reading and on a whole one. */
    @Test
    void breakerShortOnesAreTheSameOnASelectiveReading() throws IOException {
        bothOn(electionOff("07:58:10.11"), electionOff("07:58:14.60"));
        quick("07:59", "1", "14.000").byTime();
        RuleOutcome all = run(AnalysisOptions.defaults().keepingEverything(true));
        RuleOutcome selective = run(AnalysisOptions.defaults().withChunkBytes(4096));
        assertEquals("etl/" + WF + ", etl/" + QUICK, touched(all));
        assertEquals(all.findings().toString(), selective.findings().toString());
    }

    /**
     * Within the skew the versions allow (b's clock up to 1.7 s behind a's): a short Workflow both wrote about a minute before
     * the long overlap, b's first line 0.2 s before a's last as written: on one clock b may have begun after a ended (a gap),
     * so not named even though both runs worked unconditionally throughout.
     */
    @Test
    void breakerAShortWorkflowWithinTheSkewIsNamedOnlyWhereNoSkewMakesAGap() throws IOException {
        bothOn(electionOff("07:58:10.11"), electionOff("07:58:14.60"));
        log("a.log", of(QUICK, "07:59:10.100", "INFO", "Processing workflow", "phase=Running resourceVersion=50"),
                of(QUICK, "07:59:10.150", "INFO", "Workflow update successful", "resourceVersion=52 phase=Running"),
                of(QUICK, "07:59:11.500", "INFO", "Processing workflow", "phase=Succeeded resourceVersion=57"));
        log("b.log", of(QUICK, "07:59:11.300", "INFO", "Processing workflow", "phase=Running resourceVersion=52"),
                of(QUICK, "07:59:11.340", "WARN", "Error updating workflow", "reason=Conflict error=\"conflict\""),
                of(QUICK, "07:59:14.000", "INFO", "Processing workflow", "phase=Succeeded resourceVersion=57"));
        assertEquals("etl/" + WF, touched(byTime().run()));
    }
}
