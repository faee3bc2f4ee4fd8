package dev.argoforensics.timeline;

import dev.argoforensics.event.LogEvent;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Lines sorted by time, to find those within a span by a binary search instead of a walk of them all;
 * the lines found come back in the order they were given in.
 */
final class TimeIndex {
    private final List<LogEvent> byTime;
    private final List<Integer> given;

    TimeIndex(List<LogEvent> lines) {
        List<Integer> order = new ArrayList<>(lines.size());
        for (int i = 0; i < lines.size(); i++) {
            order.add(i);
        }
        order.sort(Comparator.comparing((Integer i) -> lines.get(i).time().instant()).thenComparingInt(i -> i));
        this.byTime = new ArrayList<>(lines.size());
        order.forEach(i -> byTime.add(lines.get(i)));
        this.given = order;
    }

    /** The lines whose time is at or after {@code first} and at or before {@code last}, in the order given. */
    List<LogEvent> within(Timestamp first, Timestamp last) {
        int lo = 0;
        int hi = byTime.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (byTime.get(mid).time().instant().isBefore(first.instant())) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        List<Integer> found = new ArrayList<>();
        for (int i = lo; i < byTime.size() && !byTime.get(i).time().instant().isAfter(last.instant()); i++) {
            found.add(i);
        }
        found.sort(Comparator.comparingInt(given::get));
        List<LogEvent> out = new ArrayList<>(found.size());
        found.forEach(i -> out.add(byTime.get(i)));
        return out;
    }
}
