package dev.argoforensics.correlate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Evidence;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each controller run's clock against the objects', from every Created pod line paired with its Pod's creationTimestamp. */
class RunClocksTest {

    /** A v3.7 controller's Created pod line (logrus, literal Z) for Pod i, at the given time. */
    private static String created(int i, String at) {
        return "time=\"" + at + "\" level=info msg=\"Created pod: tiles-8fq2n[" + i + "].render (tiles-8fq2n-render-" + (4100 + i)
                + ")\" namespace=gis workflow=tiles-8fq2n";
    }

    private static String pod(int i, String creation) {
        return "apiVersion: v1\nkind: Pod\nmetadata:\n  name: tiles-8fq2n-render-" + (4100 + i) + "\n  namespace: gis\n"
                + "  uid: 0000000" + i + "-aaaa-4bbb-8ccc-dddddddddddd\n  creationTimestamp: \"" + creation + "\"\n"
                + "  labels: {workflows.argoproj.io/workflow: tiles-8fq2n}\nstatus:\n  phase: Running\n";
    }

    /** Pods created at lines[i] by the controller's clock and at creations[i] by the API server's. */
    private static RunClocks clocks(String[] lines, String[] creations) {
        List<String> log = new ArrayList<>();
        log.add("time=\"" + lines[0].substring(0, 11) + "00:00:00.000Z\" level=info msg=\"Starting Workflow Controller\" version=v3.7.10");
        for (int i = 0; i < lines.length; i++) {
            log.add(created(i, lines[i]));
        }
        Evidence ev = new Evidence().log("workflow-controller.log", log.toArray(String[]::new));
        for (int i = 0; i < creations.length; i++) {
            ev.takenAt("pod-" + i + ".yaml", "2026-09-14T23:00:00Z", pod(i, creations[i]));
        }
        return ev.correlate().clocks();
    }

    @Test
    void severalPairsAheadOfUtcAgreeOnAZone() {
        RunClocks c = clocks(new String[] {"2026-09-14T14:31:00.120Z", "2026-09-14T14:45:10.050Z", "2026-09-14T15:02:33.900Z"},
                new String[] {"2026-09-14T09:01:00Z", "2026-09-14T09:15:10Z", "2026-09-14T09:32:34Z"});
        RunClocks.RunClock run = c.of(0);
        assertEquals(3, run.pairs().size());
        assertTrue(run.localZone());
        assertEquals("+05:30", run.logTz());
        assertTrue(run.spreadNanos() < 1_000_000_000L, () -> "spread " + run.spreadNanos());
        assertTrue(run.pairing().startsWith("3 pairs"), run.pairing());
        assertEquals(List.of(run), c.localZones());
    }

    @Test
    void onePairBehindUtcIsAZoneButSaidToBeWeak() {
        RunClocks c = clocks(new String[] {"2026-09-14T02:58:10.140Z"}, new String[] {"2026-09-14T09:58:10Z"});
        RunClocks.RunClock run = c.of(0);
        assertEquals(1, run.pairs().size());
        assertTrue(run.offsetNanos() > 0, "the objects' clock is ahead");
        assertEquals("-07:00", run.logTz());
        assertTrue(run.pairing().startsWith("1 pair only") && run.pairing().contains("weak"), run.pairing());
    }

    @Test
    void pairsThatDisagreeClaimNoZone() {
        // One Pod of the name may be another Workflow's (resubmitted under one name): its pair says another offset.
        RunClocks c = clocks(new String[] {"2026-09-14T14:31:00.120Z", "2026-09-14T14:45:10.050Z"},
                new String[] {"2026-09-14T09:01:00Z", "2026-09-14T08:15:10Z"});
        RunClocks.RunClock run = c.of(0);
        assertEquals(2, run.pairs().size());
        assertNull(run.zoneNanos());
        assertFalse(run.localZone());
        assertTrue(c.localZones().isEmpty());
    }

    @Test
    void aDriftOffQuarterHoursIsNoZone() {
        RunClocks c = clocks(new String[] {"2026-09-14T09:08:00.000Z", "2026-09-14T09:20:00.000Z"},
                new String[] {"2026-09-14T09:01:00Z", "2026-09-14T09:13:00Z"});
        assertNull(c.of(0).zoneNanos());
        assertTrue(c.localZones().isEmpty());
    }

    @Test
    void aControllerInUtcIsZoneZeroAndNoNote() {
        RunClocks c = clocks(new String[] {"2026-09-14T09:01:00.120Z", "2026-09-14T09:15:10.050Z"},
                new String[] {"2026-09-14T09:01:00Z", "2026-09-14T09:15:10Z"});
        assertEquals(0L, c.of(0).zoneNanos());
        assertTrue(c.localZones().isEmpty());
    }

    @Test
    void aNameCreatedTwiceInTheLinesGivesNoPair() {
        // #8022's shape with argo retry after the log ends: the Pod's name created at 02:58 and again at 03:04 (the Workflow
        // submitted again), and the one export a Pod created at 03:33, which may be either or a third, later Pod of the name.
        // Paired with the first line it read as the controller's clock 35 minutes behind.
        List<String> log = new ArrayList<>(List.of(
                "time=\"2026-09-14T00:00:00.000Z\" level=info msg=\"Starting Workflow Controller\" version=v3.7.10",
                created(0, "2026-09-14T02:58:10.140Z"),
                created(0, "2026-09-14T03:04:41.530Z")));
        Evidence ev = new Evidence().log("workflow-controller.log", log.toArray(String[]::new));
        ev.takenAt("pod-0.yaml", "2026-09-14T23:00:00Z", pod(0, "2026-09-14T03:33:12Z"));
        RunClocks c = ev.correlate().clocks();
        assertNull(c.of(0), () -> "paired: " + c.of(0).pairs());
        assertTrue(c.localZones().isEmpty());

        // Control: the same name created once, the export's creation 35 minutes after its line, is the one weak pair it was.
        Evidence once = new Evidence().log("workflow-controller.log", log.subList(0, 2).toArray(String[]::new));
        once.takenAt("pod-0.yaml", "2026-09-14T23:00:00Z", pod(0, "2026-09-14T03:28:10Z"));
        RunClocks.RunClock run = once.correlate().clocks().of(0);
        assertEquals(1, run.pairs().size());
        assertEquals("-00:30", run.logTz());
    }

    @Test
    void withoutAnExportNoPair() {
        RunClocks c = clocks(new String[] {"2026-09-14T14:31:00.120Z"}, new String[0]);
        assertNull(c.of(0));
        assertTrue(c.localZones().isEmpty());
    }
}
