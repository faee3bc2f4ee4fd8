package dev.argoforensics.cli;

import dev.argoforensics.accounting.Furniture;
import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.accounting.UnparsedLine;
import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.source.InputKind;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.argoforensics.report.Invocation;
import dev.argoforensics.report.JsonStyle;
import dev.argoforensics.report.ReportBuilder;
import dev.argoforensics.report.ReportFormat;
import dev.argoforensics.wording.Message;
import dev.argoforensics.wording.Words;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code argo-forensics formats PATH...}: what was detected in each file, and the controller runs. */
@Command(name = "formats",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        exitCodeOnInvalidInput = Main.EXIT_USAGE,
        exitCodeOnExecutionException = Main.EXIT_USAGE,
        description = {
            "Shows how each file was read, and the controller runs found.",
            "For each file: log or snapshot, the record formats and envelopes found, the Argo release its lines point to, and where "
                    + "every line went (events, continuations, blank, excerpt furniture (shell prompts with their command, omission "
                    + "marks, Markdown fences), unparsed, with the first unparsed lines). Then the controller runs (replica and "
                    + "restart) found."},
        exitCodeListHeading = HelpText.EXIT_STATUS,
        exitCodeList = {HelpText.DONE, "2:bad usage, an input that cannot be used, or nothing usable read.", HelpText.FAILED},
        footerHeading = HelpText.EXAMPLES,
        footer = {"  argo-forensics formats samples/mixed-formats/logs",
            "  argo-forensics formats samples/mixed-formats/logs -o json",
            "  # logrus and klog times written in Berlin time",
            "  argo-forensics formats logs/ --log-tz Europe/Berlin"})
final class FormatsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    AnalysisInputs inputs;

    @Option(names = {"-o", "--output"}, defaultValue = "text", paramLabel = "FORMAT",
            description = "text (default) or json: the JSON report's schemaVersion, tool, inputs, controllers and inputProblems "
                    + "(docs/report-schema.md).")
    ListFormat format;

    @Override
    public Integer call() throws IOException {
        AnalysisResult result = inputs.analyze(false);
        PrintWriter out = spec.commandLine().getOut();
        if (format == ListFormat.JSON) {
            Invocation invocation = Invocation.atRunTime(spec.commandLine().getParseResult().originalArgs());
            String report = ReportFormat.JSON.renderer(false).renderTimelines(new ReportBuilder().buildTimelines(result, List.of(), invocation));
            ObjectNode document = (ObjectNode) JsonStyle.mapper().readTree(report);
            document.remove("timelines");
            ListFormat.print(out, document);
            return AnalysisInputs.reportUnreadable(result, spec.commandLine().getErr()) ? Main.EXIT_USAGE : 0;
        }
        for (InputSummary i : result.inputs()) {
            file(out, i);
        }
        if (!result.correlation().processes().isEmpty()) {
            out.println("controller runs");
            for (ControllerProcess p : dev.argoforensics.report.Report.numberedOrder(result.correlation().processes())) {
                out.println("  " + p.label() + ": " + (p.release() == null ? "release unknown" : p.release()) + "; "
                        + p.leadership().name().toLowerCase(Locale.ROOT).replace('_', ' ') + "; "
                        + (p.first() == null ? "" : p.first().format() + " to " + p.last().format() + "; ") + p.events() + " lines; named by "
                        + p.replicaFrom().description() + "; " + String.join(", ", p.files()));
            }
        }
        out.flush();
        return AnalysisInputs.reportUnreadable(result, spec.commandLine().getErr()) ? Main.EXIT_USAGE : 0;
    }

    /** How a file read through a decoding stream is stored: gzip, or UTF-16 text (read as UTF-8). */
    private static String decoding(InputSummary i) {
        try {
            String d = dev.argoforensics.source.InputClassifier.decoding(i.file().path());
            if (d == null || d.equals("gzip")) {
                return "gzip";
            }
            int noMark = d.indexOf(',');
            return noMark < 0 ? d + " text, read as UTF-8" : d.substring(0, noMark) + " text without a byte order mark, read as UTF-8";
        } catch (java.io.IOException e) {
            return "gzip";
        }
    }

    private static void file(PrintWriter out, InputSummary i) {
        out.println(i.file().displayPath());
        out.println("  kind          " + i.file().kind().label() + (i.file().compressed() ? " (" + decoding(i) + ")" : ""));
        if (i.file().kind() == InputKind.IGNORED) {
            out.println("  why           " + i.file().reason());
            return;
        }
        out.println("  format        " + i.format());
        if (i.file().kind() == InputKind.LOG) {
            out.println("  lines         " + i.lines() + ": " + i.events() + " events (" + i.recognised() + " recognised), " + i.continuation()
                    + " continuation, " + i.blank() + " blank, " + i.unparsed() + " unparsed"
                    + (i.furniture().lines() > 0 ? ", " + i.furniture().lines() + " excerpt furniture" : ""));
            if (i.furniture().lines() > 0) {
                out.println("  furniture     " + i.furniture().describe());
            }
            for (String command : i.furniture().commands()) {
                out.println("  excerpt       " + (Furniture.filters(command) ? "filtered by" : "produced by") + ": `" + command + "`");
            }
            if (i.prefixed() > 0) {
                out.println("  prefixed      " + i.prefixed() + " events behind an unrecognised prefix");
            }
            for (var c : i.otherContainers().entrySet()) {
                out.println("  container     " + c.getKey() + ": " + c.getValue() + (c.getValue() == 1 ? " line" : " lines")
                        + " kept apart (not the controller's)");
            }
            if (i.readInPart() > 0) {
                out.println("  cut lines read in part: " + i.readInPart() + " (every field whole before the cut kept; among the events)");
            }
        } else {
            out.println("  objects       " + i.events() + " (" + i.recognised() + " read), " + i.unparsed() + " unreadable; " + i.lines()
                    + " lines");
        }
        if (i.versionGuess() != null) {
            out.println("  argo          " + i.versionGuess());
        }
        for (Message note : i.notes()) {
            out.println("  note          " + Words.english().render(note));
        }
        for (UnparsedLine u : i.problems()) {
            out.println("  problem       " + u.source() + ": " + u.reason());
        }
        for (UnparsedLine u : i.samples()) {
            out.println("  unparsed      " + u.source() + ": " + u.reason());
        }
        if (i.sha256() != null) {
            out.println("  sha256        " + i.sha256());
        }
    }
}
