package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.event.Visits;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The guard against a rule that goes quadratic (issue #17; session 39's AF006 asked a walk of all of a Workflow's lines for
 * every pair of its lines, and nothing in the build caught it): each rule runs alone on two inputs of the same shape, one
 * ten times the other, and its {@link Visits} (reads of a kept line's controller event or time: a count, not a clock, so the
 * result does not depend on the machine's load) must not grow more than {@link #MARGIN} times as much as the input did.
 * Linear work grows as the input does; work in the square of the input grows by the square of the ratio (about 100), in
 * the cube by its cube.
 *
 * <p>Two directions of growth, both made from the task-result sample (a Workflow requeued while a node's result stays
 * pending; logs and exports): one Workflow with ten times the lines (the controller's pass of three lines repeated 30
 * and 300 times: where a walk of the Workflow's lines inside a loop over them shows), and ten times the Workflows and
 * Pods (2 and 20 copies under other names, their lines interleaved: where a walk of all lines for each Pod shows); each
 * with a second controller writing about the same Workflows, so that lines of two runs are weighed against each other
 * (what made AF006 cubic in session 39: a walk for each pair of the two runs' lines).
 * The slope benchmark ({@code analyzer/benchmarks/run-slope --check}) asks the same of CPU time on generated corpora;
 * {@code StageVisitsLinearTest} asks it of the correlation, the timelines and the report on the same inputs.
 */
public class RuleVisitsLinearTest {
    /** How many times a rule's visits per kept line may grow from the smaller input to the larger (ten times) one. */
    public static final double MARGIN = 3.0;
    /** Visits per kept line below which a rule's growth is not judged (a few reads per line are linear whatever the ratio). */
    public static final double FLOOR = 2.0;

    @TempDir
    Path dir;

    /** Visits on one input by rule, each run alone (with its own {@link RuleContext}) on one thread, or by stage ({@code StageVisitsLinearTest}). */
    public record Measured(int lines, int pods, Map<String, Long> visits) {
    }

    static Measured measure(List<String> inputs) {
        Correlation c = Analysis.standard(AnalysisOptions.defaults().withThreads(1)).run(inputs).correlation();
        Map<String, Long> visits = new LinkedHashMap<>();
        for (Rule rule : RuleEngine.standardRules()) {
            Visits.Counted<List<RuleOutcome>> counted = Visits.count(() -> new RuleEngine(List.of(rule)).run(c));
            visits.put(rule.id(), counted.visits());
        }
        Measured m = new Measured(c.events().size(), c.pods().size(), visits);
        System.out.println("RuleVisitsLinearTest: " + m); // the figures, for the build log
        return m;
    }

    /**
     * The rules whose visits grew more than {@link #MARGIN} times the input did (its kept lines or its Pods, whichever grew
     * more), leaving out those with fewer than {@link #FLOOR} visits a kept line on the larger input; with their figures.
     */
    public static List<String> superlinear(Measured small, Measured large) {
        return superlinear(small, large, MARGIN);
    }

    /** {@link #superlinear(Measured, Measured)} with another margin. */
    public static List<String> superlinear(Measured small, Measured large, double margin) {
        double input = Math.max((double) large.lines() / small.lines(), (double) large.pods() / small.pods());
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, Long> e : large.visits().entrySet()) {
            long before = small.visits().get(e.getKey());
            double perLine = (double) e.getValue() / large.lines();
            if (perLine > FLOOR && e.getValue() > margin * input * before) {
                out.add(String.format(java.util.Locale.ROOT, "%s: %d visits on %d lines, %d Pods against %d on %d lines, %d Pods (%.1f times; the input %.1f times)",
                        e.getKey(), e.getValue(), large.lines(), large.pods(), before, small.lines(), small.pods(),
                        before == 0 ? Double.POSITIVE_INFINITY : (double) e.getValue() / before, input));
            }
        }
        return out;
    }

    private static final java.time.format.DateTimeFormatter MILLIS =
            java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(java.time.ZoneOffset.UTC);
    private static final Pattern TIME = Pattern.compile("^time=\"?([^\" ]+Z)\"? ");

    /**
     * The task-result sample as {@code copies} Workflows (each its own name, Pods, UIDs and exports; their lines
     * interleaved by time in the one controller log) whose controller's last pass (Processing workflow, Task-result
     * reconciliation, the node's result not yet completed) is repeated {@code passes} more times, evenly between that pass
     * and the stats ticker's line: Workflows requeued while they wait.
     */
    public static List<String> requeued(int copies, int passes, boolean twoControllers, Path target) throws IOException {
        Path sample = Path.of("samples", "task-result-never-synced");
        List<String> lines = Files.readAllLines(sample.resolve("logs").resolve("workflow-controller-debug.log"), StandardCharsets.UTF_8);
        int ticker = lines.size() - 1;
        assertTrue(lines.get(ticker).contains("Alloc="), "the sample ends with the stats ticker's line");
        List<String> pass = lines.subList(ticker - 3, ticker);
        assertTrue(pass.get(0).contains("msg=\"Processing workflow\"") && pass.get(2).contains("not yet completed"), "the last pass: " + pass);
        int header = 4; // the controller's start (turned off, starting leading, banner, worker numbers): once
        assertTrue(lines.get(header).contains(NAME) && !lines.get(header - 1).contains(NAME), "the Workflow's lines start at " + header);
        Instant from = time(pass.get(0));
        long step = (Instant.parse("2026-09-26T08:55:00Z").toEpochMilli() - from.toEpochMilli()) / (passes + 1);
        List<String> story = new ArrayList<>(lines.subList(header, ticker));
        for (int i = 1; i <= passes; i++) {
            for (String line : pass) {
                story.add(at(line, time(line).plusMillis(step * i)));
            }
        }
        // Each copy's lines a few milliseconds after the one before's, merged by time (a copy's own order kept on ties).
        List<String[]> merged = new ArrayList<>();
        for (int k = 0; k < copies; k++) {
            for (String line : story) {
                String renamed = renamed(line, k);
                merged.add(new String[] {MILLIS.format(time(line).plusMillis(3L * k)), at(renamed, time(line).plusMillis(3L * k))});
            }
        }
        merged.sort(java.util.Comparator.comparing(a -> a[0]));
        List<String> out = new ArrayList<>(lines.subList(0, header));
        merged.forEach(a -> out.add(a[1]));
        out.add(lines.get(ticker));
        Path logs = Files.createDirectories(target.resolve("logs"));
        Files.write(logs.resolve("workflow-controller-debug.log"), out, StandardCharsets.UTF_8);
        if (twoControllers) {
            // A second controller (another cluster's, or a second replica with leader election off) on the same Workflows,
            // logging at info level (no waiting lines of its own), its every line 1.5 s after the first's: each Workflow's
            // lines come from two runs at once, and the waiting lines from one of them.
            List<String> second = new ArrayList<>();
            out.stream().filter(line -> !line.contains(" level=DEBUG ")).forEach(line -> second.add(at(line, time(line).plusMillis(1_500))));
            Files.write(logs.resolve("workflow-controller-b.log"), second, StandardCharsets.UTF_8);
        }
        Path exports = Files.createDirectories(target.resolve("snapshots"));
        try (var files = Files.list(sample.resolve("snapshots"))) {
            for (Path f : files.sorted().toList()) {
                String text = Files.readString(f, StandardCharsets.UTF_8);
                for (int k = 0; k < copies; k++) {
                    String name = f.getFileName().toString().replace(".yaml", "-" + k + ".yaml");
                    Files.writeString(exports.resolve(name), renamed(text, k), StandardCharsets.UTF_8);
                }
            }
        }
        return List.of(logs.toString(), exports.toString());
    }

    /** The sample's Workflow name's random suffix: copy {@code k} gets another, and its UIDs another first group. */
    private static final String NAME = "report-build-2zv7k";
    private static final Pattern UID = Pattern.compile("\\b[0-9a-f]{8}(-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\\b");

    private static String renamed(String text, int k) {
        String suffix = k == 0 ? "2zv7k" : String.format(java.util.Locale.ROOT, "q%04d", k);
        return UID.matcher(text.replace("2zv7k", suffix)).replaceAll(m -> String.format(java.util.Locale.ROOT, "%08x", 0x5d000000 + k) + m.group(1));
    }

    private static String at(String line, Instant t) {
        Matcher m = TIME.matcher(line);
        assertTrue(m.find(), line);
        return line.substring(0, m.start(1)) + MILLIS.format(t) + line.substring(m.end(1)); // quoted as it was
    }

    private static Instant time(String line) {
        Matcher m = TIME.matcher(line);
        assertTrue(m.find(), line);
        return Instant.parse(m.group(1));
    }

    @Test
    void aWorkflowWithTenTimesTheLines() throws IOException {
        Measured small = measure(requeued(1, 30, true, dir.resolve("small")));
        Measured large = measure(requeued(1, 300, true, dir.resolve("large")));
        assertTrue(large.lines() > 6 * small.lines(), "the Workflow's lines grew: " + small.lines() + " → " + large.lines());
        assertTrue(large.visits().get(TaskResultNeverSynced.ID) > 0, "AF006 read the Workflow's lines: " + large.visits());
        assertEquals(List.of(), superlinear(small, large));
    }

    @Test
    void tenTimesTheWorkflowsAndPods() throws IOException {
        Measured small = measure(requeued(2, 30, true, dir.resolve("small")));
        Measured large = measure(requeued(20, 30, true, dir.resolve("large")));
        assertEquals(10 * small.pods(), large.pods(), "every copy's Pods are Pods of their own");
        long read = large.visits().values().stream().filter(v -> v > 0).count();
        assertTrue(read >= 10, "rules that read kept lines: " + large.visits());
        assertEquals(List.of(), superlinear(small, large));
    }

    /** The check itself: visits that grow with the square of the lines are caught, linear ones are not. */
    @Test
    void theCheckTellsSquareFromLinear() {
        Measured small = new Measured(100, 1, Map.of("LINEAR", 500L, "SQUARE", 1_000L, "FEW", 10L));
        Measured large = new Measured(1_000, 1, Map.of("LINEAR", 6_000L, "SQUARE", 100_000L, "FEW", 1_000L));
        List<String> flagged = superlinear(small, large);
        assertEquals(1, flagged.size(), flagged.toString());
        assertTrue(flagged.get(0).startsWith("SQUARE:"), flagged.toString());
    }
}
