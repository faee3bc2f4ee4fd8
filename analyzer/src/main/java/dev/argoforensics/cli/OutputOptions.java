package dev.argoforensics.cli;

import dev.argoforensics.report.ReportFormat;
import dev.argoforensics.report.ReportRenderer;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/** Where and in which format a command writes what it found: shared by the commands that render a report. */
final class OutputOptions {
    @Option(names = {"-o", "--format"}, defaultValue = "text", paramLabel = "FORMAT", converter = FormatConverter.class,
            description = "text (default), markdown, json or html; analyze also github-issue: a draft of Argo's bug report for one finding.")
    Format format;

    /** The formats named on the command line: the report's, and the bug report draft, which is made from one finding, not the report. */
    enum Format {
        TEXT(ReportFormat.TEXT),
        MARKDOWN(ReportFormat.MARKDOWN),
        JSON(ReportFormat.JSON),
        HTML(ReportFormat.HTML),
        GITHUB_ISSUE(null);

        private final ReportFormat report;

        Format(ReportFormat report) {
            this.report = report;
        }

        String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /** {@code github-issue} and the others, in any case. */
    static final class FormatConverter implements ITypeConverter<Format> {
        @Override
        public Format convert(String value) {
            for (Format f : Format.values()) {
                if (f.label().equalsIgnoreCase(value.strip().replace('_', '-'))) {
                    return f;
                }
            }
            throw new TypeConversionException("unknown format \"" + value + "\": text, markdown, json, html or github-issue");
        }
    }

    @Option(names = "--out", paramLabel = "FILE", description = "Write to FILE instead of standard output.")
    Path out;

    /** The renderer of the chosen format: colours in text only on a terminal, never into a file. */
    ReportRenderer renderer(Terminal terminal) {
        if (format.report == null) {
            throw new CliFailure("--format github-issue drafts a bug report from one finding", "use it with argo-forensics analyze");
        }
        return format.report.renderer(out == null && terminal.colour());
    }

    /**
     * Writes the text to {@code --out}, or to standard output if it was not given.
     *
     * @throws CliFailure if the file cannot be written
     */
    void write(CommandSpec spec, String text) {
        if (out == null) {
            PrintWriter w = spec.commandLine().getOut();
            w.print(text);
            w.flush();
            return;
        }
        try {
            Files.writeString(out, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new CliFailure("cannot write " + out + ": " + reason(e), "check that the folder exists and is writable", e);
        }
    }

    /**
     * Writes a report made of parts (Markdown over one GitHub comment): to standard output with a
     * marker line before each part but the first; to {@code --out report.md} as {@code report.md},
     * {@code report-2.md}, …, naming on stderr the files written.
     */
    void writeParts(CommandSpec spec, List<String> parts) {
        if (out == null || parts.size() == 1) {
            write(spec, ReportRenderer.joined(parts));
            return;
        }
        List<String> written = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            Path file = i == 0 ? out : partFile(out, i + 1);
            try {
                Files.writeString(file, parts.get(i), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new CliFailure("cannot write " + file + ": " + reason(e), "check that the folder exists and is writable", e);
            }
            written.add(file.toString());
        }
        PrintWriter err = spec.commandLine().getErr();
        err.println("argo-forensics: the report is longer than one GitHub comment; it is in " + parts.size() + " parts, each within it: "
                + String.join(", ", written));
        err.flush();
    }

    /** {@code report.md} → {@code report-2.md}; {@code report} → {@code report-2}. */
    static Path partFile(Path out, int n) {
        String name = out.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return out.resolveSibling(dot > 0 ? name.substring(0, dot) + "-" + n + name.substring(dot) : name + "-" + n);
    }

    /** An I/O failure in words (the JDK's message for a missing folder is just the path). */
    static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such folder";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        return e.getMessage();
    }
}
