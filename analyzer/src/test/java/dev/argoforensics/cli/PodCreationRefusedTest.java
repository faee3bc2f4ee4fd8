package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.testing.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 42 breaker (AF005): a Pod that could not be created is not a Pod gone. The shape of
 * samples/pod-not-found-pasted (#13152: "the Pod is not found, the Workflow waits for it"), but the namespace's ResourceQuota
 * refused the step's Pod: the controller logs {@code Failed to create pod … exceeded quota} (Info, every release), leaves the node
 * Pending (a transient error), and its next pass logs {@code Workflow pod is missing} for the Pending node (podReconciliation
 * logs it for every unfulfilled started Pod node it does not see) and tries again. kubectl answers NotFound, argo get shows the
 * node Pending with the quota's message. It was AF005 {@code likely} ("Pod gone, node left running"); it is {@code possible},
 * citing the refusal. Control: the same paste with the Pod created and then gone (the sample) stays {@code likely}.
 */
class PodCreationRefusedTest {
    @TempDir
    Path dir;

    private static final String TRANSCRIPT = """
            ```
            $ kubectl logs -n argo deploy/workflow-controller --since=2h | grep ingest-hourly-29330940
            time="2026-10-14T09:00:00.211Z" level=info msg="Processing workflow" Phase= ResourceVersion=55120318 namespace=feeds workflow=ingest-hourly-29330940
            time="2026-10-14T09:00:00.214Z" level=info msg="Task-result reconciliation" namespace=feeds numObjs=0 workflow=ingest-hourly-29330940
            time="2026-10-14T09:00:00.217Z" level=info msg="Updated phase  -> Running" namespace=feeds workflow=ingest-hourly-29330940
            time="2026-10-14T09:00:00.220Z" level=info msg="Steps node ingest-hourly-29330940 initialized Running" namespace=feeds workflow=ingest-hourly-29330940
            time="2026-10-14T09:00:00.223Z" level=info msg="StepGroup node ingest-hourly-29330940-3111949518 initialized Running" namespace=feeds workflow=ingest-hourly-29330940
            time="2026-10-14T09:00:00.226Z" level=info msg="Pod node ingest-hourly-29330940-3586639528 initialized Pending" namespace=feeds workflow=ingest-hourly-29330940
            time="2026-10-14T09:00:00.248Z" level=info msg="Failed to create pod ingest-hourly-29330940[0].fetch (ingest-hourly-29330940-fetch-3586639528): pods \\"ingest-hourly-29330940-fetch-3586639528\\" is forbidden: exceeded quota: feeds-quota, requested: limits.memory=4Gi, used: limits.memory=30Gi, limited: limits.memory=32Gi" namespace=feeds workflow=ingest-hourly-29330940
            time="2026-10-14T09:00:00.266Z" level=info msg="Workflow update successful" namespace=feeds phase=Running resourceVersion=55120325 workflow=ingest-hourly-29330940
            time="2026-10-14T09:01:05.480Z" level=info msg="Processing workflow" Phase=Running ResourceVersion=55120917 namespace=feeds workflow=ingest-hourly-29330940
            time="2026-10-14T09:01:05.483Z" level=info msg="Task-result reconciliation" namespace=feeds numObjs=0 workflow=ingest-hourly-29330940
            time="2026-10-14T09:01:05.486Z" level=info msg="Workflow pod is missing" namespace=feeds nodeName="ingest-hourly-29330940[0].fetch" nodePhase=Pending recentlyStarted=false workflow=ingest-hourly-29330940
            time="2026-10-14T09:01:05.488Z" level=info msg="Failed to create pod ingest-hourly-29330940[0].fetch (ingest-hourly-29330940-fetch-3586639528): pods \\"ingest-hourly-29330940-fetch-3586639528\\" is forbidden: exceeded quota: feeds-quota, requested: limits.memory=4Gi, used: limits.memory=30Gi, limited: limits.memory=32Gi" namespace=feeds workflow=ingest-hourly-29330940
            $ kubectl get pod -n feeds ingest-hourly-29330940-fetch-3586639528
            Error from server (NotFound): pods "ingest-hourly-29330940-fetch-3586639528" not found
            $ kubectl get wf -n feeds ingest-hourly-29330880
            Error from server (NotFound): workflows.argoproj.io "ingest-hourly-29330880" not found
            ```
            """;

    private static final String ARGO_GET = """
            # taken-at: 2026-10-14T10:14:30Z
            $ argo get -n feeds ingest-hourly-29330940
            Name:                ingest-hourly-29330940
            Namespace:           feeds
            ServiceAccount:      ingest-runner
            Status:              Running
            Created:             Wed Oct 14 09:00:00 +0000 (1 hour ago)
            Started:             Wed Oct 14 09:00:00 +0000 (1 hour ago)
            Duration:            1 hour 14 minutes
            Progress:            0/1
            
            STEP                       TEMPLATE  PODNAME                                  DURATION  MESSAGE
             ● ingest-hourly-29330940  main
             └───◷ fetch               fetch     ingest-hourly-29330940-fetch-3586639528  1h        pods "ingest-hourly-29330940-fetch-3586639528" is forbidden: exceeded quota: feeds-quota
            """;

    private static final String KUBECTL_GET_POD = """
            # taken-at: 2026-10-14T10:12:00Z
            $ kubectl get pod -n feeds ingest-hourly-29330940-fetch-3586639528
            Error from server (NotFound): pods "ingest-hourly-29330940-fetch-3586639528" not found
            """;

    private static final String POD = "ingest-hourly-29330940-fetch-3586639528";

    private JsonNode report(String transcript) throws IOException {
        Files.createDirectories(dir.resolve("logs"));
        Files.createDirectories(dir.resolve("snapshots"));
        Files.writeString(dir.resolve("logs/issue-comment.txt"), transcript);
        Files.writeString(dir.resolve("snapshots/argo-get.txt"), ARGO_GET);
        Files.writeString(dir.resolve("snapshots/kubectl-get-pod.txt"), KUBECTL_GET_POD);
        Cli c = Cli.run("analyze", dir.resolve("logs").toString(), dir.resolve("snapshots").toString(), "--now", "2026-10-15T00:00:00Z",
                "--format", "json");
        return new ObjectMapper().readTree(c.out());
    }

    private static JsonNode finding(JsonNode report, String rule, String pod) {
        for (JsonNode f : report.get("findings")) {
            if (f.get("rule").asText().equals(rule) && f.get("pod").get("name").asText().equals(pod)) {
                return f;
            }
        }
        return null;
    }

    @Test
    void aPodTheQuotaRefusedIsNotAPodGone() throws IOException {
        JsonNode f = finding(report(TRANSCRIPT), "AF005", POD);
        assertNotNull(f);
        assertEquals("possible", f.get("confidence").asText(), f.toString());
        assertEquals("AF005.reason.creationRefused", f.get("confidenceReasonCode").asText(), f.toString());
        assertTrue(f.toString().contains("exceeded quota"), f.toString());
    }

    /** Control: the controller's next attempt created the Pod (09:00:10), which a minute later was missing: the refusal before it says nothing of it. */
    @Test
    void aPodCreatedAfterTheRefusalAndThenMissingIsStillLikely() throws IOException {
        StringBuilder b = new StringBuilder();
        for (String line : TRANSCRIPT.split("\n", -1)) {
            if (line.contains("09:01:05.488Z")) {
                continue; // the refusal after the missing line: this time the Pod had been created
            }
            b.append(line).append('\n');
            if (line.contains("09:00:00.266Z")) {
                b.append("time=\"2026-10-14T09:00:10.104Z\" level=info msg=\"Created pod: ingest-hourly-29330940[0].fetch (").append(POD)
                        .append(")\" namespace=feeds workflow=ingest-hourly-29330940\n");
            }
        }
        String created = b.toString();
        assertTrue(created.contains("Created pod:") && !created.contains("09:01:05.488Z"), created);
        JsonNode f = finding(report(created), "AF005", POD);
        assertNotNull(f, created);
        assertEquals("likely", f.get("confidence").asText(), f.toString());
    }
}
