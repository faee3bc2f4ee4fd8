package dev.argoforensics.time;

import java.math.BigInteger;

/**
 * Go's {@code time.Duration} text form, exact to the nanosecond: {@link #parse} follows
 * {@code time.ParseDuration}, {@link #format} follows {@code Duration.String}. Both work on a signed
 * 64-bit count of nanoseconds, as Go does.
 */
public final class GoDuration {
    private static final long NS = 1L;
    private static final long US = 1_000L;
    private static final long MS = 1_000_000L;
    private static final long S = 1_000_000_000L;
    private static final long M = 60 * S;
    private static final long H = 60 * M;
    private static final BigInteger MAX_MAGNITUDE = BigInteger.valueOf(Long.MAX_VALUE).add(BigInteger.ONE);

    private GoDuration() {
    }

    /**
     * Parses {@code [-+]?([0-9]*(\.[0-9]*)?[a-z µμ]+)+}, for example {@code -1m24.257168224s},
     * {@code 500ms}, {@code 1.5µs}, {@code 0s} or {@code 0}.
     *
     * @return nanoseconds
     * @throws IllegalArgumentException if the text is not a Go duration or overflows
     */
    public static long parse(String text) {
        if (text == null) {
            throw invalid(null);
        }
        String s = text;
        boolean negative = false;
        if (!s.isEmpty() && (s.charAt(0) == '-' || s.charAt(0) == '+')) {
            negative = s.charAt(0) == '-';
            s = s.substring(1);
        }
        if (s.equals("0")) {
            return 0;
        }
        if (s.isEmpty()) {
            throw invalid(text);
        }
        BigInteger total = BigInteger.ZERO;
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c != '.' && !isDigit(c)) {
                throw invalid(text);
            }
            int intStart = i;
            while (i < s.length() && isDigit(s.charAt(i))) {
                i++;
            }
            boolean pre = i > intStart;
            BigInteger whole = pre ? new BigInteger(s.substring(intStart, i)) : BigInteger.ZERO;
            if (whole.compareTo(MAX_MAGNITUDE) > 0) {
                throw outOfRange(text);
            }
            long fraction = 0;
            double scale = 1;
            boolean post = false;
            if (i < s.length() && s.charAt(i) == '.') {
                i++;
                int fracStart = i;
                boolean overflow = false;
                // Go's leadingFraction: digits beyond 63 bits are read but no longer scaled in.
                while (i < s.length() && isDigit(s.charAt(i))) {
                    if (!overflow) {
                        if (fraction > (Long.MAX_VALUE) / 10) {
                            overflow = true;
                        } else {
                            fraction = fraction * 10 + (s.charAt(i) - '0');
                            scale *= 10;
                        }
                    }
                    i++;
                }
                post = i > fracStart;
            }
            if (!pre && !post) {
                throw invalid(text);
            }
            int unitStart = i;
            while (i < s.length() && s.charAt(i) != '.' && !isDigit(s.charAt(i))) {
                i++;
            }
            if (i == unitStart) {
                throw new IllegalArgumentException("missing unit in Go duration: \"" + text + "\"");
            }
            long unit = unit(s.substring(unitStart, i), text);
            BigInteger value = whole.multiply(BigInteger.valueOf(unit));
            if (fraction > 0) {
                // Go adds the fraction through float64, which is exact for every text Go prints.
                value = value.add(BigInteger.valueOf((long) ((double) fraction * ((double) unit / scale))));
            }
            total = total.add(value);
            if (total.compareTo(MAX_MAGNITUDE) > 0) {
                throw outOfRange(text);
            }
        }
        if (negative) {
            return total.negate().longValueExact();
        }
        if (total.equals(MAX_MAGNITUDE)) {
            throw outOfRange(text);
        }
        return total.longValueExact();
    }

    private static IllegalArgumentException outOfRange(String text) {
        return new IllegalArgumentException("Go duration out of range: \"" + text + "\"");
    }

    /**
     * A duration as a log wrote it: Go text in text formats, an integer count of nanoseconds in
     * JSON formats (Go encodes {@code time.Duration} as a number). A bare integer other than "0"
     * is never valid Go duration text, so the two cannot be confused.
     */
    public static long parseLogged(String text) {
        if (!text.isEmpty() && isIntegerText(text)) {
            try {
                return Long.parseLong(text);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("duration out of range: " + text, e);
            }
        }
        return parse(text);
    }

    private static boolean isIntegerText(String text) {
        int start = text.charAt(0) == '-' ? 1 : 0;
        if (start == text.length()) {
            return false;
        }
        for (int i = start; i < text.length(); i++) {
            if (!isDigit(text.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** True if {@link #parse} would accept the text. */
    public static boolean isValid(String text) {
        try {
            parse(text);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static long unit(String unit, String text) {
        switch (unit) {
            case "ns":
                return NS;
            case "us":
            case "\u00b5s": // micro sign, what Go prints
            case "\u03bcs": // Greek small mu, also accepted by Go
                return US;
            case "ms":
                return MS;
            case "s":
                return S;
            case "m":
                return M;
            case "h":
                return H;
            default:
                throw new IllegalArgumentException(
                        unit.isEmpty() ? "missing unit in Go duration: " + text : "unknown unit \"" + unit + "\" in Go duration: " + text);
        }
    }

    /** Go's {@code Duration.String()}: {@code -1m24.257168224s}, {@code 1.5µs}, {@code 0s}, {@code 2h0m0s}. */
    public static String format(long nanos) {
        if (nanos == 0) {
            return "0s";
        }
        boolean negative = nanos < 0;
        // Long.MIN_VALUE has no positive counterpart: work on the unsigned magnitude as Go does.
        long u = negative ? -nanos : nanos;
        StringBuilder b = new StringBuilder(24);
        if (Long.compareUnsigned(u, S) < 0) {
            long v = u;
            String unit;
            int prec;
            if (v < US) {
                unit = "ns";
                prec = 0;
            } else if (v < MS) {
                unit = "\u00b5s";
                prec = 3;
            } else {
                unit = "ms";
                prec = 6;
            }
            appendFraction(b, v, prec);
            b.append(unit);
        } else {
            long totalSeconds = Long.divideUnsigned(u, S);
            long fracNanos = Long.remainderUnsigned(u, S);
            long hours = totalSeconds / 3600;
            long minutes = (totalSeconds / 60) % 60;
            long seconds = totalSeconds % 60;
            if (hours > 0) {
                b.append(hours).append('h');
            }
            if (hours > 0 || minutes > 0) {
                b.append(minutes).append('m');
            }
            b.append(seconds);
            appendFractionDigits(b, fracNanos, 9);
            b.append('s');
        }
        return negative ? "-" + b : b.toString();
    }

    /** Writes {@code v / 10^prec} with the fraction's trailing zeros (and a bare point) left out. */
    private static void appendFraction(StringBuilder b, long v, int prec) {
        long scale = 1;
        for (int i = 0; i < prec; i++) {
            scale *= 10;
        }
        b.append(v / scale);
        appendFractionDigits(b, v % scale, prec);
    }

    private static void appendFractionDigits(StringBuilder b, long fraction, int prec) {
        if (prec == 0 || fraction == 0) {
            return;
        }
        // fraction < 10^prec: its prec digits, zero-padded, less the trailing zeros (no String.format per line)
        char[] digits = new char[prec];
        long f = fraction;
        for (int i = prec - 1; i >= 0; i--) {
            digits[i] = (char) ('0' + f % 10);
            f /= 10;
        }
        int end = prec;
        while (end > 0 && digits[end - 1] == '0') {
            end--;
        }
        b.append('.').append(digits, 0, end);
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static IllegalArgumentException invalid(String text) {
        return new IllegalArgumentException("not a Go duration: " + (text == null ? "null" : "\"" + text + "\""));
    }
}
