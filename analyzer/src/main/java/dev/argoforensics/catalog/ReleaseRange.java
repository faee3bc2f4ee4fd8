package dev.argoforensics.catalog;

import java.util.Objects;

/**
 * The Argo releases a log statement (or a line's shape) appears in, from the catalog's
 * {@code releases} text: {@code all}, {@code v3.4+}, {@code v4} (every v4.x), {@code v3.6.5-v3.7.18},
 * {@code v3.4-v3.7} (every v3.7.x included); a parenthesised remark after it is ignored.
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
        if (t.isEmpty() || t.equals("all")) {
            return ALL;
        }
        if (t.endsWith("+")) {
            return new ReleaseRange(ArgoVersion.parse(t.substring(0, t.length() - 1), 0), null);
        }
        int dash = t.indexOf("-v");
        if (dash > 0) {
            return new ReleaseRange(ArgoVersion.parse(t.substring(0, dash), 0), ArgoVersion.parse(t.substring(dash + 1), ArgoVersion.ANY));
        }
        return new ReleaseRange(ArgoVersion.parse(t, 0), ArgoVersion.parse(t, ArgoVersion.ANY));
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
            return low + " or later";
        }
        if (low == null) {
            return high + " or earlier";
        }
        return low + " to " + high;
    }
}
