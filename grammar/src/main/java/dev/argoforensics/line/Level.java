package dev.argoforensics.line;

import java.util.Locale;

/** Log level, normalised across logrus ({@code warning}, {@code ERRO}), slog ({@code WARN}) and klog ({@code W}). */
public enum Level {
    TRACE, DEBUG, INFO, WARN, ERROR, FATAL, PANIC;

    /** Reads every spelling the controller's libraries print; null if none fits. */
    public static Level parse(String text) {
        switch (text.toLowerCase(Locale.ROOT)) {
            case "trace":
            case "trac":
                return TRACE;
            case "debug":
            case "debu":
                return DEBUG;
            case "info":
            case "i":
                return INFO;
            case "warn":
            case "warning":
            case "w":
                return WARN;
            case "error":
            case "erro":
            case "e":
                return ERROR;
            case "fatal":
            case "fata":
            case "f":
                return FATAL;
            case "panic":
            case "pani":
                return PANIC;
            default:
                return null;
        }
    }
}
