package dev.argoforensics.index;

import java.util.List;

/**
 * A hit with the events around it in the same file ({@code --context N}).
 *
 * @param before up to N events of the same file just before the hit, in file order
 * @param after  up to N events just after it
 */
public record SearchMatch(SearchHit hit, List<SearchHit> before, List<SearchHit> after) {
    public SearchMatch {
        before = List.copyOf(before);
        after = List.copyOf(after);
    }
}
