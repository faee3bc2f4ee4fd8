package dev.argoforensics.catalog;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What some lines say about the Argo release that wrote them: the range they leave, and the
 * catalog entries and fingerprints that narrowed it (a report names the ones that bound it).
 *
 * @param constraints each narrowing piece of evidence with the range it allows, in the order seen
 * @param conflicting the lines point to releases that share nothing (two releases in one stream)
 */
public record ReleaseEvidence(ReleaseRange range, List<Constraint> constraints, boolean conflicting) {
    public static final ReleaseEvidence NONE = new ReleaseEvidence(ReleaseRange.ALL, List.of(), false);

    public ReleaseEvidence {
        constraints = List.copyOf(constraints);
    }

    /** One piece of evidence: a catalog entry, a fingerprint, or a printed version. */
    public record Constraint(String id, ReleaseRange range) {
    }

    /** Narrows by another piece of evidence. */
    public ReleaseEvidence and(ReleaseRange other, String id) {
        if (other.isAll()) {
            return this;
        }
        ReleaseRange both = range.intersect(other);
        if (both.isEmpty()) {
            return new ReleaseEvidence(range, constraints, true);
        }
        if (both.equals(range)) {
            return this;
        }
        List<Constraint> c = new ArrayList<>(constraints);
        c.add(new Constraint(id, other));
        return new ReleaseEvidence(both, c, conflicting);
    }

    public ReleaseEvidence and(ReleaseEvidence other) {
        ReleaseEvidence e = this;
        for (Constraint c : other.constraints) {
            e = e.and(c.range(), c.id());
        }
        return other.conflicting ? new ReleaseEvidence(e.range, e.constraints, true) : e;
    }

    /** "v4.1.3 (Starting Workflow Controller version=v4.1.3)", "v3.6.5 to v3.7.18 (queuing-poddelay-v3)"; null if nothing is known. */
    public String describe() {
        if (range.isAll()) {
            return null;
        }
        Set<String> binding = new LinkedHashSet<>();
        for (Constraint c : constraints) {
            boolean low = c.range().low() != null && Objects.equals(c.range().low(), range.low());
            boolean high = c.range().high() != null && Objects.equals(c.range().high(), range.high());
            if (low || high) {
                binding.add(c.id());
            }
        }
        return range + " (" + String.join(", ", binding) + (conflicting ? "; some lines point elsewhere" : "") + ")";
    }
}
