package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.LogEvent;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A {@code kubectl logs} command pasted as the shell read it: its line ends with a backslash (or a pipe) and the shell asked for the
 * rest after its second prompt ({@code > }, PS2). The flags on those lines ({@code -c wait}, {@code -p}, {@code --timestamps},
 * {@code --since-time}, {@code --limit-bytes}) say what the lines under the command are, as on the prompt's own line. Before session
 * 50 the {@code > } line was read as a Markdown quote: its flags were lost (a wait container's lines read as the controller's, the
 * previous container's log joined to the current one) and it was an unparsed line. Each case is read whole and in tiny chunks (a
 * chunk must not end between the prompt and its PS2 lines). The lines are written for this test, shaped as kubectl prints them.
 */
class ShellContinuationLogsTest {
    private static final String CONTROLLER = "workflow-controller-7c9d8f6b4-mx2lp";
    private static final String POD = "ledger-close-q8t2v-post-entries-3356021907";

    @TempDir
    Path dir;

    private PastedRead read(long chunkBytes, String name, List<String> lines) throws IOException {
        return PastedRead.read(dir, chunkBytes, name, lines);
    }

    /** The controller's lines of one run: its work on the ledger Workflow, from 09:12:01 on. */
    private static List<String> controllerTail() {
        return List.of(
                "time=\"2026-10-14T09:12:01.104Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=88120 namespace=ledger workflow=ledger-close-q8t2v",
                "time=\"2026-10-14T09:12:01.119Z\" level=info msg=\"Workflow step group node ledger-close-q8t2v-1190327841 not yet completed\" namespace=ledger workflow=ledger-close-q8t2v",
                "time=\"2026-10-14T09:12:01.140Z\" level=info msg=\"Workflow update successful\" namespace=ledger phase=Running resourceVersion=88131 workflow=ledger-close-q8t2v",
                "time=\"2026-10-14T09:12:44.002Z\" level=info msg=\"update pod event\" pod=" + POD);
    }

    /**
     * The previous container's log, from its start at 08:40:17 to its last pass at 08:51:30: an earlier process. As v3.7 starts: its
     * configuration, the Lease, then the banner.
     */
    private static List<String> previousContainer() {
        return List.of(
                "time=\"2026-10-14T08:40:17.201Z\" level=info msg= executorImage=\"quay.io/argoproj/argoexec:v3.7.9\" executorImagePullPolicy= managedNamespace=",
                "I1014 08:40:17.304118       1 leaderelection.go:257] attempting to acquire leader lease argo/workflow-controller...",
                "I1014 08:40:17.329940       1 leaderelection.go:271] successfully acquired lease argo/workflow-controller",
                "time=\"2026-10-14T08:40:17.330Z\" level=info msg=\"new leader\" leader=" + CONTROLLER,
                "time=\"2026-10-14T08:40:17.336Z\" level=info msg=\"Starting Workflow Controller\" defaultRequeueTime=10s version=v3.7.9",
                "time=\"2026-10-14T08:40:17.338Z\" level=info msg=\"Current Worker Numbers\" cronWorkflowWorkers=8 podCleanup=4 workflowArchive=8 workflowTtlWorkers=4 workflowWorkers=32",
                "time=\"2026-10-14T08:51:30.417Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=87702 namespace=ledger workflow=ledger-close-q8t2v",
                "time=\"2026-10-14T08:51:30.431Z\" level=info msg=\"Workflow update successful\" namespace=ledger phase=Running resourceVersion=87715 workflow=ledger-close-q8t2v");
    }

    /** The wait container's lines under {@code --timestamps}: its memory line and its refused write of the task result. */
    private static List<String> waitLines() {
        return List.of(
                "2026-10-14T09:12:40.118734021Z time=\"2026-10-14T09:12:40.118Z\" level=info msg=\"Alloc=6312 TotalAlloc=12044 Sys=23250 NumGC=4 Goroutines=8\"",
                "2026-10-14T09:12:40.330112998Z time=\"2026-10-14T09:12:40.330Z\" level=error msg=\"executor error: workflowtaskresults.argoproj.io is"
                        + " forbidden: User \\\"system:serviceaccount:ledger:ledger-runner\\\" cannot create resource \\\"workflowtaskresults\\\" in API"
                        + " group \\\"argoproj.io\\\" in the namespace \\\"ledger\\\"\"");
    }

    private static List<String> lines(List<String> a, List<String> b, List<String> c) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        out.addAll(c);
        return out;
    }

    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 60})
    void theContainerNamedOnTheContinuationLineKeepsTheLinesApart(long chunkBytes) throws IOException {
        List<String> prompt = List.of("$ kubectl -n ledger logs " + POD + " \\", ">   -c wait --timestamps");
        PastedRead r = read(chunkBytes, "wait.log", lines(controllerTail(), prompt, waitLines()));
        InputSummary s = r.summary();
        // The wait container's lines, as -c wait on the prompt's own line gives them: its memory line kept apart, its refused write
        // evidence that names the Pod.
        assertEquals(Map.of("wait", 1L), s.otherContainers(), s.toString());
        List<LogEvent> executor = r.result().correlation().events().stream().filter(e -> e.event() instanceof ControllerEvent.Signal).toList();
        assertEquals(1, executor.size(), executor.toString());
        assertEquals(POD, ((ControllerEvent.Signal) executor.get(0).event()).podRef().name(), "the refused write names the Pod the command named");
        assertEquals(0, s.unparsed(), s.toString());
        assertEquals(1, s.continuation(), "the PS2 line continues the prompt");
        PastedRead.assertAccounted(s);
        assertEquals(List.of("kubectl -n ledger logs " + POD + " -c wait --timestamps"), s.furniture().commands(), "the command as the shell ran it");
        assertTrue(r.result().correlation().events().stream().noneMatch(e -> e.text().contains("Alloc=6312")), "no wait line is the controller's");

        // Control: the same paste without -c on either line. The lines are the controller's own (kubectl logs POD of a one-container
        // Pod), as they always were: the continuation adds nothing the command does not say.
        List<String> noContainer = List.of("$ kubectl -n ledger logs " + POD + " \\", ">   --timestamps");
        PastedRead plain = read(chunkBytes, "plain.log", lines(controllerTail(), noContainer, waitLines()));
        assertEquals(Map.of(), plain.summary().otherContainers());
        assertEquals(0, plain.summary().unparsed(), plain.summary().toString());
        assertTrue(plain.result().correlation().events().stream().anyMatch(e -> e.text().contains("Alloc=6312")));
    }

    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 60})
    void previousOnTheContinuationLineOpensTheEarlierProcessNumberedFirst(long chunkBytes) throws IOException {
        List<String> tail = new ArrayList<>(List.of("$ kubectl -n argo logs --tail=4 " + CONTROLLER));
        tail.addAll(controllerTail());
        List<String> prompt = List.of("$ kubectl -n argo logs " + CONTROLLER + " \\", ">   --previous");
        PastedRead r = read(chunkBytes, "previous.log", lines(tail, prompt, previousContainer()));
        assertEquals(0, r.summary().unparsed(), r.summary().toString());
        PastedRead.assertAccounted(r.summary());
        List<ControllerProcess> runs = r.processes();
        assertEquals(2, runs.size(), runs.toString());
        // Numbered by time, not by where the file holds them: the previous container's run is the first.
        List<ControllerProcess> byNumber = runs.stream().sorted(Comparator.comparingInt(ControllerProcess::incarnation)).toList();
        assertEquals("2026-10-14T08:40:17.201Z", byNumber.get(0).first().format(), runs.toString());
        assertEquals(1, byNumber.get(0).incarnation());
        assertEquals("2026-10-14T09:12:01.104Z", byNumber.get(1).first().format(), runs.toString());
        assertEquals(2, byNumber.get(1).incarnation());

        // Control: the same log asked for again (no -p on the continuation line): its start after the tail stays the one run it may
        // be, as without the continuation (FileRuns.earlier).
        List<String> again = List.of("$ kubectl -n argo logs " + CONTROLLER + " \\", ">   --timestamps=false");
        PastedRead one = read(chunkBytes, "again.log", lines(tail, again, previousContainer()));
        assertEquals(1, one.processes().size(), one.processes().toString());
    }

    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 60})
    void aLimitOnTheContinuationLineSaysTheLinesWereCut(long chunkBytes) throws IOException {
        List<String> prompt = List.of("$ kubectl -n argo logs deploy/workflow-controller \\", ">   --since-time=2026-10-14T09:00:00Z \\",
                ">   --limit-bytes=40000");
        PastedRead r = read(chunkBytes, "limited.log", lines(prompt, controllerTail(), List.of()));
        assertEquals(0, r.summary().unparsed(), r.summary().toString());
        assertEquals(2, r.summary().continuation());
        PastedRead.assertAccounted(r.summary());
        assertNotNull(r.processes().get(0).selectedBy(), "--limit-bytes drops the lines after those it printed");
        assertTrue(r.processes().get(0).selectedBy().contains("--limit-bytes=40000"), r.processes().get(0).selectedBy());

        // Control: --since-time alone cuts only the start: nothing says later lines were dropped.
        List<String> since = List.of("$ kubectl -n argo logs deploy/workflow-controller \\", ">   --since-time=2026-10-14T09:00:00Z");
        PastedRead s = read(chunkBytes, "since.log", lines(since, controllerTail(), List.of()));
        assertNull(s.processes().get(0).selectedBy(), s.processes().toString());
        assertEquals(0, s.summary().unparsed());
    }

    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 60})
    void aPromptWhosePs2LinesWereLeftOutAndAQuoteAfterAWholeCommandReadAsBefore(long chunkBytes) throws IOException {
        // The paste left the PS2 line out: the prompt is read as it is, the records under it as records.
        List<String> cutPrompt = new ArrayList<>(List.of("$ kubectl -n argo logs deploy/workflow-controller \\"));
        cutPrompt.addAll(controllerTail());
        PastedRead r = read(chunkBytes, "cut-prompt.log", cutPrompt);
        assertEquals(4, r.summary().events());
        assertEquals(0, r.summary().unparsed(), r.summary().toString());
        assertEquals(0, r.summary().continuation());
        PastedRead.assertAccounted(r.summary());

        // A command that asks for nothing more: a '> ' line after it is a Markdown quote (a reply quoting another comment's line), its
        // record a run of its own, as before.
        List<String> quoted = new ArrayList<>(List.of("$ kubectl -n argo logs deploy/workflow-controller"));
        quoted.addAll(controllerTail());
        quoted.add("> " + previousContainer().get(6));
        PastedRead q = read(chunkBytes, "quoted.log", quoted);
        assertEquals(5, q.summary().events());
        assertEquals(0, q.summary().continuation());
        assertEquals(2, q.processes().size(), "the quoted line is another comment's: " + q.processes());
    }

    /**
     * Session 52: the command's pipe left open at the line's end ({@code | \}, {@code |}), and the next command after the
     * shell's PS2 ({@code >   grep time=…}): that line is the command's, not a quoted record behind a prefix {@code grep}. Before, the
     * {@code grep} line was read as a Markdown quote (its {@code time=2026-10-14T09:12} a record cut short), and the filter was lost
     * from the command, so the excerpt read as not filtered.
     */
    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 60})
    void aFilterAfterTheShellsPs2UnderAnOpenPipeIsTheCommands(long chunkBytes) throws IOException {
        String logs = "kubectl -n argo logs deploy/workflow-controller";
        List<List<String>> prompts = List.of(
                List.of("$ " + logs + " | \\", ">   grep time=2026-10-14T09:12"),
                List.of("$ " + logs + " |", "> grep workflow=ledger-close-q8t2v"),
                List.of("ops@bastion:~$ " + logs + " \\", ">   --since=1h | \\", ">   grep -i time=2026-10-14T09:12"),
                List.of("$ " + logs + " | grep time=2026-10-14T09:12"));
        List<String> commands = List.of(logs + " | grep time=2026-10-14T09:12", logs + " | grep workflow=ledger-close-q8t2v",
                logs + " --since=1h | grep -i time=2026-10-14T09:12", logs + " | grep time=2026-10-14T09:12");
        for (int k = 0; k < prompts.size(); k++) {
            List<String> prompt = prompts.get(k);
            PastedRead r = read(chunkBytes, "grep-" + k + ".log", lines(prompt, controllerTail(), List.of()));
            InputSummary s = r.summary();
            PastedRead.assertAccounted(s);
            assertEquals(4, s.events(), k + ": only the controller's records: " + s);
            assertEquals(0, s.unparsed(), k + ": " + s);
            assertEquals(prompt.size() - 1, s.continuation(), k + ": the PS2 lines continue the prompt: " + s);
            assertEquals(List.of(commands.get(k)), s.furniture().commands(), k + ": the command as the shell ran it");
            assertEquals(1, s.furniture().filteringPrompts(), k + ": grep filtered what the command printed: " + s.furniture());
            assertEquals(1, r.processes().size(), k + ": " + r.processes());
        }

        // Control: a quote of --prefix's output under the same open pipe (the PS2 lines left out of the paste) is still the quote: the
        // Pod's prefix is no command's name, and the record after it is the replica's.
        List<String> quoted = new ArrayList<>(List.of("$ kubectl -n argo logs --prefix -l app=workflow-controller | \\"));
        controllerTail().forEach(l -> quoted.add("> [pod/" + CONTROLLER + "/workflow-controller] " + l));
        PastedRead q = read(chunkBytes, "quoted-under-pipe.log", quoted);
        PastedRead.assertAccounted(q.summary());
        assertEquals(4, q.summary().events(), q.summary().toString());
        assertEquals(0, q.summary().continuation(), q.summary().toString());
        assertEquals(List.of(CONTROLLER), q.processes().stream().map(ControllerProcess::replica).toList(), q.processes().toString());
    }
}
