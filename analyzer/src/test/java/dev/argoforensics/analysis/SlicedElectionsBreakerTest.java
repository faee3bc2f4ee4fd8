package dev.argoforensics.analysis;

import static dev.argoforensics.testing.V4.acquired;
import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.nodePhaseChanged;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
import static dev.argoforensics.testing.V4.processing;
import static dev.argoforensics.testing.V4.processingOther;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static dev.argoforensics.testing.V4.taskResultIncomplete;
import static dev.argoforensics.testing.V4.workers;
import static dev.argoforensics.testing.V4.workflowUpdated;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 58 breaker of the slices' reading of the runs at once (s58-projection at b21aa891: {@code Correlator.deriveSlice} gives
 * {@code ConcurrentRuns} the cluster's election lines from {@code PodSlices}, but its test of one run's log given twice still reads
 * only the slice's lines kept whole). Each input read per slice of its Pod names as the fleet's {@code --flow slices} reads it, against
 * the whole table ({@link SlicedFactsTest#assertSliced}: every Pod, its object, every line's Pod, in 1, 2, 3 and 7 slices).
 */
class SlicedElectionsBreakerTest {
    @TempDir
    Path dir;

    static List<String> all(AnalysisResult r) {
        List<String> out = new ArrayList<>();
        for (dev.argoforensics.rules.RuleOutcome o : r.outcomes()) {
            for (dev.argoforensics.rules.Finding f : o.findings()) {
                out.add(o.rule() + " " + f.pod() + " " + f.confidence() + " " + f.reason().code());
            }
            for (var c : o.cleared()) {
                out.add(o.rule() + " " + c.pod() + " cleared " + c.why());
            }
        }
        return out;
    }

    private static final String LEASE = "argo/workflow-controller";
    private static final String A = "workflow-controller-7b9d4c6f5-k8r2w";

    /** Workflow p's Pod p released before its result was persisted (-1m24s) at 16:31:11, its node then found missing. */
    private static List<String> racedP() {
        return List.of(processing("2026-09-19T16:27:10.402Z", "\"\""), createdPod("2026-09-19T16:27:10.431Z"),
                workflowUpdated("2026-09-19T16:27:10.448Z", "Running"), podEvent("2026-09-19T16:27:10.500Z", "add"),
                podEvent("2026-09-19T16:27:45.000Z", "update"), workers("2026-09-19T16:31:11.132Z", 0),
                podEvent("2026-09-19T16:31:11.256Z", "update"), removingFinalizers("2026-09-19T16:31:11.257Z"),
                queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s"), queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"),
                cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"), podEvent("2026-09-19T16:31:11.363Z", "delete"),
                workers("2026-09-19T16:33:00.000Z", 2), processing("2026-09-19T16:33:02.200Z", "Running"), podMissing("2026-09-19T16:33:02.246Z"),
                markingError("2026-09-19T16:33:02.246Z"), workflowUpdated("2026-09-19T16:33:02.300Z", "Error"));
    }

    /** Workflow q's Pod q run well from 16:40: Succeeded, stored, labelled, deleted by pod GC. */
    private static List<String> goodQ() {
        String t = "2026-09-19T16:40";
        List<String> p = List.of(processing(t + ":00.000Z", "\"\""), createdPod(t + ":00.100Z"), workflowUpdated(t + ":00.150Z", "Running"),
                podEvent(t + ":00.200Z", "add"), podEvent(t + ":40.000Z", "update"), processing(t + ":40.100Z", "Running"),
                taskResultIncomplete(t + ":40.110Z"), nodePhaseChanged(t + ":42.000Z", "Running", "Succeeded"),
                workflowUpdated(t + ":42.100Z", "Succeeded"), queueing(t + ":42.200Z", "labelPodCompleted"),
                cleaningUp(t + ":42.210Z", "labelPodCompleted"), queueing(t + ":50.000Z", "deletePod"), cleaningUp(t + ":50.010Z", "deletePod"),
                podEvent(t + ":50.100Z", "delete"));
        return p.stream().map(l -> l.replaceAll("\\b(workflow|podName|pod|nodeName|nodeID|node)=p\\b", "$1=q").replace("key=ns/p/", "key=ns/q/")).toList();
    }

    /** Cluster a's whole controller log under its Lease: p raced at 16:27, q ran well at 16:40, other Workflows' passes to 19:30. */
    private static List<String> log() {
        List<String> out = new ArrayList<>(List.of(acquired("2026-09-19T16:26:59.900Z", LEASE, A)));
        out.add("time=2026-09-19T16:27:00.000Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3");
        out.add(workers("2026-09-19T16:27:00.100Z", 2));
        out.addAll(racedP());
        out.addAll(goodQ());
        for (int m = 45; m < 60; m += 5) {
            out.add(processingOther("2026-09-19T16:" + m + ":00.000Z"));
        }
        out.add(processingOther("2026-09-19T19:30:00.000Z"));
        return out;
    }

    /**
     * Attack 1: a reply in the thread quoting the reporter's own log (its start-up under the Lease, p's first pass and
     * creation, q's update event and the next passes), given beside that log: the quote is one run's lines given twice (its records
     * are the log's, at the same instants), never another controller at once. The whole table reads it so (its one record, p's
     * creation, is the log's); a slice whose lines kept whole hold none of the quote's records (q's: the quote holds no creation or
     * cleanup of q) must read it so too, or the quote's line of q becomes another cluster's Pod q in that slice alone.
     */
    @Test
    void aQuoteOfTheLogBesideItIsOneRunInEverySlice() throws IOException {
        quoteBesideTheLog(true);
    }

    /**
     * Attack 2: the same quote without p's creation: the quote holds no line kept whole, so no record tells it is the log given
     * twice, and its election lines (the log's Lease, its identity, another replica name: a quote) make it a run at once with the
     * log's. Held if the whole table and every slice read it alike and no Pod, line or finding of the log's moves (its lines name
     * no Pod but q's informer event, read by time).
     */
    @Test
    void aQuoteWithoutRecordsOfTheLogBesideItMovesNothing() throws IOException {
        quoteBesideTheLog(false);
    }

    private void quoteBesideTheLog(boolean withCreation) throws IOException {
        List<String> log = log();
        List<String> quoted = new ArrayList<>();
        for (String l : log) {
            boolean startUp = log.indexOf(l) < 5;
            boolean pick = startUp || l.contains("16:27:10.402Z") || (withCreation && l.contains("16:27:10.431Z")) || l.contains("16:33:02.200Z")
                    || l.contains("16:40:40.000Z") || l.contains("16:45:00.000Z");
            if (pick) {
                quoted.add("> " + l);
            }
        }
        List<String> reply = new ArrayList<>(List.of("Same on our side, from the controller's log attached above:", ""));
        reply.addAll(quoted);
        reply.add("");
        reply.add("Is this the finalizer race from #17024?");
        Path in = Files.createDirectories(dir.resolve("thread-" + withCreation));
        Files.write(in.resolve("workflow-controller.log"), log);
        Files.write(in.resolve("reply.txt"), reply);
        SlicedFactsTest.assertSliced(List.of(in.resolve("workflow-controller.log").toString(), in.resolve("reply.txt").toString()), false,
                f -> Optional.empty(), AnalysisOptions.defaults().withThreads(1));
        // and the analysis reads the quote beside the log as the log alone: the same findings, one Pod of each name
        AnalysisResult alone = Analysis.standard(AnalysisOptions.defaults()).run(List.of(in.resolve("workflow-controller.log").toString()));
        AnalysisResult both = Analysis.standard(AnalysisOptions.defaults()).run(List.of(in.toString()));
        assertEquals(2, both.correlation().processes().size(), () -> both.correlation().processes().toString());
        assertEquals(all(alone), all(both));
        assertEquals(alone.correlation().pods().keySet(), both.correlation().pods().keySet());
    }
}
