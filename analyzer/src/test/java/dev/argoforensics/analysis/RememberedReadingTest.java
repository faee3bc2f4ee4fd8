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
 * A log file's pass-2 reading is a pure function of the file and the interest: served back from an
 * earlier run with the same interest (as the index does for an unchanged file), the file is not read
 * at all and the report is the same bytes as a full analysis; with another interest (exports left
 * out, {@code --pod}, every line kept) the reading is not served and the file is read.
 */
class RememberedReadingTest {
    /** Records each file's scan and reading by interest, and serves them if told to. */
    private static final class Remembering implements LogSource {
        final Map<String, FileScan> scans = new HashMap<>();
        final Map<String, byte[]> readings = new HashMap<>();
        final boolean serve;
        int served;
        int read;

        Remembering(Remembering earlier, boolean serve) {
            if (earlier != null) {
                scans.putAll(earlier.scans);
                readings.putAll(earlier.readings);
            }
            this.serve = serve;
        }

        @Override
        public Optional<LogLines> earlierRead(InputFile file) {
            return Optional.empty();
        }

        @Override
        public Optional<FileScan> knownScan(InputFile file) {
            return Optional.ofNullable(serve ? scans.get(file.path().toAbsolutePath().toString()) : null);
        }

        @Override
        public void scanned(InputFile file, FileScan scan) {
            scans.put(file.path().toAbsolutePath().toString(), scan);
        }

        @Override
        public boolean keepsReadings() {
            return true;
        }

        @Override
        public Optional<byte[]> knownReading(InputFile file, String interestKey) {
            byte[] r = serve ? readings.get(file.path().toAbsolutePath() + "|" + interestKey) : null;
            served += r == null ? 0 : 1;
            return Optional.ofNullable(r);
        }

        @Override
        public void read(InputFile file, String interestKey, byte[] reading) {
            read++;
            readings.put(file.path().toAbsolutePath() + "|" + interestKey, reading);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"samples/issue-17024", "samples/mixed-formats", "samples/persisted-before-removal", "samples/two-controllers",
            "samples/timeline-all-sources", "samples/controller-handover", "samples/controller-local-time"})
    void aRememberedReadingGivesTheSameReportAndOnlyForItsInterest(String sample) {
        AnalysisOptions options = AnalysisOptions.defaults();
        Remembering first = new Remembering(null, false);
        AnalysisResult full = analysis(options, first).run(List.of(sample));
        assertTrue(first.read > 0, "every log file is read once, and its reading heard");

        Remembering again = new Remembering(first, true);
        assertEquals(Reports.everyFormat(full), Reports.everyFormat(analysis(options, again).run(List.of(sample))));
        assertEquals(first.read, again.served, "no log file is read again");
        assertEquals(0, again.read);

        String logs = sample + "/logs";
        Remembering withoutExports = new Remembering(first, true);
        assertEquals(report(options, logs), Reports.everyFormat(analysis(options, withoutExports).run(List.of(logs))), "the exports left out");

        AnalysisOptions pod = options.withPodsOfInterest(List.of("status-capture-repro-1340600742", "some-other-pod"));
        Remembering asked = new Remembering(first, true);
        assertEquals(report(pod, sample), Reports.everyFormat(analysis(pod, asked).run(List.of(sample))), "a Pod asked for");
        assertEquals(0, asked.served, "a name never asked about before: another interest, the files are read");

        AnalysisOptions everything = options.keepingEverything(true);
        Remembering kept = new Remembering(first, true);
        Map<ReportFormat, String> keptReport = Reports.everyFormat(analysis(everything, kept).run(List.of(sample)));
        assertEquals(report(everything, sample), keptReport, "every line kept");
        assertEquals(0, kept.served);
        Remembering keptAgain = new Remembering(kept, true);
        assertEquals(keptReport, Reports.everyFormat(analysis(everything, keptAgain).run(List.of(sample))), "every line kept, replayed");
        assertEquals(kept.read, keptAgain.served);
    }

    private static Map<ReportFormat, String> report(AnalysisOptions options, String path) {
        return Reports.everyFormat(analysis(options, LogSource.files()).run(List.of(path)));
    }

    private static Analysis analysis(AnalysisOptions options, LogSource logs) {
        return new Analysis(MessageCatalog.standard(), RuleEngine.standardRules(), options, logs);
    }
}
