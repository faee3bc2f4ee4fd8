package dev.argoforensics.line;

/** The shape of one controller record, detected per line (a v4 stream mixes slog and logrus lines). */
public enum RecordFormat {
    LOGRUS_TEXT("logrus text"),
    SLOG_TEXT("slog text"),
    KLOG("klog");

    private final String label;

    RecordFormat(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
