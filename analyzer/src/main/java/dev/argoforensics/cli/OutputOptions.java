package dev.argoforensics.cli;

import dev.argoforensics.report.Report;
import dev.argoforensics.report.ReportFormat;
import dev.argoforensics.report.ReportRenderer;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * Where and in which format a command writes what it found, as kubectl and argo name it: {@code -o, --output} (with
 * {@code --format} kept as an alias), the format taken from {@code --out}'s extension when not given, {@code --out -} for
 * standard output, and {@code --color}. Shared by the commands that render a report.
 */
final class OutputOptions {
    /** {@code --out}'s value that means standard output. */
    static final String STDOUT = "-";

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = {"-o", "--output", "--format"}, paramLabel = "FORMAT", converter = FormatConverter.class,
            completionCandidates = FormatNames.class,
            description = "text, markdown, json or html; analyze also github-issue: a draft of Argo's bug report for one finding. "
                    + "Default: from --out's extension (.md or .markdown, .json, .html or .htm, .txt), else text.")
    Format format;

    @Option(names = "--out", paramLabel = "FILE", description = "Write to FILE instead of standard output ('-': standard output).")
    Path out;

    @Option(names = "--color", paramLabel = "WHEN", arity = "0..1", fallbackValue = "always", defaultValue = "auto",
            description = "Colours in the text report: auto (default: when standard output is a terminal and NO_COLOR is unset), "
                    + "always (also into a pipe, e.g. for less -R; --color alone means always) or never.")
    ColorMode color;

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

        /** The format a file name's extension names, or null for another extension or none. */
        static Format ofExtension(String fileName) {
            String name = fileName.toLowerCase(Locale.ROOT);
            int dot = name.lastIndexOf('.');
            return dot <= 0 ? null : switch (name.substring(dot + 1)) {
                case "md", "markdown" -> MARKDOWN;
                case "json" -> JSON;
                case "html", "htm" -> HTML;
                case "txt" -> TEXT;
                default -> null;
            };
        }

        /** Whether a file whose extension names {@code named} may hold this format (a bug report draft is Markdown). */
        boolean fits(Format named) {
            return named == null || named == this || this == GITHUB_ISSUE && (named == MARKDOWN || named == TEXT);
        }
    }

    /** When the text report has colours. */
    enum ColorMode {
        AUTO, ALWAYS, NEVER
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

    /** The format names, for the completion scripts. */
    static final class FormatNames extends ArrayList<String> {
        private static final long serialVersionUID = 1L;

        FormatNames() {
            super(Arrays.stream(Format.values()).map(Format::label).toList());
        }
    }

    /**
     * The format: the one named, else the one {@code --out}'s extension names, else text.
     *
     * @throws ParameterException if the named format contradicts the extension, or {@code --out} names a file after a format
     */
    Format format() {
        Path file = file();
        String name = file == null || file.getFileName() == null ? null : file.getFileName().toString();
        Format byExtension = name == null ? null : Format.ofExtension(name);
        if (name != null && byExtension == null && !name.contains(".")) {
            for (Format f : Format.values()) {
                if (f.label().equalsIgnoreCase(name)) {
                    throw new ParameterException(spec.commandLine(), "--out " + out + " would write a file named \"" + name
                            + "\": for the format give -o " + f.label() + " (--out names the file, e.g. --out report." + extension(f) + ")");
                }
            }
        }
        if (format == null) {
            return byExtension == null ? Format.TEXT : byExtension;
        }
        if (!format.fits(byExtension)) {
            String stem = name.substring(0, name.lastIndexOf('.'));
            throw new ParameterException(spec.commandLine(), "-o " + format.label() + " contradicts --out " + out + " (a ."
                    + name.substring(name.lastIndexOf('.') + 1) + " file is " + byExtension.label() + "): name it " + stem + "."
                    + extension(format) + ", or drop -o to write " + byExtension.label());
        }
        return format;
    }

    private static String extension(Format f) {
        return switch (f) {
            case MARKDOWN, GITHUB_ISSUE -> "md";
            case TEXT -> "txt";
            default -> f.label();
        };
    }

    /** The file written, or null for standard output ({@code --out} not given, or {@code -}). */
    Path file() {
        return out == null || out.toString().equals(STDOUT) ? null : out;
    }

    /** The renderer of the chosen format: colours in text only as {@code --color} says. */
    ReportRenderer renderer(Terminal terminal) {
        Format f = format();
        if (f.report == null) {
            throw new CliFailure("-o github-issue drafts a bug report from one finding", "use it with argo-forensics analyze");
        }
        return f.report.renderer(colour(terminal));
    }

    /** Whether the text goes out in colour: always, never, or (auto) on a terminal without NO_COLOR, never into a file. */
    boolean colour(Terminal terminal) {
        return switch (color) {
            case ALWAYS -> true;
            case NEVER -> false;
            case AUTO -> file() == null && terminal.colour();
        };
    }

    /** What a command writes, written as it is made. */
    @FunctionalInterface
    interface Body {
        void writeTo(Writer out) throws IOException;
    }

    /** Set once anything of a report went to standard output: a failure after it leaves that report cut short. */
    private static volatile boolean stdoutBegun;

    static boolean stdoutBegun() {
        return stdoutBegun;
    }

    /**
     * Writes a document to {@code --out}, or to standard output without it or with {@code -}, as it
     * is made; a file only appears, whole, once it is written ({@link ReportFiles}).
     *
     * @throws CliFailure if the file cannot be created (status 2) or the writing fails on the way (status 3)
     */
    void write(CommandSpec command, Body body) {
        Path file = file();
        if (file == null) {
            toStdout(command, body);
            return;
        }
        try (ReportFiles files = new ReportFiles(file)) {
            toFiles(files, () -> {
                body.writeTo(files.single());
                files.commit();
            });
        }
    }

    /**
     * Writes a report that may come in parts (Markdown over one GitHub comment): to standard output
     * with a marker line before each part but the first; to {@code --out report.md} as
     * {@code report.md}, {@code report-2.md}, …, naming on stderr the files written.
     */
    void writeReport(CommandSpec spec, ReportRenderer renderer, Report report) {
        Path out = file(); // --out - is standard output here too: never files named '-', '--2', ...
        if (out == null) {
            toStdout(spec, w -> renderer.write(report, w));
            return;
        }
        List<String> written;
        try (ReportFiles files = new ReportFiles(out)) {
            toFiles(files, () -> {
                renderer.writeParts(report, files);
                files.commit();
            });
            written = files.names();
        }
        if (written.size() > 1) {
            PrintWriter err = spec.commandLine().getErr();
            err.println("argo-forensics: the report is longer than one GitHub comment; it is in " + written.size() + " parts, each within it: "
                    + String.join(", ", written));
            err.flush();
        }
    }

    private interface Writing {
        void run() throws IOException;
    }

    private static void toFiles(ReportFiles files, Writing writing) {
        try {
            writing.run();
        } catch (IOException e) {
            throw new CliFailure("cannot write " + files.failing() + ": " + reason(e) + "; nothing was left under that name",
                    "make room on the disk, or write elsewhere with --out", e, Main.EXIT_FAILED);
        }
    }

    private static void toStdout(CommandSpec command, Body body) {
        PrintWriter w = command.commandLine().getOut();
        stdoutBegun = true;
        try {
            body.writeTo(w);
        } catch (IOException e) {
            throw new IllegalStateException("a PrintWriter does not throw", e);
        }
        if (w.checkError()) { // flushes: an error on the way (a closed pipe, a full disk) shows here
            throw new CliFailure("cannot write to standard output (closed, or a full disk): the report there is cut short",
                    "write to a file with --out FILE", null, Main.EXIT_FAILED);
        }
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
