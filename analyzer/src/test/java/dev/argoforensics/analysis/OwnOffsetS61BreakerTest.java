package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.testing.AnalyzedFiles;
import dev.argoforensics.testing.Notes;
import dev.argoforensics.time.ZoneBasis;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Breaker attacks on session 61's reading of a file's zone from its records' own stated offsets ({@code ZoneProbe.OwnOffset}: the
 * pod controller's own logrus logger of v3.6.5-v3.6.10 and v3.7.0-v3.7.1, RFC 3339 to the second with the zone's real offset,
 * beside the controller's literal-Z local time). The stated offset speaks for the process that printed it, at the moment it printed
 * it: a zone measured at the file's head is no zone of the whole file where the file's later records state another offset.
 */
class OwnOffsetS61BreakerTest {
    @TempDir
    Path dir;

    private static final DateTimeFormatter LITERAL_Z = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'");
    private static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss");

    private AnalysisResult lines(String file, List<String> lines, long chunkBytes) throws IOException {
        AnalysisOptions options = AnalysisOptions.defaults().withThreads(2).keepingEverything(true);
        return AnalyzedFiles.run(dir, Map.of(file, lines), Map.of(), chunkBytes > 0 ? options.withChunkBytes(chunkBytes) : options);
    }

    /** The controller's own layout: local wall clock at {@code offset}, a literal Z, milliseconds. */
    private static String z(Instant at, ZoneOffset offset, String rest) {
        return "time=\"" + LITERAL_Z.format(LocalDateTime.ofInstant(at, offset)) + "\" level=info msg=" + rest;
    }

    /** The pod controller's own logger: logrus's default RFC 3339, to the second, the zone's real offset ("Z" at UTC). */
    private static String own(Instant at, ZoneOffset offset, String rest) {
        return "time=\"" + SECONDS.format(LocalDateTime.ofInstant(at, offset)) + (offset.getTotalSeconds() == 0 ? "Z" : offset.getId())
                + "\" level=info msg=" + rest;
    }

    /** One Workflow's step finishing: the controller's pass (literal Z) and the pod controller's handling (stated offset). */
    private static void stepDone(List<String> out, Instant at, ZoneOffset offset, String ns, String wf, String node, int i) {
        String pod = wf + "-" + node;
        String rv = String.valueOf(88_120_000 + 7 * i);
        out.add(z(at, offset, "\"Processing workflow\" Phase=Running ResourceVersion=" + rv + " namespace=" + ns + " workflow=" + wf));
        out.add(own(at, offset, "\"update pod event\" pod=" + pod));
        out.add(own(at, offset, "\"queuing poddelay0s\" action=labelPodCompleted namespace=" + ns + " podGC=\"{ <nil> }\" podName=" + pod));
        out.add(own(at, offset, "\"cleaning up pod\" action=labelPodCompleted key=" + ns + "/" + pod + "/labelPodCompleted"));
        out.add(z(at.plusMillis(18), offset, "\"Workflow update successful\" namespace=" + ns + " phase=Running resourceVersion="
                + (88_120_003 + 7 * i) + " workflow=" + wf));
    }

    /** A v3.6.10 controller run with {@code TZ=Europe/Berlin}: its banner and four steps' lines, its pod controller stating +01:00. */
    private static List<String> berlinRun() {
        ZoneOffset berlin = ZoneOffset.ofHours(1);
        List<String> out = new ArrayList<>();
        Instant t = Instant.parse("2026-03-02T12:20:04Z");
        out.add(z(t.minusSeconds(40), berlin, "\"Starting Workflow Controller\" defaultRequeueTime=10s version=v3.6.10"));
        for (int i = 0; i < 4; i++) {
            stepDone(out, t.plusSeconds(61L * i), berlin, "batch-prod", "nightly-etl-q8z7m", "extract-" + (2231906645L + i), i);
        }
        return out;
    }

    private static void assertNoFileZone(AnalysisResult r, String why) {
        InputSummary in = r.inputs().get(0);
        assertTrue(Notes.words(in.notes()).stream().noneMatch(n -> n.startsWith("logrus/klog times read as")), why + ": " + in.notes());
        assertTrue(in.zones().get(ZoneBasis.MEASURED) == null, why + ": " + in.zones());
    }

    /**
     * A v3.6.10 controller run with {@code TZ=Europe/Berlin} (+01:00) then restarted without it (the zone variable dropped from
     * the Deployment, #14371's confusion): `kubectl logs --previous` and `kubectl logs` pasted as one file, or a log store's export
     * over both runs. The first run's records state +01:00 and agree with its literal Z; the second run's pod controller states
     * "Z" (UTC), and its literal-Z lines are UTC. Before: the file was read at +01:00 whole, the second run's literal-Z lines an
     * hour early (12:40 UTC read 11:40, before the first run's end), its "Z" records left out of the reading (an offset of 0 was
     * not looked at). After: the file's records state two offsets, so no zone is the file's: the literal Z is read as written.
     */
    @Test
    void aRestartWithoutTheZoneAfterABerlinRunReadsNoFileZone() throws IOException {
        ZoneOffset berlin = ZoneOffset.ofHours(1);
        List<String> out = berlinRun();
        Instant restart = Instant.parse("2026-03-02T12:31:00Z");
        out.add(z(restart, ZoneOffset.UTC, "\"Starting Workflow Controller\" defaultRequeueTime=10s version=v3.6.10"));
        for (int i = 0; i < 4; i++) {
            stepDone(out, restart.plusSeconds(20 + 61L * i), ZoneOffset.UTC, "batch-prod", "hourly-sync-m2k4d", "load-" + (1180322917L + i), 10 + i);
        }
        out.add(z(Instant.parse("2026-03-02T12:40:00Z"), ZoneOffset.UTC, "\"Processing workflow\" Phase=Running ResourceVersion=88124000"
                + " namespace=batch-prod workflow=hourly-sync-m2k4d"));
        AnalysisResult r = lines("controller.log", out, 0);
        assertNoFileZone(r, "two runs in two zones");
        List<ControllerProcess> runs = r.correlation().processes();
        assertEquals("2026-03-02T12:40:00.000Z", runs.get(runs.size() - 1).last().format(), "the UTC run's literal Z is UTC");
    }

    /**
     * The same controller at +01:00 over the switch to summer time (2026-03-29 01:00 UTC: +01:00 to +02:00), a log longer than the
     * head the zone is measured in (1 MiB): the head's records all state +01:00; the records after the switch state +02:00. Before:
     * the whole file read at +01:00, the literal-Z lines after the switch an hour late (01:20 UTC read 02:20), an hour after the
     * pod controller's lines of the same moment, though the note said the file was read in its own zone. After: no file zone.
     */
    @Test
    void aSwitchToSummerTimePastTheHeadReadsNoFileZone() throws IOException {
        List<String> out = new ArrayList<>();
        Instant t = Instant.parse("2026-03-28T21:00:00Z");
        Instant dst = Instant.parse("2026-03-29T01:00:00Z");
        int i = 0;
        long bytes = 0;
        while (t.isBefore(dst.minusSeconds(30))) {
            int from = out.size();
            stepDone(out, t, ZoneOffset.ofHours(1), "batch-prod", "etl-" + (i % 40), "step-" + (3_000_000_000L + i), i);
            for (int k = from; k < out.size(); k++) {
                bytes += out.get(k).length() + 1;
            }
            t = t.plusSeconds(5);
            i++;
        }
        assertTrue(bytes > (1 << 20) + (1 << 18), "the switch lies past the head: " + bytes);
        Instant after = Instant.parse("2026-03-29T01:20:04Z");
        stepDone(out, after, ZoneOffset.ofHours(2), "batch-prod", "nightly-etl-q8z7m", "extract-2231906645", i + 1);
        AnalysisResult r = lines("controller.log", out, 0);
        assertNoFileZone(r, "the offset switched past the head");
        AnalysisResult chunked = lines("chunked.log", out, 256 * 1024);
        assertNoFileZone(chunked, "the offset switched past the head, read in chunks");
    }

    /**
     * The same Berlin v3.6.10 run, then the controller upgraded to v3.7.5 (whose pod controller logs through the controller's own
     * logger: nothing states an offset any more) and restarted without {@code TZ}: the second run's literal Z is UTC and nothing in
     * it says so. The first run's stated offsets speak for the first run only. Before: the whole file read at +01:00, the v3.7.5
     * run an hour early (12:40 UTC read 11:40, before the v3.6.10 run's end). After: a run that states no offset of its own after a
     * start-up line takes no zone from another run's, so no zone is the file's.
     */
    @Test
    void anUpgradedRunThatStatesNothingTakesNoZoneFromTheEarlierRun() throws IOException {
        ZoneOffset berlin = ZoneOffset.ofHours(1);
        List<String> out = berlinRun();
        Instant restart = Instant.parse("2026-03-02T12:31:00Z");
        out.add(z(restart, ZoneOffset.UTC, "\"Starting Workflow Controller\" defaultRequeueTime=10s version=v3.7.5"));
        for (int i = 0; i < 4; i++) {
            Instant at = restart.plusSeconds(20 + 61L * i);
            out.add(z(at, ZoneOffset.UTC, "\"Processing workflow\" Phase=Running ResourceVersion=" + (88_123_100 + i)
                    + " namespace=batch-prod workflow=hourly-sync-m2k4d"));
            out.add(z(at.plusMillis(3), ZoneOffset.UTC, "\"queueing pod for cleanup\" action=labelPodCompleted namespace=batch-prod"
                    + " podName=hourly-sync-m2k4d-load-" + (1180322917L + i)));
            out.add(z(at.plusMillis(19), ZoneOffset.UTC, "\"Workflow update successful\" namespace=batch-prod phase=Running"
                    + " resourceVersion=" + (88_123_110 + i) + " workflow=hourly-sync-m2k4d"));
        }
        out.add(z(Instant.parse("2026-03-02T12:40:00Z"), ZoneOffset.UTC, "\"Processing workflow\" Phase=Running ResourceVersion=88124000"
                + " namespace=batch-prod workflow=hourly-sync-m2k4d"));
        AnalysisResult r = lines("controller.log", out, 0);
        assertNoFileZone(r, "a later run states nothing");
        List<ControllerProcess> runs = r.correlation().processes();
        assertEquals("2026-03-02T12:40:00.000Z", runs.get(runs.size() - 1).last().format(), "the UTC run's literal Z is UTC");

        // control: a restart in the same zone whose pod controller states it again keeps the file's zone
        List<String> again = new ArrayList<>(out.subList(0, 21));
        again.add(z(restart, berlin, "\"Starting Workflow Controller\" defaultRequeueTime=10s version=v3.6.10"));
        stepDone(again, restart.plusSeconds(20), berlin, "batch-prod", "hourly-sync-m2k4d", "load-1180322917", 20);
        AnalysisResult kept = lines("again.log", again, 0);
        assertTrue(Notes.words(kept.inputs().get(0).notes()).stream().anyMatch(n -> n.startsWith("logrus/klog times read as local time at UTC+01:00")),
                kept.inputs().get(0).notes().toString());
    }
}
