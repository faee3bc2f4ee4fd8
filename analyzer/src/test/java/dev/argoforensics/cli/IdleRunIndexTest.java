package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * s51 breaker: {@code analyze --index} on one index while a run without workers' log is rotated under it, piece by piece, and
 * while its older pieces are added one by one: each report is the plain analysis's (pass 1b's remembered run state, {@code
 * FileScan.runAtStart}/{@code runAtEnd}, served only where it covers today's), and the listed Pod is found once the piece with
 * the run's worker numbers is given.
 */
class IdleRunIndexTest {
    private static final String SAMPLE = "samples/workflow-deleted-while-controller-down/logs";
    private static final String ZERO = "workflow-controller-5d7c9b8f6-x7w2n.log";

    @TempDir
    Path tmp;

    /** The zero-worker run's file in three pieces in time: the worker numbers and half the listing; the rest and ledger-sync's line; the rest. */
    private static List<String> pieces() throws IOException {
        String zero = Files.readString(Path.of(SAMPLE, ZERO));
        int at = zero.indexOf("time=2026-10-14T14:38:00.118Z level=INFO msg=\"add pod event\"");
        assertTrue(at > 0 && zero.contains("workflowWorkers=0 "));
        StringBuilder first = new StringBuilder(zero.substring(0, at));
        StringBuilder second = new StringBuilder();
        for (int i = 0; i < 80; i++) {
            (i < 40 ? first : second).append(String.format(
                    "time=2026-10-14T14:38:00.%03dZ level=INFO msg=\"add pod event\" component=pod_controller pod=nightly-report-%05d%n",
                    102 + i / 6, 31000 + i * 7));
        }
        second.append("time=2026-10-14T14:38:00.116Z level=INFO msg=\"add pod event\" component=pod_controller pod=ledger-sync-p2m6w\n");
        return List.of(first.toString(), second.toString(), zero.substring(at));
    }

    private Path logs(String name) throws IOException {
        Path logs = Files.createDirectories(tmp.resolve(name));
        for (String file : List.of("workflow-controller-5d7c9b8f6-m4q8t.log", "workflow-controller-7f4b2d9c1-q5r8v.log")) {
            Files.copy(Path.of(SAMPLE, file), logs.resolve(file));
        }
        return logs;
    }

    /** Writes the stage's pieces (suffix to content) in place of the zero-worker run's files. */
    private static void stage(Path logs, Map<String, String> files) throws IOException {
        for (String suffix : List.of("", ".1", ".2")) {
            Files.deleteIfExists(logs.resolve(ZERO + suffix));
        }
        for (Map.Entry<String, String> f : files.entrySet()) {
            Files.writeString(logs.resolve(ZERO + f.getKey()), f.getValue());
        }
    }

    private static String plainAndIndexedAgree(Path logs, String index) {
        Cli plain = Cli.run("analyze", logs.toString(), "--now", "2026-10-15T00:00:00Z");
        Cli indexed = Cli.run("analyze", logs.toString(), "--now", "2026-10-15T00:00:00Z", "--index", index);
        assertEquals(plain.out(), indexed.out().replace(" --index " + index, ""), indexed.err());
        return plain.out();
    }

    @Test
    void rotatedUnderTheIndexPieceByPiece() throws IOException {
        List<String> p = pieces();
        Path logs = logs("rotating");
        String index = tmp.resolve("rotating.index").toString();
        stage(logs, Map.of("", p.get(0)));
        plainAndIndexedAgree(logs, index);
        stage(logs, Map.of(".1", p.get(0), "", p.get(1)));
        String two = plainAndIndexedAgree(logs, index);
        assertTrue(two.contains("ledger-sync-p2m6w"), two);
        stage(logs, Map.of(".2", p.get(0), ".1", p.get(1), "", p.get(2)));
        String three = plainAndIndexedAgree(logs, index);
        assertTrue(three.contains("ledger-sync-p2m6w"), three);
    }

    @Test
    void olderPiecesAddedToTheIndexOneByOne() throws IOException {
        List<String> p = pieces();
        Path logs = logs("adding");
        String index = tmp.resolve("adding.index").toString();
        stage(logs, Map.of("", p.get(2)));
        plainAndIndexedAgree(logs, index);
        stage(logs, Map.of(".1", p.get(1), "", p.get(2)));
        plainAndIndexedAgree(logs, index);
        stage(logs, Map.of(".2", p.get(0), ".1", p.get(1), "", p.get(2)));
        String three = plainAndIndexedAgree(logs, index);
        assertTrue(three.contains("ledger-sync-p2m6w"), three);
        // and back: the oldest piece left out again, its remembered successors served or scanned again
        stage(logs, Map.of(".1", p.get(1), "", p.get(2)));
        plainAndIndexedAgree(logs, index);
    }
}
