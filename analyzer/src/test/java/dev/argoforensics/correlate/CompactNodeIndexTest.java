package dev.argoforensics.correlate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerEvent.Signal;
import dev.argoforensics.event.ControllerEvent.WorkflowUpdated;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.judgment.JudgmentCorpora;
import dev.argoforensics.testing.SampleFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link NodeIndex} in arrays of positions per Workflow hands out what walks of the Workflow's lines find
 * (what its maps of lists held): a node's lines, the lines about a node, whether a node is named, the lines
 * of one kind and of two, for every Pod and Workflow of every sample and of a generated incident.
 */
class CompactNodeIndexTest {
    @TempDir
    Path dir;

    private static String nodeOf(WorkflowHistory w, ControllerEvent ev) {
        return ev.nodeId().orElseGet(() -> ev.nodeName().map(n -> NodeNaming.nodeId(w.ref().name(), n)).orElse(null));
    }

    /** The number of node lines handed out, compared against the walks. */
    private static int sameAsWalks(String what, List<String> inputs) {
        Correlation c = Analysis.standard(AnalysisOptions.defaults().keepingEverything(true)).run(inputs).correlation();
        NodeIndex index = c.nodes();
        int handedOut = 0;
        for (PodHistory pod : c.pods().values()) {
            NodeLink link = pod.link();
            WorkflowHistory w = link == null ? null : c.workflow(link.workflow()).orElse(null);
            if (w == null) {
                assertEquals(List.of(), index.of(link), what);
                continue;
            }
            List<LogEvent> walkedOf = w.events().stream().filter(e -> link.nodeId().equals(nodeOf(w, e.event()))).toList();
            assertEquals(walkedOf, index.of(link), what + " " + pod.key());
            assertEquals(walkedOf, List.copyOf(index.of(link)), what + " " + pod.key());
            assertEquals(!walkedOf.isEmpty(), index.named(link.workflow(), link.nodeId()), what + " " + pod.key());
            assertEquals(w.events().stream().filter(e -> link.isAbout(e.event())).toList(), index.about(link), what + " " + pod.key());
            handedOut += walkedOf.size();
        }
        for (WorkflowHistory w : c.workflows().values()) {
            Set<Class<?>> kinds = new LinkedHashSet<>();
            w.events().forEach(e -> kinds.add(e.event().getClass()));
            for (Class<?> k : kinds) {
                @SuppressWarnings("unchecked")
                Class<? extends ControllerEvent> kind = (Class<? extends ControllerEvent>) k;
                assertEquals(w.events().stream().filter(e -> e.event().getClass() == k).toList(), index.ofKind(w.ref(), kind), what + " " + w.ref());
            }
            List<LogEvent> two = new ArrayList<>(w.events().stream().filter(e -> e.event() instanceof WorkflowUpdated).toList());
            two.addAll(w.events().stream().filter(e -> e.event() instanceof Signal).toList());
            two.sort(Comparator.comparingLong(LogEvent::ordinal));
            assertEquals(two, index.ofKind(w.ref(), WorkflowUpdated.class, Signal.class), what + " " + w.ref());
            assertEquals(List.of(), index.of(new NodeLink(w.ref(), "no-such-node", null, null, null)), what);
            assertTrue(!index.named(w.ref(), "no-such-node"), what);
        }
        return handedOut;
    }

    @Test
    void everySampleIsIndexedAsTheWalksFindIt() throws Exception {
        int handedOut = 0;
        for (Path sample : SampleFiles.all()) {
            handedOut += sameAsWalks(sample.toString(), SampleFiles.inputs(sample));
        }
        assertTrue(handedOut > 100, "node lines handed out: " + handedOut);
    }

    @Test
    void aGeneratedIncidentToo() {
        assertTrue(sameAsWalks("judgment seed 7", JudgmentCorpora.small(7, dir)) > 100);
    }

    @Test
    void theListsHandedOutAreReadOnly() throws Exception {
        Correlation c = Analysis.standard(AnalysisOptions.defaults()).run(SampleFiles.inputs(Path.of("samples", "issue-17024"))).correlation();
        PodHistory pod = c.pods().values().stream().filter(p -> !c.nodes().of(p.link()).isEmpty()).findFirst().orElseThrow();
        List<LogEvent> lines = c.nodes().of(pod.link());
        assertThrows(UnsupportedOperationException.class, () -> lines.add(lines.get(0)));
        assertThrows(IndexOutOfBoundsException.class, () -> lines.get(lines.size()));
    }
}
