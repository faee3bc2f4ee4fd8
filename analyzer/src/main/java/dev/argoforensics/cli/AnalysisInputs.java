package dev.argoforensics.cli;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.analysis.SnapshotTimes;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.index.IndexedAnalysis;
import dev.argoforensics.rules.Rule;
import dev.argoforensics.rules.RuleEngine;
import dev.argoforensics.source.InputClassifier;
import dev.argoforensics.source.InputException;
import dev.argoforensics.source.UnreadableInput;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** The inputs every command that reads evidence takes, and how it runs the analysis on them. */
final class AnalysisInputs {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "Log files, snapshot files, or folders holding them; '-' for"
            + " standard input (read once, as <stdin>), and FIFOs or <(...) read as streams.")
    List<String> paths;

    @Option(names = "--snapshot-time", paramLabel = "FILE=TIME",
            description = "When the snapshot FILE was taken (RFC 3339 with a zone); repeatable. Wins over a '# taken-at:' "
                    + "comment in the file; without either, an export counts as taken no earlier than the latest time inside it.")
    List<String> snapshotTimes = new ArrayList<>();

    @Option(names = "--log-tz", paramLabel = "ZONE",
            description = "Zone the controller's logrus and klog times were written in (they print local time with a literal Z),"
                    + " e.g. Europe/Berlin or +02:00. Default: UTC.")
    String logTz;

    @Option(names = "--threads", paramLabel = "N",
            description = "Worker threads for reading logs. Default: the number of processors (${DEFAULT-VALUE}).")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = {"-q", "--quiet"}, description = "No progress bar on stderr (there is one only on a terminal, for large inputs).")
    boolean quiet;

    @Option(names = "--index", paramLabel = "DIR",
            description = "Keep an index of the events in DIR (created if missing): log files it holds unchanged are not read"
                    + " again, the others are, and the index is brought up to date. The report is the same (docs/search.md).")
    Path index;

    /**
     * The analysis of the inputs.
     *
     * @param keepEverything keep every line of every Pod, not only of Pods and Workflows of interest
     * @throws ParameterException if a {@code --snapshot-time} or {@code --threads} cannot be used
     * @throws CliFailure if a named input cannot be used at all
     */
    AnalysisResult analyze(boolean keepEverything) {
        return analyze(keepEverything, List.of());
    }

    /** As {@link #analyze(boolean)}, also keeping every line of the named Pods; through the index with {@code --index}. */
    AnalysisResult analyze(boolean keepEverything, List<String> podsOfInterest) {
        return analyze(keepEverything, podsOfInterest, RuleEngine.standardRules());
    }

    /** As {@link #analyze(boolean, List)}, running only the given rules. */
    AnalysisResult analyze(boolean keepEverything, List<String> podsOfInterest, List<Rule> rules) {
        SnapshotTimes times = snapshotTimes();
        AnalysisOptions options = options(keepEverything, podsOfInterest);
        if (index != null) {
            return indexed(options, times, rules).result();
        }
        try {
            return new Analysis(MessageCatalog.standard(), rules, options).run(paths, times);
        } catch (InputException e) {
            throw new CliFailure(e.getMessage(), "name log files, snapshot files or folders that hold them");
        }
    }

    /**
     * The analysis through the index in {@code --index DIR}, and what it changed there.
     *
     * @throws CliFailure if an input or the index cannot be used
     */
    IndexedAnalysis.Outcome indexed() {
        return indexed(options(false, List.of()), snapshotTimes(), RuleEngine.standardRules());
    }

    private IndexedAnalysis.Outcome indexed(AnalysisOptions options, SnapshotTimes times, List<Rule> rules) {
        try {
            return IndexedAnalysis.run(index, options, times, paths, rules);
        } catch (InputException e) {
            throw new CliFailure(e.getMessage(), "name log files, snapshot files or folders that hold them");
        } catch (IOException e) {
            throw new CliFailure("index " + index + ": " + e.getMessage(), "name a folder for the index that you can write, "
                    + "and let one argo-forensics at a time write it", e);
        }
    }

    private SnapshotTimes snapshotTimes() {
        try {
            return SnapshotTimes.parse(snapshotTimes);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--snapshot-time: " + e.getMessage());
        }
    }

    private AnalysisOptions options(boolean keepEverything, List<String> podsOfInterest) {
        if (threads < 1) {
            throw new ParameterException(spec.commandLine(), "--threads: expected a number of threads, 1 or more; found " + threads);
        }
        return AnalysisOptions.defaults().withLogZone(LogZoneOption.parse(spec, logTz)).withThreads(threads)
                .keepingEverything(keepEverything).withPodsOfInterest(podsOfInterest)
                .withProgress(ProgressBarReporter.forStderr(quiet, System.getenv())).withStdin(stdin());
    }

    /** What {@code -} reads: the standard input the command line was run with. */
    private java.io.InputStream stdin() {
        return spec.root().userObject() instanceof Main main ? main.stdin() : System.in;
    }

    /**
     * True, with the error on stderr (the unreadable inputs, then that nothing usable was read), if nothing usable was read:
     * the command then prints no report, only the error, and exits 2.
     */
    static boolean nothingUsable(AnalysisResult result, PrintWriter err) {
        return !result.usable() && reportUnreadable(result, err);
    }

    /**
     * Names on stderr the inputs that could not be read (the report lists them, and damaged parts of
     * the others, under "Inputs with problems"); true if nothing usable was read at all, which is the one reason to exit 2
     * after an analysis ran: a report on part of the evidence is still a report.
     */
    static boolean reportUnreadable(AnalysisResult result, PrintWriter err) {
        for (UnreadableInput problem : result.unreadable()) {
            err.println("argo-forensics: cannot read " + problem);
        }
        for (InputSummary i : result.inputs()) {
            if (i != null && InputClassifier.isOwnReport(i.file())) {
                err.println("argo-forensics: not reading " + i.file().displayPath() + ": " + i.file().reason());
            }
        }
        boolean nothing = !result.usable();
        if (nothing) {
            err.println("argo-forensics: nothing usable was read: no log record and no object in the inputs" + whatWasThere(result));
            err.println("hint: name log files, snapshot files or folders that hold them");
        }
        err.flush();
        return nothing;
    }

    /**
     * The lines of other containers a file held (an executor's, {@code argo logs}' without its prompt), which are neither records
     * nor unparsed: said, so that "no record, 0 unparsed lines" does not read as an empty file; "" where there are none.
     */
    private static String keptApart(InputSummary i) {
        long n = i.otherContainerLines();
        if (n == 0) {
            return "";
        }
        String containers = i.otherContainers().entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
                .collect(java.util.stream.Collectors.joining(", "));
        return ", " + n + (n == 1 ? " line" : " lines") + " of other containers kept apart (" + containers + ")";
    }

    /** What the inputs held instead: no file at all, or the files and why each was no evidence (the first three). */
    private static String whatWasThere(AnalysisResult result) {
        List<InputSummary> files = result.inputs().stream().filter(i -> i != null).toList();
        if (files.isEmpty()) {
            return result.unreadable().isEmpty() ? " (no file in them)" : "";
        }
        List<String> said = new ArrayList<>();
        for (InputSummary i : files.subList(0, Math.min(3, files.size()))) {
            said.add(i.file().displayPath() + ": " + (i.file().kind() == InputKind.IGNORED ? i.file().reason()
                    : i.kindLabel().equals("empty") ? "empty" : "read as a " + i.file().kind().label() + ", no record, " + i.unparsed() + (i.unparsed() == 1 ? " unparsed line" : " unparsed lines")
                    + keptApart(i)));
        }
        return " (" + String.join("; ", said) + (files.size() > 3 ? "; and " + (files.size() - 3) + " more" : "") + ")";
    }
}
