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
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 61 breaker of FileRuns' held start lines (pprofutil.Init's line, the load's GET of the ConfigMap) and of the attempt at
 * the Lease held while a piece leads. v3.5 logrus text at {@code --loglevel debug} (the request lines are Debug from v3.4.9): a
 * running controller logs {@code Get configmaps 200} for each artifact repository and workflow-defaults ConfigMap it reads.
 */
class FileRunsStartLinesS61BreakerTest {
    @TempDir
    Path dir;

    static final String LEADER = "workflow-controller-7c9d8f6b4-mx2lp";
    static final String STANDBY = "workflow-controller-7c9d8f6b4-q2w8z";
    static final String WF = "close-books-x2v7q";

    static String text(String time, String level, String msg, String fields) {
        return "time=\"2026-11-20T" + time + "Z\" level=" + level + " msg=\"" + msg + "\"" + (fields.isEmpty() ? "" : " " + fields);
    }

    /** pprof's line, the load's GET, the dump, persistence, the scope line (main.go's order before the election). */
    static List<String> load(String at) {
        return List.of(text(at + ".300", "info", "not enabling pprof debug endpoints", ""),
                text(at + ".309", "debug", "Get configmaps 200", ""),
                text(at + ".311", "info", "Configuration:\\nartifactRepository: {}\\nmetricsConfig: {}\\nnodeEvents: {}\\n", ""),
                text(at + ".312", "info", "Persistence configuration disabled", ""),
                "time=\"2026-11-20T" + at + ".314Z\" level=info msg= executorImage=\"quay.io/argoproj/argoexec:v3.5.8\" executorImagePullPolicy= managedNamespace=");
    }

    static List<String> attempt(String at, String holder) {
        return List.of(text(at + ".330", "info", "attempting to acquire leader lease argo/workflow-controller...", ""),
                text(at + ".341", "info", "new leader", "leader=" + holder));
    }

    static List<String> takes(String at, String self) {
        return List.of(text(at + ".512", "info", "successfully acquired lease argo/workflow-controller", ""),
                text(at + ".513", "info", "new leader", "leader=" + self),
                text(at + ".520", "info", "Starting Workflow Controller", "defaultRequeueTime=10s version=v3.5.8"),
                text(at + ".521", "info", "Current Worker Numbers", "cronWorkflowWorkers=8 podCleanup=4 workflowTtlWorkers=4 workflowWorkers=32"));
    }

    static List<String> work(String at, String rv) {
        return List.of(text(at + ".402", "info", "Processing workflow", "namespace=ledger workflow=" + WF),
                text(at + ".417", "info", "Workflow update successful", "namespace=ledger phase=Running resourceVersion=" + rv + " workflow=" + WF));
    }

    /** An artifact repository's ConfigMap got by the running process (a node's outputs), at Debug. */
    static String artifactGet(String time) {
        return text(time, "debug", "Get configmaps 200", "");
    }

    @SafeVarargs
    static List<String> cat(List<String>... parts) {
        List<String> l = new ArrayList<>();
        for (List<String> p : parts) {
            l.addAll(p);
        }
        return l;
    }

    static List<String> byTime(List<String> all) {
        List<String> l = new ArrayList<>(all);
        l.sort(Comparator.comparing(s -> s.substring(6, 35)));
        return l;
    }

    /** The leader: starts 07:58:10, leads, works at 08:00, 08:01:30, 08:03; gets an artifact repository's ConfigMap around 08:01:14. */
    static List<String> leader(boolean gets) {
        List<String> l = cat(load("07:58:10"), attempt("07:58:10", "workflow-controller-7c9d8f6b4-old01"), takes("07:58:11", LEADER),
                work("08:00:00", "100"), work("08:01:30", "131"), work("08:03:00", "170"));
        if (gets) {
            l.add(artifactGet("08:01:14.295"));
            l.add(artifactGet("08:01:14.325"));
            l.add(artifactGet("08:01:29.990"));
        }
        return l;
    }

    /** A standby starting at 08:01:14 (its Pod rescheduled): its load, its attempt, the leader named. */
    static List<String> standby() {
        return cat(load("08:01:14"), attempt("08:01:14", LEADER));
    }

    private AnalysisResult read(Map<String, List<String>> files) throws IOException {
        Path d = Files.createTempDirectory(dir, "case");
        for (Map.Entry<String, List<String>> f : files.entrySet()) {
            Files.write(d.resolve(f.getKey()), f.getValue());
        }
        return Analysis.standard(AnalysisOptions.defaults()).run(List.of(d.toString()));
    }

    private AnalysisResult read(List<String> lines) throws IOException {
        return read(Map.of("controllers.log", lines));
    }

    static String show(AnalysisResult r) {
        StringBuilder b = new StringBuilder();
        for (ControllerProcess p : r.correlation().processes()) {
            b.append("\n  run ").append(p.id()).append(' ').append(p.replica()).append(" #").append(p.incarnation()).append(' ')
                    .append(p.leadership()).append(' ').append(p.first()).append(" .. ").append(p.last()).append(" events=").append(p.events())
                    .append(" work=").append(p.work().processed());
        }
        r.outcomes().stream().filter(o -> !o.findings().isEmpty()).forEach(o -> o.findings().forEach(f -> b.append("\n  ").append(o.rule())
                .append(' ').append(f.confidence()).append(' ').append(f.summary())));
        return b.toString();
    }

    static long af012(AnalysisResult r) {
        return r.outcomes().stream().filter(o -> o.rule().equals("AF012")).mapToLong(o -> o.findings().size()).sum();
    }

    /** The run holding the leader's last work. */
    static ControllerProcess holding(AnalysisResult r, String last) {
        return r.correlation().processes().stream().filter(p -> p.first().format().compareTo(last) <= 0 && p.last().format().compareTo(last) >= 0
                && p.work().processed() > 0).reduce((x, y) -> y).orElseThrow(() -> new AssertionError(show(r)));
    }

    /**
     * Attack 1: kubectl logs -l app=workflow-controller without --prefix, merged by time: the leader's artifact-repository GET right
     * before the standby's start and right before its election start. The leader's work stays the leader's run's, from its first line.
     */
    @Test
    void anArtifactGetBeforeAStandbysStartInAMergedStream() throws IOException {
        for (boolean gets : new boolean[] {false, true}) {
            AnalysisResult r = read(byTime(cat(leader(gets), standby())));
            ControllerProcess l = holding(r, "2026-11-20T08:03:00.417Z");
            assertEquals("2026-11-20T07:58:10.300Z", l.first().format(), "gets=" + gets + show(r));
            assertEquals(3, l.work().processed(), "gets=" + gets + show(r));
            assertEquals(0, af012(r), show(r));
        }
    }

    /**
     * Attack 2: kubectl logs -p then kubectl logs of replica a (no prompts), b's own file: a led to 08:03 and died; b took the Lease
     * at 08:03:20; a restarted at 08:10 (pprof, load, attempt, b named). a's old run ends with its own work; no two at once.
     */
    @Test
    void previousThenCurrentWithPprofBesideTheNewLeadersFile() throws IOException {
        List<String> a = cat(leader(true), load("08:10:00"), attempt("08:10:00", STANDBY));
        List<String> b = cat(load("07:58:14"), attempt("07:58:14", LEADER), takes("08:03:20", STANDBY), work("08:03:30", "175"), work("08:05:00", "190"));
        Map<String, List<String>> files = new TreeMap<>();
        files.put(LEADER + ".log", byTime(a.subList(0, leader(true).size())));
        files.get(LEADER + ".log").addAll(a.subList(leader(true).size(), a.size()));
        files.put(STANDBY + ".log", b);
        AnalysisResult r = read(files);
        List<ControllerProcess> ofA = r.correlation().processes().stream().filter(p -> p.replica().contains("mx2lp")).toList();
        assertEquals(2, ofA.size(), show(r));
        assertEquals("2026-11-20T08:03:00.417Z", ofA.get(0).last().format(), show(r));
        assertEquals("2026-11-20T08:10:00.300Z", ofA.get(1).first().format(), show(r));
        assertEquals(0, af012(r), show(r));
    }

    /** A start that cannot read its ConfigMap (RBAC: Get configmaps 403, then the fatal line of errors.CheckError). */
    static List<String> failedStart(String at) {
        return List.of(text(at + ".300", "info", "not enabling pprof debug endpoints", ""),
                text(at + ".309", "debug", "Get configmaps 403", ""),
                text(at + ".310", "fatal", "configmaps \\\"workflow-controller-configmap\\\" is forbidden: User \\\"system:serviceaccount:argo:argo\\\" cannot get resource \\\"configmaps\\\" in API group \\\"\\\" in the namespace \\\"argo\\\"", ""));
    }

    /** Attack 3: a crash loop of starts that never load (back-off 10 s, 20 s, 40 s), then the Role fixed and a start that leads. */
    @Test
    void aCrashLoopOfStartsThatNeverLoad() throws IOException {
        List<String> log = cat(failedStart("08:20:00"), failedStart("08:20:11"), failedStart("08:20:32"), failedStart("08:21:13"),
                load("08:30:00"), attempt("08:30:00", "workflow-controller-7c9d8f6b4-old01"), takes("08:30:16", LEADER), work("08:31:00", "300"));
        AnalysisResult r = read(log);
        List<ControllerProcess> runs = r.correlation().processes();
        assertEquals(5, runs.size(), show(r));
        assertEquals("2026-11-20T08:30:00.300Z", runs.get(4).first().format(), show(r));
        for (int i = 0; i < 4; i++) {
            assertEquals(3, runs.get(i).events(), show(r));
            assertEquals(0, runs.get(i).work().processed(), show(r));
        }
    }

    /**
     * Attack 4: the same crash loop of replica b merged by time with the working leader a (no --prefix), the leader getting artifact
     * ConfigMaps. The leader's work is one run from its first line; the failed starts lead nothing; no two at once.
     */
    @Test
    void aCrashLoopInterleavedWithTheLeadersLines() throws IOException {
        List<String> loop = cat(failedStart("08:00:59"), failedStart("08:01:14"), failedStart("08:01:29"), failedStart("08:02:05"));
        AnalysisResult r = read(byTime(cat(leader(true), loop)));
        assertEquals(0, af012(r), show(r));
        ControllerProcess l = holding(r, "2026-11-20T08:03:00.417Z");
        assertEquals("2026-11-20T07:58:10.300Z", l.first().format(), show(r));
        assertEquals(3, l.work().processed(), show(r));
        assertEquals(0, af012(r), show(r));
        // Session 62: each dead start is a run of its own with its lines (pprof's, its GET, the fatal line), none of the leader's (its
        // artifact repositories' GETs after a start's own GET stay the leader's). The last start's fatal line, a record no entry
        // keeps, is counted in one stretch with the leader's work at 08:03 after it (a counted stretch is placed whole): the leader's.
        List<ControllerProcess> runs = r.correlation().processes();
        assertEquals(5, runs.size(), show(r));
        List<ControllerProcess> dead = runs.stream().filter(p -> p != l).sorted(Comparator.comparing(p -> p.first().format())).toList();
        assertEquals(List.of("2026-11-20T08:00:59.300Z", "2026-11-20T08:01:14.300Z", "2026-11-20T08:01:29.300Z", "2026-11-20T08:02:05.300Z"),
                dead.stream().map(p -> p.first().format()).toList(), show(r));
        assertEquals(List.of(3L, 3L, 3L, 2L), dead.stream().map(p -> (long) p.events()).toList(), show(r));
        dead.forEach(p -> assertEquals(0, p.work().processed(), show(r)));
        assertEquals(leader(true).size() + 1, l.events(), show(r));
    }

    /** Attack 5: a rotation cut between the restarted process's pprof line and its load (kubectl logs -p then current, rotated by size). */
    @Test
    void aRotationCutBetweenPprofAndTheLoadAfterARestart() throws IOException {
        List<String> old = leader(false);
        List<String> next = cat(load("08:10:00"), attempt("08:10:00", STANDBY), takes("08:10:30", LEADER), work("08:11:00", "300"));
        Map<String, List<String>> files = new TreeMap<>();
        files.put("workflow-controller.log.1", cat(old, next.subList(0, 1)));
        files.put("workflow-controller.log", next.subList(1, next.size()));
        AnalysisResult r = read(files);
        List<ControllerProcess> runs = r.correlation().processes();
        assertEquals(2, runs.size(), show(r));
        assertEquals("2026-11-20T08:03:00.417Z", runs.get(0).last().format(), show(r));
        assertEquals("2026-11-20T08:10:00.300Z", runs.get(1).first().format(), show(r));
        assertEquals(1, runs.get(1).work().processed(), show(r));
    }
}
