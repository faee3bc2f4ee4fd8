package dev.argoforensics.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.source.InputClassifier;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.PasteShape;
import dev.argoforensics.wording.Message;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kubectl describe workflow} as pasted: kubectl made words of the field names; read back into the Workflow it
 * printed, its nodes and task-result states included, never as argo get output with no nodes.
 */
class KubectlDescribeWorkflowsTest {
    @TempDir
    Path dir;

    private static final String DESCRIBED = """
            $ kubectl describe wf -n reports weekly-rollup-8c2vd
            Name:         weekly-rollup-8c2vd
            Namespace:    reports
            Labels:       workflows.argoproj.io/completed=false
                          workflows.argoproj.io/phase=Running
            Annotations:  workflows.argoproj.io/pod-name-format: v2
            API Version:  argoproj.io/v1alpha1
            Kind:         Workflow
            Metadata:
              Creation Timestamp:  2026-05-02T03:00:04Z
              Generation:          7
              Managed Fields:
                API Version:  argoproj.io/v1alpha1
                Fields Type:  FieldsV1
                fieldsV1:
                  f:metadata:
                    f:labels:
                      .:
                Manager:         workflow-controller
                Time:            2026-05-02T03:09:40Z
              Resource Version:  5512098
              UID:               0f4c7a2e-3b9d-4e11-8a6c-1d2e3f405162
            Spec:
              Entrypoint:  rollup
              Templates:
                Name:  rollup
                Script:
                  Source:  set -e
            echo: not a field of the status
            Status:
              Conditions:
                Status:  False
                Type:    PodRunning
                Status:  True
                Type:    Completed
              Finished At:  <nil>
              Nodes:
                weekly-rollup-8c2vd:
                  Children:
                    weekly-rollup-8c2vd-2954104722
                  Display Name:    weekly-rollup-8c2vd
                  Finished At:     <nil>
                  Id:              weekly-rollup-8c2vd
                  Name:            weekly-rollup-8c2vd
                  Phase:           Running
                  Started At:      2026-05-02T03:00:04Z
                  Template Name:   rollup
                  Type:            Steps
                Weekly - Rollup - Sum:
                  Boundary ID:     weekly-rollup-8c2vd
                  Display Name:    sum
                  Finished At:     2026-05-02T03:09:38Z
                  Host Node Name:  pool-c-11
                  Id:              weekly-rollup-sum
                  Message:         pod deleted
                  Name:            weekly-rollup-8c2vd[0].sum
                  Phase:           Error
                  Started At:      2026-05-02T03:00:05Z
                  Task Result Synced:  false
                  Type:            Pod
              Phase:               Running
              Started At:          2026-05-02T03:00:04Z
              Task Results Completion Status:
                weekly-rollup-sum:  false
            Events:
              Type     Reason             Age   From                 Message
              ----     ------             ----  ----                 -------
              Warning  WorkflowNodeError  3m    workflow-controller  Error node weekly-rollup-8c2vd[0].sum: pod deleted
            """;

    private PasteFileReader.Result read(String text) throws IOException {
        Path p = dir.resolve("describe-wf.txt");
        Files.writeString(p, text, StandardCharsets.UTF_8);
        InputFile f = new InputClassifier().classify("describe-wf.txt", p);
        assertEquals(PasteShape.KUBECTL_DESCRIBE_WORKFLOW, PasteShape.of(f.reason()), "classified as " + f.reason());
        return new PasteFileReader().read(f, PasteShape.KUBECTL_DESCRIBE_WORKFLOW, null, null, Message.NOTHING);
    }

    @Test
    void theWorkflowWithItsNodesAndTaskResultStates() throws IOException {
        PasteFileReader.Result r = read(DESCRIBED);
        assertEquals(List.of(), r.problems());
        assertEquals(1, r.objects().size());
        WorkflowSnapshot w = (WorkflowSnapshot) r.objects().get(0);
        assertEquals("reports", w.namespace());
        assertEquals("weekly-rollup-8c2vd", w.name());
        assertEquals("0f4c7a2e-3b9d-4e11-8a6c-1d2e3f405162", w.uid());
        assertEquals("Running", w.phase());
        assertEquals("v2", w.podNameFormat());
        assertNull(w.finishedAt(), "<nil> is no time");
        assertEquals(2, w.nodes().size());
        // The node whose ID has no digit came out as words: keyed by its own Id:.
        NodeStatus sum = w.nodes().get("weekly-rollup-sum");
        assertEquals("weekly-rollup-8c2vd[0].sum", sum.name());
        assertEquals("sum", sum.displayName());
        assertEquals("Pod", sum.type());
        assertEquals("Error", sum.phase());
        assertEquals("pod deleted", sum.message());
        assertEquals(Instant.parse("2026-05-02T03:09:38Z"), sum.finishedAt().instant());
        assertEquals(Boolean.FALSE, sum.taskResultSynced());
        assertEquals(java.util.Map.of("weekly-rollup-sum", false), w.taskResultsCompletion());
        assertEquals(2, r.rows());
        assertEquals("describe-wf.txt:2", w.source().toString(), "cited at its Name: line");
        assertTrue(r.identifiers().contains("host:pool-c-11"), r.identifiers().toString());
        assertEquals("kubectl describe workflow output", r.format());
    }

    @Test
    void aStatusLineThatIsNoFieldIsReportedWithItsLine() throws IOException {
        String text = DESCRIBED.replace("  Phase:               Running\n", "  Phase:               Running\n  a wrapped line\n");
        PasteFileReader.Result r = read(text);
        assertEquals(1, r.problems().size(), r.problems().toString());
        assertEquals(text.lines().toList().indexOf("  a wrapped line") + 1, r.problems().get(0).line());
        assertEquals(1, r.objects().size(), "the rest of the Workflow is still read");
    }

    @Test
    void camelCaseIsPutBackOnlyWhereKubectlMadeWords() {
        assertEquals("boundaryID", KubectlDescribeWorkflows.key("Boundary ID"));
        assertEquals("taskResultsCompletionStatus", KubectlDescribeWorkflows.key("Task Results Completion Status"));
        assertEquals("uid", KubectlDescribeWorkflows.key("UID"));
        assertEquals("id", KubectlDescribeWorkflows.key("Id"));
        assertEquals("weekly-rollup-8c2vd-2954104722", KubectlDescribeWorkflows.key("weekly-rollup-8c2vd-2954104722"));
        assertEquals("workflows.argoproj.io/phase", KubectlDescribeWorkflows.key("workflows.argoproj.io/phase"));
    }

    @Test
    void argoGetAndDescribePodAreNotDescribeWorkflow() {
        assertEquals(PasteShape.KUBECTL_DESCRIBE_WORKFLOW, PasteShape.detect(DESCRIBED.lines().toList()));
        assertEquals(PasteShape.ARGO_GET, PasteShape.detect(List.of("Name:                wf-1", "Namespace:           argo",
                "ServiceAccount:      unset", "Status:              Running")));
        assertEquals(PasteShape.ARGO_GET, PasteShape.detect(List.of("Name:         wf-1", "Namespace:    argo", "API Version:  argoproj.io/v1alpha1",
                "Kind:         WorkflowTemplate")), "another kind of argoproj.io is not read as a Workflow");
        assertEquals(PasteShape.KUBECTL_DESCRIBE_POD, PasteShape.detect(List.of("Name:         p-1", "Namespace:    etl", "Priority:     0")));
    }

    /** Upstream #1341's shape, re-typed: a comment's sentence, then the description fenced from its Status: line on (no head). */
    private static final String FROM_STATUS = """
            I only kept the describe output, from the status down:

            ```
            Status:
              Finished At:  <nil>
              Nodes:
                Nightly - Ab - 3 K 7 Pq:
                  Children:
                    nightly-ab-3k7pq-2038104411
                  Display Name:   nightly-ab-3k7pq
                  Finished At:    <nil>
                  Id:             nightly-ab-3k7pq
                  Name:           nightly-ab-3k7pq
                  Phase:          Running
                  Started At:     2026-04-13T01:15:03Z
                  Template Name:  nightly
                  Type:           DAG
                Nightly - Ab - 3 K 7 Pq - 2038104411:
                  Boundary ID:    nightly-ab-3k7pq
                  Display Name:   build
                  Finished At:    2026-04-13T01:21:40Z
                  Id:             nightly-ab-3k7pq-2038104411
                  Message:        pod deleted
                  Name:           nightly-ab-3k7pq.build
                  Phase:          Error
                  Started At:     2026-04-13T01:15:04Z
                  Template Name:  build
                  Type:           Pod
              Phase:              Running
              Started At:         2026-04-13T01:15:03Z
            Events:               <none>
            ```
            """;

    @Test
    void aDescriptionFromItsStatusLineOnIsNamedByItsRootNode() throws IOException {
        PasteFileReader.Result r = read(FROM_STATUS);
        assertEquals(1, r.objects().size(), r.problems().toString());
        WorkflowSnapshot w = (WorkflowSnapshot) r.objects().get(0);
        assertEquals("nightly-ab-3k7pq", w.name(), "the root node's ID names the Workflow");
        assertEquals("", w.namespace(), "no head, no namespace: only the other evidence places it");
        assertEquals("Running", w.phase());
        assertEquals(2, w.nodes().size());
        NodeStatus build = w.nodes().get("nightly-ab-3k7pq-2038104411");
        assertEquals("Pod", build.type());
        assertEquals("Error", build.phase());
        assertEquals("pod deleted", build.message());
        assertEquals("describe-wf.txt:4", w.source().toString(), "cited at its Status: line");
        // The comment's sentence is reported at its line, as before a described Workflow with its head.
        assertEquals(1, r.problems().size(), r.problems().toString());
        assertEquals(1, r.problems().get(0).line());
        assertTrue(r.identifiers().contains("workflow:nightly-ab-3k7pq"), r.identifiers().toString());
        assertTrue(r.identifiers().stream().noneMatch(i -> i.equals("namespace:")), r.identifiers().toString());
    }

    @Test
    void aStatusTreeWithoutWorkflowNodesIsNoDescribedWorkflow() {
        List<String> fromStatus = FROM_STATUS.lines().toList();
        assertEquals(PasteShape.KUBECTL_DESCRIBE_WORKFLOW, PasteShape.detect(fromStatus.subList(3, fromStatus.size())), "unfenced, no sentence");
        // Another resource's description cut at its Status: (a Job's), a Status: holding its value (describe pod's), a Nodes: tree
        // whose entries print no Workflow node type: none is read as a Workflow.
        assertTrue(PasteShape.KUBECTL_DESCRIBE_WORKFLOW != PasteShape.detect(List.of("Status:", "  Active:  1", "  Conditions:",
                "    Type:    Complete", "  Start Time:  2026-04-13T01:15:03Z")));
        assertTrue(PasteShape.KUBECTL_DESCRIBE_WORKFLOW != PasteShape.detect(List.of("Status:       Running", "  Nodes:", "    n-1:",
                "      Id:    n-1", "      Type:  Pod")));
        assertTrue(PasteShape.KUBECTL_DESCRIBE_WORKFLOW != PasteShape.detect(List.of("Status:", "  Nodes:", "    pool-a:", "      Id:    pool-a",
                "      Type:  Standard")));
        assertTrue(PasteShape.KUBECTL_DESCRIBE_WORKFLOW != PasteShape.detect(List.of("Status:", "  Phase:  Running", "Spec:", "  Nodes:",
                "    n-1:", "      Id:    n-1", "      Type:  Pod")), "Nodes: of another column-0 section");
    }
}
