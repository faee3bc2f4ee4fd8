package dev.argoforensics.snapshot;

import java.io.IOException;
import java.io.Reader;

/**
 * The text of an export again, from the item after one a syntax error broke: every line before it is given to the parser
 * empty (so line numbers stay the file's), and only what can stand on its own is passed. A JSON or YAML parser cannot go on
 * past a syntax error, but each item of a list is a node of its own: kubectl writes the items of a {@code kind: List} one
 * after another at one indentation ({@code - apiVersion: v1} in YAML, {@code {} at the items' indentation in JSON), so the
 * next line that starts an item at that indentation starts the next item, whatever the broken one held. Past the items (a
 * line less indented, or one at their indentation that starts no item: the list's own {@code kind:}, a JSON {@code ]}) the
 * text ends, so the rest of the list is never read as an item. Documents of a YAML stream start at a {@code ---} line, and
 * JSON values one after another at a line starting with <code>{</code> in its first column.
 *
 * <p>Nothing is held beyond the first {@link #HEAD} characters of a line: a line is passed on, or skipped, as it streams. Its text
 * is the file's as {@link Replay} kept it from the broken object's start on, then the rest of the stream: the file is read once.
 */
final class ResumeText extends Reader {
    private static final int HEAD = 4096;

    /** What the broken object was: an item of a list, or an object at the top of the file (a document, a JSON value). */
    enum Mode { ITEM, DOCUMENT }

    private enum Phase { BEFORE, SEEK, PASS, END }

    private final Reader in;
    private final Mode mode;
    private final boolean json;
    private final long brokenLine;
    private final StringBuilder head = new StringBuilder();
    private final StringBuilder out = new StringBuilder();
    private int outPos;
    private Phase phase = Phase.BEFORE;
    private long lineNo;
    private int itemIndent = -1;
    private long resumedAt = -1;
    private boolean passLine;
    private boolean skipping;
    private boolean atLineStart = true;
    private boolean eof;

    /**
     * @param brokenLine the line where the broken object starts (an item's first line, with its {@code -} or <code>{</code>)
     */
    ResumeText(Reader in, Mode mode, boolean json, long brokenLine) {
        this(in, mode, json, brokenLine, 1);
    }

    /**
     * @param firstLine the line number of {@code in}'s first character ({@link Replay#keptLine()}): the lines before it are given to
     *                  the parser empty, as every line before the broken object is
     */
    ResumeText(Reader in, Mode mode, boolean json, long brokenLine, long firstLine) {
        this.in = in;
        this.mode = mode;
        this.json = json;
        this.brokenLine = brokenLine;
        this.lineNo = firstLine;
        this.blanks = firstLine - 1;
    }

    /** Empty lines still to give for the lines before {@code in}'s first. */
    private long blanks;

    /** The line reading resumed at (the next item or document), or -1 if there was none. */
    long resumedAt() {
        return resumedAt;
    }

    @Override
    public int read(char[] buf, int off, int len) throws IOException {
        while (outPos >= out.length()) {
            out.setLength(0);
            outPos = 0;
            if (phase == Phase.END || eof) {
                if (phase == Phase.PASS && json && mode == Mode.ITEM) {
                    // The file ended inside the list: close the array the items were given in, so a whole last item still reads.
                    out.append("]\n");
                    phase = Phase.END;
                    continue;
                }
                return -1;
            }
            step();
        }
        int n = Math.min(len, out.length() - outPos);
        out.getChars(outPos, outPos + n, buf, off);
        outPos += n;
        return n;
    }

    /** Reads the next piece of the text: the head of a line (and decides what becomes of it), or more of a line decided on. */
    private void step() throws IOException {
        if (blanks > 0) {
            int n = (int) Math.min(blanks, 8192);
            out.append("\n".repeat(n));
            blanks -= n;
            return;
        }
        if (!atLineStart) {
            // The rest of a line already decided on: passed on, or dropped, as it comes.
            int c;
            while ((c = in.read()) >= 0) {
                if (passLine) {
                    out.append((char) c);
                }
                if (c == '\n') {
                    endLine(passLine);
                    return;
                }
                if (passLine && out.length() >= 8192) {
                    return;
                }
            }
            eof = true;
            return;
        }
        head.setLength(0);
        int c;
        boolean ended = false;
        while (head.length() < HEAD && (c = in.read()) >= 0) {
            head.append((char) c);
            if (c == '\n') {
                ended = true;
                break;
            }
        }
        if (head.length() == 0) {
            eof = true;
            return;
        }
        boolean pass = decide();
        if (phase == Phase.END) {
            return;
        }
        if (pass) {
            out.append(head);
        } else if (ended) {
            out.append('\n');
        }
        if (ended) {
            endLine(pass);
        } else {
            atLineStart = false;
            passLine = pass;
            if (head.length() < HEAD) {
                eof = true;
            }
        }
    }

    private void endLine(boolean passed) {
        if (!passed && !atLineStart) {
            out.append('\n');
        }
        atLineStart = true;
        lineNo++;
    }

    /** Whether the line whose head is read is passed on; may end the text (phase END). */
    private boolean decide() {
        String line = head.toString().replace("\uFEFF", "");
        String content = line.strip();
        int indent = 0;
        while (indent < line.length() && line.charAt(indent) == ' ') {
            indent++;
        }
        String rest = line.substring(indent);
        switch (phase) {
            case BEFORE -> {
                if (lineNo < brokenLine) {
                    return false;
                }
                if (mode == Mode.ITEM) {
                    if (json ? !rest.startsWith("{") : !startsItem(rest)) {
                        // The broken item does not start as kubectl writes one: where the next one starts is not known.
                        phase = Phase.END;
                        return false;
                    }
                    itemIndent = indent;
                }
                phase = Phase.SEEK;
                return false;
            }
            case SEEK -> {
                if (mode == Mode.DOCUMENT) {
                    boolean starts = json ? line.startsWith("{") : line.startsWith("---") && (line.length() == 3 || Character.isWhitespace(line.charAt(3)));
                    if (starts) {
                        resume();
                        return true;
                    }
                    return false;
                }
                if (content.isEmpty() || !json && content.startsWith("#")) {
                    return false;
                }
                if (indent > itemIndent) {
                    return false;
                }
                if (indent == itemIndent && (json ? rest.startsWith("{") : startsItem(rest))) {
                    resume();
                    if (json) {
                        out.append('[');
                    }
                    return true;
                }
                if (indent == itemIndent && json && (rest.startsWith("}") || rest.startsWith(","))) {
                    return false; // the broken item's own closing brace
                }
                phase = Phase.END; // past the items: nothing after the broken one to read
                return false;
            }
            case PASS -> {
                if (mode == Mode.DOCUMENT || content.isEmpty() || !json && content.startsWith("#") || indent > itemIndent) {
                    return true;
                }
                if (indent == itemIndent && (json ? !rest.startsWith("]") : startsItem(rest))) {
                    return true; // the next item (in JSON also an item's closing brace)
                }
                if (json) {
                    out.append("]\n");
                }
                phase = Phase.END;
                return false;
            }
            default -> {
                return false;
            }
        }
    }

    private void resume() {
        resumedAt = lineNo;
        phase = Phase.PASS;
    }

    private static boolean startsItem(String rest) {
        return rest.startsWith("-") && (rest.length() == 1 || Character.isWhitespace(rest.charAt(1)));
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
