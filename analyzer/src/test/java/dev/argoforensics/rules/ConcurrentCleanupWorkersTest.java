package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.TerminationRounds;
import dev.argoforensics.correlate.TerminationRounds.Round;
import dev.argoforensics.correlate.TerminationRounds.Signaled;
import dev.argoforensics.event.CleanupAction;
import dev.argoforensics.testing.Evidence;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * AF010 with several pod cleanup workers at once (session 44). v4.1.2, slog text, logs alone: a DAG's two steps share a sidecar
 * ({@code vector}); the fetch step's main ends at 03:06:00 and its vector ignores SIGTERM; the parse step's main ends at 03:06:10
 * and its vector stops on SIGTERM. Every reconcile while fetch runs with main done queues {@code terminateContainers} again, so
 * at 03:06:30.7 the requeue's SIGTERM item and the kill item due 30 s after the first SIGTERM are taken by two workers at once, and
 * their lines interleave (a line names no worker). The queue never runs one key ({@code <ns>/<pod>/<action>}) on two workers, so a
 * Pod has at most one SIGTERM and one SIGKILL round running; each round signals a container at most once.
 */
class ConcurrentCleanupWorkersTest {
    private static final String FETCH = "ingest-hourly-q7w2d-fetch-2149730093";
    private static final String PARSE = "ingest-hourly-q7w2d-parse-900538550";
    private final ContainerWouldNotStop rule = new ContainerWouldNotStop();

    private static final String BASE = """
            time=2026-12-01T03:00:00.010Z level=INFO msg="Leader election is turned off. Running in single-instance mode"
            time=2026-12-01T03:00:00.012Z level=INFO msg="Starting Workflow Controller" defaultRequeueTime=10s version=v4.1.2
            time=2026-12-01T03:00:00.016Z level=INFO msg="Current Worker Numbers" workflowWorkers=32 workflowTtlWorkers=4 podCleanup=4 cronWorkflowWorkers=8 workflowArchive=8
            time=2026-12-01T03:01:00.100Z level=INFO msg="Processing workflow" component=workflow_worker workflow=ingest-hourly-q7w2d namespace=etl phase="" resourceVersion=510100
            time=2026-12-01T03:01:00.110Z level=INFO msg="updated phase" component=workflow_worker workflow=ingest-hourly-q7w2d namespace=etl fromPhase="" toPhase=Running
            time=2026-12-01T03:01:00.120Z level=INFO msg="node initialized" component=workflow_worker workflow=ingest-hourly-q7w2d namespace=etl node=ingest-hourly-q7w2d phase=Running message=""
            time=2026-12-01T03:01:00.130Z level=INFO msg="node initialized" component=workflow_worker workflow=ingest-hourly-q7w2d namespace=etl node=ingest-hourly-q7w2d-2149730093 phase=Pending message=""
            time=2026-12-01T03:01:00.140Z level=INFO msg="Created pod" component=workflow_worker workflow=ingest-hourly-q7w2d namespace=etl nodeName=ingest-hourly-q7w2d.fetch nodeID=ingest-hourly-q7w2d-2149730093 podName=ingest-hourly-q7w2d-fetch-2149730093
            time=2026-12-01T03:01:00.150Z level=INFO msg="node initialized" component=workflow_worker workflow=ingest-hourly-q7w2d namespace=etl node=ingest-hourly-q7w2d-900538550 phase=Pending message=""
            time=2026-12-01T03:01:00.160Z level=INFO msg="Created pod" component=workflow_worker workflow=ingest-hourly-q7w2d namespace=etl nodeName=ingest-hourly-q7w2d.parse nodeID=ingest-hourly-q7w2d-900538550 podName=ingest-hourly-q7w2d-parse-900538550
            time=2026-12-01T03:01:00.170Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=ingest-hourly-q7w2d namespace=etl resourceVersion=510104 phase=Running
            time=2026-12-01T03:01:00.175Z level=INFO msg="add pod event" component=pod_controller pod=ingest-hourly-q7w2d-fetch-2149730093
            time=2026-12-01T03:01:00.176Z level=INFO msg="add pod event" component=pod_controller pod=ingest-hourly-q7w2d-parse-900538550
            time=2026-12-01T03:01:04.500Z level=INFO msg="update pod event" component=pod_controller pod=ingest-hourly-q7w2d-fetch-2149730093
            time=2026-12-01T03:01:04.510Z level=INFO msg="update pod event" component=pod_controller pod=ingest-hourly-q7w2d-parse-900538550
            time=2026-12-01T03:01:04.600Z level=INFO msg="Processing workflow" component=workflow_worker workflow=ingest-hourly-q7w2d namespace=etl phase=Running resourceVersion=510104
            time=2026-12-01T03:01:04.620Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=ingest-hourly-q7w2d namespace=etl resourceVersion=510131 phase=Running
            time=2026-12-01T03:06:00.400Z level=INFO msg="update pod event" component=pod_controller pod=ingest-hourly-q7w2d-fetch-2149730093
            time=2026-12-01T03:06:00.500Z level=INFO msg="Processing workflow" component=workflow_worker workflow=ingest-hourly-q7w2d namespace=etl phase=Running resourceVersion=510131
            time=2026-12-01T03:06:00.515Z level=INFO msg="queueing pod for cleanup" component=pod_controller namespace=etl podName=ingest-hourly-q7w2d-fetch-2149730093 action=terminateContainers
            time=2026-12-01T03:06:00.517Z level=INFO msg="cleaning up pod" component=pod_controller key=etl/ingest-hourly-q7w2d-fetch-2149730093/terminateContainers action=terminateContainers namespace=etl podName=ingest-hourly-q7w2d-fetch-2149730093
            time=2026-12-01T03:06:00.530Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=ingest-hourly-q7w2d namespace=etl resourceVersion=510380 phase=Running
            time=2026-12-01T03:06:00.620Z level=INFO msg="signaled container" component=pod_controller namespace=etl pod=ingest-hourly-q7w2d-fetch-2149730093 container=wait stdout="" stderr="" error=<nil>
            time=2026-12-01T03:06:00.710Z level=INFO msg="signaled container" component=pod_controller namespace=etl pod=ingest-hourly-q7w2d-fetch-2149730093 container=vector stdout="" stderr="" error=<nil>
            time=2026-12-01T03:06:00.711Z level=INFO msg="queueing pod for cleanup after" component=pod_controller namespace=etl podName=ingest-hourly-q7w2d-fetch-2149730093 action=killContainers after=30s
            time=2026-12-01T03:06:10.300Z level=INFO msg="update pod event" component=pod_controller pod=ingest-hourly-q7w2d-parse-900538550
            time=2026-12-01T03:06:10.400Z level=INFO msg="Processing workflow" component=workflow_worker workflow=ingest-hourly-q7w2d namespace=etl phase=Running resourceVersion=510380
            time=2026-12-01T03:06:10.410Z level=INFO msg="queueing pod for cleanup" component=pod_controller namespace=etl podName=ingest-hourly-q7w2d-parse-900538550 action=terminateContainers
            time=2026-12-01T03:06:10.411Z level=INFO msg="queueing pod for cleanup" component=pod_controller namespace=etl podName=ingest-hourly-q7w2d-fetch-2149730093 action=terminateContainers
            time=2026-12-01T03:06:10.412Z level=INFO msg="cleaning up pod" component=pod_controller key=etl/ingest-hourly-q7w2d-parse-900538550/terminateContainers action=terminateContainers namespace=etl podName=ingest-hourly-q7w2d-parse-900538550
            time=2026-12-01T03:06:10.413Z level=INFO msg="cleaning up pod" component=pod_controller key=etl/ingest-hourly-q7w2d-fetch-2149730093/terminateContainers action=terminateContainers namespace=etl podName=ingest-hourly-q7w2d-fetch-2149730093
            time=2026-12-01T03:06:10.430Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=ingest-hourly-q7w2d namespace=etl resourceVersion=510402 phase=Running
            time=2026-12-01T03:06:10.520Z level=INFO msg="signaled container" component=pod_controller namespace=etl pod=ingest-hourly-q7w2d-parse-900538550 container=wait stdout="" stderr="" error=<nil>
            time=2026-12-01T03:06:10.540Z level=INFO msg="signaled container" component=pod_controller namespace=etl pod=ingest-hourly-q7w2d-fetch-2149730093 container=vector stdout="" stderr="" error=<nil>
            time=2026-12-01T03:06:10.541Z level=INFO msg="queueing pod for cleanup after" component=pod_controller namespace=etl podName=ingest-hourly-q7w2d-fetch-2149730093 action=killContainers after=30s
            time=2026-12-01T03:06:10.610Z level=INFO msg="signaled container" component=pod_controller namespace=etl pod=ingest-hourly-q7w2d-parse-900538550 container=vector stdout="" stderr="" error=<nil>
            time=2026-12-01T03:06:10.611Z level=INFO msg="queueing pod for cleanup after" component=pod_controller namespace=etl podName=ingest-hourly-q7w2d-parse-900538550 action=killContainers after=30s
            time=2026-12-01T03:06:11.900Z level=INFO msg="update pod event" component=pod_controller pod=ingest-hourly-q7w2d-parse-900538550
            time=2026-12-01T03:06:12.000Z level=INFO msg="Processing workflow" component=workflow_worker workflow=ingest-hourly-q7w2d namespace=etl phase=Running resourceVersion=510402
            time=2026-12-01T03:06:12.010Z level=INFO msg="ignoring exit code" component=workflow_worker workflow=ingest-hourly-q7w2d namespace=etl exitCode=143 containerName=vector
            time=2026-12-01T03:06:12.020Z level=INFO msg="node phase changed" component=workflow_worker workflow=ingest-hourly-q7w2d namespace=etl node=ingest-hourly-q7w2d-900538550 fromPhase=Running toPhase=Succeeded
            time=2026-12-01T03:06:12.022Z level=INFO msg="node finished" component=workflow_worker workflow=ingest-hourly-q7w2d namespace=etl node=ingest-hourly-q7w2d-900538550 finishedAt=2026-12-01T03:06:12.022Z
            time=2026-12-01T03:06:12.030Z level=INFO msg="queueing pod for cleanup" component=pod_controller namespace=etl podName=ingest-hourly-q7w2d-fetch-2149730093 action=terminateContainers
            time=2026-12-01T03:06:12.032Z level=INFO msg="cleaning up pod" component=pod_controller key=etl/ingest-hourly-q7w2d-fetch-2149730093/terminateContainers action=terminateContainers namespace=etl podName=ingest-hourly-q7w2d-fetch-2149730093
            time=2026-12-01T03:06:12.050Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=ingest-hourly-q7w2d namespace=etl resourceVersion=510430 phase=Running
            time=2026-12-01T03:06:12.052Z level=INFO msg="queueing pod for cleanup" component=pod_controller namespace=etl podName=ingest-hourly-q7w2d-parse-900538550 action=labelPodCompleted
            time=2026-12-01T03:06:12.054Z level=INFO msg="cleaning up pod" component=pod_controller key=etl/ingest-hourly-q7w2d-parse-900538550/labelPodCompleted action=labelPodCompleted namespace=etl podName=ingest-hourly-q7w2d-parse-900538550
            time=2026-12-01T03:06:12.130Z level=INFO msg="signaled container" component=pod_controller namespace=etl pod=ingest-hourly-q7w2d-fetch-2149730093 container=vector stdout="" stderr="" error=<nil>
            time=2026-12-01T03:06:12.131Z level=INFO msg="queueing pod for cleanup after" component=pod_controller namespace=etl podName=ingest-hourly-q7w2d-fetch-2149730093 action=killContainers after=30s
            time=2026-12-01T03:06:12.140Z level=INFO msg="delete pod event" component=pod_controller pod=ingest-hourly-q7w2d-parse-900538550
            time=2026-12-01T03:06:22.100Z level=INFO msg="Processing workflow" component=workflow_worker workflow=ingest-hourly-q7w2d namespace=etl phase=Running resourceVersion=510430
            time=2026-12-01T03:06:22.110Z level=INFO msg="queueing pod for cleanup" component=pod_controller namespace=etl podName=ingest-hourly-q7w2d-fetch-2149730093 action=terminateContainers
            time=2026-12-01T03:06:22.112Z level=INFO msg="cleaning up pod" component=pod_controller key=etl/ingest-hourly-q7w2d-fetch-2149730093/terminateContainers action=terminateContainers namespace=etl podName=ingest-hourly-q7w2d-fetch-2149730093
            time=2026-12-01T03:06:22.120Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=ingest-hourly-q7w2d namespace=etl resourceVersion=510455 phase=Running
            time=2026-12-01T03:06:22.210Z level=INFO msg="signaled container" component=pod_controller namespace=etl pod=ingest-hourly-q7w2d-fetch-2149730093 container=vector stdout="" stderr="" error=<nil>
            time=2026-12-01T03:06:22.211Z level=INFO msg="queueing pod for cleanup after" component=pod_controller namespace=etl podName=ingest-hourly-q7w2d-fetch-2149730093 action=killContainers after=30s
            time=2026-12-01T03:06:30.700Z level=INFO msg="Processing workflow" component=workflow_worker workflow=ingest-hourly-q7w2d namespace=etl phase=Running resourceVersion=510455
            time=2026-12-01T03:06:30.710Z level=INFO msg="queueing pod for cleanup" component=pod_controller namespace=etl podName=ingest-hourly-q7w2d-fetch-2149730093 action=terminateContainers
            @KILL@
            time=2026-12-01T03:06:30.720Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=ingest-hourly-q7w2d namespace=etl resourceVersion=510470 phase=Running
            @SIGNALS@
            @END@
            time=2026-12-01T03:06:40.612Z level=INFO msg="cleaning up pod" component=pod_controller key=etl/ingest-hourly-q7w2d-parse-900538550/killContainers action=killContainers namespace=etl podName=ingest-hourly-q7w2d-parse-900538550
            """;

    private static final String KILL_THEN_TERM = """
            time=2026-12-01T03:06:30.712Z level=INFO msg="cleaning up pod" component=pod_controller key=etl/%1$s/killContainers action=killContainers namespace=etl podName=%1$s
            time=2026-12-01T03:06:30.714Z level=INFO msg="cleaning up pod" component=pod_controller key=etl/%1$s/terminateContainers action=terminateContainers namespace=etl podName=%1$s
            """.formatted(FETCH);

    private static final String END = """
            time=2026-12-01T03:06:31.800Z level=INFO msg="update pod event" component=pod_controller pod=%1$s
            time=2026-12-01T03:06:31.900Z level=INFO msg="Processing workflow" component=workflow_worker workflow=ingest-hourly-q7w2d namespace=etl phase=Running resourceVersion=510470
            time=2026-12-01T03:06:31.910Z level=INFO msg="ignoring exit code" component=workflow_worker workflow=ingest-hourly-q7w2d namespace=etl exitCode=137 containerName=vector
            time=2026-12-01T03:06:31.920Z level=INFO msg="node phase changed" component=workflow_worker workflow=ingest-hourly-q7w2d namespace=etl node=ingest-hourly-q7w2d-2149730093 fromPhase=Running toPhase=Succeeded
            time=2026-12-01T03:06:31.922Z level=INFO msg="node finished" component=workflow_worker workflow=ingest-hourly-q7w2d namespace=etl node=ingest-hourly-q7w2d-2149730093 finishedAt=2026-12-01T03:06:31.922Z
            time=2026-12-01T03:06:31.930Z level=INFO msg="updated phase" component=workflow_worker workflow=ingest-hourly-q7w2d namespace=etl fromPhase=Running toPhase=Succeeded
            time=2026-12-01T03:06:31.931Z level=INFO msg="Marking workflow completed" component=workflow_worker workflow=ingest-hourly-q7w2d namespace=etl
            time=2026-12-01T03:06:31.950Z level=INFO msg="Workflow update successful" component=workflow_worker workflow=ingest-hourly-q7w2d namespace=etl resourceVersion=510490 phase=Succeeded
            time=2026-12-01T03:06:31.952Z level=INFO msg="queueing pod for cleanup" component=pod_controller namespace=etl podName=%1$s action=labelPodCompleted
            time=2026-12-01T03:06:31.954Z level=INFO msg="cleaning up pod" component=pod_controller key=etl/%1$s/labelPodCompleted action=labelPodCompleted namespace=etl podName=%1$s
            time=2026-12-01T03:06:31.970Z level=INFO msg="delete pod event" component=pod_controller pod=%1$s
            """.formatted(FETCH);

    private static String signal(String time, String stdout) {
        return "time=2026-12-01T" + time + "Z level=INFO msg=\"signaled container\" component=pod_controller namespace=etl pod=" + FETCH
                + " container=vector stdout=" + stdout + " stderr=\"\" error=<nil>\n";
    }

    private static final String QUEUED_KILL = "time=2026-12-01T03:06:30.906Z level=INFO msg=\"queueing pod for cleanup after\" component=pod_controller"
            + " namespace=etl podName=" + FETCH + " action=killContainers after=30s\n";

    private static String[] input(String kill, String signals) {
        return BASE.replace("@KILL@\n", kill).replace("@SIGNALS@\n", signals).replace("@END@\n", END)
                .strip().lines().map(String::strip).toArray(String[]::new);
    }

    private static PodHistory pod(Correlation c, String name) {
        return c.pods().values().stream().filter(p -> p.key().name().equals(name)).findFirst().orElseThrow();
    }

    private static Round lastOf(TerminationRounds t, CleanupAction action) {
        List<Round> of = t.rounds().stream().filter(r -> r.action() == action).toList();
        return of.get(of.size() - 1);
    }

    @Test
    void aSigkillRoundBesideAnotherWorkersSigtermRoundStillFindsTheSidecarRunning() {
        // /bin/sh kill: the lines say nothing of the signal. Before, the SIGTERM worker's line took the round over, both signals
        // went to it, and the SIGKILL round read as one that signalled nothing: "no container was running then", a miss.
        String[] lines = input(KILL_THEN_TERM, signal("03:06:30.815", "\"\"") + signal("03:06:30.905", "\"\"") + QUEUED_KILL);
        Correlation c = new Evidence().log("workflow-controller.log", lines).correlate();
        TerminationRounds t = TerminationRounds.of(pod(c, FETCH).events());
        Round kill = lastOf(t, CleanupAction.KILL_CONTAINERS);
        Round term = lastOf(t, CleanupAction.TERMINATE_CONTAINERS);
        assertEquals(1, kill.signaled().size(), t.toString());
        Signaled atKill = kill.signaled().get(0);
        assertEquals("2026-12-01T03:06:30.815Z", atKill.line().time().format());
        assertTrue(atKill.either(), "both rounds ran and neither had signalled vector: either's");
        assertEquals(1, term.signaled().size(), t.toString());
        assertFalse(term.signaled().get(0).either(), "the SIGKILL round had signalled vector already: the SIGTERM round's");

        Evaluation e = rule.evaluate(c);
        List<Finding> found = e.findings();
        assertEquals(1, found.size(), e.toString());
        Finding f = found.get(0);
        assertEquals(FETCH, f.pod().name());
        assertEquals(Confidence.LIKELY, f.confidence());
        assertEquals("vector", f.fact("containers").orElseThrow().value());
        assertEquals("2026-12-01T03:06:00.620Z", f.fact("firstSignalAt").orElseThrow().value());
        assertEquals("Still running at the SIGKILL round", f.facts().stream().filter(x -> x.key().equals("stillRunningAt")).findFirst().orElseThrow().label());
        // the parse step's vector, stopped on SIGTERM, is cleared; its lines among fetch's change nothing of fetch's rounds
        assertEquals(1, e.cleared().size(), e.cleared().toString());
        assertEquals(PARSE, e.cleared().get(0).pod().name());
        assertTrue(e.cleared().get(0).reason().contains("within the grace period"), e.cleared().toString());
    }

    @Test
    void theSignalTheKillCommandPrintsTellsTheTwoRoundsApart() {
        // argoexec kill (the executor mounted in the container) prints "killing 1 with <signal>", logged as stdout: the SIGTERM
        // worker signalled first, the SIGKILL worker a few ms later.
        String[] lines = input(KILL_THEN_TERM, signal("03:06:30.815", "\"killing 1 with terminated\\n\"")
                + signal("03:06:30.905", "\"killing 1 with killed\\n\"") + QUEUED_KILL);
        Correlation c = new Evidence().log("workflow-controller.log", lines).correlate();
        TerminationRounds t = TerminationRounds.of(pod(c, FETCH).events());
        Signaled atKill = lastOf(t, CleanupAction.KILL_CONTAINERS).signaled().get(0);
        assertEquals("2026-12-01T03:06:30.905Z", atKill.line().time().format());
        assertEquals(CleanupAction.KILL_CONTAINERS, atKill.sent());
        assertFalse(atKill.either());
        assertEquals(CleanupAction.TERMINATE_CONTAINERS, lastOf(t, CleanupAction.TERMINATE_CONTAINERS).signaled().get(0).sent());

        Finding f = rule.evaluate(c).findings().stream().filter(x -> x.pod().name().equals(FETCH)).findFirst().orElseThrow();
        assertEquals(Confidence.LIKELY, f.confidence());
        assertEquals("2026-12-01T03:06:30.905Z", f.fact("stillRunningAt").orElseThrow().value());
    }

    @Test
    void aSigkillRoundThatSignalledNothingBesideASigtermRoundsSignalIsStillQuiet() {
        // Control: the SIGTERM worker took its item first and read the Pod with vector still Running; vector stopped on its own at
        // 03:06:30.709 (the informer saw it at .711); the kill worker's read found nothing Running. The one signal says SIGTERM.
        String termThenKill = """
                time=2026-12-01T03:06:30.705Z level=INFO msg="cleaning up pod" component=pod_controller key=etl/%1$s/terminateContainers action=terminateContainers namespace=etl podName=%1$s
                time=2026-12-01T03:06:30.711Z level=INFO msg="update pod event" component=pod_controller pod=%1$s
                time=2026-12-01T03:06:30.712Z level=INFO msg="cleaning up pod" component=pod_controller key=etl/%1$s/killContainers action=killContainers namespace=etl podName=%1$s
                """.formatted(FETCH);
        String[] lines = input(termThenKill, signal("03:06:30.815", "\"killing 1 with terminated\\n\"") + QUEUED_KILL);
        Correlation c = new Evidence().log("workflow-controller.log", lines).correlate();
        TerminationRounds t = TerminationRounds.of(pod(c, FETCH).events());
        assertTrue(lastOf(t, CleanupAction.KILL_CONTAINERS).signaled().isEmpty(), t.toString());

        Evaluation e = rule.evaluate(c);
        assertTrue(e.findings().isEmpty(), e.toString());
        String why = e.cleared().stream().filter(x -> x.pod().name().equals(FETCH)).findFirst().orElseThrow().reason();
        assertTrue(why.contains("2026-12-01T03:06:30.712Z"), why);
    }

    @Test
    void withoutTheSignalsNamedTheSameSingleLineIsEithersAndKeptWithTheSigkillRound() {
        // The same single signal without stdout (a /bin/sh kill): it may be the kill round's, so that round did not signal nothing.
        String termThenKill = """
                time=2026-12-01T03:06:30.705Z level=INFO msg="cleaning up pod" component=pod_controller key=etl/%1$s/terminateContainers action=terminateContainers namespace=etl podName=%1$s
                time=2026-12-01T03:06:30.712Z level=INFO msg="cleaning up pod" component=pod_controller key=etl/%1$s/killContainers action=killContainers namespace=etl podName=%1$s
                """.formatted(FETCH);
        Correlation c = new Evidence().log("workflow-controller.log", input(termThenKill, signal("03:06:30.815", "\"\"") + QUEUED_KILL)).correlate();
        Signaled s = lastOf(TerminationRounds.of(pod(c, FETCH).events()), CleanupAction.KILL_CONTAINERS).signaled().get(0);
        assertTrue(s.either());
        assertNull(s.sent());
        Finding f = rule.evaluate(c).findings().stream().filter(x -> x.pod().name().equals(FETCH)).findFirst().orElseThrow();
        assertEquals(Confidence.LIKELY, f.confidence());
        assertTrue(f.evidence().toString().contains("or a SIGTERM round's running beside it"), f.evidence().toString());
    }
}
