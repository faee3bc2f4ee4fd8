package dev.argoforensics.read;

/**
 * A fault of the analyzer while a worker read a chunk: what the chunk gave before it, whole, so that
 * it is kept and the file is reported as read up to the line where it failed.
 *
 * @see FileAssembler#stopped
 */
final class ChunkFault extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient ChunkResult before;

    /** @param before the chunk's lines up to the one the fault hit, with their items */
    ChunkFault(ChunkResult before, RuntimeException cause) {
        super(cause.toString(), cause);
        this.before = before;
    }

    ChunkResult before() {
        return before;
    }
}
