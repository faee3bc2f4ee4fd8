package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.testing.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A live file whose lines were selected or cut (session 34): AF008's #8022 case (samples/false-pod-deleted, v3.6.10 logrus text,
 * 86 lines; line 68 marks the node "pod deleted", line 83 writes the Workflow Failed) pasted as {@code head} or {@code grep} left it.
 * Where the paste records a command that drops lines after those it kept, or the file's name says so, the run's later lines were
 * written and not all given, and the finding is possible, saying why; a log that simply ends there, a {@code tail} (which cuts only
 * the start), and a grep that keeps the Workflow's end are not capped.
 */
class LiveCutTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String WORKFLOW = "nightly-ledger-export";
    private static final List<String> LOG = lines();

    @TempDir
    Path dir;

    private static List<String> lines() {
        try {
            return Files.readAllLines(Path.of("samples/false-pod-deleted/logs/workflow-controller.log"));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** {@code prompt} (none if null), then lines 1 to {@code to} of the log (those naming the Workflow only if {@code grep}), as {@code name}. */
    private void paste(String name, String prompt, int to, boolean grep) throws IOException {
        List<String> out = new ArrayList<>();
        if (prompt != null) {
            out.add(prompt);
        }
        for (String line : LOG.subList(0, to)) {
            if (!grep || line.contains(WORKFLOW)) {
                out.add(line);
            }
        }
        Path logs = Files.createDirectories(dir.resolve("logs"));
        Files.write(logs.resolve(name), out);
    }

    private JsonNode analyze() throws IOException {
        Cli run = Cli.run("analyze", dir.toString(), "--now", "2026-06-13T00:00:00Z", "--format", "json");
        assertEquals(1, run.exitCode(), run.err());
        return JSON.readTree(run.out());
    }

    private static JsonNode af008(JsonNode report) {
        JsonNode found = null;
        for (JsonNode f : report.get("findings")) {
            if ("AF008".equals(f.get("rule").asText())) {
                assertEquals(null, found, "one AF008 finding");
                found = f;
            }
        }
        assertTrue(found != null, report.get("findings").toString());
        return found;
    }

    private static void cappedBy(JsonNode report, String how) {
        JsonNode f = af008(report);
        assertEquals("possible", f.get("confidence").asText(), f.toString());
        String why = f.get("confidenceReason").asText();
        assertTrue(why.contains("the Pod's own lines show it leaving the informer"), why);
        assertTrue(why.contains("its last line given, at 2026-06-12T01:06:47.543Z, is from controller run ")
                && why.contains("whose lines were selected or cut, not given whole (" + how + ")"), why);
        assertTrue(f.get("linesSelected").asText().contains(how), f.toString());
        assertFalse(f.has("laterLogNotGiven"), f.toString());
        JsonNode run = report.get("controllers").get(0);
        assertEquals(how, run.get("selectedBy").asText(), run.toString());
        assertFalse(run.has("continuesIn"), run.toString());
    }

    private static void uncapped(JsonNode report) {
        JsonNode f = af008(report);
        assertEquals("likely", f.get("confidence").asText(), f.toString());
        assertFalse(f.has("linesSelected"), f.toString());
        assertFalse(f.get("confidenceReason").asText().contains("selected or cut, not given whole"), f.toString());
    }

    @Test
    void aGrepOfTheLiveLogStoppingBeforeTheWorkflowEndsIsPossibleAndSaysWhy() throws IOException {
        String command = "kubectl logs -n argo deploy/workflow-controller | grep " + WORKFLOW;
        paste("workflow-controller.log", "$ " + command, 71, true);
        cappedBy(analyze(), "`" + command + "`");
    }

    @Test
    void aHeadOfTheLiveLogIsPossible() throws IOException {
        String command = "head -n 71 /var/log/argo/workflow-controller.log";
        paste("workflow-controller.log", "ops@bastion:~$ " + command, 71, false);
        cappedBy(analyze(), "`" + command + "`");
    }

    @Test
    void kubectlLogsStoppedByLimitBytesIsPossible() throws IOException {
        String command = "kubectl logs -n argo deploy/workflow-controller --limit-bytes=20000";
        paste("workflow-controller.log", "$ " + command, 71, false);
        cappedBy(analyze(), "`" + command + "`");
    }

    @Test
    void aPipeStageNotKnownToKeepEveryLineIsACut() throws IOException {
        // Recheck s34: PowerShell's head (Select-Object -First) kept the first 71 lines and was not read as a cut, so AF008 stayed
        // likely on lines that stop before the Workflow's end; perl -ne selects as grep does.
        String command = "kubectl logs -n argo deploy/workflow-controller | Select-Object -First 71";
        paste("workflow-controller.log", "PS C:\\Users\\ops> " + command, 71, false);
        cappedBy(analyze(), "`" + command + "`");
    }

    @Test
    void aPerlSelectionIsACut() throws IOException {
        String command = "kubectl logs -n argo deploy/workflow-controller | perl -ne 'print if /" + WORKFLOW + "/'";
        paste("workflow-controller.log", "$ " + command, 71, true);
        cappedBy(analyze(), "`" + command + "`");
    }

    @Test
    void aFileNamedForItsGrepIsPossible() throws IOException {
        paste("controller-grep.txt", null, 71, true);
        cappedBy(analyze(), "its file's name, controller-grep.txt");
    }

    /** Negative control: the same lines as a live file that simply ends, with no command and no name saying they were cut. */
    @Test
    void theSameLinesAsALogThatSimplyEndsStayLikely() throws IOException {
        paste("workflow-controller.log", null, 71, false);
        JsonNode report = analyze();
        uncapped(report);
        assertFalse(report.get("controllers").get(0).has("selectedBy"), report.get("controllers").toString());
    }

    /** Negative control: a prompt that printed the log without selecting lines. */
    @Test
    void aPromptThatSelectedNothingStaysLikely() throws IOException {
        paste("workflow-controller.log", "$ kubectl logs -n argo deploy/workflow-controller", 71, false);
        JsonNode report = analyze();
        uncapped(report);
        assertFalse(report.get("controllers").get(0).has("selectedBy"), report.get("controllers").toString());
    }

    /** Negative control: {@code tail} and {@code kubectl logs --tail} cut the start only; the lines after the first kept are the log's to its end. */
    @Test
    void aTailCutsOnlyTheStartAndStaysLikely() throws IOException {
        paste("workflow-controller.log", "$ kubectl logs -n argo deploy/workflow-controller --tail=500 | tail -n 400", 71, false);
        JsonNode report = analyze();
        uncapped(report);
        assertFalse(report.get("controllers").get(0).has("selectedBy"), report.get("controllers").toString());
    }

    /** Negative control: a grep that keeps the Workflow's end (line 83, written Failed) shows it ended; what was cut after is about others. */
    @Test
    void aGrepThatKeepsTheWorkflowsEndStaysLikely() throws IOException {
        String command = "kubectl logs -n argo deploy/workflow-controller | grep " + WORKFLOW;
        paste("workflow-controller.log", "$ " + command, 86, true);
        JsonNode report = analyze();
        uncapped(report);
        assertEquals("`" + command + "`", report.get("controllers").get(0).get("selectedBy").asText(), report.get("controllers").toString());
    }
    /** Session 35: {@code sudo} before the command hid it; the grep it runs selects as any grep does. */
    @Test
    void aSudoGrepIsACut() throws IOException {
        String command = "sudo grep " + WORKFLOW + " /var/log/argo/workflow-controller.log";
        paste("workflow-controller.log", "ops@node-3:~$ " + command, 71, true);
        cappedBy(analyze(), "`" + command + "`");
    }

    @Test
    void aSudoKubectlLogsThroughGrepIsACut() throws IOException {
        String command = "sudo -u ops kubectl logs -n argo deploy/workflow-controller | grep " + WORKFLOW;
        paste("workflow-controller.log", "$ " + command, 71, true);
        cappedBy(analyze(), "`" + command + "`");
    }

    /** Negative control: a sed of substitutions only (colour codes taken off) passes every line on. */
    @Test
    void aSedOfSubstitutionsOnlyKeepsEveryLineAndStaysLikely() throws IOException {
        paste("workflow-controller.log", "$ kubectl logs -n argo deploy/workflow-controller | sed 's/\\x1b\\[[0-9;]*m//g'", 71, false);
        JsonNode report = analyze();
        uncapped(report);
        assertFalse(report.get("controllers").get(0).has("selectedBy"), report.get("controllers").toString());
    }

    /** A sed that prints only what it selects is a cut. */
    @Test
    void aSedThatPrintsOnlyWhatItSelectsIsACut() throws IOException {
        String command = "kubectl logs -n argo deploy/workflow-controller | sed -n '/" + WORKFLOW + "/p'";
        paste("workflow-controller.log", "$ " + command, 71, true);
        cappedBy(analyze(), "`" + command + "`");
    }

    /** Negative control: a grep -v of words no line a rule reads holds (the stats ticker's) keeps every such line. */
    @Test
    void aGrepVOfTheStatsTickerStaysLikely() throws IOException {
        paste("workflow-controller.log", "$ kubectl logs -n argo deploy/workflow-controller | grep -v 'Alloc='", 71, false);
        JsonNode report = analyze();
        uncapped(report);
        assertFalse(report.get("controllers").get(0).has("selectedBy"), report.get("controllers").toString());
    }

    /** A grep -v of healthz also drops the leader election's "healthz: current pod is not the leader": it is a cut. */
    @Test
    void aGrepVOfAWordARuleReadsIsACut() throws IOException {
        String command = "kubectl logs -n argo deploy/workflow-controller | grep -v healthz";
        paste("workflow-controller.log", "$ " + command, 71, false);
        cappedBy(analyze(), "`" + command + "`");
    }

    /** jq stops at the first line it cannot parse: over these text lines a jq . is a cut. */
    @Test
    void aJqOverTextLinesIsACut() throws IOException {
        String command = "kubectl logs -n argo deploy/workflow-controller | jq .";
        paste("workflow-controller.log", "$ " + command, 71, false);
        cappedBy(analyze(), "`" + command + "`");
    }

    /**
     * Recheck s35: a grep -v of a key and its value (another Workflow's lines dropped as noise) passed as "no line a rule reads
     * holds it" because no catalog sample names that Workflow; it drops every line of a Workflow so named, and is a cut.
     */
    @Test
    void aGrepVOfAWorkflowsKeyAndValueIsACut() throws IOException {
        String command = "kubectl logs -n argo deploy/workflow-controller | grep -v 'workflow=hourly-noise-'";
        paste("workflow-controller.log", "$ " + command, 71, false);
        cappedBy(analyze(), "`" + command + "`");
    }

    /**
     * Session 36: a command run through another ({@code nice}, {@code env VAR=…}, {@code stdbuf -oL}, {@code time}, {@code timeout 30})
     * was read as a command of that name, and the grep after it as no filter: the excerpt was taken as given whole.
     */
    @Test
    void aGrepRunThroughAWrapperIsACut() throws IOException {
        for (String wrapper : List.of("nice -n 10 ", "env LC_ALL=C ", "stdbuf -oL ", "time ", "timeout 30 ", "timeout -k 5s 30s nice ")) {
            String command = wrapper + "grep " + WORKFLOW + " /var/log/argo/workflow-controller.log";
            paste("workflow-controller.log", "ops@node-3:~$ " + command, 71, true);
            cappedBy(analyze(), "`" + command + "`");
        }
    }

    /** Negative control: the wrappers before a kubectl logs that selects nothing change nothing. */
    @Test
    void aKubectlLogsRunThroughAWrapperStaysLikely() throws IOException {
        paste("workflow-controller.log", "$ timeout 30 nice -n 10 kubectl logs -n argo deploy/workflow-controller | stdbuf -oL cat", 71, false);
        JsonNode report = analyze();
        uncapped(report);
        assertFalse(report.get("controllers").get(0).has("selectedBy"), report.get("controllers").toString());
    }

    /**
     * Session 36: the command was split at a {@code |} inside quotes: a sed taking colour codes or carriage returns off
     * ({@code s/(\x1b…|\r)//g}) became two stages, the second read as a filter, and the paste as cut.
     */
    @Test
    void aPipeInsideQuotesIsNoStage() throws IOException {
        paste("workflow-controller.log", "$ kubectl logs -n argo deploy/workflow-controller | sed -E 's/(\\x1b\\[[0-9;]*m|\\r)//g'", 71, false);
        JsonNode report = analyze();
        uncapped(report);
        assertFalse(report.get("controllers").get(0).has("selectedBy"), report.get("controllers").toString());
    }

    /** Control: a grep -E of two words, its {@code |} quoted, still selects. */
    @Test
    void aGrepOfAlternativesIsACut() throws IOException {
        String command = "kubectl logs -n argo deploy/workflow-controller | grep -E '" + WORKFLOW + "|leader'";
        paste("workflow-controller.log", "$ " + command, 71, true);
        cappedBy(analyze(), "`" + command + "`");
    }
}
