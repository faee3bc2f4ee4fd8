package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * AF011 from the wait container's log alone: the bug report form's second field ({@code kubectl logs -c wait …}) pasted
 * without the controller's log or any export. The executor states the refusal itself (the API server's text, the service
 * account and the namespace it wrote in) and dies on it ({@code level=fatal}); the Pod is named by {@code --prefix} or by
 * the pasted {@code kubectl logs POD -c wait} prompt (both read: the lines are the wait container's, of that Pod). AF011
 * says it reports "a Pod when the refusal is shown for it", and its confidence table has a row for "only a wait
 * container's log states the refusal" (possible), but its decision needs the wait container's exit 64 from another
 * source, so it reports nothing.
 *
 * <p>Left to the rule (rules/correlate, session 21's right-s21): disabled until it reports the Pod, possible.
 */
@Disabled("AF011 needs the wait container's exit 64 from another source; the wait log's own refusal and fatal exit are not enough (rule side, listed for right-s21)")
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
    @ValueSource(strings = {"prefix", "prompt"})
    void theWaitContainersOwnRefusalIsReportedForItsPod(String shape) throws IOException {
        Path logs = Files.createDirectories(dir.resolve(shape));
        Files.writeString(logs.resolve("wait.log"), shape.equals("prefix") ? waitLog("[pod/" + POD + "/wait] ")
                : "$ kubectl logs -n feeds " + POD + " -c wait\n" + waitLog(""));
        String out = Cli.run("analyze", logs.toString(), "--now", "2026-12-01T00:00:00Z").out();
        assertTrue(out.contains("AF011 [high, possible]") && out.contains("feeds/" + POD), out);
    }
}
