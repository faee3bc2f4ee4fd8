package dev.argoforensics.analysis;

import dev.argoforensics.rules.Clearance;
import dev.argoforensics.rules.Finding;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** A paste of lines analysed as one file, and what AF006 made of it: its findings and its clearances. */
final class PastedAf006 {
    private PastedAf006() {
    }

    static AnalysisResult run(Path dir, String fileName, String... lines) throws IOException {
        Path p = dir.resolve(fileName);
        Files.writeString(p, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        return Analysis.standard(AnalysisOptions.defaults().withThreads(2).keepingEverything(true)).run(List.of(p.toString()));
    }

    static List<Finding> findings(AnalysisResult r) {
        return r.outcomes().stream().filter(o -> o.rule().equals("AF006")).flatMap(o -> o.findings().stream()).toList();
    }

    static List<Clearance> cleared(AnalysisResult r) {
        return r.outcomes().stream().filter(o -> o.rule().equals("AF006")).flatMap(o -> o.cleared().stream()).toList();
    }
}
