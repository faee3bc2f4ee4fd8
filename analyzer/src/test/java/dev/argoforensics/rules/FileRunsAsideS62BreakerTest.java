package dev.argoforensics.rules;

import static dev.argoforensics.rules.FileRunsStartLinesS61BreakerTest.LEADER;
import static dev.argoforensics.rules.FileRunsStartLinesS61BreakerTest.STANDBY;
import static dev.argoforensics.rules.FileRunsStartLinesS61BreakerTest.af012;
import static dev.argoforensics.rules.FileRunsStartLinesS61BreakerTest.attempt;
import static dev.argoforensics.rules.FileRunsStartLinesS61BreakerTest.byTime;
import static dev.argoforensics.rules.FileRunsStartLinesS61BreakerTest.cat;
import static dev.argoforensics.rules.FileRunsStartLinesS61BreakerTest.failedStart;
import static dev.argoforensics.rules.FileRunsStartLinesS61BreakerTest.holding;
import static dev.argoforensics.rules.FileRunsStartLinesS61BreakerTest.leader;
import static dev.argoforensics.rules.FileRunsStartLinesS61BreakerTest.load;
import static dev.argoforensics.rules.FileRunsStartLinesS61BreakerTest.show;
import static dev.argoforensics.rules.FileRunsStartLinesS61BreakerTest.takes;
import static dev.argoforensics.rules.FileRunsStartLinesS61BreakerTest.text;
import static dev.argoforensics.rules.FileRunsStartLinesS61BreakerTest.work;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.event.ControllerProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 62 breaker of FileRuns' asides (a start that ended before its load, beside the replica's current piece), the lines that
 * pass to the current piece while a pprof-begun start is held, and a start cut by a rotation continued in the next file. v3.5 logrus
 * text at {@code --loglevel debug}, the shapes of {@link FileRunsStartLinesS61BreakerTest}.
 */
class FileRunsAsideS62BreakerTest {
    @TempDir
    Path dir;

    private AnalysisResult read(Map<String, List<String>> files) throws IOException {
        Path d = Files.createTempDirectory(dir, "case");
        for (Map.Entry<String, List<String>> f : files.entrySet()) {
            Files.write(d.resolve(f.getKey()), f.getValue());
        }
        return Analysis.standard(AnalysisOptions.defaults()).run(List.of(d.toString()));
    }

    /** A start of b that cannot read its ConfigMap, its lines at the given milliseconds of 08:05:00 (pprof, GET 403, fatal). */
    static List<String> deadAt(int pprof, int get, int fatal) {
        List<String> f = failedStart("08:05:00");
        return List.of(f.get(0).replace("08:05:00.300", String.format("08:05:00.%03d", pprof)),
                f.get(1).replace("08:05:00.309", String.format("08:05:00.%03d", get)),
                f.get(2).replace("08:05:00.310", String.format("08:05:00.%03d", fatal)));
    }

    /** The leader's own restart at 08:05:00 (pprof .300, load to .314), attempt, b named? no: the Lease lapsed, a takes it again. */
    static List<String> restart() {
        return cat(load("08:05:00"), attempt("08:05:00", LEADER), takes("08:05:16", LEADER), work("08:06:00", "400"), work("08:07:00", "420"));
    }

    /**
     * Attack 1: kubectl logs -l app=workflow-controller without --prefix, merged by time: b's crash loop (pprof, GET 403, fatal)
     * falls right before, inside, or right after the leader a's own restart's start lines. The restarted leader's run holds its own
     * work and none of the old process's; the old run ends with its last work; no two controllers at once.
     */
    @Test
    void aDeadStartAtTheLeadersOwnRestartInAMergedStream() throws IOException {
        int[][] shapes = {{290, 295, 297}, {290, 305, 311}, {302, 305, 306}, {310, 311, 313}, {316, 318, 320}, {301, 313, 335}};
        for (int[] s : shapes) {
            String name = s[0] + "/" + s[1] + "/" + s[2];
            AnalysisResult r = read(Map.of("controllers.log", byTime(cat(leader(true), deadAt(s[0], s[1], s[2]), restart()))));
            assertEquals(0, af012(r), name + show(r));
            ControllerProcess now = holding(r, "2026-11-20T08:07:00.417Z");
            assertEquals(2, now.work().processed(), name + show(r));
            ControllerProcess old = holding(r, "2026-11-20T08:03:00.417Z");
            assertEquals(3, old.work().processed(), name + show(r));
            assertEquals("2026-11-20T07:58:10.300Z", old.first().format(), name + show(r));
            assertTrue(now.first().format().compareTo("2026-11-20T08:05:00.300Z") >= 0, name + show(r));
            assertTrue(now.first().format().compareTo("2026-11-20T08:05:00.330Z") <= 0, name + show(r));
        }
    }

    /**
     * Attack 2: a rotation by size inside one container's log: .log.1 ends with a whole load of a restart (pprof, GET, dump,
     * persistence, scope line; the process was concatenated after its previous container's log, kubectl logs -p then current), and
     * .log starts with another load of the ConfigMap (v3.5's updateConfig after the ConfigMap changed: GET, dump, persistence, scope)
     * before the attempt. One process from 08:10:00.300, leading, and the old one ending with its last work.
     */
    @Test
    void aSeamBetweenTwoWholeLoads() throws IOException {
        List<String> old = leader(false);
        List<String> first = load("08:10:00");
        List<String> again = load("08:10:02").subList(1, 5);
        Map<String, List<String>> files = new TreeMap<>();
        files.put("workflow-controller.log.1", cat(old, first));
        files.put("workflow-controller.log", cat(again, attempt("08:10:02", STANDBY), takes("08:10:30", LEADER), work("08:11:00", "300")));
        AnalysisResult r = read(files);
        assertEquals(0, af012(r), show(r));
        ControllerProcess now = holding(r, "2026-11-20T08:11:00.417Z");
        assertEquals(1, now.work().processed(), show(r));
        assertEquals("2026-11-20T08:03:00.417Z", holding(r, "2026-11-20T08:03:00.417Z").last().format(), show(r));
        // v3.5 starts its ConfigMap watch in Run (after it leads), so a second load before the attempt is another start, not the same
        // process's: the .log.1 start (pprof to scope) is read as a run of its own that leads nothing, and the run that leads begins
        // at the second load. Held: no process leads twice, none beside the leader.
        r.correlation().processes().stream().filter(p -> p != now && p.first().format().startsWith("2026-11-20T08:10"))
                .forEach(p -> assertEquals(0, p.work().processed(), show(r)));
        assertTrue(now.first().format().compareTo("2026-11-20T08:10:00.300Z") >= 0, show(r));
    }

    /**
     * Attack 3: pasted prompts. {@code kubectl logs -p} of a crash-looping replica (its previous container: pprof's line, then killed
     * by its liveness probe while its GET of the ConfigMap waited: no other line), then {@code kubectl logs} of the same Pod (the current
     * container: a whole start that takes the Lease and works). Then the prompts in the other order. The dead start leads nothing, the
     * current process leads from its own pprof line, no two at once.
     */
    @Test
    void promptsWhileAPprofBegunStartIsHeld() throws IOException {
        String pod = LEADER;
        List<String> previous = List.of(text("08:20:00.300", "info", "not enabling pprof debug endpoints", ""));
        List<String> current = cat(load("08:21:00"), attempt("08:21:00", "workflow-controller-7c9d8f6b4-old01"), takes("08:21:16", LEADER),
                work("08:22:00", "500"));
        List<List<String>> orders = List.of(
                cat(List.of("$ kubectl -n argo logs -p " + pod), previous, List.of("$ kubectl -n argo logs " + pod), current),
                cat(List.of("$ kubectl -n argo logs " + pod), current, List.of("$ kubectl -n argo logs -p " + pod), previous),
                cat(List.of("$ kubectl -n argo logs -p " + pod), failedStart("08:20:00"), List.of("$ kubectl -n argo logs " + pod), current),
                cat(List.of("$ kubectl -n argo logs " + pod), current, List.of("$ kubectl -n argo logs -p " + pod), failedStart("08:20:00")));
        int i = 0;
        for (List<String> lines : orders) {
            i++;
            AnalysisResult r = read(Map.of("paste.txt", lines));
            assertEquals(0, af012(r), "order " + i + show(r));
            ControllerProcess now = holding(r, "2026-11-20T08:22:00.417Z");
            assertEquals("2026-11-20T08:21:00.300Z", now.first().format(), "order " + i + show(r));
            assertEquals(1, now.work().processed(), "order " + i + show(r));
            assertEquals(2, r.correlation().processes().size(), "order " + i + show(r));
        }
    }

    /**
     * Attack 4: three replicas merged by time with no name on the lines: the leader a working, b's crash loop (pprof, GET 403, fatal)
     * and c's restart as a standby (pprof, load, attempt, a named) interleaved within the same half second. c's attempt comes while b's
     * pprof-begun start is held; the leader's work after it is still the leader's run's, and no two controllers lead at once.
     */
    @Test
    void aDeadStartAndAStandbysStartTogetherInAMergedStream() throws IOException {
        List<String> dead = failedStart("08:01:14").stream().map(l -> l.replace("08:01:14.309", "08:01:14.318")
                .replace("08:01:14.310", "08:01:14.336").replace("08:01:14.300", "08:01:14.296")).toList();
        List<String> standby = cat(load("08:01:14"), attempt("08:01:14", LEADER));
        for (boolean gets : new boolean[] {false, true}) {
            AnalysisResult r = read(Map.of("controllers.log", byTime(cat(leader(gets), dead, standby))));
            assertEquals(0, af012(r), "gets=" + gets + show(r));
            ControllerProcess l = holding(r, "2026-11-20T08:03:00.417Z");
            assertEquals("2026-11-20T07:58:10.300Z", l.first().format(), "gets=" + gets + show(r));
            assertEquals(3, l.work().processed(), "gets=" + gets + show(r));
        }
    }

    /**
     * Attack 5: the merged stream of three replicas: a leads to 08:03 and dies; c (a standby since 07:58) takes the Lease at 08:04 and
     * works; a restarts at 08:05:00 (pprof, load) and names c; b's crash loop logs its pprof line right after a's load (08:05:00.316),
     * then its GET 403 and fatal. a's old process ended at 08:03: it leads nothing beside c.
     */
    @Test
    void aDeadStartAfterTheRestartedLeadersLoadWhileAnotherLeads() throws IOException {
        String c = "workflow-controller-7c9d8f6b4-c7k4d";
        List<String> lines = cat(leader(true), load("07:58:14"), attempt("07:58:14", LEADER), takes("08:04:00", c), work("08:04:30", "200"),
                load("08:05:00"), deadAt(316, 318, 320), attempt("08:05:00", c), work("08:06:00", "230"));
        AnalysisResult r = read(Map.of("controllers.log", byTime(lines)));
        assertEquals(0, af012(r), show(r));
        ControllerProcess old = holding(r, "2026-11-20T08:03:00.417Z");
        assertTrue(old.last().format().compareTo("2026-11-20T08:04:00.512Z") < 0, show(r));
    }

    /**
     * Attack 1's shapes where it broke (no finding moved, the runs' extents did): b's pprof line right after a's restart's pprof and
     * GET (310/311/313) makes a's two lines the dead start's run and b's pprof, GET 403 and fatal the restarted leader's first lines;
     * b's pprof right after a's whole load (316/318/320) gives a's restart's load to a's old run, whose last line moves from 08:03:00.417
     * to 08:05:00.314 (two minutes alive it was not); a GET between (290/305/311, 302/305/306) passes a's own GET to the old run, past
     * the new run's first line. The old run ends with its last work, before the new one's first line.
     */
    @Test
    @Disabled("session 62 breaker: merged-stream start lines of two processes within a few ms are split by order alone (FileRuns.settleStartup); not fixed in the slot")
    void theOldRunEndsBeforeTheRestartedOnesFirstLine() throws IOException {
        int[][] shapes = {{290, 305, 311}, {302, 305, 306}, {310, 311, 313}, {316, 318, 320}};
        for (int[] s : shapes) {
            String name = s[0] + "/" + s[1] + "/" + s[2];
            AnalysisResult r = read(Map.of("controllers.log", byTime(cat(leader(true), deadAt(s[0], s[1], s[2]), restart()))));
            ControllerProcess now = holding(r, "2026-11-20T08:07:00.417Z");
            ControllerProcess old = holding(r, "2026-11-20T08:03:00.417Z");
            assertEquals("2026-11-20T08:03:00.417Z", old.last().format(), name + show(r));
            assertEquals("2026-11-20T08:05:00.300Z", now.first().format(), name + show(r));
        }
    }
}
