package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.ClusterFacts;
import dev.argoforensics.correlate.Correlator;
import dev.argoforensics.correlate.GroupContext;
import dev.argoforensics.correlate.GroupFacts;
import dev.argoforensics.correlate.GroupShare;
import dev.argoforensics.correlate.Grouping;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.judgment.JudgmentCorpora;
import dev.argoforensics.read.LogReader;
import dev.argoforensics.read.WireForm;
import dev.argoforensics.rules.RuleBindings;
import dev.argoforensics.source.InputCollector;
import dev.argoforensics.testing.SampleFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * A group's facts made from the input's context, sent once, and the group's own share ({@link GroupFacts#of}) are the
 * group's slice of the facts ({@link ClusterFacts#slice}), value for value: the same lines in the same order (the very
 * objects, or through the byte form the same texts, places and events), each line's Pod and handler line, the group's
 * Pods, Workflows, exports and the values every group holds. GroupingInvarianceTest holds the findings; this holds the
 * join under them, on every sample and a busy judgment corpus, one group per component and components in 7 buckets.
 */
class GroupShareJoinTest {
    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> everySampleJoinsToItsSlice() throws IOException {
        return SampleFiles.all().stream().map(c -> DynamicTest.dynamicTest(c.getFileName().toString(), () -> assertJoins(SampleFiles.inputs(c))));
    }

    @Test
    void aBusyCorpusJoinsToItsSlices() throws IOException {
        assertJoins(JudgmentCorpora.small(2L, dir.resolve("seed-2")));
    }

    /** A share cut by a bound keeps its first own lines and every context line; a handler line cut away is no handler. */
    @Test
    void aCutShareKeepsItsFirstLinesAndEveryContextLine() throws IOException {
        ClusterFacts facts = facts(SampleFiles.inputs(Path.of("samples", "issue-17024")));
        Grouping grouping = Grouping.of(facts, new RuleBindings());
        GroupContext context = facts.context(grouping);
        List<Integer> all = new ArrayList<>();
        for (int i = 0; i < grouping.size(); i++) {
            all.add(i);
        }
        GroupShare whole = facts.share(grouping, all);
        assertTrue(whole.events().size() > 3, "the sample has more than 3 lines of its own");
        GroupShare cut = whole.firstLines(3);
        assertEquals(whole.events().size() - 3, cut.cut());
        assertSame(whole, whole.firstLines(whole.events().size()), "a share within its bound is not cut");
        GroupFacts joined = GroupFacts.of(context, cut);
        assertEquals(3 + context.events().size(), joined.events().size());
        assertTrue(joined.events().containsAll(context.events()), "every context line is kept");
        for (int h : joined.handlerOfLine()) {
            assertTrue(h < joined.events().size());
        }
        // A handler line the share does not hold: left out by the cut, it is no handler; in an uncut share, refused.
        int[] handlers = cut.handlerOfLine().clone();
        handlers[0] = Integer.MAX_VALUE;
        GroupShare lacking = new GroupShare(cut.events(), cut.places(), cut.podOfLine(), handlers, cut.podNames(), cut.pods(), cut.workflowNames(),
                cut.workflowSnapshots(), cut.workflowAudit(), cut.cut());
        assertEquals(-1, GroupFacts.of(context, lacking).handlerOfLine()[joined.events().indexOf(cut.events().get(0))]);
        GroupShare uncut = new GroupShare(cut.events(), cut.places(), cut.podOfLine(), handlers, cut.podNames(), cut.pods(), cut.workflowNames(),
                cut.workflowSnapshots(), cut.workflowAudit(), 0);
        assertThrows(IllegalStateException.class, () -> GroupFacts.of(context, uncut));
    }

    private static void assertJoins(List<String> paths) throws IOException {
        ClusterFacts facts = facts(paths);
        Grouping grouping = Grouping.of(facts, new RuleBindings());
        GroupContext context = facts.context(grouping);
        GroupContext sent = (GroupContext) WireForm.decode(WireForm.encode(context));
        for (GroupedAnalysis.Split split : List.of(GroupedAnalysis.Split.each(), GroupedAnalysis.Split.buckets(7, 19), GroupedAnalysis.Split.whole())) {
            for (List<Integer> components : split.groups(grouping)) {
                GroupFacts slice = facts.slice(grouping.group(components));
                GroupShare share = facts.share(grouping, components);
                GroupFacts joined = GroupFacts.of(context, share);
                assertEquals(slice.events().size(), joined.events().size());
                for (int i = 0; i < slice.events().size(); i++) {
                    assertSame(slice.events().get(i), joined.events().get(i), "line " + i);
                }
                assertEqualFacts(slice, joined);
                GroupFacts overTheWire = GroupFacts.of(sent, (GroupShare) WireForm.decode(WireForm.encode(share)));
                List<String> expected = lines(slice.events());
                List<String> actual = lines(overTheWire.events());
                assertEquals(expected.size(), actual.size());
                for (int i = 0; i < expected.size(); i++) {
                    assertEquals(expected.get(i), actual.get(i), "line " + i + " through the byte form");
                    assertEquals(slice.events().get(i).event(), overTheWire.events().get(i).event(), "line " + i + " through the byte form");
                }
                assertEqualFacts(slice, overTheWire);
            }
        }
    }

    private static void assertEqualFacts(GroupFacts slice, GroupFacts joined) {
        assertEquals(slice.podOfLine(), joined.podOfLine());
        assertArrayEquals(slice.handlerOfLine(), joined.handlerOfLine());
        assertEquals(slice.pods(), joined.pods());
        assertEquals(slice.workflowNames() == null ? null : new TreeSet<>(slice.workflowNames()),
                joined.workflowNames() == null ? null : new TreeSet<>(joined.workflowNames()));
        assertEquals(slice.workflowSnapshots(), joined.workflowSnapshots());
        assertEquals(slice.workflowAudit(), joined.workflowAudit());
        assertEquals(slice.podTables(), joined.podTables());
        assertEquals(slice.available(), joined.available());
        assertEquals(slice.processes(), joined.processes());
        assertEquals(slice.clocks(), joined.clocks());
        assertEquals(0, joined.cut());
    }

    /** A line as a report cites it: where, in which run and order, when, its text (what the catalog made of it is compared with equals). */
    private static List<String> lines(List<LogEvent> events) {
        return events.stream().map(e -> e.source() + " " + e.stream() + " " + e.ordinal() + " " + e.time() + " " + e.text()).toList();
    }

    private static ClusterFacts facts(List<String> paths) {
        Analysis analysis = Analysis.standard(AnalysisOptions.defaults().withThreads(1));
        InputCollector collector = new InputCollector();
        Analysis.Inputs inputs = Analysis.readExports(collector.collect(paths), collector.problems(), SnapshotTimes.none());
        ExecutorService pool = LogReader.readers(1);
        try {
            LogReader.LogReading reading = analysis.logReader().read(inputs.logFiles(), inputs.exported(), pool, inputs.summaries(), inputs.unreadable());
            return Correlator.facts(reading.events(), inputs.exported(), reading.processes(), reading.coverage());
        } finally {
            pool.shutdownNow();
        }
    }
}
