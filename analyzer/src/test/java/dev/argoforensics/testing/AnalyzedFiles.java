package dev.argoforensics.testing;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.AnalysisResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The standard analysis of inputs given as files, for the tests whose subject is what the reading of files decides (which file is
 * which run, which lines are one Pod's): each call writes its inputs into a folder of its own and analyzes them as the CLI would.
 */
public final class AnalyzedFiles {
    private AnalyzedFiles() {
    }

    /**
     * Writes each log (its lines, each ended by a line break) and then each other file (its text as given) into a new folder under
     * {@code dir}, in the maps' order (a name may hold folders: {@code prod-east/workflow-controller.log}), and analyzes the files in
     * that order.
     */
    public static AnalysisResult run(Path dir, Map<String, List<String>> logs, Map<String, String> texts, AnalysisOptions options)
            throws IOException {
        Path in = Files.createDirectories(dir.resolve("in-" + System.nanoTime()));
        List<String> paths = new ArrayList<>();
        for (Map.Entry<String, List<String>> l : logs.entrySet()) {
            Path p = in.resolve(l.getKey());
            Files.createDirectories(p.getParent());
            Files.write(p, l.getValue());
            paths.add(p.toString());
        }
        for (Map.Entry<String, String> t : texts.entrySet()) {
            Path p = in.resolve(t.getKey());
            Files.createDirectories(p.getParent());
            Files.writeString(p, t.getValue());
            paths.add(p.toString());
        }
        return Analysis.standard(options).run(paths);
    }

    /** {@link #run(Path, Map, Map, AnalysisOptions)} with the default options. */
    public static AnalysisResult run(Path dir, Map<String, List<String>> logs, Map<String, String> texts) throws IOException {
        return run(dir, logs, texts, AnalysisOptions.defaults());
    }

    /**
     * One pasted file (its text as given, UTF-8) written as {@code file} under {@code dir} and analyzed as {@code analyze} reads a
     * paste: through the whole reading (its runs as the reading cuts them), two threads, everything kept for the assertions.
     */
    public static AnalysisResult pasted(Path dir, String file, String text) throws IOException {
        Path p = dir.resolve(file);
        Files.writeString(p, text, java.nio.charset.StandardCharsets.UTF_8);
        return Analysis.standard(AnalysisOptions.defaults().withThreads(2).keepingEverything(true)).run(List.of(p.toString()));
    }
}
