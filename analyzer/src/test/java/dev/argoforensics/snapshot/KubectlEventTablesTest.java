package dev.argoforensics.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.source.InputClassifier;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.PasteShape;
import dev.argoforensics.wording.Message;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code kubectl get events} tables as pasted: placed in time only by a stated time and an age kubectl printed to the second. */
class KubectlEventTablesTest {
    @TempDir
    Path dir;

    private static final String TABLE = "$ kubectl get events -A\n" + TabWriter.lay(3, List.of(
            List.of("NAMESPACE", "LAST SEEN", "TYPE", "REASON", "OBJECT", "MESSAGE"),
            List.of("batch", "14m", "Normal", "Scheduled", "pod/crunch-5tq2w-run-99120", "Successfully assigned batch/crunch-5tq2w-run-99120 to n-4"),
            List.of("default", "3m10s", "Warning", "NodeNotReady", "node/n-4", "Node n-4 status is now: NodeNotReady"),
            List.of("batch", "45s", "Normal", "Killing", "pod/crunch-5tq2w-run-99120", "Stopping container main"),
            List.of("batch", "2m", "Normal", "Killing", "pod/crunch-5tq2w-run-99120", "Stopping container init")));

    private PasteFileReader.Result read(String text) throws IOException {
        Path p = dir.resolve("events.txt");
        Files.writeString(p, text, StandardCharsets.UTF_8);
        InputFile f = new InputClassifier().classify("events.txt", p);
        assertEquals(PasteShape.KUBECTL_EVENTS, PasteShape.of(f.reason()), "classified as " + f.reason());
        return new PasteFileReader().read(f, PasteShape.KUBECTL_EVENTS, null, null, Message.NOTHING);
    }

    @Test
    void rowsWithAnAgeToTheSecondArePlacedFromTheStatedTime() throws IOException {
        PasteFileReader.Result r = read("# taken-at: 2026-10-27T09:30:00Z\n" + TABLE);
        assertTrue(r.problems().isEmpty(), r.problems().toString());
        assertEquals(4, r.rows());
        assertEquals(4, r.objects().size(), "14m is cut to the minute: kept with its minute");
        assertTrue(r.notes().toString().contains("eventsMinute"), r.notes().toString());
        ClusterEvent scheduled = (ClusterEvent) r.objects().get(0);
        assertTrue(scheduled.minuteDated(), scheduled.toString());
        ClusterEvent node = (ClusterEvent) r.objects().get(1);
        assertTrue(!node.minuteDated(), node.toString());
        assertEquals("NodeNotReady", node.reason());
        assertEquals("Warning", node.type());
        assertEquals(new InvolvedObject("Node", "", "n-4", "", ""), node.regarding(), "a Node's event: no namespace of its own");
        assertEquals(Instant.parse("2026-10-27T09:26:50Z"), node.first().instant());
        ClusterEvent killing = (ClusterEvent) r.objects().get(2);
        assertEquals(new InvolvedObject("Pod", "batch", "crunch-5tq2w-run-99120", "", "spec.containers{main}"), killing.regarding());
        assertEquals("Stopping container main", killing.note());
        assertEquals(Instant.parse("2026-10-27T09:29:15Z"), killing.last().instant());
        assertEquals("", ((ClusterEvent) r.objects().get(3)).regarding().fieldPath(), "argo's init container: no spec.containers path");
    }

    /**
     * An event kubectl could give no age ({@code <unknown>}: no last timestamp, as an events.k8s.io event written with only its
     * eventTime shows in an older kubectl) is counted with the coarse rows, its note saying so, never placed (session 42: the
     * note said only "older than 10 minutes").
     */
    @Test
    void aRowOfUnknownAgeIsCountedAndTheNoteSaysSo() throws IOException {
        String table = "# taken-at: 2026-10-27T09:30:00Z\n$ kubectl get events -n batch\n" + TabWriter.lay(3, List.of(
                List.of("LAST SEEN", "TYPE", "REASON", "OBJECT", "MESSAGE"),
                List.of("<unknown>", "Normal", "Scheduled", "pod/crunch-5tq2w-run-99120", "Successfully assigned batch/crunch-5tq2w-run-99120 to n-4"),
                List.of("45s", "Normal", "Killing", "pod/crunch-5tq2w-run-99120", "Stopping container main")));
        PasteFileReader.Result r = read(table);
        assertTrue(r.problems().isEmpty(), r.problems().toString());
        assertEquals(2, r.rows());
        assertEquals(1, r.objects().size(), "<unknown> gives no time: counted, not kept");
        assertEquals("Killing", ((ClusterEvent) r.objects().get(0)).reason());
        assertTrue(dev.argoforensics.testing.Notes.words(r.notes()).stream().anyMatch(n -> n.startsWith("1 event row(s) 8 hours old or older, or of no age (<unknown>")),
                r.notes().toString());
    }

    /**
     * An age kubectl printed to the minute (10 minutes to 8 hours: {@code 15m}, {@code 179m}, {@code 3h5m}, {@code 4h}; truncated,
     * so {@code 15m} is 15 to just under 16 minutes) places the Event within that minute, its window kept; {@code 5m} (5m0s) is
     * to the second; from 8 hours on ({@code 9h}, {@code 2d3h}, {@code 5d}) kubectl prints hours or days: counted, not kept.
     * Before, every row 10 minutes old or older was dropped (session 44's lease-lost-logcli: Karpenter's node events, 24m).
     */
    @Test
    void agesToTheMinuteArePlacedWithTheirMinute() throws IOException {
        String table = "# taken-at: 2026-10-27T09:40:31Z\n$ kubectl get events -A\n" + TabWriter.lay(3, List.of(
                List.of("NAMESPACE", "LAST SEEN", "TYPE", "REASON", "OBJECT", "MESSAGE"),
                List.of("default", "15m", "Normal", "DisruptionBlocked", "node/n-4", "Cannot disrupt Node"),
                List.of("default", "179m", "Normal", "Unconsolidatable", "node/n-4", "Can't replace with a cheaper node"),
                List.of("default", "3h5m", "Normal", "Unconsolidatable", "node/n-5", "Can't replace with a cheaper node"),
                List.of("default", "4h", "Normal", "Unconsolidatable", "node/n-6", "Can't replace with a cheaper node"),
                List.of("batch", "5m", "Normal", "Killing", "pod/crunch-5tq2w-run-99120", "Stopping container main"),
                List.of("default", "9h", "Normal", "RegisteredNode", "node/n-4", "Node n-4 event: Registered Node n-4 in Controller"),
                List.of("default", "2d3h", "Normal", "RegisteredNode", "node/n-5", "Node n-5 event: Registered Node n-5 in Controller"),
                List.of("default", "5d", "Normal", "RegisteredNode", "node/n-6", "Node n-6 event: Registered Node n-6 in Controller")));
        PasteFileReader.Result r = read(table);
        assertTrue(r.problems().isEmpty(), r.problems().toString());
        assertEquals(8, r.rows());
        assertEquals(5, r.objects().size(), r.objects().toString());
        List<ClusterEvent> kept = r.objects().stream().map(ClusterEvent.class::cast).toList();
        // Each from the start of its minute: 15m is 15 to just under 16 minutes before 09:40:31, so from 09:24:31 to 09:25:31.
        assertEquals(List.of(Instant.parse("2026-10-27T09:24:31Z"), Instant.parse("2026-10-27T06:40:31Z"), Instant.parse("2026-10-27T06:34:31Z"),
                Instant.parse("2026-10-27T05:39:31Z"), Instant.parse("2026-10-27T09:35:31Z")), kept.stream().map(e -> e.first().instant()).toList());
        assertEquals(List.of(true, true, true, true, false), kept.stream().map(ClusterEvent::minuteDated).toList());
        assertEquals(60_000_000_000L, kept.get(0).ageWindowNanos());
        List<String> notes = dev.argoforensics.testing.Notes.words(r.notes());
        assertTrue(notes.stream().anyMatch(n -> n.startsWith("4 event row(s) 10 minutes to 8 hours old")), notes.toString());
        assertTrue(notes.stream().anyMatch(n -> n.startsWith("3 event row(s) 8 hours old or older")), notes.toString());
    }

    /** Control: without a stated time no age places anything, to the minute or to the second. */
    @Test
    void withoutAStatedTimeNoAgePlacesAnything() throws IOException {
        String table = "$ kubectl get events -A\n" + TabWriter.lay(3, List.of(
                List.of("NAMESPACE", "LAST SEEN", "TYPE", "REASON", "OBJECT", "MESSAGE"),
                List.of("default", "15m", "Normal", "DisruptionBlocked", "node/n-4", "Cannot disrupt Node"),
                List.of("batch", "45s", "Normal", "Killing", "pod/crunch-5tq2w-run-99120", "Stopping container main")));
        PasteFileReader.Result r = read(table);
        assertEquals(0, r.objects().size(), r.objects().toString());
    }

    /**
     * {@code kubectl get events -o wide}: SUBOBJECT (the field path) and SOURCE (the reporter, its host) before MESSAGE, FIRST SEEN,
     * COUNT and NAME after it. Before, its header was no events header and every row an unparsed log line.
     */
    @Test
    void theWideTableGivesTheFieldPathAndTheReporter() throws IOException {
        String wide = "# taken-at: 2026-10-27T09:30:00Z\n$ kubectl get events -n batch -o wide\n" + TabWriter.lay(3, List.of(
                List.of("LAST SEEN", "TYPE", "REASON", "OBJECT", "SUBOBJECT", "SOURCE", "MESSAGE", "FIRST SEEN", "COUNT", "NAME"),
                List.of("45s", "Normal", "Killing", "pod/crunch-5tq2w-run-99120", "spec.containers{main}", "kubelet, n-4", "Stopping container main",
                        "45s", "1", "crunch-5tq2w-run-99120.18a2b4c6d8e0f123"),
                List.of("3m10s", "Warning", "NodeNotReady", "node/n-4", "", "node-controller", "Node n-4 status is now: NodeNotReady", "3m10s", "1",
                        "n-4.18a2b4c6d8e0f456")));
        PasteFileReader.Result r = read(wide);
        assertTrue(r.problems().isEmpty(), r.problems().toString());
        assertEquals(2, r.objects().size());
        ClusterEvent killing = (ClusterEvent) r.objects().get(0);
        assertEquals(new InvolvedObject("Pod", "batch", "crunch-5tq2w-run-99120", "", "spec.containers{main}"), killing.regarding());
        assertEquals("kubelet", killing.reportedBy());
        assertEquals("n-4", killing.host());
        assertEquals("Stopping container main", killing.note(), "the message ends where FIRST SEEN starts");
        assertEquals(Instant.parse("2026-10-27T09:29:15Z"), killing.last().instant());
        ClusterEvent node = (ClusterEvent) r.objects().get(1);
        assertEquals("node-controller", node.reportedBy());
        assertEquals("", node.regarding().fieldPath(), "an empty SUBOBJECT");
        assertEquals("Node n-4 status is now: NodeNotReady", node.note());
    }

    @Test
    void withoutAStatedTimeNoRowIsPlaced() throws IOException {
        PasteFileReader.Result r = read(TABLE);
        assertEquals(4, r.rows());
        assertEquals(0, r.objects().size());
        assertTrue(r.notes().toString().contains("eventsNoTime"), r.notes().toString());
    }

    @Test
    void aNamespacedTableTakesThePromptsNamespaceAndRejectsForeignLines() throws IOException {
        PasteFileReader.Result r = read("# taken-at: 2026-10-27T09:30:00Z\n$ kubectl get events -n batch\n"
                + "LAST SEEN   TYPE     REASON    OBJECT                       MESSAGE\n"
                + "20s         Normal   Killing   pod/crunch-5tq2w-run-99120   Stopping container main\n"
                + "time=2026-10-27T09:29:40Z level=INFO msg=\"not a row\"\n");
        assertEquals(1, r.objects().size());
        assertEquals("batch", ((ClusterEvent) r.objects().get(0)).regarding().namespace());
        assertEquals(1, r.problems().size(), r.problems().toString());
    }

    /**
     * {@code date -u} run with the command ({@code $ date -u; kubectl get events -A}), its answer above the table: the table's time,
     * stated by the machine that printed the ages. Before, the prompt (a command starting with {@code date}) and the answer were no
     * shape's, and the file was read as a log of unparsed lines (session 44, hand-written incident: an events table pasted so).
     */
    @Test
    void dateRunBeforeTheCommandDatesTheTable() throws IOException {
        String rows = TABLE.substring(TABLE.indexOf('\n') + 1);
        PasteFileReader.Result r = read("$ date -u; kubectl get events -A\nTue Oct 27 09:30:00 UTC 2026\n" + rows);
        assertTrue(r.problems().isEmpty(), r.problems().toString());
        assertEquals(4, r.rows());
        assertEquals(4, r.objects().size(), "as with # taken-at: the rows to the second placed, the one to the minute with its minute");
        assertEquals(Instant.parse("2026-10-27T09:26:50Z"), ((ClusterEvent) r.objects().get(1)).first().instant());
        assertEquals(ObservationBasis.DATE_COMMAND, r.takenAt().basis());
        // date on a prompt of its own, then the command; and the forms of date -R and -Iseconds.
        PasteFileReader.Result own = read("$ date -u\nTue Oct 27 09:30:00 UTC 2026\n" + TABLE);
        assertEquals(Instant.parse("2026-10-27T09:30:00Z"), own.takenAt().time().instant(), own.problems().toString());
        assertEquals(4, own.objects().size());
        PasteFileReader.Result rfc = read("$ date -R && kubectl get events -A\nTue, 27 Oct 2026 10:30:00 +0100\n" + rows);
        assertEquals(Instant.parse("2026-10-27T09:30:00Z"), rfc.takenAt().time().instant(), rfc.problems().toString());
        PasteFileReader.Result iso = read("$ date -Iseconds; kubectl get events -A\n2026-10-27T10:30:00+01:00\n" + rows);
        assertEquals(Instant.parse("2026-10-27T09:30:00Z"), iso.takenAt().time().instant(), iso.problems().toString());
    }

    /**
     * {@code date} without {@code -u} on a machine in CET prints the zone's abbreviation, which several offsets share: the table is
     * read, its rows not placed, as without a stated time; and a table with neither gives none.
     */
    @Test
    void dateInALocalZoneDatesNothing() throws IOException {
        String rows = TABLE.substring(TABLE.indexOf('\n') + 1);
        PasteFileReader.Result r = read("$ date; kubectl get events -A\nTue Oct 27 10:30:00 CET 2026\n" + rows);
        assertTrue(r.problems().isEmpty(), r.problems().toString());
        assertEquals(4, r.rows());
        assertEquals(null, r.takenAt(), "CET names no offset");
        assertEquals(0, r.objects().size(), "no stated time: no row placed");
        assertEquals(null, read(TABLE).takenAt());
    }
}
