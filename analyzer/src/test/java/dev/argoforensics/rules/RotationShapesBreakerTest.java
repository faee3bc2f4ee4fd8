package dev.argoforensics.rules;

import static dev.argoforensics.rules.StaleCopySpanBreakerTest.analyze;
import static dev.argoforensics.rules.StaleCopySpanBreakerTest.time;
import static dev.argoforensics.rules.StaleCopySpanBreakerTest.wholeHour;
import static dev.argoforensics.rules.StaleCopySpanBreakerTest.write;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 55 breaker of s55-disabled's missing middle piece (a numbered rotation set given without a piece between two given is cut
 * there, RotatedSet#skipped): other rotation shapes, a set with nothing missing that must not be read as cut (a true likely lost),
 * and sets missing a piece in other namings. The hour is {@link StaleCopySpanBreakerTest#wholeHour()}: AF015 guarded, likely when read
 * whole from the completion (13:30) on, possible when a piece between 13:31:30 and 13:34 is missing.
 */
class RotationShapesBreakerTest {

    private static List<String> between(String from, String to) {
        return wholeHour().stream().filter(l -> (from == null || time(l).compareTo(from) >= 0) && (to == null || time(l).compareTo(to) < 0)).toList();
    }

    private static void threePieces(Path dir, String oldest, String middle, String live) throws IOException {
        write(dir, oldest, between(null, "2026-06-24T13:31:30"));
        if (middle != null) {
            write(dir, middle, between("2026-06-24T13:31:30", "2026-06-24T13:34:00"));
        }
        write(dir, live, between("2026-06-24T13:34:00", null));
    }

    /**
     * logrotate's {@code start 0}: its pieces are {@code .0} (newest rotated), {@code .1}, ... so {@code .1} is followed by {@code .0},
     * that by the live file. The whole set given is read whole (likely), not as {@code .1} missing the live file between it and {@code .0}.
     */
    @Test
    void aSetNumberedFromZeroGivenWholeStaysLikely(@TempDir Path dir) throws IOException {
        threePieces(dir, "workflow-controller.log.1", "workflow-controller.log.0", "workflow-controller.log");
        JsonNode f = analyze(dir);
        assertEquals("likely", f.get("confidence").asText(), f.toString());
    }

    /**
     * The same hour with nothing written from 13:31:30 to 13:34 (a quiet controller: under the stats ticker's period), rotated at
     * 13:31:30 by logrotate's {@code start 0} ({@code .1}, {@code .0}, the live file, all given). Read as one file it is likely; the set
     * must read the same, not as cut between {@code .1} and {@code .0} (the live file is given: nothing is missing between).
     */
    @Test
    void aQuietSetNumberedFromZeroReadsAsTheOneFile(@TempDir Path dir) throws IOException {
        List<String> quiet = wholeHour().stream().filter(l -> time(l).compareTo("2026-06-24T13:31:30") < 0
                || time(l).compareTo("2026-06-24T13:34:00") >= 0).toList();
        write(dir.resolve("one"), "workflow-controller.log", quiet);
        assertEquals("likely", analyze(dir.resolve("one")).get("confidence").asText());
        Path set = dir.resolve("set");
        write(set, "workflow-controller.log.1", quiet.stream().filter(l -> time(l).compareTo("2026-06-24T13:31:30") < 0).toList());
        write(set, "workflow-controller.log.0", quiet.stream().filter(l -> time(l).compareTo("2026-06-24T13:31:30") >= 0
                && time(l).compareTo("2026-06-24T13:50:00") < 0).toList());
        write(set, "workflow-controller.log", quiet.stream().filter(l -> time(l).compareTo("2026-06-24T13:50:00") >= 0).toList());
        JsonNode f = analyze(set);
        assertEquals("likely", f.get("confidence").asText(), f.toString());
        // and the report does not say the live file, given, was not given
        dev.argoforensics.testing.Cli run = dev.argoforensics.testing.Cli.run("analyze", set.toString(), "--now", "2026-06-25T00:00:00Z");
        org.junit.jupiter.api.Assertions.assertFalse(run.out().contains("was not given, though later pieces were"), run.out());
    }

    /** The same set numbered from zero with {@code .0} missing ({@code .1}, then the live file): default numbering reads it whole. */
    @Test
    void aWholeSetNumberedFromOneStaysLikely(@TempDir Path dir) throws IOException {
        threePieces(dir, "workflow-controller.log.2", "workflow-controller.log.1", "workflow-controller.log");
        assertEquals("likely", analyze(dir).get("confidence").asText());
    }

    /** A compressed older piece and a plain middle one ({@code .2.gz}, {@code .1}, live: logrotate's delaycompress): whole, likely. */
    @Test
    void aDelayCompressedSetStaysLikely(@TempDir Path dir) throws IOException {
        threePieces(dir, "workflow-controller.log.2.gz", "workflow-controller.log.1", "workflow-controller.log");
        assertEquals("likely", analyze(dir).get("confidence").asText());
    }

    /** The compressed older piece with the middle one missing ({@code .2.gz} and the live file): cut, not likely. */
    @Test
    void aCompressedPieceThenTheLiveFileMissingTheMiddleIsNotLikely(@TempDir Path dir) throws IOException {
        threePieces(dir, "workflow-controller.log.2.gz", null, "workflow-controller.log");
        JsonNode f = analyze(dir);
        assertEquals("possible", f.get("confidence").asText(), f.toString());
    }

    /** A set of higher numbers missing its middle ({@code .4}, then {@code .2}, no {@code .3}): cut, not likely. */
    @Test
    void higherNumbersMissingTheMiddleAreNotLikely(@TempDir Path dir) throws IOException {
        threePieces(dir, "workflow-controller.log.4", null, "workflow-controller.log.2");
        JsonNode f = analyze(dir);
        assertEquals("possible", f.get("confidence").asText(), f.toString());
    }
}
