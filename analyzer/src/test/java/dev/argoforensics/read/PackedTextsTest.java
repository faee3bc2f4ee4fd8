package dev.argoforensics.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.event.Interner;
import dev.argoforensics.judgment.JudgmentCorpora;
import dev.argoforensics.source.ChunkLineReader;
import dev.argoforensics.source.InputCollector;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.source.LineChunk;
import dev.argoforensics.testing.SampleFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pass 2 packs a kept record's text on the reading thread ({@link LineFrontEnd#read(LineChunk, String, Interest,
 * Progress, boolean, boolean)}): the items must be those of a reading that leaves the texts in the lines, text for text,
 * and cross to another machine as the same bytes ({@link ChunkWire}), on every sample log and generated incident logs.
 */
class PackedTextsTest {
    private static final MessageCatalog CATALOG = MessageCatalog.standard();

    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> everySampleLogReadWithPackedTextsGivesTheSameItems() throws IOException {
        List<String> inputs = new ArrayList<>();
        for (Path sample : SampleFiles.all()) {
            inputs.addAll(SampleFiles.inputs(sample));
        }
        List<InputFile> logs = logs(inputs);
        assertTrue(logs.size() > 30, logs.size() + " sample logs");
        return Stream.of(DynamicTest.dynamicTest("samples", () -> assertSameItems(logs, 500)));
    }

    @TestFactory
    Stream<DynamicTest> generatedIncidentLogsReadWithPackedTextsGiveTheSameItems() {
        return Stream.of(1L).map(seed -> DynamicTest.dynamicTest("seed " + seed, () ->
                assertSameItems(logs(JudgmentCorpora.small(seed, dir.resolve("seed-" + seed))), 2_000)));
    }

    private static List<InputFile> logs(List<String> inputs) {
        return new InputCollector().collect(inputs).stream().filter(f -> f.kind() == InputKind.LOG).toList();
    }

    /** Each file read whole as one chunk both ways, with and without folding counted runs; at least {@code minKept} kept texts in all. */
    private static void assertSameItems(List<InputFile> logs, int minKept) throws IOException {
        int kept = 0;
        int packedBlocks = 0;
        for (InputFile f : logs) {
            for (boolean runs : new boolean[] {true, false}) {
                LineChunk chunk = new LineChunk(f, 0, 0, -1);
                // One front end each way, as each reading thread has its own.
                ChunkResult loose = frontEnd().read(chunk, null, Interest.everything(), Progress.NONE, runs, false);
                ChunkResult packed = frontEnd().read(chunk, null, Interest.everything(), Progress.NONE, runs, true);
                assertEquals(loose.items().size(), packed.items().size(), f.displayPath());
                for (int i = 0; i < loose.items().size(); i++) {
                    ChunkItem a = loose.items().get(i);
                    ChunkItem b = packed.items().get(i);
                    if (a instanceof ChunkItem.Kept k) {
                        ChunkItem.Kept p = (ChunkItem.Kept) b;
                        assertNull(k.text(), "left in the line");
                        assertNotNull(p.text(), f.displayPath() + " item " + i + ": packed");
                        assertEquals("", p.line().record(), "the line keeps no copy of the text");
                        assertEquals(k.line().record(), p.recordText(), f.displayPath() + " item " + i);
                        assertEquals(k, p.unpacked(), f.displayPath() + " item " + i);
                        kept++;
                        packedBlocks += p.text().block().isPacked() ? 1 : 0;
                    } else if (!(a instanceof CountedRun)) {
                        assertEquals(a, b, f.displayPath() + " item " + i); // a run of counted records: by its bytes, below
                    }
                }
                assertArrayEquals(ChunkWire.read(loose), ChunkWire.read(packed), f.displayPath() + ": the same bytes to another machine");
            }
        }
        assertTrue(kept >= minKept, kept + " kept texts");
        // Blocks are deflated once full or at the chunk's end; only one holding a character beyond Latin-1 stays as Strings.
        assertTrue(packedBlocks > kept * 9 / 10, packedBlocks + " of " + kept + " kept texts in packed blocks");
        assertFalse(kept == 0);
    }

    private static LineFrontEnd frontEnd() {
        return new LineFrontEnd(CATALOG, null, ChunkLineReader.MAX_LINE_BYTES, new Interner(), false);
    }
}
