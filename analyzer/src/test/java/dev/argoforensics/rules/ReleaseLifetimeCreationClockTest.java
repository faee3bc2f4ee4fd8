package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.processingOther;
import static dev.argoforensics.testing.V4.workers;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.testing.AnalyzedFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 62 (s62-lifetime): whether a release another run logged describes an earlier Pod of the name ({@code
 * ReleaseLifetime.describesAnEarlierPod}, read where the lines show another {@code Created pod} of the name) is read against the same
 * creation instant as {@code datedBeforeCreation}: the {@code Created pod} line put on the objects' clock by its run's pairs of other
 * Pods (ReleaseLifetimeS61BreakerTest's runs and exports), not the line as stamped. Session 61 shifted the line for the lone-release
 * reading only; with an earlier Pod's creation in the lines, a creating run 100 s ahead cleared this Pod's own race as an earlier
 * Pod's, and one 90 s behind read an earlier Pod's release as this Pod's race.
 */
class ReleaseLifetimeCreationClockTest {
    @TempDir
    Path dir;

    /** Replica c: created an earlier p at 16:20:00 (its release and deletion not in its lines), then stopped. */
    private static List<String> earlierCreation() {
        return List.of("time=2026-09-19T16:19:50.000Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3",
                workers("2026-09-19T16:19:50.100Z", 2), ReleaseLifetimeS61BreakerTest.created("2026-09-19T16:20:00.431Z", "p"),
                processingOther("2026-09-19T16:21:00.000Z"));
    }

    private AnalysisResult ahead(long offset) throws IOException {
        Map<String, List<String>> logs = new LinkedHashMap<>();
        logs.put("workflow-controller-c.log", earlierCreation());
        logs.put("workflow-controller-b.log", ReleaseLifetimeS61BreakerTest.creatingRun(offset));
        logs.put("workflow-controller-a.log", ReleaseLifetimeS61BreakerTest.releasingRun());
        return AnalyzedFiles.run(dir, logs, ReleaseLifetimeS61BreakerTest.othersExports());
    }

    /**
     * The creating run 100 s ahead by its two other Pods' pairs; an earlier p's creation in c's lines. The release (its transition dated
     * 16:27:15, 5 s after the Pod's true creation) is this Pod's race, read as with the run's clock right (the control); by the stamp
     * (16:28:50) it dated the transition 95 s before the creation and was cleared as an earlier Pod's.
     */
    @Test
    void aRunAheadByItsPairsDoesNotMakeThisPodsReleaseAnEarlierPods() throws IOException {
        AnalysisResult right = ahead(0);
        AnalysisResult read = ahead(100);
        List<Finding> control = ReleaseLifetimeS61BreakerTest.af001(right, "-10m46.249s");
        List<Finding> found = ReleaseLifetimeS61BreakerTest.af001(read, "-10m46.249s");
        assertEquals(1, control.size(), ReleaseLifetimeS61BreakerTest.seen(right));
        assertEquals(1, found.size(), ReleaseLifetimeS61BreakerTest.seen(read));
        assertEquals(control.get(0).confidence(), found.get(0).confidence(), found.get(0).confidenceReason());
    }

    private AnalysisResult behind(long offset) throws IOException {
        List<String> a = new ArrayList<>(List.of("time=2026-09-19T16:27:20.000Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3",
                ReleaseLifetimeS61BreakerTest.created("2026-09-19T16:27:30.431Z", "p")));
        a.addAll(ReleaseLifetimeS61BreakerTest.earlierRelease());
        Map<String, List<String>> logs = new LinkedHashMap<>();
        logs.put("workflow-controller-a.log", a);
        logs.put("workflow-controller-b.log", ReleaseLifetimeS61BreakerTest.recreatingRun(offset));
        return AnalyzedFiles.run(dir, logs, ReleaseLifetimeS61BreakerTest.recreatedOthers());
    }

    /**
     * The recreating run 90 s behind by its pairs; the first p's creation (16:27:30) and release (16:29:33, the transition it read
     * dated 16:27:31) in a's lines, the second p created at 16:29:51 (true). The release is the first Pod's, cleared so as with the
     * run's clock right (the control, where the name is split: its cleanup shown before the creation): no finding on it; by the stamp (16:28:21) it dated nothing before the creation and was the second Pod's
     * race against its result persisted at 16:40.
     */
    @Test
    void aRunBehindByItsPairsDoesNotMakeAnEarlierPodsReleaseThisPods() throws IOException {
        for (long offset : new long[] {0, -90}) {
            AnalysisResult r = behind(offset);
            List<Finding> found = ReleaseLifetimeS61BreakerTest.af001(r, "-2.249s");
            assertTrue(found.isEmpty(), () -> offset + ": " + ReleaseLifetimeS61BreakerTest.seen(r));
            assertTrue(r.outcomes().stream().filter(o -> o.rule().equals("AF001")).flatMap(o -> o.cleared().stream())
                    .anyMatch(c -> c.why().toString().contains("AF001.cleared.earlier")), () -> offset + ": " + ReleaseLifetimeS61BreakerTest.seen(r));
        }
    }
}
