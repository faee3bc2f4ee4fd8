package dev.argoforensics.analysis;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.read.SnapshotFileReader;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.snapshot.ExportedObject;
import dev.argoforensics.snapshot.ObservationBasis;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.source.InputCollector;
import dev.argoforensics.source.InputException;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.testing.Notes;
import dev.argoforensics.wording.Message;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SnapshotFileReaderTest {
    private static final String SAMPLE = "samples/timeline-all-sources";

    private static InputFile file(String path) {
        return new InputFile(path, Path.of(path), InputKind.SNAPSHOT, false, "t");
    }

    @Test
    void readOnlyAuditRequestsAreCountedNotKept() throws Exception {
        List<ExportedObject> kept = new ArrayList<>();
        InputSummary s = new SnapshotFileReader().read(file(SAMPLE + "/audit/kube-apiserver-audit.log"), null, kept::add);
        assertEquals("JSON: Event (audit.k8s.io/v1) ×12", s.format());
        assertEquals(List.of(Message.of("note.snapshot.readOnlyAudit", "count", 2L)), s.notes(), "the reader states the fact");
        assertEquals(List.of("2 audit events of read-only requests (get, list, watch): counted, not kept"), Notes.words(s.notes()));
        assertEquals(12, s.events());
        assertEquals(12, s.recognised());
        assertEquals(10, kept.size());
        assertTrue(kept.stream().allMatch(o -> o instanceof AuditRecord a && a.mutating()));
    }

    @Test
    void theSummarySaysWhenTheFileWasTakenAndHow() throws Exception {
        List<ExportedObject> kept = new ArrayList<>();
        InputSummary s = new SnapshotFileReader().read(file(SAMPLE + "/snapshots/pod-before-drain.yaml"), null, kept::add);
        assertEquals("YAML: Pod", s.format());
        assertEquals(List.of("taken at 2026-10-02T09:18:30Z (the file's # taken-at comment)"), Notes.words(s.notes()));
        assertEquals(ObservationBasis.TAKEN_AT_COMMENT, ((PodSnapshot) kept.get(0)).observed().basis());
    }

    @Test
    void snapshotTimeOnTheCommandLineWinsAndMustNameASnapshotFileRead() throws Exception {
        String pod = SAMPLE + "/snapshots/pod-before-drain.yaml";
        SnapshotTimes times = SnapshotTimes.parse(List.of("./" + pod + "=2026-10-02T09:19:00Z"));
        List<InputFile> files = new InputCollector().collect(List.of(SAMPLE + "/snapshots", SAMPLE + "/logs"));
        times.checkAllUsed(files);
        InputFile podFile = files.stream().filter(f -> f.displayPath().equals(pod)).findFirst().orElseThrow();
        List<ExportedObject> kept = new ArrayList<>();
        InputSummary s = new SnapshotFileReader().read(podFile, times.forFile(podFile), kept::add);
        assertEquals(List.of("taken at 2026-10-02T09:19:00Z (--snapshot-time on the command line)"), Notes.words(s.notes()));

        String log = SAMPLE + "/logs/workflow-controller-7d9c5b8f6-m4t8z.log";
        InputException notSnapshot = assertThrows(InputException.class,
                () -> SnapshotTimes.parse(List.of(log + "=2026-10-02T09:19:00Z")).checkAllUsed(files));
        assertTrue(notSnapshot.getMessage().contains("not a snapshot file"), notSnapshot.getMessage());
        InputException unknown = assertThrows(InputException.class,
                () -> SnapshotTimes.parse(List.of("elsewhere.yaml=2026-10-02T09:19:00Z")).checkAllUsed(files));
        assertTrue(unknown.getMessage().contains("not among the files read"), unknown.getMessage());
    }

    @Test
    void aSnapshotTimeNeedsFileTimeAndAZone() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SnapshotTimes.parse(List.of("pod.yaml")))
                .getMessage().contains("is not FILE=TIME"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SnapshotTimes.parse(List.of("pod.yaml=2026-10-02T09:19:00")))
                .getMessage().contains("has no zone"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SnapshotTimes.parse(List.of("pod.yaml=yesterday")))
                .getMessage().contains("is not an RFC 3339 time"));
    }

    @Test
    void anEventWithoutTimesIsAnUnreadableObjectAtItsLine(@TempDir Path dir) throws Exception {
        Path p = dir.resolve("events.yaml");
        Files.writeString(p, "apiVersion: v1\nitems:\n- apiVersion: v1\n  kind: Event\n  reason: Killing\n  involvedObject: {kind: Pod, name: p}\n"
                + "kind: List\n", StandardCharsets.UTF_8);
        InputSummary s = new SnapshotFileReader().read(new InputFile("events.yaml", p, InputKind.SNAPSHOT, false, "t"), null, o -> { });
        assertEquals(1, s.unparsed());
        assertEquals("events.yaml:3", s.samples().get(0).source().toString());
        assertTrue(s.samples().get(0).reason().startsWith("Event: an Event without"), s.samples().get(0).reason());
    }
    @Test
    void aFaultOfTheAnalyzerOnOneObjectIsSaidAsSuchAtItsLineAndTheOthersAreRead(@TempDir Path dir) throws Exception {
        Path p = dir.resolve("pods.yaml");
        Files.writeString(p, "apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n  namespace: argo\n---\napiVersion: v1\nkind: Pod\n"
                + "metadata:\n  name: b\n  namespace: argo\n---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: c\n  namespace: argo\n",
                StandardCharsets.UTF_8);
        List<String> taken = new java.util.ArrayList<>();
        InputSummary s = new SnapshotFileReader().read(new InputFile("pods.yaml", p, InputKind.SNAPSHOT, false, "t"), null, o -> {
            String name = ((dev.argoforensics.snapshot.PodSnapshot) o).name();
            if (name.equals("b")) {
                throw new IllegalStateException("a bug");
            }
            taken.add(name);
        });
        assertEquals(List.of("a", "c"), taken);
        assertEquals(3, s.events());
        assertEquals(1, s.unparsed());
        assertEquals("pods.yaml:7", s.samples().get(0).source().toString());
        assertEquals("Pod: the analyzer failed on this object (java.lang.IllegalStateException: a bug); please report this with the file",
                s.samples().get(0).reason());
    }
}
