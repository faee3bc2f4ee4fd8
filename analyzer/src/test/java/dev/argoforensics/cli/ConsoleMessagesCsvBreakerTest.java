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

/**
 * Session 56 breaker of {@code EnvelopeKind.CSV_MESSAGES} (a console's CSV of message texts with no level column, #13581's shape):
 * rows of other programs in the same export must not be taken for the controller's.
 */
class ConsoleMessagesCsvBreakerTest {
    @TempDir
    Path dir;

    private static String formats(Path p) {
        Cli r = Cli.run("formats", p.toString());
        assertEquals(0, r.exitCode(), r.out() + r.err());
        return r.out();
    }

    /**
     * A console export filtered by host, not by service ("Date","Host","Content"): the node also runs kube-scheduler, whose client-go
     * leader election logs the very texts the controller's client-go logs (klog's "attempting to acquire leader lease …", "successfully
     * acquired lease …", "failed to renew lease …: …"). Only the lease tells whose election it is (the controller's is
     * {@code <namespace>/workflow-controller[-<instanceID>]}, cmd/workflow-controller/main.go): kube-scheduler's lease is no run of the
     * controller, so its loss is no "stopped leading" of the controller's.
     */
    @Test
    void anotherProgramsLeaderElectionIsNotTheControllers() throws IOException {
        Path p = dir.resolve("node-console.csv");
        Files.writeString(p, String.join("\n", "\"Date\",\"Host\",\"Content\"",
                "\"2026-11-07T01:58:09.590Z\",\"ip-10-42-17-203\",\"Workflow update successful\"",
                "\"2026-11-07T01:58:05.120Z\",\"ip-10-42-17-203\",\"failed to renew lease kube-system/kube-scheduler: timed out waiting for the condition\"",
                "\"2026-11-07T01:58:01.000Z\",\"ip-10-42-17-203\",\"successfully acquired lease kube-system/kube-scheduler\"",
                "\"2026-11-07T01:57:59.000Z\",\"ip-10-42-17-203\",\"attempting to acquire leader lease kube-system/kube-scheduler...\"",
                "\"2026-11-07T01:57:58.000Z\",\"ip-10-42-17-203\",\"Processing workflow\"") + "\n", StandardCharsets.UTF_8);
        String out = formats(p);
        // Before the fix: 5 events, and kube-scheduler's acquisition split the controller into two runs, the second "leader".
        assertTrue(out.contains("  lines         6: 2 events (2 recognised), 1 continuation, 0 blank, 3 unparsed\n"), out);
        assertTrue(out.contains(":3: a log console's message text with no level, \"failed to renew lease kube-system/kube-scheduler"),
                out);
        assertTrue(out.contains("node-console.csv #1: ") && !out.contains("node-console.csv #2: "), out);
        // Control: the controller's own lease (with an instance ID) in the same export is its election, read as before.
        Files.writeString(p, Files.readString(p).replace("kube-system/kube-scheduler", "argo/workflow-controller-prod"), StandardCharsets.UTF_8);
        String own = formats(p);
        assertTrue(own.contains("  lines         6: 5 events (5 recognised), 1 continuation, 0 blank, 0 unparsed\n"), own);
    }

    /**
     * #13581's own shape ("Date","Host","Service","Content") with kube-controller-manager's rows: its service name holds
     * "controller", as a chart's controller container's does, so the service does not keep it apart; its client-go election
     * (lease kube-system/kube-controller-manager) is still not the controller's, while the controller's own rows are read.
     */
    @Test
    void aServiceNamedLikeAControllerDoesNotMakeItsElectionTheControllers() throws IOException {
        Path p = dir.resolve("datadog.csv");
        Files.writeString(p, String.join("\n", "\"Date\",\"Host\",\"Service\",\"Content\"",
                row("2026-11-07T01:58:09.590Z", "workflow-controller", "Workflow update successful"),
                row("2026-11-07T01:58:01.000Z", "kube-controller-manager", "successfully acquired lease kube-system/kube-controller-manager"),
                row("2026-11-07T01:57:59.000Z", "kube-controller-manager", "attempting to acquire leader lease kube-system/kube-controller-manager..."),
                row("2026-11-07T01:57:58.000Z", "workflow-controller", "Processing workflow")) + "\n", StandardCharsets.UTF_8);
        String out = formats(p);
        assertTrue(out.contains("  lines         5: 2 events (2 recognised), 1 continuation, 0 blank, 2 unparsed\n"), out);
        assertTrue(out.contains("datadog.csv #1: ") && !out.contains("datadog.csv #2: ") && !out.contains("; leader;"), out);
    }


    /**
     * client-go v0.35 logs its election structured ("Successfully acquired lease" lock=…, "Failed to renew lease" lock=… err=…), the
     * controller through its logger (v4.1) and every other program too; a console showing the message alone drops the lock. With no
     * service column, such a row cannot be told the controller's: not read (before: a start and a stop of leading). With a service
     * naming the controller, it is read.
     */
    @Test
    void anElectionWithItsLeaseDroppedIsNotTheControllersWithoutAService() throws IOException {
        Path p = dir.resolve("loki.csv");
        Files.writeString(p, String.join("\n", "\"Date\",\"Host\",\"Content\"",
                "\"2026-11-07T01:58:09.590Z\",\"ip-10-42-17-203\",\"Workflow update successful\"",
                "\"2026-11-07T01:58:05.120Z\",\"ip-10-42-17-203\",\"Failed to renew lease\"",
                "\"2026-11-07T01:58:01.000Z\",\"ip-10-42-17-203\",\"Successfully acquired lease\"",
                "\"2026-11-07T01:57:58.000Z\",\"ip-10-42-17-203\",\"Processing workflow\"") + "\n", StandardCharsets.UTF_8);
        String out = formats(p);
        assertTrue(out.contains("  lines         5: 2 events (2 recognised), 1 continuation, 0 blank, 2 unparsed\n"), out);
        assertTrue(out.contains("its lease not shown and no container or service to say whose"), out);
        Path own = dir.resolve("datadog.csv");
        Files.writeString(own, String.join("\n", "\"Date\",\"Host\",\"Service\",\"Content\"",
                row("2026-11-07T01:58:09.590Z", "workflow-controller", "Workflow update successful"),
                row("2026-11-07T01:58:01.000Z", "workflow-controller", "Successfully acquired lease"),
                row("2026-11-07T01:57:58.000Z", "workflow-controller", "Processing workflow")) + "\n", StandardCharsets.UTF_8);
        String read = formats(own);
        assertTrue(read.contains("  lines         4: 3 events (3 recognised), 1 continuation, 0 blank, 0 unparsed\n"), read);
    }

    private static String row(String time, String service, String message) {
        return "\"" + time + "\",\"\"\"ip-10-42-9-11.ec2.internal\"\"\",\"\"\"" + service + "\"\"\",\"" + message + "\"";
    }
}
