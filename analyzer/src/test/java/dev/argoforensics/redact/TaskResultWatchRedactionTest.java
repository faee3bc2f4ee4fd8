package dev.argoforensics.redact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.AnalysisResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 59: the task-result watch's label selector carries the run's instance ID as a value no identifier key holds; the
 * redaction collects it (as the banner's {@code instanceID}), so no quoted line gives it away. A watch of none adds nothing.
 */
class TaskResultWatchRedactionTest {
    @TempDir
    Path dir;

    private Identifiers collected(String... lines) throws Exception {
        Path p = dir.resolve("controller.log");
        Files.write(p, List.of(lines), StandardCharsets.UTF_8);
        AnalysisResult r = Analysis.standard(AnalysisOptions.defaults().withThreads(1).keepingEverything(true)).run(List.of(p.toString()));
        return IdentifierCollector.collect(r);
    }

    @Test
    void theWatchedInstanceIdIsAnIdentifier() throws Exception {
        Identifiers ids = collected(
                "time=\"2026-10-21T08:14:02.301Z\" level=info msg=\"Starting Workflow Controller\" defaultRequeueTime=10s version=v3.7.4",
                "time=\"2026-10-21T08:14:02.310Z\" level=info msg=\"Watching task results\" labelSelector=\"workflows.argoproj.io/controller-instanceid=zeta-ledger-ctl,workflows.argoproj.io/workflow\"");
        assertEquals(IdentifierKind.INSTANCE_ID, ids.all().get("zeta-ledger-ctl"), ids.all().toString());
    }

    @Test
    void aWatchOfNoInstanceAddsNothing() throws Exception {
        Identifiers ids = collected(
                "time=\"2026-10-21T08:14:02.301Z\" level=info msg=\"Starting Workflow Controller\" defaultRequeueTime=10s version=v3.7.4",
                "time=\"2026-10-21T08:14:02.310Z\" level=info msg=\"Watching task results\" labelSelector=\"!workflows.argoproj.io/controller-instanceid,workflows.argoproj.io/workflow\"");
        assertFalse(ids.all().containsValue(IdentifierKind.INSTANCE_ID), ids.all().toString());
    }
}
