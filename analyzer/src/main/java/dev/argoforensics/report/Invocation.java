package dev.argoforensics.report;

import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Objects;

/**
 * How the analyzer was run, as the report records it.
 *
 * @param arguments  the command line after the program name, secrets already masked
 * @param clock      the analysis clock: {@code --now} if given, else when the run started
 * @param clockGiven true when the clock came from {@code --now} (the report is then reproducible)
 */
public record Invocation(List<String> arguments, Timestamp clock, boolean clockGiven) {
    public Invocation {
        arguments = List.copyOf(arguments);
        Objects.requireNonNull(clock, "clock");
    }

    /** A run without {@code --now}: the clock is the current time, to the second. */
    public static Invocation atRunTime(List<String> arguments) {
        return new Invocation(arguments, new Timestamp(Instant.now().truncatedTo(ChronoUnit.SECONDS), TimePrecision.SECOND, ZoneBasis.STATED),
                false);
    }
}
