package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.testing.Cli;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Session 52's sweep of upstream evidence for the rules' verdicts: each directory under {@code upstream-verdicts/} holds a case
 * written for this repository in the shape of what a reporter attached to an argo-workflows issue (its {@code README} names the
 * issue as "shape of #NNNN"; no text of the thread is copied), its inputs under {@code input/}, and under {@code verdicts} the
 * verdicts judged right by the controller's and Kubernetes' semantics: one line per finding ({@code <rule> <confidence> <Pod or
 * Workflow name>}), one line per rule that examined and cleared a candidate ({@code cleared <rule>}), and the unparsed lines of
 * all inputs ({@code unparsed <n>}); lines starting with {@code #} say why. Every case is analysed from its inputs at a fixed
 * clock; the verdicts must be exactly these. Where the tool is short of the right verdict (a gap, not a wrong reading) the
 * case's verdicts are what it says now and a disabled test below names what is missing. Session 54's sweep added eight shapes
 * (#15164, #13581, #5321, #9607, #7994, #1832, #6407, #13499): one wrong reading fixed (AF004 on a Pod a lost node left
 * Terminating after its finalizer's release), two gaps named below (the #15164 one read since session 55).
 */
class UpstreamVerdictsTest {
    static final Path CASES = Path.of("analyzer/src/test/resources/upstream-verdicts");
    private static final String NOW = "2026-12-01T00:00:00Z";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TestFactory
    Stream<DynamicTest> everyCaseGivesTheVerdictsJudgedRight() throws IOException {
        List<Path> cases;
        try (Stream<Path> dirs = Files.list(CASES)) {
            cases = dirs.filter(Files::isDirectory).sorted().toList();
        }
        assertFalse(cases.isEmpty(), "no cases under " + CASES.toAbsolutePath());
        return cases.stream().map(dir -> DynamicTest.dynamicTest(dir.getFileName().toString(), () -> check(dir)));
    }

    private static void check(Path dir) throws IOException {
        String readme = Files.readString(dir.resolve("README"), StandardCharsets.UTF_8);
        assertTrue(readme.matches("(?s)shape of #\\d+.*"), dir + ": its README names the upstream issue it is shaped on");
        List<String> expected = Files.readAllLines(dir.resolve("verdicts"), StandardCharsets.UTF_8).stream()
                .filter(l -> !l.isBlank() && !l.startsWith("#")).map(String::strip).sorted().toList();
        assertEquals(expected, verdicts(dir), dir.getFileName() + ": verdicts");
    }

    /** The case's verdicts as its {@code verdicts} file states them, sorted. */
    static List<String> verdicts(Path dir) throws IOException {
        Cli run = Cli.run("analyze", dir.resolve("input").toString(), "--format", "json", "--now", NOW);
        JsonNode report = JSON.readTree(run.out());
        List<String> out = new ArrayList<>();
        for (JsonNode f : report.path("findings")) {
            String who = f.path("pod").path("name").asText("");
            if (who.isEmpty()) {
                who = f.path("workflow").path("name").asText("");
            }
            out.add(f.path("rule").asText() + " " + f.path("confidence").asText() + " " + who);
        }
        for (JsonNode r : report.path("rules")) {
            if (r.path("cleared").size() > 0) {
                out.add("cleared " + r.path("rule").asText());
            }
        }
        long unparsed = 0;
        for (JsonNode i : report.path("inputs")) {
            unparsed += i.path("unparsed").asLong();
        }
        out.add("unparsed " + unparsed);
        return out.stream().sorted().toList();
    }

    private static List<String> verdictsOf(String name) throws IOException {
        return verdicts(CASES.resolve(name));
    }

    /**
     * s52 sweep's gap, closed in s53: a v3.5.8 Workflow whose only step ended Failed (OOMKilled) stays Running pass after pass for an
     * hour (the controller cannot mark it completed while a task result is incomplete or a node is daemoned: a Debug line); at Info
     * the lines show the entry node ended and no pass marking the Workflow completed, and argo get an hour on shows it Running with
     * every node ended: AF006 possible, about the Workflow (whose result the lines do not say).
     */
    @Test
    void aWorkflowLeftRunningAfterItsLastNodeFailedIsAPossibleTaskResultNeverSynced() throws IOException {
        assertTrue(verdictsOf("oom-task-result-gke-console").stream().anyMatch(v -> v.startsWith("AF006 possible")));
    }

    @Test
    void aPodNotFoundWithoutATimeBesideARunningNodeIsAPossiblePodGone() throws IOException {
        assertTrue(verdictsOf("karpenter-deleted-stuck-running-v35").stream().anyMatch(v -> v.startsWith("AF005 possible")));
    }

    /**
     * Session 54 (shape of #1832 with the finalizer on): the release the logs show taken without the Pod going, and the export of the
     * deleted Pod listing its finalizers without the status finalizer: AF004 cleared (it reported the finalizer stuck, possible).
     * Control: the same Pod described by {@code kubectl describe pod}, which prints no finalizers: AF004 stays possible.
     */
    @Test
    void aPodALostNodeLeftTerminatingAfterItsFinalizersReleaseIsNoStuckFinalizer() throws IOException {
        List<String> yaml = verdictsOf("taint-manager-lost-node-terminating-v37");
        assertTrue(yaml.contains("cleared AF004") && yaml.stream().noneMatch(v -> v.startsWith("AF004 ")), yaml.toString());
        List<String> described = verdictsOf("taint-manager-lost-node-describe-v37");
        assertTrue(described.stream().anyMatch(v -> v.startsWith("AF004 possible")), described.toString());
    }

    /**
     * Gap (session 54, shape of #15164): on v3.6.10 (before the update handler took the deleting branch) a Pending Pod deleted by
     * another service keeps the status finalizer for good: the export shows it deleted and holding the finalizer, and the controller's
     * lines go on an hour past the deletion (an update pod event at its time, no delete pod event, passes keeping the step group open).
     * AF004 should say possible (a release without the timed release, the Pod held past the deletion by the controller's own lines);
     * it said nothing: the export has no time of its own past its deletionTimestamp, and from the logs it read only a queued release.
     * Session 55: read (FinalizerStuck#heldByLogs), possible; controls in FinalizerHeldByLogsTest.
     */
    @Test
    void aPodDeletedOnAReleaseWithoutTheTimedReleaseAndHeldWhileTheLogsGoOnIsAPossibleStuckFinalizer() throws IOException {
        assertTrue(verdictsOf("pending-pod-deleted-stuck-terminating-v36").stream().anyMatch(v -> v.startsWith("AF004 possible")));
    }

    /**
     * Gap (session 54, shape of #13581): a log console's CSV whose rows hold the time, the host, the service and the message text
     * alone (no level column, no keys), newest first: none was read (a record is rebuilt from a console's columns only with a stated
     * level), 32 rows unparsed. Session 56: read, each row whose message the catalog knows rebuilt with its level unknown and the
     * release left open ({@code EnvelopeKind.CSV_MESSAGES}); 31 of 32 rows, the one left a controller message the catalog lacks
     * (its {@code verdicts} say why), besides argo get's one line. Controls in {@link ConsoleMessagesCsvTest}.
     */
    @Test
    void aConsoleCsvOfMessagesAloneIsRead() throws IOException {
        List<String> v = verdictsOf("karpenter-message-only-csv-v35");
        assertTrue(v.contains("unparsed 2"), v.toString());
    }

    @Test
    void aForceDeleteTranscriptIsReadAsTheUsersDelete() throws IOException {
        List<String> v = verdictsOf("force-deleted-stuck-running-tty-v35");
        assertTrue(v.contains("unparsed 0") && v.stream().anyMatch(x -> x.startsWith("AF005 ") || x.startsWith("AF007 ")), v.toString());
    }
}
