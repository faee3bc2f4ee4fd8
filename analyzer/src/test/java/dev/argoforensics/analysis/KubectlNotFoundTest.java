package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.accounting.PastedAnswer;
import dev.argoforensics.correlate.DeletionRequest;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.correlate.PodListing;
import dev.argoforensics.rules.Fact;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.RuleOutcome;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * kubectl's answer that an object does not exist ({@code Error from server (NotFound): pods "X" not found}), pasted beside the
 * controller's lines: read as an absence of the named Pod (or Workflow) with no time of its own, bounded only by a transcript's
 * order; never as a deletion time, never as the other resource's absence, and a controller record quoting the same words stays
 * a record.
 */
class KubectlNotFoundTest {
    private static final String POD = "ingest-hourly-29330940-fetch-3586639528";

    @TempDir
    Path dir;

    private static final String[] CONTROLLER = {
        "time=\"2026-10-14T09:00:00.226Z\" level=info msg=\"Pod node ingest-hourly-29330940-3586639528 initialized Pending\" namespace=feeds workflow=ingest-hourly-29330940",
        "time=\"2026-10-14T09:00:00.248Z\" level=info msg=\"Created pod: ingest-hourly-29330940[0].fetch (" + POD + ")\" namespace=feeds workflow=ingest-hourly-29330940",
        "time=\"2026-10-14T09:00:00.270Z\" level=info msg=\"add pod event\" pod=" + POD,
        "time=\"2026-10-14T09:01:05.483Z\" level=info msg=\"Task-result reconciliation\" namespace=feeds numObjs=0 workflow=ingest-hourly-29330940",
    };

    private AnalysisResult run(long chunkBytes, String... lines) throws IOException {
        Path p = dir.resolve("comment.txt");
        Files.writeString(p, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        // Every line kept: a NotFound answer does not make its Pod of interest by itself (a trigger line, an export or --pod does).
        return Analysis.standard(AnalysisOptions.defaults().withThreads(2).withChunkBytes(chunkBytes).keepingEverything(true)).run(List.of(p.toString()));
    }

    private static String[] transcript(String... after) {
        List<String> out = new ArrayList<>();
        out.add("$ kubectl logs -n argo deploy/workflow-controller | grep ingest-hourly-29330940");
        out.addAll(List.of(CONTROLLER));
        out.addAll(List.of(after));
        return out.toArray(String[]::new);
    }

    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 48})
    void aTranscriptsAnswerIsAnAbsenceRunAfterTheLinesBeforeItsPrompt(long chunkBytes) throws IOException {
        AnalysisResult r = run(chunkBytes, transcript("$ kubectl get pod -n feeds " + POD,
                "Error from server (NotFound): pods \"" + POD + "\" not found",
                "$ kubectl get wf ingest-hourly-29330880",
                "Error from server (NotFound): workflows.argoproj.io \"ingest-hourly-29330880\" not found"));
        InputSummary s = r.inputs().get(0);
        assertEquals(0, s.unparsed(), s.samples().toString());
        assertEquals(2, s.furniture().answerLines());
        PastedAnswer pod = s.furniture().answers().get(0);
        assertEquals("pods", pod.resource());
        assertEquals(POD, pod.name());
        assertEquals("kubectl get pod -n feeds " + POD, pod.command());
        assertEquals("2026-10-14T09:01:05.483Z", pod.after().format());
        PastedAnswer wf = s.furniture().answers().get(1);
        assertEquals("workflows.argoproj.io", wf.resource());
        assertEquals("ingest-hourly-29330880", wf.name());

        List<PodListing> listings = r.correlation().pods().get(new PodKey("feeds", POD)).listings();
        assertEquals(1, listings.size(), listings.toString());
        PodListing l = listings.get(0);
        assertNotNull(l.notFound());
        assertTrue(!l.listed() && !l.leftOut());
        assertNull(l.table().observed(), "no time of its own");
        // Never read as a deletion: the lines show none, and the answer gives none.
        assertEquals(Optional.<DeletionRequest>empty(), r.correlation().lifecycle(new PodKey("feeds", POD)).deletionRequest());
        // Without a stated time nothing can be placed after it: AF005 says nothing.
        assertTrue(findings(r, "AF005").isEmpty(), findings(r, "AF005").toString());
    }

    @Test
    void anAnswerPastedByHandWithoutPromptsBoundsNothing() throws IOException {
        List<String> lines = new ArrayList<>(List.of(CONTROLLER));
        lines.add("Error from server (NotFound): pods \"" + POD + "\" not found");
        InputSummary s = run(1 << 24, lines.toArray(String[]::new)).inputs().get(0);
        assertEquals(0, s.unparsed(), s.samples().toString());
        PastedAnswer a = s.furniture().answers().get(0);
        assertEquals("", a.command());
        assertNull(a.after(), "no transcript: the paste's order is the user's, not the commands'");
    }

    @Test
    void theAnswerOfAnotherCommandThanItsOwnPromptBoundsNothing() throws IOException {
        // The prompt's command printed controller lines; the answer follows them with no prompt of its own.
        InputSummary s = run(1 << 24, transcript("Error from server (NotFound): pods \"" + POD + "\" not found")).inputs().get(0);
        PastedAnswer a = s.furniture().answers().get(0);
        assertEquals("", a.command());
        assertNull(a.after());
    }

    @Test
    void aControllerRecordQuotingNotFoundStaysARecord() throws IOException {
        AnalysisResult r = run(1 << 24, "time=\"2026-10-14T09:02:00.100Z\" level=error msg=\"Error from server (NotFound): pods \\\"" + POD
                + "\\\" not found\" namespace=feeds workflow=ingest-hourly-29330940");
        InputSummary s = r.inputs().get(0);
        assertEquals(1, s.events());
        assertEquals(0, s.furniture().answerLines());
    }

    @Test
    void aWorkflowsAnswerIsNotThePodsAbsence() throws IOException {
        // A Workflow and a Pod of the same name: kubectl's answer about the Workflow says nothing of the Pod.
        String wfPod = "ingest-hourly-29330940";
        AnalysisResult r = run(1 << 24, "time=\"2026-10-14T09:00:00.248Z\" level=info msg=\"Created pod: ingest-hourly-29330940 (" + wfPod
                + ")\" namespace=feeds workflow=ingest-hourly-29330940",
                "$ kubectl get wf -n feeds " + wfPod,
                "Error from server (NotFound): workflows.argoproj.io \"" + wfPod + "\" not found");
        assertTrue(r.correlation().pods().get(new PodKey("feeds", wfPod)).listings().isEmpty());
        assertEquals(1, r.correlation().fates().get(new dev.argoforensics.event.WorkflowRef("feeds", wfPod)).notFound().size());
    }

    /**
     * The #17024 race from the controller's lines (samples/issue-17024's logs), and its Workflow later answered NotFound: the
     * answer is named as a fact and a line, and the confidence is what the lines give without it (the deletion has no time).
     */
    @Test
    void aDeletedWorkflowsAnswerIsNamedOnTheRaceNotReadAsIt() throws IOException {
        Path logs = Path.of("samples/issue-17024/logs");
        List<String> inputs = new ArrayList<>();
        try (var files = Files.list(logs)) {
            files.sorted().forEach(f -> inputs.add(f.toString()));
        }
        Finding without = only(Analysis.standard(AnalysisOptions.defaults().withThreads(2)).run(inputs), "AF001");
        Path paste = dir.resolve("kubectl.txt");
        Files.writeString(paste, "time=2026-09-19T16:40:00.000Z level=INFO msg=\"Alloc=1 TotalAlloc=1 Sys=1 NumGC=1 Goroutines=1\"\n"
                + "$ kubectl get wf -n status-capture-test status-capture-repro\n"
                + "Error from server (NotFound): workflows.argoproj.io \"status-capture-repro\" not found\n", StandardCharsets.UTF_8);
        inputs.add(paste.toString());
        Finding with = only(Analysis.standard(AnalysisOptions.defaults().withThreads(2)).run(inputs), "AF001");
        assertEquals(without.confidence(), with.confidence());
        Fact f = with.facts().stream().filter(x -> x.key().equals("workflowNotFound")).findFirst().orElseThrow();
        assertTrue(String.valueOf(f.value()).contains("when it was deleted is not stated"), f.toString());
        assertTrue(without.facts().stream().noneMatch(x -> x.key().equals("workflowNotFound")));
        assertTrue(with.evidence().stream().anyMatch(e -> e.source().toString().contains("kubectl.txt")), with.evidence().toString());
    }

    /** The Pod's deletion as the lines and exports bound it is the same with kubectl's answer, stated later, beside them. */
    @Test
    void anAnswerAtAStatedTimeIsNoDeletionBound() throws IOException {
        List<String> inputs = new ArrayList<>();
        try (var files = Files.list(Path.of("samples/issue-17024/logs"))) {
            files.sorted().forEach(f -> inputs.add(f.toString()));
        }
        PodKey pod = new PodKey("status-capture-test", "status-capture-repro");
        DeletionRequest without = Analysis.standard(AnalysisOptions.defaults().withThreads(2)).run(inputs).correlation().lifecycle(pod)
                .deletionRequest().orElseThrow();
        Path paste = dir.resolve("get-pod.txt");
        Files.writeString(paste, "# taken-at: 2026-09-19T16:45:00Z\n$ kubectl get pod -n status-capture-test status-capture-repro\n"
                + "Error from server (NotFound): pods \"status-capture-repro\" not found\n", StandardCharsets.UTF_8);
        inputs.add(paste.toString());
        AnalysisResult r = Analysis.standard(AnalysisOptions.defaults().withThreads(2)).run(inputs);
        assertEquals(1, r.correlation().pods().get(pod).listings().stream().filter(l -> l.notFound() != null).count());
        assertEquals(without, r.correlation().lifecycle(pod).deletionRequest().orElseThrow());
    }

    /** The node Running in {@code argo get} at {@code at} (the node's Pod the step's). */
    private String argoGet(String at, String phase) {
        return "# taken-at: " + at + "\n$ argo get -n feeds ingest-hourly-29330940\n"
                + "Name:                ingest-hourly-29330940\nNamespace:           feeds\nStatus:              Running\n"
                + "Created:             Wed Oct 14 09:00:00 +0000 (1 hour ago)\nStarted:             Wed Oct 14 09:00:00 +0000 (1 hour ago)\n"
                + "Duration:            1 hour 14 minutes\nProgress:            0/1\n\n"
                + "STEP                       TEMPLATE  PODNAME                                  DURATION  MESSAGE\n"
                + " ● ingest-hourly-29330940  main\n"
                + " └───" + ("Running".equals(phase) ? "●" : "◷") + " fetch               fetch     " + POD + "  1m        \n";
    }

    private List<Finding> af005(String takenAt, String argoGetAt, String phase, String... lines) throws IOException {
        Path logs = Files.createDirectories(dir.resolve("logs"));
        Files.writeString(logs.resolve("comment.txt"), String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        Path snaps = Files.createDirectories(dir.resolve("snapshots"));
        Files.writeString(snaps.resolve("get-pod.txt"), "# taken-at: " + takenAt + "\n$ kubectl get pod -n feeds " + POD
                + "\nError from server (NotFound): pods \"" + POD + "\" not found\n", StandardCharsets.UTF_8);
        Files.writeString(snaps.resolve("argo-get.txt"), argoGet(argoGetAt, phase), StandardCharsets.UTF_8);
        return findings(Analysis.standard(AnalysisOptions.defaults().withThreads(2)).run(List.of(logs.toString(), snaps.toString())), "AF005");
    }

    /**
     * argo retry creates the node's Pod again under its name: a NotFound stated before the rerun's Pod was created (and seen by
     * the informer) is the first Pod's absence, and the node Running after it is the rerun's (it was AF005 likely, "gone at
     * 10:12, Running 2m30s later"). Negative control: the same answer stated after the rerun's Pod was last seen, by more than a
     * user's clock may be off, is found.
     */
    @Test
    void anAnswerStatedBeforeARerunsPodWasCreatedSaysNothingOfIt() throws IOException {
        String[] grep = {
            "$ kubectl logs -n argo deploy/workflow-controller --since=3h | grep " + POD,
            CONTROLLER[1], CONTROLLER[2],
            "time=\"2026-10-14T09:38:12.301Z\" level=info msg=\"delete pod event\" pod=" + POD,
            "time=\"2026-10-14T10:13:02.118Z\" level=info msg=\"Created pod: ingest-hourly-29330940[0].fetch (" + POD + ")\" namespace=feeds workflow=ingest-hourly-29330940",
            "time=\"2026-10-14T10:13:02.131Z\" level=info msg=\"add pod event\" pod=" + POD,
            "time=\"2026-10-14T10:13:09.870Z\" level=info msg=\"update pod event\" pod=" + POD,
        };
        assertTrue(af005("2026-10-14T10:12:00Z", "2026-10-14T10:14:30Z", "Running", grep).isEmpty());
        // Session 31 review: 30 s after the rerun's Pod was last seen is within what the user's clock may be off (a laptop 40 s
        // ahead ran it at 10:13:00, before the rerun's Pod was created): it says nothing of that Pod (it was AF005 likely).
        assertTrue(af005("2026-10-14T10:13:40Z", "2026-10-14T10:14:30Z", "Running", grep).isEmpty());
        List<Finding> after = af005("2026-10-14T10:14:25Z", "2026-10-14T10:15:30Z", "Running", grep);
        assertEquals(1, after.size(), after.toString());
        assertEquals("2026-10-14T10:14:25Z", after.get(0).fact("podGoneAt").orElseThrow().value());
    }

    /**
     * An answer stated before the controller created the Pod: the Pod did not exist yet, which says nothing of it later (it was
     * AF005 likely, "gone 1h15m"). Negative control: stated after the Pod's last line (samples/pod-not-found-pasted's 10:12), found.
     */
    @Test
    void anAnswerStatedBeforeThePodWasCreatedSaysNothingOfIt() throws IOException {
        assertTrue(af005("2026-10-14T08:59:30Z", "2026-10-14T10:14:30Z", "Pending", CONTROLLER).isEmpty());
        assertEquals(1, af005("2026-10-14T10:12:00Z", "2026-10-14T10:14:30Z", "Pending", CONTROLLER).size());
    }

    private static List<Finding> findings(AnalysisResult r, String rule) {
        return r.outcomes().stream().filter(o -> o.rule().equals(rule)).map(RuleOutcome::findings).flatMap(List::stream).toList();
    }

    private static Finding only(AnalysisResult r, String rule) {
        List<Finding> f = findings(r, rule);
        assertEquals(1, f.size(), f.toString());
        return f.get(0);
    }
}
