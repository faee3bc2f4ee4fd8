package dev.argoforensics.correlate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.V4;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The per-Pod indexes find what a walk of every line would, and per Pod only its own lines: over a
 * Workflow of N Pods the lines the indexes hand out add up to the Workflow's node lines, not N times them.
 */
class PerPodIndexesTest {
    private static final int PODS = 40;
    private static final WorkflowRef WF = new WorkflowRef("ns", "big");

    /** One Workflow {@code big} with {@code PODS} Pods, each created, found missing, marked in error, and its task result awaited. */
    private static Correlation bigWorkflow(int threads) {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < PODS; i++) {
            String t = String.format("2026-09-19T16:%02d:%02d.000Z", 10 + i / 60, i % 60);
            String pod = "big-" + i;
            lines.add(rename(V4.createdPod(t), pod).replace("workflow=" + pod, "workflow=big"));
            lines.add(rename(V4.processing(t, "Running"), "big"));
            lines.add(rename(V4.taskResultIncomplete(t), pod).replace("workflow=" + pod, "workflow=big"));
            lines.add(rename(V4.podMissing(t), pod).replace("workflow=" + pod, "workflow=big"));
            lines.add(rename(V4.markingError(t), pod).replace("workflow=" + pod, "workflow=big"));
        }
        Correlation c = new Evidence().log("controller.log", lines.toArray(String[]::new)).correlate();
        return new Correlation(c.events(), c.pods(), c.workflows(), c.available(), c.processes(), c.lifecycles(), c.fates(), c.nodes(), null,
                new Workers(threads), c.clocks());
    }

    private static String rename(String line, String name) {
        return line.replace("=p ", "=" + name + " ").replace("=p\"", "=" + name + "\"").replaceAll("=p$", "=" + name);
    }

    @Test
    void aNodesLinesAreThoseAWalkOfTheWorkflowFindsAndAddUpToTheWorkflowsNodeLines() {
        Correlation c = bigWorkflow(1);
        WorkflowHistory wf = c.workflow(WF).orElseThrow();
        int handedOut = 0;
        int linked = 0;
        for (PodHistory pod : c.pods().values()) {
            NodeLink link = pod.link();
            if (link == null || !WF.equals(link.workflow())) {
                continue;
            }
            linked++;
            List<LogEvent> walked = wf.events().stream().filter(e -> link.isAbout(e.event())).toList();
            List<LogEvent> indexed = c.nodes().about(link);
            assertEquals(walked, indexed, pod.key().toString());
            handedOut += indexed.size();
        }
        assertEquals(PODS, linked);
        long nodeLines = wf.events().stream().filter(e -> e.event().nodeId().isPresent() || e.event().nodeName().isPresent()).count();
        assertEquals(4L * PODS, nodeLines);
        assertEquals(nodeLines, handedOut, "each node line goes to its own Pod only: linear in the lines, not Pods x lines");
        assertEquals(PODS, c.podIndex().ofWorkflow(WF).size());
        assertEquals(List.copyOf(c.podIndex().ofWorkflow(WF)), c.pods().values().stream()
                .filter(p -> p.link() != null && WF.equals(p.link().workflow())).toList());
    }

    @Test
    void theLinesOfAKindAreTheWorkflowsLinesOfThatKindInInputOrder() {
        Correlation c = bigWorkflow(1);
        WorkflowHistory wf = c.workflow(WF).orElseThrow();
        List<LogEvent> walked = wf.events().stream().filter(e -> e.event() instanceof dev.argoforensics.event.ControllerEvent.WorkflowProcessing).toList();
        assertEquals(PODS, walked.size());
        assertEquals(walked, c.nodes().ofKind(WF, dev.argoforensics.event.ControllerEvent.WorkflowProcessing.class));
    }

    @Test
    void theWorkersKeepTheItemsOrderWhateverTheirNumber() {
        List<Integer> items = IntStream.range(0, 1000).boxed().toList();
        List<String> one = new Workers(1).map(items, i -> "item " + i);
        for (int threads = 2; threads <= 5; threads++) {
            assertEquals(one, new Workers(threads).map(items, i -> "item " + i));
        }
        assertTrue(new Workers(3).map(List.<Integer>of(), i -> i).isEmpty());
    }

    @Test
    void theTimelinesAreTheSameOnOneThreadAsOnFour() {
        Correlation one = bigWorkflow(1);
        Correlation four = bigWorkflow(4);
        var builderOne = new dev.argoforensics.timeline.TimelineBuilder(one);
        var builderFour = new dev.argoforensics.timeline.TimelineBuilder(four);
        List<PodHistory> pods = List.copyOf(one.pods().values());
        assertEquals(one.workers().map(pods, builderOne::build), four.workers().map(List.copyOf(four.pods().values()), builderFour::build));
    }
}
