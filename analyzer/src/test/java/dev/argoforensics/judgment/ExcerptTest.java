package dev.argoforensics.judgment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pasted-excerpt scenario of the benchmark ({@link Excerpt}): on seed 3's small corpus (a {@code race-logs-end}
 * race and a {@code podgc-delete} look-alike are grepped for), what the excerpt holds, and its truth: the Pods it names
 * and no other, a race still a race, {@code possible} the best honest confidence where lines were cut; and how the
 * scorer counts a capped Pod.
 */
class ExcerptTest {
    @TempDir
    static Path dir;

    static Corpus.Info whole;
    static List<Excerpt.Made> made;
    static final Map<String, JsonNode> wholeTruth = new HashMap<>();
    static final List<JsonNode> wholeWorkflows = new ArrayList<>();

    @BeforeAll
    static void generate() {
        whole = Corpus.generate(3, Corpus.Scale.SMALL, dir.resolve("seed-3"));
        made = Excerpt.make(whole, dir.resolve("excerpts"));
        for (JsonNode p : Excerpt.readJsonLines(whole.truth())) {
            wholeTruth.put(p.path("uid").asText(), p);
        }
        wholeWorkflows.addAll(Excerpt.readJsonLines(whole.dir().resolve("truth-workflows.jsonl")));
    }

    private static List<String> excerptLines(Excerpt.Made m) throws IOException {
        try (Stream<Path> files = Files.walk(m.info().logs())) {
            List<Path> all = files.filter(Files::isRegularFile).toList();
            assertEquals(1, all.size(), "one pasted file: " + all);
            return Files.readAllLines(all.get(0));
        }
    }

    private static List<String> controllerLines(String controller) throws IOException {
        List<String> out = new ArrayList<>();
        try (Stream<Path> files = Files.walk(whole.logs().resolve(controller))) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                out.addAll(Excerpt.read(f));
            }
        }
        return out;
    }

    /** Whether another Pod of the controller had the Pod's name, or another Workflow its Workflow's. */
    private static boolean reused(JsonNode p) {
        String ns = p.path("namespace").asText();
        String c = p.path("controller").asText();
        return wholeTruth.values().stream().anyMatch(o -> c.equals(o.path("controller").asText()) && ns.equals(o.path("namespace").asText())
                        && !o.path("uid").asText().equals(p.path("uid").asText()) && o.path("name").asText().equals(p.path("name").asText()))
                || wholeWorkflows.stream().anyMatch(w -> c.equals(w.path("controller").asText()) && ns.equals(w.path("namespace").asText())
                        && w.path("name").asText().equals(p.path("workflow").asText()) && !w.path("uid").asText().equals(p.path("workflowUid").asText()));
    }

    @Test
    void bothShapesForARaceAndALookalike() {
        assertEquals(5, made.size(), "a race and a look-alike, each in two shapes, and a reused name with kubectl's NotFound");
        assertTrue(wholeTruth.values().stream().anyMatch(p -> (p.path("namespace").asText() + "/" + p.path("name").asText()).equals(made.get(0).incident())
                && p.path("expected").path("AF001").asBoolean()), "the first incident is a race: " + made.get(0).incident());
        assertTrue(Excerpt.LOOKALIKES.contains(made.get(2).incidentClass()), made.get(2).incidentClass());
    }

    @Test
    void theExcerptIsTheHeadTheGrepAndTheTailOfOneFile() throws IOException {
        for (Excerpt.Made m : made) {
            List<String> kept = excerptLines(m);
            Path source = whole.logs().resolve(m.source());
            List<String> src = Excerpt.read(source);
            assertEquals(m.kept(), kept.size());
            assertTrue(kept.size() < src.size() / 2, m.describe());
            if (m.shape() != Excerpt.Shape.HEAD_GREP_TAIL) {
                assertTrue(kept.stream().allMatch(l -> l.contains(m.workflow())), m.describe());
            } else {
                int n = m.headTail();
                assertTrue(n >= 20, m.describe());
                assertEquals(src.subList(0, n), kept.subList(0, n), "the head");
                assertEquals(src.subList(src.size() - n, src.size()), kept.subList(kept.size() - n, kept.size()), "the tail");
                assertTrue(kept.subList(n, kept.size() - n).stream().allMatch(l -> l.contains(m.workflow())), "the grep between them");
            }
            // The lines keep their order in the file.
            int at = 0;
            for (String l : kept) {
                int i = src.subList(at, src.size()).indexOf(l);
                assertTrue(i >= 0, "not in the file, or out of order: " + l);
                at += i + 1;
            }
        }
    }

    @Test
    void theTruthScoresWhatTheExcerptNamesAndKeepsTheRace() throws IOException {
        int cappedEverywhere = 0;
        for (Excerpt.Made m : made) {
            List<String> kept = excerptLines(m);
            List<String> all = controllerLines(m.controller());
            List<JsonNode> truth = Excerpt.readJsonLines(m.info().truth());
            Set<String> scored = new TreeSet<>();
            JsonNode incident = null;
            for (JsonNode p : truth) {
                String name = p.path("name").asText();
                String wf = p.path("workflow").asText();
                scored.add(p.path("uid").asText());
                assertTrue(kept.stream().anyMatch(l -> l.contains(name)), "scored but not named in the excerpt: " + name);
                assertEquals(m.controller(), p.path("controller").asText());
                JsonNode w = wholeTruth.get(p.path("uid").asText());
                assertEquals(w.path("expected"), p.path("expected"), "what happened did not change: " + name);
                assertEquals(w.path("class").asText(), p.path("originalClass").asText());
                long cutAway = all.stream().filter(l -> l.contains(name) || l.contains(wf)).count()
                        - kept.stream().filter(l -> l.contains(name) || l.contains(wf)).count();
                List<String> cap = new ArrayList<>();
                p.path("capPossible").forEach(x -> cap.add(x.asText()));
                if (!reused(p)) {
                    // A name used once: every line naming it or its Workflow is its own.
                    // AF004 is capped only where a line from the Pod's deletion request on was cut.
                    long requested = OwnLines.nanosOf(p.path("facts").path("deletionRequestedAt"));
                    long since = requested == OwnLines.UNKNOWN ? Long.MIN_VALUE : Math.floorDiv(requested, 1_000_000L) * 1_000_000L;
                    java.util.function.Predicate<String> late = l -> (l.contains(name) || l.contains(wf))
                            && (OwnLines.recordTime(l) == OwnLines.UNKNOWN || OwnLines.recordTime(l) >= since);
                    boolean cutLate = all.stream().filter(late).count() > kept.stream().filter(late).count();
                    List<String> expected = new ArrayList<>(cutAway > 0 ? Truth.POD_RULES : List.of("AF001"));
                    if (!cutLate) {
                        expected.remove("AF004");
                    }
                    assertEquals(expected, cap, name + ": " + cutAway + " of its lines cut");
                } else if (cutAway == 0) {
                    // A name used again: its lives' lines are some of those naming it; none of those cut, none of its own.
                    assertEquals(List.of("AF001"), cap, name + ": nothing naming it cut");
                }
                if (cap.size() > 1) {
                    cappedEverywhere++;
                }
                if ((p.path("namespace").asText() + "/" + name).equals(m.incident())) {
                    incident = p;
                }
            }
            assertNotNull(incident, "the grepped Pod is scored: " + m.describe());
            assertEquals("excerpt-" + m.shape().label, incident.path("class").asText());
            if (m.incidentClass().startsWith("race-")) {
                assertTrue(incident.path("expected").path("AF001").asBoolean(), "a race stays a race in an excerpt");
            }
            // Every Pod of the controller that the excerpt names is scored; the rest are not.
            for (JsonNode w : wholeTruth.values()) {
                boolean named = m.controller().equals(w.path("controller").asText()) && kept.stream().anyMatch(l -> l.contains(w.path("name").asText()));
                assertEquals(named, scored.contains(w.path("uid").asText()), w.path("name").asText());
            }
            if (m.shape() != Excerpt.Shape.HEAD_GREP_TAIL) {
                assertTrue(truth.stream().allMatch(p -> p.path("class").asText().equals("excerpt-" + m.shape().label)), "the grep names only its Workflow's Pods");
            }
        }
        assertTrue(cappedEverywhere > 0, "some Pod lost lines to the cut (the head and tail cut through others' stories)");
    }

    /**
     * Session 30: the reused name's excerpt carries kubectl's NotFound for the Pod name, run while the name's first Pod was gone
     * and the later one not yet created (its stated time, when there is one, within that gap); the later Pod is not left
     * (its truth has no AF005), and the analysis of the excerpt says nothing of AF005 for the name at any confidence: an
     * answer from before the later Pod existed says nothing of it, one with no time cannot be placed after it.
     */
    @Test
    void aNotFoundFromBeforeTheNameWasUsedAgainLeavesTheLaterPodAlone() throws IOException {
        Excerpt.Made m = made.get(4);
        assertEquals(Excerpt.Shape.GREP_NOT_FOUND, m.shape());
        assertTrue(Excerpt.REUSED_NAMES.contains(m.incidentClass()), m.incidentClass());
        List<String> answer = Files.readAllLines(m.info().exports().resolve("kubectl-get-pod.txt"));
        String name = m.incident().substring(m.incident().indexOf('/') + 1);
        assertEquals("Error from server (NotFound): pods \"" + name + "\" not found", answer.get(answer.size() - 1));
        List<JsonNode> same = new ArrayList<>();
        for (JsonNode p : Excerpt.readJsonLines(whole.truth())) {
            if ((p.path("namespace").asText() + "/" + p.path("name").asText()).equals(m.incident())) {
                same.add(p);
            }
        }
        assertTrue(same.size() >= 2, "the name was used twice: " + same.size());
        JsonNode later = same.get(same.size() - 1);
        assertFalse(later.path("expected").path("AF005").asBoolean(), "the later Pod is not left");
        if (answer.get(0).startsWith("# taken-at: ")) {
            java.time.Instant at = java.time.Instant.parse(answer.get(0).substring("# taken-at: ".length()));
            assertTrue(at.isAfter(java.time.Instant.parse(same.get(same.size() - 2).path("facts").path("goneAt").asText())), answer.get(0));
            assertTrue(at.isBefore(java.time.Instant.parse(later.path("facts").path("createdAt").asText())), answer.get(0));
        }
        Scorer.Analysis a = Scorer.analyze(m.info(), false);
        assertEquals(List.of(), a.findings().stream().filter(f -> "AF005".equals(f.rule()) && name.equals(f.name())).toList(), m.describe());
    }

    // ---- a name used twice: the cap counts the lines of each Pod's (Workflow's) own life ----------------------------

    private static final String NS = "etl";
    private static final String WF = "nightly-4kq2x";
    private static final String EXTRACT = WF + "-extract-1861740405";
    private static final String LOAD = WF + "-load-3650217881";

    private static String line(String time, String level, String msg, String fields) {
        return "time=\"2026-10-10T" + time + "Z\" level=" + level + " msg=\"" + msg + "\" " + fields;
    }

    /** The run's Workflow and Pod lines, from its creation (v3.7 logrus text): the extract step, then the load step. */
    private static List<String> run(String processed, String extracted, String loaded) {
        return new ArrayList<>(List.of(
                line(processed, "info", "Processing workflow", "Phase= ResourceVersion=4069973 namespace=etl workflow=" + WF),
                line(extracted, "info", "Created pod: " + WF + ".extract (" + EXTRACT + ")", "namespace=etl workflow=" + WF),
                line(loaded, "info", "Created pod: " + WF + ".load (" + LOAD + ")", "namespace=etl workflow=" + WF)));
    }

    /**
     * The first run (its load step's {@code labelPodCompleted} item queued and stuck behind a throttled API server) and
     * its Pods' departures when the Workflow was deleted; the second run of the name, whose load Pod that stale item
     * labels: it leaves the informer and its node is marked {@code pod deleted} (AF008, #8022). In two pieces of one
     * log, as a rotation splits it: the first run in the older piece, the second in the newer.
     */
    private static List<List<String>> twoRuns() {
        List<String> older = run("15:30:00.121", "15:30:00.300", "15:32:10.500");
        older.add(line("15:34:02.000", "info", "queueing pod for cleanup", "action=labelPodCompleted namespace=etl podName=" + LOAD));
        older.add(line("15:38:20.004", "info", "delete pod event", "pod=" + EXTRACT));
        older.add(line("15:38:20.104", "info", "delete pod event", "pod=" + LOAD));
        List<String> newer = run("15:38:25.051", "15:38:25.210", "15:40:31.400");
        newer.add(line("15:41:55.600", "info", "cleaning up pod", "action=labelPodCompleted key=etl/" + LOAD + "/labelPodCompleted namespace=etl podName=" + LOAD));
        newer.add(line("15:41:55.616", "info", "delete pod event", "pod=" + LOAD));
        newer.add(line("15:41:55.617", "info", "Workflow pod is missing", "namespace=etl nodeName=" + WF + ".load nodePhase=Running recentlyStarted=false workflow=" + WF));
        newer.add(line("15:41:55.617", "error", "Mark error node", "error=\"pod deleted\" namespace=etl nodeName=" + WF + ".load workflow=" + WF));
        return List.of(older, newer);
    }

    private static JsonNode truthPod(String uid, String name, String workflowUid, String cls, String created, boolean af008) throws IOException {
        return new com.fasterxml.jackson.databind.ObjectMapper().readTree("{\"namespace\":\"etl\",\"name\":\"" + name + "\",\"uid\":\"" + uid
                + "\",\"workflow\":\"" + WF + "\",\"workflowUid\":\"" + workflowUid + "\",\"class\":\"" + cls + "\",\"controller\":\"wfc-etl\","
                + "\"expected\":{\"AF008\":" + af008 + "},\"facts\":{\"createdAt\":\"2026-10-10T" + created + "Z\"}}");
    }

    private static JsonNode truthWorkflow(String uid, String created) throws IOException {
        return new com.fasterxml.jackson.databind.ObjectMapper().readTree("{\"namespace\":\"etl\",\"name\":\"" + WF + "\",\"uid\":\"" + uid
                + "\",\"class\":\"background\",\"controller\":\"wfc-etl\",\"expected\":{},\"facts\":{\"createdAt\":\"2026-10-10T" + created + "Z\"}}");
    }

    /** The excerpt truth's cap, by UID (Pods and Workflows), for an excerpt of the two runs' log. */
    private Map<String, List<String>> caps(List<String> excerpt, String name) throws IOException {
        // Created a few nanoseconds before the Created pod line's millisecond ends, as the simulation has it.
        List<JsonNode> pods = List.of(
                truthPod("p1e", EXTRACT, "w1", "same-name-first-run", "15:30:00.299871234", false),
                truthPod("p1l", LOAD, "w1", "same-name-first-run", "15:32:10.500120031", false),
                truthPod("p2e", EXTRACT, "w2", "same-name-resubmitted", "15:38:25.210004411", false),
                truthPod("p2l", LOAD, "w2", "stale-cleanup-same-name", "15:40:31.400877310", true));
        List<JsonNode> workflows = List.of(truthWorkflow("w1", "15:30:00.120311008"), truthWorkflow("w2", "15:38:25.050713921"));
        List<String> whole = new ArrayList<>();
        twoRuns().forEach(whole::addAll);
        Path out = Files.createDirectories(dir.resolve("reused").resolve(name));
        Truth.writeExcerpt(out, "grep-notfound", pods.get(3), pods, workflows, "wfc-etl", whole, excerpt);
        return capsWritten(out);
    }

    /**
     * The newer piece holds the second run whole, from its Workflow's first line: the lines cut (the older piece) are the
     * first run's, whose names the second run used again. They are not the later Pods' evidence: only AF001 is capped for
     * them (a cap counting every line that names the name, as before session 31, capped every rule); the first run's Pods
     * and Workflow, named in the newer piece and cut, are capped.
     */
    @Test
    void theLinesCutOfAnEarlierRunOfTheNameDoNotCapTheLaterRun() throws IOException {
        Map<String, List<String>> caps = caps(twoRuns().get(1), "newer-piece");
        assertEquals(List.of("AF001"), caps.get("p2l"), "the later load Pod: its life and its Workflow's are in the excerpt");
        assertEquals(List.of("AF001"), caps.get("p2e"));
        assertEquals(List.of(), caps.get("w2"));
        assertEquals(Truth.POD_RULES, caps.get("p1l"), "the earlier load Pod's lines were cut");
        assertEquals(Truth.POD_RULES, caps.get("p1e"));
        assertEquals(Truth.WORKFLOW_RULES, caps.get("w1"));
    }

    /** Negative controls: a line of the later Pod's own life cut, or its Workflow's before the Pod existed: capped as ever. */
    @Test
    void aLineOfTheLaterRunsOwnLifeCutStillCapsIt() throws IOException {
        List<String> missingLine = twoRuns().get(1);
        missingLine.removeIf(l -> l.contains("Workflow pod is missing"));
        Map<String, List<String>> caps = caps(missingLine, "missing-line");
        assertEquals(Truth.POD_RULES, caps.get("p2l"), "its own line after its creation");
        assertEquals(Truth.POD_RULES, caps.get("p2e"), "a line of its Workflow's life");
        assertEquals(Truth.WORKFLOW_RULES, caps.get("w2"));

        List<String> missingSibling = twoRuns().get(1);
        missingSibling.removeIf(l -> l.contains("(" + EXTRACT + ")"));
        assertEquals(Truth.POD_RULES, caps(missingSibling, "missing-sibling").get("p2l"),
                "a line of its Workflow's life, written before the load Pod was created");
    }

    /**
     * A life ends where the name's next one begins: the stale item's run on the later Pod (after the later Pod's creation,
     * though it was queued for the earlier one) is the later Pod's line; cut, it caps the later Pod and not the earlier one.
     */
    @Test
    void theStaleItemActingOnTheLaterPodIsTheLaterPodsLine() throws IOException {
        List<String> excerpt = new ArrayList<>();
        twoRuns().forEach(excerpt::addAll);
        excerpt.removeIf(l -> l.contains("cleaning up pod"));
        Map<String, List<String>> caps = caps(excerpt, "stale-item-cut");
        assertEquals(List.of("AF001"), caps.get("p1l"), "the earlier load Pod's lines are all there");
        assertEquals(Truth.POD_RULES, caps.get("p2l"));
    }

    // ---- AF004's cap: the lines from the deletion's request on -----------------------------------------------------

    private static final String STUCK = "stuck-7hq2m";

    /** A one-Pod Workflow (v3.6 logrus text) deleted at 09:12:00 whose finalizer's release keeps failing to the log's end. */
    private static List<String> stuckRun() {
        List<String> l = new ArrayList<>();
        l.add(line("09:10:40.010", "info", "Processing workflow", "Phase= ResourceVersion=71002 namespace=etl workflow=" + STUCK));
        l.add(line("09:10:40.012", "info", "Created pod: " + STUCK + " (" + STUCK + ")", "namespace=etl workflow=" + STUCK));
        l.add(line("09:10:44.520", "info", "update pod event", "pod=" + STUCK));
        l.add(line("09:12:00.031", "info", "update pod event", "pod=" + STUCK));
        l.add(line("09:12:00.031", "info", "queuing pod", "action=removeFinalizer delay=48.2s namespace=etl podName=" + STUCK));
        for (String t : List.of("09:12:48.300", "09:12:48.340", "09:12:49.100", "09:13:05.700")) {
            l.add(line(t, "info", "cleaning up pod", "action=removeFinalizer key=etl/" + STUCK + "/removeFinalizer namespace=etl podName=" + STUCK));
            l.add(line(t, "warning", "failed to clean-up pod", "action=removeFinalizer error=\"the object has been modified\" podName=" + STUCK));
        }
        return l;
    }

    private Map<String, List<String>> stuckCaps(List<String> excerpt, String name, String deletionRequestedAt) throws IOException {
        JsonNode pod = new com.fasterxml.jackson.databind.ObjectMapper().readTree("{\"namespace\":\"etl\",\"name\":\"" + STUCK
                + "\",\"uid\":\"s1\",\"workflow\":\"" + STUCK + "\",\"workflowUid\":\"ws\",\"class\":\"stuck-conflict\",\"controller\":\"wfc-etl\","
                + "\"expected\":{\"AF004\":true},\"facts\":{\"createdAt\":\"2026-10-10T09:10:40.011204411Z\",\"deletionRequestedAt\":"
                + (deletionRequestedAt == null ? "null" : "\"2026-10-10T" + deletionRequestedAt + "Z\"") + "}}");
        JsonNode wf = new com.fasterxml.jackson.databind.ObjectMapper().readTree("{\"namespace\":\"etl\",\"name\":\"" + STUCK
                + "\",\"uid\":\"ws\",\"class\":\"stuck-conflict\",\"controller\":\"wfc-etl\",\"expected\":{},\"facts\":{\"createdAt\":\"2026-10-10T09:10:40.009Z\"}}");
        Path out = Files.createDirectories(dir.resolve("stuck").resolve(name));
        Truth.writeExcerpt(out, "head-grep-tail", pod, List.of(pod), List.of(wf), "wfc-etl", stuckRun(), excerpt);
        Map<String, List<String>> caps = new LinkedHashMap<>();
        for (JsonNode u : Excerpt.readJsonLines(out.resolve("truth.jsonl"))) {
            List<String> cap = new ArrayList<>();
            u.path("capPossible").forEach(x -> cap.add(x.asText()));
            caps.put(u.path("uid").asText(), cap);
        }
        return caps;
    }

    /**
     * A tail that holds everything from the deletion on (the Pod's creation cut by the head): AF004's evidence is whole, so
     * it alone of the Pod's rules is not capped; cut one failing release after the request, or without a known request, it is.
     */
    @Test
    void af004IsCappedOnlyWhereALineFromTheDeletionOnWasCut() throws IOException {
        List<String> tail = stuckRun();
        tail.subList(0, 3).clear();
        List<String> withoutAf004 = new ArrayList<>(Truth.POD_RULES);
        withoutAf004.remove("AF004");
        assertEquals(withoutAf004, stuckCaps(tail, "tail", "09:12:00.029113052").get("s1"));

        List<String> gap = stuckRun();
        gap.subList(0, 3).clear();
        gap.remove(gap.size() - 3);
        assertEquals(Truth.POD_RULES, stuckCaps(gap, "gap", "09:12:00.029113052").get("s1"), "a failing release after the request was cut");
        assertEquals(Truth.POD_RULES, stuckCaps(tail, "no-request", null).get("s1"), "no deletion request known: every rule capped");
        assertEquals(List.of("AF001"), stuckCaps(stuckRun(), "whole", "09:12:00.029113052").get("s1"), "nothing cut");
    }

    // ---- Session 49: AF003's cap (the Workflow's lines up to the wait's end) and AF011's (the refusal's line) -----------

    private static final String STALLED = "ledger-4kq7d";
    private static final String STALLED_POD = STALLED + "-post-2210954877";

    /**
     * A Workflow (v3.7 logrus text) whose Pod's deletion at 10:05:00 is followed by its next take-up only at 10:09:30, then
     * a pass that completes it: as a rotation splits the log, the older piece ends right after the take-up's line, the newer
     * holds the rest of that pass (in the same millisecond, as on seed 5's rotated file) and the later one.
     */
    private static List<List<String>> stalledRun() {
        List<String> older = new ArrayList<>(List.of(
                line("10:00:00.100", "info", "Processing workflow", "Phase= ResourceVersion=88001 namespace=etl workflow=" + STALLED),
                line("10:00:00.130", "info", "Created pod: " + STALLED + ".post (" + STALLED_POD + ")", "namespace=etl workflow=" + STALLED),
                line("10:03:00.200", "info", "Processing workflow", "Phase=Running ResourceVersion=88044 namespace=etl workflow=" + STALLED),
                line("10:04:59.990", "info", "update pod event", "pod=" + STALLED_POD),
                line("10:05:00.010", "info", "queuing pod delay", "action=removeFinalizer delay=-1m0.2s namespace=etl podName=" + STALLED_POD),
                line("10:05:00.020", "info", "delete pod event", "pod=" + STALLED_POD),
                line("10:09:30.004", "info", "Processing workflow", "Phase=Running ResourceVersion=88105 namespace=etl workflow=" + STALLED)));
        List<String> newer = new ArrayList<>(List.of(
                line("10:09:30.004", "info", "Task-result reconciliation", "namespace=etl numObjs=0 workflow=" + STALLED),
                line("10:09:40.500", "info", "Processing workflow", "Phase=Running ResourceVersion=88140 namespace=etl workflow=" + STALLED),
                line("10:09:40.530", "info", "Workflow update successful", "namespace=etl phase=Failed resourceVersion=88141 workflow=" + STALLED)));
        return List.of(older, newer);
    }

    private Map<String, List<String>> stalledCaps(List<String> excerpt, String name, String stallEndedAt) throws IOException {
        return stalledCaps(excerpt, name, stallEndedAt, "10:05:00.009871203");
    }

    private Map<String, List<String>> stalledCaps(List<String> excerpt, String name, String stallEndedAt, String stallFrom) throws IOException {
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        JsonNode pod = json.readTree("{\"namespace\":\"etl\",\"name\":\"" + STALLED_POD + "\",\"uid\":\"sp\",\"workflow\":\"" + STALLED
                + "\",\"workflowUid\":\"sw\",\"class\":\"recon-stall\",\"controller\":\"wfc-etl\",\"expected\":{},"
                + "\"facts\":{\"createdAt\":\"2026-10-10T10:00:00.129Z\"}}");
        JsonNode wf = json.readTree("{\"namespace\":\"etl\",\"name\":\"" + STALLED + "\",\"uid\":\"sw\",\"class\":\"recon-stall\","
                + "\"controller\":\"wfc-etl\",\"expected\":{\"AF003\":true},\"facts\":{\"createdAt\":\"2026-10-10T10:00:00.090Z\","
                + "\"stallEndedAt\":" + (stallEndedAt == null ? "null" : "\"2026-10-10T" + stallEndedAt + "Z\"")
                + ",\"stallFrom\":" + (stallFrom == null ? "null" : "\"2026-10-10T" + stallFrom + "Z\"") + "}}");
        List<String> whole = new ArrayList<>();
        stalledRun().forEach(whole::addAll);
        Path out = Files.createDirectories(dir.resolve("stalled").resolve(name));
        Truth.writeExcerpt(out, "grep", pod, List.of(pod), List.of(wf), "wfc-etl", whole, excerpt);
        return capsWritten(out);
    }

    /**
     * The older piece alone (a grep of one rotated file) holds the deletion and the take-up that ends the wait: AF003's claim is
     * whole, its lines cut all come after it (one in the take-up's millisecond), so AF003 alone of the Workflow's rules is not
     * capped. Cut the take-up's line, or a line of the wait before it, or with the wait's end unknown (not before the evidence
     * ends), it is; the Pod's rules are capped as before (its Workflow's lines cut).
     */
    @Test
    void af003IsCappedOnlyWhereALineUpToTheWaitsEndWasCut() throws IOException {
        List<String> older = stalledRun().get(0);
        List<String> withoutAf003 = new ArrayList<>(Truth.WORKFLOW_RULES);
        withoutAf003.remove("AF003");
        Map<String, List<String>> caps = stalledCaps(older, "older-piece", "10:09:30.003911020");
        assertEquals(withoutAf003, caps.get("sw"), "the wait's lines are all in the piece");
        assertEquals(Truth.POD_RULES, caps.get("sp"), "the Pod's rules read its Workflow's later lines too");

        List<String> noTakeUp = new ArrayList<>(older);
        noTakeUp.remove(noTakeUp.size() - 1);
        assertEquals(Truth.WORKFLOW_RULES, stalledCaps(noTakeUp, "no-take-up", "10:09:30.003911020").get("sw"), "the take-up was cut");
        List<String> noDeletion = new ArrayList<>(older);
        noDeletion.remove(5);
        assertEquals(Truth.WORKFLOW_RULES, stalledCaps(noDeletion, "no-deletion", "10:09:30.003911020").get("sw"), "a line of the wait cut");
        assertEquals(Truth.WORKFLOW_RULES, stalledCaps(older, "end-unknown", null).get("sw"), "the wait ran to the evidence's end");
        List<String> whole = new ArrayList<>();
        stalledRun().forEach(whole::addAll);
        assertEquals(List.of(), stalledCaps(whole, "whole", "10:09:30.003911020").get("sw"), "nothing cut");

        // The piece starting after the Workflow's creation and passes (in the earlier piece, as on seeds 11 and 15): the gap
        // from the deletion to the take-up (Phase=Running) is whole. With the deletion's moment unknown, capped (the whole life).
        List<String> late = new ArrayList<>(older);
        late.subList(0, 3).clear();
        assertEquals(withoutAf003, stalledCaps(late, "late-piece", "10:09:30.003911020").get("sw"), "the gap's lines are all there");
        assertEquals(Truth.WORKFLOW_RULES, stalledCaps(late, "no-deletion-known", "10:09:30.003911020", null).get("sw"), "whole life");

        // Session 55 (unseen seed 2897): a tail starting inside the wait (the queuing line at 10:05:00.010 cut, the delete pod
        // event at 10:05:00.020 its first line) keeps the rest of the wait whole: the excerpt's wait is shorter and inside the
        // true one. With the wait's start unknown it stays capped (above); a line cut after the first kept one caps it.
        List<String> tail = new ArrayList<>(older.subList(5, older.size()));
        assertEquals(withoutAf003, stalledCaps(tail, "tail-in-wait", "10:09:30.003911020").get("sw"), "the rest of the wait is whole");
        assertEquals(Truth.WORKFLOW_RULES, stalledCaps(tail, "tail-in-wait-start-unknown", "10:09:30.003911020", null).get("sw"), "start unknown");
    }

    /** A Pod failed for the executor's refused task-result write (AF011), its lines from its creation (v3.7 logrus text). */
    private static List<String> refusedRun() {
        String pod = STALLED_POD;
        return new ArrayList<>(List.of(
                line("10:00:00.100", "info", "Processing workflow", "Phase= ResourceVersion=88001 namespace=etl workflow=" + STALLED),
                line("10:00:00.130", "info", "Created pod: " + STALLED + ".post (" + pod + ")", "namespace=etl workflow=" + STALLED),
                line("10:00:09.400", "info", "Pod failed: wait: Error (exit code 64): workflowtaskresults.argoproj.io is forbidden: User "
                        + "\\\"system:serviceaccount:etl:default\\\" cannot create resource \\\"workflowtaskresults\\\" in API group "
                        + "\\\"argoproj.io\\\" in the namespace \\\"etl\\\"", "displayName=post namespace=etl pod=" + pod + " workflow=" + STALLED),
                line("10:00:09.410", "info", "node changed", "namespace=etl new.phase=Error nodeID=" + pod + " workflow=" + STALLED)));
    }

    private Map<String, List<String>> refusedCaps(List<String> excerpt, String name) throws IOException {
        JsonNode pod = new com.fasterxml.jackson.databind.ObjectMapper().readTree("{\"namespace\":\"etl\",\"name\":\"" + STALLED_POD
                + "\",\"uid\":\"rp\",\"workflow\":\"" + STALLED + "\",\"workflowUid\":\"rw\",\"class\":\"taskresult-forbidden\","
                + "\"controller\":\"wfc-etl\",\"expected\":{\"AF011\":true},\"facts\":{\"createdAt\":\"2026-10-10T10:00:00.129Z\"}}");
        Path out = Files.createDirectories(dir.resolve("refused").resolve(name));
        Truth.writeExcerpt(out, "head-grep-tail", pod, List.of(pod), List.of(), "wfc-etl", refusedRun(), excerpt);
        Map<String, List<String>> caps = new LinkedHashMap<>();
        for (JsonNode u : Excerpt.readJsonLines(out.resolve("truth.jsonl"))) {
            List<String> cap = new ArrayList<>();
            u.path("capPossible").forEach(x -> cap.add(x.asText()));
            caps.put(u.path("uid").asText(), cap);
        }
        return caps;
    }

    /**
     * AF011's claim is the line stating the refusal: kept, the Pod's creation cut by the head does not cap AF011 (the other rules
     * stay capped); the refusal's line cut, it is capped.
     */
    @Test
    void af011IsCappedOnlyWhereTheRefusalsLineWasCut() throws IOException {
        List<String> withoutCreation = refusedRun();
        withoutCreation.remove(1);
        List<String> withoutAf011 = new ArrayList<>(Truth.POD_RULES);
        withoutAf011.remove("AF011");
        assertEquals(withoutAf011, refusedCaps(withoutCreation, "no-creation").get("rp"));
        List<String> withoutRefusal = refusedRun();
        withoutRefusal.remove(2);
        assertEquals(Truth.POD_RULES, refusedCaps(withoutRefusal, "no-refusal").get("rp"), "the refusal's line was cut");
        assertEquals(List.of("AF001"), refusedCaps(refusedRun(), "whole").get("rp"), "nothing cut");
    }

    private static Scorer.TruthPod pod(boolean race, Set<String> cap) {
        Map<String, Boolean> expected = new LinkedHashMap<>();
        expected.put("AF001", race);
        return new Scorer.TruthPod("ns", "wf-a-1", "u1", "excerpt-grep", true, expected, 5L, List.of(), "c", "v4.1.3", false, "", "wf-a", cap, Scorer.NO_BAND);
    }

    private static Scorer.Analysis findings(String... confidences) {
        List<Scorer.Finding> fs = new ArrayList<>();
        for (String c : confidences) {
            fs.add(new Scorer.Finding("AF001", c, "why", "ns", "wf-a-1", null, 5L, null, null));
        }
        return new Scorer.Analysis(10, 0, 0, 0, List.of(), fs, Set.of(), 0, "");
    }

    private static Scorer.Counts strong(Scorer.TruthPod p, Scorer.Analysis a) {
        Scorer.Tally t = new Scorer.Tally();
        t.add(3, new Scorer.CorpusTruth(List.of(p), List.of()), a);
        return t.strong.get("AF001");
    }

    @Test
    void aCappedRaceIsRightAtPossibleAndWrongBeyondIt() {
        Scorer.Counts possible = strong(pod(true, Set.of("AF001")), findings("possible"));
        assertEquals(List.of(1, 0, 0), List.of(possible.tp, possible.fp, possible.fn));
        Scorer.Counts confirmed = strong(pod(true, Set.of("AF001")), findings("confirmed"));
        assertEquals(List.of(0, 1, 0), List.of(confirmed.tp, confirmed.fp, confirmed.fn));
        Scorer.Counts cleared = strong(pod(true, Set.of("AF001")), findings());
        assertEquals(List.of(0, 0, 1), List.of(cleared.tp, cleared.fp, cleared.fn), "a race cleared in an excerpt is a miss");
        // Without the cap (a whole corpus) nothing changes: possible is a miss of confirmed + likely, confirmed a hit.
        Scorer.Counts whole = strong(pod(true, Set.of()), findings("possible"));
        assertEquals(List.of(0, 0, 1), List.of(whole.tp, whole.fp, whole.fn));
        Scorer.Counts wholeConfirmed = strong(pod(true, Set.of()), findings("confirmed"));
        assertEquals(List.of(1, 0, 0), List.of(wholeConfirmed.tp, wholeConfirmed.fp, wholeConfirmed.fn));
        // A look-alike: any finding is wrong, capped or not.
        Scorer.Counts lookalike = strong(pod(false, Set.of("AF001")), findings("likely"));
        assertEquals(List.of(0, 1, 0), List.of(lookalike.tp, lookalike.fp, lookalike.fn));
        assertFalse(strong(pod(false, Set.of("AF001")), findings("possible")).fp > 0, "possible is not counted in confirmed + likely");
    }

    /** The rules each Pod and Workflow of an excerpt's truth is capped at possible for, by UID, as the excerpt's truth files say. */
    private static Map<String, List<String>> capsWritten(Path out) throws IOException {
        Map<String, List<String>> caps = new LinkedHashMap<>();
        for (String file : List.of("truth.jsonl", "truth-workflows.jsonl")) {
            for (JsonNode u : Excerpt.readJsonLines(out.resolve(file))) {
                List<String> cap = new ArrayList<>();
                u.path("capPossible").forEach(x -> cap.add(x.asText()));
                caps.put(u.path("uid").asText(), cap);
            }
        }
        return caps;
    }
}
