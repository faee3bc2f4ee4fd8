package dev.argoforensics.cli;

import java.time.DateTimeException;
import java.time.ZoneId;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** Reads {@code --log-tz}: a region ({@code Europe/Berlin}) or an offset ({@code +02:00}). */
final class LogZoneOption {
    private LogZoneOption() {
    }

    static ZoneId parse(CommandSpec spec, String text) {
        if (text == null) {
            return null;
        }
        try {
            return ZoneId.of(text);
        } catch (DateTimeException e) {
            throw new ParameterException(spec.commandLine(),
                    "--log-tz: expected a zone such as Europe/Berlin, UTC or +02:00; found \"" + text + "\"");
        }
    }
}
