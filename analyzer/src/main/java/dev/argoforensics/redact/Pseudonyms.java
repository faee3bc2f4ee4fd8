package dev.argoforensics.redact;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Gives every identifier its pseudonym: the kind's prefix and the first hex digits of the keyed
 * hash ({@code ns-3fa2c1}), longer only where two would collide. A Pod or node whose name starts
 * with its Workflow's name keeps that structure ({@code wf-81b0e4-pod-5c11d2},
 * {@code wf-81b0e4.node-9d3e11}), so the story still reads.
 */
final class Pseudonyms {
    private static final int HASH_DIGITS = 6;

    private final RedactionKey key;
    private final Map<String, Pseudonym> byOriginal = new HashMap<>();
    private final Set<String> used = new HashSet<>();
    private final List<String> workflowsLongestFirst = new ArrayList<>();

    Pseudonyms(RedactionKey key, Identifiers identifiers) {
        this.key = key;
        identifiers.all().forEach((value, kind) -> {
            if (kind == IdentifierKind.WORKFLOW) {
                workflowsLongestFirst.add(value);
            }
        });
        workflowsLongestFirst.sort(Comparator.comparingInt(String::length).reversed().thenComparing(Comparator.naturalOrder()));
        // Workflows first: Pod and node pseudonyms are built on theirs.
        workflowsLongestFirst.stream().sorted().forEach(w -> assign(IdentifierKind.WORKFLOW, w));
        identifiers.all().forEach((value, kind) -> assign(kind, value));
    }

    /** Gives an identifier a pseudonym chosen by the caller (folders are numbered, not hashed). */
    void fix(IdentifierKind kind, String original, String pseudonym) {
        if (!byOriginal.containsKey(original) && used.add(pseudonym)) {
            byOriginal.put(original, new Pseudonym(pseudonym, kind, original));
        }
    }

    /** The pseudonym of an identifier, given one if it has none yet (values found by pattern). */
    String assign(IdentifierKind kind, String original) {
        Pseudonym known = byOriginal.get(original);
        if (known != null) {
            return known.pseudonym();
        }
        String stem = kind.prefix();
        if (kind == IdentifierKind.POD || kind == IdentifierKind.NODE) {
            for (String w : workflowsLongestFirst) {
                if (original.length() > w.length() && original.startsWith(w) && "-[.(".indexOf(original.charAt(w.length())) >= 0) {
                    stem = assign(IdentifierKind.WORKFLOW, w) + (original.charAt(w.length()) == '-' ? "-" : ".") + kind.prefix();
                    break;
                }
            }
        }
        String hash = key.hash(kind.name() + ":" + original);
        String pseudonym;
        int digits = HASH_DIGITS;
        do {
            pseudonym = stem + "-" + hash.substring(0, digits);
            digits += 2;
        } while (!used.add(pseudonym));
        byOriginal.put(original, new Pseudonym(pseudonym, kind, original));
        return pseudonym;
    }

    /** The identifiers known so far, longest first: the order in which text is searched for them. */
    List<String> originalsLongestFirst() {
        List<String> all = new ArrayList<>(byOriginal.keySet());
        all.sort(Comparator.comparingInt(String::length).reversed().thenComparing(Comparator.naturalOrder()));
        return all;
    }

    /** True if the text is a pseudonym given in this run (a text redacted twice keeps its pseudonyms). */
    boolean isPseudonym(String text) {
        return used.contains(text);
    }

    int size() {
        return byOriginal.size();
    }

    String of(String original) {
        Pseudonym p = byOriginal.get(original);
        return p == null ? null : p.pseudonym();
    }

    /** Every replacement made, by pseudonym. */
    List<Pseudonym> all() {
        List<Pseudonym> out = new ArrayList<>(byOriginal.values());
        out.sort(Comparator.comparing(Pseudonym::pseudonym));
        return out;
    }
}
