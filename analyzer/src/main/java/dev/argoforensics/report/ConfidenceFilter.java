package dev.argoforensics.report;

import dev.argoforensics.rules.Confidence;
import dev.argoforensics.rules.Finding;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What {@code --min-confidence} kept out of a report: the least confidence reported, and how many
 * findings of each rule and confidence fell below it. Only counts are kept: a finding left out is
 * not in the report at all, so no format (JSON included) can show it, and the headline and the exit
 * status are decided without it.
 *
 * @param minimum the least confidence reported ({@link Confidence#POSSIBLE}: every finding)
 * @param leftOut by rule ID, how many findings of each confidence were left out (no entry: none)
 */
public record ConfidenceFilter(Confidence minimum, Map<String, Map<Confidence, Integer>> leftOut) {
    /** Every finding reported: the default. */
    public static final ConfidenceFilter ALL = new ConfidenceFilter(Confidence.POSSIBLE, Map.of());

    public ConfidenceFilter {
        TreeMap<String, Map<Confidence, Integer>> copy = new TreeMap<>();
        leftOut.forEach((rule, counts) -> {
            EnumMap<Confidence, Integer> c = new EnumMap<>(Confidence.class);
            counts.forEach((confidence, n) -> {
                if (n > 0) {
                    c.put(confidence, n);
                }
            });
            if (!c.isEmpty()) {
                copy.put(rule, Collections.unmodifiableMap(c));
            }
        });
        leftOut = Collections.unmodifiableMap(copy);
    }

    /** The filter of {@code --min-confidence minimum}, with the findings it leaves out of {@code all} counted. */
    public static ConfidenceFilter of(Confidence minimum, List<Finding> all) {
        Map<String, Map<Confidence, Integer>> counts = new TreeMap<>();
        for (Finding f : all) {
            if (!reports(minimum, f.confidence())) {
                counts.computeIfAbsent(f.rule(), k -> new EnumMap<>(Confidence.class)).merge(f.confidence(), 1, Integer::sum);
            }
        }
        return new ConfidenceFilter(minimum, counts);
    }

    /** True if a finding of this confidence is reported. */
    public boolean reports(Confidence c) {
        return reports(minimum, c);
    }

    private static boolean reports(Confidence minimum, Confidence c) {
        return c.compareTo(minimum) <= 0;
    }

    /** How many findings were left out in all. */
    public int total() {
        return leftOut.values().stream().flatMap(m -> m.values().stream()).mapToInt(Integer::intValue).sum();
    }

    /** How many of this rule's findings were left out. */
    public int ofRule(String rule) {
        return leftOut.getOrDefault(rule, Map.of()).values().stream().mapToInt(Integer::intValue).sum();
    }

    /** How many findings of this confidence were left out. */
    public int ofConfidence(Confidence c) {
        return leftOut.values().stream().mapToInt(m -> m.getOrDefault(c, 0)).sum();
    }

    /** The option as written on the command line: {@code --min-confidence likely}. */
    public String option() {
        return "--min-confidence " + minimum.label();
    }

    /**
     * Reads a {@code --min-confidence} value, in any case.
     *
     * @throws IllegalArgumentException naming the values allowed
     */
    public static Confidence parse(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        for (Confidence c : Confidence.values()) {
            if (c.label().equals(t)) {
                return c;
            }
        }
        throw new IllegalArgumentException("expected one of confirmed, likely, possible; found \"" + text + "\"");
    }
}
