package dev.argoforensics.source;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Reads a file line by line, once: gzip is decompressed on the fly, invalid UTF-8 becomes U+FFFD,
 * and the SHA-256 of the stored bytes is computed while reading (see {@link SourceStream}).
 */
public final class LineReader implements Closeable {
    private final SourceStream stream;
    private final BufferedReader reader;
    private long lineNumber;

    public LineReader(InputFile file) throws IOException {
        this.stream = SourceStream.open(file, false);
        var decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        this.reader = new BufferedReader(new InputStreamReader(stream, decoder), 256 * 1024);
    }

    /** The next line without its terminator, or null at the end. */
    public String next() throws IOException {
        String line = reader.readLine();
        if (line != null) {
            lineNumber++;
        }
        return line;
    }

    /** 1-based number of the line last returned. */
    public long lineNumber() {
        return lineNumber;
    }

    /** SHA-256 of the stored file. */
    public String sha256() throws IOException {
        return stream.sha256();
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }
}
