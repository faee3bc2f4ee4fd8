package dev.argoforensics.correlate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerEvent.Signal;
import dev.argoforensics.event.ControllerEvent.WorkflowProcessing;
import dev.argoforensics.event.ControllerEvent.WorkflowUpdated;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.judgment.JudgmentCorpora;
import dev.argoforensics.testing.SampleFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link TaskResultLines#firstPassSightings} finds the Pod-independent part once (each reconcile's first pass in one pass over the
 * Workflow's reconciles, kept for the history asked about) and reads only the Pods created per Pod asked for (issue #17, session
 * 38: the walk back through each stop's chain of writes, per Pod, was 35% of the incident slice's CPU). It gives what the walk gave:
 * the walk is kept here, as it was, and both are asked for every Pod the Workflow's lines create or the correlation links to it, on
 * every sample and on generated incidents, and for a history other than the one the lines were read from (only its first run's lines).
 */
class FirstPassSightingsTest {
    @TempDir
    Path dir;

    /** The number of sightings given and of Pods asked about, each list compared with the walk's. */
    private static int[] sameAsWalk(String what, List<String> inputs) {
        Correlation c = Analysis.standard(AnalysisOptions.defaults()).run(inputs).correlation();
        int given = 0;
        int asked = 0;
        for (WorkflowHistory w : c.workflows().values()) {
            TaskResultLines lines = TaskResultLines.of(w);
            Map<String, String> pods = new LinkedHashMap<>(); // Pod name -> node ID
            for (LogEvent e : w.events()) {
                if (e.event() instanceof ControllerEvent.PodCreated p && p.podRef() != null && p.id() != null) {
                    pods.putIfAbsent(p.podRef().name(), p.id());
                }
            }
            c.pods().values().stream().filter(p -> p.link() != null && p.link().workflow().equals(w.ref()))
                    .forEach(p -> pods.putIfAbsent(p.key().name(), p.link().nodeId()));
            List<LogEvent> firstRun = w.events().isEmpty() ? List.of()
                    : w.events().stream().filter(e -> e.stream() == w.events().get(0).stream()).toList();
            WorkflowHistory part = new WorkflowHistory(w.ref(), firstRun, w.snapshots());
            for (Map.Entry<String, String> pod : pods.entrySet()) {
                List<TaskResultLines.SoleStop> found = lines.firstPassSightings(w, pod.getValue(), pod.getKey());
                assertEquals(walk(lines, w, pod.getValue(), pod.getKey()), found, what + " " + w.ref() + " " + pod.getKey());
                given += found.size();
                asked++;
                // Another history asked about, then this one again: each answered from its own lines.
                assertEquals(walk(lines, part, pod.getValue(), pod.getKey()), lines.firstPassSightings(part, pod.getValue(), pod.getKey()),
                        what + " " + w.ref() + " " + pod.getKey() + " (first run only)");
                assertEquals(found, lines.firstPassSightings(w, pod.getValue(), pod.getKey()), what + " " + w.ref() + " again");
            }
        }
        return new int[] {given, asked};
    }

    /** The samples hold no first-pass sighting (those are in {@code SuccessSeenBySoleStopTest}'s lines): both give none for every Pod. */
    @Test
    void everySampleGivesTheWalksSightings() throws Exception {
        int asked = 0;
        for (Path sample : SampleFiles.all()) {
            asked += sameAsWalk(sample.toString(), SampleFiles.inputs(sample))[1];
        }
        assertTrue(asked > 100, "Pods asked about: " + asked);
    }

    /** The generated incidents do: the comparison is not of empty lists only. */
    @Test
    void generatedIncidentsToo() {
        int given = 0;
        for (long seed : new long[] {1, 7, 12}) {
            given += sameAsWalk("judgment seed " + seed, JudgmentCorpora.small(seed, dir.resolve("s" + seed)))[0];
        }
        assertTrue(given > 0, "sightings given: " + given);
    }

    // ---- the walk as it was before session 38 (per Pod asked for, each stop's chain walked back through the lines) ----

    private static List<TaskResultLines.SoleStop> walk(TaskResultLines t, WorkflowHistory workflow, String nodeId, String podName) {
        List<TaskResultLines.Reconcile> reconciles = t.reconciles();
        Set<Integer> overlapping = null;
        List<TaskResultLines.SoleStop> out = new ArrayList<>();
        for (int i = 0; i < reconciles.size(); i++) {
            TaskResultLines.Reconcile r = reconciles.get(i);
            LogEvent line = r.retry().filter(x -> r.stoppedOn().isEmpty()).orElse(null);
            if (line == null && r.heldForOutputs().isPresent() && r.heldForOutputs().get().event() instanceof Signal h
                    && "Succeeded".equals(h.attribute("phase"))) {
                line = r.heldForOutputs().get();
            }
            if (line == null) {
                continue;
            }
            if (overlapping == null) {
                overlapping = PhaseHistory.concurrentStreams(workflow.events());
            }
            if (overlapping.contains(line.stream())) {
                continue;
            }
            int first = firstPassOf(reconciles, i);
            LogEvent firstLine = first < 0 ? null : reconciles.get(first).processing();
            if (first < 0 || workflow.events().stream().anyMatch(e -> e.stream() != firstLine.stream() && EventOrder.before(e, firstLine))) {
                continue;
            }
            int earliest = first;
            while (earliest > 0 && reconciles.get(earliest - 1).first().stream() == line.stream()) {
                earliest--;
            }
            if (TaskResultLines.onlyThisPodCreated(reconciles, earliest, i, line, nodeId, podName)) {
                out.add(new TaskResultLines.SoleStop(line, null, null, firstLine));
            }
        }
        return EventOrder.inTimeOrder(out, TaskResultLines.SoleStop::stop);
    }

    private static int firstPassOf(List<TaskResultLines.Reconcile> reconciles, int i) {
        int cur = i;
        for (int guard = 0; guard <= reconciles.size(); guard++) {
            TaskResultLines.Reconcile r = reconciles.get(cur);
            if (!(r.processing() != null && r.processing().event() instanceof WorkflowProcessing p)) {
                return -1;
            }
            boolean fromNothing = (p.phase() != null && p.phase().isEmpty()) || r.lines().stream().anyMatch(e -> e.event() instanceof Signal s
                    && TaskResultLines.WORKFLOW_PHASE.equals(s.name()) && (s.attribute("fromPhase") == null || s.attribute("fromPhase").isEmpty()));
            if (fromNothing) {
                return cur;
            }
            String rv = p.resourceVersion() == null ? "" : p.resourceVersion().trim();
            if (rv.isEmpty()) {
                return -1;
            }
            int writer = -1;
            for (int j = cur - 1; j >= 0 && writer < 0; j--) {
                TaskResultLines.Reconcile w = reconciles.get(j);
                if (w.first().stream() != r.first().stream()) {
                    break;
                }
                if (w.lines().stream().anyMatch(e -> e.event() instanceof WorkflowUpdated u && u.resourceVersion() != null
                        && rv.equals(u.resourceVersion().trim()))) {
                    writer = j;
                }
            }
            if (writer < 0) {
                return -1;
            }
            cur = writer;
        }
        return -1;
    }
}
