package dev.argoforensics.cli;

import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.analysis.Furniture;
import dev.argoforensics.analysis.InputSummary;
import dev.argoforensics.analysis.UnparsedLine;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.source.InputKind;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code argo-forensics formats PATH...}: what was detected in each file, and the controller runs. */
@Command(name = "formats",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        exitCodeOnInvalidInput = Main.EXIT_USAGE,
        exitCodeOnExecutionException = Main.EXIT_USAGE,
        description = {
            "Shows, for each file, how it was read: log or snapshot, the record formats and envelopes found,",
            "the Argo release its lines point to, and where every line went (events, continuations, blank,",
            "excerpt furniture (shell prompts with their command, omission marks, Markdown fences), unparsed, with the",
            "first unparsed lines). Then the controller runs (replica and restart) found."},
        footer = {"", "Examples:", "  argo-forensics formats samples/mixed-formats/logs",
            "  argo-forensics formats logs/ --log-tz Europe/Berlin      # logrus and klog times written in Berlin time"})
final class FormatsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    AnalysisInputs inputs;

    @Override
    public Integer call() {
        AnalysisResult result = inputs.analyze(false);
        PrintWriter out = spec.commandLine().getOut();
        for (InputSummary i : result.inputs()) {
            file(out, i);
        }
        if (!result.correlation().processes().isEmpty()) {
            out.println("controller runs");
            for (ControllerProcess p : result.correlation().processes()) {
                out.println("  " + p.label() + ": " + (p.release() == null ? "release unknown" : p.release()) + "; "
                        + p.leadership().name().toLowerCase(Locale.ROOT).replace('_', ' ') + "; "
                        + (p.first() == null ? "" : p.first().format() + " to " + p.last().format() + "; ") + p.events() + " lines; named by "
                        + p.replicaFrom().description() + "; " + String.join(", ", p.files()));
            }
        }
        out.flush();
        return AnalysisInputs.reportUnreadable(result, spec.commandLine().getErr()) ? Main.EXIT_USAGE : 0;
    }

    private static void file(PrintWriter out, InputSummary i) {
        out.println(i.file().displayPath());
        out.println("  kind          " + i.file().kind().label() + (i.file().compressed() ? " (gzip)" : ""));
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
        for (String note : i.notes()) {
            out.println("  note          " + note);
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
