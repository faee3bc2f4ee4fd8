package dev.argoforensics.rules;

import dev.argoforensics.correlate.EvidenceKind;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a rule needs to decide: all of {@code required}, and at least one kind of each
 * {@code anyOf} group; {@code optional} evidence only raises confidence.
 */
public record EvidenceNeeds(Set<EvidenceKind> required, List<Set<EvidenceKind>> anyOf, Set<EvidenceKind> optional) {

    public EvidenceNeeds {
        required = Set.copyOf(required);
        anyOf = anyOf.stream().map(Set::copyOf).toList();
        optional = Set.copyOf(optional);
    }

    /** What is missing for the rule to be evaluated at all; empty if it can run. */
    public List<String> missing(Set<EvidenceKind> available) {
        Set<EvidenceKind> lacking = EnumSet.noneOf(EvidenceKind.class);
        required.stream().filter(k -> !available.contains(k)).forEach(lacking::add);
        List<String> out = lacking.stream().sorted().map(EvidenceKind::description).collect(Collectors.toList());
        for (Set<EvidenceKind> group : anyOf) {
            if (group.stream().noneMatch(available::contains)) {
                out.add("one of: " + group.stream().sorted().map(EvidenceKind::description).collect(Collectors.joining(", ")));
            }
        }
        return out;
    }

    /** Optional evidence the inputs did not hold: the rule ran, with less to go on. */
    public List<String> lackingOptional(Set<EvidenceKind> available) {
        return optional.stream().filter(k -> !available.contains(k)).sorted().map(EvidenceKind::description).toList();
    }

    /** In words, for {@code argo-forensics rules} and the rule pages: "needs …; uses if present …". */
    public String describe() {
        StringBuilder b = new StringBuilder();
        List<String> parts = required.stream().sorted().map(EvidenceKind::description).collect(Collectors.toList());
        for (Set<EvidenceKind> group : anyOf) {
            parts.add(group.size() == 1 ? group.iterator().next().description()
                    : "one of (" + group.stream().sorted().map(EvidenceKind::description).collect(Collectors.joining(", ")) + ")");
        }
        b.append("needs ").append(String.join("; ", parts));
        if (!optional.isEmpty()) {
            b.append("; uses if present ").append(optional.stream().sorted().map(EvidenceKind::description).collect(Collectors.joining(", ")));
        }
        return b.toString();
    }
}
