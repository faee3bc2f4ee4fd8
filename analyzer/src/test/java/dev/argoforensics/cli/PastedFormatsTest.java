package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Cli;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code formats} names the envelope of a pasted console copy and the other containers whose lines it kept apart. */
class PastedFormatsTest {
    @TempDir
    Path dir;

    @Test
    void formatsNamesTheEnvelopeAndCountsOtherContainers() throws IOException {
        Path p = dir.resolve("all-containers.log");
        Files.writeString(p, String.join("\n",
                "[pod/workflow-controller-7d9f8b6c5d-x2k4q/workflow-controller] time=2025-03-02T10:11:12.120Z level=INFO"
                        + " msg=\"Processing workflow\" namespace=etl workflow=w",
                "[pod/w-extract-1/main] extracting rows",
                "[pod/w-extract-1/main] done",
                "[pod/w-extract-1/wait] time=\"2025-03-02T10:11:20.118Z\" level=info msg=\"No output parameters\"") + "\n",
                StandardCharsets.UTF_8);
        Cli r = Cli.run("formats", p.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("  format        slog text in kubectl --prefix\n"
                + "  lines         4: 1 events (1 recognised), 0 continuation, 0 blank, 0 unparsed\n"
                + "  container     main: 2 lines kept apart (not the controller's)\n"
                + "  container     wait: 1 line kept apart (not the controller's)\n"), r.out());
    }

    /**
     * A v3 controller's lines exported with their time and level in columns: the record rebuilt from
     * them takes slog's form (the time has a zone), but that form is the rebuilder's, so it is neither
     * named as the file's format nor read as a sign of a v4 release.
     */
    @Test
    void aRecordRebuiltFromColumnsSaysNothingOfTheRelease() throws IOException {
        Path p = dir.resolve("export.csv");
        Files.writeString(p, String.join("\n",
                "timestamp,level,host,container,message",
                "\"\"\"2026-11-18T01:58:02.114Z\"\"\",\"\"\"info\"\"\",\"\"\"ip-10-0-1-23\"\"\",\"\"\"workflow-controller\"\"\","
                        + "\"\"\"msg=\"\"\"\"Starting Workflow Controller\"\"\"\" defaultRequeueTime=10s version=v3.7.9\"\"\"",
                "\"\"\"2026-11-18T02:00:00.412Z\"\"\",\"\"\"info\"\"\",\"\"\"ip-10-0-1-23\"\"\",\"\"\"workflow-controller\"\"\","
                        + "\"\"\"msg=\"\"\"\"Created pod: wf-a[0].step (wf-a-step-1)\"\"\"\" namespace=etl workflow=wf-a\"\"\"") + "\n",
                StandardCharsets.UTF_8);
        Cli r = Cli.run("formats", p.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("  format        records in CSV export, rebuilt from its columns\n"
                + "  lines         3: 2 events (2 recognised), 1 continuation, 0 blank, 0 unparsed\n"
                + "  argo          v3.7.9 (Starting Workflow Controller version=v3.7.9)\n"), r.out());
    }
}
