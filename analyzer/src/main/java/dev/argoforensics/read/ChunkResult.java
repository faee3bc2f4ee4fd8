package dev.argoforensics.read;

import dev.argoforensics.accounting.ReadStats;
import dev.argoforensics.source.LineChunk;
import java.util.List;

/**
 * One chunk, read.
 *
 * @param lines           physical lines in the chunk
 * @param envelopeHeaders export header rows among them
 * @param stats           damage, cut lines and encoding trouble met on the way
 */
record ChunkResult(LineChunk chunk, long lines, long envelopeHeaders, List<ChunkItem> items, ReadStats stats) {
    ChunkResult {
        items = List.copyOf(items);
    }
}
