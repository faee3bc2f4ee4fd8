package dev.argoforensics.rules;

import java.util.Locale;

/** How sure the analyzer is that the finding is true, given the evidence it had. */
public enum Confidence {
    /** The exported objects show the outcome, and the logs show how it came about. */
    CONFIRMED,
    /** The logs show the sequence and its outcome; no export backs it. */
    LIKELY,
    /** The sequence is there but its outcome, or part of it, is not in the evidence. */
    POSSIBLE;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
