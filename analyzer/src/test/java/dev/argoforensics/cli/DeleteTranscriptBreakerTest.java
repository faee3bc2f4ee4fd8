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
 * Session 53 breaker of the pasted delete transcripts (a51e508e) and AF005's untimed answers (bad55e53): namesakes in another
 * namespace, a Workflow deleted after the Pod was shown gone (the user cleaning up), deletes of many Pods by one command, a cut
 * prompt, a log line quoting a delete, a cleanup pasted days later. The controller's lines are DeleteTranscriptTest's shape: a node
 * left Running while the Workflow is taken up again and again.
 */
class DeleteTranscriptBreakerTest {
    private static final String WF = "etl-daily-q7x2m";
    private static final String POD = WF + "-load-919824260";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private JsonNode run(String... terminal) throws IOException {
        Files.write(dir.resolve("controller.log"), DeleteTranscriptTest.controller(false), StandardCharsets.UTF_8);
        Files.write(dir.resolve("terminal.txt"), List.of(terminal), StandardCharsets.UTF_8);
        Cli run = Cli.run("analyze", dir.toString(), "--format", "json", "--now", "2026-12-01T00:00:00Z");
        return JSON.readTree(run.out());
    }

    private static List<JsonNode> findings(JsonNode report, String rule) {
        List<JsonNode> out = new ArrayList<>();
        report.path("findings").forEach(f -> {
            if (rule.equals(f.path("rule").asText())) {
                out.add(f);
            }
        });
        return out;
    }

    /** No finding of any rule about POD at likely or confirmed: an untimed delete places nothing in time. */
    private static void noStrongFinding(JsonNode r) {
        r.path("findings").forEach(f -> assertFalse(("confirmed".equals(f.path("confidence").asText())
                || "likely".equals(f.path("confidence").asText())) && f.toString().contains(POD), f.toString()));
    }

    @Test
    void aNamesakeDeletedInAnotherNamespaceSaysNothingOfThisPod() throws IOException {
        for (String command : List.of("kubectl delete pod -n etl-staging " + POD + " --grace-period=0 --force",
                "kubectl delete pod --namespace=etl-staging " + POD + " --grace-period=0 --force",
                "kubectl delete pod " + POD + " --namespace etl-staging --grace-period=0 --force",
                "kubectl -n etl-staging delete pod " + POD + " --grace-period=0 --force")) {
            JsonNode r = run("$ " + command, "pod \"" + POD + "\" force deleted");
            assertTrue(findings(r, "AF005").isEmpty(), command + ": " + r.path("findings"));
            noStrongFinding(r);
        }
        // kubectl 1.33's answer names the namespace the context gave (no -n on the command line)
        JsonNode r = run("$ kubectl delete pod " + POD, "pod \"" + POD + "\" deleted from etl-staging namespace");
        assertTrue(findings(r, "AF005").isEmpty(), r.path("findings").toString());
    }

    @Test
    void aNamesakeDeletedWithTheNamespaceGluedToItsFlagSaysNothingOfThisPod() throws IOException {
        // kubectl (pflag) takes -nNS as -n NS
        JsonNode r = run("$ kubectl delete pod -netl-staging " + POD + " --grace-period=0 --force", "pod \"" + POD + "\" force deleted");
        assertTrue(findings(r, "AF005").isEmpty(), r.path("findings").toString());
    }

    @Test
    void aNamesakeWorkflowDeletedInAnotherNamespaceDoesNotClearThisOne() throws IOException {
        for (String command : List.of("argo delete -n etl-staging " + WF, "argo delete --namespace=etl-staging " + WF,
                "argo delete -netl-staging " + WF)) {
            // The namesake's delete first: were it read as this Workflow's, it would clear the Pod's delete after it.
            JsonNode r = run("$ " + command, "Workflow '" + WF + "' deleted",
                    "$ kubectl delete pod -n etl " + POD + " --grace-period=0 --force", "pod \"" + POD + "\" force deleted");
            assertTrue(DeleteTranscriptTest.cleared(r, "AF005").isEmpty(), command + ": " + r.path("rules"));
            assertEquals(1, findings(r, "AF005").size(), command + ": " + r.path("findings"));
            assertEquals("possible", findings(r, "AF005").get(0).path("confidence").asText());
        }
    }

    @Test
    void theWorkflowDeletedAfterThePasteShowedThePodGoneIsNoWorkflowDeletionThatTookThePod() throws IOException {
        // The user force-deleted the Pod, then cleaned the Workflow up: the paste's order shows the Pod gone before the Workflow's
        // delete, so the Workflow's garbage collector did not take it; the look-alike does not apply.
        JsonNode r = run("$ kubectl delete pod -n etl " + POD + " --grace-period=0 --force", "pod \"" + POD + "\" force deleted",
                "$ argo delete -n etl " + WF, "Workflow '" + WF + "' deleted");
        assertTrue(DeleteTranscriptTest.cleared(r, "AF005").isEmpty(), r.path("rules").toString());
        assertEquals(1, findings(r, "AF005").size(), r.path("findings").toString());
        assertEquals("possible", findings(r, "AF005").get(0).path("confidence").asText());
        // Control: the Workflow's delete before the Pod's absence clears it (DeleteTranscriptTest), and a NotFound of the
        // Workflow after it says nothing of when the Workflow went: still cleared.
        JsonNode g = run("$ kubectl delete pod -n etl " + POD + " --grace-period=0 --force", "pod \"" + POD + "\" force deleted",
                "$ kubectl get wf -n etl " + WF, "Error from server (NotFound): workflows.argoproj.io \"" + WF + "\" not found");
        assertTrue(findings(g, "AF005").isEmpty(), g.path("findings").toString());
        assertEquals(1, DeleteTranscriptTest.cleared(g, "AF005").size(), g.path("rules").toString());
    }

    @Test
    void everyPodAnsweredUnderOneDeleteOfManyIsTheUsersDelete() throws IOException {
        for (String command : List.of("kubectl delete pods --all -n etl --grace-period=0 --force",
                "kubectl delete pods -n etl -l workflows.argoproj.io/workflow=" + WF + " --grace-period=0 --force")) {
            JsonNode r = run("$ " + command, "pod \"" + WF + "-extract-1200933\" force deleted", "pod \"" + POD + "\" force deleted",
                    "pod \"" + WF + "-report-4482001\" force deleted");
            List<JsonNode> f = findings(r, "AF005");
            assertEquals(1, f.size(), command + ": " + r.path("findings"));
            assertEquals("possible", f.get(0).path("confidence").asText());
            assertEquals(POD, f.get(0).path("pod").path("name").asText());
        }
    }

    @Test
    void aDeleteFromAFileIsTheUsersDeleteToo() throws IOException {
        JsonNode r = run("$ kubectl delete -f stuck-pods.yaml -n etl", "pod \"" + POD + "\" deleted");
        assertEquals(1, findings(r, "AF005").size(), r.path("findings").toString());
    }

    @Test
    void answersWithTheirPromptCutOffAreNoDelete() throws IOException {
        JsonNode r = run("pod \"" + POD + "\" force deleted");
        assertTrue(findings(r, "AF005").isEmpty(), r.path("findings").toString());
        JsonNode w = run("$ kubectl get pod -n etl " + POD, "Error from server (NotFound): pods \"" + POD + "\" not found",
                "Workflow '" + WF + "' deleted");
        assertTrue(DeleteTranscriptTest.cleared(w, "AF005").isEmpty(), w.path("rules").toString());
    }

    @Test
    void aDeleteAnsweredUnderAGetPromptIsNoDelete() throws IOException {
        // The answer under a prompt that is no delete (the user's paste mixed up): nothing the command says deleted anything.
        JsonNode r = run("$ kubectl get pod -n etl " + POD, "pod \"" + POD + "\" deleted");
        assertTrue(findings(r, "AF005").isEmpty(), r.path("findings").toString());
    }

    @Test
    void aLogLineQuotingADeleteIsNoDelete() throws IOException {
        JsonNode r = run("time=\"2026-11-20T10:41:00.000Z\" level=info msg=\"ran: kubectl delete pod " + POD + "\" output=\"pod \\\"" + POD
                + "\\\" deleted\"");
        assertTrue(findings(r, "AF005").isEmpty(), r.path("findings").toString());
    }

    @Test
    void aDeleteInAMarkdownFenceIsRead() throws IOException {
        JsonNode r = run("Then I cleaned it up:", "", "```", "$ kubectl delete pod -n etl " + POD + " --grace-period=0 --force",
                "pod \"" + POD + "\" force deleted", "```");
        List<JsonNode> f = findings(r, "AF005");
        assertEquals(1, f.size(), r.path("findings").toString());
        assertEquals("possible", f.get(0).path("confidence").asText());
    }

    @Test
    void aCleanupDaysLaterIsAtMostPossible() throws IOException {
        JsonNode r = run("$ date -u", "Fri Nov 27 09:12:44 UTC 2026", "$ kubectl delete pod -n etl " + POD + " --grace-period=0 --force",
                "pod \"" + POD + "\" force deleted", "$ kubectl delete wf -n etl " + WF, "workflow.argoproj.io \"" + WF + "\" deleted");
        noStrongFinding(r);
        for (JsonNode f : findings(r, "AF005")) {
            assertEquals("possible", f.path("confidence").asText());
        }
    }
}
