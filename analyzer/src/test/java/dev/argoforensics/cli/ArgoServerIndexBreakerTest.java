package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 55 breaker: pass 1's per-file decision ({@code FileScan.controller}, a flag bit of the scan's text) across the index. A
 * controller log named like the Argo Server's Pod, beside a v3.7 server log: {@code analyze --index} (the index built, then served)
 * reports what the plain analysis does, the controller's run to its last (uncatalogued) line and no run of the server's file.
 */
class ArgoServerIndexBreakerTest {
    @TempDir
    Path tmp;

    private static final String WF = "billing-sync-q8c4k";

    private static String controllerLog() {
        return String.join("\n", List.of(
                "time=\"2026-11-02T08:00:01.000Z\" level=info msg=\"Alloc=5120 TotalAlloc=9120 Sys=20250 NumGC=2 Goroutines=60\"",
                "time=\"2026-11-02T08:00:05.000Z\" level=info msg=\"Starting Workflow Controller\" defaultRequeueTime=10s version=v3.7.6",
                "time=\"2026-11-02T08:00:05.050Z\" level=info executorImage=\"quay.io/argoproj/argoexec:v3.7.6\" executorImagePullPolicy= managedNamespace=",
                "time=\"2026-11-02T08:01:00.120Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=5120 namespace=billing workflow=" + WF,
                "time=\"2026-11-02T08:01:00.180Z\" level=info msg=\"Workflow update successful\" namespace=billing phase=Running resourceVersion=5131 workflow=" + WF,
                "time=\"2026-11-02T08:10:01.000Z\" level=info msg=\"Alloc=9120 TotalAlloc=19120 Sys=40250 NumGC=7 Goroutines=90\"")) + "\n";
    }

    private static String serverLog() {
        return String.join("\n", List.of(
                "time=\"2026-11-02T07:59:57.901Z\" level=info authModes=\"[server]\" baseHRef=/ managedNamespace= namespace=argo secure=false ssoNamespace=argo",
                "time=\"2026-11-02T07:59:58.004Z\" level=info msg=\"Starting Argo Server\" instanceID= version=v3.7.6",
                "time=\"2026-11-02T08:00:00.100Z\" level=info duration=\"95.1µs\" method=GET path=/ size=473 status=0",
                "time=\"2026-11-02T08:20:00.100Z\" level=info msg=\"Alloc=6312 TotalAlloc=12044 Sys=23250 NumGC=4 Goroutines=80\"")) + "\n";
    }

    @Test
    void theControllerFlagCrossesTheIndex() throws IOException {
        Path logs = Files.createDirectories(tmp.resolve("logs"));
        assertTrue(Files.isDirectory(logs));
        // The controller's log under a Helm release's server-like name; the server's own log under its Pod's name.
        Files.writeString(logs.resolve("argo-server.log"), controllerLog());
        Files.writeString(logs.resolve("argo-workflows-server-7b9c5d6f8-q4m2n.log"), serverLog());
        String index = tmp.resolve("af.index").toString();
        Cli plain = Cli.run("analyze", logs.toString(), "--now", "2026-11-03T00:00:00Z");
        for (int i = 0; i < 2; i++) {
            Cli indexed = Cli.run("analyze", logs.toString(), "--now", "2026-11-03T00:00:00Z", "--index", index);
            assertEquals(plain.out(), indexed.out().replace(" --index " + index, ""), (i == 0 ? "built: " : "served: ") + indexed.err());
        }
        assertTrue(plain.out().contains("argo-server.log #1"), plain.out());
        assertTrue(plain.out().contains("2026-11-02T08:10:01.000Z"), () -> "the controller's run to its last line: " + plain.out());
        assertFalse(plain.out().contains("argo-workflows-server-7b9c5d6f8-q4m2n.log #"), () -> "no run of the server's file: " + plain.out());
    }
}
