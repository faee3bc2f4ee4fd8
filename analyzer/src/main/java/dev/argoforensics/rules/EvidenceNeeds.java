package dev.argoforensics.rules;

import dev.argoforensics.correlate.EvidenceKind;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a rule needs to decide: all of {@code required}, at least one of {@code anyOf} (if not
 * empty); {@code optional} evidence only raises confidence.
 */
public record EvidenceNeeds(Set<EvidenceKind> required, Set<EvidenceKind> anyOf, Set<EvidenceKind> optional) {

    public EvidenceNeeds {
        required = Set.copyOf(required);
        anyOf = Set.copyOf(anyOf);
        optional = Set.copyOf(optional);
    }

    /** What is missing for the rule to be evaluated at all; empty if it can run. */
    public List<String> missing(Set<EvidenceKind> available) {
        Set<EvidenceKind> lacking = EnumSet.noneOf(EvidenceKind.class);
        required.stream().filter(k -> !available.contains(k)).forEach(lacking::add);
        List<String> out = lacking.stream().sorted().map(EvidenceKind::description).collect(Collectors.toList());
        if (!anyOf.isEmpty() && anyOf.stream().noneMatch(available::contains)) {
            out.add("one of: " + anyOf.stream().sorted().map(EvidenceKind::description).collect(Collectors.joining(", ")));
        }
        return out;
    }

    /** Optional evidence the inputs did not hold: the rule ran, with less to go on. */
    public List<String> lackingOptional(Set<EvidenceKind> available) {
        return optional.stream().filter(k -> !available.contains(k)).sorted().map(EvidenceKind::description).toList();
    }
}
