package dev.argoforensics.rules;

import static dev.argoforensics.rules.StaleCopyActedOnTest.completed;
import static dev.argoforensics.rules.StaleCopyActedOnTest.op;
import static dev.argoforensics.rules.StaleCopyActedOnTest.other;
import static dev.argoforensics.rules.StaleCopyActedOnTest.rejected;
import static dev.argoforensics.rules.StaleCopyActedOnTest.run;
import static dev.argoforensics.rules.StaleCopyActedOnTest.ticker;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.testing.Cli;
import dev.argoforensics.testing.Evidence;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 54 breaker of AF015's guarded variant ("nothing acted on the copies" over the span from the completion on, {@code
 * Correlation.cutOver}): excerpts that cut the span the rule may read as whole (a wrong likely), and whole logs it may read as cut (a
 * true likely lost). Lines are v3.7 logrus text of Workflow ns/wf, as {@link StaleCopyActedOnTest}'s.
 */
class StaleCopySpanBreakerTest {

    /** Every 5 minutes from {@code fromMinute} to {@code toMinute} past 13:00 (inclusive), the stats ticker's lines. */
    private static List<String> tickers(int fromMinute, int toMinute) {
        List<String> out = new ArrayList<>();
        for (int m = fromMinute; m <= toMinute; m += 5) {
            out.add(ticker(String.format("2026-06-24T%02d:%02d:00.000Z", 13 + m / 60, m % 60)));
        }
        return out;
    }

    private static List<String> sorted(List<String> lines) {
        List<String> out = new ArrayList<>(lines);
        out.sort(java.util.Comparator.comparing(l -> l.substring(l.indexOf("time=\"") + 6, l.indexOf("time=\"") + 30)));
        return out;
    }

    private static Finding guarded(Evidence e) {
        List<Finding> fs = new StaleCopyActedOn().evaluate(e.correlate()).findings();
        assertEquals(1, fs.size(), fs::toString);
        return fs.get(0);
    }

    /**
     * A Failed Workflow, its stale copy rejected; {@code argo retry} (a pass on a newer Running copy) ends that completion; the rerun
     * succeeds at 13:37 and a stale copy of that completion is rejected at 13:39. The log is whole to 13:41, then cut (a head and a
     * tail pasted, or a tail after a grep) to 14:20. Nothing acted on the second completion's copies is a claim about every line from
     * 13:37 on, and those after 13:41 are cut: not likely. {@code tail}: the same run read whole to its end (likely).
     */
    private static List<String> retriedThenCompletedAgain(List<String> tail) {
        List<String> lines = new ArrayList<>(completed());
        lines.replaceAll(l -> l.replace("Succeeded", "Failed"));
        lines.add(rejected("2026-06-24T13:30:21.120Z"));
        lines.add(op("2026-06-24T13:33:00.611Z", "info", "Processing workflow", "Phase=Running ResourceVersion=1377"));
        lines.add(op("2026-06-24T13:33:00.614Z", "info", "Pod node wf initialized Pending", ""));
        lines.add(op("2026-06-24T13:33:00.637Z", "info", "Created pod: wf (wf)", ""));
        lines.add(op("2026-06-24T13:33:00.650Z", "info", "Workflow update successful", "phase=Running resourceVersion=1380"));
        lines.add(op("2026-06-24T13:37:00.100Z", "info", "Processing workflow", "Phase=Running ResourceVersion=1500"));
        lines.add(op("2026-06-24T13:37:00.110Z", "info", "Updated phase Running -> Succeeded", ""));
        lines.add(op("2026-06-24T13:37:00.111Z", "info", "Marking workflow completed", ""));
        lines.add(op("2026-06-24T13:37:00.130Z", "info", "Workflow update successful", "phase=Succeeded resourceVersion=1600"));
        lines.add(rejected("2026-06-24T13:39:10.120Z"));
        lines.addAll(tickers(26, 41));
        lines.addAll(tail);
        return sorted(lines);
    }

    @Test
    void aSecondCompletionAfterARetryCutAfterItsGuardIsNotLikely() {
        List<String> cut = new ArrayList<>(tickers(80, 85));
        cut.add(other("2026-06-24T14:26:00.000Z"));
        Finding f = guarded(new Evidence().log("c.log", retriedThenCompletedAgain(cut).toArray(String[]::new)));
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("2026-06-24T13:41:00.000Z"), f.confidenceReason());

        List<String> whole = new ArrayList<>(tickers(46, 85));
        whole.add(other("2026-06-24T14:26:00.000Z"));
        Finding control = guarded(new Evidence().log("c.log", retriedThenCompletedAgain(whole).toArray(String[]::new)));
        assertEquals(Confidence.LIKELY, control.confidence(), control.confidenceReason());
    }

    /**
     * The run that completed the Workflow and rejected its stale copies ends at 13:34 (read whole); the controller restarted (a new run,
     * another file: its in-memory record of written versions empty, its informer's first list possibly served stale from the API
     * server's cache). The new run's lines hold none of the Workflow's (a head, then a tail: 13:40 to 14:20 cut). A Pod created from a
     * stale copy by the new run would be a line of its cut: not likely. Control: the new run read whole (likely).
     */
    @Test
    void aRestartedRunCutAfterTheCompletionHoldingNoneOfTheWorkflowsLinesIsNotLikely() {
        List<String> first = new ArrayList<>(tickers(26, 31));
        first.addAll(completed());
        first.addAll(List.of(rejected("2026-06-24T13:30:21.120Z"), ticker("2026-06-24T13:34:00.000Z")));
        List<String> second = new ArrayList<>(List.of(ticker("2026-06-24T13:35:10.000Z"), other("2026-06-24T13:35:11.000Z"),
                ticker("2026-06-24T13:40:10.000Z"), ticker("2026-06-24T14:20:10.000Z"), other("2026-06-24T14:21:00.000Z")));
        Finding f = guarded(new Evidence().log("c.log", sorted(first).toArray(String[]::new)).log("c2.log", sorted(second).toArray(String[]::new)));
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("c2.log"), f.confidenceReason());

        List<String> whole = new ArrayList<>(List.of(ticker("2026-06-24T13:35:10.000Z"), other("2026-06-24T13:35:11.000Z")));
        for (int m = 40; m <= 80; m += 5) {
            whole.add(ticker(String.format("2026-06-24T%02d:%02d:10.000Z", 13 + m / 60, m % 60)));
        }
        whole.add(other("2026-06-24T14:21:00.000Z"));
        Finding control = guarded(new Evidence().log("c.log", sorted(first).toArray(String[]::new)).log("c2.log", sorted(whole).toArray(String[]::new)));
        assertEquals(Confidence.LIKELY, control.confidence(), control.confidenceReason());
    }

    /**
     * Judgment seed 389 (corpora): a standby replica's run, read whole from its start (its election lines name the lease and the leader,
     * its first stats tick 5 minutes after its first line), with the Workflow's completion in those first minutes. Every run is checked
     * over the span now; this one was read as cut before its first tick ("no line naming nothing before") though it starts there, as
     * a whole log does. Likely. Control: the same run's first line 8 minutes before its first tick (a cut the ticker shows): possible.
     */
    @Test
    void aStandbyStartedJustBeforeTheCompletionReadWholeStaysLikely() {
        List<String> first = new ArrayList<>(tickers(26, 41));
        first.addAll(completed());
        first.add(rejected("2026-06-24T13:30:21.120Z"));
        List<String> standby = new ArrayList<>(List.of(other("2026-06-24T13:25:10.000Z"), ticker("2026-06-24T13:30:10.000Z"),
                ticker("2026-06-24T13:35:10.000Z"), ticker("2026-06-24T13:40:10.000Z")));
        Finding f = guarded(new Evidence().log("c.log", sorted(first).toArray(String[]::new)).log("s.log", standby.toArray(String[]::new)));
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());

        List<String> cut = new ArrayList<>(standby);
        cut.set(0, other("2026-06-24T13:22:00.000Z"));
        Finding c = guarded(new Evidence().log("c.log", sorted(first).toArray(String[]::new)).log("s.log", cut.toArray(String[]::new)));
        assertEquals(Confidence.POSSIBLE, c.confidence(), c.confidenceReason());
        assertTrue(c.confidenceReason().contains("s.log #1"), c.confidenceReason());
    }

    private static String pod(String created) {
        return "apiVersion: v1\nkind: Pod\nmetadata:\n  name: wf\n  namespace: ns\n  uid: u-2\n  creationTimestamp: \"" + created + "\"\n"
                + "  labels: {workflows.argoproj.io/workflow: wf}\n  annotations: {workflows.argoproj.io/node-id: wf, workflows.argoproj.io/node-name: wf}\n"
                + "status:\n  phase: Running\n";
    }

    /**
     * The controller log, read whole, ends at 13:36; an export of the Workflow's Pod taken at 14:00 shows it created at 13:50, after
     * the completion (13:28:39) and after the log's end: a Pod of the completed Workflow created where no line was read. That nothing
     * acted on the copies is contradicted, or at least not shown: not likely. Control: the export shows the Pod created before the
     * completion (the node's own run): likely.
     */
    @Test
    void anExportedPodCreatedAfterTheCompletionBeyondTheLogsEndIsNotLikely() {
        List<String> lines = new ArrayList<>(tickers(26, 36));
        lines.addAll(completed());
        lines.add(rejected("2026-06-24T13:30:21.120Z"));
        Finding f = guarded(new Evidence().log("c.log", sorted(lines).toArray(String[]::new)).takenAt("pod.yaml", "2026-06-24T14:00:00Z",
                pod("2026-06-24T13:50:02Z")));
        assertTrue(f.confidence() != Confidence.LIKELY && f.confidence() != Confidence.CONFIRMED, f.confidence() + ": " + f.confidenceReason());

        Finding control = guarded(new Evidence().log("c.log", sorted(lines).toArray(String[]::new)).takenAt("pod.yaml", "2026-06-24T14:00:00Z",
                pod("2026-06-24T13:27:50Z")));
        assertEquals(Confidence.LIKELY, control.confidence(), control.confidenceReason());
    }

    /**
     * A tail ({@code kubectl logs --tail=N} without its prompt): the run's lines begin at 13:45 with the stats ticker, the guard
     * rejects a stale copy of the completed Workflow at 13:45:21, and the completion is not in the lines: it came before 13:45, and
     * every line from it to 13:45 was not given. A Pod created from a copy there is not excluded: not likely.
     */
    @Test
    void aTailBeginningAfterTheCompletionIsNotLikely() {
        Finding f = guarded(new Evidence().log("c.log", ticker("2026-06-24T13:45:00.000Z"), rejected("2026-06-24T13:45:21.120Z"),
                ticker("2026-06-24T13:50:00.000Z"), ticker("2026-06-24T13:55:00.000Z")));
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
    }

    private static String incomparable(String t) {
        return "time=\"" + t + "\" level=warning msg=\"Cannot compare workflow resource versions\" name=wf error=\"resource version \\\"a1\\\" is"
                + " not a number\"";
    }

    /**
     * {@code Cannot compare workflow resource versions}: the guard could not compare, and the copy was processed anyway. The log,
     * read whole (the ticker every 5 minutes), ends 200 ms after that line, before the pass on the copy is in it: what that pass did
     * is not read, so that nothing acted on the copy is not shown (a completed copy is not operated on, a stale one is: its
     * {@code Processing workflow} would follow). Control: the log goes on 13 minutes with no pass of the Workflow: likely.
     */
    @Test
    void aCopyProcessedAnywayAtTheLogsEndIsNotLikely() {
        List<String> lines = new ArrayList<>(tickers(26, 31));
        lines.addAll(completed());
        lines.add(incomparable("2026-06-24T13:33:10.120Z"));
        lines.add(other("2026-06-24T13:33:10.320Z"));
        Finding f = guarded(new Evidence().log("c.log", sorted(lines).toArray(String[]::new)));
        assertTrue(f.confidence() != Confidence.LIKELY && f.confidence() != Confidence.CONFIRMED, f.confidence() + ": " + f.confidenceReason());

        List<String> control = new ArrayList<>(lines);
        control.addAll(tickers(36, 46));
        Finding c = guarded(new Evidence().log("c.log", sorted(control).toArray(String[]::new)));
        assertEquals(Confidence.LIKELY, c.confidence(), c.confidenceReason());
    }

    // ---- through the command line: the reader's own extents (order, rotation, prompts) ----

    static JsonNode analyze(Path dir) throws IOException {
        Cli run = Cli.run("analyze", dir.toString(), "--now", "2026-06-25T00:00:00Z", "--format", "json");
        JsonNode report = new ObjectMapper().readTree(run.out());
        for (JsonNode f : report.get("findings")) {
            if (StaleCopyActedOn.ID.equals(f.get("rule").asText())) {
                return f;
            }
        }
        throw new AssertionError(run.out() + run.err());
    }

    static Path write(Path dir, String name, List<String> lines) throws IOException {
        Path logs = Files.createDirectories(dir.resolve("logs"));
        Path p = logs.resolve(name);
        if (name.endsWith(".gz")) {
            try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(p))) {
                o.write((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
            }
        } else {
            Files.write(p, lines);
        }
        return p;
    }

    /** Whole from 13:26 to 14:26: the completion, the guard's lines, the ticker every 5 minutes, another Workflow's lines. */
    static List<String> wholeHour() {
        List<String> lines = new ArrayList<>(tickers(26, 86));
        lines.addAll(completed());
        lines.addAll(List.of(rejected("2026-06-24T13:30:21.120Z"), other("2026-06-24T13:40:00.000Z"), other("2026-06-24T14:26:30.000Z")));
        return sorted(lines);
    }

    static String time(String line) {
        return line.substring(line.indexOf("time=\"") + 6, line.indexOf("time=\"") + 25);
    }

    /** The same hour cut from 13:41 to 14:16 (head and tail pasted). */
    private static List<String> cutHour() {
        return wholeHour().stream().filter(l -> time(l).compareTo("2026-06-24T13:41:00") <= 0 || time(l).compareTo("2026-06-24T14:16:00") >= 0)
                .toList();
    }

    /** A log console's export, newest first: read in any order, the same reading (whole: likely; cut: possible). */
    @Test
    void aConsoleExportNewestFirstReadsAsOldestFirst(@TempDir Path dir) throws IOException {
        List<String> whole = new ArrayList<>(wholeHour());
        Collections.reverse(whole);
        write(dir.resolve("whole"), "workflow-controller.log", whole);
        assertEquals("likely", analyze(dir.resolve("whole")).get("confidence").asText());
        List<String> cut = new ArrayList<>(cutHour());
        Collections.reverse(cut);
        write(dir.resolve("cut"), "workflow-controller.log", cut);
        JsonNode f = analyze(dir.resolve("cut"));
        assertEquals("possible", f.get("confidence").asText(), f.toString());
    }

    /**
     * Prompts that cut only the log's start ({@code --tail}, {@code --since}): the completion and all after it are in the lines, the
     * log goes on to the command's moment. A true likely stays.
     */
    @Test
    void aTailOrSincePromptCutsOnlyTheStartAndStaysLikely(@TempDir Path dir) throws IOException {
        for (String prompt : List.of("$ kubectl logs -n argo deploy/workflow-controller --tail=400",
                "$ kubectl logs -n argo deploy/workflow-controller --since=2h", "$ kubectl logs -n argo workflow-controller-7d9f8b6c5d-x2k4q")) {
            Path d = dir.resolve("p" + Math.abs(prompt.hashCode()));
            List<String> lines = new ArrayList<>(List.of(prompt));
            lines.addAll(wholeHour());
            write(d, "workflow-controller.log", lines);
            JsonNode f = analyze(d);
            assertEquals("likely", f.get("confidence").asText(), prompt + ": " + f);
        }
    }

    /** logrotate's set given whole, its older piece compressed ({@code .1.gz}, then the live file): read whole, likely. */
    @Test
    void aCompressedRotationGivenWithTheLiveFileStaysLikely(@TempDir Path dir) throws IOException {
        List<String> all = wholeHour();
        int half = all.size() / 2;
        write(dir, "workflow-controller.log.1.gz", all.subList(0, half));
        write(dir, "workflow-controller.log", all.subList(half, all.size()));
        JsonNode f = analyze(dir);
        assertEquals("likely", f.get("confidence").asText(), f.toString());
    }

    /**
     * logrotate's set with its middle piece missing ({@code .2} and the live file, no {@code .1}): the missing piece held 13:31:30 to
     * 13:34 of a busy controller (its size reached in less than the stats ticker's period, so no gap of its nameless records shows).
     * The file names say a piece is missing between; a Pod created from a copy there would be in it: not likely.
     */
    @Test
    void aRotationWithItsMiddlePieceMissingIsNotLikely(@TempDir Path dir) throws IOException {
        List<String> all = wholeHour();
        List<String> older = all.stream().filter(l -> time(l).compareTo("2026-06-24T13:31:30") < 0).toList();
        List<String> live = all.stream().filter(l -> time(l).compareTo("2026-06-24T13:34:00") >= 0).toList();
        write(dir, "workflow-controller.log.2", older);
        write(dir, "workflow-controller.log", live);
        JsonNode f = analyze(dir);
        assertEquals("possible", f.get("confidence").asText(), f.toString());
        // The report says which piece is missing, at the piece it followed.
        Cli run = Cli.run("analyze", dir.toString(), "--now", "2026-06-25T00:00:00Z");
        assertTrue(run.out().contains("workflow-controller.log.1 was not given, though later pieces were"), run.out());
    }

    /**
     * Negative controls of the missing middle piece: the same lines given as the whole set ({@code .2}, {@code .1}, the live file)
     * are read whole (likely); and a piece missing before the completion ({@code .3}, then {@code .1} from 13:27 on, no {@code .2})
     * cuts the run where the claim (from the completion on) does not reach: likely.
     */
    @Test
    void aRotationWholeOrMissingAPieceBeforeTheCompletionStaysLikely(@TempDir Path dir) throws IOException {
        List<String> all = wholeHour();
        Path whole = dir.resolve("whole");
        write(whole, "workflow-controller.log.2", all.stream().filter(l -> time(l).compareTo("2026-06-24T13:31:30") < 0).toList());
        write(whole, "workflow-controller.log.1", all.stream().filter(l -> time(l).compareTo("2026-06-24T13:31:30") >= 0
                && time(l).compareTo("2026-06-24T13:34:00") < 0).toList());
        write(whole, "workflow-controller.log", all.stream().filter(l -> time(l).compareTo("2026-06-24T13:34:00") >= 0).toList());
        JsonNode f = analyze(whole);
        assertEquals("likely", f.get("confidence").asText(), f.toString());

        Path early = dir.resolve("early");
        write(early, "workflow-controller.log.3", all.stream().filter(l -> time(l).compareTo("2026-06-24T13:26:30") < 0).toList());
        write(early, "workflow-controller.log.1", all.stream().filter(l -> time(l).compareTo("2026-06-24T13:27:00") >= 0
                && time(l).compareTo("2026-06-24T13:40:30") < 0).toList());
        write(early, "workflow-controller.log", all.stream().filter(l -> time(l).compareTo("2026-06-24T13:40:30") >= 0).toList());
        JsonNode e = analyze(early);
        assertEquals("likely", e.get("confidence").asText(), e.toString());
    }

    /** The same input read twice gives the same bytes (the reason's run chosen in a fixed order). */
    @Test
    void theSameInputGivesTheSameBytes(@TempDir Path dir) throws IOException {
        write(dir, "workflow-controller.log", cutHour());
        write(dir, "workflow-controller-b.log", wholeHour().stream().filter(l -> !l.contains("wf")).toList());
        Cli a = Cli.run("analyze", dir.toString(), "--now", "2026-06-25T00:00:00Z");
        Cli b = Cli.run("analyze", dir.toString(), "--now", "2026-06-25T00:00:00Z");
        assertEquals(a.out(), b.out());
        assertTrue(a.out().contains("AF015"), a.out());
    }
}
