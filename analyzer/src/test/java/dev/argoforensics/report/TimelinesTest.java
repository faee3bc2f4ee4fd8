package dev.argoforensics.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.judgment.JudgmentCorpora;
import dev.argoforensics.redact.Redaction;
import dev.argoforensics.redact.RedactionKey;
import dev.argoforensics.testing.SampleFiles;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.timeline.Timeline;
import dev.argoforensics.timeline.TimelineBuilder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report's timelines are built when written and dropped after ({@link Timelines}): the reports
 * are the same bytes as when every timeline was built before the first was written, in every format,
 * redacted or not, however little is kept between readings; and the list builds in order, in batches,
 * each Pod once while what it keeps fits.
 */
class TimelinesTest {
    private static final Invocation FIXED = new Invocation(List.of("analyze"), Timestamp.parseRfc3339("2026-09-20T00:00:00Z", null, false), true);
    private static final List<String> SAMPLES = List.of("timeline-all-sources", "issue-17024", "two-controllers", "stall-across-restart",
            "pasted-evidence", "controller-handover");
    /** Timelines built ahead in the test's lists: small, so that a report crosses batches. */
    private static final int AHEAD = 3;

    @TempDir
    Path dir;

    @Test
    void everyFormatOfTheSamplesIsTheSameBytesAsWithEveryTimelineBuiltFirst() throws Exception {
        int pods = 0;
        for (String sample : SAMPLES) {
            pods += sameBytes(sample, SampleFiles.inputs(Path.of("samples", sample)), TimelineScope.ALL, List.of(ReportFormat.values()));
        }
        assertTrue(pods > SAMPLES.size(), "more than a Pod a sample: " + pods);
    }

    /**
     * A labelled incident of the judgment's generator (several controllers, envelopes and formats), the
     * timelines of the Pods with findings: each quoted by its findings and listed again. JSON reads the
     * timelines once, HTML twice and jumps to them from its findings (Markdown's parts of a report this
     * size take minutes to lay out; the samples hold it to the same bytes).
     */
    @Test
    void aGeneratedIncidentIsTheSameBytesToo() throws Exception {
        int pods = sameBytes("judgment seed 3", JudgmentCorpora.small(3, dir), TimelineScope.FINDINGS, List.of(ReportFormat.JSON, ReportFormat.HTML));
        assertTrue(pods > 3 * AHEAD, "Pods enough for several batches: " + pods);
    }

    /** These formats, plain and redacted, from the lazy timelines and from all built first; the number of timelines. */
    private static int sameBytes(String sample, List<String> inputs, TimelineScope scope, List<ReportFormat> formats) {
        AnalysisResult result = Analysis.standard(AnalysisOptions.defaults()).run(inputs);
        Report lazy = new ReportBuilder().build(result, scope, FIXED);
        assertInstanceOf(Timelines.class, lazy.timelines(), sample);
        Report eager = withTimelines(lazy, builtFirst(result, ((Timelines) lazy.timelines()).pods()));
        // Nothing kept between readings and a few built ahead: every reading builds again, across batches.
        Report rebuilt = withTimelines(lazy, new Timelines(((Timelines) lazy.timelines()).pods(),
                (from, to) -> builtFirst(result, ((Timelines) lazy.timelines()).pods().subList(from, to)), AHEAD, 0));
        for (ReportFormat format : formats) {
            String expected = format.renderer(false).render(eager);
            assertEquals(expected, format.renderer(false).render(lazy), sample + " " + format);
            assertEquals(expected, format.renderer(false).render(rebuilt), sample + " " + format + ", rebuilt at each reading");
            assertEquals(format.renderer(false).renderTimelines(eager), format.renderer(false).renderTimelines(rebuilt), sample + " " + format);
        }
        Redaction redaction = Redaction.prepare(RedactionKey.of("timelines-test"), inputs, result);
        Report redactedLazy = redaction.apply(rebuilt);
        assertInstanceOf(Timelines.class, redactedLazy.timelines(), "redaction keeps the timelines lazy");
        Report redactedEager = redaction.apply(eager);
        for (ReportFormat format : formats) {
            assertEquals(format.renderer(false).render(redactedEager), format.renderer(false).render(redactedLazy), sample + " redacted " + format);
        }
        for (var f : redactedLazy.findings()) {
            assertEquals(redactedEager.timelineOf(f), redactedLazy.timelineOf(f), sample + ": a redacted finding finds its redacted Pod's timeline");
        }
        return lazy.timelines().size();
    }

    @Test
    void readInOrderItBuildsInBatchesEachPodOnceWhileItFits() {
        List<PodKey> pods = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            pods.add(new PodKey("argo", "pod-" + i));
        }
        List<int[]> calls = new ArrayList<>();
        Timelines.Builder counting = (from, to) -> {
            calls.add(new int[] {from, to});
            List<Timeline> out = new ArrayList<>();
            for (int i = from; i < to; i++) {
                out.add(new Timeline(pods.get(i), "uid-" + i, null, null, List.of()));
            }
            return out;
        };
        Timelines list = new Timelines(pods, counting, 4, 1_000);
        assertEquals(10, list.size());
        assertEquals(pods, list.pods());
        assertTrue(calls.isEmpty(), "nothing is built until read");
        List<String> uids = list.stream().map(Timeline::uid).toList();
        assertEquals(List.of("uid-0", "uid-1", "uid-2", "uid-3", "uid-4", "uid-5", "uid-6", "uid-7", "uid-8", "uid-9"), uids);
        assertEquals(List.of("0-4", "4-8", "8-10"), calls.stream().map(c -> c[0] + "-" + c[1]).toList(), "in order: batches of four");
        Timeline third = list.get(3);
        list.forEach(t -> { });
        assertEquals(3, calls.size(), "a second reading while all fit builds nothing");
        assertSame(third, list.get(3));
        assertEquals(List.of(list.get(7)), list.about(new PodKey("argo", "pod-7")));
        assertEquals(List.of(), list.about(new PodKey("argo", "pod-x")));
    }

    @Test
    void whatDoesNotFitIsBuiltAgainAndAJumpBuildsOne() {
        List<PodKey> pods = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            pods.add(new PodKey("argo", "pod-" + i));
        }
        List<String> calls = new ArrayList<>();
        Timelines.Builder counting = (from, to) -> {
            calls.add(from + "-" + to);
            List<Timeline> out = new ArrayList<>();
            for (int i = from; i < to; i++) {
                out.add(new Timeline(pods.get(i), "uid-" + i, null, null, List.of()));
            }
            return out;
        };
        Timelines list = new Timelines(pods, counting, 3, 0);
        assertEquals("uid-4", list.get(4).uid());
        assertEquals(List.of("4-5"), calls, "a jump (a finding's timeline) builds that one alone");
        assertEquals("uid-0", list.get(0).uid());
        assertEquals("uid-1", list.get(1).uid());
        assertEquals("uid-2", list.get(2).uid());
        assertEquals("uid-3", list.get(3).uid());
        assertEquals(List.of("4-5", "0-1", "1-4"), calls, "then in order: built ahead, the batch serving its range");
        assertEquals(pods, list.stream().map(Timeline::pod).toList());
        assertEquals(List.of("4-5", "0-1", "1-4", "0-1", "4-6"), calls,
                "nothing kept: read again, the first is built again, the batch still serves its range, the rest is built ahead");
    }

    @Test
    void readOnceItBuildsInBatchesAndKeepsNothing() {
        List<PodKey> pods = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            pods.add(new PodKey("argo", "pod-" + i));
        }
        List<String> calls = new ArrayList<>();
        Timelines.Builder counting = (from, to) -> {
            calls.add(from + "-" + to);
            List<Timeline> out = new ArrayList<>();
            for (int i = from; i < to; i++) {
                out.add(new Timeline(pods.get(i), "uid-" + i, null, null, List.of()));
            }
            return out;
        };
        Timelines list = new Timelines(pods, counting, 3, 1_000);
        List<String> uids = new ArrayList<>();
        list.once().forEach(t -> uids.add(t.uid()));
        assertEquals(List.of("uid-0", "uid-1", "uid-2", "uid-3", "uid-4", "uid-5", "uid-6"), uids);
        assertEquals(List.of("0-3", "3-6", "6-7"), calls, "in order, batches of three");
        assertEquals("uid-2", list.get(2).uid());
        assertEquals(List.of("0-3", "3-6", "6-7", "2-3"), calls, "nothing kept by the reading once: a jump builds again");
        list.once().forEach(t -> { });
        assertEquals(List.of("0-3", "3-6", "6-7", "2-3", "0-3", "3-6", "6-7"), calls, "a second reading once builds every batch again");
        assertTrue(!new Timelines(List.of(), counting, 3, 0).once().iterator().hasNext(), "no Pods, nothing read");
        java.util.Iterator<Timeline> it = list.once().iterator();
        for (int i = 0; i < pods.size(); i++) {
            it.next();
        }
        org.junit.jupiter.api.Assertions.assertThrows(java.util.NoSuchElementException.class, it::next);
    }

    private static List<Timeline> builtFirst(AnalysisResult result, List<PodKey> pods) {
        TimelineBuilder builder = new TimelineBuilder(result.correlation());
        List<Timeline> out = new ArrayList<>();
        for (PodKey key : pods) {
            PodHistory pod = result.correlation().pods().get(key);
            out.add(Scope.ALL.window(builder.build(pod)));
        }
        return out;
    }

    private static Report withTimelines(Report r, List<Timeline> timelines) {
        return new Report(r.schemaVersion(), r.tool(), r.provenance(), r.inputs(), r.controllers(), r.findings(), r.filter(), r.rules(),
                timelines, r.gaps(), r.problems());
    }
}
