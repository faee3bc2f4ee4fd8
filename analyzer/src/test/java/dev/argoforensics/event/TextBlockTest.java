package dev.argoforensics.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.envelope.EnvelopeKind;
import dev.argoforensics.line.Level;
import dev.argoforensics.line.RecordFormat;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class TextBlockTest {

    private static List<String> lines(int n) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add("time=\"2026-09-19T10:00:" + String.format("%02d", i % 60) + ".000Z\" level=info msg=\"Processing workflow\" "
                    + "Phase=Running ResourceVersion=" + (4711 + i) + " namespace=argo workflow=hello-world-x7k2p" + (i % 7));
        }
        out.add("");
        out.add("a Latin-1 line: caf\u00e9 \u00ff");
        return out;
    }

    private record Placed(TextBlock block, int index) {
    }

    private static List<Placed> fill(TextBlock.Packer packer, List<String> texts) {
        List<Placed> placed = new ArrayList<>();
        for (String t : texts) {
            packer.add(t);
            placed.add(new Placed(packer.block(), packer.index()));
        }
        packer.finish();
        return placed;
    }

    @Test
    void everyTextComesBackEqualFromItsDeflatedBlock() {
        List<String> texts = lines(500);
        List<Placed> placed = fill(new TextBlock.Packer(true), texts);
        assertTrue(placed.get(0).block().isPacked());
        assertTrue(placed.get(texts.size() - 1).block().isPacked(), "the last block is packed when the file ends");
        assertTrue(placed.stream().map(Placed::block).distinct().count() > 10, "texts of about " + TextBlock.TARGET_CHARS + " chars a block");
        // In reading order, then backwards (each access another block than the thread's last).
        for (int i = 0; i < texts.size(); i++) {
            assertEquals(texts.get(i), placed.get(i).block().text(placed.get(i).index()));
        }
        for (int i = texts.size() - 1; i >= 0; i--) {
            assertEquals(texts.get(i), placed.get(i).block().text(placed.get(i).index()));
        }
    }

    @Test
    void textsSpilledToTheFileComeBackEqualInAnyOrder() {
        List<String> texts = lines(3000);
        // A text longer than a block and many short ones in one block: the lengths before the deflated texts span several bytes.
        texts.add(1500, "msg=\"" + "x".repeat(70_000) + "\"");
        for (int i = 0; i < 300; i++) {
            texts.add(2000, i % 3 == 0 ? "" : "k=" + i);
        }
        TextSpill spill = TextSpill.keepingInHeap(0);
        List<Placed> placed = fill(new TextBlock.Packer(true, spill), texts);
        assertTrue(placed.stream().allMatch(p -> p.block().isSpilled()), "every block in the file, none kept in the heap");
        assertTrue(spill.spilled() > 0);
        for (int i = 0; i < texts.size(); i++) {
            assertEquals(texts.get(i), placed.get(i).block().text(placed.get(i).index()));
        }
        // Backwards, and jumping by a stride that meets other blocks in the same slot of the thread's inflated blocks.
        for (int i = texts.size() - 1; i >= 0; i--) {
            assertEquals(texts.get(i), placed.get(i).block().text(placed.get(i).index()));
        }
        for (int s = 0; s < 7; s++) {
            for (int i = s; i < texts.size(); i += 97) {
                assertEquals(texts.get(i), placed.get(i).block().text(placed.get(i).index()));
            }
        }
    }

    @Test
    void theSpillKeepsItsShareInTheHeapAndTheRestInTheFile() {
        List<String> texts = lines(3000);
        TextSpill spill = TextSpill.keepingInHeap(2000);
        List<Placed> placed = fill(new TextBlock.Packer(true, spill), texts);
        assertTrue(placed.get(0).block().isPacked() && !placed.get(0).block().isSpilled(), "the first blocks in the heap");
        assertTrue(placed.get(texts.size() - 1).block().isSpilled(), "the later ones in the file");
        for (int i = 0; i < texts.size(); i++) {
            assertEquals(texts.get(i), placed.get(i).block().text(placed.get(i).index()));
        }
        TextSpill never = TextSpill.keepingInHeap(Long.MAX_VALUE / 2);
        List<Placed> inHeap = fill(new TextBlock.Packer(true, never), texts);
        assertTrue(inHeap.stream().noneMatch(p -> p.block().isSpilled()));
        assertEquals(0, never.spilled(), "a reading within the share never makes the file");
        assertEquals(texts.get(2999), inHeap.get(2999).block().text(inHeap.get(2999).index()));
    }

    @Test
    void threadsReadSpilledBlocksAtOnce() throws Exception {
        List<String> texts = lines(4000);
        readOnFourThreads(texts, fill(new TextBlock.Packer(true, TextSpill.keepingInHeap(0)), texts), true);
    }

    @Test
    void aBlockWithCharactersBeyondLatin1KeepsItsStrings() {
        List<String> texts = List.of("level=info msg=\"ok\"", "msg=\"Workflow \u00e9\u4e2d \uD83D\uDE00\"", "msg=\"lone \uD800 surrogate\"");
        List<Placed> placed = fill(new TextBlock.Packer(true), texts);
        assertFalse(placed.get(0).block().isPacked());
        for (int i = 0; i < texts.size(); i++) {
            assertEquals(texts.get(i), placed.get(i).block().text(placed.get(i).index()));
        }
    }

    @Test
    void notPackedWhereTheEventsAreDroppedAtOnce() {
        List<String> texts = lines(200);
        List<Placed> placed = fill(new TextBlock.Packer(false), texts);
        assertFalse(placed.get(0).block().isPacked());
        assertEquals(texts.get(5), placed.get(5).block().text(placed.get(5).index()));
    }

    @Test
    void threadsReadTheSameBlocksAtOnce() throws Exception {
        List<String> texts = lines(2000);
        readOnFourThreads(texts, fill(new TextBlock.Packer(true), texts), false);
    }

    /** Four threads read every text at strides of their own, forwards or backwards, at once: each comes back equal. */
    private static void readOnFourThreads(List<String> texts, List<Placed> placed, boolean backwards) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Integer>> done = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int stride = backwards ? 2 * t + 1 : t + 1;
                done.add(pool.submit(() -> {
                    int checked = 0;
                    for (int k = 0; k < texts.size(); k += stride) {
                        int i = backwards ? texts.size() - 1 - k : k;
                        assertEquals(texts.get(i), placed.get(i).block().text(placed.get(i).index()));
                        checked++;
                    }
                    return checked;
                }));
            }
            for (Future<Integer> f : done) {
                assertTrue(f.get() > 0);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void eventsAreEqualByTheirTextWhereverItIsHeld() {
        List<String> texts = lines(100);
        List<Placed> placed = fill(new TextBlock.Packer(true), texts);
        Timestamp t = Timestamp.parseRfc3339("2026-09-19T10:00:00.000Z", null, false);
        ControllerEvent ev = new ControllerEvent.Unrecognized("Processing workflow");
        Placed p = placed.get(42);
        LogEvent packed = new LogEvent(new SourceRef("c.log", 43), 43, t, null, EnvelopeKind.NONE, RecordFormat.SLOG_TEXT, Level.INFO, null,
                ev, p.block(), p.index(), 0, 42);
        LogEvent alone = new LogEvent(new SourceRef("c.log", 43), 43, t, null, EnvelopeKind.NONE, RecordFormat.SLOG_TEXT, Level.INFO, null,
                ev, texts.get(42), 0, 42);
        assertEquals(texts.get(42), packed.text());
        assertEquals(alone, packed);
        assertEquals(alone.hashCode(), packed.hashCode());
        LogEvent other = new LogEvent(new SourceRef("c.log", 43), 43, t, null, EnvelopeKind.NONE, RecordFormat.SLOG_TEXT, Level.INFO, null,
                ev, texts.get(41), 0, 42);
        assertNotEquals(other, packed, "another text");
        assertEquals(packed.text(), packed.withTime(t.equals(t) ? Timestamp.parseRfc3339("2026-09-19T10:00:01Z", null, false) : t).text());
    }

    /**
     * A reading thread interrupted while it packs (the reading's pool shut down with shutdownNow while a chunk read of a file
     * whose rest was skipped after a fault still runs): a FileChannel closes for every thread when one is interrupted in it, so
     * every text spilled before was lost and the report failed reading them. The interrupted thread's blocks and all those
     * spilled before still come back equal; and a thread interrupted while it reads one gets its text too.
     */
    @Test
    void anInterruptedThreadNeitherLosesNorLosesOthersSpilledTexts() throws Exception {
        List<String> texts = lines(3000);
        TextSpill spill = TextSpill.keepingInHeap(0);
        List<Placed> before = fill(new TextBlock.Packer(true, spill), texts);
        List<Placed> interrupted = new ArrayList<>();
        Thread t = new Thread(() -> {
            Thread.currentThread().interrupt();
            interrupted.addAll(fill(new TextBlock.Packer(true, spill), texts));
            Thread.currentThread().interrupt();
            assertEquals(texts.get(7), before.get(7).block().text(before.get(7).index()));
        });
        Throwable[] failed = new Throwable[1];
        t.setUncaughtExceptionHandler((x, e) -> failed[0] = e);
        t.start();
        t.join();
        assertEquals(null, failed[0]);
        for (int i = 0; i < texts.size(); i++) {
            assertEquals(texts.get(i), before.get(i).block().text(before.get(i).index()));
            assertEquals(texts.get(i), interrupted.get(i).block().text(interrupted.get(i).index()));
        }
    }
}
