package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.ControllerProcess.ReplicaSource;
import dev.argoforensics.source.ShellCommand;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * stern's output pasted from a terminal: its {@code + <pod> › <container>} and {@code - <pod> › <container>} lines (written to standard
 * error as it begins and stops following a container), colour codes, the namespace before the Pod across namespaces ({@code -A}), with
 * and without {@code --timestamps}. The prefix is taken off and names the controller's replica; stern's own lines are the terminal's,
 * counted, never unparsed. stern has no flag for a previous container's log (its {@code -p} is {@code --prompt}); kubetail's
 * {@code -p} asks kubectl for it. The lines are written for this test, shaped as stern (v1.33) and kubetail print them.
 */
class SternPastesTest {
    private static final String A = "workflow-controller-7c9d8f6b4-mx2lp";
    private static final String B = "workflow-controller-7c9d8f6b4-r8kzt";
    private static final String ESC = "\u001b";

    @TempDir
    Path dir;

    private PastedRead read(long chunkBytes, String name, List<String> lines) throws IOException {
        return PastedRead.read(dir, chunkBytes, name, lines);
    }

    /** The controller's records of one replica, 10:02 on. */
    private static List<String> records(String at) {
        return List.of(
                "time=\"2026-10-21T" + at + ":01.104Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=51120 namespace=payroll workflow=payroll-run-k7d2x",
                "time=\"2026-10-21T" + at + ":01.119Z\" level=info msg=\"Workflow step group node payroll-run-k7d2x-2231904418 not yet completed\" namespace=payroll workflow=payroll-run-k7d2x",
                "time=\"2026-10-21T" + at + ":01.140Z\" level=info msg=\"Workflow update successful\" namespace=payroll phase=Running resourceVersion=51131 workflow=payroll-run-k7d2x");
    }

    private static String coloured(int colour, String text) {
        return ESC + "[" + colour + "m" + text + ESC + "[0m";
    }

    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 60})
    void sternsOwnLinesAreTheTerminalsAndItsColouredPrefixNamesTheReplica(long chunkBytes) throws IOException {
        List<String> lines = new ArrayList<>(List.of("$ stern -n argo workflow-controller",
                coloured(92, "+") + " " + coloured(33, A) + " › " + coloured(34, "workflow-controller")));
        records("10:02").forEach(r -> lines.add(coloured(33, A) + " " + coloured(34, "workflow-controller") + " " + r));
        lines.add(coloured(91, "-") + " " + coloured(33, A) + " › " + coloured(34, "workflow-controller"));
        PastedRead r = read(chunkBytes, "stern.log", lines);
        InputSummary s = r.summary();
        assertEquals(0, s.unparsed(), s.toString());
        assertEquals(3, s.events());
        assertEquals(2, s.furniture().prose(), "stern's + and - lines: the terminal's other output");
        PastedRead.assertAccounted(s);
        assertEquals(1, r.processes().size());
        assertEquals(A, r.processes().get(0).replica());
        assertEquals(ReplicaSource.COLLECTOR, r.processes().get(0).replicaFrom());
    }

    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 60})
    void acrossNamespacesTheNamespaceComesFirstAndTwoReplicasStayApart(long chunkBytes) throws IOException {
        List<String> lines = new ArrayList<>(List.of("$ stern -A --timestamps workflow-controller", "+ argo " + A + " › workflow-controller",
                "+ argo " + B + " › workflow-controller"));
        for (String rec : records("10:02")) {
            lines.add("argo " + A + " workflow-controller " + rec.substring(6, 30).replace("Z", "000000Z") + " " + rec);
        }
        for (String rec : records("10:04")) {
            lines.add("argo " + B + " workflow-controller " + rec.substring(6, 30).replace("Z", "000000Z") + " " + rec);
        }
        PastedRead r = read(chunkBytes, "stern-all-namespaces.log", lines);
        InputSummary s = r.summary();
        assertEquals(0, s.unparsed(), s.toString());
        assertEquals(6, s.events());
        PastedRead.assertAccounted(s);
        assertEquals(List.of(A, B), r.processes().stream().map(ControllerProcess::replica).sorted().toList(), r.processes().toString());
        assertTrue(s.format().contains("stern"), s.format());

        // Without --timestamps, and with its short form (no year, stern's zone: no time read), the same replicas.
        List<String> plain = new ArrayList<>(List.of("$ stern -A workflow-controller"));
        records("10:02").forEach(rec -> plain.add("argo " + A + " workflow-controller " + rec));
        records("10:04").forEach(rec -> plain.add("argo " + B + " workflow-controller 10-21 12:04:01 " + rec));
        PastedRead p = read(chunkBytes, "stern-plain.log", plain);
        assertEquals(0, p.summary().unparsed(), p.summary().toString());
        assertEquals(List.of(A, B), p.processes().stream().map(ControllerProcess::replica).sorted().toList());

        // Control: three words before a record that are no namespace, Pod and container (the middle word is no Deployment's Pod):
        // an unrecognised prefix, as before; no replica is named after it.
        List<String> prose = new ArrayList<>();
        records("10:02").forEach(rec -> prose.add("then the controller " + rec));
        PastedRead c = read(chunkBytes, "prose.log", prose);
        assertEquals(1, c.processes().size());
        assertEquals(ReplicaSource.FILE, c.processes().get(0).replicaFrom(), c.processes().toString());
    }

    @Test
    void sternsDashPIsItsPromptNotAPreviousContainerKubetailsIs() {
        assertFalse(ShellCommand.previousContainer("stern -n argo -p workflow-controller"), "stern's -p is --prompt");
        assertFalse(ShellCommand.previousContainer("stern -n argo --prompt"));
        assertTrue(ShellCommand.previousContainer("kubetail workflow-controller -n argo -p"));
        assertTrue(ShellCommand.previousContainer("kubetail workflow-controller -n argo --previous true"));
        assertFalse(ShellCommand.previousContainer("kubetail workflow-controller -n argo -p false"));
        assertTrue(ShellCommand.previousContainer("kubectl -n argo logs -p " + A));
        assertFalse(ShellCommand.previousContainer("kubectl -n argo logs " + A));
    }

    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 60})
    void sternDashPAfterATailIsNoEarlierProcessKubetailDashPIs(long chunkBytes) throws IOException {
        List<String> tail = new ArrayList<>(List.of("$ kubectl -n argo logs --tail=3 " + A));
        tail.addAll(records("10:12"));
        // kubetail prints kubectl's log of the previous container, each line after its Pod in brackets. The bracketed Pod names the
        // replica (session 51), so the current container's tail is pasted through kubetail too: one replica, two processes.
        List<String> kubetail = new ArrayList<>(List.of("$ kubetail " + A + " -n argo"));
        records("10:12").forEach(rec -> kubetail.add("[" + A + "] " + rec));
        kubetail.add("$ kubetail " + A + " -n argo -p");
        records("09:40").forEach(rec -> kubetail.add("[" + A + "] " + rec));
        PastedRead k = read(chunkBytes, "kubetail.log", kubetail);
        assertEquals(0, k.summary().unparsed(), k.summary().toString());
        List<ControllerProcess> runs = k.processes().stream().sorted(Comparator.comparingInt(ControllerProcess::incarnation)).toList();
        assertEquals(2, runs.size(), runs.toString());
        assertEquals("2026-10-21T09:40:01.104Z", runs.get(0).first().format(), "the previous container's run, numbered first");

        // Control: stern -p (its prompt; -o raw prints the lines alone) prints the current container's log again: no previous process
        // is opened for it, the lines printed twice stay the one run they are.
        List<String> stern = new ArrayList<>(tail);
        stern.add("$ stern -n argo -p -o raw workflow-controller");
        stern.addAll(records("10:12"));
        PastedRead s = read(chunkBytes, "stern-prompt.log", stern);
        assertEquals(1, s.processes().size(), s.processes().toString());
        assertNull(s.processes().get(0).selectedBy());
    }
}
