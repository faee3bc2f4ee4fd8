package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.rules.Confidence;
import dev.argoforensics.testing.AnalyzedFiles;
import dev.argoforensics.testing.Notes;
import dev.argoforensics.time.ZoneBasis;
import java.io.IOException;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 61's round of upstream shapes (re-typed with own names, times and values; only the shape of each thread kept), read as
 * {@code analyze} reads a pasted file.
 */
class UpstreamShapesRound61Test {
    @TempDir
    Path dir;

    private AnalysisResult run(String file, String text) throws IOException {
        return AnalyzedFiles.pasted(dir, file, text);
    }

    private static void noRaceClaimed(AnalysisResult r) {
        assertTrue(r.outcomes().stream().flatMap(o -> o.findings().stream())
                .noneMatch(f -> f.confidence() == Confidence.CONFIRMED || f.confidence() == Confidence.LIKELY), "nothing shows a race");
    }

    /**
     * #14371's shape: a paste copied from inside the issue form's controller field across to its wait-container field: the pod
     * controller's lines first (its own logger: to the second), the field's closing fence, the next field's {@code ### …} heading and
     * fence, the command behind a {@code >>>} prompt, then the wait container's lines. Before: the heading and the prompt unparsed (2).
     * After: both furniture, the wait container's lines kept apart under their command.
     */
    @Test
    void anIssueFormsHeadingAndAChevronPromptBetweenTwoFieldsAreFurniture() throws IOException {
        String pod = "wft-user-h2x9p-prep-tpl-558023011";
        AnalysisResult r = run("form.txt", ""
                + "time=\"2025-07-21T08:14:52Z\" level=info msg=\"queueing pod for cleanup after\" action=deletePod after=1h0m0s namespace=team-ml podName=" + pod + "\n"
                + "time=\"2025-07-21T08:14:52Z\" level=info msg=\"queueing pod for cleanup\" action=removeFinalizer namespace=team-ml podName=" + pod + "\n"
                + "time=\"2025-07-21T08:14:52Z\" level=info msg=\"cleaning up pod\" action=removeFinalizer key=team-ml/" + pod + "/removeFinalizer namespace=team-ml podName=" + pod + "\n"
                + "time=\"2025-07-21T08:14:52Z\" level=info msg=\"insignificant pod change\" key=team-ml/" + pod + "\n"
                + "time=\"2025-07-21T08:35:27.518Z\" level=info msg=\"Queueing Succeeded workflow team-ml/wft-user-h2x9p for delete in 167h39m25s due to TTL\"\n"
                + "```\n\n"
                + "### Logs from in your workflow's wait container\n\n"
                + "```text\n"
                + ">>> kubectl logs -n team-ml -c wait -l workflows.argoproj.io/workflow=wft-user-h2x9p\n"
                + "time=\"2025-07-21T08:14:47.233Z\" level=info msg=\"No output parameters\"\n"
                + "time=\"2025-07-21T08:14:47.233Z\" level=info msg=\"No output artifacts\"\n"
                + "time=\"2025-07-21T08:14:47.251Z\" level=info msg=\"Alloc=9120 TotalAlloc=15008 Sys=24917 NumGC=4 Goroutines=9\"\n"
                + "```\n");
        InputSummary in = r.inputs().get(0);
        assertEquals(0, in.unparsed(), in.samples().toString());
        assertEquals(Map.of("wait", 3L), in.otherContainers());
        assertEquals(5, in.events(), "the controller's five records, no line of the wait container among them");
        noRaceClaimed(r);
    }

    /** The pod controller's own logger beside the controller's in a controller run at +01:00 (v3.6.5-v3.6.10, v3.7.0-v3.7.1). */
    private static final List<String> BERLIN = List.of(
            "time=\"2026-03-02T13:20:04.113Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=88123004 namespace=batch-prod workflow=nightly-etl-q8z7m",
            "time=\"2026-03-02T13:20:04.114Z\" level=info msg=\"node changed\" namespace=batch-prod new.message= new.phase=Succeeded new.progress=1/1 nodeID=nightly-etl-q8z7m-2231906645 old.message= old.phase=Running old.progress=0/1 workflow=nightly-etl-q8z7m",
            "time=\"2026-03-02T13:20:04.131Z\" level=info msg=\"Workflow update successful\" namespace=batch-prod phase=Running resourceVersion=88123011 workflow=nightly-etl-q8z7m",
            "time=\"2026-03-02T13:20:04+01:00\" level=info msg=\"update pod event\" pod=nightly-etl-q8z7m-extract-2231906645",
            "time=\"2026-03-02T13:20:04+01:00\" level=info msg=\"queuing poddelay0s\" action=labelPodCompleted namespace=batch-prod podGC=\"{ <nil> }\" podName=nightly-etl-q8z7m-extract-2231906645",
            "time=\"2026-03-02T13:20:04+01:00\" level=info msg=\"cleaning up pod\" action=labelPodCompleted key=batch-prod/nightly-etl-q8z7m-extract-2231906645/labelPodCompleted",
            "time=\"2026-03-02T13:20:05.002Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=88123011 namespace=batch-prod workflow=nightly-etl-q8z7m");

    private AnalysisResult lines(String file, List<String> lines, ZoneId logTz) throws IOException {
        AnalysisOptions options = AnalysisOptions.defaults().withThreads(2).keepingEverything(true);
        return AnalyzedFiles.run(dir, Map.of(file, lines), Map.of(), logTz == null ? options : options.withLogZone(logTz));
    }

    private static ControllerProcess onlyRun(AnalysisResult r) {
        assertEquals(1, r.correlation().processes().size(), r.correlation().processes().toString());
        return r.correlation().processes().get(0);
    }

    /**
     * #14371's and #15527's pod controller lines (its own logrus logger: RFC 3339 to the second, with the zone's real offset) beside
     * the controller's literal-Z lines of a controller run at +01:00. Before: the literal-Z lines read as UTC an hour after the pod
     * controller's, "1 line earlier than the line before" the note, and --log-tz=+01:00 shifted the stated lines once more (their
     * offset read as a literal Z). After: the file is read at +01:00, the two loggers agree, and a --log-tz shifts the literal Z only.
     */
    @Test
    void thePodControllersOwnOffsetStatesTheZoneOfTheLiteralZ() throws IOException {
        AnalysisResult r = lines("controller.log", BERLIN, null);
        InputSummary in = r.inputs().get(0);
        List<String> notes = Notes.words(in.notes());
        assertTrue(notes.stream().anyMatch(n -> n.startsWith("logrus/klog times read as local time at UTC+01:00: 3 records state that offset")),
                notes.toString());
        assertTrue(notes.stream().noneMatch(n -> n.contains("earlier than the line before")), notes.toString());
        ControllerProcess run = onlyRun(r);
        assertEquals("2026-03-02T12:20:04.113Z", run.first().format());
        assertEquals("2026-03-02T12:20:05.002Z", run.last().format());
        assertEquals(4L, in.zones().get(ZoneBasis.MEASURED), in.zones().toString());
        assertEquals(3L, in.zones().get(ZoneBasis.STATED), in.zones().toString());

        AnalysisResult given = lines("given.log", BERLIN, ZoneId.of("+01:00"));
        ControllerProcess g = onlyRun(given);
        assertEquals("2026-03-02T12:20:04.113Z", g.first().format(), "the stated lines are not shifted twice");
        assertEquals("2026-03-02T12:20:05.002Z", g.last().format());
        assertTrue(Notes.words(given.inputs().get(0).notes()).stream().noneMatch(n -> n.contains("earlier than the line before")));
    }

    /**
     * Controls: literal-Z lines an hour from the stated ones in wall clock (they were UTC: another process's, or a controller whose
     * pod controller alone ran elsewhere) measure nothing; one stated line is too few; two offsets disagree.
     */
    @Test
    void statedOffsetsThatDoNotAgreeWithTheLiteralZMeasureNothing() throws IOException {
        List<String> utc = BERLIN.stream().map(l -> l.contains(".1") || l.contains("05.002Z") ? l.replace("T13:", "T12:") : l).toList();
        assertUnmeasured(lines("utc.log", utc, null), "literal Z an offset away in wall clock");

        List<String> one = List.of(BERLIN.get(0), BERLIN.get(3), BERLIN.get(6));
        assertUnmeasured(lines("one.log", one, null), "one stated record");

        List<String> two = new java.util.ArrayList<>(BERLIN);
        two.set(4, two.get(4).replace("+01:00", "+02:00"));
        assertUnmeasured(lines("two.log", two, null), "two offsets");
    }

    private static void assertUnmeasured(AnalysisResult r, String why) {
        InputSummary in = r.inputs().get(0);
        assertTrue(Notes.words(in.notes()).stream().noneMatch(n -> n.startsWith("logrus/klog times read as")), why + ": " + in.notes());
        assertTrue(in.zones().get(ZoneBasis.MEASURED) == null, why + ": " + in.zones());
        assertTrue(in.zones().get(ZoneBasis.LITERAL_Z) > 0, why + ": " + in.zones());
    }
}
