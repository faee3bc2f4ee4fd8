package dev.argoforensics.judgment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/**
 * What people paste into an issue instead of the log: one controller log file cut down to {@code head -N}, the lines
 * that {@code grep} for one incident's Workflow name (its Pods' names begin with it), and {@code tail -N}, as one file
 * with the gaps unmarked ({@link Shape#HEAD_GREP_TAIL}); or the {@code grep} alone ({@link Shape#GREP}). Made from a
 * generated corpus after the fact, logs only (a paste comes without exports), into a corpus of its own; its truth is
 * the whole corpus's truth cut down to what the excerpt still names ({@link Truth#writeExcerpt}).
 *
 * <p>The three pieces do not overlap: the grep's lines are those between the head and the tail (a careful paster's
 * {@code sed -n}, not a literal {@code head; grep; tail}, which would repeat the lines of the head and tail that
 * match).
 */
final class Excerpt {
    enum Shape {
        HEAD_GREP_TAIL("head-grep-tail"), GREP("grep"),
        /**
         * Session 30: the {@code grep} of a Workflow whose name was used twice (deleted and submitted again, or {@code argo
         * retry} creating its Pod again under its name), with kubectl's {@code NotFound} for the Pod pasted beside it from
         * a moment the name's first Pod was gone and the later one not yet created, with or without a stated time.
         */
        GREP_NOT_FOUND("grep-notfound");

        final String label;

        Shape(String label) {
            this.label = label;
        }
    }

    /** The classes whose Pods are grepped for: a race of #17024, or a look-alike that must not be called one. */
    static final Set<String> LOOKALIKES = Set.of("restart-normal-delete", "late-label-after-stall", "late-label-after-down", "persisted-then-delete",
            "orphaned-pod", "orphaned-while-down", "wf-deleted-while-down", "wf-deleted-during-stall", "podgc-delete", "task-result-late");

    /**
     * One excerpt made.
     *
     * @param incident the Pod whose Workflow was grepped for (namespace/name) and its class
     * @param source   the controller log file cut (relative to the corpus's {@code logs/})
     * @param total    lines in that file
     */
    record Made(Corpus.Info info, Shape shape, String incident, String incidentClass, String workflow, String controller, String source,
                int headTail, long total, long kept, String note) {
        String describe() {
            return shape.label + " of " + controller + "/.../" + Path.of(source).getFileName() + " (" + total + " lines, kept " + kept + (shape == Shape.HEAD_GREP_TAIL ? ", N=" + headTail : "")
                    + ", grep " + workflow + " for " + incidentClass + " " + incident + note + ")";
        }
    }

    /** The classes whose Workflow name (and so Pod name) was used by an earlier Pod that is gone (session 30). */
    static final Set<String> REUSED_NAMES = Set.of("same-name-resubmitted", "same-name-timeouts-harmless", "stale-cleanup-same-name",
            "workflow-retried");

    private Excerpt() {
    }

    /**
     * The excerpts of a seed's corpus: for one Pod of interest expected to be AF001 and one of a look-alike class (when
     * the corpus has them), each shape. Written under {@code root/<n>-<shape>/}; deterministic for the seed.
     */
    static List<Made> make(Corpus.Info info, Path root) {
        List<JsonNode> pods = readJsonLines(info.dir().resolve("truth.jsonl"));
        SplittableRandom rng = new SplittableRandom(Sim.seed(info.seed(), 20));
        List<JsonNode> races = new ArrayList<>();
        List<JsonNode> lookalikes = new ArrayList<>();
        for (JsonNode p : pods) {
            if (!p.path("ofInterest").asBoolean() || ScenariosRetry.isClass(p.path("class").asText())
                    || ScenariosPodNamesV1.isClass(p.path("class").asText()) || ScenariosLostAtExit.isClass(p.path("class").asText())
                    || ScenariosV40.isClass(p.path("class").asText()) || ScenariosPreempt.isClass(p.path("class").asText())
                    || ScenariosRerun.isClass(p.path("class").asText()) || ScenariosRetryUnseen.isClass(p.path("class").asText())
                    || ScenariosDagGate.isClass(p.path("class").asText()) || ScenariosPodEvents.isClass(p.path("class").asText())
                    || ScenariosNearEvent.isClass(p.path("class").asText()) || ScenariosStall.isClass(p.path("class").asText())
                    || ScenariosNamesake.isClass(p.path("class").asText())
                    || ScenariosAuditResponses.isClass(p.path("class").asText())
                    || ScenariosAutoRestart.isClass(p.path("class").asText())
                    || ScenariosStaleLabelV4.isClass(p.path("class").asText())
                    || ScenariosCrashLoop.isClass(p.path("class").asText())
                    || ScenariosEnvRollout.isClass(p.path("class").asText())
                    || ScenariosPatchForbidden.isClass(p.path("class").asText())) {
                // Session 39's retried steps, session 40's POD_NAMES v1 Pods and session 42's losses at a step's end and session 43's v4.0 family and session 44's preemptions and session 45's runs again and unseen attempts and session 46's gated DAGs and Pod-kind node events and session 47's node events near a release and session 48's stalls and session 50's namesakes and audit responses and session 51's automatic restarts and session 56's stale labels on v4 and session 57's crash loops and session 59's finalizer-env rollouts and refused patches are not drawn (yet): the pick among the other races
                // stays what it was, and the retry family's small rotated pieces would often keep more than half of a file as a
                // head-grep-tail.
                continue;
            }
            if (p.path("expected").path("AF001").asBoolean()) {
                races.add(p);
            } else if (LOOKALIKES.contains(p.path("class").asText())) {
                lookalikes.add(p);
            }
        }
        List<Made> out = new ArrayList<>();
        int n = 0;
        for (List<JsonNode> from : List.of(races, lookalikes)) {
            if (from.isEmpty()) {
                continue;
            }
            JsonNode incident = from.get(rng.nextInt(from.size()));
            int headTail = new int[] {30, 60, 120}[rng.nextInt(3)];
            n++;
            for (Shape shape : List.of(Shape.HEAD_GREP_TAIL, Shape.GREP)) {
                Made m = one(info, root.resolve(n + "-" + shape.label), shape, incident, headTail, pods);
                if (m != null) {
                    out.add(m);
                }
            }
        }
        // Session 30, on a stream of its own (the excerpts above are what they were): a reused name and kubectl's NotFound.
        SplittableRandom reuse = new SplittableRandom(Sim.seed(info.seed(), 21));
        List<JsonNode[]> pairs = reusedNames(pods);
        if (!pairs.isEmpty()) {
            JsonNode[] pair = pairs.get(reuse.nextInt(pairs.size()));
            Made m = one(info, root.resolve((n + 1) + "-" + Shape.GREP_NOT_FOUND.label), Shape.GREP_NOT_FOUND, pair[1], 0, pods);
            if (m != null) {
                out.add(notFound(m, pair, reuse));
            }
        }
        return out;
    }

    /**
     * Pairs of Pods of one name, the first gone before the second was created, the second of a class that reuses a name and
     * expected no AF005 (stale-cleanup-pending, whose later Pod is truly left, is not one of them), in truth order.
     */
    static List<JsonNode[]> reusedNames(List<JsonNode> pods) {
        java.util.Map<String, JsonNode> last = new java.util.HashMap<>();
        List<JsonNode[]> out = new ArrayList<>();
        for (JsonNode p : pods) {
            String key = p.path("namespace").asText() + "/" + p.path("name").asText();
            JsonNode before = last.put(key, p);
            if (before == null || !REUSED_NAMES.contains(p.path("class").asText()) || p.path("expected").path("AF005").asBoolean()) {
                continue;
            }
            JsonNode gone = before.path("facts").path("goneAt");
            JsonNode created = p.path("facts").path("createdAt");
            if (gone.isTextual() && created.isTextual() && java.time.Instant.parse(gone.asText()).isBefore(java.time.Instant.parse(created.asText()))) {
                out.add(new JsonNode[] {before, p});
            }
        }
        return out;
    }

    /**
     * Writes kubectl's answer for the pair's Pod name into the excerpt's exports, as a user pastes it: {@code kubectl get pod}
     * run while the first Pod was gone and the later one not yet created; its time stated ({@code # taken-at:}, a whole second
     * within that gap) half the time where a whole second fits, else not.
     */
    private static Made notFound(Made m, JsonNode[] pair, SplittableRandom rng) {
        JsonNode later = pair[1];
        java.time.Instant gone = java.time.Instant.parse(pair[0].path("facts").path("goneAt").asText());
        java.time.Instant created = java.time.Instant.parse(later.path("facts").path("createdAt").asText());
        long from = gone.getEpochSecond() + 1;
        long to = created.getEpochSecond() - (created.getNano() == 0 ? 1 : 0);
        boolean timed = rng.nextBoolean() && from <= to;
        String name = later.path("name").asText();
        String ns = later.path("namespace").asText();
        List<String> text = new ArrayList<>();
        String note = ", kubectl NotFound for " + name;
        if (timed) {
            java.time.Instant at = java.time.Instant.ofEpochSecond(from + rng.nextLong(to - from + 1));
            text.add("# taken-at: " + at);
            note += " taken at " + at;
        } else {
            note += " with no time";
        }
        text.add("$ kubectl get pod -n " + ns + " " + name);
        text.add("Error from server (NotFound): pods \"" + name + "\" not found");
        try {
            Files.write(m.info().exports().resolve("kubectl-get-pod.txt"), text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Made(m.info(), m.shape(), m.incident(), m.incidentClass(), m.workflow(), m.controller(), m.source(), m.headTail(), m.total(),
                m.kept(), note);
    }

    private static Made one(Corpus.Info info, Path dir, Shape shape, JsonNode incident, int headTail, List<JsonNode> pods) {
        String controller = incident.path("controller").asText();
        String workflow = incident.path("workflow").asText();
        Path controllerLogs = info.logs().resolve(controller);
        List<Path> files = files(controllerLogs);
        // The file that names the Workflow most (the later one on a tie): the one a user would cut.
        Path source = null;
        List<String> sourceLines = null;
        long best = 0;
        List<List<String>> whole = new ArrayList<>();
        for (Path f : files) {
            List<String> lines = read(f);
            whole.add(lines);
            long named = lines.stream().filter(l -> l.contains(workflow)).count();
            if (named > 0 && named >= best) {
                best = named;
                source = f;
                sourceLines = lines;
            }
        }
        if (source == null) {
            return null;
        }
        int total = sourceLines.size();
        int nHead = shape != Shape.HEAD_GREP_TAIL ? 0 : Math.min(headTail, total / 8);
        List<String> kept = new ArrayList<>();
        for (int i = 0; i < total; i++) {
            String l = sourceLines.get(i);
            if (i < nHead || i >= total - nHead || l.contains(workflow)) {
                kept.add(l);
            }
        }
        String rel = info.logs().relativize(source).toString();
        String name = rel.endsWith(".gz") ? rel.substring(0, rel.length() - 3) : rel;
        Path logs = dir.resolve("logs");
        Path exports = dir.resolve("exports");
        try {
            Path target = logs.resolve(name);
            Files.createDirectories(target.getParent());
            Files.createDirectories(exports);
            Files.write(target, kept, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> all = new ArrayList<>();
        whole.forEach(all::addAll);
        Truth.writeExcerpt(dir, shape.label, incident, pods, readJsonLines(info.dir().resolve("truth-workflows.jsonl")), controller, all, kept);
        Corpus.Info ex = new Corpus.Info(info.seed(), info.scale(), dir, logs, exports, dir.resolve("truth.jsonl"), info.start(), info.end(),
                info.apiMinor(), kept.size(), 1, 0, 0, 0, 0, List.of(controller));
        return new Made(ex, shape, incident.path("namespace").asText() + "/" + incident.path("name").asText(), incident.path("class").asText(), workflow,
                controller, rel, nHead, total, kept.size(), "");
    }

    private static List<Path> files(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<String> read(Path f) {
        try (InputStream raw = Files.newInputStream(f);
             InputStream in = f.getFileName().toString().endsWith(".gz") ? new GZIPInputStream(raw) : raw;
             BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            List<String> out = new ArrayList<>();
            String line;
            while ((line = r.readLine()) != null) {
                out.add(line);
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<JsonNode> readJsonLines(Path file) {
        List<JsonNode> out = new ArrayList<>();
        if (!Files.exists(file)) {
            return out;
        }
        ObjectMapper json = new ObjectMapper();
        for (String l : read(file)) {
            try {
                out.add(json.readTree(l));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }
}
