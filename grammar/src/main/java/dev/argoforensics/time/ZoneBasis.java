package dev.argoforensics.time;

/** Whether a timestamp's zone was stated by the source or assumed by the analyzer. */
public enum ZoneBasis {
    /** An RFC 3339 offset the writer computed (slog, kubectl, CRI, Kubernetes objects). */
    STATED,
    /** logrus prints local time followed by a literal 'Z'; read as UTC unless --log-tz says otherwise. */
    LITERAL_Z,
    /** No zone in the text at all (klog); read as UTC. */
    ASSUMED_UTC,
    /** A literal-Z or zone-less time read in the zone given with {@code --log-tz}. */
    CONFIGURED,
    /**
     * A time of day with no date and no zone, as an excerpt quoted in an issue shows it
     * ({@code 16:31:11.257 queuing pod delay ...}). Such times order among themselves only: their
     * instant is a placeholder ({@link Timestamp#timeOfDay}), and every comparison with a dated time
     * is refused ({@link Timestamp#isBefore} false both ways, {@link Timestamp#comparable} false).
     */
    TIME_OF_DAY,
    /**
     * A literal-Z or zone-less time read in the zone its file's collector measured: every record of the file's head that had both
     * a literal-Z time and a collector's time stating its offset was the same whole number of quarter hours (not 0) from it, within
     * a shipper's latency. Last, so the ordinals written by earlier readings keep their meaning.
     */
    MEASURED
}
