package dev.argoforensics.generator;

/**
 * Go's {@code time.Duration.String()} written independently of the analyzer's parser (the generators
 * must not borrow the code they test): {@code -1m24.257168224s}, {@code 0s}, {@code 500ms},
 * {@code 1.5µs}, {@code 2m0s}. Used by this module's log generator and by the judgment corpus generator.
 */
public final class GoDurations {
    private static final long SECOND = 1_000_000_000L;

    private GoDurations() {
    }

    public static String format(long d) {
        if (d == 0) {
            return "0s";
        }
        boolean neg = d < 0;
        // Long.MIN_VALUE cannot be negated; Go prints it too, but no generated delay comes near it.
        long u = Math.abs(d);
        StringBuilder b = new StringBuilder(24);
        if (u < SECOND) {
            if (u < 1_000) {
                b.append(u).append("ns");
            } else if (u < 1_000_000) {
                fraction(b, u, 3);
                b.append("µs");
            } else {
                fraction(b, u, 6);
                b.append("ms");
            }
        } else {
            long secs = u / SECOND;
            long nanos = u % SECOND;
            long h = secs / 3600;
            long m = (secs / 60) % 60;
            long s = secs % 60;
            if (h > 0) {
                b.append(h).append('h');
            }
            if (h > 0 || m > 0) {
                b.append(m).append('m');
            }
            fraction(b, s * SECOND + nanos, 9);
            b.append('s');
        }
        return neg ? "-" + b : b.toString();
    }

    /** v / 10^digits, with the fraction's trailing zeros (and a bare dot) dropped. */
    private static void fraction(StringBuilder b, long v, int digits) {
        long scale = 1;
        for (int i = 0; i < digits; i++) {
            scale *= 10;
        }
        b.append(v / scale);
        long frac = v % scale;
        if (frac != 0) {
            String f = Long.toString(frac);
            StringBuilder padded = new StringBuilder(digits);
            for (int i = f.length(); i < digits; i++) {
                padded.append('0');
            }
            padded.append(f);
            int end = padded.length();
            while (padded.charAt(end - 1) == '0') {
                end--;
            }
            b.append('.').append(padded, 0, end);
        }
    }
}
