package dev.argoforensics.cli;

import dev.argoforensics.report.ReportFormat;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** Where and in which format a command writes what it found: shared by the commands that render a report. */
final class OutputOptions {
    @Option(names = "--format", defaultValue = "text", paramLabel = "FORMAT", description = "text (default), markdown or json.")
    ReportFormat format;

    @Option(names = "--out", paramLabel = "FILE", description = "Write to FILE instead of standard output.")
    Path out;

    /** Writes the text to {@code --out}, or to standard output if it was not given. */
    void write(CommandSpec spec, String text) throws IOException {
        if (out != null) {
            Files.writeString(out, text, StandardCharsets.UTF_8);
        } else {
            PrintWriter w = spec.commandLine().getOut();
            w.print(text);
            w.flush();
        }
    }
}
