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

    /** How the id of a printed version's constraint starts: the start banner, which settles the release. */
    public static final String PRINTED = "Starting Workflow Controller version=";

    /**
     * Narrows by another piece of evidence. The catalog reads releases from {@link ReleaseRange#FLOOR} on: an entry's first release
     * at that floor ({@code v3.4+}, {@code v3.4-v3.7}) says where the checking began, not that older releases do not print it. So
     * where a piece points wholly before the floor (v2.12's {@code Pod failed}, a banner {@code version=v2.12.13}), the others' floors
     * give way and the range is what the lines show ({@code v2.12.x}), never {@code v3.4.0 …} with "some lines point elsewhere".
     * A printed version that still shares nothing with the lines settles the release all the same, the conflict said.
     */
    public ReleaseEvidence and(ReleaseRange other, String id) {
        if (other.isAll()) {
            return this;
        }
        ReleaseRange both = range.intersect(other);
        if (both.isEmpty()) {
            ReleaseRange below = other.withoutFloor();
            for (Constraint c : constraints) {
                below = below.intersect(c.range().withoutFloor());
            }
            List<Constraint> c = new ArrayList<>(constraints);
            c.add(new Constraint(id, other));
            if (!below.isEmpty()) {
                return new ReleaseEvidence(below, c, conflicting);
            }
            if (id.startsWith(PRINTED) && constraints.stream().noneMatch(k -> k.id().startsWith(PRINTED))) {
                return new ReleaseEvidence(other, List.of(new Constraint(id, other)), true);
            }
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
