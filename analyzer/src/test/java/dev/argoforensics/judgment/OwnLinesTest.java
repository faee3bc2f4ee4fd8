package dev.argoforensics.judgment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The record time {@link OwnLines} tells a reused name's lives apart by: the controller's own, in each of the generator's
 * five formats and four envelopes (the envelope's time, up to 2 ms later, is never taken for it), with a field holding a
 * time of its own.
 */
class OwnLinesTest {
    @TempDir
    Path dir;

    private static final long AT = nanos("2026-10-10T15:40:19.407869011Z");

    private static long nanos(String t) {
        Instant i = Instant.parse(t);
        return i.getEpochSecond() * 1_000_000_000L + i.getNano();
    }

    @Test
    void theRecordsTimeInEveryFormatAndEnvelope() throws IOException {
        int n = 0;
        for (LogFormat format : LogFormat.values()) {
            for (LogSink.Envelope envelope : LogSink.Envelope.values()) {
                Path live = dir.resolve("c" + n++ + ".log");
                LogSink sink = new LogSink(live, envelope, format, 0, false, 7);
                // A field earlier in the alphabet than time, holding another time (a Pod's deletionTimestamp).
                sink.write(Rec.of(AT, Rec.Level.INFO, "Created pod: rerun-3ddy0 (rerun-3ddy0)", "deletionTimestamp",
                        new Rec.KTime(AT - 60_000_000_000L), "namespace", "data-etl", "workflow", "rerun-3ddy0"));
                List<Path> files = sink.close();
                String line = Files.readAllLines(files.get(0)).get(0);
                long want = format == LogFormat.SLOG_JSON ? AT : Math.floorDiv(AT, 1_000_000L) * 1_000_000L;
                assertEquals(want, OwnLines.recordTime(line), format.label + " in " + envelope.label + ": " + line);
            }
        }
    }

    @Test
    void aLineWithoutARecordTimeCountsForEveryLife() {
        String panic = "goroutine 1 [running]:";
        assertEquals(OwnLines.UNKNOWN, OwnLines.recordTime(panic));
        OwnLines lines = new OwnLines(List.of(panic + " rerun-3ddy0"));
        OwnLines.Life later = new OwnLines.Life(AT, Long.MAX_VALUE);
        assertEquals(1, lines.count("rerun-3ddy0", later, "rerun-3ddy0", later));
    }

    private static String line(String time, String msg) {
        return time + " stderr F time=" + time.substring(0, 23) + "Z level=INFO msg=\"" + msg + "\" workflow=drain-f6z4n";
    }

    /**
     * Session 55 (unseen seed 2897): a tail that starts after a wait began keeps the rest of the wait whole; the lines cut
     * before its first kept one only start the excerpt's wait later. A line cut after that first one is a cut of the wait.
     */
    @Test
    void aWaitCutOnlyBeforeItsFirstKeptLineIsWholeFromThere() {
        String d1 = line("2026-10-03T10:17:49.199702287Z", "update pod event");
        String d2 = line("2026-10-03T10:17:51.821366216Z", "update pod event");
        String d3 = line("2026-10-03T10:17:51.822108160Z", "Removing finalizers during a delete");
        String other = line("2026-10-03T10:20:00.000000000Z", "Waited for K8S request").replace("workflow=drain-f6z4n", "");
        String r = line("2026-10-03T10:19:49.002147321Z", "cleaning up pod");
        String take = line("2026-10-03T10:29:00.005683571Z", "Processing workflow");
        OwnLines whole = new OwnLines(List.of(d1, d2, d3, r, other, take));
        OwnLines.Life wait = new OwnLines.Life(nanos("2026-10-03T10:17:49.199Z"), nanos("2026-10-03T10:29:00Z"));
        // The tail from d3 on: whole from its first kept line.
        assertFalse(OwnLines.cutAfterFirstKept(new OwnLines(List.of(d3, r, other, take)), whole, wait, "drain-f6z4n"));
        // The release in the middle of the wait cut: the wait the excerpt shows is not whole.
        assertTrue(OwnLines.cutAfterFirstKept(new OwnLines(List.of(d1, d3, other, take)), whole, wait, "drain-f6z4n"));
        // Nothing of the wait kept, some of it cut.
        assertTrue(OwnLines.cutAfterFirstKept(new OwnLines(List.of(other, take)), whole, wait, "drain-f6z4n"));
        // Everything kept.
        assertFalse(OwnLines.cutAfterFirstKept(whole, whole, wait, "drain-f6z4n"));
    }
}
