package dev.argoforensics.index;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.SnapshotTimes;
import dev.argoforensics.generator.LogGenerator;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The index's layout may change (fields, stored values, what is kept per input), its answers may not:
 * on a generated log of three formats (v3 logrus text, v4 slog text and JSON, klog), each query of
 * {@code fixtures/index/generated-queries.tsv} gives the same JSON bytes (hits, order, texts, context)
 * as an index of session 19's layout gave, whose SHA-256 the file records; and again after an
 * {@code analyze --index} that found nothing changed. (Recorded with {@code search QUERY --index DIR --format json
 * --context N} on the log written by {@code generate FILE --size-mb 3 --mix UPGRADE --races 5 --seed 17024}.)
 */
class GeneratedLogSearchTest {
    private static final Path EXPECTED = Path.of("analyzer/src/test/resources/fixtures/index/generated-queries.tsv");

    @TempDir
    Path tmp;

    private record Expected(int context, String sha256, long count, String query) {
    }

    @Test
    void everyQueryGivesTheSameJsonAsTheLayoutBefore() throws IOException {
        Path log = tmp.resolve("generated.log");
        try (Writer w = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
            new LogGenerator(17024, 3_000_000, LogGenerator.Mix.UPGRADE, 5).write(w);
        }
        List<Expected> expected = expected();
        assertEquals(16, expected.size());
        AnalysisOptions options = AnalysisOptions.defaults();
        Path index = tmp.resolve("index");
        IndexedAnalysis.run(index, options, SnapshotTimes.none(), List.of(log.toString()));
        assertAnswers(index, expected);
        IndexedAnalysis.Outcome again = IndexedAnalysis.run(index, options, SnapshotTimes.none(), List.of(log.toString()));
        assertEquals(1, again.changes().readingsReplayed());
        assertAnswers(index, expected);
    }

    private void assertAnswers(Path index, List<Expected> expected) throws IOException {
        List<String> want = new ArrayList<>();
        List<String> got = new ArrayList<>();
        try (EventSearch search = EventSearch.open(index)) {
            for (Expected e : expected) {
                List<SearchMatch> matches = search.matches(EventSearch.parse(e.query(), null, null), e.context());
                String json = SearchFormat.JSON.render(e.query(), matches, e.context()).replace(tmp.toString() + "/", "")
                        .stripTrailing(); // as recorded: the command's output without its final line break
                want.add(e.count() + " " + e.sha256() + " " + e.query());
                got.add(matches.size() + " " + sha256(json) + " " + e.query());
            }
        }
        assertEquals(want, got);
    }

    private static List<Expected> expected() throws IOException {
        List<Expected> out = new ArrayList<>();
        for (String line : Files.readAllLines(EXPECTED, StandardCharsets.UTF_8)) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            String[] p = line.split("\t", 4);
            out.add(new Expected(Integer.parseInt(p[0]), p[1], Long.parseLong(p[2]), p[3]));
        }
        return out;
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
