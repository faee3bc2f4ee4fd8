package dev.argoforensics.fleet;

import java.io.Serializable;

/**
 * One chunk of a split plain object after its task: the engine's pass 1 or pass 2 of it as bytes
 * ({@code LogReader.scanChunk}, {@code readChunk}), or why the chunk could not be copied or scanned.
 *
 * @param key   its object's {@link ScannedFile#key()}
 * @param index the chunk's place in the object, from 0
 */
record ChunkBytes(String key, int index, byte[] bytes, String failure) implements Serializable {
}
