package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.ControllerProcess.ReplicaSource;
import dev.argoforensics.report.Report;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Controller logs as users paste them into argo-workflows issues (session 51's sweep of upstream threads): kubetail's {@code [pod] }
 * prefix, coloured as its {@code tput} colours are, with its own lines before the logs; a Pod's name alone before each line (two
 * replicas interleaved, as a multi-Pod view prints them, #15271's shape); {@code kubectl logs -p --prefix} after the current
 * container's tail; a {@code \}-continued prompt whose {@code > } lines are a quoted log, not more flags; a Markdown fence glued to the
 * first and last records (#12788's shape). Each with a control of the same shape where the decisive part is missing. The lines are
 * written for this test, shaped as the tools print them; each case is read whole and in tiny chunks.
 */
class UpstreamPastesTest {
    private static final String A = "workflow-controller-7c9d8f6b4-mx2lp";
    private static final String B = "workflow-controller-7c9d8f6b4-r8kzt";
    private static final String POD = "ledger-close-q8t2v-post-entries-3356021907";
    private static final String ESC = "\u001b";

    @TempDir
    Path dir;

    private PastedRead read(long chunkBytes, String name, List<String> lines) throws IOException {
        return PastedRead.read(dir, chunkBytes, name, lines);
    }

    /** The leader's lines: its work on the ledger Workflow. */
    private static List<String> leader(String minute) {
        return List.of(
                "time=\"2026-10-14T09:" + minute + ":01.104Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=88120 namespace=ledger workflow=ledger-close-q8t2v",
                "time=\"2026-10-14T09:" + minute + ":01.140Z\" level=info msg=\"Workflow update successful\" namespace=ledger phase=Running resourceVersion=88131 workflow=ledger-close-q8t2v",
                "time=\"2026-10-14T09:" + minute + ":06.002Z\" level=info msg=\"cleaning up pod\" action=labelPodCompleted key=ledger/" + POD + "/labelPodCompleted");
    }

    /** A standby's line, as every liveness probe has it log. */
    private static String standby(String minute) {
        return "time=\"2026-10-14T09:" + minute + ":03.500Z\" level=info msg=\"healthz: current pod is not the leader\"";
    }

    private static List<String> replicas(List<ControllerProcess> runs) {
        return runs.stream().map(ControllerProcess::replica).sorted().toList();
    }

    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 60})
    void kubetailsPodInBracketsNamesTheReplicaColouredOrNot(long chunkBytes) throws IOException {
        // kubetail colours each line with tput: setaf before the [pod], sgr0 (ESC ( B ESC [ m on xterm) after the line; before the
        // logs it says how many it tails and names each Pod on a line of its own.
        List<String> lines = new ArrayList<>(List.of("$ kubetail workflow-controller -n argo", "Will tail 2 logs...",
                ESC + "[32m" + A + ESC + "(B" + ESC + "[m", ESC + "[33m" + B + ESC + "(B" + ESC + "[m"));
        List<String> l = leader("12");
        lines.add(ESC + "[32m[" + A + "] " + l.get(0) + " " + ESC + "(B" + ESC + "[m");
        lines.add(ESC + "[33m[" + B + "] " + standby("12") + " " + ESC + "(B" + ESC + "[m");
        lines.add(ESC + "[32m[" + A + "] " + l.get(1) + " " + ESC + "(B" + ESC + "[m");
        // kubetail's pod-only colouring: the colour reset between the prefix and the line, no space after it
        lines.add(ESC + "[32m[" + A + "] " + ESC + "[0m" + l.get(2));
        PastedRead r = read(chunkBytes, "kubetail.log", lines);
        InputSummary s = r.summary();
        assertEquals(0, s.unparsed(), s.toString());
        assertEquals(4, s.events(), s.toString());
        assertEquals(0, s.readInPart(), "tput's ESC ( B is no text: no last field looks cut " + s);
        PastedRead.assertAccounted(s);
        assertEquals(List.of(A, B), replicas(r.processes()), r.processes().toString());
        assertTrue(r.processes().stream().allMatch(p -> p.replicaFrom() == ReplicaSource.COLLECTOR), r.processes().toString());
        assertTrue(r.result().correlation().pods().keySet().stream().map(PodKey::name).anyMatch(POD::equals),
                "the last record's key is read whole: " + r.result().correlation().pods().keySet());

        // Control: a bracketed tag before each line that is not shaped as a Deployment's Pod names no replica: the file does, one run.
        List<String> tagged = new ArrayList<>();
        tagged.add("[ledger-close] " + l.get(0));
        tagged.add("[controller] " + standby("12"));
        tagged.add("[ledger-close] " + l.get(1));
        PastedRead t = read(chunkBytes, "tagged.log", tagged);
        assertEquals(0, t.summary().unparsed(), t.summary().toString());
        assertEquals(1, t.processes().size(), t.processes().toString());
        assertEquals(ReplicaSource.FILE, t.processes().get(0).replicaFrom());
    }

    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 60})
    void aPodsNameAloneBeforeEachLineKeepsTwoReplicasApart(long chunkBytes) throws IOException {
        List<String> l = leader("20");
        List<String> lines = List.of(A + " " + l.get(0), B + " " + standby("20"), A + " " + l.get(1), A + " " + l.get(2));
        PastedRead r = read(chunkBytes, "two-pods.log", lines);
        assertEquals(0, r.summary().unparsed(), r.summary().toString());
        PastedRead.assertAccounted(r.summary());
        assertEquals(List.of(A, B), replicas(r.processes()), "the standby's line is not the leader's run: " + r.processes());

        // Control: a word before each line not shaped as a Deployment's Pod (no generated suffix) names nothing, as before.
        List<String> words = List.of("nightly-batch " + l.get(0), "nightly-batch " + l.get(1));
        PastedRead w = read(chunkBytes, "words.log", words);
        assertEquals(1, w.processes().size(), w.processes().toString());
        assertEquals(ReplicaSource.FILE, w.processes().get(0).replicaFrom());
    }

    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 60})
    void previousUnderPrefixOpensTheEarlierRunListedFirst(long chunkBytes) throws IOException {
        List<String> lines = new ArrayList<>(List.of("$ kubectl -n argo logs --prefix --tail=3 " + A));
        leader("40").forEach(rec -> lines.add("[pod/" + A + "/workflow-controller] " + rec));
        lines.add("$ kubectl -n argo logs -p --prefix " + A);
        leader("12").forEach(rec -> lines.add("[pod/" + A + "/workflow-controller] " + rec));
        PastedRead r = read(chunkBytes, "prefix-previous.log", lines);
        assertEquals(0, r.summary().unparsed(), r.summary().toString());
        List<ControllerProcess> runs = r.processes();
        assertEquals(2, runs.size(), "the previous container's log is another process: " + runs);
        assertEquals(List.of(A, A), runs.stream().map(ControllerProcess::replica).toList());
        // The reading keeps the file's order (#2 first); the report lists them as numbered, the earlier run first.
        assertEquals(2, runs.get(0).incarnation(), runs.toString());
        List<ControllerProcess> listed = Report.numberedOrder(runs);
        assertEquals(List.of(1, 2), listed.stream().map(ControllerProcess::incarnation).toList());
        assertEquals("2026-10-14T09:12:01.104Z", listed.get(0).first().format(), listed.toString());

        // Control: the same log asked for twice with --prefix, no -p: one process, as its lines say nothing of a restart.
        List<String> again = new ArrayList<>(lines.subList(0, 4));
        again.add("$ kubectl -n argo logs --prefix --since=1h " + A);
        leader("40").forEach(rec -> again.add("[pod/" + A + "/workflow-controller] " + rec));
        PastedRead a = read(chunkBytes, "prefix-again.log", again);
        assertEquals(1, a.processes().size(), a.processes().toString());
    }

    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 60})
    void aQuotedLogUnderABackslashedPromptIsNoMoreOfTheCommand(long chunkBytes) throws IOException {
        // A reply quoting the command and the lines it printed: the command's line ends with a backslash, the quoted lines follow it.
        List<String> lines = new ArrayList<>(List.of("$ kubectl -n argo logs " + A + " \\"));
        leader("12").forEach(rec -> lines.add("> " + rec));
        PastedRead r = read(chunkBytes, "quoted-under-prompt.log", lines);
        InputSummary s = r.summary();
        assertEquals(3, s.events(), s.toString());
        assertEquals(0, s.unparsed(), s.toString());
        assertEquals(0, s.continuation(), "no quoted record is read as the command's next line: " + s);
        PastedRead.assertAccounted(s);
        assertEquals(1, r.processes().size(), "the three quoted records are one run: " + r.processes());
        assertEquals(3, r.processes().get(0).events());

        // Control: flags after the shell's PS2 stay the command's (-c wait: the lines under it are the wait container's).
        List<String> flags = new ArrayList<>(List.of("$ kubectl -n ledger logs " + POD + " \\", ">   -c wait"));
        flags.add("time=\"2026-10-14T09:12:40.118Z\" level=info msg=\"Alloc=6312 TotalAlloc=12044 Sys=23250 NumGC=4 Goroutines=8\"");
        PastedRead f = read(chunkBytes, "flags.log", flags);
        assertEquals(1, f.summary().continuation(), f.summary().toString());
        assertEquals(java.util.Map.of("wait", 1L), f.summary().otherContainers(), f.summary().toString());
    }

    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 60})
    void aFenceGluedToTheFirstAndLastRecordsIsTakenOff(long chunkBytes) throws IOException {
        List<String> l = leader("12");
        List<String> lines = List.of("Logs from the controller:", "```" + l.get(0), l.get(1), l.get(2) + "```", "Thanks for looking.");
        PastedRead r = read(chunkBytes, "glued.log", lines);
        InputSummary s = r.summary();
        assertEquals(3, s.events(), s.toString());
        assertEquals(0, s.readInPart(), s.toString());
        PastedRead.assertAccounted(s);
        assertTrue(r.result().correlation().pods().keySet().stream().map(PodKey::name).anyMatch(POD::equals),
                "the last value without the backticks: " + r.result().correlation().pods().keySet());

        // Control: a fence with its info string on its own line is furniture, the records under it read as before.
        List<String> fenced = List.of("```text", l.get(0), l.get(1), l.get(2), "```");
        PastedRead c = read(chunkBytes, "fenced.log", fenced);
        assertEquals(3, c.summary().events(), c.summary().toString());
        assertEquals(2, c.summary().furniture().lines(), c.summary().toString());
        assertEquals(0, c.summary().unparsed());
    }
}
