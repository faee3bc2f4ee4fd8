package dev.argoforensics.line;

/** The shape of one controller record, detected per line (a v4 stream mixes slog and logrus lines). */
public enum RecordFormat {
    LOGRUS_TEXT("logrus text"),
    SLOG_TEXT("slog text"),
    LOGRUS_TTY("logrus TTY"),
    LOGRUS_JSON("logrus JSON"),
    SLOG_JSON("slog JSON"),
    KLOG("klog"),
    /** Go's own output on a crash: {@code panic: …} and goroutine stacks, several lines. */
    GO_PANIC("Go panic"),
    /**
     * A line quoted in an issue or a postmortem: a time of day only, a controller message, keys left
     * out with {@code ...} ({@link TimeOfDayLine}); accepted only for a message the catalog knows.
     */
    TIME_OF_DAY("time of day excerpt");

    private final String label;

    RecordFormat(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
