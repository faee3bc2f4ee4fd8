package dev.argoforensics.read;

/**
 * Hears how far the reading of the logs has come, for a progress display. Called from the reading
 * threads; implementations must be thread-safe. Nothing in an analysis depends on it.
 */
public interface Progress {
    /** Hears nothing. */
    Progress NONE = new Progress() {
        @Override
        public void phase(String name, long totalBytes) {
        }

        @Override
        public void advance(long bytes, long lines) {
        }

        @Override
        public void done() {
        }
    };

    /** A new phase that reads {@code totalBytes} of stored input (compressed files count as stored). */
    void phase(String name, long totalBytes);

    /** {@code bytes} more of the phase's input were read, holding {@code lines} lines (0 if not counted). */
    void advance(long bytes, long lines);

    /** The reading is over. */
    void done();
}
