package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.LineProjection;
import dev.argoforensics.correlate.RunCopies;
import dev.argoforensics.event.ControllerProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 61 breaker (s61-b-once): which runs are one run given twice ({@link RunCopies}) as the fleet derives it, from each
 * file's projection (its runs' record keys grouped by the run its first record is placed in), equals what the whole input's lines
 * give, where a file holds two runs of one replica ({@code kubectl logs --previous} and {@code kubectl logs} in one file: a restart
 * within it) and an excerpt of the later run is given beside it; and an order of the files other than the input's gives the same
 * pairs of runs.
 */
class RunCopiesProjectionS61BreakerTest {
    @TempDir
    Path dir;

    private static final Path LOG = Path.of("samples/labelled-then-released/logs/workflow-controller.json.log");

    /**
     * The sample's run cut at 14:06 and restarted at 14:07 (its own start-up lines again, at the new time), the rest of its lines
     * after: one file, two runs of the one replica (leader election off).
     */
    static List<String> previousThenCurrent(List<String> log) {
        List<String> out = new ArrayList<>();
        List<String> banner = new ArrayList<>();
        for (String l : log) {
            String t = l.replaceAll(".*\"time\":\"([^\"]+)\".*", "$1");
            if (t.compareTo("2026-10-08T13:56") < 0) {
                banner.add(l);
            }
            if (t.compareTo("2026-10-08T14:06") < 0) {
                out.add(l);
            }
        }
        for (String l : banner) {
            out.add(l.replace("2026-10-08T13:55:00.", "2026-10-08T14:07:00."));
        }
        for (String l : log) {
            String t = l.replaceAll(".*\"time\":\"([^\"]+)\".*", "$1");
            if (t.compareTo("2026-10-08T14:07:01") > 0) {
                out.add(l);
            }
        }
        return out;
    }

    private List<String> write(String name, List<String> lines) throws IOException {
        Path p = dir.resolve(name);
        Files.write(p, lines);
        return List.of(p.toString());
    }

    private static RunCopies whole(ProjectedReadings pr) {
        return LineProjection.of(pr.whole().events(), pr.recreated(), new int[0], true).copies();
    }

    private static RunCopies fromFiles(ProjectedReadings pr) {
        return LineProjection.union(pr.lines()).copies();
    }

    @Test
    void anExcerptOfTheLaterRunOfAFileWithARestartIsThatRunsCopyInTheFleetToo() throws IOException {
        List<String> log = previousThenCurrent(Files.readAllLines(LOG));
        List<String> grep = log.stream().filter(l -> l.contains("\"Processing workflow\"") && l.contains("\"time\":\"2026-10-08T14:")
                && l.replaceAll(".*\"time\":\"([^\"]+)\".*", "$1").compareTo("2026-10-08T14:07") > 0).toList();
        assertTrue(grep.size() >= 3, grep::toString);
        List<String> paths = new ArrayList<>(write("workflow-controller.log", log));
        paths.addAll(write("passes-after-restart.txt", grep));
        ProjectedReadings pr = ProjectedReadings.of(paths, f -> Optional.empty(), AnalysisOptions.defaults().withThreads(1));
        List<ControllerProcess> runs = pr.whole().processes();
        assertEquals(3, runs.size(), runs::toString);
        RunCopies w = whole(pr);
        int excerpt = idOf(runs, "passes-after-restart.txt", 1);
        int later = idOf(runs, "workflow-controller.log", 2);
        assertEquals(List.of(pairOf(excerpt, later)), w.pairs(), () -> w + " " + runs);
        assertEquals(w, fromFiles(pr), "the fleet's copies, each file projected alone, against the whole input's");
        // the other order of the files: the excerpt first
        List<String> reversed = List.of(paths.get(1), paths.get(0));
        ProjectedReadings rr = ProjectedReadings.of(reversed, f -> Optional.empty(), AnalysisOptions.defaults().withThreads(1));
        assertEquals(whole(rr), fromFiles(rr));
        List<ControllerProcess> rruns = rr.whole().processes();
        assertEquals(List.of(pairOf(idOf(rruns, "passes-after-restart.txt", 1), idOf(rruns, "workflow-controller.log", 2))), whole(rr).pairs(),
                rruns::toString);
    }

    private static int idOf(List<ControllerProcess> runs, String replica, int incarnation) {
        return runs.stream().filter(p -> p.replica().equals(replica) && p.incarnation() == incarnation).findFirst().orElseThrow().id();
    }

    private static long pairOf(int a, int b) {
        return ((long) Math.min(a, b) << 32) | Math.max(a, b);
    }
}
