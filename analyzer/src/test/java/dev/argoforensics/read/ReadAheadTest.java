package dev.argoforensics.read;

import dev.argoforensics.accounting.ReadStats;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.source.LineChunk;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Pass 2's reads are started across files, a window at a time, and taken strictly in the order added. */
class ReadAheadTest {
    private final ExecutorService pool = Executors.newFixedThreadPool(3);

    @AfterEach
    void stop() {
        pool.shutdownNow();
    }

    private static InputFile file(String name) {
        return new InputFile(name, Path.of(name), InputKind.LOG, false, "t");
    }

    private static ChunkResult result(InputFile f, int index, long lines) {
        return new ChunkResult(new LineChunk(f, index, 0, -1), lines, 0, List.of(), ReadStats.NONE);
    }

    @Test
    void resultsComeInTheOrderAddedWhateverOrderTheReadsFinishIn() throws Exception {
        ReadAhead ahead = new ReadAhead(pool, 3);
        InputFile a = file("a.log");
        InputFile b = file("b.log");
        // The later reads finish first: each waits a little less than the one before.
        for (int i = 0; i < 6; i++) {
            InputFile f = i < 2 ? a : b;
            int index = i < 2 ? i : i - 2;
            long wait = 60 - 10L * i;
            ahead.add(f, () -> {
                Thread.sleep(wait);
                return result(f, index, index);
            });
        }
        List<String> taken = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            ChunkResult r = ahead.take();
            taken.add(r.chunk().file().displayPath() + "#" + r.chunk().index());
        }
        assertEquals(List.of("a.log#0", "a.log#1", "b.log#0", "b.log#1", "b.log#2", "b.log#3"), taken);
        assertThrows(IllegalStateException.class, ahead::take);
    }

    @Test
    void readsOfTheNextFilesRunWhileTheFirstFileIsStillBeingRead() throws Exception {
        // Three single-chunk files and three workers: all three run at once (reading file by file ran one).
        ReadAhead ahead = new ReadAhead(pool, 3);
        CountDownLatch allStarted = new CountDownLatch(3);
        for (String name : List.of("a.log", "b.log", "c.log")) {
            InputFile f = file(name);
            ahead.add(f, () -> {
                allStarted.countDown();
                assertTrue(allStarted.await(10, TimeUnit.SECONDS), "the other files' reads started too");
                return result(f, 0, 1);
            });
        }
        assertEquals("a.log", ahead.take().chunk().file().displayPath());
        assertEquals("b.log", ahead.take().chunk().file().displayPath());
        assertEquals("c.log", ahead.take().chunk().file().displayPath());
    }

    @Test
    void afterAFaultTheRestOfThatFileIsDroppedAndTheNextFileIsRead() throws Exception {
        ReadAhead ahead = new ReadAhead(pool, 2);
        InputFile a = file("a.log");
        InputFile b = file("b.log");
        Set<String> ran = ConcurrentHashMap.newKeySet();
        ahead.add(a, () -> {
            throw new IllegalStateException("damaged");
        });
        for (int i = 1; i < 5; i++) {
            int index = i;
            ahead.add(a, () -> {
                ran.add("a#" + index);
                return result(a, index, 1);
            });
        }
        ahead.add(b, () -> result(b, 0, 7));
        assertEquals("damaged", assertThrows(IllegalStateException.class, ahead::take).getMessage());
        ahead.skipRestOf(a);
        ChunkResult next = ahead.take();
        assertEquals(b, next.chunk().file());
        assertEquals(7, next.lines());
        // Only what the window had started of a's rest may have run, never all of it.
        assertFalse(ran.contains("a#3") || ran.contains("a#4"), ran.toString());
    }
}
