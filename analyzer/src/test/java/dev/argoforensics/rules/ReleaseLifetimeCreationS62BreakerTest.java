package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.processingOther;
import static dev.argoforensics.testing.V4.workers;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.testing.AnalyzedFiles;
import dev.argoforensics.testing.Exports;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 62 breaker (s62-b-lifetime) of s62-lifetime's {@code ReleaseLifetime.Creation}: the lifetime's creation is the single
 * export's {@code creationTimestamp} where the exports not made clearly before its {@code Created pod} line give one. An export of a
 * LATER Pod of the name (the Workflow resubmitted under its name after it errored: #8022's reused name, its creating run's lines not
 * given) is such an export: its creation, 5 minutes after this Pod's own release, must not date this Pod's release as an earlier
 * Pod's (the #17024 race lost to a wrong "an earlier Pod's release").
 */
class ReleaseLifetimeCreationS62BreakerTest {
    @TempDir
    Path dir;

    /** Replica c: created an earlier p at 16:20:00 (its release and deletion not in its lines), then stopped. */
    private static List<String> earlierCreation() {
        return List.of("time=2026-09-19T16:19:50.000Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3",
                workers("2026-09-19T16:19:50.100Z", 2), ReleaseLifetimeS61BreakerTest.created("2026-09-19T16:20:00.431Z", "p"),
                processingOther("2026-09-19T16:21:00.000Z"));
    }

    /** The p of the Workflow submitted again under its name after it errored at 16:40:02: created 16:45:00, running when exported. */
    private static String laterNamesake() {
        return Exports.Pod.of().startedAt("2026-09-19T16:45:04Z").running("main").running("wait").lastTransition("2026-09-19T16:45:04Z")
                .yaml().replace("uid: u-1", "uid: u-2").replace("2026-09-19T16:27:10Z", "2026-09-19T16:45:00Z");
    }

    private AnalysisResult analyze(boolean withLater) throws IOException {
        return analyze(withLater, 0);
    }

    private AnalysisResult analyze(boolean withLater, long offset) throws IOException {
        Map<String, List<String>> logs = new LinkedHashMap<>();
        logs.put("workflow-controller-c.log", earlierCreation());
        logs.put("workflow-controller-b.log", ReleaseLifetimeS61BreakerTest.creatingRun(offset));
        logs.put("workflow-controller-a.log", ReleaseLifetimeS61BreakerTest.releasingRun());
        Map<String, String> exports = new LinkedHashMap<>(ReleaseLifetimeS61BreakerTest.othersExports());
        if (withLater) {
            exports.put("p-later.yaml", laterNamesake());
        }
        return AnalyzedFiles.run(dir, logs, exports);
    }

    /**
     * Attack 1: the release at 16:40:01 (its transition dated 16:27:15) is the Pod created at 16:27:10's, the only p alive then; the
     * later p's export (created 16:45:00) must not stand for this Pod's creation and clear that race as an earlier Pod's.
     */
    @Test
    void aLaterNamesakesExportDoesNotMakeThisPodsReleaseAnEarlierPods() throws IOException {
        AnalysisResult control = analyze(false);
        AnalysisResult read = analyze(true);
        List<Finding> c = ReleaseLifetimeS61BreakerTest.af001(control, "-10m46.249s");
        List<Finding> f = ReleaseLifetimeS61BreakerTest.af001(read, "-10m46.249s");
        assertEquals(1, c.size(), ReleaseLifetimeS61BreakerTest.seen(control));
        assertEquals(1, f.size(), ReleaseLifetimeS61BreakerTest.seen(read));
        assertEquals(c.get(0).confidence(), f.get(0).confidence(), f.get(0).confidenceReason());
    }

    /**
     * Attack 1, with the creating run 100 s ahead by its pairs of other Pods: the later namesake's export set aside, the creation is the
     * line on the objects' clock by those pairs (s61's reading), and the race is read as with the run's clock right.
     */
    @Test
    void aLaterNamesakesExportBesideARunAheadByItsPairs() throws IOException {
        AnalysisResult control = analyze(false, 0);
        AnalysisResult read = analyze(true, 100);
        List<Finding> c = ReleaseLifetimeS61BreakerTest.af001(control, "-10m46.249s");
        List<Finding> f = ReleaseLifetimeS61BreakerTest.af001(read, "-10m46.249s");
        assertEquals(1, c.size(), ReleaseLifetimeS61BreakerTest.seen(control));
        assertEquals(1, f.size(), ReleaseLifetimeS61BreakerTest.seen(read));
        assertEquals(c.get(0).confidence(), f.get(0).confidence(), f.get(0).confidenceReason());
    }
}
