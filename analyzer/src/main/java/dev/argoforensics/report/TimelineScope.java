package dev.argoforensics.report;

/** Which Pods' timelines a report includes. */
public enum TimelineScope {
    /** Pods that have a finding (the default: the story behind each finding). */
    FINDINGS,
    /** Every Pod the evidence names. */
    ALL,
    /** None. */
    NONE
}
