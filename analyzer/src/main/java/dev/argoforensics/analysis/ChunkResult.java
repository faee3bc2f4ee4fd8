package dev.argoforensics.analysis;

import dev.argoforensics.source.LineChunk;
import java.util.List;

/**
 * One chunk, read.
 *
 * @param lines           physical lines in the chunk
 * @param envelopeHeaders export header rows among them
 */
record ChunkResult(LineChunk chunk, long lines, long envelopeHeaders, List<ChunkItem> items) {
    ChunkResult {
        items = List.copyOf(items);
    }
}
