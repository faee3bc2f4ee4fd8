package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.event.ControllerProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileRunsMergedStreamsTest {
    @TempDir
    Path dir;

    private static String line(String time, String level, String msg, String keys) {
        return "time=2026-10-12T" + time + "Z level=" + level + " msg=\"" + msg + "\"" + (keys.isEmpty() ? "" : " " + keys);
    }

    private AnalysisResult read(List<String> lines) throws IOException {
        Files.write(dir.resolve("controllers.log"), lines);
        return Analysis.standard(AnalysisOptions.defaults()).run(List.of(dir.toString()));
    }

    private static String show(AnalysisResult r) {
        return FileRunsStartLinesS61BreakerTest.show(r); // each run and each finding, one per line
    }

    static List<String> a(boolean electionOff) {
        List<String> l = new ArrayList<>(List.of(electionOff ? TwoActiveControllersTest.electionOff("07:58:10.11")
                : TwoActiveControllersTest.leading("07:58:10.11", "workflow-controller-7c9d8f6b4-mx2lp")));
        l.addAll(List.of(TwoActiveControllersTest.processing("08:00:00.412", "100"), TwoActiveControllersTest.updated("08:00:00.481", "104"),
                TwoActiveControllersTest.processing("08:01:30.020", "131"), TwoActiveControllersTest.updated("08:01:30.090", "136"),
                TwoActiveControllersTest.processing("08:03:00.118", "170"), TwoActiveControllersTest.updated("08:03:00.150", "171")));
        return l;
    }

    static List<String> bStandby() {
        return List.of(line("07:58:14.600", "INFO", "attempting to acquire leader lease argo/workflow-controller...", ""),
                line("07:58:14.612", "INFO", "new leader", "leader=workflow-controller-7c9d8f6b4-mx2lp"),
                line("08:01:14.000", "INFO", "healthz: current pod is not the leader", ""),
                line("08:02:44.000", "INFO", "healthz: current pod is not the leader", ""));
    }

    static List<String> bOff() {
        List<String> l = new ArrayList<>(List.of(TwoActiveControllersTest.electionOff("07:58:14.60")));
        l.addAll(List.of(TwoActiveControllersTest.processing("08:00:01.208", "104"), TwoActiveControllersTest.updated("08:00:01.240", "109"),
                TwoActiveControllersTest.processing("08:01:30.031", "131"), TwoActiveControllersTest.updated("08:01:30.064", "133"),
                TwoActiveControllersTest.processing("08:02:40.700", "160"), TwoActiveControllersTest.updated("08:02:40.731", "162")));
        return l;
    }

    static List<String> cat(List<String> x, List<String> y) {
        List<String> l = new ArrayList<>(x);
        l.addAll(y);
        return l;
    }

    static List<String> byTime(List<String> x, List<String> y) {
        List<String> l = cat(x, y);
        l.sort(Comparator.comparing(s -> s.substring(5, 34)));
        return l;
    }

    static List<String> bTakesOver() {
        return List.of(line("08:03:20.512", "INFO", "successfully acquired lease argo/workflow-controller", ""),
                line("08:03:20.513", "INFO", "new leader", "leader=workflow-controller-7c9d8f6b4-q2w8z"),
                line("08:03:20.520", "INFO", "Starting Workflow Controller", "version=v4.0.6 instanceID=\"\" defaultRequeueTime=10s"),
                TwoActiveControllersTest.processing("08:03:30.118", "171"), TwoActiveControllersTest.updated("08:03:30.150", "175"));
    }

    /** The current container's log from its start after the previous one's (kubectl logs -p, then kubectl logs, no prompts pasted). */
    static List<String> restarted(boolean takesLease) {
        List<String> l = new ArrayList<>(List.of(line("08:10:00.004", "INFO", "attempting to acquire leader lease argo/workflow-controller...", ""),
                line("08:10:00.016", "INFO", "new leader", "leader=workflow-controller-7c9d8f6b4-mx2lp")));
        if (takesLease) {
            l.addAll(List.of(line("08:10:16.871", "INFO", "successfully acquired lease argo/workflow-controller", ""),
                    line("08:10:16.872", "INFO", "new leader", "leader=workflow-controller-7c9d8f6b4-mx2lp"),
                    line("08:10:16.880", "INFO", "Starting Workflow Controller", "version=v4.0.6 instanceID=\"\" defaultRequeueTime=10s"),
                    TwoActiveControllersTest.processing("08:10:17.102", "190"), TwoActiveControllersTest.updated("08:10:17.140", "193")));
        }
        return l;
    }

    private List<ControllerProcess> runs(AnalysisResult r) {
        return r.correlation().processes();
    }

    private static long af012(AnalysisResult r) {
        return r.outcomes().stream().filter(o -> o.rule().equals("AF012")).mapToLong(o -> o.findings().size()).sum();
    }

    /**
     * A leader's and a standby's lines merged by time with no Pod name on them (kubectl logs -f -l without --prefix, a log store's
     * export): the standby's attempt at the Lease falls inside the leader's work. The leader's work is its run's, from its own
     * start; before session 61 the attempt opened a run there and the leader's run ended at its banner, its work read as the
     * standby's process's. (The standby's own lines, its attempt and healthz answers, join the leader's run: with no name on the
     * lines they cannot be told apart from it.)
     */
    @Test
    void aStandbysStartInsideTheLeadersWorkLeavesTheWorkToTheLeader() throws IOException {
        AnalysisResult r = read(byTime(a(false), bStandby()));
        List<ControllerProcess> runs = runs(r);
        assertEquals(1, runs.size(), show(r));
        assertEquals("2026-10-12T07:58:10.110Z", runs.get(0).first().format(), show(r));
        assertEquals(3, runs.get(0).work().processed(), show(r));
        assertEquals(0, af012(r), show(r));
    }

    /** The same, the leader dying and the standby taking the Lease: two runs, each with its own work, the new one from its acquisition. */
    @Test
    void theStandbyTakingTheLeaseAfterTheLeadersWorkOpensItsRun() throws IOException {
        AnalysisResult r = read(cat(byTime(a(false), bStandby()), bTakesOver()));
        List<ControllerProcess> runs = runs(r);
        assertEquals(2, runs.size(), show(r));
        assertEquals("2026-10-12T08:03:00.150Z", runs.get(0).last().format(), "the old leader's run ends with its own last work: " + show(r));
        assertEquals(3, runs.get(0).work().processed(), show(r));
        assertEquals("2026-10-12T08:03:20.512Z", runs.get(1).first().format(), "the new leader's from its acquisition: " + show(r));
        assertEquals(1, runs.get(1).work().processed(), show(r));
        assertEquals(0, af012(r), show(r));
    }

    /**
     * The previous container's log and the current one's, one after the other with nothing between (kubectl logs -p, then kubectl
     * logs, pasted without their prompts): the old process died without a line; the new one's attempt opens its run, whether it
     * takes the Lease in the file or the file ends while it waits for the old Lease to expire.
     */
    @Test
    void thePreviousContainersLogThenTheCurrentOnesAreTwoRuns() throws IOException {
        for (boolean takes : new boolean[] {true, false}) {
            AnalysisResult r = read(cat(a(false), restarted(takes)));
            List<ControllerProcess> runs = runs(r);
            assertEquals(2, runs.size(), show(r));
            assertEquals("2026-10-12T08:03:00.150Z", runs.get(0).last().format(), show(r));
            assertEquals("2026-10-12T08:10:00.004Z", runs.get(1).first().format(), show(r));
            assertEquals(takes ? 1 : 0, runs.get(1).work().processed(), show(r));
            assertEquals(0, af012(r), show(r));
        }
    }

    /**
     * kubectl logs -l without --prefix (and without -f: each Pod's log whole, one after the other): a leader's log, then a standby's,
     * or the standby's first. Each is a run of its own (the second's start after the first's banner and work); the two overlap in
     * time in one file, which one process's log never does, and neither is read as the other's.
     */
    @Test
    void twoPodsLogsOneAfterTheOtherAreARunEach() throws IOException {
        for (boolean leaderFirst : new boolean[] {true, false}) {
            AnalysisResult r = read(leaderFirst ? cat(a(false), bStandby()) : cat(bStandby(), a(false)));
            List<ControllerProcess> runs = runs(r);
            assertEquals(2, runs.size(), show(r));
            ControllerProcess leader = runs.get(leaderFirst ? 0 : 1);
            assertEquals(3, leader.work().processed(), show(r));
            assertEquals("2026-10-12T07:58:10.110Z", leader.first().format(), show(r));
            assertEquals(0, runs.get(leaderFirst ? 1 : 0).work().processed(), show(r));
            assertEquals(0, af012(r), show(r));
        }
    }

    /**
     * What cannot be told apart: two replicas with election off, both working, in one file with no name on the lines. One after
     * the other they are two runs of one replica that overlap in time; merged by time, the second's start opens a run that takes
     * both's later work. Either way AF012 says nothing (a miss, not a wrong finding): two processes at once need two names.
     */
    @Test
    void twoActiveReplicasInOneUnnamedStreamAreNotReadAsTwoAtOnce() throws IOException {
        AnalysisResult one = read(cat(a(true), bOff()));
        assertEquals(2, runs(one).size(), show(one));
        assertEquals(0, af012(one), show(one));
        AnalysisResult merged = read(byTime(a(true), bOff()));
        assertEquals(2, runs(merged).size(), show(merged));
        assertEquals(6, runs(merged).get(1).work().processed(), show(merged));
        assertEquals(0, af012(merged), show(merged));
    }
}
