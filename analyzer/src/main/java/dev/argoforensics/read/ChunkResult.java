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
 * @param quotes          the chunk's Markdown blockquotes, numbered in the chunk: the assembler numbers them in the file
 */
record ChunkResult(LineChunk chunk, long lines, long envelopeHeaders, List<ChunkItem> items, ReadStats stats, Quotes quotes) {
    ChunkResult {
        items = List.copyOf(items);
    }

    /** A chunk with no blockquote told (a whole file read before, a chunk that failed: their quotes are numbered as they are). */
    ChunkResult(LineChunk chunk, long lines, long envelopeHeaders, List<ChunkItem> items, ReadStats stats) {
        this(chunk, lines, envelopeHeaders, items, stats, Quotes.NONE);
    }

    /**
     * How many blockquotes a chunk has, whether its first line is quoted, and whether its last is: a blockquote that goes on from one
     * chunk into the next is one.
     */
    record Quotes(int blocks, boolean opens, boolean ends) {
        static final Quotes NONE = new Quotes(0, false, false);
    }
}
