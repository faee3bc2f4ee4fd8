package dev.argoforensics.correlate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.event.ControllerEvent.WorkflowProcessing;
import dev.argoforensics.event.ControllerEvent.WorkflowUpdated;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.judgment.JudgmentCorpora;
import dev.argoforensics.snapshot.ObservationBasis;
import dev.argoforensics.snapshot.ObservedAt;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.SampleFiles;
import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The node index's {@link NodeIndex#stillStoredUntil} gives what {@link WorkflowHistory#stillStoredUntil}'s walk gives, for
 * every Workflow's every export and for exports placed at, just before and just after each of its versioned lines under each
 * version it states: on every sample, a generated incident, a wide fan-out (thousands of results pending in one export,
 * two controller runs) and a Workflow whose lines' times go back (searched by time no longer: walked over its versioned lines).
 */
class StillStoredIndexTest {
    @TempDir
    Path dir;

    /** Answers compared and how many of them named a pass (the walk's answer not empty). */
    private record Compared(int asked, int found) {
        Compared plus(Compared o) {
            return new Compared(asked + o.asked, found + o.found);
        }
    }

    private static Compared sameAsTheWalk(String what, Correlation c) {
        int asked = 0;
        int found = 0;
        for (WorkflowHistory w : c.workflows().values()) {
            for (WorkflowSnapshot export : exportsToAsk(w)) {
                Optional<LogEvent> walked = w.stillStoredUntil(export);
                assertEquals(walked, c.nodes().stillStoredUntil(w, export),
                        () -> what + " " + w.ref() + " rv " + export.resourceVersion() + " at " + export.observed().time());
                asked++;
                found += walked.isPresent() ? 1 : 0;
            }
        }
        return new Compared(asked, found);
    }

    /** The Workflow's exports, and each re-placed at every versioned line's time (and a millisecond either side) under every version. */
    private static List<WorkflowSnapshot> exportsToAsk(WorkflowHistory w) {
        List<WorkflowSnapshot> out = new ArrayList<>(w.snapshots());
        if (w.snapshots().isEmpty()) {
            return out;
        }
        WorkflowSnapshot model = w.snapshots().get(0);
        List<String> versions = new ArrayList<>();
        List<Timestamp> times = new ArrayList<>();
        for (LogEvent e : w.events()) {
            String v = e.event() instanceof WorkflowProcessing p ? p.resourceVersion() : e.event() instanceof WorkflowUpdated u ? u.resourceVersion() : null;
            if (v != null && !v.isBlank() && e.time() != null && !e.undated()) {
                if (!versions.contains(v.trim())) {
                    versions.add(v.trim());
                }
                times.add(e.time());
            }
        }
        for (String v : versions) {
            for (Timestamp t : times) {
                for (long shiftMillis : new long[] {-1, 0, 1}) {
                    long nanos = t.nano() + shiftMillis * 1_000_000L;
                    Timestamp at = Timestamp.of(t.epochSecond() + Math.floorDiv(nanos, 1_000_000_000L), (int) Math.floorMod(nanos, 1_000_000_000L),
                            TimePrecision.MILLISECOND, ZoneBasis.STATED);
                    out.add(placed(model, v, at));
                }
            }
        }
        return out;
    }

    private static WorkflowSnapshot placed(WorkflowSnapshot s, String rv, Timestamp at) {
        return new WorkflowSnapshot(s.source(), s.namespace(), s.name(), s.uid(), s.phase(), s.podNameFormat(), s.nodes(), s.nodesOffloaded(),
                s.taskResultsCompletion(), ObservedAt.stated(at, ObservationBasis.TAKEN_AT_COMMENT), s.finishedAt(), s.synchronization(),
                s.printed(), s.deletionTimestamp(), rv, s.trimmed(), s.message());
    }

    @Test
    void everySampleAndAGeneratedIncidentGiveTheWalksAnswers() throws Exception {
        Compared all = new Compared(0, 0);
        for (Path sample : SampleFiles.all()) {
            all = all.plus(sameAsTheWalk(sample.toString(), Analysis.standard(AnalysisOptions.defaults()).run(SampleFiles.inputs(sample)).correlation()));
        }
        all = all.plus(sameAsTheWalk("judgment seed 7",
                Analysis.standard(AnalysisOptions.defaults()).run(JudgmentCorpora.small(7, dir)).correlation()));
        assertTrue(all.asked() > 1_000, "asked " + all.asked());
        assertTrue(all.found() > 50, "found " + all.found() + " of " + all.asked());
    }

    // ---- a wide fan-out: one Workflow, thousands of Pod nodes whose results the exports show pending ----

    private static final int WIDE = 2_000;

    private static String line(String t, String msg, String keys) {
        return "time=\"2026-09-19T" + t + "Z\" level=info msg=\"" + msg + "\" " + keys;
    }

    private static String processed(String t, String rv) {
        return line(t, "Processing workflow", "Phase=Running ResourceVersion=" + rv + " namespace=ns workflow=fan");
    }

    private static String updated(String t, String rv) {
        return line(t, "Workflow update successful", "namespace=ns phase=Running resourceVersion=" + rv + " workflow=fan");
    }

    private static String nodeId(int i) {
        return "fan-" + (1_000_000_000L + 7_919L * i);
    }

    /** The fan-out's export at {@code rv}: every Pod node Succeeded, its result still false in the completion map (v3.5.4's hang). */
    private static String fanOut(String rv) {
        StringBuilder b = new StringBuilder("apiVersion: argoproj.io/v1alpha1\nkind: Workflow\nmetadata: {name: fan, namespace: ns, uid: w-fan, "
                + "resourceVersion: \"" + rv + "\"}\nstatus:\n  phase: Running\n  startedAt: \"2026-09-19T16:27:10Z\"\n  nodes:\n");
        for (int i = 0; i < WIDE; i++) {
            b.append("    ").append(nodeId(i)).append(":\n      id: ").append(nodeId(i)).append("\n      name: fan.shard(").append(i)
                    .append(")\n      type: Pod\n      templateName: shard\n      phase: Succeeded\n      startedAt: \"2026-09-19T16:27:11Z\"\n")
                    .append("      finishedAt: \"2026-09-19T16:27:40Z\"\n");
        }
        b.append("  taskResultsCompletionStatus:\n");
        for (int i = 0; i < WIDE; i++) {
            b.append("    ").append(nodeId(i)).append(": false\n");
        }
        return b.toString();
    }

    private static Evidence wideFanOut() {
        List<String> first = new ArrayList<>();
        first.add(processed("16:27:10.100", "4990"));
        for (int i = 0; i < WIDE; i++) {
            first.add(line(String.format("16:27:%02d.%03d", 11 + i / 1_000, i % 1_000), "Created pod: fan.shard(" + i + ") (" + nodeId(i) + ")",
                    "namespace=ns workflow=fan"));
        }
        first.add(updated("16:27:46.100", "5001"));
        for (int m = 0; m < 6; m++) { // the 20-minute resyncs read 5001 again and write nothing
            first.add(processed(String.format("%02d:%02d:46.200", 16 + (47 + 20 * m) / 60, (47 + 20 * m) % 60), "5001"));
        }
        first.add(processed("18:50:00.000", "5001"));
        first.add(updated("18:50:00.100", "5002"));
        first.add(processed("18:50:10.000", "5002"));
        // A restart: the next run reads 5002 twice, writes 5003, then reads it three times.
        String[] second = {processed("19:05:00.000", "5002"), processed("19:25:00.000", "5002"), updated("19:25:00.300", "5003"),
            processed("19:45:00.000", "5003"), processed("20:05:00.000", "5003"), processed("20:25:00.000", "5003")};
        return new Evidence().log("c-1.log", first.toArray(String[]::new)).log("c-2.log", second)
                .workflow("fan-5001.yaml", fanOut("5001"))
                .takenAt("fan-5002.yaml", "2026-09-19T19:00:00Z", fanOut("5002"))
                .takenAt("fan-5003.yaml", "2026-09-19T19:50:00Z", fanOut("5003"));
    }

    @Test
    void aWideFanOutGivesTheWalksAnswersFromTheIndex() {
        Correlation c = wideFanOut().correlate();
        WorkflowHistory fan = c.workflows().values().stream().filter(w -> w.ref().name().equals("fan")).findFirst().orElseThrow();
        assertEquals(3, fan.snapshots().size());
        assertTrue(fan.events().size() > WIDE, "lines " + fan.events().size());
        assertTrue(new NodeIndex.Versions(fan.events()).searchable(), "the fan-out's versioned lines end in order: searched, not walked");
        Compared compared = sameAsTheWalk("wide fan-out", c);
        assertTrue(compared.found() > 20, compared.toString());
        // The exports themselves: 5001 placed at its write, read again until 18:50, whose pass wrote 5002 (the one before it
        // counts); 5002 taken at 19:00 across the restart; 5003's last pass is not one, the pass before it is.
        List<String> stillStored = fan.snapshots().stream().map(s -> c.nodes().stillStoredUntil(fan, s).map(e -> e.time().toString()).orElse("-")).toList();
        assertEquals(List.of("2026-09-19T18:27:46.200Z", "2026-09-19T19:05:00.000Z", "2026-09-19T20:05:00.000Z"), stillStored);
    }

    @Test
    void linesWhoseTimesGoBackAreWalkedAndGiveTheSameAnswers() {
        // One run's file with a line out of order (a pass logged a second before the one above it): the lines before an export's
        // time are then no prefix, so this Workflow's versioned lines are walked, and still answer as the walk over all its lines.
        Correlation c = new Evidence().log("c.log", processed("16:27:10.100", "4990"), updated("16:27:46.100", "5001"),
                processed("16:47:46.200", "5001"), processed("16:47:45.000", "5001"), processed("17:07:46.200", "5001"),
                processed("17:27:46.200", "5001")).workflow("fan.yaml", fanOut("5001")).correlate();
        WorkflowHistory fan = c.workflows().values().iterator().next();
        assertFalse(new NodeIndex.Versions(fan.events()).searchable());
        Compared compared = sameAsTheWalk("out of order", c);
        assertTrue(compared.found() > 3, compared.toString());
        assertEquals("2026-09-19T17:07:46.200Z", c.nodes().stillStoredUntil(fan, fan.snapshots().get(0)).orElseThrow().time().toString());
    }

    @Test
    void aHistoryTheIndexWasNotMadeFromIsWalked() {
        Correlation c = wideFanOut().correlate();
        WorkflowHistory fan = c.workflows().values().stream().filter(w -> w.ref().name().equals("fan")).findFirst().orElseThrow();
        // The same lines without the passes of 5001 after its write: a history of its own, not the index's.
        List<LogEvent> fewer = fan.events().stream().filter(e -> !(e.event() instanceof WorkflowProcessing p && "5001".equals(p.resourceVersion()))).toList();
        WorkflowHistory other = new WorkflowHistory(fan.ref(), fewer, fan.snapshots());
        WorkflowSnapshot at5001 = fan.snapshots().get(0);
        assertTrue(c.nodes().stillStoredUntil(fan, at5001).isPresent());
        assertEquals(Optional.empty(), c.nodes().stillStoredUntil(other, at5001));
    }
}
