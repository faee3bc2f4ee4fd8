package dev.argoforensics.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code kubectl get pod -o yaml} trimmed before it was pasted: what is there is read as it stands, and what a cut may have
 * held is unknown, not absent (a finalizer, a deletionTimestamp, a condition, a container's state).
 */
class TrimmedExportTest {
    @TempDir
    Path dir;

    /** The Pod of samples/issue-17024 as kubectl prints it, whole. */
    private static final String WHOLE = """
            apiVersion: v1
            kind: Pod
            metadata:
              annotations:
                workflows.argoproj.io/node-id: status-capture-repro
                workflows.argoproj.io/node-name: status-capture-repro
              creationTimestamp: "2026-09-19T16:27:10Z"
              finalizers:
              - workflows.argoproj.io/status
              labels:
                workflows.argoproj.io/completed: "false"
                workflows.argoproj.io/workflow: status-capture-repro
              managedFields:
              - apiVersion: v1
                manager: workflow-controller
                operation: Update
                time: "2026-09-19T16:27:10Z"
              name: status-capture-repro
              namespace: status-capture-test
              uid: 7c1d9a52-3f0e-4b8a-9e61-5d2f4c8b1a03
            spec:
              containers:
              - image: busybox
                name: main
              nodeName: worker-2
            status:
              conditions:
              - lastTransitionTime: "2026-09-19T16:27:12Z"
                status: "True"
                type: Initialized
              - lastTransitionTime: "2026-09-19T16:27:21Z"
                status: "False"
                type: Ready
              containerStatuses:
              - name: main
                state:
                  terminated:
                    exitCode: 0
                    finishedAt: "2026-09-19T16:27:20Z"
                    reason: Completed
                    startedAt: "2026-09-19T16:27:13Z"
              - name: wait
                state:
                  terminated:
                    exitCode: 0
                    finishedAt: "2026-09-19T16:27:21Z"
                    reason: Completed
                    startedAt: "2026-09-19T16:27:13Z"
              phase: Succeeded
            """;

    private ObjectFileReader.Result result;

    private List<PodSnapshot> pods(String yaml) throws IOException {
        Path p = dir.resolve("pod.yaml");
        Files.writeString(p, yaml, StandardCharsets.UTF_8);
        List<PodSnapshot> out = new ArrayList<>();
        result = new ObjectFileReader().read(new InputFile("pod.yaml", p, InputKind.SNAPSHOT, false, "test"), null,
                d -> out.add(ObjectDecoder.pod(d)));
        assertTrue(result.problems().isEmpty(), () -> result.problems().toString());
        return out;
    }

    private static String cut(String yaml, String from, String until, String mark) {
        int a = yaml.indexOf(from);
        int b = yaml.indexOf(until, a);
        return yaml.substring(0, a) + mark + "\n" + yaml.substring(b);
    }

    @Test
    void theWholeExportIsKnownThroughout() throws IOException {
        PodSnapshot pod = pods(WHOLE).get(0);
        assertFalse(pod.trimmed().any());
        assertTrue(pod.finalizersKnown());
        assertTrue(pod.hasStatusFinalizer());
        assertTrue(pod.notDeleting());
        assertEquals("2026-09-19T16:27:21Z", pod.containersFinishedAt().orElseThrow().format());
        assertEquals("2026-09-19T16:27:21Z", pod.lastConditionTransition().orElseThrow().format());
        assertTrue(result.cuts().isEmpty());
    }

    @Test
    void aCutInMetadataLeavesTheFinalizersAndTheDeletionUnknown() throws IOException {
        // The finalizers and managedFields cut with "[...]": the Pod may have had the status finalizer, and a deletionTimestamp.
        String yaml = cut(WHOLE, "  finalizers:", "  name: status-capture-repro", "  [...]");
        PodSnapshot pod = pods(yaml).get(0);
        assertEquals(List.of(), pod.finalizers());
        assertFalse(pod.finalizersKnown(), "a cut list is not an empty one");
        assertFalse(pod.deletionShown());
        assertFalse(pod.notDeleting(), "no deletionTimestamp in a trimmed metadata is no proof of none");
        assertEquals("status-capture-repro", pod.name());
        assertEquals("7c1d9a52-3f0e-4b8a-9e61-5d2f4c8b1a03", pod.uid(), "the lines after the cut are read");
        // The status stands whole: its facts are known.
        assertEquals("2026-09-19T16:27:21Z", pod.containersFinishedAt().orElseThrow().format());
        assertEquals("lines left out at 8 (under metadata)", pod.trimmed().describe());
    }

    @Test
    void aCutInTheStatusLeavesTheContainersAndConditionsUnknownButKeepsWhatIsThere() throws IOException {
        // The wait container's status cut: main terminated is a fact, "every container terminated" is not.
        String yaml = cut(WHOLE, "  - name: wait", "  phase: Succeeded", "  ...");
        PodSnapshot pod = pods(yaml).get(0);
        assertEquals(List.of("main"), pod.containers().stream().map(ContainerState::name).toList());
        assertTrue(pod.containers().get(0).terminated());
        assertTrue(pod.containersFinishedAt().isEmpty(), "the wait container may still have run");
        assertFalse(pod.allContainersSucceeded());
        assertTrue(pod.lastConditionTransition().isEmpty(), "a later transition may have been cut");
        assertEquals("Succeeded", pod.phase(), "the phase after the cut is read");
        assertTrue(pod.finalizersKnown(), "metadata is whole");
        assertTrue(pod.hasStatusFinalizer());
        assertTrue(pod.notDeleting());
    }

    @Test
    void aCutThatCannotHoldAFieldLeavesItKnown() throws IOException {
        // managedFields given as "[...]", the spec's containers cut: neither can hold a finalizer, a deletion or the status.
        String yaml = cut(WHOLE, "  managedFields:", "  name: status-capture-repro", "  managedFields: [...]");
        yaml = cut(yaml, "  - image: busybox", "  nodeName: worker-2", "    # containers trimmed");
        PodSnapshot pod = pods(yaml).get(0);
        assertEquals(List.of(List.of("metadata", "managedFields"), List.of("spec", "containers")),
                pod.trimmed().cuts().stream().map(Trimmed.Cut::path).toList());
        assertTrue(pod.finalizersKnown());
        assertTrue(pod.notDeleting());
        assertEquals("2026-09-19T16:27:21Z", pod.containersFinishedAt().orElseThrow().format());
        assertEquals("2026-09-19T16:27:21Z", pod.lastConditionTransition().orElseThrow().format());
        assertEquals("worker-2", pod.nodeName());
    }

    @Test
    void aListItemThatIsOnlyAMarkIsNoFinalizer() throws IOException {
        // "- ..." would read as a finalizer named "...".
        String yaml = WHOLE.replace("  - workflows.argoproj.io/status\n", "  - workflows.argoproj.io/status\n  - ...\n");
        PodSnapshot pod = pods(yaml).get(0);
        assertEquals(List.of("workflows.argoproj.io/status"), pod.finalizers());
        assertTrue(pod.hasStatusFinalizer(), "what is there is a fact");
        assertFalse(pod.finalizersKnown(), "the rest of the list is not");
        assertEquals(List.of("metadata", "finalizers"), pod.trimmed().cuts().get(0).path());
    }

    @Test
    void aMarkAtTheStartOfALineDoesNotEndTheDocument() throws IOException {
        // "..." in column 0 is YAML's end of a document: what follows would have been another object, and the status lost.
        String yaml = cut(WHOLE, "spec:", "status:", "...");
        List<PodSnapshot> pods = pods(yaml);
        assertEquals(1, pods.size());
        assertEquals("Succeeded", pods.get(0).phase());
        assertEquals(List.of(), pods.get(0).trimmed().cuts().get(0).path(), "at the top of the object: it may have held anything");
        assertFalse(pods.get(0).finalizersKnown());
        assertTrue(pods.get(0).containersFinishedAt().isEmpty());
    }

    @Test
    void aTrimmedCommentAtTheTopSaysTheFileWasTrimmedNotWhere() throws IOException {
        PodSnapshot pod = pods("# taken-at: 2026-09-19T16:31:06Z\n# trimmed for the issue\n" + WHOLE).get(0);
        assertEquals(List.of(2L), result.cuts().stream().map(Trimmed.Cut::line).toList());
        assertFalse(pod.finalizersKnown());
        assertEquals(ObservationBasis.TAKEN_AT_COMMENT, pod.observed().basis(), "the taken-at comment is no mark");
        // A comment quoting the yq deletion that trimmed it says where: that field alone is unknown.
        PodSnapshot yq = pods("# kubectl get pod -o yaml | yq 'del(.status.containerStatuses)' (trimmed for the ticket)\n" + WHOLE).get(0);
        assertEquals(List.of(List.of("status", "containerStatuses")), yq.trimmed().cuts().stream().map(Trimmed.Cut::path).toList());
        assertTrue(yq.finalizersKnown());
        assertTrue(yq.notDeleting());
        assertTrue(yq.containersFinishedAt().isEmpty());
        assertEquals("2026-09-19T16:27:21Z", yq.lastConditionTransition().orElseThrow().format());
        // A comment that says nothing of a cut is no mark.
        assertFalse(pods("# exported from the cluster\n" + WHOLE).get(0).trimmed().any());
    }

    @Test
    void inAListACutBetweenItemsLeavesTheItemsWholeAndACutInAnItemIsThatItemsOnly() throws IOException {
        // kubectl get pods -o yaml: each item's fields two spaces in, after "- apiVersion: v1".
        String body = WHOLE.replace("apiVersion: v1\nkind: Pod\n", "").indent(2);
        String trimmedBody = cut(body, "    - name: wait", "    phase: Succeeded", "    ...");
        String list = "apiVersion: v1\nitems:\n- apiVersion: v1\n  kind: Pod\n" + body + "...\n- apiVersion: v1\n  kind: Pod\n"
                + trimmedBody + "kind: List\nmetadata:\n  resourceVersion: \"\"\n";
        List<PodSnapshot> pods = pods(list);
        assertEquals(2, pods.size());
        assertFalse(pods.get(0).trimmed().any(), "the mark between items left items out, not lines of this one");
        assertTrue(pods.get(0).containersFinishedAt().isPresent());
        assertEquals(List.of(List.of("status")), pods.get(1).trimmed().cuts().stream().map(Trimmed.Cut::path).toList());
        assertTrue(pods.get(1).containersFinishedAt().isEmpty());
        assertEquals(2, result.cuts().size(), "the file names both");
    }

    /**
     * Review s26: a mark written at an annotation's indentation, whose cut ran on through the rest of the metadata to {@code labels}:
     * kubectl prints the keys in sorted order, so {@code creationTimestamp}, {@code deletionTimestamp} and {@code finalizers} stood in
     * the lines left out. Before, the mark was placed under {@code metadata.annotations} alone, and the missing deletionTimestamp read
     * as none: the export "taken before the deletion", its terminated containers "finished before" it.
     */
    @Test
    void aCutThatRanOnPastItsMappingLeavesWhatStoodBetweenUnknown() throws IOException {
        String deleted = WHOLE.replace("  creationTimestamp: \"2026-09-19T16:27:10Z\"\n",
                "  creationTimestamp: \"2026-09-19T16:27:10Z\"\n  deletionGracePeriodSeconds: 30\n  deletionTimestamp: \"2026-09-19T16:27:50Z\"\n");
        PodSnapshot pod = pods(cut(deleted, "    workflows.argoproj.io/node-name", "  labels:", "    ...")).get(0);
        assertEquals(List.of("metadata", "annotations"), pod.trimmed().cuts().get(0).path());
        assertFalse(pod.deletionShown(), "deletionTimestamp sorts between annotations and labels: it may have been cut");
        assertFalse(pod.notDeleting());
        assertFalse(pod.finalizersKnown());
        assertEquals("2026-09-19T16:27:21Z", pod.containersFinishedAt().orElseThrow().format(), "the status stands whole");
        assertEquals("status-capture-repro", pod.name());

        // The negative control: the next line is creationTimestamp, which sorts before deletionTimestamp and the finalizers: the cut
        // ended inside the annotations, and what follows is read as it stands.
        PodSnapshot inAnnotations = pods(cut(WHOLE, "    workflows.argoproj.io/node-name", "  creationTimestamp:", "    ...")).get(0);
        assertTrue(inAnnotations.deletionShown());
        assertTrue(inAnnotations.notDeleting());
        assertTrue(inAnnotations.finalizersKnown());
        assertTrue(inAnnotations.hasStatusFinalizer());

        // A cut inside main's container status, the next line wait's item: still inside the list, the rest of the status is known.
        PodSnapshot inItem = pods(cut(WHOLE, "        finishedAt: \"2026-09-19T16:27:20Z\"", "  - name: wait", "        ...")).get(0);
        assertTrue(inItem.containersFinishedAt().isEmpty(), "main's end was cut");
        assertEquals("2026-09-19T16:27:21Z", inItem.lastConditionTransition().orElseThrow().format(), "the conditions stand before the list");
        assertTrue(inItem.notDeleting());
    }

    /** Review s26: a mark before the end of the file may have cut the rest of every mapping it stands in (the status's phase included). */
    @Test
    void aCutAtTheEndOfTheFileReachesTheEndOfEveryMapping() throws IOException {
        String yaml = WHOLE.substring(0, WHOLE.indexOf("  - name: wait")) + "    ...\n";
        PodSnapshot pod = pods(yaml).get(0);
        assertTrue(pod.trimmed().hides("status", "phase"), pod.trimmed().cuts().toString());
        assertFalse(pod.trimmed().hides("metadata", "finalizers"), "metadata came before the cut");
        assertTrue(pod.notDeleting());
    }
}
