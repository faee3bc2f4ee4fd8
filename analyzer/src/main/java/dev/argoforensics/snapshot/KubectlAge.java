package dev.argoforensics.snapshot;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * kubectl's AGE and "ago" durations ({@code 45s}, {@code 5m12s}, {@code 3h}, {@code 4d6h}, {@code 2y10d}):
 * Kubernetes' human duration, which truncates to a unit that grows with the duration (seconds below
 * 10 minutes, minutes below 8 hours, hours below 8 days, days below 8 years, then years of 365 days).
 *
 * @param seconds    the duration as printed
 * @param resolution how much the truncation may have cut off (the true duration lies in
 *                   {@code [seconds, seconds + resolution)})
 */
record KubectlAge(long seconds, long resolution) {
    private static final Pattern SHAPE = Pattern.compile("^(?:(\\d+)y)?(?:(\\d+)d)?(?:(\\d+)h)?(?:(\\d+)m)?(?:(\\d+)s)?$");
    private static final long MINUTE = 60;
    private static final long HOUR = 3600;
    private static final long DAY = 86_400;
    private static final long YEAR = 365 * DAY;

    /** The duration, or null if the text is not one ({@code <invalid>} included). */
    static KubectlAge parse(String text) {
        if (text.isEmpty()) {
            return null;
        }
        Matcher m = SHAPE.matcher(text);
        if (!m.matches()) {
            return null;
        }
        long[] unit = {YEAR, DAY, HOUR, MINUTE, 1};
        long s = 0;
        try {
            for (int i = 0; i < unit.length; i++) {
                if (m.group(i + 1) != null) {
                    s = Math.addExact(s, Math.multiplyExact(Long.parseLong(m.group(i + 1)), unit[i]));
                }
            }
        } catch (NumberFormatException | ArithmeticException e) {
            return null;
        }
        return new KubectlAge(s, resolution(s));
    }

    private static long resolution(long s) {
        if (s < 10 * MINUTE) {
            return 1;
        }
        if (s < 8 * HOUR) {
            return MINUTE;
        }
        if (s < 8 * DAY) {
            return HOUR;
        }
        if (s < 8 * YEAR) {
            return DAY;
        }
        return YEAR;
    }
}
