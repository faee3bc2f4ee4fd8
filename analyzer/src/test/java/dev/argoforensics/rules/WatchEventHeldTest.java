package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.snapshot.ObservationBasis;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.testing.AnalyzedFiles;
import dev.argoforensics.testing.Exports;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 61 (s61-lifetime): a watch's event ({@code kubectl get pod p -w -o json --output-watch-events}) carries its object as it was
 * when the change came, printed then, at no time of its own: a {@code # taken-at} written at the top of the capture is its start or its
 * end, not the event's. AF004 read the Pod deleted and holding the finalizer, an event of 16:31 in a capture stated at 17:01, as held
 * half an hour past its due release (likely); only the object's own times (the latest inside it, a lower bound) place a watch event.
 */
class WatchEventHeldTest {
    @TempDir
    Path dir;

    /** Deleted at 16:31:04 (grace 0), last condition transition 16:27:47: the release was due at 16:31:04 (FinalizerStuckTest's). */
    private static String deletedPodJson() throws IOException {
        String yaml = Exports.Pod.of().phase("Succeeded").deleted("2026-09-19T16:31:04Z", 0)
                .terminated("main", 0, "Completed", "2026-09-19T16:27:44Z").terminated("wait", 0, "Completed", "2026-09-19T16:27:44Z").yaml();
        return new ObjectMapper().writeValueAsString(new YAMLMapper().readTree(yaml));
    }

    private AnalysisResult analyze(String file, String text) throws IOException {
        return AnalyzedFiles.run(dir, Map.of(), Map.of(file, text));
    }

    private static List<Finding> af004(AnalysisResult r) {
        return r.outcomes().stream().filter(o -> o.rule().equals("AF004")).map(RuleOutcome::findings).findFirst().orElse(List.of());
    }

    private static PodSnapshot pod(AnalysisResult r) {
        return r.correlation().pods().values().stream().flatMap(h -> h.snapshots().stream()).findFirst().orElseThrow();
    }

    /** The watch event in a capture stated at 17:01:04: placed by its own times only, and no hold is read past the due release. */
    @Test
    void aWatchEventTakesNoTimeStatedForTheCapture() throws IOException {
        AnalysisResult r = analyze("pod-watch.json", "# taken-at: 2026-09-19T17:01:04Z\n{\"type\":\"MODIFIED\",\"object\":" + deletedPodJson() + "}\n");
        assertEquals(ObservationBasis.LATEST_INSIDE, pod(r).observed().basis(), () -> pod(r).observed().describe());
        assertEquals(List.of(), af004(r), () -> af004(r).toString());
    }

    /** Control: the same object exported alone (kubectl get pod p -o json) at the stated time is held past its release: likely. */
    @Test
    void theSameObjectExportedAloneKeepsItsStatedTime() throws IOException {
        AnalysisResult r = analyze("pod.json", "# taken-at: 2026-09-19T17:01:04Z\n" + deletedPodJson() + "\n");
        assertEquals(ObservationBasis.TAKEN_AT_COMMENT, pod(r).observed().basis(), () -> pod(r).observed().describe());
        List<Finding> fs = af004(r);
        assertEquals(1, fs.size(), fs::toString);
        assertEquals(Confidence.LIKELY, fs.get(0).confidence(), fs.get(0)::confidenceReason);
        assertTrue(fs.get(0).fact("stillHeldAt").isPresent());
    }
}
