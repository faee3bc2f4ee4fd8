package dev.argoforensics.rules;

import java.util.Locale;

/** How bad it is if the finding is true. Ordered: a threshold matches itself and everything above. */
public enum Severity {
    INFO, LOW, MEDIUM, HIGH, CRITICAL;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean atLeast(Severity threshold) {
        return compareTo(threshold) >= 0;
    }

    /** Reads a {@code --fail-on} value; {@code none} gives null (never fail). */
    public static Severity parseThreshold(String text) {
        String t = text.toLowerCase(Locale.ROOT);
        if (t.equals("none")) {
            return null;
        }
        for (Severity s : values()) {
            if (s.label().equals(t)) {
                return s;
            }
        }
        throw new IllegalArgumentException("expected one of info, low, medium, high, critical, none; found \"" + text + "\"");
    }
}
