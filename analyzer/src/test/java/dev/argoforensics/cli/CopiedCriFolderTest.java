package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.testing.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two controller replicas' kubelet log folders copied off their nodes without the {@code pods/} parent
 * ({@code scp -r node:/var/log/pods/argo_workflow-controller-* logs/}), each {@code <ns>_<pod>_<uid>/<container>/0.log}, as a user
 * brings them (author incident s43). The standby logs no election identity of its own: before, it was named by its file name,
 * {@code 0.log}, the name every kubelet log file has; the folder names its Pod as it does under {@code pods/}.
 */
class CopiedCriFolderTest {
    private static final String LEADER = "workflow-controller-7d9c5b6f4-x2kqp";
    private static final String STANDBY = "workflow-controller-7d9c5b6f4-m8zbn";

    @TempDir
    Path dir;

    @Test
    void aStandbysCopiedKubeletFolderNamesItsPod() throws IOException {
        Path leader = write("argo_" + LEADER + "_0b6c1d2e-3f4a-4b5c-8d6e-7f8091a2b3c4/workflow-controller/0.log",
                line("09:58:02.114Z", "Starting Workflow Controller", "\"defaultRequeueTime\":\"10s\",\"version\":\"v3.5.10\"")
                        + line("09:58:02.161Z", "new leader", "\"leader\":\"" + LEADER + "\"")
                        + line("10:05:00.412Z", "Processing workflow", "\"namespace\":\"data\",\"workflow\":\"etl-1\""));
        Path standby = write("argo_" + STANDBY + "_9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b/workflow-controller/0.log",
                line("09:58:05.402Z", "Starting Workflow Controller", "\"defaultRequeueTime\":\"10s\",\"version\":\"v3.5.10\"")
                        + line("09:58:05.431Z", "new leader", "\"leader\":\"" + LEADER + "\""));
        Map<String, String> named = named(leader.getParent().getParent().getParent());
        assertEquals(Map.of(LEADER, "cri_path", STANDBY, "cri_path"), named, "each folder names its Pod, the standby's too");

        // Three underscore-joined parts without a UID are any folder's name: the file's name stands for the run, as before.
        Path plain = dir.resolve("plain");
        Files.createDirectories(plain.resolve("team_a_b/workflow-controller"));
        Files.copy(standby, plain.resolve("team_a_b/workflow-controller/0.log"));
        assertEquals(Map.of("0.log", "file"), named(plain));
    }

    private Map<String, String> named(Path input) throws IOException {
        JsonNode report = new ObjectMapper().readTree(Cli.run("analyze", "--format", "json", "--now", "2026-12-05T00:00:00Z",
                input.toString()).out());
        Map<String, String> out = new TreeMap<>();
        report.get("controllers").forEach(c -> out.put(c.get("replica").asText(), c.get("replicaFrom").asText()));
        return out;
    }

    private Path write(String relative, String content) throws IOException {
        Path p = dir.resolve("logs").resolve(relative);
        Files.createDirectories(p.getParent());
        Files.writeString(p, content);
        return p;
    }

    private static String line(String time, String msg, String fields) {
        return "2026-12-01T" + time.replace("Z", "") + "123456Z stderr F {" + fields + ",\"level\":\"info\",\"msg\":\"" + msg
                + "\",\"time\":\"2026-12-01T" + time + "\"}\n";
    }
}
