package dev.argoforensics.correlate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.report.EvidenceGap;
import dev.argoforensics.report.Invocation;
import dev.argoforensics.report.Report;
import dev.argoforensics.report.ReportBuilder;
import dev.argoforensics.report.TimelineScope;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.RuleOutcome;
import dev.argoforensics.time.Timestamp;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 49: a {@code kubectl describe pod} (no UID) of a later Pod under the name, read as the Pod the log is about. The sample
 * scrollback-runs-split-by-describe, its description's times moved as if it had been taken of the Pod {@code argo retry} made again
 * for the node after the Workflow failed: Start Time and containers about 16 minutes later, after the new run's handler saw the first
 * Pod being deleted (14:07:06.513) and saw it leave (14:07:06.561). Its containers' exit 0 are the later Pod's: AF002 ("successful
 * Pod reported as failed") and AF001's "the containers ended" must not read them. Controls: the sample as written (the description is
 * the Pod's own, kept); the description moved by less than two clocks may disagree past the handler's line (kept).
 *
 * <p>Session 50: the scrollback's controller lines are logrus's, a literal {@code Z} after what may be local time, and nothing pairs
 * its run's clock with the objects' (no export of a Pod it created: the description prints no creationTimestamp). On a controller
 * west of UTC the handler's line reads hours early, and the Pod's own description (its containers started minutes before the
 * deletion) reads as started after it. So a description 16 minutes after the line is set aside unordered, not said to be a later
 * Pod's (nor read as this one's); one more than 12 h after it (no zone lies further west) is a later Pod's whatever the zone; with
 * the zone given ({@code --log-tz}) the order is taken as read.
 */
class LaterNamesakeDescribedTest {
    private static final Path SAMPLE = Path.of("samples", "scrollback-runs-split-by-describe", "logs", "terminal-scrollback.txt");
    private static final String POD = "invoice-batch-k2w9d-render-invoices-901637263";
    private static final Pattern KUBECTL_TIME = Pattern.compile("(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \\d{2} \\w{3} \\d{4} \\d{2}:\\d{2}:\\d{2} [+-]\\d{4}");

    @TempDir
    Path dir;

    /** The scrollback with every time of its description (lines 20 to 138) moved by {@code seconds}. */
    private AnalysisResult analyze(long seconds) throws IOException {
        return analyze(seconds, AnalysisOptions.defaults());
    }

    private AnalysisResult analyze(long seconds, AnalysisOptions options) throws IOException {
        List<String> lines = new ArrayList<>(Files.readAllLines(SAMPLE, StandardCharsets.UTF_8));
        for (int i = 19; i < 138; i++) {
            Matcher m = KUBECTL_TIME.matcher(lines.get(i));
            StringBuilder out = new StringBuilder();
            while (m.find()) {
                ZonedDateTime t = ZonedDateTime.parse(m.group(), DateTimeFormatter.RFC_1123_DATE_TIME).plusSeconds(seconds);
                m.appendReplacement(out, DateTimeFormatter.RFC_1123_DATE_TIME.format(t).replaceFirst(" (\\d) ", " 0$1 ").replace("GMT", "+0000"));
            }
            m.appendTail(out);
            lines.set(i, out.toString());
        }
        Path p = dir.resolve("terminal-scrollback.txt");
        Files.writeString(p, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        return Analysis.standard(options).run(List.of(p.toString()));
    }

    private static PodHistory pod(AnalysisResult r) {
        return r.correlation().pods().values().stream().filter(p -> p.key().name().equals(POD)).findFirst().orElseThrow();
    }

    private static List<Finding> findings(AnalysisResult r, String rule) {
        return r.outcomes().stream().filter(o -> o.rule().equals(rule)).map(RuleOutcome::findings).findFirst().orElse(List.of());
    }

    /** 16 minutes after the handler's line as read, on a literal-Z clock nothing measures: set aside unordered, and the report says why. */
    @Test
    void aDescriptionAfterAnUnmeasuredLiteralZLineIsSetAsideUnordered() throws IOException {
        AnalysisResult r = analyze(16 * 60);
        PodHistory pod = pod(r);
        assertEquals(List.of(), pod.snapshots().stream().filter(s -> s.described()).toList(), pod.snapshots()::toString);
        assertEquals(1, pod.laterDescribed().size(), pod.laterDescribed()::toString);
        LaterNamesakes.SetApart a = pod.laterDescribed().get(0);
        assertFalse(a.later(), a::toString);
        assertTrue(a.unordered().contains("literal Z"), a::toString);
        assertEquals("container init started", a.shown());
        assertEquals("2026-11-12T14:14:42Z", a.at().format());
        assertEquals(163, a.after().source().line(), a.after()::toString);
        // Not read as this Pod's either: its exit 0 supports nothing.
        assertEquals(List.of(), findings(r, "AF002"), () -> findings(r, "AF002").toString());
        assertTrue(findings(r, "AF001").stream().noneMatch(f -> f.confidenceReason().contains("exit 0")), () -> findings(r, "AF001").toString());
        Report report = new ReportBuilder().build(r, TimelineScope.FINDINGS,
                new Invocation(List.of("analyze"), Timestamp.parseRfc3339("2026-11-13T00:00:00Z", null, false), true));
        List<EvidenceGap> gaps = report.gaps().stream().filter(g -> g.detail().contains("later Pod under the name")).toList();
        assertEquals(1, gaps.size(), report.gaps()::toString);
        assertTrue(gaps.get(0).subject().endsWith("terminal-scrollback.txt:20"), gaps.get(0)::toString);
        assertTrue(gaps.get(0).detail().contains("may show a later Pod under the name, or this one"), gaps.get(0)::toString);
        assertTrue(gaps.get(0).detail().contains("container init started at 2026-11-12T14:14:42Z"), gaps.get(0)::toString);
        assertTrue(gaps.get(0).detail().contains("literal Z"), gaps.get(0)::toString);
    }

    /** More than 12 h after the line: no zone lies further west, so the description is a later Pod's whatever the controller's zone. */
    @Test
    void aDescriptionBeyondTheWestmostZoneIsALaterPods() throws IOException {
        AnalysisResult r = analyze(13 * 3600);
        PodHistory pod = pod(r);
        assertEquals(1, pod.laterDescribed().size(), pod.laterDescribed()::toString);
        assertTrue(pod.laterDescribed().get(0).later(), pod.laterDescribed()::toString);
        assertEquals(List.of(), findings(r, "AF002"), () -> findings(r, "AF002").toString());
        Report report = new ReportBuilder().build(r, TimelineScope.FINDINGS,
                new Invocation(List.of("analyze"), Timestamp.parseRfc3339("2026-11-14T00:00:00Z", null, false), true));
        assertEquals(1, report.gaps().stream().filter(g -> g.detail().contains("shows a later Pod under the name")).count(), report.gaps()::toString);
    }

    /** The controller's zone given (--log-tz UTC): its times are the objects', and the description 16 minutes later is a later Pod's. */
    @Test
    void aDescriptionAfterALineInAGivenZoneIsALaterPods() throws IOException {
        AnalysisResult r = analyze(16 * 60, AnalysisOptions.defaults().withLogZone(java.time.ZoneOffset.UTC));
        PodHistory pod = pod(r);
        assertEquals(1, pod.laterDescribed().size(), pod.laterDescribed()::toString);
        assertTrue(pod.laterDescribed().get(0).later(), pod.laterDescribed()::toString);
        assertEquals(List.of(), findings(r, "AF002"), () -> findings(r, "AF002").toString());
    }

    @Test
    void theSampleAsWrittenKeepsItsDescription() throws IOException {
        AnalysisResult r = analyze(0);
        PodHistory pod = pod(r);
        assertEquals(1, pod.snapshots().stream().filter(s -> s.described()).count(), pod.snapshots()::toString);
        assertEquals(List.of(), pod.laterDescribed());
        assertEquals(1, findings(r, "AF002").size());
        assertTrue(findings(r, "AF001").get(0).confidenceReason().contains("wait exit 0, main exit 0"), () -> findings(r, "AF001").toString());
    }

    /** Moved to 5 s after the handler's line (its main ends then): an order closer than two clocks may disagree is not taken as shown. */
    @Test
    void aDescriptionWithinTheClocksMarginIsKept() throws IOException {
        // init started 13:58:42 + 8m29s = 14:07:11, 4.5 s after the handler's line at 14:07:06.513.
        AnalysisResult r = analyze(8 * 60 + 29);
        PodHistory pod = pod(r);
        assertEquals(1, pod.snapshots().stream().filter(s -> s.described()).count(), pod.laterDescribed()::toString);
        assertEquals(List.of(), pod.laterDescribed());
    }
}
