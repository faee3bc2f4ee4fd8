package dev.argoforensics.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Breaker attacks on session 61's excerpt furniture: a Markdown heading of level 2-6 as markup, and {@code >>>} before a command
 * that prints logs as a prompt. Lines written for this test, shaped as the controller and a Python REPL write them.
 */
class FurnitureS61BreakerTest {
    /**
     * A record copied from a terminal 120 columns wide whose piece after the wrap begins where a value holds a Markdown heading's
     * shape (a step's message quoting a build tool's "### " banner): the piece is the cut record's tail, never markup. Held: the
     * joiner takes a furniture-shaped piece where the record is cut short without it and whole with it (session 52).
     */
    @Test
    void aWrappedRecordsPieceThatReadsAsAHeadingIsStillItsTail() {
        List<String> original = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            String t = String.format("2026-09-19T16:31:%02d.%03dZ", 10 + i, 100 + 7 * i);
            original.add("time=\"" + t + "\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=" + (88000 + i * 131)
                    + " namespace=argo workflow=status-capture-" + i + " extra=" + "x".repeat(i * 9));
        }
        String head = "time=\"2026-09-19T16:31:20.404Z\" level=info msg=\"node changed\" namespace=argo new.message=\"build: ";
        String rec = head + "y".repeat(120 - head.length()) + "### Step 3 failed\" new.phase=Failed new.progress=0/1"
                + " nodeID=status-capture-5-2231906645 old.message= old.phase=Running old.progress=0/1 workflow=status-capture-5";
        assertEquals("### Step 3 failed\"", rec.substring(120, 138));
        assertEquals(FurnitureLine.Kind.MARKUP, FurnitureLine.recognise("### Step 3 failed").kind(), "the piece's shape alone is a heading's");
        original.add(5, rec);
        List<String> copy = new ArrayList<>();
        for (String line : original) {
            for (int at = 0; at < line.length(); at += 120) {
                copy.add(line.substring(at, Math.min(line.length(), at + 120)));
            }
        }
        assertEquals(120, HardWrap.width(copy));
        HardWrap.Joiner joiner = new HardWrap.Joiner(120);
        List<HardWrap.Joined> out = new ArrayList<>();
        for (int i = 0; i < copy.size(); i++) {
            out.addAll(joiner.offer(copy.get(i), i + 1));
        }
        out.addAll(joiner.flush());
        assertEquals(original, out.stream().map(HardWrap.Joined::text).toList());
    }

    /**
     * Python's REPL before Python: an assignment or a call whose name is one a shell command has ({@code k}, {@code head}, {@code cat},
     * {@code grep}, {@code sort}, {@code find}) is Python's own statement, as {@code >>> print(x)} is, never a prompt before a command
     * that prints logs. Before: each was a prompt whose command was the statement (listed among the paste's commands, a
     * {@code grep = …} one counted as filtering the paste).
     */
    @ParameterizedTest
    @ValueSource(strings = {">>> k = client.CoreV1Api()", ">>> head = pods.items[0]", ">>> cat = json.loads(raw)",
        ">>> grep = re.compile(r'action=removeFinalizer')", ">>> sort(lines)", ">>> find(lines, 'cleaning up pod')",
        ">>> k.read_namespaced_pod_log('workflow-controller-7d9f8b6c5-x2k4p', 'argo')", ">>> tail += chunk"})
    void pythonsOwnStatementsAfterTheChevronsAreNoPrompt(String line) {
        FurnitureLine.Line f = FurnitureLine.recognise(line);
        assertTrue(f == null || f.kind() != FurnitureLine.Kind.PROMPT, line + ": " + f);
    }

    /** Controls: the shell's commands behind a prompt that ends in {@code >>>} stay prompts. */
    @ParameterizedTest
    @ValueSource(strings = {">>> kubectl logs -n argo deploy/workflow-controller", ">>> k logs -n argo deploy/workflow-controller --since=1h",
        ">>> grep removeFinalizer controller.log", ">>> KUBECONFIG=~/.kube/prod kubectl logs -n argo deploy/workflow-controller", ">>> cat controller.log | grep -v 'insignificant pod change'", ">>> stern -n argo workflow-controller"})
    void shellCommandsAfterTheChevronsStayPrompts(String line) {
        FurnitureLine.Line f = FurnitureLine.recognise(line);
        assertNotNull(f, line);
        assertEquals(FurnitureLine.Kind.PROMPT, f.kind(), line);
    }
}
