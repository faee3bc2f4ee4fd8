package dev.argoforensics.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.source.PasteShape;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.testing.Notes;
import dev.argoforensics.wording.Message;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code kubectl get pods} tables as pasted: plain, {@code -o wide}, {@code -A}, with and without a stated time. */
class KubectlPodTablesTest {
    @TempDir
    Path dir;

    private static final List<String> HEADER = List.of("NAME", "READY", "STATUS", "RESTARTS", "AGE");

    private PasteFileReader.Result read(String text, ObservedAt commandLine) throws IOException {
        Path p = dir.resolve("pods.txt");
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return new PasteFileReader().read(new InputFile("pods.txt", p, InputKind.SNAPSHOT, false, PasteShape.KUBECTL_PODS.label()),
                PasteShape.KUBECTL_PODS, commandLine, null, Message.NOTHING);
    }

    private static PodTable only(PasteFileReader.Result r) {
        assertEquals(1, r.objects().size(), r.toString());
        return (PodTable) r.objects().get(0);
    }

    @Test
    void plainTableWithEveryStatusWordAndRestartsAgo() throws IOException {
        String table = "# taken-at: 2026-09-23T12:00:00Z\n$ kubectl get pods -n ci\n" + TabWriter.lay(3, List.of(HEADER,
                List.of("build-7x2-main-1", "0/2", "Completed", "0", "3d4h"),
                List.of("build-7x2-main-2", "0/2", "Error", "0", "5m12s"),
                List.of("build-7x2-main-3", "1/2", "Terminating", "0", "45s"),
                List.of("build-7x2-main-4", "0/1", "Init:0/1", "0", "2m"),
                List.of("build-7x2-main-5", "0/1", "CrashLoopBackOff", "5 (62s ago)", "14m"),
                List.of("build-7x2-main-6", "0/2", "OOMKilled", "1 (3h ago)", "2y10d"),
                List.of("build-7x2-main-7", "0/2", "ContainerCreating", "0", "<invalid>")));
        PasteFileReader.Result r = read(table, null);
        assertTrue(r.problems().isEmpty(), r.problems().toString());
        PodTable t = only(r);
        assertEquals("ci", t.namespace());
        assertEquals("kubectl get pods -n ci", t.command());
        assertTrue(t.unfiltered());
        assertFalse(t.wide());
        assertEquals(7, t.rows().size());
        PodTable.Row completed = t.row("ci", "build-7x2-main-1").orElseThrow();
        // 3d4h is truncated to the hour: the Pod was created between 3d5h and 3d4h before noon.
        assertEquals("2026-09-20T07:00:00Z", completed.createdEarliest().format());
        assertEquals("2026-09-20T08:00:00Z", completed.createdLatest().format());
        PodTable.Row error = t.rows().get(1);
        assertEquals("2026-09-23T11:54:47Z", error.createdEarliest().format());
        assertEquals("2026-09-23T11:54:48Z", error.createdLatest().format());
        assertTrue(t.rows().get(2).terminating());
        assertFalse(completed.terminating());
        assertEquals("Init:0/1", t.rows().get(3).status());
        assertEquals(5, t.rows().get(4).restarts());
        assertEquals("62s", t.rows().get(4).lastRestartAgo());
        // 2y10d is truncated to the day.
        PodTable.Row old = t.rows().get(5);
        assertEquals(86_400L, old.createdLatest().instant().getEpochSecond() - old.createdEarliest().instant().getEpochSecond());
        PodTable.Row invalid = t.rows().get(6);
        assertTrue(invalid.ageInvalid());
        assertNull(invalid.createdEarliest());
        assertEquals("pods.txt:10", invalid.source().toString());
    }

    /**
     * Which rows show whether a deletion was requested. kubectl 1.31 and later (kubernetes#122038) print Terminating only for a
     * Pod whose phase is not Succeeded or Failed: a finished Pod being deleted (held by the status-capture finalizer, #17024)
     * keeps its summary, Completed or Error. So only Terminating, or a STATUS kubectl prints for a Pod not yet finished, tells;
     * Unknown is what every kubectl prints for a deleted Pod whose node is unreachable; Init:Error is an init container that
     * failed, the Pod with it (restartPolicy Never).
     */
    @Test
    void onlyTerminatingOrTheStatusOfAnUnfinishedPodShowsWhetherADeletionWasRequested() throws IOException {
        String table = "$ kubectl get pods -n ci\n" + TabWriter.lay(3, List.of(HEADER,
                List.of("build-7x2-main-1", "0/2", "Completed", "0", "3m"),
                List.of("build-7x2-main-2", "0/2", "Error", "0", "3m"),
                List.of("build-7x2-main-3", "0/2", "OOMKilled", "0", "3m"),
                List.of("build-7x2-main-4", "0/2", "Unknown", "0", "3m"),
                List.of("build-7x2-main-5", "1/2", "Terminating", "0", "3m"),
                List.of("build-7x2-main-6", "2/2", "Running", "0", "3m"),
                List.of("build-7x2-main-7", "1/2", "NotReady", "0", "3m"),
                List.of("build-7x2-main-8", "0/2", "Pending", "0", "3m"),
                List.of("build-7x2-main-9", "0/2", "ContainerCreating", "0", "3m"),
                List.of("build-7x2-main-10", "0/2", "PodInitializing", "0", "3m"),
                List.of("build-7x2-main-11", "0/2", "Init:0/1", "0", "3m"),
                List.of("build-7x2-main-12", "0/2", "Init:Error", "0", "3m")));
        PodTable t = only(read(table, null));
        assertEquals(List.of(false, false, false, false, true, true, true, true, true, true, true, false),
                t.rows().stream().map(PodTable.Row::deletionShown).toList(), t.rows().stream().map(PodTable.Row::status).toList().toString());
        assertEquals(List.of(false, false, false, false, true, false, false, false, false, false, false, false),
                t.rows().stream().map(PodTable.Row::terminating).toList());
    }

    @Test
    void withoutAStatedTimeAgeGivesNoCreationTimeAndTheReportSaysSo() throws IOException {
        PasteFileReader.Result r = read(TabWriter.lay(3, List.of(HEADER, List.of("a-1", "1/1", "Running", "0", "5m"))), null);
        PodTable t = only(r);
        assertNull(t.observed());
        assertNull(t.rows().get(0).createdEarliest());
        assertTrue(r.notes().contains(Message.of("note.snapshot.kubectlNoTime")), r.notes().toString());
        assertTrue(Notes.words(r.notes()).stream().anyMatch(n -> n.contains("no observation time")), r.notes().toString());
        assertFalse(t.unfiltered(), "no command shown: whether the listing was filtered is unknown");
    }

    /**
     * {@code kubectl get pods -w}: the first rows when the watch began, then a row per change, each printed when it came; the stated
     * time is when the paste ended. A Pod's state is its last row, and no row's AGE dates its creation from the stated time. Before,
     * the first row was the Pod's state "at" the stated time (Running, seconds after its deletion) and gave a creation window minutes off.
     */
    @Test
    void aWatchGivesEachPodItsLastRowAndNoCreationWindow() throws IOException {
        String watch = "# taken-at: 2026-10-14T09:19:10Z\n$ kubectl get pods -n analytics -w\n" + TabWriter.lay(3, List.of(HEADER,
                List.of("ingest-daily-k3p9z-transform-367652847", "2/2", "Running", "0", "6m"),
                List.of("ingest-daily-k3p9z-transform-367652847", "0/2", "Completed", "0", "7m"),
                List.of("ingest-daily-k3p9z-transform-367652847", "0/2", "Terminating", "0", "7m")));
        PodTable t = only(read(watch, null));
        PodTable.Row row = t.row("analytics", "ingest-daily-k3p9z-transform-367652847").orElseThrow();
        assertEquals("Terminating", row.status());
        assertEquals(6, row.source().line());
        assertTrue(t.rows().stream().allMatch(r -> r.createdEarliest() == null && r.createdLatest() == null));
        // The same without the prompt: the Pod listed three times says it is a watch.
        PodTable bare = only(read(watch.replace("$ kubectl get pods -n analytics -w\n", ""), null));
        assertEquals("Terminating", bare.row("", "ingest-daily-k3p9z-transform-367652847").orElseThrow().status());
        assertTrue(bare.rows().stream().allMatch(r -> r.createdEarliest() == null));
        // A -w with one row per Pod: printed when the watch began, not at the stated time.
        PodTable once = only(read("# taken-at: 2026-10-14T09:19:10Z\n$ kubectl get pods -w\n" + TabWriter.lay(3, List.of(HEADER,
                List.of("a-1", "1/1", "Running", "0", "95s"))), null));
        assertNull(once.rows().get(0).createdEarliest());
        // Negative control: a plain table of distinct Pods keeps its windows.
        PodTable plain = only(read("# taken-at: 2026-10-14T09:19:10Z\n$ kubectl get pods -n analytics\n" + TabWriter.lay(3, List.of(HEADER,
                List.of("a-1", "1/1", "Running", "0", "95s"), List.of("a-2", "0/1", "Completed", "0", "95s"))), null));
        assertEquals("2026-10-14T09:17:34Z", plain.rows().get(0).createdEarliest().format());
    }

    @Test
    void commandLineTimeGivesTheWindow() throws IOException {
        ObservedAt at = ObservedAt.stated(Timestamp.parseRfc3339("2026-09-23T12:00:00Z", null, false), ObservationBasis.COMMAND_LINE);
        PasteFileReader.Result r = read(TabWriter.lay(3, List.of(HEADER, List.of("a-1", "1/1", "Running", "0", "95s"))), at);
        PodTable.Row row = only(r).rows().get(0);
        assertEquals("2026-09-23T11:58:24Z", row.createdEarliest().format());
        assertEquals("2026-09-23T11:58:25Z", row.createdLatest().format());
    }

    @Test
    void wideAllNamespacesTableKeepsNamespaceIpAndNode() throws IOException {
        String table = "$ kubectl get pods -A -o wide | grep build\n" + TabWriter.lay(3, List.of(
                List.of("NAMESPACE", "NAME", "READY", "STATUS", "RESTARTS", "AGE", "IP", "NODE", "NOMINATED NODE", "READINESS GATES"),
                List.of("ci", "build-7x2-main-1", "0/2", "Completed", "0", "31m", "10.4.1.7", "gke-pool-a-1f2e", "<none>", "<none>"),
                List.of("qa", "build-9k1-main-1", "0/1", "Pending", "0", "8s", "<none>", "<none>", "<none>", "<none>")));
        PasteFileReader.Result r = read(table, null);
        assertTrue(r.problems().isEmpty(), r.problems().toString());
        PodTable t = only(r);
        assertTrue(t.wide());
        assertFalse(t.unfiltered(), "piped through grep");
        assertEquals("ci", t.rows().get(0).namespace());
        assertEquals("10.4.1.7", t.rows().get(0).ip());
        assertEquals("gke-pool-a-1f2e", t.rows().get(0).node());
        assertEquals("", t.rows().get(1).node());
        assertTrue(t.row("qa", "build-9k1-main-1").isPresent());
        assertFalse(t.row("ci", "build-9k1-main-1").isPresent());
        assertTrue(r.identifiers().contains("host:gke-pool-a-1f2e"));
    }

    @Test
    void aRowThatDoesNotFitTheHeaderIsAProblemAtItsLine() throws IOException {
        String table = TabWriter.lay(3, List.of(HEADER, List.of("a-1", "1/1", "Running", "0", "5m")))
                + "a-2 1/1 Running 0 5m\n"
                + TabWriter.lay(3, List.of(List.of("a-3", "one", "Running", "0", "5m")))
                + TabWriter.lay(3, List.of(List.of("a-4", "1/1", "Running", "0", "five minutes")));
        PasteFileReader.Result r = read(table, null);
        assertEquals(1, only(r).rows().size());
        assertEquals(List.of(3L, 4L, 5L), r.problems().stream().map(ObjectFileReader.Problem::line).toList());
        assertTrue(r.problems().get(1).reason().contains("READY"), r.problems().get(1).reason());
        assertTrue(r.problems().get(2).reason().contains("AGE"), r.problems().get(2).reason());
    }

    @Test
    void rowsWhoseHeaderGrepDroppedAreReadWhereTheirColumnsTellTheLayout() throws IOException {
        String table = "# taken-at: 2026-10-27T09:17:00Z\n$ kubectl get pods -n geo-etl | grep tiles-m4v7q\n" + TabWriter.lay(3, List.of(
                List.of("tiles-m4v7q-render-1839204471", "0/2", "Completed", "0", "4m57s"),
                List.of("tiles-m4v7q-publish-2047713206", "0/2", "Error", "1 (2m ago)", "3m10s")));
        assertEquals(PasteShape.KUBECTL_PODS, PasteShape.detect(table.lines().toList()));
        PasteFileReader.Result r = read(table, null);
        assertTrue(r.problems().isEmpty(), r.problems().toString());
        PodTable t = only(r);
        assertEquals("geo-etl", t.namespace());
        assertFalse(t.unfiltered(), "grep selected the rows");
        assertFalse(t.wide());
        assertEquals("pods.txt:3", t.source().toString(), "the table starts at its first row");
        PodTable.Row completed = t.row("geo-etl", "tiles-m4v7q-render-1839204471").orElseThrow();
        assertEquals("Completed", completed.status());
        assertEquals("2026-10-27T09:12:02Z", completed.createdEarliest().format());
        assertEquals(1, t.rows().get(1).restarts());
    }

    @Test
    void headerlessRowsOfAllNamespacesAndWideKeepTheirNamespaceAndNode() throws IOException {
        String table = TabWriter.lay(3, List.of(
                List.of("geo-etl", "tiles-m4v7q-render-1839204471", "0/2", "Completed", "0", "4m57s", "10.42.3.17", "ip-10-0-12-34.ec2.internal",
                        "<none>", "<none>"),
                List.of("geo-etl", "tiles-m4v7q-publish-2047713206", "1/2", "Running", "0", "3m", "10.42.3.18", "ip-10-0-12-35.ec2.internal",
                        "<none>", "<none>")));
        PasteFileReader.Result r = read(table, null);
        assertTrue(r.problems().isEmpty(), r.problems().toString());
        PodTable t = only(r);
        assertTrue(t.wide());
        PodTable.Row row = t.row("geo-etl", "tiles-m4v7q-publish-2047713206").orElseThrow();
        assertEquals("ip-10-0-12-35.ec2.internal", row.node());
    }

    @Test
    void aHeaderlessRowOfAnotherLayoutOpensItsOwnTableAndAnUnreadableOneIsAProblemAtItsLine() throws IOException {
        String table = TabWriter.lay(3, List.of(List.of("a-1", "1/1", "Running", "0", "5m")))
                + TabWriter.lay(3, List.of(List.of("ci", "a-2", "1/1", "Running", "0", "5m")))
                + TabWriter.lay(3, List.of(List.of("a-3", "1/1", "Running", "five minutes", "5m")))
                + "a-4 1/1 Running 0 5m\n";
        PasteFileReader.Result r = read(table, null);
        assertEquals(2, r.objects().size());
        assertEquals(List.of(3L, 4L), r.problems().stream().map(ObjectFileReader.Problem::line).toList());
        assertTrue(r.problems().get(0).reason().contains("as the row at line 2"), r.problems().get(0).reason());
    }

    @Test
    void aLogLineOrProseIsNoHeaderlessRow() {
        for (String line : List.of(
                "time=\"2026-10-27T09:20:15.664Z\" level=info msg=\"cleaning up pod\" action=removeFinalizer",
                "tiles-m4v7q-render-1839204471 0/2 Completed 0 4m57s",
                "NAME   READY   STATUS   RESTARTS   AGE",
                "tiles-m4v7q-render-1839204471   0/2   Completed   0   four minutes",
                "Tiles   0/2   Completed   0   4m",
                "tiles-m4v7q-render-1839204471   0/2   Completed   0   4m   10.42.3.17")) {
            assertNull(PasteShape.podRowLayout(line), line);
        }
    }

    @Test
    void twoTablesOneAfterTheOtherAreTwoObservations() throws IOException {
        String table = "$ kubectl get pods -n ci\n" + TabWriter.lay(3, List.of(HEADER, List.of("a-1", "1/1", "Running", "0", "5m")))
                + "$ kubectl get pods -n ci\n" + TabWriter.lay(3, List.of(HEADER, List.of("a-1", "1/1", "Terminating", "0", "6m")))
                + "No resources found in ci namespace.\n";
        PasteFileReader.Result r = read(table, null);
        assertTrue(r.problems().isEmpty(), r.problems().toString());
        assertEquals(2, r.objects().size());
        assertTrue(((PodTable) r.objects().get(1)).rows().get(0).terminating());
        assertEquals("pods.txt:5", ((PodTable) r.objects().get(1)).source().toString());
    }

    /**
     * Session 60 (#10942's shape, for a table): the command typed without its prompt above the output is the table's command, as a
     * prompt's: its {@code -n} names the rows' namespace, its {@code | grep} their filter.
     */
    @Test
    void aCommandPastedWithoutItsPromptIsTheTablesCommand() throws IOException {
        String table = "kubectl get pods -n geo-etl | grep tiles-m4v7q\n" + TabWriter.lay(3, List.of(
                List.of("tiles-m4v7q-render-1839204471", "0/2", "Completed", "0", "4m57s"),
                List.of("tiles-m4v7q-publish-2047713206", "0/2", "Error", "1 (2m ago)", "3m10s")));
        assertEquals(PasteShape.KUBECTL_PODS, PasteShape.detect(table.lines().toList()));
        PasteFileReader.Result r = read(table, null);
        assertTrue(r.problems().isEmpty(), r.problems().toString());
        PodTable t = only(r);
        assertEquals("geo-etl", t.namespace());
        assertEquals("kubectl get pods -n geo-etl | grep tiles-m4v7q", t.command());
        assertFalse(t.unfiltered(), "grep selected the rows");
        // control: a sentence naming the command (a colon after it) is not the command; the rows' namespace is then not known
        PodTable said = only(read(table.replaceFirst("tiles-m4v7q\n", "tiles-m4v7q shows:\n"), null));
        assertEquals("", said.namespace());
    }
}
