package dev.argoforensics.correlate;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Breaker s62-b-zones: {@code ZoneCopies} reads a copy in one zone whole, the zone the Elasticsearch dump measured over the
 * dump's own span. A {@code kubectl logs} copy of the same {@code TZ=Europe/Berlin} controller that runs on past the dump
 * (no restart, no {@code Starting Workflow Controller} line: one run) crosses the end of summer time on 25 October 2026 (01:00
 * UTC): its later records print CET (+01:00) wall clock, and read at the dump's +02:00 they fall an hour early (a persist, a
 * release, an AF001 delay's dating moved by an hour against the exports' clock). The dump's evidence does not reach there; a
 * copy reaching past the dump where a zone of that offset changes it takes no zone. Control: the same tail on 20 October (no
 * change of offset between) keeps the dump's zone.
 */
class ZoneCopiesSummerTimeS62BreakerTest {
    @TempDir
    Path dir;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path SAMPLE = Path.of("samples/es-timestamp-offset-local-z");
    private static final Path DUMP = SAMPLE.resolve("logs/elasticdump-workflow-controller.ndjson");

    private static List<String> kubectlLogs() throws IOException {
        List<String> out = new ArrayList<>();
        for (String l : Files.readAllLines(DUMP)) {
            String line = JSON.readTree(l).path("_source").path("log").asText();
            out.add(line.endsWith("\n") ? line.substring(0, line.length() - 1) : line);
        }
        return out;
    }

    /** The run's later records (the stats ticker and one more Workflow), on {@code day} at CET/CEST wall clock, literal Z. */
    private static List<String> tail(String day) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            out.add("time=\"" + day + "T09:" + (10 + 5 * i) + ":00." + (211 + 13 * i) + "Z\" level=info msg=\"Alloc=" + (9411 + 37 * i)
                    + " TotalAlloc=" + (2210481 + 5011 * i) + " Sys=40213 NumGC=" + (611 + i) + " Goroutines=212\"");
        }
        out.add("time=\"" + day + "T09:31:07.402Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=2417733"
                + " namespace=geodata workflow=geo-mosaic-q7w2n");
        return out;
    }

    private AnalysisResult analyze(List<String> copy) throws IOException {
        Path in = Files.createDirectories(dir.resolve("in-" + System.nanoTime()));
        Files.copy(DUMP, in.resolve(DUMP.getFileName()));
        Files.write(in.resolve("workflow-controller.log"), copy);
        return Analysis.standard(AnalysisOptions.defaults()).run(List.of(in.toString(), SAMPLE.resolve("snapshots").toString()));
    }

    private static List<String> zoneNotes(AnalysisResult r) {
        InputSummary in = r.inputs().stream().filter(i -> i.file().displayPath().endsWith("workflow-controller.log")).findFirst().orElseThrow();
        return Notes.words(in.notes()).stream().filter(n -> n.startsWith("logrus/klog times read as")).toList();
    }

    @Test
    void aCopyRunningPastTheEndOfSummerTimeTakesNoZoneFromTheDump() throws IOException {
        List<String> copy = new ArrayList<>(kubectlLogs());
        copy.addAll(tail("2026-10-25"));
        List<String> notes = zoneNotes(analyze(copy));
        assertTrue(notes.isEmpty(), notes::toString);
    }

    @Test
    void aCopyRunningOnWithinSummerTimeKeepsTheDumpsZone() throws IOException {
        List<String> copy = new ArrayList<>(kubectlLogs());
        copy.addAll(tail("2026-10-20"));
        List<String> notes = zoneNotes(analyze(copy));
        assertEquals(1, notes.size(), notes::toString);
        assertTrue(notes.get(0).startsWith("logrus/klog times read as local time at UTC+02:00"), notes.get(0));
    }
}
