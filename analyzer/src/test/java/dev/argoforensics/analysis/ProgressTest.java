package dev.argoforensics.analysis;

import dev.argoforensics.read.Progress;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.argoforensics.generator.LogGenerator;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a progress display hears adds up to the input: every stored byte once per pass, every line once. */
class ProgressTest {
    @TempDir
    Path dir;

    private static final class Recording implements Progress {
        final List<String> phases = new ArrayList<>();
        final Map<String, Long> totals = new LinkedHashMap<>();
        final Map<String, AtomicLong> bytes = new LinkedHashMap<>();
        final Map<String, AtomicLong> lines = new LinkedHashMap<>();
        volatile String current;
        boolean done;

        @Override
        public synchronized void phase(String name, long totalBytes) {
            phases.add(name);
            totals.put(name, totalBytes);
            bytes.put(name, new AtomicLong());
            lines.put(name, new AtomicLong());
            current = name;
        }

        @Override
        public void advance(long b, long l) {
            bytes.get(current).addAndGet(b);
            lines.get(current).addAndGet(l);
        }

        @Override
        public synchronized void done() {
            done = true;
        }
    }

    @Test
    void bytesAndLinesAddUpOverChunksThreadsAndGzip() throws IOException {
        Path plain = dir.resolve("controller.log");
        Path gz = dir.resolve("controller-old.log.gz");
        long plainLines;
        long gzLines;
        try (Writer w = Files.newBufferedWriter(plain, StandardCharsets.UTF_8)) {
            plainLines = new LogGenerator(1, 600_000, LogGenerator.Mix.SLOG_TEXT, 1).write(w).lines();
        }
        try (Writer w = new OutputStreamWriter(new GZIPOutputStream(Files.newOutputStream(gz)), StandardCharsets.UTF_8)) {
            gzLines = new LogGenerator(2, 300_000, LogGenerator.Mix.SLOG_JSON, 1).write(w).lines();
        }
        Recording progress = new Recording();
        Analysis.standard(AnalysisOptions.defaults().withThreads(3).withChunkBytes(50_000).withProgress(progress))
                .run(List.of(dir.toString()));
        long stored = Files.size(plain) + Files.size(gz);
        assertEquals(List.of("finding Pods of interest", "reading"), progress.phases);
        for (String phase : progress.phases) {
            assertEquals(stored, progress.totals.get(phase), phase);
            assertEquals(stored, progress.bytes.get(phase).get(), phase + ": stored bytes read");
        }
        assertEquals(plainLines + gzLines, progress.lines.get("reading").get());
        assertEquals(true, progress.done);
    }
}
