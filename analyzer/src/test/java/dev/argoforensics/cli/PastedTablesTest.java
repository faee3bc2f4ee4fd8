package dev.argoforensics.cli;

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

/** Pasted kubectl get pods and argo get output as evidence the rules and timelines use, and where it is not enough. */
class PastedTablesTest {
    private static final Path SAMPLE = Path.of("samples/argo-get-only");
    private static final String LEDGER_POD = "nightly-ledger-export-export-3089624639";

    @TempDir
    Path dir;

    private static JsonNode run(String... inputs) throws IOException {
        List<String> args = new ArrayList<>(List.of("analyze", "--format", "json", "--timelines", "all", "--now", "2026-10-01T00:00:00Z"));
        args.addAll(List.of(inputs));
        return new ObjectMapper().readTree(Cli.run(args.toArray(String[]::new)).out());
    }

    private static JsonNode finding(JsonNode report, String rule, String pod) {
        for (JsonNode f : report.get("findings")) {
            if (f.get("rule").asText().equals(rule) && !f.get("pod").isNull() && f.get("pod").get("name").asText().equals(pod)) {
                return f;
            }
        }
        return null;
    }

    private static List<String> entryKinds(JsonNode report, String pod) {
        List<String> kinds = new ArrayList<>();
        for (JsonNode t : report.get("timelines")) {
            if (t.get("pod").get("name").asText().equals(pod)) {
                t.get("entries").forEach(e -> kinds.add(e.get("kind").asText()));
            }
        }
        return kinds;
    }

    private Path tableAfterTheDeclaration(String status) throws IOException {
        return table("tables", "2026-06-12T01:20:00Z", status, "14m");
    }

    private Path table(String under, String takenAt, String status, String age) throws IOException {
        Path table = dir.resolve(under + "/pods.txt");
        Files.createDirectories(table.getParent());
        // Created 01:05:33, declared deleted 01:06:47: at 01:20:00 kubectl prints AGE 14m.
        // kubectl pads every column to its widest cell plus three spaces.
        String row = "%-" + (LEDGER_POD.length() + 3) + "s%-8s%-" + (Math.max(6, status.length()) + 3) + "s%-11s%s\n";
        Files.writeString(table, "# taken-at: " + takenAt + "\n$ kubectl get pods -n reports\n"
                + String.format(row, "NAME", "READY", "STATUS", "RESTARTS", "AGE") + String.format(row, LEDGER_POD, "0/2", status, "0", age));
        return table.getParent();
    }

    @Test
    void af008TakesARowStillListedAfterTheDeclaration() throws IOException {
        JsonNode logsAlone = finding(run("samples/false-pod-deleted/logs"), "AF008", LEDGER_POD);
        assertFalse(logsAlone.has("podListedAt"));
        JsonNode withTable = finding(run("samples/false-pod-deleted/logs", tableAfterTheDeclaration("Running").toString()), "AF008", LEDGER_POD);
        assertEquals("likely", withTable.get("confidence").asText());
        assertEquals("2026-06-12T01:20:00Z (STATUS Running)", withTable.get("podListedAt").asText());
        assertTrue(withTable.get("confidenceReason").asText().contains("still lists it"), withTable.get("confidenceReason").asText());
    }

    /**
     * Session 42: kubectl 1.31 and later (kubernetes#122038) list a Pod whose phase is Succeeded or Failed by its summary even
     * while it is being deleted (a finalizer holding it), not Terminating: a Completed row does not show that nobody had deleted
     * the Pod, as a Terminating row shows someone had. Before, it was taken as the Pod still listed and not deleted, likely.
     */
    @Test
    void af008DoesNotTakeACompletedRowAsNotDeleted() throws IOException {
        JsonNode f = finding(run("samples/false-pod-deleted/logs", tableAfterTheDeclaration("Completed").toString()), "AF008", LEDGER_POD);
        assertFalse(f.has("podListedAt"), f.toString());
        assertTrue(entryKinds(run("samples/false-pod-deleted/logs", tableAfterTheDeclaration("Completed").toString()), LEDGER_POD)
                .contains("pod:listed"));
    }

    /**
     * Session 34: AGE dates the row's Pod to the second its table's time was stated in, so its creation runs to the end of that
     * second. Stated 01:15:00 with AGE 8m23s, the Pod was created no later than 01:06:37.999: less than the 10 s two clocks may
     * disagree before the declaration (01:06:47.543), so the row may be of a Pod created after it (not shown to have lived across
     * it); read at the second's start (01:06:37), it was taken as the declared Pod still listed, likely. Control: AGE 8m25s
     * (no later than 01:06:35.999) is still taken.
     */
    @Test
    void af008TakesAgeToTheEndOfItsSecond() throws IOException {
        JsonNode near = finding(run("samples/false-pod-deleted/logs", table("near", "2026-06-12T01:15:00Z", "Running", "8m23s").toString()),
                "AF008", LEDGER_POD);
        assertFalse(near.has("podListedAt"), near.toString());
        JsonNode clear = finding(run("samples/false-pod-deleted/logs", table("clear", "2026-06-12T01:15:00Z", "Running", "8m25s").toString()),
                "AF008", LEDGER_POD);
        assertEquals("2026-06-12T01:15:00Z (STATUS Running)", clear.get("podListedAt").asText());
        assertEquals("likely", clear.get("confidence").asText());
    }

    @Test
    void af008DoesNotTakeATerminatingRowAsAlive() throws IOException {
        JsonNode f = finding(run("samples/false-pod-deleted/logs", tableAfterTheDeclaration("Terminating").toString()), "AF008", LEDGER_POD);
        assertFalse(f.has("podListedAt"));
        assertTrue(entryKinds(run("samples/false-pod-deleted/logs", tableAfterTheDeclaration("Terminating").toString()), LEDGER_POD)
                .contains("pod:listed"));
    }

    @Test
    void af005FromATableIsOnlyPossibleWhenTheListingMayBeFiltered() throws IOException {
        Path snapshots = dir.resolve("snapshots");
        Files.createDirectories(snapshots);
        for (String f : List.of("argo-get-nightly-report.txt", "argo-get-weekly-digest.txt", "kubectl-get-pods.txt")) {
            String text = Files.readString(SAMPLE.resolve("snapshots").resolve(f));
            Files.writeString(snapshots.resolve(f), text.replace("$ kubectl get pods -n reports -o wide", "$ kubectl get pods -n reports -o wide | grep -v archiver"));
        }
        String pod = "weekly-digest-h4k8n-compose-digest-1780482124";
        assertEquals("likely", finding(run(SAMPLE.resolve("logs").toString(), SAMPLE.resolve("snapshots").toString()), "AF005", pod)
                .get("confidence").asText());
        JsonNode grep = finding(run(SAMPLE.resolve("logs").toString(), snapshots.toString()), "AF005", pod);
        assertEquals("possible", grep.get("confidence").asText());
        // Without argo get output printed after the table, nothing shows the node still unfinished.
        Files.delete(snapshots.resolve("argo-get-weekly-digest.txt"));
        assertEquals(null, finding(run(SAMPLE.resolve("logs").toString(), snapshots.toString()), "AF005", pod));
    }

    @Test
    void argoGetAloneGivesItsPodsATimelineLinkedByThePrintedPodName() throws IOException {
        JsonNode report = run(SAMPLE.resolve("snapshots").resolve("argo-get-weekly-digest.txt").toString());
        String pod = "weekly-digest-h4k8n-compose-digest-1780482124";
        assertEquals(List.of("node:printed"), entryKinds(report, pod));
        for (JsonNode t : report.get("timelines")) {
            if (t.get("pod").get("name").asText().equals(pod)) {
                assertEquals("argo_get_pod_name", t.get("node").get("linkedBy").asText());
                assertEquals("weekly-digest-h4k8n[1].compose", t.get("node").get("name").asText());
            }
        }
    }
}
