package dev.argoforensics.catalog;

import java.util.Objects;

/**
 * The Argo releases a log statement (or a line's shape) appears in, from the catalog's
 * {@code releases} text: {@code all}, {@code v3.4+}, {@code v4} (every v4.x), {@code v3.6.5-v3.7.18},
 * {@code v3.4-v3.7} (every v3.7.x included); a parenthesised remark after it is ignored. {@link #parse} also reads back what
 * {@link #toString()} prints ({@code v3.5.5 to v3.5.11}, {@code v3.6.5 or later}, {@code v3.7.x}, {@code any release}), the form
 * a run's release takes when its lines' shapes alone narrow it ({@code ControllerProcess#release}).
 *
 * @param low  the first release, or null for "since the beginning"
 * @param high the last release (parts may be ANY), or null for "to this day"
 */
public record ReleaseRange(ArgoVersion low, ArgoVersion high) {
    public static final ReleaseRange ALL = new ReleaseRange(null, null);

    public static ReleaseRange parse(String text) {
        String t = text.strip();
        int remark = t.indexOf('(');
        if (remark >= 0) {
            t = t.substring(0, remark).strip();
        }
        if (t.isEmpty() || t.equals("all") || t.equals("any release")) {
            return ALL;
        }
        if (t.endsWith("+")) {
            return new ReleaseRange(bound(t.substring(0, t.length() - 1), 0), null);
        }
        if (t.endsWith(OR_LATER)) {
            return new ReleaseRange(bound(t.substring(0, t.length() - OR_LATER.length()), 0), null);
        }
        if (t.endsWith(OR_EARLIER)) {
            return new ReleaseRange(null, bound(t.substring(0, t.length() - OR_EARLIER.length()), ArgoVersion.ANY));
        }
        int to = t.indexOf(TO);
        if (to > 0) {
            return new ReleaseRange(bound(t.substring(0, to), 0), bound(t.substring(to + TO.length()), ArgoVersion.ANY));
        }
        int dash = t.indexOf("-v");
        if (dash > 0) {
            return new ReleaseRange(bound(t.substring(0, dash), 0), bound(t.substring(dash + 1), ArgoVersion.ANY));
        }
        return new ReleaseRange(bound(t, 0), bound(t, ArgoVersion.ANY));
    }

    private static final String OR_LATER = " or later";
    private static final String OR_EARLIER = " or earlier";
    private static final String TO = " to ";

    /** One end of a range: {@code v3.7.2}, {@code v3.7} or {@code v3.7.x} (as {@link ArgoVersion#toString()} prints an open part). */
    private static ArgoVersion bound(String text, int fill) {
        String t = text.strip();
        return ArgoVersion.parse(t.endsWith(".x") ? t.substring(0, t.length() - 2) : t, fill);
    }

    /** The first release the catalog's entries were read at: an entry's range starting there may start earlier. */
    public static final ArgoVersion FLOOR = ArgoVersion.exact("v3.4.0");

    /** This range with a first release at {@link #FLOOR} opened downwards: what an entry's range says of older releases. */
    public ReleaseRange withoutFloor() {
        return low != null && low.equals(FLOOR) ? new ReleaseRange(null, high) : this;
    }

    /** Whether a release or range name lies wholly before {@link #FLOOR}: releases no rule's reading of the source was checked at. */
    public static boolean beforeFloor(String name) {
        try {
            ArgoVersion high = parse(name).high();
            return high != null && high.compareTo(FLOOR) < 0;
        } catch (IllegalArgumentException notARelease) {
            return false;
        }
    }

    public static ReleaseRange exactly(ArgoVersion v) {
        return new ReleaseRange(v, v);
    }

    /** The releases in both; {@link #isEmpty()} when they share none. */
    public ReleaseRange intersect(ReleaseRange o) {
        ArgoVersion lo = low == null ? o.low : o.low == null ? low : max(low, o.low);
        ArgoVersion hi = high == null ? o.high : o.high == null ? high : min(high, o.high);
        return new ReleaseRange(lo, hi);
    }

    public boolean isEmpty() {
        return low != null && high != null && low.compareTo(high) > 0;
    }

    public boolean isAll() {
        return low == null && high == null;
    }

    private static ArgoVersion max(ArgoVersion a, ArgoVersion b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    private static ArgoVersion min(ArgoVersion a, ArgoVersion b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    @Override
    public String toString() {
        if (isAll()) {
            return "any release";
        }
        if (Objects.equals(low, high)) {
            return low.toString();
        }
        if (low != null && high != null && low.major() == high.major() && low.patch() == 0
                && ((high.minor() == ArgoVersion.ANY && low.minor() == 0) || (low.minor() == high.minor() && high.patch() == ArgoVersion.ANY))) {
            return high.toString();
        }
        if (high == null) {
            return low + OR_LATER;
        }
        if (low == null) {
            return high + OR_EARLIER;
        }
        return low + TO + high;
    }
}
