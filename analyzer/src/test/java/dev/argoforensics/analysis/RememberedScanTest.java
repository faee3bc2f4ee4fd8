package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.accounting.FileScan;
import dev.argoforensics.accounting.LogLines;
import dev.argoforensics.accounting.LogSource;
import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.report.ReportFormat;
import dev.argoforensics.rules.RuleEngine;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.testing.Reports;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A log file's first-pass result depends on the file alone: served back from an earlier run (as the
 * index does for an unchanged file), the file is not scanned again and the report is the same bytes
 * as a full analysis, whatever else changed: exports left out, Pods asked for with {@code --pod}.
 */
class RememberedScanTest {
    /** Records each file's scan, and serves the recorded ones if told to. */
    private static final class Remembering implements LogSource {
        final Map<String, FileScan> scans = new HashMap<>();
        final boolean serve;
        int served;
        int scanned;

        Remembering(Map<String, FileScan> earlier, boolean serve) {
            scans.putAll(earlier);
            this.serve = serve;
        }

        @Override
        public Optional<LogLines> earlierRead(InputFile file) {
            return Optional.empty();
        }

        @Override
        public Optional<FileScan> knownScan(InputFile file) {
            FileScan s = serve ? scans.get(file.path().toAbsolutePath().toString()) : null;
            served += s == null ? 0 : 1;
            return Optional.ofNullable(s);
        }

        @Override
        public void scanned(InputFile file, FileScan scan) {
            scanned++;
            scans.put(file.path().toAbsolutePath().toString(), scan);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"samples/issue-17024", "samples/mixed-formats", "samples/persisted-before-removal", "samples/two-controllers"})
    void aRememberedScanGivesTheSameReportWhateverElseChanged(String sample) {
        AnalysisOptions options = AnalysisOptions.defaults();
        Remembering first = new Remembering(Map.of(), false);
        AnalysisResult full = analysis(options, first).run(List.of(sample));
        assertTrue(first.scanned > 0, "every log file is scanned once");

        Remembering again = new Remembering(first.scans, true);
        assertEquals(Reports.everyFormat(full), Reports.everyFormat(analysis(options, again).run(List.of(sample))));
        assertEquals(first.scanned, again.served, "no log file is scanned again");
        assertEquals(0, again.scanned);

        String logs = sample + "/logs";
        assertEquals(report(options, logs, Map.of(), false), report(options, logs, first.scans, true), "the exports left out");

        AnalysisOptions pod = options.withPodsOfInterest(List.of("status-capture-repro-1340600742"));
        assertEquals(report(pod, logs, Map.of(), false), report(pod, logs, first.scans, true), "a Pod asked for");

        AnalysisOptions everything = options.keepingEverything(true);
        assertEquals(report(everything, sample, Map.of(), false), report(everything, sample, first.scans, true), "every line kept");
    }

    private static Map<ReportFormat, String> report(AnalysisOptions options, String path, Map<String, FileScan> scans, boolean serve) {
        return Reports.everyFormat(analysis(options, new Remembering(scans, serve)).run(List.of(path)));
    }

    private static Analysis analysis(AnalysisOptions options, LogSource logs) {
        return new Analysis(MessageCatalog.standard(), RuleEngine.standardRules(), options, logs);
    }
}
