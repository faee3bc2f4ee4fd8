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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 53: a pasted {@code kubectl delete} or {@code argo delete} transcript is read as the user's delete (never counted
 * unparsed), and kubectl's answer of no stated time that the Pod is gone (a NotFound, a delete) is AF005 {@code possible} at most,
 * saying the answer's time is what it lacked, only where nothing finishes the node and the Workflow is not shown deleted. Controls:
 * a dry run, a delete that did not wait, a refused delete, a delete of another Pod, a delete of the Workflow, the node finished.
 */
class DeleteTranscriptTest {
    private static final String WF = "etl-daily-q7x2m";
    private static final String POD = WF + "-load-919824260";
    private static final String NODE = WF + "-919824260";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    static List<String> controller(boolean finished) {
        List<String> l = new ArrayList<>();
        String ns = " namespace=etl workflow=" + WF;
        l.add("time=\"2026-11-20T10:00:00.100Z\" level=info msg=\"Processing workflow\" Phase= ResourceVersion=100" + ns);
        l.add("time=\"2026-11-20T10:00:00.130Z\" level=info msg=\"Created pod: " + WF + "[0].load (" + POD + ")\"" + ns);
        l.add("time=\"2026-11-20T10:00:00.150Z\" level=info msg=\"Workflow update successful\" phase=Running resourceVersion=110" + ns);
        l.add("time=\"2026-11-20T10:00:10.100Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=110" + ns);
        l.add("time=\"2026-11-20T10:00:10.110Z\" level=info msg=\"node changed\" new.message= new.phase=Running new.progress=0/1 nodeID=" + NODE
                + " old.message= old.phase=Pending old.progress=0/1" + ns);
        l.add("time=\"2026-11-20T10:00:10.150Z\" level=info msg=\"Workflow update successful\" phase=Running resourceVersion=120" + ns);
        if (finished) {
            l.add("time=\"2026-11-20T10:05:00.100Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=120" + ns);
            l.add("time=\"2026-11-20T10:05:00.110Z\" level=info msg=\"node changed\" new.message= new.phase=Succeeded new.progress=1/1 nodeID="
                    + NODE + " old.message= old.phase=Running old.progress=0/1" + ns);
            l.add("time=\"2026-11-20T10:05:00.150Z\" level=info msg=\"Workflow update successful\" phase=Succeeded resourceVersion=130" + ns);
        } else {
            for (int m = 10; m <= 40; m += 10) {
                l.add("time=\"2026-11-20T10:" + m + ":00.100Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=120" + ns);
                l.add("time=\"2026-11-20T10:" + m + ":00.101Z\" level=info msg=\"Task-result reconciliation\" numObjs=1" + ns);
            }
        }
        return l;
    }

    private JsonNode run(boolean finished, String... terminal) throws IOException {
        return run(finished, List.of(), terminal);
    }

    private JsonNode run(boolean finished, List<String> options, String... terminal) throws IOException {
        Files.write(dir.resolve("controller.log"), controller(finished), StandardCharsets.UTF_8);
        Files.write(dir.resolve("terminal.txt"), List.of(terminal), StandardCharsets.UTF_8);
        List<String> args = new ArrayList<>(List.of("analyze", dir.toString(), "--format", "json", "--now", "2026-12-01T00:00:00Z"));
        args.addAll(options);
        Cli run = Cli.run(args.toArray(String[]::new));
        return JSON.readTree(run.out());
    }

    private static List<JsonNode> af005(JsonNode report) {
        List<JsonNode> out = new ArrayList<>();
        report.path("findings").forEach(f -> {
            if ("AF005".equals(f.path("rule").asText())) {
                out.add(f);
            }
        });
        return out;
    }

    private static long unparsed(JsonNode report) {
        long n = 0;
        for (JsonNode i : report.path("inputs")) {
            n += i.path("unparsed").asLong();
        }
        return n;
    }

    static List<String> cleared(JsonNode report, String rule) {
        List<String> out = new ArrayList<>();
        for (JsonNode r : report.path("rules")) {
            if (rule.equals(r.path("rule").asText())) {
                r.path("cleared").forEach(c -> out.add(c.toString()));
            }
        }
        return out;
    }

    @Test
    void aForceDeleteOfTheRunningStepsPodIsAPossiblePodGoneNamingTheUser() throws IOException {
        JsonNode r = run(false, "$ kubectl delete pod -n etl " + POD + " --grace-period=0 --force",
                "Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may"
                        + " continue to run on the cluster indefinitely.",
                "pod \"" + POD + "\" force deleted");
        assertEquals(0, unparsed(r));
        List<JsonNode> f = af005(r);
        assertEquals(1, f.size(), r.path("findings").toString());
        assertEquals("possible", f.get(0).path("confidence").asText());
        assertEquals(POD, f.get(0).path("pod").path("name").asText());
        String text = f.get(0).toString();
        assertTrue(text.contains("a user's") && text.contains("does not state"), text);
    }

    @Test
    void kubectlsNewerAnswerNamingTheNamespaceIsReadToo() throws IOException {
        JsonNode r = run(false, "$ kubectl delete pod " + POD + " -n etl", "pod \"" + POD + "\" deleted from etl namespace");
        assertEquals(0, unparsed(r));
        assertEquals(1, af005(r).size());
    }

    @Test
    void aDryRunDeletesNothing() throws IOException {
        JsonNode r = run(false, "$ kubectl delete pod -n etl " + POD + " --dry-run=client", "pod \"" + POD + "\" deleted (dry run)");
        assertEquals(0, unparsed(r));
        assertTrue(af005(r).isEmpty(), r.path("findings").toString());
        JsonNode s = run(false, "$ kubectl delete pod -n etl " + POD + " --dry-run=server", "pod \"" + POD + "\" deleted (server dry run)");
        assertTrue(af005(s).isEmpty(), s.path("findings").toString());
    }

    @Test
    void aDeleteThatDidNotWaitMayHaveLeftThePodThere() throws IOException {
        JsonNode r = run(false, "$ kubectl delete pod -n etl " + POD + " --wait=false", "pod \"" + POD + "\" deleted");
        assertEquals(0, unparsed(r));
        assertTrue(af005(r).isEmpty(), r.path("findings").toString());
    }

    @Test
    void aRefusedDeleteIsCountedUnparsedAndClaimsNothing() throws IOException {
        JsonNode r = run(false, "$ kubectl delete pod -n etl " + POD,
                "Error from server (Forbidden): pods \"" + POD + "\" is forbidden: User \"dev\" cannot delete resource \"pods\" in API group \"\""
                        + " in the namespace \"etl\"");
        assertEquals(1, unparsed(r));
        assertTrue(af005(r).isEmpty(), r.path("findings").toString());
    }

    @Test
    void aDeleteThatFoundNothingIsNotTheUsersDelete() throws IOException {
        // kubectl delete answered NotFound: the Pod was already gone (an absence, read as a NotFound answer), not deleted by the user.
        JsonNode r = run(false, List.of("--pod", POD), "$ kubectl delete pod -n etl " + POD,
                "Error from server (NotFound): pods \"" + POD + "\" not found");
        assertEquals(0, unparsed(r));
        for (JsonNode f : af005(r)) {
            assertEquals("possible", f.path("confidence").asText());
            assertFalse(f.toString().contains("a user's"), f.toString());
        }
    }

    @Test
    void aDeleteOfAnotherPodSaysNothingOfThisOne() throws IOException {
        JsonNode r = run(false, "$ kubectl delete pod -n etl " + WF + "-load-9999999999 --grace-period=0 --force",
                "pod \"" + WF + "-load-9999999999\" force deleted");
        assertEquals(0, unparsed(r));
        assertTrue(af005(r).isEmpty(), r.path("findings").toString());
    }

    @Test
    void aDeleteOfTheWorkflowIsNoPodGoneAndClearsAnAbsence() throws IOException {
        JsonNode r = run(false, "$ kubectl delete wf -n etl " + WF, "workflow.argoproj.io \"" + WF + "\" deleted");
        assertEquals(0, unparsed(r));
        assertTrue(af005(r).isEmpty(), r.path("findings").toString());
        JsonNode argo = run(false, "$ argo delete -n etl " + WF, "Workflow '" + WF + "' deleted",
                "$ kubectl get pod -n etl " + POD, "Error from server (NotFound): pods \"" + POD + "\" not found");
        assertEquals(0, unparsed(argo));
        assertTrue(af005(argo).isEmpty(), argo.path("findings").toString());
        assertEquals(1, cleared(argo, "AF005").size(), argo.path("rules").toString());
        assertTrue(cleared(argo, "AF005").get(0).contains("Workflow is shown deleted"), cleared(argo, "AF005").toString());
        JsonNode dry = run(false, "$ argo delete --dry-run -n etl " + WF, "Workflow '" + WF + "' deleted (dry-run)",
                "$ kubectl get pod -n etl " + POD, "Error from server (NotFound): pods \"" + POD + "\" not found");
        assertEquals(1, af005(dry).size(), dry.path("findings").toString());
    }

    @Test
    void aForceDeleteAfterTheNodeFinishedIsNoNodeLeftRunning() throws IOException {
        JsonNode r = run(true, "$ kubectl delete pod -n etl " + POD + " --grace-period=0 --force", "pod \"" + POD + "\" force deleted");
        assertEquals(0, unparsed(r));
        assertTrue(af005(r).isEmpty(), r.path("findings").toString());
    }
}
