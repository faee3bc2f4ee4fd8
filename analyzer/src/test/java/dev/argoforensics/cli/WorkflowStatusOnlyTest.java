package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code argo get -o yaml} pasted from {@code status:} on, as issues show it: read as the Workflow its root node
 * names, in the only namespace the controller's lines place a Workflow of that name in; never in two.
 */
class WorkflowStatusOnlyTest {
    @TempDir
    Path dir;

    private static final String STATUS = """
            status:
              phase: Failed
              nodes:
                pack-r4x9t:
                  id: pack-r4x9t
                  name: pack-r4x9t
                  type: DAG
                  phase: Failed
                  startedAt: "2026-10-28T06:00:00Z"
                pack-r4x9t-3921560028:
                  id: pack-r4x9t-3921560028
                  name: pack-r4x9t.zip
                  type: Pod
                  phase: Error
                  message: pod deleted
                  startedAt: "2026-10-28T06:00:01Z"
                  finishedAt: "2026-10-28T06:04:40Z"
            """;

    private static String line(String ns) {
        return "time=2026-10-28T06:00:00.500Z level=INFO msg=\"Processing workflow\" component=workflow_worker workflow=pack-r4x9t namespace="
                + ns + " phase=Running resourceVersion=1001\n";
    }

    private String ls(String log) throws IOException {
        Files.writeString(dir.resolve("controller.log"), log);
        Files.writeString(dir.resolve("argo-get.yaml"), STATUS);
        Cli r = Cli.run("ls", dir.resolve("controller.log").toString(), dir.resolve("argo-get.yaml").toString());
        assertEquals(0, r.exitCode(), r.err());
        return r.out();
    }

    @Test
    void theStatusJoinsTheWorkflowOfTheOnlyNamespaceTheLogsName() throws IOException {
        String out = ls(line("packing"));
        assertTrue(out.contains("packing     pack-r4x9t"), out);
        assertTrue(out.lines().anyMatch(l -> l.contains("pack-r4x9t ") && l.contains("controller log, Workflow export")), out);
        assertEquals(1, out.lines().filter(l -> l.startsWith("Workflow")).count(), out);
    }

    @Test
    void twoNamespacesLeaveItUnjoined() throws IOException {
        String out = ls(line("packing") + line("packing-staging"));
        assertTrue(out.lines().noneMatch(l -> l.contains("controller log, Workflow export")), "joined to one of two namespaces: " + out);
    }
}
