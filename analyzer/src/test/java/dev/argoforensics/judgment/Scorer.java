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
 * matches its findings to the truth file's Pods by namespace/name (and UID when the finding has one)
 * and counts, per rule and per scenario class, true and false positives and misses: once for every
 * finding, once for {@code confirmed} and {@code likely} only.
 */
final class Scorer {
    static final List<String> RULES = List.of("AF001", "AF002", "AF004", "AF007");
    static final List<String> CONFIDENCES = List.of("confirmed", "likely", "possible");
    static final String NOT_IN_TRUTH = "(not in truth)";

    record TruthPod(String namespace, String name, String uid, String cls, boolean ofInterest, Map<String, Boolean> expected, Long delayNanos,
                    List<Long> sameDueDelays, String controller, String release, boolean exitCodesExported, String story) {
        String key() {
            return namespace + "/" + name;
        }
    }

    record Finding(String rule, String confidence, String reason, String namespace, String name, String uid, Long delayNanos) {
        String key() {
            return namespace + "/" + name;
        }
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
                    expected.put(rule, n.path("expected").path(rule).asBoolean());
                }
                JsonNode d = n.get("af001DelayNanos");
                List<Long> same = new ArrayList<>();
                for (JsonNode x : n.path("af001SameDueDelays")) {
                    same.add(x.asLong());
                }
                out.add(new TruthPod(n.get("namespace").asText(), n.get("name").asText(), n.get("uid").asText(), n.get("class").asText(),
                        n.get("ofInterest").asBoolean(), expected, d == null || d.isNull() ? null : d.asLong(), same, n.get("controller").asText(),
                        n.get("release").asText(), n.path("facts").path("exitCodesExported").asBoolean(), story(n.path("facts"))));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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
                findings.add(new Finding(f.path("rule").asText(), f.path("confidence").asText(), f.path("confidenceReason").asText(),
                        pod.path("namespace").asText(), pod.path("name").asText(), pod.path("uid").isNull() ? null : pod.path("uid").asText(null),
                        d == null || d.isNull() ? null : d.asLong()));
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

    record Wrong(long seed, String pod, String cls, String rule, String confidence, String reason) {
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
        int duplicateFindings;

        Tally() {
            for (String r : RULES) {
                all.put(r, new Counts());
                strong.put(r, new Counts());
                allByClass.put(r, new TreeMap<>());
                strongByClass.put(r, new TreeMap<>());
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

        void add(long seed, List<TruthPod> truth, Analysis analysis) {
            corpora++;
            logLines += analysis.logLines();
            logUnparsed += analysis.logUnparsed();
            exportObjects += analysis.objects();
            objectsUnreadable += analysis.objectsUnreadable();
            Map<String, TruthPod> byKey = new HashMap<>();
            for (TruthPod t : truth) {
                byKey.put(t.key(), t);
                pods++;
                if (t.ofInterest) {
                    podsOfInterest++;
                }
                podsByClass.merge(t.cls(), 1, Integer::sum);
                for (String r : RULES) {
                    if (t.expected().get(r)) {
                        positivesByClass.computeIfAbsent(t.cls(), k -> new TreeMap<>()).merge(r, 1, Integer::sum);
                    }
                }
            }
            for (String rule : RULES) {
                // The best finding of this rule per Pod (several findings for one Pod count once).
                Map<String, Finding> best = new TreeMap<>();
                Map<String, List<Finding>> every = new HashMap<>();
                for (Finding f : analysis.findings()) {
                    if (!f.rule().equals(rule)) {
                        continue;
                    }
                    TruthPod t = byKey.get(f.key());
                    String key = t != null && (f.uid() == null || f.uid().equals(t.uid())) ? f.key() : NOT_IN_TRUTH + " " + f.key();
                    every.computeIfAbsent(key, k -> new ArrayList<>()).add(f);
                    Finding b = best.get(key);
                    if (b == null || rank(f.confidence()) < rank(b.confidence())) {
                        best.put(key, f);
                    } else {
                        duplicateFindings++;
                    }
                }
                for (Map.Entry<String, Finding> e : best.entrySet()) {
                    Finding f = e.getValue();
                    TruthPod t = e.getKey().startsWith(NOT_IN_TRUTH) ? null : byKey.get(e.getKey());
                    String cls = t == null ? NOT_IN_TRUTH : t.cls();
                    boolean positive = t != null && t.expected().get(rule);
                    boolean isStrong = rank(f.confidence()) <= 1;
                    int[] conf = byConfidence.get(rule).computeIfAbsent(f.confidence(), k -> new int[2]);
                    conf[positive ? 0 : 1]++;
                    count(rule, cls, false, positive ? 1 : 0, positive ? 0 : 1, 0);
                    if (isStrong) {
                        count(rule, cls, true, positive ? 1 : 0, positive ? 0 : 1, 0);
                    } else if (positive) {
                        count(rule, cls, true, 0, 0, 1);
                        missed.add(new Missed(seed, f.key(), cls, rule + " (confirmed+likely)", f.confidence() + ": " + f.reason()));
                    }
                    if (!positive) {
                        wrong.add(new Wrong(seed, f.key(), cls, rule, f.confidence(), f.reason()));
                    }
                    if (positive && rule.equals("AF001")) {
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
                            delayMismatches.add(new DelayMismatch(seed, f.key(), cls, t.delayNanos(), found,
                                    found != null && t.sameDueDelays().contains(found)));
                        }
                    }
                }
                for (TruthPod t : truth) {
                    if (t.expected().get(rule) && !best.containsKey(t.key())) {
                        count(rule, t.cls(), false, 0, 0, 1);
                        count(rule, t.cls(), true, 0, 0, 1);
                        missed.add(new Missed(seed, t.key(), t.cls(), rule, (rule.equals("AF002") && !t.exitCodesExported()
                                ? "no export shows the exit codes; " : "") + t.story()));
                    }
                }
            }
        }

        private void count(String rule, String cls, boolean strongOnly, int tp, int fp, int fn) {
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
            b.append(String.format(Locale.ROOT, "corpora %d, log lines %,d (unparsed %d), exported objects %,d (unreadable %d), pods %,d (of interest %,d)%n",
                    corpora, logLines, logUnparsed, exportObjects, objectsUnreadable, pods, podsOfInterest));
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
            for (boolean strongOnly : new boolean[] {false, true}) {
                b.append('\n').append(strongOnly ? "Per scenario class, confirmed + likely only (TP/FP/FN)\n"
                        : "Per scenario class, every finding (TP/FP/FN; truth = Pods expected to have the finding)\n");
                b.append(String.format(Locale.ROOT, "%-26s %6s", "class", "pods"));
                for (String r : RULES) {
                    b.append(String.format(Locale.ROOT, " %16s", r + " (truth)"));
                }
                b.append('\n');
                TreeSet<String> classes = new TreeSet<>(podsByClass.keySet());
                for (String r : RULES) {
                    classes.addAll((strongOnly ? strongByClass : allByClass).get(r).keySet());
                }
                for (String cls : classes) {
                    b.append(String.format(Locale.ROOT, "%-26s %6d", cls, podsByClass.getOrDefault(cls, 0)));
                    for (String r : RULES) {
                        Counts c = (strongOnly ? strongByClass : allByClass).get(r).getOrDefault(cls, new Counts());
                        int truthCount = positivesByClass.getOrDefault(cls, Map.of()).getOrDefault(r, 0);
                        b.append(String.format(Locale.ROOT, " %16s", c.tp + "/" + c.fp + "/" + c.fn + " (" + truthCount + ")"));
                    }
                    b.append('\n');
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
            StringBuilder b = new StringBuilder("seed\tpod\tclass\trule\tconfidence\tconfidenceReason\n");
            for (Wrong w : wrong) {
                b.append(w.seed()).append('\t').append(w.pod()).append('\t').append(w.cls()).append('\t').append(w.rule()).append('\t')
                        .append(w.confidence()).append('\t').append(w.reason().replace('\t', ' ').replace('\n', ' ')).append('\n');
            }
            return b.toString();
        }
    }
}
