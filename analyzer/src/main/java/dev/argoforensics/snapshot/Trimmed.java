package dev.argoforensics.snapshot;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Where lines were left out of a pasted export: a {@code kubectl get pod -o yaml} someone trimmed before pasting it, with
 * {@code ...}, {@code [...]}, {@code <snip>} or a {@code # trimmed} comment where they cut. What is present is read as it
 * stands; what the cut lines held is unknown, not absent: a field a cut may have held (a finalizer, a condition, a
 * container's state) is never read as missing.
 *
 * @param cuts each mark, in file order (empty: the export is whole)
 */
public record Trimmed(List<Cut> cuts) {
    public static final Trimmed NONE = new Trimmed(List.of());

    public Trimmed {
        cuts = List.copyOf(cuts);
    }

    /**
     * One mark of lines left out.
     *
     * @param line the mark's line
     * @param path the keys of the mapping the mark stands in, from the object's root (empty: the root, or nothing says where),
     *             as its indentation places it under the lines before it
     * @param mark the mark as written
     */
    public record Cut(long line, List<String> path, String mark) {
        public Cut {
            path = List.copyOf(path);
        }

        /** "12 (under status.containerStatuses)", "3 (at the top of the object)". */
        String describe() {
            return line + (path.isEmpty() ? " (at the top of the object)" : " (under " + String.join(".", path) + ")");
        }
    }

    /** Lines were left out of the export. */
    public boolean any() {
        return !cuts.isEmpty();
    }

    /**
     * Whether a cut may have held the field at {@code path} (or part of it): a cut in the field, or in a mapping that holds
     * it (a cut under {@code metadata} may have held {@code metadata.finalizers}).
     */
    public boolean hides(String... path) {
        for (Cut c : cuts) {
            int n = Math.min(c.path().size(), path.length);
            boolean related = true;
            for (int i = 0; i < n && related; i++) {
                related = c.path().get(i).equals(path[i]);
            }
            if (related) {
                return true;
            }
        }
        return false;
    }

    /** "lines left out at 12 (under metadata), 40 (under status.containerStatuses)". */
    public String describe() {
        return "lines left out at " + cuts.stream().map(Cut::describe).collect(Collectors.joining(", "));
    }
}
