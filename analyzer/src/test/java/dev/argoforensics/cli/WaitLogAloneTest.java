package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * AF011 from the wait container's log alone: the bug report form's second field ({@code kubectl logs -c wait …}) pasted
 * without the controller's log or any export. The executor states the refusal itself (the API server's text, the service
 * account and the namespace it wrote in) and dies on it ({@code level=fatal}); the Pod is named by {@code --prefix} or by
 * the pasted {@code kubectl logs POD -c wait} prompt (both read: the lines are the wait container's, of that Pod). AF011
 * reports the Pod, possible: the refusal is the executor's own word for its Pod, but nothing gives the wait container's
 * exit code or the node's end (no controller line, no export), and the reason says so. Before session 22 it reported
 * nothing (its decision wanted the exit 64 from another source).
 */
class WaitLogAloneTest {
    @TempDir
    Path dir;

    private static final String POD = "ingest-feed-t4r9m-fetch-2778438659";
    private static final String REFUSAL = "workflowtaskresults.argoproj.io is forbidden: User \\\"system:serviceaccount:feeds:ingest-runner\\\""
            + " cannot create resource \\\"workflowtaskresults\\\" in API group \\\"argoproj.io\\\" in the namespace \\\"feeds\\\"";

    private static String waitLog(String linePrefix) {
        return linePrefix + "time=\"2026-10-25T14:20:04.612Z\" level=info msg=\"Starting Workflow Executor\" version=v3.7.5\n"
                + linePrefix + "time=\"2026-10-25T14:20:41.017Z\" level=info msg=\"Main container completed\" error=\"<nil>\"\n"
                + linePrefix + "time=\"2026-10-25T14:20:41.036Z\" level=error msg=\"executor error: " + REFUSAL + "\"\n"
                + linePrefix + "time=\"2026-10-25T14:20:41.045Z\" level=fatal msg=\"" + REFUSAL + "\"\n";
    }

    @ParameterizedTest
    @ValueSource(strings = {"prefix", "prompt", "vi-mode-prompt", "venv-prompt"})
    void theWaitContainersOwnRefusalIsReportedForItsPod(String shape) throws IOException {
        // zsh's vi-mode indicator and arrow ((ins)->, argoproj/argo-workflows#3006's shape) or a virtualenv's (prod) before the
        // prompt name the Pod and container as the plain $ does (before session 34, a line starting with '(' was not asked).
        String prompt = switch (shape) {
            case "vi-mode-prompt" -> "(ins)-> ";
            case "venv-prompt" -> "(prod) $ ";
            default -> "$ ";
        };
        Path logs = Files.createDirectories(dir.resolve(shape));
        Files.writeString(logs.resolve("wait.log"), shape.equals("prefix") ? waitLog("[pod/" + POD + "/wait] ")
                : prompt + "kubectl logs -n feeds " + POD + " -c wait\n" + waitLog(""));
        String out = Cli.run("analyze", logs.toString(), "--now", "2026-12-01T00:00:00Z").out();
        assertTrue(out.contains("AF011 [high, possible]") && out.contains("feeds/" + POD), out);
        assertTrue(out.contains("nothing gives the wait container's exit code or what became of the node"), out);
        String json = Cli.run("analyze", logs.toString(), "--now", "2026-12-01T00:00:00Z", "-o", "json").out();
        assertTrue(json.contains("the API server refused service account feeds/ingest-runner.\""), "no exit 64 or node end claimed: " + json);
        assertTrue(json.contains("\"shownIn\"") && json.contains("the wait container's log"), json);
    }

    /**
     * With the controller's forced completion ({@code exitCode=64}) for the Pod's node, the refusal its collector tied to the
     * Pod is likely, as a refused patch naming the node is; before session 22 the wait log was tied by its namespace only
     * (possible).
     */
    @Test
    void withTheControllersForcedCompletionItIsLikely() throws IOException {
        Path logs = Files.createDirectories(dir.resolve("with-controller"));
        Files.writeString(logs.resolve("wait.log"), waitLog("[pod/" + POD + "/wait] "));
        Files.writeString(logs.resolve("controller.log"), """
                time="2026-10-25T14:20:03.101Z" level=info msg="Processing workflow" Phase=Running ResourceVersion=88120 namespace=feeds workflow=ingest-feed-t4r9m
                time="2026-10-25T14:20:03.120Z" level=info msg="Created pod: ingest-feed-t4r9m.fetch (%s)" namespace=feeds workflow=ingest-feed-t4r9m
                time="2026-10-25T14:20:43.214Z" level=warning msg="marking its taskResult as completed since wait container did not exit normally" \
                exitCode=64 namespace=feeds nodeID=ingest-feed-t4r9m-2778438659 reason=Error workflow=ingest-feed-t4r9m
                """.formatted(POD));
        String out = Cli.run("analyze", logs.toString(), "--now", "2026-12-01T00:00:00Z").out();
        assertTrue(out.contains("AF011 [high, likely]") && out.contains("Shown in                  the controller log, the wait container's log"), out);
    }

    /** The negative control: the same log whose executor error is an artifact upload's, not a refused task result. */
    @ParameterizedTest
    @ValueSource(strings = {"prefix", "prompt"})
    void anotherExecutorErrorIsNoRefusal(String shape) throws IOException {
        Path logs = Files.createDirectories(dir.resolve(shape));
        String log = waitLog(shape.equals("prefix") ? "[pod/" + POD + "/wait] " : "").replace(REFUSAL,
                "failed to put file: Access Denied: s3://feeds-artifacts/ingest-feed-t4r9m/fetch/main.log");
        Files.writeString(logs.resolve("wait.log"), shape.equals("prefix") ? log : "$ kubectl logs -n feeds " + POD + " -c wait\n" + log);
        String out = Cli.run("analyze", logs.toString(), "--now", "2026-12-01T00:00:00Z").out();
        assertTrue(out.contains("no findings"), out);
    }
}
