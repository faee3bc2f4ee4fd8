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
    CONFIGURED
}
