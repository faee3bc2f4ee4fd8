package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Cli;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 56 (shape of #13581): a log console's CSV export whose rows hold the time, the host, the service and the controller's
 * message text alone (no level column, no keys), newest first. A row whose message the catalog knows is rebuilt into a record
 * with its level unknown ({@code EnvelopeKind.CSV_MESSAGES}) and read oldest first; a row of a message the catalog lacks, or of
 * another service, is not taken for the controller's. Controls: the same rows with a level column read as they did (the stated
 * level; an unknown message still a record there), and a level column with an empty cell builds nothing.
 */
class ConsoleMessagesCsvTest {
    private static final Path CASE = UpstreamVerdictsTest.CASES.resolve("karpenter-message-only-csv-v35/input/Explore-logs-2026-11-07.csv");
    private static final String MESSAGES = "records in CSV export of message texts without a level, rebuilt from its columns (level unknown)";

    @TempDir
    Path dir;

    private static String formats(Path p) {
        Cli r = Cli.run("formats", p.toString());
        assertEquals(0, r.exitCode(), r.err());
        return r.out();
    }

    /** {@code formats} on a file that holds no record of the controller's: it says so and exits 2. */
    private static String nothingRead(Path p) {
        Cli r = Cli.run("formats", p.toString());
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertTrue(r.err().contains("nothing usable was read: no log record"), r.err());
        return r.err();
    }

    @Test
    void theControllersMessageRowsAreReadOldestFirst() {
        String out = formats(CASE);
        assertTrue(out.contains("  format        " + MESSAGES + "\n"), out);
        // 32 rows and the header: 31 catalog messages read, "1 child nodes of … Trying again..." (not in the catalog) unparsed.
        assertTrue(out.contains("  lines         33: 31 events (31 recognised), 1 continuation, 0 blank, 1 unparsed\n"), out);
        assertTrue(out.contains(":10: a log console's message text with no level and no keys, \"1 child nodes of ingest-prd-h8k2w failed."),
                out);
        assertTrue(out.contains("note          lines are newest first (an export in reverse time order): read oldest first"), out);
        assertTrue(out.contains("2026-11-07T01:40:02.114Z to 2026-11-07T02:05:16.895Z; 31 lines"), out);
        // The rebuilt form is the analyzer's: no slog format named, no v4 read from it; the messages' wording narrows the release.
        assertTrue(out.contains("  argo          v3.5.6 to v3.7.x (workflow-phase-updated-v3, mark-error-node-v3)\n"), out);
    }

    /** The same rows with a level column: rebuilt with the stated level, as before session 56; a message the catalog lacks is a record too. */
    @Test
    void aLevelColumnStillGivesTheLevel() throws IOException {
        List<String> rows = Files.readAllLines(CASE, StandardCharsets.UTF_8);
        List<String> withLevel = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            int comma = rows.get(i).indexOf(',');
            withLevel.add(rows.get(i).substring(0, comma) + (i == 0 ? ",\"Level\"" : ",\"info\"") + rows.get(i).substring(comma));
        }
        Path p = dir.resolve("with-level.csv");
        Files.write(p, withLevel, StandardCharsets.UTF_8);
        String out = formats(p);
        assertTrue(out.contains("  format        records in CSV export, rebuilt from its columns\n"), out);
        assertTrue(out.contains("  lines         33: 32 events (31 recognised), 1 continuation, 0 blank, 0 unparsed\n"), out);
        // A level column whose cell says nothing builds nothing: the level is never guessed, nor left unknown where a column could state it.
        Path empty = dir.resolve("empty-level.csv");
        Files.writeString(empty, "\"Date\",\"Level\",\"Host\",\"Service\",\"Content\"\n"
                + "\"2026-11-07T01:58:09.590Z\",\"\",\"\"\"ip-10-42-17-203\"\"\",\"\"\"workflow-controller\"\"\",\"Workflow pod is missing\"\n",
                StandardCharsets.UTF_8);
        String none = nothingRead(empty);
        assertTrue(none.contains("no record, 1 unparsed line"), none);
    }

    /** Karpenter's lines from the same console: its service keeps them apart, even the one whose words a controller message has. */
    @Test
    void anotherServicesMessagesAreNotTheControllers() throws IOException {
        Path p = dir.resolve("karpenter.csv");
        Files.writeString(p, String.join("\n", "\"Date\",\"Host\",\"Service\",\"Content\"",
                row("2026-11-07T01:58:03.120Z", "karpenter", "disrupting nodeclaim(s) via delete, terminating 1 nodes (1 pods) ip-10-42-17-88.ec2.internal/m6i.2xlarge/spot"),
                row("2026-11-07T01:58:02.904Z", "karpenter", "tainted node"),
                row("2026-11-07T01:57:39.880Z", "karpenter", "Processing workflow")) + "\n", StandardCharsets.UTF_8);
        String out = nothingRead(p);
        assertTrue(out.contains("no record, 0 unparsed lines, 3 lines of other containers kept apart (karpenter 3)"), out);
    }

    /** Without a service column, a message the catalog does not hold is unparsed, never a record of the controller's. */
    @Test
    void anUnknownMessageWithNothingToSayWhoseIsUnparsed() throws IOException {
        Path p = dir.resolve("proxy.csv");
        Files.writeString(p, String.join("\n", "\"Date\",\"Host\",\"Content\"",
                "\"2026-11-07T01:58:03.120Z\",\"ip-10-42-9-11\",\"GET /healthz 200 1.2ms\"",
                "\"2026-11-07T01:58:02.904Z\",\"ip-10-42-9-11\",\"upstream connect error or disconnect/reset before headers\"") + "\n",
                StandardCharsets.UTF_8);
        assertTrue(nothingRead(p).contains("no record, 2 unparsed lines"));
        // Beside a row of the controller's, each says why it is not read.
        Files.writeString(p, "\"2026-11-07T01:58:04.000Z\",\"ip-10-42-9-11\",\"Workflow update successful\"\n", StandardCharsets.UTF_8,
                java.nio.file.StandardOpenOption.APPEND);
        String out = formats(p);
        assertTrue(out.contains("  lines         4: 1 events (1 recognised), 1 continuation, 0 blank, 2 unparsed\n"), out);
        assertTrue(out.contains(":2: a log console's message text with no level and no keys, \"GET /healthz 200 1.2ms\", which is no message"
                + " the controller's catalog holds"), out);
    }

    private static String row(String time, String service, String message) {
        return "\"" + time + "\",\"\"\"ip-10-42-9-11.ec2.internal-kube-system\"\"\",\"\"\"" + service + "\"\"\",\"" + message + "\"";
    }
}
