package dev.argoforensics.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.argoforensics.testing.Notes;
import dev.argoforensics.wording.Message;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** The minimal Workflow of a bug report draft, rebuilt from an export of a DAG with four tasks. */
class WorkflowReconstructionTest {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final String EXPORT = """
            apiVersion: argoproj.io/v1alpha1
            kind: Workflow
            metadata: {name: nightly-rollup-8kd2p, namespace: lakehouse}
            spec:
              entrypoint: pipeline
              serviceAccountName: rollup-runner
              imagePullSecrets: [{name: regcred}]
              onExit: notify
              templates:
              - name: pipeline
                dag:
                  tasks:
                  - {name: extract, template: extract}
                  - {name: transform, template: transform, dependencies: [extract, audit]}
                  - {name: audit, template: audit}
                  - {name: publish, template: publish, depends: "transform && audit"}
              - name: extract
                container:
                  image: busybox:1.37
                  args: ["echo extract"]
              - name: transform
                nodeSelector: {pool: highmem}
                container:
                  image: registry.corp-example.test:5000/lakehouse/transform:7.1
                  args: ["--input=s3://lakehouse-raw/2026/", "--api-token=tok-93kd", "--tokenizer=simple"]
                  env:
                  - {name: DB_PASSWORD, value: hunter2}
                  - {name: MODE, value: fast}
              - name: audit
                container: {image: busybox:1.37}
              - name: publish
                container: {image: busybox:1.37}
              - name: notify
                container: {image: busybox:1.37}
            status:
              phase: Failed
              nodes:
                nightly-rollup-8kd2p: {id: nightly-rollup-8kd2p, name: nightly-rollup-8kd2p, templateName: pipeline,
                  children: [nightly-rollup-8kd2p-11]}
                nightly-rollup-8kd2p-11: {id: nightly-rollup-8kd2p-11, name: nightly-rollup-8kd2p.extract, templateName: extract,
                  children: [nightly-rollup-8kd2p-22]}
                nightly-rollup-8kd2p-22: {id: nightly-rollup-8kd2p-22, name: nightly-rollup-8kd2p.transform, templateName: transform}
            """;

    private static JsonNode export() throws Exception {
        return YAML.readTree(EXPORT);
    }

    @Test
    void onlyTheTemplatesOnTheNodesPathAreKept() throws Exception {
        WorkflowReconstruction.Result r = WorkflowReconstruction.rebuild(export(), "nightly-rollup-8kd2p-22", null, UnaryOperator.identity(),
                s -> false);
        JsonNode wf = YAML.readTree(r.yaml());
        assertEquals("nightly-rollup-8kd2p-", wf.path("metadata").path("generateName").asText());
        List<String> templates = wf.path("spec").path("templates").findValuesAsText("name").stream().distinct().toList();
        assertTrue(templates.containsAll(List.of("pipeline", "extract", "transform")), templates.toString());
        assertFalse(templates.contains("publish") || templates.contains("notify") || templates.contains("audit"), templates.toString());
        JsonNode tasks = wf.path("spec").path("templates").get(0).path("dag").path("tasks");
        assertEquals(2, tasks.size(), "extract and transform, the tasks calling templates on the path");
        assertEquals("[\"extract\"]", tasks.get(1).path("dependencies").toString(), "a dependency on a task left out is dropped");
        assertFalse(wf.path("spec").has("onExit"), "the exit handler is off the path");
        assertFalse(wf.path("spec").has("serviceAccountName") || wf.path("spec").has("imagePullSecrets"), "cluster settings left out");
        assertFalse(r.yaml().contains("nodeSelector") || r.yaml().contains("status"), r.yaml());
        assertTrue(r.notes().contains(Message.of("note.reconstruction.templatesLeft", "left", 3, "all", 6)), r.notes().toString());
        assertTrue(Notes.words(r.notes()).contains("3 of 6 templates are left out: they are not on the node's path"), r.notes().toString());
    }

    @Test
    void secretsAreMaskedWhateverTheRedaction() throws Exception {
        String yaml = WorkflowReconstruction.rebuild(export(), "nightly-rollup-8kd2p-22", null, UnaryOperator.identity(), s -> false).yaml();
        assertFalse(yaml.contains("hunter2") || yaml.contains("tok-93kd") || yaml.contains("fast"), yaml);
        assertTrue(yaml.contains("--api-token=REDACTED"), yaml);
        assertTrue(yaml.contains("--tokenizer=simple"), "a key that only starts with a keyword is no secret: " + yaml);
        assertTrue(yaml.contains("name: DB_PASSWORD"), "the variable's name stays");
    }

    @Test
    void namesAreRedactedAndNamesInsideLongerWordsMasked() throws Exception {
        String image = "registry.corp-example.test:5000/lakehouse/transform:7.1";
        UnaryOperator<String> text = s -> s.equals(image) ? "image-5e1f0a"
                : s.replaceAll("(?<![A-Za-z0-9-])nightly-rollup-8kd2p(?![A-Za-z0-9-])", "wf-81b0e4")
                        .replaceAll("(?<![A-Za-z0-9-])lakehouse(?![A-Za-z0-9-])", "ns-3fa2c1");  // whole names only, as TextRedactor
        WorkflowReconstruction.Result r = WorkflowReconstruction.rebuild(export(), "nightly-rollup-8kd2p-22", null, text,
                s -> s.contains("lakehouse") || s.contains("nightly-rollup-8kd2p"));
        assertFalse(r.yaml().contains("lakehouse") || r.yaml().contains("nightly-rollup") || r.yaml().contains("corp-example"), r.yaml());
        assertTrue(r.yaml().contains("image: image-5e1f0a"), r.yaml());
        assertTrue(r.yaml().contains("generateName: wf-81b0e4-"), r.yaml());
        assertTrue(r.yaml().contains("- REDACTED"), "the bucket URL is masked whole: " + r.yaml());
        assertTrue(r.yaml().contains("image: busybox:1.37"), "a public image stays, the Workflow must run");
    }

    @Test
    void aPrivateImageThatTheRedactionKnowsOnlyInPartIsMasked() throws Exception {
        UnaryOperator<String> registryOnly = s -> s.replace("registry.corp-example.test:5000", "registry-9c0d1e");
        String yaml = WorkflowReconstruction.rebuild(export(), "nightly-rollup-8kd2p-22", null, registryOnly, s -> false).yaml();
        assertFalse(yaml.contains("transform:7.1"), yaml);
        assertTrue(yaml.contains("image: REDACTED"), yaml);
    }

    @Test
    void aNodeNotInTheExportKeepsEveryTemplate() throws Exception {
        WorkflowReconstruction.Result r = WorkflowReconstruction.rebuild(export(), "nightly-rollup-8kd2p-99", "no-such-node",
                UnaryOperator.identity(), s -> false);
        assertEquals(6, YAML.readTree(r.yaml()).path("spec").path("templates").size());
        assertTrue(Notes.words(r.notes()).contains("the node is not in the export's status.nodes, so every template is kept"), r.notes().toString());
    }

    @Test
    void mentionsNotifyNobody() {
        assertEquals("ask `@oncall-team` or `@acme/platform`", Markdown.noMentions("ask @oncall-team or @acme/platform"));
        assertEquals("page oncall@acme-corp.example", Markdown.noMentions("page oncall@acme-corp.example"), "an e-mail address is no mention");
        assertEquals("already `@quoted`", Markdown.noMentions("already `@quoted`"));
    }
}
