package dev.argoforensics.snapshot;

import java.io.FilterReader;
import java.io.IOException;
import java.io.Reader;

/**
 * The characters of a snapshot file on their way to the parser, with the two bounds the parsers
 * cannot set themselves: the size of one object (a {@code kind: List} is one YAML document, so
 * SnakeYAML's per-document code point limit would bound the whole list; here the count restarts at
 * every object, so a 500 MB list of ordinary objects is read) and, for YAML, the length of a line
 * (SnakeYAML scans a long scalar in time that grows with the square of its length). A bound that
 * trips, or a read that fails (a truncated gzip file), ends the stream with an exception, and
 * {@link #problem()} says what was expected and found. A UTF-8 byte order mark is dropped.
 */
final class LimitedReader extends FilterReader {
    private final long maxObjectChars;
    private final long maxLineChars;
    private long chars;
    private long lines = 1;
    private long lineChars;
    private long objectStart;
    private long objectLine = 1;
    private boolean first = true;
    private String problem;
    private long problemLine;

    /** @param maxLineChars longest line allowed; {@link Long#MAX_VALUE} for none */
    LimitedReader(Reader in, long maxObjectChars, long maxLineChars) {
        super(in);
        this.maxObjectChars = maxObjectChars;
        this.maxLineChars = maxLineChars;
    }

    /** An object starts (at this line): its characters are counted from here. */
    void startObject(long line) {
        objectStart = chars;
        objectLine = line;
    }

    /** The line where the object being read starts. */
    long objectLine() {
        return objectLine;
    }

    /** The line the text read so far ends in. */
    long lines() {
        return lines;
    }

    /** Why reading stopped early, or null. */
    String problem() {
        return problem;
    }

    /** The line where it did. */
    long problemLine() {
        return problemLine;
    }

    @Override
    public int read() throws IOException {
        char[] one = new char[1];
        return read(one, 0, 1) < 0 ? -1 : one[0];
    }

    @Override
    public int read(char[] buf, int off, int len) throws IOException {
        if (problem != null) {
            throw new ReadingStopped(problem);
        }
        int n;
        try {
            n = super.read(buf, off, len);
        } catch (IOException e) {
            stop(lines, damage(e));
            throw new ReadingStopped(problem);
        }
        if (n <= 0) {
            return n;
        }
        if (first) {
            first = false;
            if (buf[off] == '\uFEFF') {
                System.arraycopy(buf, off + 1, buf, off, n - 1);
                if (--n == 0) {
                    return read(buf, off, len);
                }
            }
        }
        for (int i = off; i < off + n; i++) {
            if (buf[i] == '\n') {
                lines++;
                lineChars = 0;
            } else if (++lineChars > maxLineChars) {
                stop(lines, "expected YAML lines of at most " + maxLineChars + " characters, found a longer one (SnakeYAML would take"
                        + " minutes over a very long one): reading stopped here");
                throw new ReadingStopped(problem);
            }
        }
        chars += n;
        if (chars - objectStart > maxObjectChars) {
            stop(objectLine, "expected an object of at most " + maxObjectChars + " characters, found one larger starting here:"
                    + " reading stopped");
            throw new ReadingStopped(problem);
        }
        return n;
    }

    private void stop(long line, String why) {
        problem = why;
        problemLine = line;
    }

    private static String damage(IOException e) {
        if (e instanceof java.io.EOFException) {
            return "expected more gzip data, found the end of the file (a truncated copy): the objects before were read";
        }
        return "expected readable data, found " + (e instanceof java.util.zip.ZipException ? "corrupt gzip data (" + e.getMessage() + ")"
                : e.getMessage()) + ": the objects before were read";
    }

    /** What the parsers see when a bound trips or the file is damaged. */
    static final class ReadingStopped extends IOException {
        private static final long serialVersionUID = 1L;

        ReadingStopped(String message) {
            super(message);
        }
    }
}
