package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.rules.Fact;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.RuleOutcome;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The #17024 case with its decisive line ({@code queuing pod delay … delay=-1m24.257168224s
 * action=removeFinalizer namespace=… podName=…}) pasted cut short: AF001 keeps its exact delay for
 * every cut after the delay, and no cut ever gives it another delay.
 */
class CutDecisiveLineTest {
    private static final Path SAMPLE = Path.of("samples/issue-17024");
    private static final String DELAY = "delay=-1m24.257168224s";

    @TempDir
    Path dir;

    private Optional<Finding> af001(String decisive) throws IOException {
        Path logs = dir.resolve("logs");
        Files.createDirectories(logs);
        for (String f : List.of("1-controller-workers2.log", "3-controller-workers-restored.log")) {
            Files.copy(SAMPLE.resolve("logs").resolve(f), logs.resolve(f), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        List<String> lines = Files.readAllLines(SAMPLE.resolve("logs/2-controller-workers0.log"), StandardCharsets.UTF_8);
        lines.set(9, decisive);
        Files.write(logs.resolve("2-controller-workers0.log"), lines, StandardCharsets.UTF_8);
        AnalysisResult result = Analysis.standard(AnalysisOptions.defaults().withThreads(1))
                .run(List.of(logs.toString(), SAMPLE.resolve("snapshots").toString()));
        return result.outcomes().stream().filter(o -> o.rule().equals("AF001")).map(RuleOutcome::findings).flatMap(List::stream)
                .filter(f -> f.pod().toString().equals("status-capture-test/status-capture-repro")).findFirst();
    }

    private static String fact(Finding f, String key) {
        return f.facts().stream().filter(x -> x.key().equals(key)).findFirst().map(Fact::value).map(Object::toString).orElse(null);
    }

    private static String decisive() throws IOException {
        return Files.readAllLines(SAMPLE.resolve("logs/2-controller-workers0.log"), StandardCharsets.UTF_8).get(9);
    }

    @Test
    void everyCutAfterTheDelayKeepsTheFindingWithItsDelayAndSaysTheLineIsCut() throws IOException {
        String line = decisive();
        int delayEnd = line.indexOf(DELAY) + DELAY.length();
        TreeSet<Integer> cuts = new TreeSet<>();
        for (int k = delayEnd; k < line.length(); k += 3) {
            cuts.add(k);
        }
        for (int k = delayEnd; k < line.length(); k++) {
            if (line.charAt(k) == ' ' || line.charAt(k) == '=') {
                cuts.add(k);
                cuts.add(k + 1);
            }
        }
        cuts.add(line.length() - 1);
        for (int k : cuts) {
            String cut = line.substring(0, k);
            Finding f = af001(cut).orElseThrow(() -> new AssertionError("no AF001 for the line cut at " + k + ": " + cut));
            assertEquals("-1m24.257168224s", fact(f, "delay"), cut);
            assertEquals("-84257168224", fact(f, "delayNanos"), cut);
            String last = cut.substring(cut.lastIndexOf(' ') + 1);
            if (!last.isEmpty() && !last.contains("=") || last.endsWith("=")) {
                // cut inside a key or right after its '=' (slog writes an empty value as ""): the finding says the line is cut
                assertTrue(f.confidenceReason().contains("2-controller-workers0.log:10 is cut"), cut + " → " + f.confidenceReason());
            }
        }
    }

    @Test
    void aCutInsideTheDelayGivesNoDelayFromThatLine() throws IOException {
        String line = decisive();
        int from = line.indexOf(DELAY) + "delay=".length();
        for (int k = from; k < from + "-1m24.257168224s".length(); k++) {
            String cut = line.substring(0, k);
            Optional<Finding> f = af001(cut);
            // The line is read in part without its delay: no finding rests on a shortened delay. The handler's first line
            // and its queueing line still show the deletion path, so the race is found, its delay unknown and said so.
            assertTrue(f.isPresent(), cut);
            assertTrue(fact(f.get(), "delay") == null, cut + " → " + fact(f.get(), "delay"));
            assertTrue(f.get().explanation().contains("so the delay is unknown"), cut + " → " + f.get().explanation());
        }
    }
}
