package dev.argoforensics.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.argoforensics.catalog.ReleaseEvidence;
import dev.argoforensics.catalog.ReleaseRange;
import dev.argoforensics.event.ControllerProcess.ReplicaSource;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A run read apart keeps each distinct release evidence once, to replay into the run it joins: the kept lines
 * bring a new evidence object each, so distinct must mean distinct by value, or a piece holds one object per
 * line until it is stitched (1.8 million of them on the incident corpus).
 */
class ControllerRunEvidenceTest {
    private static final InputFile FILE = new InputFile("workflow-controller.log", Path.of("workflow-controller.log"), InputKind.LOG,
            false, "test");

    private static ReleaseEvidence evidence(String id, String range) {
        return ReleaseEvidence.NONE.and(ReleaseRange.parse(range), id);
    }

    private static Timestamp at(int second) {
        return Timestamp.of(1_789_000_000L + second, 0, TimePrecision.MILLISECOND, ZoneBasis.STATED);
    }

    @Test
    void equalEvidenceOfManyLinesIsKeptOnceAndReplaysAsEveryLineFolded() {
        ControllerRun piece = new ControllerRun(0, "workflow-controller.log", ReplicaSource.FILE, 1);
        ControllerRun lineByLine = new ControllerRun(0, "workflow-controller.log", ReplicaSource.FILE, 1);
        List<String> ranges = List.of("v3.6.5-v3.7.18", "v3.7+", "v3.6.5-v3.7.18", "v3.4+", "v4.0+", "v3.7+");
        for (int i = 0; i < 3_000; i++) {
            String range = ranges.get(i % ranges.size());
            // A new object for every line, as the reading makes them.
            piece.count(at(i), FILE, i + 1, evidence("entry-" + range, range), false, false);
            lineByLine.count(at(i), FILE, i + 1, evidence("entry-" + range, range), false, false);
        }
        assertEquals(4, piece.evidence.size(), "one per distinct value, in order of first appearance");
        assertEquals(List.of(evidence("entry-v3.6.5-v3.7.18", "v3.6.5-v3.7.18"), evidence("entry-v3.7+", "v3.7+"),
                evidence("entry-v3.4+", "v3.4+"), evidence("entry-v4.0+", "v4.0+")), piece.evidence);

        ControllerRun joined = new ControllerRun(0, "workflow-controller.log", ReplicaSource.FILE, 1);
        joined.absorb(piece);
        assertEquals(lineByLine.releases, joined.releases, "replaying the distinct ones is folding every line's");
        assertEquals(lineByLine.releases.describe(), joined.releases.describe());
        assertEquals(true, joined.releases.conflicting(), "v4.0+ conflicts with v3.6.5-v3.7.18: the conflict survives the replay");
    }
}
