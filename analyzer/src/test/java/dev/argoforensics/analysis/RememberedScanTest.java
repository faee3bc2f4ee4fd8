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

    /**
     * Session 51: a run without workers rotated mid-listing ({@code .log.1} holds its worker numbers, {@code .log} the listing of
     * {@code ledger-sync-p2m6w}). Served back, the older piece's scan hands the run state it left to the live piece (kept in the
     * scan), so the live piece keeps the Pod as the first analysis did; and where the index knew the live piece alone (its scan
     * begun with no run before it), that scan does not cover the state the older piece now leaves: it is scanned again, and the
     * report is the full reading's.
     */
    @org.junit.jupiter.api.Test
    void aRememberedPieceHandsItsRunStateToTheNext(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws java.io.IOException {
        java.nio.file.Path logs = rotatedIdleRun(dir);
        AnalysisOptions options = AnalysisOptions.defaults().withChunkBytes(4096);
        AnalysisResult everything = new Analysis(MessageCatalog.standard(), RuleEngine.standardRules(), options.keepingEverything(true),
                LogSource.files()).run(List.of(logs.toString()));
        assertTrue(af003Pods(everything).contains("billing/ledger-sync-p2m6w"), af003Pods(everything).toString());

        Remembering first = new Remembering(Map.of(), false);
        AnalysisResult full = analysis(options, first).run(List.of(logs.toString()));
        assertEquals(af003Pods(everything), af003Pods(full));
        Remembering again = new Remembering(first.scans, true);
        assertEquals(Reports.everyFormat(full), Reports.everyFormat(analysis(options, again).run(List.of(logs.toString()))));
        assertEquals(first.scanned, again.served, "every piece served: the older piece's state goes on from its scan");

        // The index knew the live piece alone: its scan began with no run before it.
        java.nio.file.Path live = logs.resolve("workflow-controller-5d7c9b8f6-x7w2n.log");
        Remembering alone = new Remembering(Map.of(), false);
        analysis(options, alone).run(List.of(live.toString()));
        Remembering withOlder = new Remembering(alone.scans, true);
        assertEquals(Reports.everyFormat(full), Reports.everyFormat(analysis(options, withOlder).run(List.of(logs.toString()))),
                "the live piece's remembered scan does not cover the run the older piece leaves: scanned again");
        String key = live.toAbsolutePath().toString();
        assertTrue(!withOlder.scans.get(key).equals(alone.scans.get(key)), "scanned again, from the state the older piece left");
    }

    /** samples/workflow-deleted-while-controller-down's logs, the zero-worker run's listing put back and rotated within it. */
    private static java.nio.file.Path rotatedIdleRun(java.nio.file.Path dir) throws java.io.IOException {
        java.nio.file.Path sample = java.nio.file.Path.of("samples/workflow-deleted-while-controller-down/logs");
        java.nio.file.Path logs = java.nio.file.Files.createDirectories(dir.resolve("rotated"));
        for (String file : List.of("workflow-controller-5d7c9b8f6-m4q8t.log", "workflow-controller-7f4b2d9c1-q5r8v.log")) {
            java.nio.file.Files.copy(sample.resolve(file), logs.resolve(file));
        }
        StringBuilder listing = new StringBuilder();
        for (int i = 0; i < 80; i++) {
            listing.append(String.format("time=2026-10-14T14:38:00.%03dZ level=INFO msg=\"add pod event\" component=pod_controller pod=nightly-report-%05d%n",
                    102 + i / 6, 31000 + i * 7));
        }
        String zero = java.nio.file.Files.readString(sample.resolve("workflow-controller-5d7c9b8f6-x7w2n.log"));
        int at = zero.indexOf("time=2026-10-14T14:38:00.118Z level=INFO msg=\"add pod event\"");
        assertTrue(at > 0 && zero.contains("workflowWorkers=0 "));
        java.nio.file.Files.writeString(logs.resolve("workflow-controller-5d7c9b8f6-x7w2n.log.1"), zero.substring(0, at) + listing);
        java.nio.file.Files.writeString(logs.resolve("workflow-controller-5d7c9b8f6-x7w2n.log"),
                "time=2026-10-14T14:38:00.116Z level=INFO msg=\"add pod event\" component=pod_controller pod=ledger-sync-p2m6w\n" + zero.substring(at));
        return logs;
    }

    private static List<String> af003Pods(AnalysisResult result) {
        return result.outcomes().stream().filter(o -> o.rule().equals("AF003")).findFirst().orElseThrow().findings().stream()
                .map(f -> f.pod().toString()).sorted().toList();
    }

    private static Map<ReportFormat, String> report(AnalysisOptions options, String path, Map<String, FileScan> scans, boolean serve) {
        return Reports.everyFormat(analysis(options, new Remembering(scans, serve)).run(List.of(path)));
    }

    private static Analysis analysis(AnalysisOptions options, LogSource logs) {
        return new Analysis(MessageCatalog.standard(), RuleEngine.standardRules(), options, logs);
    }
}
