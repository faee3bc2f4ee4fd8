package dev.argoforensics.index;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.analysis.SnapshotTimes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.report.ReportFormat;
import dev.argoforensics.rules.RuleEngine;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.testing.Reports;
import dev.argoforensics.testing.SampleFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code analyze --index}: a second run on unchanged inputs writes no document and gives the same
 * report, byte for byte, as a run without an index; a changed file is indexed again, and only it.
 */
class IndexReuseTest {
    private static final AnalysisOptions OPTIONS = AnalysisOptions.defaults();
    private static final IndexIdentity IDENTITY = IndexIdentity.current(OPTIONS);

    @TempDir
    Path tmp;

    private static IndexedAnalysis.Outcome run(Directory dir, IndexIdentity identity, List<String> paths) throws IOException {
        return IndexedAnalysis.run(dir, identity, OPTIONS, SnapshotTimes.none(), paths, RuleEngine.standardRules(), -1);
    }

    private static Map<ReportFormat, String> plain(List<String> paths) {
        return Reports.everyFormat(Analysis.standard(OPTIONS).run(paths));
    }

    @ParameterizedTest
    @ValueSource(strings = {"samples/issue-17024", "samples/mixed-formats", "samples/persisted-before-removal", "samples/timeline-all-sources"})
    void aSecondRunReadsNoLogFileAndGivesTheSameReport(String sample) throws IOException {
        Path copy = SampleFiles.copy(Path.of(sample), tmp.resolve("case"));
        List<String> paths = List.of(copy.toString());
        Map<ReportFormat, String> plain = plain(paths);
        List<InputFile> logs = logFiles(Analysis.standard(OPTIONS).run(paths));
        try (Directory dir = FSDirectory.open(tmp.resolve("index"))) {
            IndexedAnalysis.Outcome built = run(dir, IDENTITY, paths);
            assertEquals(logs.size(), built.changes().logFilesRead(), "the first run indexes every log file");
            assertEquals(plain, Reports.everyFormat(built.result()));

            IndexedAnalysis.Outcome again = run(dir, IDENTITY, paths);
            assertEquals(0, again.changes().logFilesRead(), "no log file is indexed again");
            assertEquals(logs.size(), again.changes().logFilesReused());
            assertEquals(0, again.changes().inputsWritten(), "nothing changed, so no document is written again");
            assertEquals(logs.size(), again.changes().readingsReplayed(), "no log file is read: pass 2's readings come from the index");
            assertEquals(plain, Reports.everyFormat(again.result()), "the same bytes as without an index");

            IndexedAnalysis.Outcome third = run(dir, IDENTITY, paths);
            assertEquals(logs.size(), third.changes().readingsReplayed(), "the readings are kept when nothing changed");
            assertEquals(plain, Reports.everyFormat(third.result()));
        }
    }

    @Test
    void aReadingIsReplayedOnlyForTheInterestItWasMadeWith() throws IOException {
        Path sample = SampleFiles.copy(Path.of("samples/issue-17024"), tmp.resolve("case"));
        List<String> all = List.of(sample.resolve("logs").toString(), sample.resolve("snapshots").toString());
        List<String> logsOnly = List.of(sample.resolve("logs").toString());
        AnalysisOptions pod = OPTIONS.withPodsOfInterest(List.of("status-capture-repro-1340600742", "some-other-pod"));
        try (Directory dir = FSDirectory.open(tmp.resolve("index"))) {
            run(dir, IDENTITY, all);
            IndexedAnalysis.Outcome withoutExports = run(dir, IDENTITY, logsOnly);
            assertEquals(3, withoutExports.changes().readingsReplayed(), "the exports name no Pod the logs do not: the same interest");
            assertEquals(plain(logsOnly), Reports.everyFormat(withoutExports.result()));

            IndexedAnalysis.Outcome asked = IndexedAnalysis.run(dir, IDENTITY, pod, SnapshotTimes.none(), logsOnly, RuleEngine.standardRules(), -1);
            assertEquals(0, asked.changes().readingsReplayed(), "a Pod asked for is another interest");
            assertEquals(Reports.everyFormat(Analysis.standard(pod).run(logsOnly)), Reports.everyFormat(asked.result()));

            IndexedAnalysis.Outcome askedAgain = IndexedAnalysis.run(dir, IDENTITY, pod, SnapshotTimes.none(), logsOnly, RuleEngine.standardRules(), -1);
            assertEquals(3, askedAgain.changes().readingsReplayed(), "the same interest again: the readings of the run before");
            assertEquals(Reports.everyFormat(Analysis.standard(pod).run(logsOnly)), Reports.everyFormat(askedAgain.result()));

            IndexedAnalysis.Outcome back = run(dir, IDENTITY, all);
            assertEquals(0, back.changes().readingsReplayed());
            assertEquals(plain(all), Reports.everyFormat(back.result()));
        }
    }

    @Test
    void onlyAChangedFileIsReadAgainAndARemovedOneIsDropped() throws IOException {
        Path sample = SampleFiles.copy(Path.of("samples/issue-17024"), tmp.resolve("case"));
        List<String> paths = List.of(sample.resolve("logs").toString(), sample.resolve("snapshots").toString());
        Path restored = sample.resolve("logs/3-controller-workers-restored.log");
        Path stopped = sample.resolve("logs/2-controller-workers0.log");
        try (Directory dir = FSDirectory.open(tmp.resolve("index"))) {
            run(dir, IDENTITY, paths);

            Files.writeString(restored, "time=2026-09-19T16:38:30.000Z level=ERROR msg=\"something new\" component=workflow_worker\n",
                    StandardCharsets.UTF_8, StandardOpenOption.APPEND);
            Files.setLastModifiedTime(stopped, FileTime.fromMillis(Files.getLastModifiedTime(stopped).toMillis() + 60_000));
            IndexedAnalysis.Outcome changed = run(dir, IDENTITY, paths);
            assertEquals(1, changed.changes().logFilesRead(), "only the appended file is indexed again; a touched one is hashed and kept");
            assertEquals(2, changed.changes().logFilesReused());
            assertEquals(2, changed.changes().readingsReplayed(), "the two unchanged files are not read (the new line names nothing"
                    + " of interest: the interest is the same)");
            assertEquals(plain(paths), Reports.everyFormat(changed.result()));
            try (EventSearch search = EventSearch.open(tmp.resolve("index"))) {
                assertEquals(1, search.count(EventSearch.parse("msg:\"something new\"", null, null)), "the new line is searchable");
            }

            Files.delete(stopped);
            IndexedAnalysis.Outcome removed = run(dir, IDENTITY, paths);
            assertEquals(0, removed.changes().logFilesRead());
            assertEquals(1, removed.changes().inputsDropped());
            assertEquals(plain(paths), Reports.everyFormat(removed.result()));
            try (StoredIndex index = StoredIndex.open(dir)) {
                String key = stopped.toAbsolutePath().normalize().toString();
                assertFalse(index.inputs().containsKey(key));
                assertEquals(List.of(), index.events(key));
            }
        }
    }

    @Test
    void theSameFilesNamedAnotherWayAreNotReadAndAreCitedAsNamed() throws IOException {
        List<String> named = List.of("samples/issue-17024/logs", "samples/issue-17024/snapshots");
        List<String> renamed = List.of("./samples/issue-17024/logs", "samples/../samples/issue-17024/snapshots");
        try (Directory dir = FSDirectory.open(tmp.resolve("index"))) {
            run(dir, IDENTITY, named);
            IndexedAnalysis.Outcome again = run(dir, IDENTITY, renamed);
            assertEquals(0, again.changes().logFilesRead());
            assertEquals(0, again.changes().readingsReplayed(), "a reading cites its file as named: read again");
            assertEquals(plain(renamed), Reports.everyFormat(again.result()));
            assertEquals(6, again.changes().inputsWritten(), "the event documents cite the new paths");
            try (EventSearch search = EventSearch.open(tmp.resolve("index"))) {
                assertEquals("./samples/issue-17024/logs/2-controller-workers0.log:10",
                        search.matches(EventSearch.parse("kind:pod-cleanup-scheduled", null, null), 0).get(0).hit().source().toString());
            }
        }
    }

    @Test
    void anIndexBuiltByAnotherVersionIsBuiltAgain() throws IOException {
        List<String> paths = List.of("samples/issue-17024/logs");
        try (Directory dir = FSDirectory.open(tmp.resolve("index"))) {
            run(dir, new IndexIdentity(IndexIdentity.LAYOUT, "0.0.1-older", IDENTITY.catalog(), "", IDENTITY.chunkBytes()), paths);
            IndexedAnalysis.Outcome again = run(dir, IDENTITY, paths);
            assertEquals(3, again.changes().logFilesRead());
            assertTrue(again.changes().rebuilt());
        }
    }

    private static List<InputFile> logFiles(AnalysisResult r) {
        return r.inputs().stream().map(InputSummary::file).filter(f -> f.kind() == InputKind.LOG).toList();
    }
}
