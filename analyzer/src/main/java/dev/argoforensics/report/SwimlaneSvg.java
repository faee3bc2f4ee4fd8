package dev.argoforensics.report;

import dev.argoforensics.rules.Finding;
import dev.argoforensics.time.GoDuration;
import dev.argoforensics.time.TimeFormat;
import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.timeline.Timeline;
import dev.argoforensics.timeline.TimelineEntry;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One Pod's timeline drawn as an inline SVG swimlane: one lane per source, taken from the entry
 * kind's prefix ({@code log:} and {@code finalizer:}, {@code pod:}, {@code node:}, {@code taskresult:},
 * {@code event:} and {@code audit:}, and {@code check:} and {@code lifecycle:} when there are cross-checks; an unknown prefix
 * gets a lane of its own), one dot per entry with its text as a
 * tooltip, and vertical markers for what a reader looks for first: deletion requested, finalizer
 * removed, the node's result persisted (the lifecycle's fact: before the release, or no later than a labelling after it, or,
 * without a release, where the lines show it; not any Workflow update, which may store the node Pending or Running), error recorded. An AF001 finding's negative delay is drawn as the band
 * between the release deadline and the removal.
 *
 * <p>Everything from the inputs is escaped; markers carry {@code data-marker} and {@code data-time}
 * attributes so that tests can read the drawing.
 */
final class SwimlaneSvg {
    private static final int WIDTH = 1000;
    private static final int LABEL_WIDTH = 150;
    private static final int PLOT_LEFT = LABEL_WIDTH + 20;
    private static final int PLOT_RIGHT = WIDTH - 30;
    private static final int LANE_HEIGHT = 34;
    private static final int MARKER_ROW = 16;
    private static final int MARKER_ROWS = 4;
    private static final int AXIS_HEIGHT = 30;
    /** Markers of one kind closer than this (in px) share one label. */
    private static final int LABEL_GAP = 130;

    /** A lane: which kind prefixes it holds and what it is called. */
    private record Lane(String name, List<String> prefixes) {
    }

    private static final List<Lane> STANDARD_LANES = List.of(
            new Lane("controller log", List.of("log", "finalizer")),
            new Lane("Pod", List.of("pod")),
            new Lane("Workflow node", List.of("node")),
            new Lane("task result", List.of("taskresult")),
            new Lane("Events / audit", List.of("event", "audit")));

    /** A vertical line across the lanes. */
    private record Marker(String kind, String label, Instant at, String time, String cssClass) {
    }

    private SwimlaneSvg() {
    }

    static String draw(Timeline t, List<Finding> findings) {
        List<Lane> lanes = lanes(t);
        List<Marker> markers = markers(t, findings);
        Instant from = null;
        Instant to = null;
        for (TimelineEntry e : t.entries()) {
            from = from == null || e.time().instant().isBefore(from) ? e.time().instant() : from;
            to = to == null || e.time().instant().isAfter(to) ? e.time().instant() : to;
        }
        for (Marker m : markers) {
            from = from == null || m.at().isBefore(from) ? m.at() : from;
            to = to == null || m.at().isAfter(to) ? m.at() : to;
        }
        if (from == null) {
            return "";
        }
        Scale x = new Scale(from, to);
        Set<Integer> occupied = new HashSet<>();
        t.entries().forEach(e -> occupied.add(laneOf(lanes, prefix(e.kind()))));
        int top = MARKER_ROWS * MARKER_ROW + 8;
        int lanesBottom = top + lanes.size() * LANE_HEIGHT;
        int height = lanesBottom + AXIS_HEIGHT;
        StringBuilder b = new StringBuilder();
        b.append("<svg class=\"swimlane\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(height)
                .append("\" role=\"img\" aria-label=\"").append(Html.escape("Timeline of Pod " + t.pod())).append("\">\n");
        b.append("<title>").append(Html.escape("Timeline of Pod " + t.pod())).append("</title>\n");
        for (int i = 0; i < lanes.size(); i++) {
            int y = top + i * LANE_HEIGHT;
            b.append("<rect class=\"lane lane-").append(i % 2).append("\" x=\"0\" y=\"").append(y).append("\" width=\"").append(WIDTH)
                    .append("\" height=\"").append(LANE_HEIGHT).append("\"/>\n");
            b.append("<text class=\"lane-label\" x=\"8\" y=\"").append(y + LANE_HEIGHT / 2 + 4).append("\">")
                    .append(Html.escape(lanes.get(i).name())).append("</text>\n");
            if (!occupied.contains(i)) {
                b.append("<text class=\"lane-empty\" x=\"").append(PLOT_LEFT).append("\" y=\"").append(y + LANE_HEIGHT / 2 + 4)
                        .append("\">no entries in the inputs</text>\n");
            }
        }
        List<String> bandLabels = band(b, findings, x, top, lanesBottom);
        axis(b, x, lanesBottom);
        drawMarkers(b, markers, x, top, lanesBottom);
        for (TimelineEntry e : t.entries()) {
            int lane = laneOf(lanes, prefix(e.kind()));
            int cy = top + lane * LANE_HEIGHT + LANE_HEIGHT / 2;
            b.append("<circle class=\"entry entry-").append(Html.escape(prefix(e.kind()))).append(e.lowerBound() ? " lower-bound" : "")
                    .append("\" cx=\"").append(x.at(e.time().instant())).append("\" cy=\"").append(cy).append("\" r=\"")
                    .append(e.lowerBound() ? "8" : "4.5").append("\"><title>")
                    .append(Html.escape((e.lowerBound() ? "≥ " : "") + e.time().format() + "  " + e.source() + "\n" + e.text()))
                    .append("</title></circle>\n");
        }
        bandLabels.forEach(b::append);
        b.append("</svg>\n");
        return b.toString();
    }

    /** Lanes drawn only when the timeline has such entries: they are derived, not a source. */
    private static final List<Lane> DERIVED_LANES = List.of(new Lane("cross-checks", List.of("check", "lifecycle")));

    private static List<Lane> lanes(Timeline t) {
        List<Lane> lanes = new ArrayList<>(STANDARD_LANES);
        for (Lane derived : DERIVED_LANES) {
            if (t.entries().stream().anyMatch(e -> derived.prefixes().contains(prefix(e.kind())))) {
                lanes.add(derived);
            }
        }
        for (TimelineEntry e : t.entries()) {
            String p = prefix(e.kind());
            if (laneOf(lanes, p) < 0) {
                lanes.add(new Lane(p, List.of(p)));
            }
        }
        return lanes;
    }

    private static int laneOf(List<Lane> lanes, String prefix) {
        for (int i = 0; i < lanes.size(); i++) {
            if (lanes.get(i).prefixes().contains(prefix)) {
                return i;
            }
        }
        return -1;
    }

    static String prefix(String kind) {
        int colon = kind.indexOf(':');
        return colon < 0 ? kind : kind.substring(0, colon);
    }

    private static List<Marker> markers(Timeline t, List<Finding> findings) {
        List<Marker> out = new ArrayList<>();
        for (TimelineEntry e : t.entries()) {
            String k = e.kind();
            if (k.equals("lifecycle:deletion-requested")) {
                out.add(new Marker("deletion-requested", "deletion requested", e.time().instant(), e.time().format(), "m-delete"));
            } else if (k.equals("lifecycle:result-persisted")) {
                // The lifecycle's fact (AF001's), not any Workflow update: one after the node appeared may store it Pending or Running.
                out.add(new Marker("result-persisted", "result persisted", e.time().instant(), e.time().format(), "m-persist"));
            } else if (k.equals("lifecycle:result-persisted-by")) {
                out.add(new Marker("result-persisted", "result persisted by", e.time().instant(), e.time().format(), "m-persist"));
            } else if (k.startsWith("log:mark-error-node") || k.startsWith("log:marking-node-as-error")) {
                out.add(new Marker("error-recorded", "error recorded", e.time().instant(), e.time().format(), "m-error"));
            } else if (k.equals("finalizer:removed")) {
                out.add(new Marker("finalizer-removed", "finalizer removed", e.time().instant(), e.time().format(), "m-removed"));
            }
        }
        for (Finding f : findings) {
            removedAt(f).filter(r -> out.stream().noneMatch(m -> m.kind().equals("finalizer-removed") && m.at().equals(r.instant())))
                    .ifPresent(r -> out.add(new Marker("finalizer-removed", "finalizer removed (" + f.rule() + ")", r.instant(), r.format(),
                            "m-removed")));
        }
        out.sort(java.util.Comparator.comparing(Marker::at));
        return out;
    }

    private static Optional<Timestamp> removedAt(Finding f) {
        return f.fact("finalizerRemovedAt").map(x -> x.value() instanceof String s ? s : null).map(s -> Timestamp.parseRfc3339(s, null, false));
    }

    /**
     * AF001's negative delay: the band from the release deadline to the removal. Its labels are returned, to be drawn last, over
     * the marker lines and dots the band's lane holds (drawn before them, a marker's line crossed the label and dots hid letters),
     * each kept inside the picture.
     */
    private static List<String> band(StringBuilder b, List<Finding> findings, Scale x, int top, int bottom) {
        List<String> labels = new ArrayList<>();
        for (Finding f : findings) {
            Optional<Timestamp> removed = removedAt(f);
            Optional<Object> delay = f.fact("delayNanos").map(d -> d.value());
            if (removed.isEmpty() || !(delay.orElse(null) instanceof Long nanos) || nanos >= 0) {
                continue;
            }
            Optional<String> recomputed = f.fact("recomputedDeadline").map(d -> d.value() instanceof String s ? s : null);
            Instant deadline = recomputed.map(s -> Timestamp.parseRfc3339(s, null, false).instant())
                    .orElse(removed.get().instant().plusNanos(nanos));
            int x0 = x.at(deadline);
            int x1 = x.at(removed.get().instant());
            String delayText = f.fact("delay").map(d -> String.valueOf(d.value())).orElse(GoDuration.format(nanos));
            String label = "delay " + delayText + ": the release deadline had passed";
            b.append("<g class=\"negative-delay\" data-marker=\"negative-delay\" data-from=\"")
                    .append(format(deadline)).append("\" data-to=\"").append(removed.get().format()).append("\">")
                    .append("<rect x=\"").append(x0).append("\" y=\"").append(top).append("\" width=\"").append(Math.max(1, x1 - x0))
                    .append("\" height=\"").append(bottom - top).append("\"><title>")
                    .append(Html.escape(label + " (" + (recomputed.isPresent() ? "deadline from the Pod export " : "deadline ≈ ")
                            + format(deadline) + ", finalizer removed " + removed.get().format() + ")")).append("</title></rect></g>\n");
            int labelX = Math.min(Math.max(PLOT_LEFT, x0) + 4, WIDTH - label.length() * 6 - 8);
            labels.add("<text class=\"band-label\" data-marker=\"negative-delay-label\" data-from=\"" + format(deadline) + "\" x=\"" + labelX
                    + "\" y=\"" + (bottom - 4) + "\">" + Html.escape(label) + "</text>\n");
        }
        return labels;
    }

    private static void drawMarkers(StringBuilder b, List<Marker> markers, Scale x, int top, int bottom) {
        Map<String, Integer> lastLabelled = new LinkedHashMap<>();
        int[] rowEnd = new int[MARKER_ROWS];
        for (Marker m : markers) {
            int mx = x.at(m.at());
            b.append("<g class=\"marker ").append(m.cssClass()).append("\" data-marker=\"").append(m.kind()).append("\" data-time=\"")
                    .append(m.time()).append("\" data-x=\"").append(mx).append("\">");
            b.append("<line x1=\"").append(mx).append("\" y1=\"").append(top - 4).append("\" x2=\"").append(mx).append("\" y2=\"")
                    .append(bottom).append("\"><title>").append(Html.escape(m.label() + " " + m.time())).append("</title></line>");
            Integer previous = lastLabelled.get(m.kind());
            if (previous == null || mx - previous >= LABEL_GAP) {
                String label = m.label() + " " + m.time().substring(11);
                int width = label.length() * 6 + 8;
                int anchorX = Math.min(mx + 3, WIDTH - width);
                int row = 0;
                while (row < MARKER_ROWS - 1 && rowEnd[row] > anchorX) {
                    row++;
                }
                rowEnd[row] = anchorX + width;
                b.append("<text class=\"marker-label\" x=\"").append(anchorX).append("\" y=\"").append(12 + row * MARKER_ROW).append("\">")
                        .append(Html.escape(label)).append("</text>");
                lastLabelled.put(m.kind(), mx);
            }
            b.append("</g>\n");
        }
    }

    private static void axis(StringBuilder b, Scale x, int y) {
        b.append("<line class=\"axis\" x1=\"").append(PLOT_LEFT).append("\" y1=\"").append(y).append("\" x2=\"").append(PLOT_RIGHT)
                .append("\" y2=\"").append(y).append("\"/>\n");
        long step = x.tickStepNanos();
        long first = Math.floorDiv(x.fromNanos(), step) * step;
        for (long t = first; t <= x.toNanos(); t += step) {
            if (t < x.fromNanos()) {
                continue;
            }
            Instant at = Instant.ofEpochSecond(Math.floorDiv(t, 1_000_000_000L), Math.floorMod(t, 1_000_000_000L));
            int tx = x.at(at);
            b.append("<line class=\"tick\" x1=\"").append(tx).append("\" y1=\"").append(y).append("\" x2=\"").append(tx).append("\" y2=\"")
                    .append(y + 5).append("\"/><text class=\"tick-label\" x=\"").append(tx).append("\" y=\"").append(y + 18).append("\">")
                    .append(x.label(at)).append("</text>\n");
        }
    }

    /** Time to x, linear over the span (padded so the ends are not on the edge). */
    private static final class Scale {
        private static final long[] STEPS = {1_000_000L, 10_000_000L, 100_000_000L, 1_000_000_000L, 2_000_000_000L, 5_000_000_000L,
            10_000_000_000L, 15_000_000_000L, 30_000_000_000L, 60_000_000_000L, 120_000_000_000L, 300_000_000_000L, 600_000_000_000L,
            900_000_000_000L, 1_800_000_000_000L, 3_600_000_000_000L, 7_200_000_000_000L, 21_600_000_000_000L, 43_200_000_000_000L,
            86_400_000_000_000L};

        private final long from;
        private final long to;

        Scale(Instant from, Instant to) {
            long a = nanos(from);
            long z = nanos(to);
            long pad = Math.max(1_000_000L, (z - a) / 40);
            this.from = a - pad;
            this.to = z + pad;
        }

        long fromNanos() {
            return from;
        }

        long toNanos() {
            return to;
        }

        int at(Instant t) {
            double f = (double) (nanos(t) - from) / (double) (to - from);
            return PLOT_LEFT + (int) Math.round(f * (PLOT_RIGHT - PLOT_LEFT));
        }

        /** A round step giving at most about eight ticks. */
        long tickStepNanos() {
            for (long s : STEPS) {
                if ((to - from) / s <= 8) {
                    return s;
                }
            }
            return STEPS[STEPS.length - 1] * Math.max(1, (to - from) / STEPS[STEPS.length - 1] / 8);
        }

        String label(Instant t) {
            LocalDateTime d = LocalDateTime.ofInstant(t, ZoneOffset.UTC);
            long step = tickStepNanos();
            if (step < 1_000_000_000L) {
                return String.format(Locale.ROOT, "%02d:%02d:%02d.%03d", d.getHour(), d.getMinute(), d.getSecond(), d.getNano() / 1_000_000);
            }
            return String.format(Locale.ROOT, "%02d:%02d:%02d", d.getHour(), d.getMinute(), d.getSecond());
        }

        private static long nanos(Instant t) {
            return Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000_000L), t.getNano());
        }
    }

    /** A computed instant in UTC, with milliseconds only if it has them. */
    private static String format(Instant t) {
        return TimeFormat.utc(t, t.getNano() == 0 ? TimePrecision.SECOND : TimePrecision.MILLISECOND);
    }
}
