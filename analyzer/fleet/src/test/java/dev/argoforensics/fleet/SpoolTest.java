package dev.argoforensics.fleet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The executor's spool as its tasks share it: copies made while other tasks delete their own copies and the
 * folders those leave empty. Before the folder lock, such a task failed now and then with
 * {@code FileAlreadyExistsException} from {@code Files.createDirectories} (the folder it found gone as it checked
 * it) or {@code NoSuchFileException} (gone before its copy was written), and the object was accounted unreadable:
 * FleetScanTest lost an export or a log so in two verifies and one CI run.
 */
class SpoolTest {
    @Test
    void tasksCopyingIntoFoldersOthersEmptyAndDeleteNeverLoseACopy(@TempDir Path tmp) throws Exception {
        Path remote = Files.createDirectories(tmp.resolve("remote/cluster=a/logs/deep"));
        int objects = 8;
        List<FleetObject> listed = new ArrayList<>();
        for (int i = 0; i < objects; i++) {
            Path f = remote.resolve("c" + i + ".log");
            Files.writeString(f, "line of object " + i + "\n".repeat(i + 1));
            listed.add(new FleetObject(f.toUri().toString(), "logs/deep/c" + i + ".log", Files.size(f)));
        }
        Spool spool = new Spool(tmp.resolve("spool").toString(), "app-test", Map.of());
        int rounds = 300;
        ExecutorService pool = Executors.newFixedThreadPool(objects);
        try {
            List<Future<Integer>> tasks = new ArrayList<>();
            for (FleetObject o : listed) {
                // each task copies its object, reads it back, deletes it (and the folders it leaves empty), again and again
                tasks.add(pool.submit(() -> {
                    byte[] expected = Files.readAllBytes(Path.of(java.net.URI.create(o.uri())));
                    for (int r = 0; r < rounds; r++) {
                        Path local = spool.copy("a", o);
                        assertArrayEquals(expected, Files.readAllBytes(local), o.relative());
                        if (r % 2 == 0) {
                            Path chunk = spool.copyRange("a", o, 1, 2, o.bytes());
                            assertArrayEquals(java.util.Arrays.copyOfRange(expected, 2, expected.length),
                                    java.util.Arrays.copyOfRange(Files.readAllBytes(chunk), 2, (int) o.bytes()), o.relative());
                            spool.deleteChunk("a", o, 1);
                        }
                        spool.delete("a", o);
                    }
                    return rounds;
                }));
            }
            for (Future<Integer> t : tasks) {
                assertEquals(rounds, t.get());
            }
        } finally {
            pool.shutdownNow();
        }
        assertFalse(Files.exists(tmp.resolve("spool/argo-fleet-app-test/cluster=a")), "the folders left empty are deleted");
        assertEquals("line of object 0\n", Files.readString(remote.resolve("c0.log"), StandardCharsets.UTF_8));
    }

    @Test
    void aCopyTwoTasksHoldStaysUntilTheLastLetsGo(@TempDir Path tmp) throws Exception {
        Path f = Files.createDirectories(tmp.resolve("remote/cluster=a/logs")).resolve("x.log");
        Files.writeString(f, "one\ntwo\n");
        FleetObject o = new FleetObject(f.toUri().toString(), "logs/x.log", Files.size(f));
        Spool spool = new Spool(tmp.resolve("spool").toString(), "app-test", Map.of());
        // a task reading the object, and a second one of the same executor (a partition computed again, a retried attempt)
        Path first = spool.copy("a", o);
        Path second = spool.copy("a", o);
        assertEquals(first, second);
        spool.delete("a", o);
        assertArrayEquals(Files.readAllBytes(f), Files.readAllBytes(second), "the second task's copy outlives the first task's end");
        spool.delete("a", o);
        assertFalse(Files.exists(second));
        assertFalse(Files.exists(tmp.resolve("spool/argo-fleet-app-test/cluster=a")), "the folders left empty are deleted");
        // and after both let go, a copy is made anew
        assertArrayEquals(Files.readAllBytes(f), Files.readAllBytes(spool.copy("a", o)));
        spool.delete("a", o);
        Path c1 = spool.copyRange("a", o, 1, 4, o.bytes());
        Path c2 = spool.copyRange("a", o, 1, 4, o.bytes());
        assertEquals(c1, c2);
        spool.deleteChunk("a", o, 1);
        assertEquals("two\n", Files.readString(c2).substring(4));
        spool.deleteChunk("a", o, 1);
        assertFalse(Files.exists(c2));
    }

    @Test
    void aChunksCopyIsNeverAnObjectsCopy(@TempDir Path tmp) throws Exception {
        Path remote = Files.createDirectories(tmp.resolve("remote/cluster=a/logs"));
        Path log = Files.writeString(remote.resolve("x.log"), "first line\nsecond line\n");
        Path named = Files.writeString(remote.resolve("x.log.chunk-0"), "an object named like a chunk\n");
        FleetObject o = new FleetObject(log.toUri().toString(), "logs/x.log", Files.size(log));
        FleetObject other = new FleetObject(named.toUri().toString(), "logs/x.log.chunk-0", Files.size(named));
        Spool spool = new Spool(tmp.resolve("spool").toString(), "app-test", Map.of());
        assertNotEquals(spool.chunk("a", o, 0), spool.local("a", other));
        Path copy = spool.copy("a", other);
        spool.copyRange("a", o, 0, 0, 11);
        spool.deleteChunk("a", o, 0);
        assertArrayEquals(Files.readAllBytes(named), Files.readAllBytes(copy), "the object's copy is its own after a chunk task came and went");
        spool.delete("a", other);
    }
}
