package dev.argoforensics.judgment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.cli.Main;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Runs {@code argo-forensics analyze --format json} on a corpus (in-process, as the launcher would),
 * matches its findings to the truth (Pods by namespace/name and UID when the finding has one; the
 * Workflow-level rules' findings to Workflows by namespace/name) and counts, per rule and per scenario
 * class, true and false positives and misses: once for every finding, once for {@code confirmed} and
 * {@code likely} only.
 */
final class Scorer {
    static final List<String> RULES = List.of("AF001", "AF002", "AF003", "AF004", "AF005", "AF006", "AF007", "AF008", "AF009", "AF010", "AF011", "AF012",
        "AF013", "AF014", "AF015", "AF016");
    /**
     * Rules whose unit is the Workflow: a finding counts for the Workflow it names (its {@code workflow}, else the
     * Workflow of the truth Pod it names), and the truth is per Workflow ({@code truth-workflows.jsonl}). The others
     * are scored per Pod.
     */
    static final Set<String> WORKFLOW_RULES = Set.of("AF003", "AF009", "AF012", "AF013", "AF014", "AF015");
    static final List<String> CONFIDENCES = List.of("confirmed", "likely", "possible");
    static final String NOT_IN_TRUTH = "(not in truth)";

    record TruthPod(String namespace, String name, String uid, String cls, boolean ofInterest, Map<String, Boolean> expected, Long delayNanos,
                    List<Long> sameDueDelays, String controller, String release, boolean exitCodesExported, String story, String workflow,
                    Set<String> capPossible, String band, java.time.Instant createdAt) {
        /** A Pod whose creation the truth does not give. */
        TruthPod(String namespace, String name, String uid, String cls, boolean ofInterest, Map<String, Boolean> expected, Long delayNanos,
                 List<Long> sameDueDelays, String controller, String release, boolean exitCodesExported, String story, String workflow,
                 Set<String> capPossible, String band) {
            this(namespace, name, uid, cls, ofInterest, expected, delayNanos, sameDueDelays, controller, release, exitCodesExported, story, workflow,
                    capPossible, band, null);
        }

        String key() {
            return namespace + "/" + name;
        }

        String workflowKey() {
            return namespace + "/" + workflow;
        }
    }

    /** A Workflow of the truth: the unit of the Workflow-level rules. */
    record TruthWorkflow(String namespace, String name, String uid, String cls, Map<String, Boolean> expected, String story, Set<String> capPossible) {
        String key() {
            return namespace + "/" + name;
        }
    }

    /**
     * What a finding is scored against: a Pod or a Workflow of the truth. {@code capped}: the evidence left (an excerpt,
     * {@link Excerpt}) supports at best {@code possible} for this rule; a {@code confirmed} or {@code likely} finding
     * goes beyond it.
     */
    record Unit(String id, String key, String cls, boolean expected, TruthPod pod, boolean capped, String band) {
    }

    /** A Pod never bound to a node (no kubelet wrote its times), or a finding about nothing in the truth. */
    static final String NO_BAND = "unbound";

    /**
     * {@code wfNamespace}/{@code wfName}: the finding's {@code workflow}, null when it named none. {@code lifetimeCreated}: where the
     * finding is about one of the lifetimes of a Pod name its lines told apart (the report's {@code pod.lifetime}, no UID), that
     * lifetime's creation as the controller's {@code Created pod} line dates it; else null.
     */
    record Finding(String rule, String confidence, String reason, String namespace, String name, String uid, Long delayNanos, String wfNamespace,
                   String wfName, java.time.Instant lifetimeCreated) {
        Finding(String rule, String confidence, String reason, String namespace, String name, String uid, Long delayNanos, String wfNamespace,
                String wfName) {
            this(rule, confidence, reason, namespace, name, uid, delayNanos, wfNamespace, wfName, null);
        }

        String key() {
            return namespace + "/" + name;
        }

        String workflowKey() {
            return wfName == null ? null : wfNamespace + "/" + wfName;
        }
    }

    /** The truth of one corpus, indexed for matching. */
    static final class CorpusTruth {
        final List<TruthPod> pods;
        final List<TruthWorkflow> workflows;
        final Map<String, List<TruthPod>> podsByKey = new HashMap<>();
        final Map<String, List<TruthWorkflow>> workflowsByKey = new HashMap<>();
        /** Workflow key -> the widest node-clock band among its Pods ({@link NodeClocks#BANDS}). */
        final Map<String, String> workflowBand = new HashMap<>();

        CorpusTruth(List<TruthPod> pods, List<TruthWorkflow> workflows) {
            this.pods = pods;
            this.workflows = workflows;
            pods.forEach(t -> podsByKey.computeIfAbsent(t.key(), k -> new ArrayList<>()).add(t));
            workflows.forEach(t -> workflowsByKey.computeIfAbsent(t.key(), k -> new ArrayList<>()).add(t));
            for (TruthPod p : pods) {
                workflowBand.merge(p.workflowKey(), p.band(), (a, b) -> bandRank(a) >= bandRank(b) ? a : b);
            }
        }

        private String workflowBand(String key) {
            return workflowBand.getOrDefault(key, NO_BAND);
        }

        /** The units of a rule: Pods, or Workflows for a Workflow-level rule. */
        List<Unit> units(String rule) {
            List<Unit> out = new ArrayList<>();
            if (WORKFLOW_RULES.contains(rule)) {
                for (TruthWorkflow w : workflows) {
                    out.add(new Unit("wf " + w.uid(), w.key(), w.cls(), w.expected().getOrDefault(rule, false), null, w.capPossible().contains(rule),
                            workflowBand(w.key())));
                }
            } else {
                for (TruthPod t : pods) {
                    out.add(new Unit("pod " + t.uid(), t.key(), t.cls(), t.expected().getOrDefault(rule, false), t, t.capPossible().contains(rule),
                            t.band()));
                }
            }
            return out;
        }

        /**
         * The unit a finding of {@code rule} is about, or null (not in the truth). Pods: by namespace/name, by UID when
         * the finding has one; among same-named Pods (a Workflow name reused) without a UID, the one whose creation is nearest
         * the creation of the lifetime the finding names (session 60: the report prints {@code lifetime N of M, created ...} for a
         * name its lines split, and a finding on the first Pod of a name, with that Pod's own release and delay, was scored as the
         * later Pod's: an "AF001 delay not exact" that was the other Pod's line, and a finding on a Pod that never ran counted for
         * its namesake's race), else the one the truth expects, else the latest. A Pod-level finding that names no truth Pod but a Workflow counts for that Workflow's Pod the
         * truth expects, if any. Workflows: the finding's Workflow, else the Workflow of the Pod it names; among
         * same-named Workflows the one the truth expects, else the latest.
         */
        Unit unitOf(String rule, Finding f) {
            if (WORKFLOW_RULES.contains(rule)) {
                String key = f.workflowKey();
                if (key == null) {
                    TruthPod p = pick(podsByKey.get(f.key()), f.uid(), rule, f.lifetimeCreated());
                    key = p == null ? null : p.workflowKey();
                }
                List<TruthWorkflow> ws = key == null ? null : workflowsByKey.get(key);
                if (ws == null || ws.isEmpty()) {
                    return null;
                }
                TruthWorkflow w = ws.get(ws.size() - 1);
                for (TruthWorkflow x : ws) {
                    if (x.expected().getOrDefault(rule, false)) {
                        w = x;
                    }
                }
                return new Unit("wf " + w.uid(), w.key(), w.cls(), w.expected().getOrDefault(rule, false), null, w.capPossible().contains(rule),
                        workflowBand(w.key()));
            }
            TruthPod p = pick(podsByKey.get(f.key()), f.uid(), rule, f.lifetimeCreated());
            if (p == null && f.uid() == null && f.workflowKey() != null) {
                for (TruthPod t : pods) {
                    if (t.workflowKey().equals(f.workflowKey()) && t.expected().getOrDefault(rule, false)) {
                        p = t;
                    }
                }
            }
            return p == null ? null : new Unit("pod " + p.uid(), p.key(), p.cls(), p.expected().getOrDefault(rule, false), p,
                    p.capPossible().contains(rule), p.band());
        }

        static TruthPod pick(List<TruthPod> candidates, String uid, String rule, java.time.Instant lifetimeCreated) {
            if (candidates == null || candidates.isEmpty()) {
                return null;
            }
            if (uid != null) {
                for (TruthPod t : candidates) {
                    if (t.uid().equals(uid)) {
                        return t;
                    }
                }
                return null;
            }
            if (lifetimeCreated != null && candidates.size() > 1) {
                TruthPod nearest = null;
                long best = Long.MAX_VALUE;
                for (TruthPod t : candidates) {
                    if (t.createdAt() == null) {
                        continue;
                    }
                    long gap = Math.abs(java.time.Duration.between(t.createdAt(), lifetimeCreated).toNanos());
                    if (gap < best) {
                        best = gap;
                        nearest = t;
                    }
                }
                if (nearest != null) {
                    return nearest;
                }
            }
            TruthPod chosen = candidates.get(candidates.size() - 1);
            for (TruthPod t : candidates) {
                if (t.expected().getOrDefault(rule, false)) {
                    chosen = t;
                }
            }
            return chosen;
        }
    }

    /** An RFC 3339 time of a JSON field (the report's and the truth's, UTC), or null when it is missing or not one. */
    static java.time.Instant instantOrNull(JsonNode n) {
        if (n == null || !n.isTextual()) {
            return null;
        }
        try {
            return java.time.OffsetDateTime.parse(n.asText()).toInstant();
        } catch (java.time.format.DateTimeParseException e) {
            return null;
        }
    }

    static CorpusTruth readCorpusTruth(Path dir) {
        return new CorpusTruth(readTruth(dir.resolve("truth.jsonl")), readWorkflowTruth(dir.resolve("truth-workflows.jsonl")));
    }

    static List<TruthWorkflow> readWorkflowTruth(Path file) {
        List<TruthWorkflow> out = new ArrayList<>();
        if (!Files.exists(file)) {
            return out;
        }
        ObjectMapper json = new ObjectMapper();
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            while ((line = r.readLine()) != null) {
                JsonNode n = json.readTree(line);
                Map<String, Boolean> expected = new LinkedHashMap<>();
                n.path("expected").fields().forEachRemaining(e -> expected.put(e.getKey(), e.getValue().asBoolean()));
                JsonNode f = n.path("facts");
                String story = "completed " + f.path("completedPersistedAt").asText("never") + " (" + f.path("completedPhase").asText("-") + ")"
                        + (f.path("regressions").isEmpty() ? "" : ", then " + f.path("regressions").toString())
                        + (f.path("lockReleaseLostAt").isNull() || f.path("lockReleaseLostAt").isMissingNode() ? ""
                                : ", lock release lost " + f.path("lockReleaseLostAt").asText())
                        + (f.path("lockRefusedAfterCompletion").isEmpty() ? "" : ", refused " + f.path("lockRefusedAfterCompletion"))
                        + (f.path("actedAfterCompletion").isEmpty() ? "" : ", acted after completion " + f.path("actedAfterCompletion"))
                        + (f.path("staleCopiesGuarded").isEmpty() ? "" : ", stale copies guarded " + f.path("staleCopiesGuarded"));
                out.add(new TruthWorkflow(n.get("namespace").asText(), n.get("name").asText(), n.get("uid").asText(), n.get("class").asText(),
                        expected, story, capPossible(n)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** What one analysis gave. */
    record Analysis(long logLines, long logUnparsed, long objects, long objectsUnreadable, List<String> unparsedSamples, List<Finding> findings,
                    Set<String> timelinePods, int exitCode, String stderr) {
    }

    static List<TruthPod> readTruth(Path file) {
        ObjectMapper json = new ObjectMapper();
        List<TruthPod> out = new ArrayList<>();
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            while ((line = r.readLine()) != null) {
                JsonNode n = json.readTree(line);
                Map<String, Boolean> expected = new LinkedHashMap<>();
                for (String rule : RULES) {
                    if (!WORKFLOW_RULES.contains(rule)) {
                        expected.put(rule, n.path("expected").path(rule).asBoolean());
                    }
                }
                JsonNode d = n.get("af001DelayNanos");
                List<Long> same = new ArrayList<>();
                for (JsonNode x : n.path("af001SameDueDelays")) {
                    same.add(x.asLong());
                }
                out.add(new TruthPod(n.get("namespace").asText(), n.get("name").asText(), n.get("uid").asText(), n.get("class").asText(),
                        n.get("ofInterest").asBoolean(), expected, d == null || d.isNull() ? null : d.asLong(), same, n.get("controller").asText(),
                        n.get("release").asText(), n.path("facts").path("exitCodesExported").asBoolean(), story(n.path("facts")),
                        n.path("workflow").asText(), capPossible(n), n.hasNonNull("nodeClockCorrection")
                                ? (n.path("nodeClockCorrection").path("away").asBoolean() ? NodeClocks.AWAY : NodeClocks.STEPPED)
                                : n.hasNonNull("nodeClockOffsetNanos") ? NodeClocks.band(n.get("nodeClockOffsetNanos").asLong()) : NO_BAND,
                        instantOrNull(n.path("facts").path("createdAt"))));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** Bands in order, {@link #NO_BAND} first (a Workflow's band is its widest Pod's). */
    static int bandRank(String band) {
        return NodeClocks.BANDS.indexOf(band);
    }

    /** The rules an excerpt's truth caps at {@code possible} for this unit (none in a whole corpus). */
    private static Set<String> capPossible(JsonNode n) {
        Set<String> out = new TreeSet<>();
        n.path("capPossible").forEach(x -> out.add(x.asText()));
        return out;
    }

    /** A few facts of the truth file, for a miss to be diagnosed from the table alone. */
    private static String story(JsonNode f) {
        StringBuilder b = new StringBuilder();
        b.append("deletion requested ").append(f.path("deletionRequestedAt").asText("never"));
        b.append(", main finished ").append(f.path("mainFinishedAt").asText("never"));
        if (!f.path("finalizerRemovedAt").isNull()) {
            b.append(", finalizer removed ").append(f.path("finalizerRemovedAt").asText()).append(" by ")
                    .append(f.path("finalizerRemovedBy").asText());
        }
        b.append(", node first persisted fulfilled ").append(f.path("nodeFirstPersistedFulfilledAt").asText("never"));
        b.append(", final node ").append(f.path("finalNodePhase").asText("-"));
        if (!f.path("finalNodeMessage").asText("").isEmpty()) {
            b.append(" \"").append(f.path("finalNodeMessage").asText()).append('"');
        }
        if (!f.path("taskResultCreatedAt").isNull() && !f.path("taskResultCreatedAt").isMissingNode()) {
            b.append(", task result labelled completed ").append(f.path("taskResultLabelledCompletedAt").asText("never"));
            if (!f.path("taskResultForcedAt").isNull()) {
                b.append(", forced ").append(f.path("taskResultForcedAt").asText()).append(" (").append(f.path("taskResultForcedBy").asText())
                        .append(')');
            }
            if (f.path("taskResultBlockedPasses").asInt() > 0) {
                b.append(", ").append(f.path("taskResultBlockedPasses").asInt()).append(" passes blocked by it");
            }
        }
        if (!f.path("falsePodDeletedAt").isNull() && !f.path("falsePodDeletedAt").isMissingNode()) {
            b.append(", marked pod deleted ").append(f.path("falsePodDeletedAt").asText()).append(" while it existed undeleted");
        }
        return b.toString();
    }

    /** {@code analyze LOGS EXPORTS --format json}, with the analysis clock at the end of the evidence. */
    static Analysis analyze(Corpus.Info info, boolean timelinesAll) {
        Path report = info.dir().resolve("report.json");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code;
        try (PrintWriter o = new PrintWriter(out); PrintWriter e = new PrintWriter(err)) {
            code = Main.run(o, e, "analyze", info.logs().toString(), info.exports().toString(), "--format", "json", "--out", report.toString(),
                    "--timelines", timelinesAll ? "all" : "none", "--now", Go.k8s(K8s.sec(info.end()) + 1), "--fail-on", "none");
        }
        if (!Files.exists(report)) {
            throw new IllegalStateException("analyze wrote no report (exit " + code + "): " + err);
        }
        try {
            JsonNode root = new ObjectMapper().readTree(report.toFile());
            JsonNode lines = root.path("provenance").path("lines");
            List<String> samples = new ArrayList<>();
            for (JsonNode input : root.path("inputs")) {
                for (JsonNode s : input.path("unparsedSamples")) {
                    samples.add(s.path("source").asText() + ":" + s.path("line").asText() + ": " + s.path("reason").asText() + ": "
                            + s.path("text").asText());
                }
            }
            List<Finding> findings = new ArrayList<>();
            for (JsonNode f : root.path("findings")) {
                JsonNode pod = f.path("pod");
                JsonNode d = f.get("delayNanos");
                JsonNode wf = f.path("workflow");
                boolean hasWf = wf.isObject() && wf.hasNonNull("name");
                findings.add(new Finding(f.path("rule").asText(), f.path("confidence").asText(), f.path("confidenceReason").asText(),
                        pod.path("namespace").asText(), pod.path("name").asText(), pod.path("uid").isNull() ? null : pod.path("uid").asText(null),
                        d == null || d.isNull() ? null : d.asLong(), hasWf ? wf.path("namespace").asText() : null,
                        hasWf ? wf.path("name").asText() : null, instantOrNull(pod.path("lifetime").path("created"))));
                // AF012 gives one finding per pair of controller runs and names every Workflow both worked on: one claim
                // about each of them (the first is the finding's Workflow).
                String touched = f.path("workflowsBothTouched").asText("");
                for (String other : touched.isEmpty() ? new String[0] : touched.split(",\\s*")) {
                    int slash = other.indexOf('/');
                    if (slash > 0 && !(hasWf && other.equals(wf.path("namespace").asText() + "/" + wf.path("name").asText()))) {
                        findings.add(new Finding(f.path("rule").asText(), f.path("confidence").asText(), f.path("confidenceReason").asText(),
                                "", "", null, null, other.substring(0, slash), other.substring(slash + 1)));
                    }
                }
            }
            Set<String> timelinePods = new TreeSet<>();
            for (JsonNode t : root.path("timelines")) {
                timelinePods.add(t.path("pod").path("namespace").asText() + "/" + t.path("pod").path("name").asText());
            }
            return new Analysis(lines.path("logLines").asLong(), lines.path("logUnparsed").asLong(), lines.path("objects").asLong(),
                    lines.path("objectsUnreadable").asLong(), samples, findings, timelinePods, code, err.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** TP, FP, FN. */
    static final class Counts {
        int tp;
        int fp;
        int fn;

        void add(Counts o) {
            tp += o.tp;
            fp += o.fp;
            fn += o.fn;
        }

        String precision() {
            return tp + fp == 0 ? "-" : String.format(Locale.ROOT, "%.3f", tp / (double) (tp + fp));
        }

        String recall() {
            return tp + fn == 0 ? "-" : String.format(Locale.ROOT, "%.3f", tp / (double) (tp + fn));
        }
    }

    record Wrong(long seed, String pod, String cls, String rule, String confidence, String reason, String band) {
    }

    record Missed(long seed, String pod, String cls, String rule, String weakFinding) {
    }

    record DelayMismatch(long seed, String pod, String cls, Long expected, Long found, boolean foundIsMergedLine) {
    }

    /** Counts over all seeds. */
    static final class Tally {
        final Map<String, Counts> all = new LinkedHashMap<>();
        final Map<String, Counts> strong = new LinkedHashMap<>();
        final Map<String, Map<String, Counts>> allByClass = new LinkedHashMap<>();
        final Map<String, Map<String, Counts>> strongByClass = new LinkedHashMap<>();
        /** Rule -> node-clock band -> confirmed + likely counts (session 55). */
        final Map<String, Map<String, Counts>> strongByBand = new LinkedHashMap<>();
        final Map<String, Map<String, int[]>> byConfidence = new LinkedHashMap<>();
        final Map<String, Integer> podsByClass = new TreeMap<>();
        final Map<String, Map<String, Integer>> positivesByClass = new TreeMap<>();
        final List<Wrong> wrong = new ArrayList<>();
        final List<Missed> missed = new ArrayList<>();
        final List<DelayMismatch> delayMismatches = new ArrayList<>();
        int delayExact;
        int delayChecked;
        int corpora;
        long logLines;
        long logUnparsed;
        long exportObjects;
        long objectsUnreadable;
        int pods;
        int podsOfInterest;
        int workflows;
        int duplicateFindings;

        Tally() {
            for (String r : RULES) {
                all.put(r, new Counts());
                strong.put(r, new Counts());
                allByClass.put(r, new TreeMap<>());
                strongByClass.put(r, new TreeMap<>());
                strongByBand.put(r, new LinkedHashMap<>());
                Map<String, int[]> c = new LinkedHashMap<>();
                for (String conf : CONFIDENCES) {
                    c.put(conf, new int[2]);
                }
                byConfidence.put(r, c);
            }
        }

        private static int rank(String confidence) {
            int i = CONFIDENCES.indexOf(confidence);
            return i < 0 ? CONFIDENCES.size() : i;
        }

        void add(long seed, CorpusTruth truth, Analysis analysis) {
            corpora++;
            logLines += analysis.logLines();
            logUnparsed += analysis.logUnparsed();
            exportObjects += analysis.objects();
            objectsUnreadable += analysis.objectsUnreadable();
            for (TruthPod t : truth.pods) {
                pods++;
                if (t.ofInterest) {
                    podsOfInterest++;
                }
                podsByClass.merge(t.cls(), 1, Integer::sum);
            }
            workflows += truth.workflows.size();
            Map<String, TruthWorkflow> workflowById = new HashMap<>();
            truth.workflows.forEach(w -> workflowById.put("wf " + w.uid(), w));
            for (String rule : RULES) {
                List<Unit> units = truth.units(rule);
                for (Unit u : units) {
                    if (u.expected()) {
                        positivesByClass.computeIfAbsent(u.cls(), k -> new TreeMap<>()).merge(rule, 1, Integer::sum);
                    }
                }
                // The best finding of this rule per unit (several findings for one Pod or Workflow count once).
                Map<String, Finding> best = new TreeMap<>();
                Map<String, Unit> unitOf = new HashMap<>();
                Map<String, List<Finding>> every = new HashMap<>();
                for (Finding f : analysis.findings()) {
                    if (!f.rule().equals(rule)) {
                        continue;
                    }
                    Unit u = truth.unitOf(rule, f);
                    String id = u != null ? u.id() : NOT_IN_TRUTH + " " + (WORKFLOW_RULES.contains(rule) && f.workflowKey() != null
                            ? f.workflowKey() : f.key());
                    if (u != null) {
                        unitOf.put(id, u);
                    }
                    every.computeIfAbsent(id, k -> new ArrayList<>()).add(f);
                    Finding b = best.get(id);
                    if (b == null || rank(f.confidence()) < rank(b.confidence())) {
                        best.put(id, f);
                    } else {
                        duplicateFindings++;
                    }
                }
                for (Map.Entry<String, Finding> e : best.entrySet()) {
                    Finding f = e.getValue();
                    Unit u = unitOf.get(e.getKey());
                    String cls = u == null ? NOT_IN_TRUTH : u.cls();
                    String band = u == null ? NO_BAND : u.band();
                    String shown = u == null ? e.getKey().substring(NOT_IN_TRUTH.length() + 1) : u.key();
                    boolean positive = u != null && u.expected();
                    boolean isStrong = rank(f.confidence()) <= 1;
                    boolean capped = u != null && u.capped();
                    int[] conf = byConfidence.get(rule).computeIfAbsent(f.confidence(), k -> new int[2]);
                    conf[positive ? 0 : 1]++;
                    count(rule, cls, band, false, positive ? 1 : 0, positive ? 0 : 1, 0);
                    if (capped && positive) {
                        // The evidence left supports possible at best: that is the right answer here; more is claimed
                        // beyond what is in the evidence.
                        if (isStrong) {
                            count(rule, cls, band, true, 0, 1, 0);
                            wrong.add(new Wrong(seed, shown, cls, rule, f.confidence(), "BEYOND THE EVIDENCE LEFT (possible at best): " + f.reason(), band));
                        } else {
                            count(rule, cls, band, true, 1, 0, 0);
                        }
                    } else if (isStrong) {
                        count(rule, cls, band, true, positive ? 1 : 0, positive ? 0 : 1, 0);
                    } else if (positive) {
                        count(rule, cls, band, true, 0, 0, 1);
                        missed.add(new Missed(seed, shown, cls, rule + " (confirmed+likely)", f.confidence() + ": " + f.reason()));
                    }
                    if (!positive) {
                        wrong.add(new Wrong(seed, shown, cls, rule, f.confidence(), f.reason(), band));
                    }
                    if (positive && rule.equals("AF001") && u.pod() != null) {
                        TruthPod t = u.pod();
                        delayChecked++;
                        boolean exact = false;
                        Long found = null;
                        for (Finding x : every.get(e.getKey())) {
                            found = x.delayNanos();
                            if (x.delayNanos() != null && x.delayNanos().equals(t.delayNanos())) {
                                exact = true;
                                break;
                            }
                        }
                        if (exact) {
                            delayExact++;
                        } else {
                            delayMismatches.add(new DelayMismatch(seed, shown, cls, t.delayNanos(), found,
                                    found != null && t.sameDueDelays().contains(found)));
                        }
                    }
                }
                for (Unit u : units) {
                    if (u.expected() && !best.containsKey(u.id())) {
                        count(rule, u.cls(), u.band(), false, 0, 0, 1);
                        count(rule, u.cls(), u.band(), true, 0, 0, 1);
                        String story;
                        if (u.pod() != null) {
                            story = (rule.equals("AF002") && !u.pod().exitCodesExported() ? "no export shows the exit codes; " : "") + u.pod().story();
                        } else {
                            story = workflowById.get(u.id()).story();
                        }
                        missed.add(new Missed(seed, u.key(), u.cls(), rule, story));
                    }
                }
            }
        }

        private void count(String rule, String cls, String band, boolean strongOnly, int tp, int fp, int fn) {
            if (strongOnly) {
                Counts n = strongByBand.get(rule).computeIfAbsent(band, x -> new Counts());
                n.tp += tp;
                n.fp += fp;
                n.fn += fn;
            }
            Counts c = (strongOnly ? strong : all).get(rule);
            Counts k = (strongOnly ? strongByClass : allByClass).get(rule).computeIfAbsent(cls, x -> new Counts());
            c.tp += tp;
            c.fp += fp;
            c.fn += fn;
            k.tp += tp;
            k.fp += fp;
            k.fn += fn;
        }

        int positives(String rule) {
            int n = 0;
            for (Map<String, Integer> m : positivesByClass.values()) {
                n += m.getOrDefault(rule, 0);
            }
            return n;
        }

        /** The tables, deterministic for the same inputs. */
        String render(String title, int wrongPerGroup) {
            StringBuilder b = new StringBuilder();
            b.append(title).append('\n');
            b.append(String.format(Locale.ROOT, "corpora %d, log lines %,d (unparsed %d), exported objects %,d (unreadable %d), pods %,d (of interest %,d),"
                    + " workflows %,d%n", corpora, logLines, logUnparsed, exportObjects, objectsUnreadable, pods, podsOfInterest, workflows));
            b.append("Units: Pods; Workflows for ").append(String.join(", ", RULES.stream().filter(WORKFLOW_RULES::contains).toList())).append('\n');
            b.append('\n').append("Per rule                  every finding                          | confirmed + likely only\n");
            b.append(String.format(Locale.ROOT, "%-6s %6s | %5s %5s %5s %9s %6s | %5s %5s %5s %9s %6s%n", "rule", "truth", "TP", "FP", "FN",
                    "precision", "recall", "TP", "FP", "FN", "precision", "recall"));
            for (String r : RULES) {
                Counts a = all.get(r);
                Counts s = strong.get(r);
                b.append(String.format(Locale.ROOT, "%-6s %6d | %5d %5d %5d %9s %6s | %5d %5d %5d %9s %6s%n", r, positives(r), a.tp, a.fp, a.fn,
                        a.precision(), a.recall(), s.tp, s.fp, s.fn, s.precision(), s.recall()));
            }
            b.append(String.format(Locale.ROOT, "AF001 delays exact to the ns: %d of %d true findings%s%n", delayExact, delayChecked,
                    delayExact == delayChecked ? " (all)" : ""));
            b.append('\n').append("Per confidence (TP/FP)\n");
            b.append(String.format(Locale.ROOT, "%-6s %12s %12s %12s%n", "rule", "confirmed", "likely", "possible"));
            for (String r : RULES) {
                Map<String, int[]> m = byConfidence.get(r);
                b.append(String.format(Locale.ROOT, "%-6s %12s %12s %12s%n", r, m.get("confirmed")[0] + "/" + m.get("confirmed")[1],
                        m.get("likely")[0] + "/" + m.get("likely")[1], m.get("possible")[0] + "/" + m.get("possible")[1]));
            }
            b.append('\n').append("Per node-clock band, confirmed + likely only (TP/FP/FN; the band of |node clock - cluster clock| of the Pod's node,"
                    + " a Workflow's widest Pod's; docs/judgment.md)\n");
            List<String> bands = new ArrayList<>(NodeClocks.BANDS);
            bands.add(NO_BAND);
            b.append(String.format(Locale.ROOT, "%-6s", "rule"));
            for (String band : bands) {
                b.append(String.format(Locale.ROOT, " %16s", band));
            }
            b.append('\n');
            for (String r : RULES) {
                b.append(String.format(Locale.ROOT, "%-6s", r));
                for (String band : bands) {
                    Counts c = strongByBand.get(r).getOrDefault(band, new Counts());
                    b.append(String.format(Locale.ROOT, " %16s", c.tp + "/" + c.fp + "/" + c.fn));
                }
                b.append('\n');
            }
            for (boolean strongOnly : new boolean[] {false, true}) {
                // Six rules a table, so that a line stays readable.
                for (int from = 0; from < RULES.size(); from += 6) {
                    List<String> rules = RULES.subList(from, Math.min(RULES.size(), from + 6));
                    b.append('\n').append(strongOnly ? "Per scenario class, confirmed + likely only (TP/FP/FN)"
                            : "Per scenario class, every finding (TP/FP/FN; truth = Pods, or Workflows, expected to have the finding)");
                    b.append(from == 0 ? "\n" : ", continued\n");
                    b.append(String.format(Locale.ROOT, "%-29s %6s", "class", "pods"));
                    for (String r : rules) {
                        b.append(String.format(Locale.ROOT, " %16s", r + (WORKFLOW_RULES.contains(r) ? " (wf truth)" : " (truth)")));
                    }
                    b.append('\n');
                    TreeSet<String> classes = new TreeSet<>(podsByClass.keySet());
                    for (String r : rules) {
                        classes.addAll((strongOnly ? strongByClass : allByClass).get(r).keySet());
                    }
                    for (String cls : classes) {
                        b.append(String.format(Locale.ROOT, "%-29s %6d", cls, podsByClass.getOrDefault(cls, 0)));
                        for (String r : rules) {
                            Counts c = (strongOnly ? strongByClass : allByClass).get(r).getOrDefault(cls, new Counts());
                            int truthCount = positivesByClass.getOrDefault(cls, Map.of()).getOrDefault(r, 0);
                            b.append(String.format(Locale.ROOT, " %16s", c.tp + "/" + c.fp + "/" + c.fn + " (" + truthCount + ")"));
                        }
                        b.append('\n');
                    }
                }
            }
            if (!delayMismatches.isEmpty()) {
                b.append('\n').append("AF001 delays not exact\n");
                for (DelayMismatch d : delayMismatches) {
                    b.append(String.format(Locale.ROOT, "  seed %d  %s  %s  expected %s, found %s%s%n", d.seed(), d.pod(), d.cls(), d.expected(),
                            d.found(), d.foundIsMergedLine() ? " (a later queuing line for the same due time, which the queue merged into the"
                                    + " first)" : ""));
                }
            }
            b.append('\n').append(String.format(Locale.ROOT, "Wrong findings (%d), by rule and class%s%n", wrong.size(),
                    wrongPerGroup < Integer.MAX_VALUE ? ", at most " + wrongPerGroup + " per group (all in wrong-findings.tsv)" : ""));
            Map<String, List<Wrong>> groups = new TreeMap<>();
            for (Wrong w : wrong) {
                groups.computeIfAbsent(w.rule() + " " + w.cls(), k -> new ArrayList<>()).add(w);
            }
            for (Map.Entry<String, List<Wrong>> g : groups.entrySet()) {
                b.append("  ").append(g.getKey()).append(": ").append(g.getValue().size()).append('\n');
                int shown = 0;
                for (Wrong w : g.getValue()) {
                    if (shown++ >= wrongPerGroup) {
                        b.append("      ... ").append(g.getValue().size() - wrongPerGroup).append(" more\n");
                        break;
                    }
                    b.append(String.format(Locale.ROOT, "    seed %-3d %-70s %-9s %s%n", w.seed(), w.pod(), w.confidence(), w.reason()));
                }
            }
            b.append('\n').append(String.format(Locale.ROOT, "Missed (%d), by rule and class%n", missed.size()));
            Map<String, List<Missed>> missedGroups = new TreeMap<>();
            for (Missed m : missed) {
                missedGroups.computeIfAbsent(m.rule() + " " + m.cls(), k -> new ArrayList<>()).add(m);
            }
            for (Map.Entry<String, List<Missed>> g : missedGroups.entrySet()) {
                b.append("  ").append(g.getKey()).append(": ").append(g.getValue().size()).append('\n');
                int shown = 0;
                for (Missed m : g.getValue()) {
                    if (shown++ >= wrongPerGroup) {
                        b.append("      ... ").append(g.getValue().size() - wrongPerGroup).append(" more\n");
                        break;
                    }
                    String note = m.weakFinding() == null ? "" : m.rule().contains("(") ? "  (only " + m.weakFinding() + ")"
                            : "  (" + m.weakFinding() + ")";
                    b.append(String.format(Locale.ROOT, "    seed %-3d %s%s%n", m.seed(), m.pod(), note));
                }
            }
            return b.toString();
        }

        String wrongTsv() {
            StringBuilder b = new StringBuilder("seed\tpod\tclass\trule\tconfidence\tconfidenceReason\tnodeClockBand\n");
            for (Wrong w : wrong) {
                b.append(w.seed()).append('\t').append(w.pod()).append('\t').append(w.cls()).append('\t').append(w.rule()).append('\t')
                        .append(w.confidence()).append('\t').append(w.reason().replace('\t', ' ').replace('\n', ' ')).append('\t').append(w.band())
                        .append('\n');
            }
            return b.toString();
        }
    }
}
