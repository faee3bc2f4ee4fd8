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

    @BeforeAll
    static void generate() {
        whole = Corpus.generate(3, Corpus.Scale.SMALL, dir.resolve("seed-3"));
        made = Excerpt.make(whole, dir.resolve("excerpts"));
        for (JsonNode p : Excerpt.readJsonLines(whole.truth())) {
            wholeTruth.put(p.path("uid").asText(), p);
        }
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
                assertEquals(cutAway > 0 ? Truth.POD_RULES : List.of("AF001"), cap, name + ": " + cutAway + " of its lines cut");
                if (cutAway > 0) {
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

    private static Scorer.TruthPod pod(boolean race, Set<String> cap) {
        Map<String, Boolean> expected = new LinkedHashMap<>();
        expected.put("AF001", race);
        return new Scorer.TruthPod("ns", "wf-a-1", "u1", "excerpt-grep", true, expected, 5L, List.of(), "c", "v4.1.3", false, "", "wf-a", cap);
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
}
