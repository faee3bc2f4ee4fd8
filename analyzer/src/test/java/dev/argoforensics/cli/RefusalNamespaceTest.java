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
        Cli r = Cli.run("analyze", logs.toString(), snapshots.toString(), "--now", "2026-12-01T00:00:00Z");
        return r.out();
    }

    /**
     * Before: the namesake's lines placed the status in {@code media-staging}, and AF011 was likely on the namesake's Pod,
     * whose result was written. The Pod's name is now placed in both namespaces and joins neither: nothing rather than the wrong one.
     */
    @Test
    void aNamesakeInAnotherNamespaceDoesNotTakeTheRefusal() throws IOException {
        String out = analyze(controller("media-staging"));
        assertFalse(out.contains("Pod       media-staging/pull-feed-k2w8d-fetch-88881460"), out);
    }

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
