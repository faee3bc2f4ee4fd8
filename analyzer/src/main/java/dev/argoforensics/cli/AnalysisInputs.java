package dev.argoforensics.cli;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.analysis.SnapshotTimes;
import dev.argoforensics.source.InputException;
import java.io.PrintWriter;
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

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "Log files, snapshot files, or folders holding them.")
    List<String> paths;

    @Option(names = "--snapshot-time", paramLabel = "FILE=TIME",
            description = "When the snapshot FILE was taken (RFC 3339 with a zone); repeatable. Wins over a '# taken-at:' "
                    + "comment in the file; without either, an export counts as taken no earlier than the latest time inside it.")
    List<String> snapshotTimes = new ArrayList<>();

    @Option(names = "--log-tz", paramLabel = "ZONE",
            description = "Zone the controller's logrus and klog times were written in (they print local time with a literal Z),"
                    + " e.g. Europe/Berlin or +02:00. Default: UTC.")
    String logTz;

    /**
     * The analysis of the inputs.
     *
     * @throws ParameterException if a {@code --snapshot-time} cannot be read
     * @throws CliFailure if a named input cannot be used at all
     */
    AnalysisResult analyze() {
        SnapshotTimes times;
        try {
            times = SnapshotTimes.parse(snapshotTimes);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--snapshot-time: " + e.getMessage());
        }
        try {
            return Analysis.standard(LogZoneOption.parse(spec, logTz)).run(paths, times);
        } catch (InputException e) {
            throw new CliFailure(e.getMessage(), "name log files, snapshot files or folders that hold them");
        }
    }

    /** Names on stderr the inputs that could not be read; true if there were any. */
    static boolean reportUnreadable(AnalysisResult result, PrintWriter err) {
        for (String problem : result.unreadable()) {
            err.println("argo-forensics: cannot read " + problem);
        }
        err.flush();
        return !result.unreadable().isEmpty();
    }
}
