package dev.argoforensics.source;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.util.function.LongConsumer;

/**
 * The bytes of one chunk, as both readers open them: a whole file from its start (decompressed if it
 * is gzip), or a stretch of a plain file from its first byte.
 *
 * @param remaining how many bytes belong to the chunk ({@link Long#MAX_VALUE}: to the end of the stream)
 * @param damage    why a gzip stream gave nothing at all (not even a header), else null
 */
record ChunkBytes(InputStream in, long remaining, String damage) {

    /** @param storedBytesRead hears how many stored bytes were read (compressed ones for a gzip file) */
    static ChunkBytes open(LineChunk chunk, LongConsumer storedBytesRead) throws IOException {
        InputFile file = chunk.file();
        if (!chunk.whole()) {
            FileChannel channel = FileChannel.open(file.path(), StandardOpenOption.READ);
            channel.position(chunk.start());
            return new ChunkBytes(new CountingInputStream(Channels.newInputStream(channel), storedBytesRead), chunk.end() - chunk.start(), null);
        }
        InputStream raw = new CountingInputStream(Files.newInputStream(file.path()), storedBytesRead);
        if (!file.compressed()) {
            return new ChunkBytes(raw, Long.MAX_VALUE, null);
        }
        try {
            return new ChunkBytes(Gzip.decoding(raw), Long.MAX_VALUE, null);
        } catch (IOException e) {
            raw.close();
            return new ChunkBytes(InputStream.nullInputStream(), Long.MAX_VALUE, Gzip.describe(e));
        }
    }
}
