package dev.argoforensics.index;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.SnapshotTimes;
import dev.argoforensics.report.ReportFormat;
import dev.argoforensics.rules.RuleEngine;
import dev.argoforensics.testing.SampleFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Breaker s62-b-zones: a file's zone taken from another file's ({@code ZoneCopies}) makes a reading depend on the other inputs,
 * not on the file and the interest alone, which is what {@code analyze --index} replays readings by. The user indexes the
 * {@code kubectl logs} copy of a {@code TZ=Europe/Berlin} controller with the exports (no zone of its own: read as UTC, the
 * copy's lines two hours late), then adds the Elasticsearch dump of the same run beside it and runs again: the dump is read
 * (+02:00 measured), the unchanged copy's reading replayed. Without the index the copy is read at +02:00 (its records are the
 * dump's); with it, the replayed UTC reading keeps session 61's wrong findings (the pass two hours after the completion). And
 * the other way: a copy read in the dump's zone, replayed after the dump was taken away. An indexed run gives what a run without
 * the index gives, byte for byte.
 */
class ZoneCopiesIndexS62BreakerTest {
    private static final AnalysisOptions OPTIONS = AnalysisOptions.defaults();
    private static final IndexIdentity IDENTITY = IndexIdentity.current(OPTIONS);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path SAMPLE = Path.of("samples/es-timestamp-offset-local-z");
    private static final String DUMP = "elasticdump-workflow-controller.ndjson";

    @TempDir
    Path tmp;

    private static List<String> kubectlLogs() throws IOException {
        List<String> out = new ArrayList<>();
        for (String l : Files.readAllLines(SAMPLE.resolve("logs").resolve(DUMP))) {
            String line = JSON.readTree(l).path("_source").path("log").asText();
            out.add(line.endsWith("\n") ? line.substring(0, line.length() - 1) : line);
        }
        return out;
    }

    private static IndexedAnalysis.Outcome run(Directory dir, List<String> paths) throws IOException {
        return IndexedAnalysis.run(dir, IDENTITY, OPTIONS, SnapshotTimes.none(), paths, RuleEngine.standardRules(), -1);
    }

    private static Map<ReportFormat, String> plain(List<String> paths) {
        return dev.argoforensics.testing.Reports.everyFormat(Analysis.standard(OPTIONS).run(paths));
    }

    private Path caseWithCopy() throws IOException {
        Path c = SampleFiles.copy(SAMPLE, tmp.resolve("case"));
        Files.move(c.resolve("logs").resolve(DUMP), tmp.resolve(DUMP));
        Files.write(c.resolve("logs/workflow-controller.log"), kubectlLogs());
        return c;
    }

    @Test
    void theDumpAddedBesideAnIndexedCopyReadsTheCopyInTheDumpsZone() throws IOException {
        Path c = caseWithCopy();
        List<String> paths = List.of(c.resolve("logs").toString(), c.resolve("snapshots").toString());
        try (Directory dir = FSDirectory.open(tmp.resolve("index"))) {
            run(dir, paths);
            Files.copy(tmp.resolve(DUMP), c.resolve("logs").resolve(DUMP));
            IndexedAnalysis.Outcome added = run(dir, paths);
            assertEquals(plain(paths), dev.argoforensics.testing.Reports.everyFormat(added.result()),
                    "the copy read in the dump's zone, as without the index");
        }
    }

    @Test
    void theDumpTakenAwayFromAnIndexedCopyReadsTheCopyAsWithoutTheIndex() throws IOException {
        Path c = caseWithCopy();
        Files.copy(tmp.resolve(DUMP), c.resolve("logs").resolve(DUMP));
        List<String> paths = List.of(c.resolve("logs").toString(), c.resolve("snapshots").toString());
        try (Directory dir = FSDirectory.open(tmp.resolve("index"))) {
            run(dir, paths);
            Files.delete(c.resolve("logs").resolve(DUMP));
            IndexedAnalysis.Outcome removed = run(dir, paths);
            assertEquals(plain(paths), dev.argoforensics.testing.Reports.everyFormat(removed.result()),
                    "the copy read as without the index");
        }
    }

    /** The dump unchanged (its reading replayed), the copy grown by a line: the copy read now is matched against the dump still. */
    @Test
    void aCopyGrownBesideAnUnchangedIndexedDumpIsReadInTheDumpsZone() throws IOException {
        Path c = caseWithCopy();
        Files.copy(tmp.resolve(DUMP), c.resolve("logs").resolve(DUMP));
        List<String> paths = List.of(c.resolve("logs").toString(), c.resolve("snapshots").toString());
        try (Directory dir = FSDirectory.open(tmp.resolve("index"))) {
            run(dir, paths);
            List<String> grown = new ArrayList<>(kubectlLogs());
            grown.add("time=\"2026-10-14T11:25:00.118Z\" level=info msg=\"Alloc=9411 TotalAlloc=2210481 Sys=40213 NumGC=611 Goroutines=212\"");
            Files.write(c.resolve("logs/workflow-controller.log"), grown);
            IndexedAnalysis.Outcome changed = run(dir, paths);
            assertEquals(plain(paths), dev.argoforensics.testing.Reports.everyFormat(changed.result()),
                    "the grown copy read in the dump's zone, as without the index");
        }
    }
}
