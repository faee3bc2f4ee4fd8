package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * AF011 from {@code kubectl logs --prefix} of the Pod and its Workflow pasted from {@code status:} on (no namespace): the
 * refusal in its own node's message names the namespace the executor wrote in, the Workflow's; a Workflow of the same name
 * the controller's lines place in another namespace is another Workflow (session 19 review, eyes c08).
 */
class RefusalNamespaceTest {
    @TempDir
    Path dir;

    private static final String REFUSAL = "workflowtaskresults.argoproj.io is forbidden: User \\\"system:serviceaccount:media:feed-runner\\\""
            + " cannot create resource \\\"workflowtaskresults\\\" in API group \\\"argoproj.io\\\" in the namespace \\\"media\\\"";

    private static final String STATUS = """
            status:
              phase: Error
              message: child 'pull-feed-k2w8d-88881460' failed
              startedAt: "2026-10-25T14:20:02Z"
              finishedAt: "2026-10-25T14:20:44Z"
              nodes:
                pull-feed-k2w8d-88881460:
                  boundaryID: pull-feed-k2w8d
                  hostNodeName: pool-c-7x3q1
                  id: pull-feed-k2w8d-88881460
                  name: pull-feed-k2w8d.fetch
                  displayName: fetch
                  type: Pod
                  templateName: fetch
                  templateScope: local/pull-feed-k2w8d
                  outputs:
                    exitCode: "0"
                  progress: 0/1
                  taskResultSynced: true
                  phase: Error
                  startedAt: "2026-10-25T14:20:02Z"
                  finishedAt: "2026-10-25T14:20:43Z"
                  message: 'wait: Error (exit code 64): workflowtaskresults.argoproj.io is forbidden: User "system:serviceaccount:media:feed-runner" cannot create resource "workflowtaskresults" in API group "argoproj.io" in the namespace "media"'
            """;

    /** The controller's lines of a Workflow of the name in {@code namespace}: it ran the same Pod name and succeeded. */
    private static String controller(String namespace) {
        return "time=\"2026-10-25T14:19:58.101Z\" level=info msg=\"Processing workflow\" Phase= ResourceVersion=512201 namespace=" + namespace
                + " workflow=pull-feed-k2w8d\n"
                + "time=\"2026-10-25T14:19:58.244Z\" level=info msg=\"Created pod: pull-feed-k2w8d.fetch (pull-feed-k2w8d-fetch-88881460)\""
                + " namespace=" + namespace + " workflow=pull-feed-k2w8d\n"
                + "time=\"2026-10-25T14:20:31.952Z\" level=info msg=\"Workflow update successful\" namespace=" + namespace
                + " phase=Succeeded resourceVersion=512251 workflow=pull-feed-k2w8d\n";
    }

    private String analyze(String controllerLog) throws IOException {
        return analyze(controllerLog, null);
    }

    private String analyze(String controllerLog, String otherExport) throws IOException {
        Path run = Files.createTempDirectory(dir, "case");
        Path logs = Files.createDirectories(run.resolve("logs"));
        Path snapshots = Files.createDirectories(run.resolve("snapshots"));
        Files.writeString(logs.resolve("prefix.log"),
                "[pod/pull-feed-k2w8d-fetch-88881460/wait] time=\"2026-10-25T14:20:41.036Z\" level=error msg=\"executor error: " + REFUSAL + "\"\n"
                        + "[pod/pull-feed-k2w8d-fetch-88881460/wait] time=\"2026-10-25T14:20:41.045Z\" level=fatal msg=\"" + REFUSAL + "\"\n");
        if (controllerLog != null) {
            Files.writeString(logs.resolve("controller.log"), controllerLog);
        }
        Files.writeString(snapshots.resolve("argo-get-status.yaml"), STATUS);
        if (otherExport != null) {
            Files.writeString(snapshots.resolve("staging-workflow.yaml"), otherExport);
        }
        Cli r = Cli.run("analyze", logs.toString(), snapshots.toString(), "--now", "2026-12-01T00:00:00Z");
        return r.out();
    }

    /**
     * A Workflow of the same name in {@code media-staging} (its controller's lines, or its full export) places the Pod's name
     * in both namespaces. Before session 20 the wait container's lines (no namespace under {@code --prefix}) then joined
     * neither Pod and AF011 said nothing; the refusal in the wait container's own line names the namespace it wrote its task
     * result in, its Pod's: AF011 is likely on {@code media}'s Pod, never on the namesake's, whose result was written.
     */
    @Test
    void aNamesakeInAnotherNamespaceDoesNotTakeTheRefusal() throws IOException {
        String out = analyze(controller("media-staging"));
        assertFalse(out.contains("Pod       media-staging/pull-feed-k2w8d-fetch-88881460"), out);
        assertTrue(out.contains("AF011 [high, likely]"), out);
        assertTrue(out.contains("Pod       media/pull-feed-k2w8d-fetch-88881460"), out);
        assertEquals(1, out.lines().filter(l -> l.startsWith("AF011 [")).count(), out);
    }

    /** The same with the namesake known only from its full export (metadata in {@code media-staging}, its node Succeeded). */
    @Test
    void aNamesakesFullExportInAnotherNamespaceDoesNotHideTheRefusal() throws IOException {
        String out = analyze(null, NAMESAKE_EXPORT);
        assertTrue(out.contains("Pod       media/pull-feed-k2w8d-fetch-88881460"), out);
        assertFalse(out.contains("Pod       media-staging/"), out);
        assertEquals(1, out.lines().filter(l -> l.startsWith("AF011 [")).count(), out);
    }

    /** The negative control: without the wait container's refusal the namesake's Pod name in two namespaces joins nothing to media. */
    @Test
    void withoutTheRefusalTheWaitLogPlacesNothing() throws IOException {
        Path run = Files.createTempDirectory(dir, "case");
        Path logs = Files.createDirectories(run.resolve("logs"));
        Files.writeString(logs.resolve("prefix.log"), "[pod/pull-feed-k2w8d-fetch-88881460/wait] time=\"2026-10-25T14:20:41.017Z\" level=info"
                + " msg=\"Main container completed\" error=\"<nil>\"\n");
        Files.writeString(logs.resolve("controller.log"), controller("media-staging"));
        String out = Cli.run("analyze", logs.toString(), "--now", "2026-12-01T00:00:00Z").out();
        assertFalse(out.contains("media/pull-feed"), out);
        assertFalse(out.contains("AF011 ["), out);
    }

    private static final String NAMESAKE_EXPORT = """
            apiVersion: argoproj.io/v1alpha1
            kind: Workflow
            metadata:
              name: pull-feed-k2w8d
              namespace: media-staging
              uid: 3d0c9a51-6f2e-4b8a-9c7d-1e5f2a8b4c60
              creationTimestamp: "2026-10-25T14:19:58Z"
            status:
              phase: Succeeded
              startedAt: "2026-10-25T14:19:58Z"
              finishedAt: "2026-10-25T14:20:32Z"
              nodes:
                pull-feed-k2w8d-88881460:
                  boundaryID: pull-feed-k2w8d
                  id: pull-feed-k2w8d-88881460
                  name: pull-feed-k2w8d.fetch
                  displayName: fetch
                  type: Pod
                  templateName: fetch
                  templateScope: local/pull-feed-k2w8d
                  phase: Succeeded
                  startedAt: "2026-10-25T14:19:58Z"
                  finishedAt: "2026-10-25T14:20:30Z"
                  outputs:
                    exitCode: "0"
            """;

    /** The controls: the Workflow's own lines, or none, place it where the refusal says, and AF011 is likely there. */
    @Test
    void theWorkflowsOwnLinesAgree() throws IOException {
        for (String log : new String[] {controller("media"), null}) {
            String out = analyze(log);
            assertTrue(out.contains("AF011 [high, likely]"), out);
            assertTrue(out.contains("Pod       media/pull-feed-k2w8d-fetch-88881460"), out);
            assertEquals(1, out.lines().filter(l -> l.startsWith("AF011 [")).count(), out);
        }
    }
}
