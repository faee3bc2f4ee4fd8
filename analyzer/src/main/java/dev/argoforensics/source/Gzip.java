package dev.argoforensics.source;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/** A gzip stream, and what to say when one is damaged. */
final class Gzip extends GZIPInputStream {
    Gzip(InputStream in) throws IOException {
        super(in, 1 << 16);
    }

    /**
     * The content of a file read through a decoding stream ({@link InputFile#compressed()}): UTF-16 text with its byte order
     * mark transcoded ({@link Utf16Text}), else gzip.
     */
    static InputStream decoding(InputStream raw) throws IOException {
        java.io.BufferedInputStream in = new java.io.BufferedInputStream(raw, 1 << 16);
        in.mark(4);
        String utf16 = Utf16Text.of(in.read(), in.read(), in.read(), in.read());
        in.reset();
        return utf16 != null ? new Utf16Text(in, utf16) : new Gzip(in);
    }

    /** A gzip read failure in the report's words: what was expected, what was found. */
    static String describe(IOException e) {
        if (e instanceof EOFException) {
            return "expected more gzip data, found the end of the file (a truncated copy)";
        }
        if (e instanceof ZipException) {
            return "expected gzip data, found corrupt data (" + e.getMessage() + ")";
        }
        return "expected readable gzip data, found an error: " + e.getMessage();
    }
}
