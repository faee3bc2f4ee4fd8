package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.correlate.DeletionRequest;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.correlate.PodListing;
import dev.argoforensics.testing.Notes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kubectl's {@code No resources found in NS namespace.}, pasted under the command that printed it: the list came back empty, so no
 * object of what it listed existed then, among those its selector chose. Read as the NotFound answer is (an absence with no time of
 * its own, never a deletion time) where the command shows what the list covered; otherwise said and not read.
 */
class NoResourcesFoundTest {
    private static final String POD = "tile-render-q4n8s-render-452082737";
    private static final PodKey KEY = new PodKey("tile-ops", POD);

    @TempDir
    Path dir;

    private AnalysisResult run(String paste) throws IOException {
        List<String> inputs = new ArrayList<>();
        inputs.add(Path.of("samples/terminal-session-pasted/logs/workflow-controller.log").toString());
        if (paste != null) {
            Path p = dir.resolve("session.txt");
            Files.writeString(p, paste, StandardCharsets.UTF_8);
            inputs.add(p.toString());
        }
        return Analysis.standard(AnalysisOptions.defaults().withThreads(2)).run(inputs);
    }

    private static List<PodListing> answers(AnalysisResult r) {
        return r.correlation().pods().get(KEY).listings().stream().filter(l -> l.notFound() != null).toList();
    }

    private static InputSummary paste(AnalysisResult r) {
        return r.inputs().stream().filter(s -> s.file().displayPath().endsWith("session.txt")).findFirst().orElseThrow();
    }

    @Test
    void anEmptyListOfTheNamespaceIsThePodsAbsenceAtTheStatedTimeNeverItsDeletion() throws IOException {
        DeletionRequest without = run(null).correlation().lifecycle(KEY).deletionRequest().orElseThrow();
        AnalysisResult r = run("# taken-at: 2026-11-20T09:12:30Z\n$ kubectl get pods -n tile-ops\nNo resources found in tile-ops namespace.\n");
        List<PodListing> answers = answers(r);
        assertEquals(1, answers.size(), r.correlation().pods().get(KEY).listings().toString());
        PodListing l = answers.get(0);
        assertEquals(POD, l.notFound().name());
        assertEquals("No resources found in tile-ops namespace.", l.notFound().answer());
        assertTrue(l.notFound().source().toString().endsWith("session.txt:3"), l.notFound().source().toString());
        assertEquals("2026-11-20T09:12:30Z", l.table().observed().time().format());
        assertEquals(without, r.correlation().lifecycle(KEY).deletionRequest().orElseThrow(), "an absence is no deletion time");
        assertTrue(Notes.words(paste(r).notes()).contains("`kubectl get pods -n tile-ops` (line 3) printed no resources: no Pod existed in "
                + "namespace tile-ops when it ran (an absence: when that was, only a stated time says)"), paste(r).notes().toString());
    }

    @Test
    void theAnswerNamesItsNamespaceWhenThePromptDoesNotAndAWorkflowsLabelNarrowsIt() throws IOException {
        AnalysisResult r = run("$ kubectl get pods -l workflows.argoproj.io/workflow=tile-render-q4n8s\nNo resources found in tile-ops namespace.\n");
        assertEquals(1, answers(r).size());
        assertNotNull(answers(r).get(0).notFound().listing());
        assertEquals("tile-render-q4n8s", answers(r).get(0).notFound().listing().workflow());
    }

    @Test
    void anotherNamespaceOrAnotherWorkflowsLabelSaysNothingOfThePod() throws IOException {
        assertTrue(answers(run("$ kubectl get pods -n tile-staging\nNo resources found in tile-staging namespace.\n")).isEmpty());
        assertTrue(answers(run("$ kubectl get pods -n tile-ops -l workflows.argoproj.io/workflow=tile-render-zz9x1\n"
                + "No resources found in tile-ops namespace.\n")).isEmpty());
        assertTrue(answers(run("$ kubectl get wf -n tile-ops\nNo resources found in tile-ops namespace.\n")).isEmpty(),
                "an empty list of Workflows is no Pod's absence");
    }

    /** Negative controls: a repro's first look at its namespace, before the Pod existed, says nothing of the Pod. */
    @Test
    void anEmptyListBeforeThePodExistedOrBesideARowOfItSaysNothingOfIt() throws IOException {
        assertTrue(answers(run("# taken-at: 2026-11-20T08:59:50Z\n$ kubectl get pods -n tile-ops\nNo resources found in tile-ops namespace.\n"))
                .isEmpty(), "stated before the controller's first line about the Pod");
        assertTrue(answers(run("$ kubectl get pods -n tile-ops\nNo resources found in tile-ops namespace.\n$ argo submit render.yaml -n tile-ops\n"
                + "$ kubectl get pods -n tile-ops\nNAME                                 READY   STATUS    RESTARTS   AGE\n"
                + POD + "   1/2     Running   0          40s\n")).isEmpty(), "the same paste lists the Pod: the empty list came before it");
    }

    @Test
    void aListWhoseCoverTheCommandDoesNotShowIsSaidNotRead() throws IOException {
        for (String command : List.of("kubectl get pods --field-selector=status.phase=Running -n tile-ops", "kubectl get pods -l app=render -n tile-ops",
                "kubectl get pods")) {
            AnalysisResult r = run("$ " + command + "\nNo resources found" + (command.endsWith("pods") ? "." : " in tile-ops namespace.") + "\n");
            assertTrue(answers(r).isEmpty(), command);
            assertEquals(0, paste(r).unparsed(), command);
            assertTrue(Notes.words(paste(r).notes()).contains("`" + command + "` (line 2) printed no resources, but the command does not show which "
                    + "Pods or Workflows its list covered (a namespace, and no selector but a Workflow's label): not read as evidence that any "
                    + "did not exist"), command + ": " + paste(r).notes());
        }
    }

    @Test
    void anEmptyListOfWorkflowsIsTheWorkflowsAbsence() throws IOException {
        AnalysisResult r = run("$ kubectl get wf -n tile-ops\nNo resources found in tile-ops namespace.\n");
        var fate = r.correlation().lifecycle(KEY).workflow();
        assertEquals(1, fate.notFound().size(), fate.toString());
        assertEquals("tile-render-q4n8s", fate.notFound().get(0).name());
        assertTrue(fate.notFound().get(0).source().toString().endsWith("session.txt:2"));
    }

    /**
     * The same answer in a log file, under its prompt after the controller's lines an earlier command of the transcript printed
     * (session 29 left it an unparsed line): the Pod's absence, run after the latest of those lines, never a deletion time; an answer
     * whose command does not show what it listed stays excerpt furniture, not read, and is no unparsed line either.
     */
    @Test
    void inALogFileTheAnswerUnderItsPromptIsAnAbsenceBoundByTheLinesBefore() throws IOException {
        List<String> log = Files.readAllLines(Path.of("samples/terminal-session-pasted/logs/workflow-controller.log"), StandardCharsets.UTF_8);
        for (String command : List.of("kubectl get pods -n tile-ops", "kubectl get pods -n tile-ops --field-selector=status.phase=Running")) {
            Path p = dir.resolve("transcript.log");
            Files.writeString(p, "$ kubectl logs -n argo deploy/workflow-controller | grep tile-render-q4n8s\n" + String.join("\n", log.subList(0, 16))
                    + "\n$ " + command + "\nNo resources found in tile-ops namespace.\n", StandardCharsets.UTF_8);
            AnalysisResult r = Analysis.standard(AnalysisOptions.defaults().withThreads(2)).run(List.of(p.toString()));
            InputSummary s = r.inputs().get(0);
            assertEquals(0, s.unparsed(), command);
            assertEquals(1, s.furniture().answerLines(), command);
            List<PodListing> answers = answers(r);
            if (command.contains("field-selector")) {
                assertTrue(answers.isEmpty(), command + ": " + answers);
                continue;
            }
            assertEquals(1, answers.size(), command + ": " + r.correlation().pods().get(KEY).listings());
            PodListing l = answers.get(0);
            assertEquals("No resources found in tile-ops namespace.", l.notFound().answer());
            assertTrue(l.notFound().source().toString().endsWith("transcript.log:19"), l.notFound().source().toString());
            assertEquals("2026-11-20T09:07:10.301Z", l.notFound().after().format(), "run after the last line the grep printed");
            Path alone = dir.resolve("alone.log");
            Files.writeString(alone, String.join("\n", log.subList(0, 16)) + "\n", StandardCharsets.UTF_8);
            assertEquals(Analysis.standard(AnalysisOptions.defaults().withThreads(2)).run(List.of(alone.toString())).correlation().lifecycle(KEY)
                    .deletionRequest().map(d -> d.notAfter().at().format()), r.correlation().lifecycle(KEY).deletionRequest()
                    .map(d -> d.notAfter().at().format()), "an absence is no deletion time");
        }
    }
}
