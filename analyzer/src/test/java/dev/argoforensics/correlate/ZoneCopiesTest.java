package dev.argoforensics.correlate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.testing.Notes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A literal-Z file's zone read from a file of the same process whose zone was measured (session 62, {@code ZoneCopies}): session
 * 61's breaker gave {@code kubectl logs} of a controller running with {@code TZ=Europe/Berlin} beside the Elasticsearch dump of
 * the same run (sample {@code es-timestamp-offset-local-z}, whose {@code @timestamp} states +02:00 and measures the dump's zone).
 * Read as UTC, the copy's records fell two hours after the dump's, the copy's pass of 11:18:40 read after the Workflow's
 * completion (AF009 likely, wrong) and its lines as a second lifetime (AF003 likely again). The copy is read at +02:00 now, and
 * its note names the dump. Negative controls: the same statements and names (namesake Workflows) from a controller an hour
 * away whose times are not the same within the quarter hour; a shift that is not constant; too few records.
 */
class ZoneCopiesTest {
    @TempDir
    Path dir;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path SAMPLE = Path.of("samples/es-timestamp-offset-local-z");
    private static final Path DUMP = SAMPLE.resolve("logs/elasticdump-workflow-controller.ndjson");
    private static final Pattern TIME = Pattern.compile("(\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3})Z");
    private static final DateTimeFormatter MILLIS = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS");

    /** The dump's lines as {@code kubectl logs} prints them (its {@code _source.log}, no collector's time). */
    private static List<String> kubectlLogs() throws IOException {
        List<String> out = new ArrayList<>();
        for (String l : Files.readAllLines(DUMP)) {
            String line = JSON.readTree(l).path("_source").path("log").asText();
            out.add(line.endsWith("\n") ? line.substring(0, line.length() - 1) : line);
        }
        return out;
    }

    /** Each record's first literal-Z time moved by {@code millis(i)} milliseconds (the record's index in the file). */
    private static List<String> moved(List<String> lines, java.util.function.IntToLongFunction millis) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = TIME.matcher(lines.get(i));
            if (!m.find()) {
                out.add(lines.get(i));
                continue;
            }
            String t = MILLIS.format(LocalDateTime.parse(m.group(1)).plusNanos(millis.applyAsLong(i) * 1_000_000L));
            out.add(lines.get(i).substring(0, m.start()) + t + "Z" + lines.get(i).substring(m.end()));
        }
        return out;
    }

    private AnalysisResult analyze(List<String> copy, String name) throws IOException {
        Path in = Files.createDirectories(dir.resolve("in-" + System.nanoTime()));
        Files.copy(DUMP, in.resolve(DUMP.getFileName()));
        if (copy != null) {
            Files.write(in.resolve(name), copy);
        }
        return Analysis.standard(AnalysisOptions.defaults()).run(List.of(in.toString(), SAMPLE.resolve("snapshots").toString()));
    }

    private static List<String> sure(AnalysisResult r) {
        return TwinClustersS59BreakerTest.readings(r).stream().filter(f -> f.contains(" CONFIRMED ") || f.contains(" LIKELY ")).toList();
    }

    private static InputSummary input(AnalysisResult r, String name) {
        return r.inputs().stream().filter(i -> i.file().displayPath().endsWith(name)).findFirst().orElseThrow();
    }

    private static List<String> zoneNotes(InputSummary in) {
        return Notes.words(in.notes()).stream().filter(n -> n.startsWith("logrus/klog times read as")).toList();
    }

    @Test
    void kubectlLogsOfALocalTimeControllerBesideItsElasticsearchDumpIsOneRun() throws IOException {
        AnalysisResult alone = analyze(null, null);
        AnalysisResult both = analyze(kubectlLogs(), "workflow-controller.log");
        List<String> s = sure(alone);
        assertFalse(s.isEmpty(), "the dump alone reads the sample's findings");
        assertEquals(s, sure(both), "the copy read in the dump's zone moves no finding");
        List<String> notes = zoneNotes(input(both, "workflow-controller.log"));
        assertEquals(1, notes.size(), () -> input(both, "workflow-controller.log").notes().toString());
        assertTrue(notes.get(0).startsWith("logrus/klog times read as local time at UTC+02:00: 31 of the file's records are records of ")
                && notes.get(0).contains("elasticdump-workflow-controller.ndjson") && notes.get(0).contains(" 0s from its copy"), notes.get(0));
    }

    /** A copy whose wall clock prints an hour behind the dump's (a re-export at +01:00): the same records, read at +01:00. */
    @Test
    void aCopyAWholeHourBehindInWallClockReadsTheShiftedZone() throws IOException {
        AnalysisResult both = analyze(moved(kubectlLogs(), i -> -3_600_000L), "workflow-controller.log");
        List<String> notes = zoneNotes(input(both, "workflow-controller.log"));
        assertEquals(1, notes.size(), () -> input(both, "workflow-controller.log").notes().toString());
        assertTrue(notes.get(0).startsWith("logrus/klog times read as local time at UTC+01:00: 31 of the file's records"), notes.get(0));
        assertEquals(sure(analyze(null, null)), sure(both));
    }

    /**
     * Namesake Workflows in another region: the same statements and names an hour away, but each record's milliseconds not the
     * dump's (another process's clock and work): not one process's log, no zone taken from the dump.
     */
    @Test
    void namesakeRecordsAnHourAwayButNotTheSameWithinTheQuarterHourTakeNoZone() throws IOException {
        AnalysisResult both = analyze(moved(kubectlLogs(), i -> 3_600_000L + 17 + 31L * i), "other-region.log");
        assertTrue(zoneNotes(input(both, "other-region.log")).isEmpty(), () -> input(both, "other-region.log").notes().toString());
    }

    /** Half the copy's records a whole hour on, half as written: two shifts, not one process's log in one zone. */
    @Test
    void aShiftThatIsNotConstantTakesNoZone() throws IOException {
        AnalysisResult both = analyze(moved(kubectlLogs(), i -> i % 2 == 0 ? 0 : 3_600_000L), "workflow-controller.log");
        assertTrue(zoneNotes(input(both, "workflow-controller.log")).isEmpty(), () -> input(both, "workflow-controller.log").notes().toString());
    }

    /** Six records of the dump's: too few to say the file is that process's log. */
    @Test
    void fewMatchesTakeNoZone() throws IOException {
        List<String> few = new ArrayList<>(kubectlLogs().subList(0, 6));
        few.addAll(moved(kubectlLogs().subList(6, 35), i -> 211 + 7L * i));
        AnalysisResult both = analyze(few, "workflow-controller.log");
        assertTrue(zoneNotes(input(both, "workflow-controller.log")).isEmpty(), () -> input(both, "workflow-controller.log").notes().toString());
    }

    /**
     * {@code kubectl logs --previous} pasted before {@code kubectl logs}: the earlier run (started without {@code TZ}, its records
     * UTC) is none of the dump's; the file is read in one zone whole, so it takes none from the dump (the later run's copy alone
     * would): the earlier run is not moved two hours by a zone that was never its.
     */
    @Test
    void aCopyHoldingAnotherRunTakesNoZone() throws IOException {
        List<String> pasted = new ArrayList<>();
        pasted.add("time=\"2026-10-14T06:02:11.514Z\" level=info msg=\"Starting Workflow Controller\" defaultRequeueTime=10s version=v3.7.11");
        for (int i = 0; i < 6; i++) {
            pasted.add("time=\"2026-10-14T06:0" + (3 + i) + ":20." + (100 + 37 * i) + "Z\" level=info msg=\"Processing workflow\" Phase=Running"
                    + " ResourceVersion=" + (2_198_004 + 11 * i) + " namespace=geodata workflow=geo-mosaic-k2p9d");
        }
        pasted.add("time=\"2026-10-14T10:58:02.006Z\" level=info msg=\"Starting Workflow Controller\" defaultRequeueTime=10s version=v3.7.11");
        pasted.addAll(kubectlLogs());
        AnalysisResult both = analyze(pasted, "workflow-controller.log");
        assertTrue(zoneNotes(input(both, "workflow-controller.log")).isEmpty(), () -> input(both, "workflow-controller.log").notes().toString());
        // The later run alone (its start line and the dump's records) is read in the dump's zone.
        AnalysisResult later = analyze(pasted.subList(7, pasted.size()), "workflow-controller.log");
        assertEquals(1, zoneNotes(input(later, "workflow-controller.log")).size(), () -> input(later, "workflow-controller.log").notes().toString());
    }
}
