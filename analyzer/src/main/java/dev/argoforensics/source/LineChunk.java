package dev.argoforensics.source;

/**
 * A stretch of a file that one worker reads: whole lines from byte {@code start} up to byte
 * {@code end} (exclusive). A compressed or small file is one chunk covering all of it
 * ({@code end} = -1: to the end of the stream).
 *
 * @param index   the chunk's place in the file, from 0
 * @param carried what a pasted excerpt's lines before the chunk leave in effect for its lines, as the planner found it
 *                ({@link ChunkPlanner.Carry}): the prompt line whose command printed the lines that go on in the chunk ({@code
 *                kubectl logs … -c wait}), {@code ""} where none is, null where the planner did not look (the first chunk, a
 *                stretch with no such command)
 */
public record LineChunk(InputFile file, int index, long start, long end, String carried) {
    public LineChunk(InputFile file, int index, long start, long end) {
        this(file, index, start, end, null);
    }

    public boolean whole() {
        return start == 0 && end < 0;
    }
}
