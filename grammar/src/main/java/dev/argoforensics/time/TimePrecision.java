package dev.argoforensics.time;

/**
 * How finely a source states a time. The true instant lies in {@code [t, t + window)}: Go, logrus,
 * slog and Kubernetes all truncate, never round.
 */
public enum TimePrecision {
    SECOND(1_000_000_000L, 0),
    MILLISECOND(1_000_000L, 3),
    MICROSECOND(1_000L, 6),
    NANOSECOND(1L, 9);

    private final long windowNanos;
    private final int fractionDigits;

    TimePrecision(long windowNanos, int fractionDigits) {
        this.windowNanos = windowNanos;
        this.fractionDigits = fractionDigits;
    }

    public long windowNanos() {
        return windowNanos;
    }

    public int fractionDigits() {
        return fractionDigits;
    }

    /** The precision a text with this many fraction digits states, when the writer never trims zeros. */
    public static TimePrecision ofFractionDigits(int digits) {
        if (digits <= 0) {
            return SECOND;
        }
        if (digits <= 3) {
            return MILLISECOND;
        }
        if (digits <= 6) {
            return MICROSECOND;
        }
        return NANOSECOND;
    }
}
