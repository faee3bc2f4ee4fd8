package dev.argoforensics.judgment;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
}
