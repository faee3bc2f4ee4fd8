package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Cli;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The shapes {@link ConsoleMessagesCsvTest} and {@link ConsoleMessagesCsvBreakerTest} share (session 57: one code): a log console's
 * CSV export written row by row, and {@code formats} run on it.
 */
final class ConsoleCsv {
    private ConsoleCsv() {
    }

    /** {@code formats} on {@code p}: it exits 0; its output. */
    static String formats(Path p) {
        Cli r = Cli.run("formats", p.toString());
        assertEquals(0, r.exitCode(), r.out() + r.err());
        return r.out();
    }

    /** {@code formats} on a file that holds no record of the controller's: it says so and exits 2; its error output. */
    static String nothingRead(Path p) {
        Cli r = Cli.run("formats", p.toString());
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertTrue(r.err().contains("nothing usable was read: no log record"), r.err());
        return r.err();
    }

    /** The header and rows, one a line, each line ended: the export as the console writes it. */
    static Path write(Path p, String header, String... rows) throws IOException {
        Files.writeString(p, header + "\n" + String.join("\n", rows) + "\n", StandardCharsets.UTF_8);
        return p;
    }

    /** A row of a "Date","Host","Service","Content" export, host and service quoted once more inside their cells, as Datadog does. */
    static String serviceRow(String host, String time, String service, String message) {
        return "\"" + time + "\",\"\"\"" + host + "\"\"\",\"\"\"" + service + "\"\"\",\"" + message + "\"";
    }

    /** A row of a "Date","Host","Content" export. */
    static String hostRow(String time, String host, String message) {
        return "\"" + time + "\",\"" + host + "\",\"" + message + "\"";
    }
}
