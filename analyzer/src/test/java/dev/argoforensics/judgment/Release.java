package dev.argoforensics.judgment;

/**
 * The Argo release lines simulated, with what differs between them in the logs (reference §2.2):
 * all three have the pod event and queuing lines and treat an add or update with a
 * deletionTimestamp as a delete (v3.6.16+, v3.7.7+, v4.0.0-rc2+).
 */
enum Release {
    V3_6("v3.6.19", false, true, false, false), V3_7("v3.7.18", false, false, true, true), V4_1("v4.1.3", true, false, true, true);

    final String version;
    /** slog (v4) rather than logrus. */
    final boolean slog;
    /** {@code node changed} at Info (up to v3.6; Debug later, so not in an Info log). */
    final boolean nodeChangedAtInfo;
    /** {@code node.taskResultSynced} and {@code Fulfilled(taskResultSynced)} (v3.7.1+). */
    final boolean taskResultSynced;
    /** A failed node's message names the container: {@code main: Error (exit code 1)} (v3.7.0+). */
    final boolean containerPrefix;

    Release(String version, boolean slog, boolean nodeChangedAtInfo, boolean taskResultSynced, boolean containerPrefix) {
        this.version = version;
        this.slog = slog;
        this.nodeChangedAtInfo = nodeChangedAtInfo;
        this.taskResultSynced = taskResultSynced;
        this.containerPrefix = containerPrefix;
    }

    String line() {
        return version.substring(0, version.lastIndexOf('.'));
    }
}
