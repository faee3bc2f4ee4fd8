package dev.argoforensics.source;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class RotatedSetTest {

    private static InputFile log(String name) {
        return new InputFile(name, Path.of(name), InputKind.LOG, name.endsWith(".gz"), "test");
    }

    private static List<String> names(RotatedSet s) {
        return s.oldestFirst().stream().map(InputFile::displayPath).toList();
    }

    @Test
    void logrotateNumbersCountBackwards() {
        List<RotatedSet> sets = RotatedSet.group(List.of(log("a/controller.log"), log("a/controller.log.1"), log("a/controller.log.10.gz"),
                log("a/controller.log.2.gz"), log("b/other.log")));
        assertEquals(2, sets.size());
        assertEquals("a/controller.log", sets.get(0).name());
        assertEquals(List.of("a/controller.log.10.gz", "a/controller.log.2.gz", "a/controller.log.1", "a/controller.log"), names(sets.get(0)));
        assertEquals(List.of("b/other.log"), names(sets.get(1)));
    }

    @Test
    void kubeletDatedPiecesComeBeforeTheLiveFile() {
        List<RotatedSet> sets = RotatedSet.group(List.of(log("pods/x/c/0.log"), log("pods/x/c/0.log.20260919-163000.gz"),
                log("pods/x/c/0.log.20260919-120000.gz")));
        assertEquals(List.of("pods/x/c/0.log.20260919-120000.gz", "pods/x/c/0.log.20260919-163000.gz", "pods/x/c/0.log"), names(sets.get(0)));
    }

    @Test
    void namesThatOnlyLookNumberedStayApart() {
        List<RotatedSet> sets = RotatedSet.group(List.of(log("run.1"), log("run.2")));
        assertEquals(2, sets.size());
    }

    /** logrotate's dateext pieces ({@code -%Y%m%d}, hourly {@code -%Y%m%d%H}) go with their live file; a dated name without an extension stays apart. */
    @Test
    void logrotateDateextPiecesComeBeforeTheLiveFile() {
        List<RotatedSet> sets = RotatedSet.group(List.of(log("a/controller.log"), log("a/controller.log-20260612.gz"), log("a/controller.log-20260611.gz"),
                log("b/run-20260612")));
        assertEquals(2, sets.size());
        assertEquals(List.of("a/controller.log-20260611.gz", "a/controller.log-20260612.gz", "a/controller.log"), names(sets.get(0)));
        assertEquals("a/controller.log", RotatedSet.group(List.of(log("a/controller.log-2026061203"))).get(0).absentSuccessor());
        assertEquals(null, RotatedSet.group(List.of(log("b/run-20260612"))).get(0).absentSuccessor());
    }

    /** The piece that followed the newest one given, where the writer's later lines are: none when the live file was given. */
    @Test
    void theAbsentSuccessorIsThePieceAfterTheNewestGiven() {
        assertEquals("a/controller.log.1", RotatedSet.group(List.of(log("a/controller.log.2.gz"))).get(0).absentSuccessor());
        assertEquals("a/controller.log", RotatedSet.group(List.of(log("a/controller.log.3"), log("a/controller.log.1"))).get(0).absentSuccessor());
        assertEquals("pods/x/c/0.log", RotatedSet.group(List.of(log("pods/x/c/0.log.20260919-163000.gz"))).get(0).absentSuccessor());
        assertEquals("d/abc-json.log", RotatedSet.group(List.of(log("d/abc-json.log.4"), log("d/abc-json.log.1"))).get(0).absentSuccessor());
        assertEquals(null, RotatedSet.group(List.of(log("a/controller.log.2.gz"), log("a/controller.log"))).get(0).absentSuccessor());
        assertEquals(null, RotatedSet.group(List.of(log("a/controller.log"))).get(0).absentSuccessor());
        assertEquals("a/controller.log.2.gz", RotatedSet.group(List.of(log("a/controller.log.2.gz"), log("a/controller.log.3"))).get(0).newest().displayPath());
    }

    /** logrotate numbers its pieces one by one: a number skipped between two pieces given is a piece missing there. */
    @Test
    void aPieceMissingBetweenTwoGivenIsNamed() {
        RotatedSet gapped = RotatedSet.group(List.of(log("a/controller.log.2"), log("a/controller.log"))).get(0);
        assertEquals(java.util.Map.of(log("a/controller.log.2"), "a/controller.log.1"), gapped.missingBetween());
        RotatedSet older = RotatedSet.group(List.of(log("a/controller.log.3.gz"), log("a/controller.log.1"), log("a/controller.log"))).get(0);
        assertEquals(java.util.Map.of(log("a/controller.log.3.gz"), "a/controller.log.2"), older.missingBetween());
        // negative controls: a whole set (compressed or not), the same piece given twice, dated pieces (no successor known by name)
        assertEquals(java.util.Map.of(), RotatedSet.group(List.of(log("a/controller.log.2.gz"), log("a/controller.log.1"), log("a/controller.log")))
                .get(0).missingBetween());
        assertEquals(java.util.Map.of(), RotatedSet.group(List.of(log("a/controller.log.1.gz"), log("a/controller.log"))).get(0).missingBetween());
        assertEquals(java.util.Map.of(), RotatedSet.group(List.of(log("a/controller.log.1"), log("a/controller.log.1.gz"), log("a/controller.log")))
                .get(0).missingBetween());
        assertEquals(java.util.Map.of(), RotatedSet.group(List.of(log("pods/x/c/0.log.20260919-120000.gz"), log("pods/x/c/0.log.20260919-163000.gz"),
                log("pods/x/c/0.log"))).get(0).missingBetween());
        assertEquals(null, RotatedSet.skipped(log("a/controller.log.2"), log("b/controller.log")));
    }
}
