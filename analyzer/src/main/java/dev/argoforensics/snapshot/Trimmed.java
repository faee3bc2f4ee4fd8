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
    /** The mark of a Pod export that ends before the {@code status} every Pod has ({@link ObjectDecoder#endCut}): cut after its last line. */
    public static final String END = "(the export ends here, without the status every Pod has)";

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
    public record Cut(long line, List<String> path, String mark, List<Span> spans) {
        public Cut {
            path = List.copyOf(path);
            spans = spans == null ? List.of() : List.copyOf(spans);
        }

        public Cut(long line, List<String> path, String mark) {
            this(line, path, mark, List.of());
        }

        /** Whether the cut may have held the field at {@code path}: in the mapping it stands in, or where it reached beyond it. */
        boolean mayHold(String... path) {
            int n = Math.min(this.path.size(), path.length);
            boolean related = true;
            for (int i = 0; i < n && related; i++) {
                related = this.path.get(i).equals(path[i]);
            }
            if (related) {
                return true;
            }
            for (Span s : spans) {
                if (s.covers(path)) {
                    return true;
                }
            }
            return false;
        }

        /** "12 (under status.containerStatuses)", "3 (at the top of the object)", "its end (under metadata.finalizers)". */
        String describe() {
            return (END.equals(mark) ? "its end" : String.valueOf(line)) + (path.isEmpty() ? " (at the top of the object)" : " (under " + String.join(".", path) + ")");
        }
    }

    /**
     * Where a mark's cut may have reached beyond the mapping its indentation puts it in (review s26): the next line of the export
     * stands further out, so the lines left out may have run on through the rest of each mapping between, up to that line. In the
     * mapping at {@code parent}, the keys after {@code after} (the one open at the mark) and before {@code before} (the key of the
     * next line; null: to the mapping's end) may have been cut. kubectl and argo print keys in sorted order, so a key outside that
     * range stands elsewhere (before the mark, or after the next line); where the two are not in that order, any key of the mapping
     * may have been cut.
     */
    public record Span(List<String> parent, String after, String before) {
        public Span {
            parent = List.copyOf(parent);
        }

        boolean covers(String... path) {
            if (path.length <= parent.size()) {
                return false;
            }
            for (int i = 0; i < parent.size(); i++) {
                if (!parent.get(i).equals(path[i])) {
                    return false;
                }
            }
            String key = path[parent.size()];
            if (before != null && after.compareTo(before) >= 0) {
                return true; // not in kubectl's order: where the key stood is not known
            }
            return key.compareTo(after) > 0 && (before == null || key.compareTo(before) < 0);
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
            if (c.mayHold(path)) {
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
