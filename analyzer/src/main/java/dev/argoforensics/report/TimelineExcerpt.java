package dev.argoforensics.report;

import dev.argoforensics.rules.EvidenceLine;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.timeline.Timeline;
import dev.argoforensics.timeline.TimelineEntry;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The part of a Pod's timeline a finding rests on: the entries between its first and its last
 * dated evidence line, the cited log lines marked. When the span holds more than the limit, the
 * entries nearest to a cited one are kept, and the rest are counted, never dropped silently.
 *
 * @param lines   the entries shown, in timeline order
 * @param omitted entries of the span that were left out
 * @param total   entries in the whole timeline
 */
public record TimelineExcerpt(List<Line> lines, int omitted, int total) {
    /** Entries an excerpt shows at most. */
    public static final int LIMIT = 40;

    public TimelineExcerpt {
        lines = List.copyOf(lines);
    }

    /** One entry, and whether the finding cites it as evidence. */
    public record Line(TimelineEntry entry, boolean cited) {
    }

    public static TimelineExcerpt of(Finding finding, Timeline timeline) {
        return of(finding, timeline, LIMIT);
    }

    static TimelineExcerpt of(Finding finding, Timeline timeline, int limit) {
        Set<SourceRef> cited = new HashSet<>();
        Instant first = null;
        Instant last = null;
        for (EvidenceLine e : finding.evidence()) {
            Timestamp t = e.time();
            if (t != null) {
                cited.add(e.source());
                first = first == null || t.instant().isBefore(first) ? t.instant() : first;
                last = last == null || t.instant().isAfter(last) ? t.instant() : last;
            }
        }
        List<TimelineEntry> span = new ArrayList<>();
        for (TimelineEntry e : timeline.entries()) {
            Instant at = e.time().instant();
            if (first != null && !at.isBefore(first) && !at.isAfter(last)) {
                span.add(e);
            }
        }
        boolean[] keep = new boolean[span.size()];
        nearestToCited(span, cited).stream().limit(limit).forEach(i -> keep[i] = true);
        List<Line> lines = new ArrayList<>();
        for (int i = 0; i < span.size(); i++) {
            if (keep[i]) {
                lines.add(new Line(span.get(i), isCited(span.get(i), cited)));
            }
        }
        return new TimelineExcerpt(lines, span.size() - lines.size(), timeline.entries().size());
    }

    /** A log line the finding quotes (entries derived from that line, such as finalizer:removed, share its source). */
    private static boolean isCited(TimelineEntry e, Set<SourceRef> cited) {
        return e.kind().startsWith("log:") && cited.contains(e.source());
    }

    /** Indices of the span, nearest to a cited entry first (ties in timeline order). */
    private static List<Integer> nearestToCited(List<TimelineEntry> span, Set<SourceRef> cited) {
        int[] distance = new int[span.size()];
        int lastCited = -1;
        for (int i = 0; i < span.size(); i++) {
            lastCited = isCited(span.get(i), cited) ? i : lastCited;
            distance[i] = lastCited < 0 ? Integer.MAX_VALUE : i - lastCited;
        }
        int nextCited = -1;
        for (int i = span.size() - 1; i >= 0; i--) {
            nextCited = isCited(span.get(i), cited) ? i : nextCited;
            distance[i] = nextCited < 0 ? distance[i] : Math.min(distance[i], nextCited - i);
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < span.size(); i++) {
            order.add(i);
        }
        order.sort(Comparator.<Integer>comparingInt(i -> distance[i]).thenComparingInt(i -> i));
        return order;
    }
}
