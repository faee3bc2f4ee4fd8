package dev.argoforensics.source;

/**
 * A stretch of a file that one worker reads: whole lines from byte {@code start} up to byte
 * {@code end} (exclusive). A compressed or small file is one chunk covering all of it
 * ({@code end} = -1: to the end of the stream).
 *
 * @param index the chunk's place in the file, from 0
 */
public record LineChunk(InputFile file, int index, long start, long end) {
    public boolean whole() {
        return start == 0 && end < 0;
    }
}
