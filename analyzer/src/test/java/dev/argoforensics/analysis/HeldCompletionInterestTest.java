package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.RuleOutcome;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * AF006's lines-alone shape of v3.5.3-v3.5.5 (the Workflow's phase set completed, never marked completed) must be seen when
 * only the lines of Workflows of interest are kept: a pass of the controller over a completed phase ({@code Processing workflow
 * Phase=Succeeded}) makes its Workflow of interest in pass 1, since a Workflow marked completed is not processed again. Control: a
 * Workflow marked completed in the pass that set its phase, and the passes over a running phase, make nothing of interest.
 */
class HeldCompletionInterestTest {
    @TempDir
    Path dir;

    private static String line(String t, String msg, String keys) {
        return "time=\"2026-09-19T" + t + "Z\" level=info msg=\"" + msg + "\" " + keys;
    }

    private static String processing(String t, String wf, String phase, String rv) {
        return line(t, "Processing workflow", "Phase=" + phase + " ResourceVersion=" + rv + " namespace=ns workflow=" + wf);
    }

    private static String updated(String t, String wf, String phase, String rv) {
        return line(t, "Workflow update successful", "namespace=ns phase=" + phase + " resourceVersion=" + rv + " workflow=" + wf);
    }

    /** Workflow {@code wf}'s step and its completed phase at 16:27:46, marked completed in that pass or not. */
    private static void run(List<String> l, String wf, boolean marked) {
        l.add(processing("16:27:10.100", wf, "Running", "4990"));
        l.add(line("16:27:10.200", "Created pod: " + wf + " (" + wf + ")", "namespace=ns workflow=" + wf));
        l.add(updated("16:27:10.300", wf, "Running", "4991"));
        l.add(processing("16:27:46.000", wf, "Running", "4991"));
        l.add(line("16:27:46.002", "node changed", "namespace=ns new.message= new.phase=Succeeded new.progress=1/1 nodeID=" + wf
                + " old.message= old.phase=Running old.progress=0/1 workflow=" + wf));
        l.add(line("16:27:46.003", "Updated phase Running -> Succeeded", "namespace=ns workflow=" + wf));
        if (marked) {
            l.add(line("16:27:46.004", "Marking workflow completed", "namespace=ns workflow=" + wf));
        }
        l.add(updated("16:27:46.100", wf, "Succeeded", "5001"));
    }

    private AnalysisResult analyze(List<String> lines, boolean everything) throws IOException {
        Path p = dir.resolve("controller.log");
        Files.writeString(p, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        AnalysisOptions options = AnalysisOptions.defaults().withThreads(2).withChunkBytes(everything ? 1 << 24 : 400).keepingEverything(everything);
        return Analysis.standard(options).run(List.of(p.toString()));
    }

    private static List<Finding> af006(AnalysisResult r) {
        return r.outcomes().stream().filter(o -> o.rule().equals("AF006")).map(RuleOutcome::findings).findFirst().orElseThrow();
    }

    private static List<String> log() {
        List<String> l = new ArrayList<>();
        l.add(line("16:00:00.000", "Starting Workflow Controller", "defaultRequeueTime=10s version=v3.5.4"));
        run(l, "held", false);
        run(l, "done", true);
        // The 20-minute resyncs: only the Workflow never marked completed is processed again, over its completed phase.
        for (String t : List.of("16:47:46.200", "17:07:46.200")) {
            l.add(processing(t, "held", "Succeeded", "5001"));
            l.add(line(t.substring(0, t.length() - 1) + "1", "Task-result reconciliation", "namespace=ns numObjs=1 workflow=held"));
        }
        l.add(processing("18:00:00.000", "other", "Running", "1"));
        // A release that logs no phase (v3.4-v3.5.2): no trigger, nothing fails.
        l.add(line("18:00:01.000", "Processing workflow", "namespace=ns workflow=older"));
        return l;
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aPassOverACompletedPhaseKeepsItsWorkflowsLinesEitherWay(boolean everything) throws IOException {
        AnalysisResult r = analyze(log(), everything);
        List<Finding> found = af006(r);
        assertEquals(1, found.size(), found::toString);
        assertEquals(new WorkflowRef("ns", "held"), found.get(0).workflow());
        assertEquals("40m0.197s", found.get(0).fact("pendingFor").orElseThrow().value());
        if (!everything) {
            // Control: the Workflow marked completed, and the one only ever processed Running, kept nothing.
            assertTrue(r.correlation().workflow(new WorkflowRef("ns", "done")).map(h -> h.events().isEmpty()).orElse(true),
                    "a Workflow marked completed in its phase pass is of no interest");
            assertTrue(r.correlation().workflow(new WorkflowRef("ns", "other")).map(h -> h.events().isEmpty()).orElse(true),
                    "a pass over a running phase makes nothing of interest");
            assertTrue(r.correlation().workflow(new WorkflowRef("ns", "held")).orElseThrow().events().size() >= 10,
                    "the held Workflow's lines from before the trigger are kept too");
        }
    }
}
