package dev.argoforensics.analysis;

import dev.argoforensics.accounting.LogLines;
import dev.argoforensics.accounting.LogSource;
import dev.argoforensics.read.WholeFile;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.rules.RuleEngine;
import dev.argoforensics.source.InputCollector;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.testing.Reports;
import dev.argoforensics.testing.SampleFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The {@link LogSource} seam: an analysis given every log file's lines from an earlier read makes
 * the same report as one that reads the files, and does not read them.
 */
class LogSourceTest {
    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"samples/issue-17024", "samples/mixed-formats", "samples/persisted-before-removal", "samples/timeline-all-sources"})
    void earlierReadsGiveTheSameReportWithoutReadingTheFiles(String sample) throws IOException {
        Path copy = SampleFiles.copy(Path.of(sample), tmp.resolve("case"));
        List<String> paths = List.of(copy.toString());
        // Small chunks: the files are read in pieces, the earlier reads are whole files.
        AnalysisOptions options = AnalysisOptions.defaults().withChunkBytes(512);
        Map<dev.argoforensics.report.ReportFormat, String> read = Reports.everyFormat(Analysis.standard(options).run(paths));

        Map<String, LogLines> earlier = new HashMap<>();
        for (InputFile f : new InputCollector().collect(paths)) {
            if (f.kind() == InputKind.LOG) {
                earlier.put(f.displayPath(), WholeFile.lines(f, MessageCatalog.standard(), options.chunkBytes()));
                if (!f.compressed()) {
                    // A gzip file keeps its bytes: the classifier opens it to see what it holds.
                    SampleFiles.overwriteKeepingSizeAndTime(f.path());
                }
            }
        }
        LogSource source = f -> Optional.ofNullable(earlier.get(f.displayPath()));
        AnalysisResult fromEarlier = new Analysis(MessageCatalog.standard(), RuleEngine.standardRules(), options, source).run(paths);
        assertEquals(read, Reports.everyFormat(fromEarlier), "same bytes, though every plain log file now holds only dashes");
    }
}
