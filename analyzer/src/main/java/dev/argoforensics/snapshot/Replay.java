package dev.argoforensics.snapshot;

import java.io.IOException;
import java.io.Reader;

/**
 * An export's text as it streams to the parser, with the text from the start of the object being read kept, so that reading can
 * go on after a syntax error broke that object without opening the file again: {@link ResumeText} is given the kept text and then
 * the rest of the stream ({@link #again()}), once per broken object, and the file is read once however many objects broke
 * (before session 37 it was read again from its start for each, up to 20 times).
 *
 * <p>What is kept is the object being read (from the line where it starts, {@link #mark}) and what the parser read ahead of it,
 * bounded: past {@code cap} characters the oldest lines are let go, and reading cannot go back to them (an object that large
 * is refused by the object limit anyway).
 */
final class Replay {
    private final Reader in;
    private final long cap;
    private final StringBuilder kept = new StringBuilder();
    /** The offsets in {@link #kept} where its lines after the first start. */
    private int[] starts = new int[64];
    private int lines;
    /** The line number of the first character kept: kept always starts at a line's start. */
    private long keptLine = 1;
    /** Where the reader in use stands in {@link #kept}; at its end, it pulls more from the stream. */
    private int pos;
    private boolean eof;
    /** The last character read was a '\r': whether it stands alone is decided by the next one. */
    private boolean carriageReturnLast;

    Replay(Reader in, long cap) {
        this.in = in;
        this.cap = cap;
    }

    /** The text from the start of the stream (the first reading). */
    Reader first() {
        return reader();
    }

    /** The text again, from the first line kept on, then on through the rest of the stream. */
    Reader again() {
        pos = 0;
        return reader();
    }

    /** The line number of the first character {@link #again()} gives. */
    long keptLine() {
        return keptLine;
    }

    /** An object starts at {@code line}: what came before it is not needed again. */
    void mark(long line) {
        if (line <= keptLine || line > keptLine + lines || starts[(int) (line - keptLine) - 1] > pos) {
            // Not kept, or not yet given to the reader: the object being read starts in text already given, so lines are
            // counted otherwise than the parser counts them; nothing is let go rather than text not yet read.
            return;
        }
        drop((int) (line - keptLine));
    }

    /** Lets go of the first {@code n} lines kept. */
    private void drop(int n) {
        int offset = starts[n - 1];
        kept.delete(0, offset);
        System.arraycopy(starts, n, starts, 0, lines - n);
        lines -= n;
        for (int i = 0; i < lines; i++) {
            starts[i] -= offset;
        }
        pos = Math.max(0, pos - offset);
        keptLine += n;
    }

    private Reader reader() {
        return new Reader() {
            @Override
            public int read(char[] buf, int off, int len) throws IOException {
                if (len == 0) {
                    return 0;
                }
                if (pos >= kept.length() && !pull(Math.max(len, 8192))) {
                    return -1;
                }
                int n = Math.min(len, kept.length() - pos);
                kept.getChars(pos, pos + n, buf, off);
                pos += n;
                return n;
            }

            @Override
            public void close() {
                // The stream is the caller's: it counts the lines after the last object.
            }
        };
    }

    /** Reads more of the stream into {@link #kept}; false at its end. */
    private boolean pull(int want) throws IOException {
        if (eof) {
            return false;
        }
        char[] chunk = new char[Math.min(want, 65536)];
        int n = in.read(chunk, 0, chunk.length);
        if (n < 0) {
            eof = true;
            return false;
        }
        int base = kept.length();
        kept.append(chunk, 0, n);
        for (int i = 0; i < n; i++) {
            char c = chunk[i];
            // Lines end where the parser's do (Jackson: "\n", "\r\n", and a lone "\r"), so that mark() names the lines the
            // parser's locations do (session 56 breaker: counting "\n" only, a "\r\r\n" file's marks let go of text not yet read).
            if (c == '\n' && carriageReturnLast) {
                // The "\n" of a "\r\n": the line the '\r' started starts after it instead.
                if (lines > 0 && starts[lines - 1] == base + i) {
                    starts[lines - 1] = base + i + 1;
                }
            } else if (c == '\n' || c == '\r') {
                if (lines == starts.length) {
                    starts = java.util.Arrays.copyOf(starts, lines * 2);
                }
                starts[lines++] = base + i + 1;
            }
            carriageReturnLast = c == '\r';
        }
        if (kept.length() > cap && lines > 1 && pos > starts[0]) {
            // Past the bound: the lines the reader has passed go, all but the one it stands in.
            int n2 = 0;
            while (n2 < lines && starts[n2] <= pos) {
                n2++;
            }
            if (n2 > 0) {
                drop(n2);
            }
        }
        return true;
    }
}
