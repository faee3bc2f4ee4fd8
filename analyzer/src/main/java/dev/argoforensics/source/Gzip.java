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
