package dev.argoforensics.report;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;

/**
 * A Markdown report too long for one GitHub comment, in numbered parts: blocks (a finding, a
 * timeline's chunk, a section) are packed in order into parts each within the limit, each headed
 * "part i of n". A block is never cut unless it alone exceeds a part; then it is cut at a line where
 * no fence or {@code <details>} is open (a table's header is repeated after the cut), and only if
 * there is none, at any line.
 */
final class MarkdownParts {
    /** The line between parts when they are written to one stream. */
    static final String MARKER = "<!-- ✂ argo-forensics: part %d of %d starts here; paste each part as a comment of its own ✂ -->";
    /** Room kept in every part for its heading and its continuation line. */
    private static final int RESERVE = 200;

    private MarkdownParts() {
    }

    /** The marker line before part {@code number} of {@code total}, when the parts are written to one stream. */
    static String marker(int number, int total) {
        return "\n" + String.format(java.util.Locale.ROOT, MARKER, number, total) + "\n\n";
    }

    /** Length as GitHub counts it, in characters (code points). */
    static int length(String s) {
        return s.codePointCount(0, s.length());
    }

    /** Takes the blocks of a report one at a time, as they are made. */
    @FunctionalInterface
    interface BlockSink {
        void block(String block) throws IOException;
    }

    /** Makes a report's blocks, in order, into a sink; called once to measure and once to write, it makes the same blocks. */
    @FunctionalInterface
    interface Blocks {
        void into(BlockSink sink) throws IOException;
    }

    /**
     * Blocks packed in order into parts of at most {@code limit} characters: {@link #measure} counts
     * the parts from the blocks' lengths alone, {@link #write} then writes each block into its part.
     * A block is kept whole; with {@code force}, one larger than a part is cut ({@link #split}).
     */
    static final class Layout {
        private final int room;
        private final boolean force;
        private int parts;

        Layout(int limit, boolean force) {
            this.room = limit - RESERVE;
            this.force = force;
        }

        /** Counts the parts; false, without going on, at a block larger than a part when not forced. */
        boolean measure(Blocks blocks) throws IOException {
            int[] used = {0};
            parts = 1;
            try {
                blocks.into(block -> pieces(block, piece -> {
                    int n = length(piece);
                    if (used[0] + n > room && used[0] > 0) {
                        parts++;
                        used[0] = 0;
                    }
                    used[0] += n;
                }));
            } catch (TooLarge e) {
                return false;
            }
            return true;
        }

        /** Writes the blocks into the parts measured, each headed "part i of n". */
        void write(Blocks blocks, ReportRenderer.Parts out) throws IOException {
            int[] used = {0};
            int[] part = {0};
            Writer[] w = {null};
            blocks.into(block -> pieces(block, piece -> {
                int n = length(piece);
                if (part[0] == 0 || used[0] + n > room && used[0] > 0) {
                    part[0]++;
                    used[0] = 0;
                    w[0] = out.part(part[0], parts);
                    w[0].write("## argo-forensics report (part " + part[0] + " of " + parts + ")\n\n");
                    if (part[0] > 1) {
                        w[0].write("_Continued from part " + (part[0] - 1) + "._\n\n");
                    }
                }
                w[0].write(piece);
                used[0] += n;
            }));
            if (part[0] != parts) {
                throw new IllegalStateException("the Markdown report made " + part[0] + " parts, measured " + parts);
            }
        }

        private void pieces(String block, BlockSink piece) throws IOException {
            if (length(block) <= room) {
                piece.block(block);
            } else if (force) {
                for (String p : split(block, room)) {
                    piece.block(p);
                }
            } else {
                throw new TooLarge();
            }
        }
    }

    /** A block larger than a part, when blocks are not cut. */
    private static final class TooLarge extends IOException {
        private static final long serialVersionUID = 1L;

        TooLarge() {
            super("longer than allowed");
        }
    }

    /** The text written to it, as long as it stays within a limit (in characters as GitHub counts them); past it, {@link Full}. */
    static final class Bounded extends Writer {
        private final StringBuilder text = new StringBuilder();
        private final int limit;
        private int length;

        Bounded(int limit) {
            this.limit = limit;
        }

        @Override
        public void write(char[] buf, int off, int len) throws IOException {
            for (int i = off; i < off + len; i++) {
                if (!Character.isLowSurrogate(buf[i])) {
                    length++;
                }
            }
            if (length > limit) {
                throw new Full();
            }
            text.append(buf, off, len);
        }

        @Override
        public void write(String s) throws IOException {
            for (int i = 0; i < s.length(); i++) {
                if (!Character.isLowSurrogate(s.charAt(i))) {
                    length++;
                }
            }
            if (length > limit) {
                throw new Full();
            }
            text.append(s);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }

        @Override
        public String toString() {
            return text.toString();
        }

        /** More was written than the limit allows. */
        static final class Full extends IOException {
            private static final long serialVersionUID = 1L;

            Full() {
                super("longer than allowed");
            }
        }
    }

    /**
     * A block cut into pieces of at most {@code room} characters, at the safest lines available. A cut where a fence or a
     * {@code <details>} is still open (a folded table longer than a part, with no safe line near enough) closes them at the
     * end of its piece and opens them again at the start of the next, its summary saying "continued", so that each piece
     * renders on its own: an open {@code <details>} would otherwise fold the rest of its comment, and the next comment would
     * show its table's rows bare and end on a stray {@code </details>}.
     */
    static List<String> split(String block, int room) {
        String[] lines = block.split("\n", -1);
        List<String> out = new ArrayList<>();
        StringBuilder piece = new StringBuilder();
        String fence = null;
        String fenceLine = null;
        Deque<String> summaries = new ArrayDeque<>();
        boolean summaryNext = false;
        String tableHead = null;
        String previous = "";
        int safeEnd = -1;
        String safeTable = null;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i] + (i < lines.length - 1 ? "\n" : "");
            String closers = closers(fence, summaries.size());
            if (length(piece.toString()) + length(line) + length(closers) + opens(lines[i], fence) > room && piece.length() > 0) {
                int cut = safeEnd > 0 ? safeEnd : piece.length();
                String head = safeEnd > 0 ? safeTable : tableHead;
                String rest = piece.substring(cut);
                String carried = head != null && (rest.startsWith("|") || rest.isEmpty() && line.startsWith("|")) ? head : "";
                if (cut < piece.length() && length(carried) + length(rest) + length(line) > room) {
                    // What follows the safe point would not fit with this line (a block whose only safe point is near its start,
                    // such as a folded timeline): cut here instead, unsafe but within the room.
                    cut = piece.length();
                    head = tableHead;
                    rest = "";
                    carried = head != null && line.startsWith("|") ? head : "";
                }
                String reopen = "";
                if (cut == piece.length() && !closers.isEmpty()) {
                    piece.append(closers);
                    cut = piece.length();
                    reopen = reopeners(summaries, fenceLine);
                    if (fence != null) {
                        carried = "";
                    }
                }
                out.add(piece.substring(0, cut));
                piece = new StringBuilder(reopen).append(carried).append(rest);
                safeEnd = -1;
            }
            piece.append(line);
            String t = lines[i].strip();
            if (fence == null && t.startsWith("```")) {
                fence = t.replaceAll("[^`].*", "");
                fenceLine = lines[i];
            } else if (fence != null && t.equals(fence)) {
                fence = null;
                fenceLine = null;
            } else if (fence == null && t.equals("<details>")) {
                summaries.push("");
            } else if (fence == null && t.equals("</details>")) {
                summaries.poll();
            } else if (fence == null && summaryNext && t.startsWith("<summary>") && t.endsWith("</summary>")) {
                summaries.pop();
                summaries.push(t);
            }
            summaryNext = fence == null && t.equals("<details>");
            boolean headRow = false;
            if (fence == null && lines[i].startsWith("|") && !previous.startsWith("|") && i + 1 < lines.length) {
                tableHead = lines[i] + "\n" + lines[i + 1] + "\n";
                headRow = true;
            } else if (!lines[i].startsWith("|")) {
                tableHead = null;
            }
            if (fence == null && summaries.isEmpty() && !headRow && !lines[i].startsWith("|---")) {
                safeEnd = piece.length();
                safeTable = tableHead;
            }
            previous = lines[i];
        }
        if (piece.length() > 0) {
            out.add(piece.toString());
        }
        return out;
    }

    /** What closes the fence and the {@code <details>} open at a cut, innermost first. */
    private static String closers(String fence, int details) {
        StringBuilder b = new StringBuilder();
        if (fence != null) {
            b.append(fence).append('\n');
        }
        for (int i = 0; i < details; i++) {
            b.append("\n</details>\n");
        }
        return b.toString();
    }

    /** Room the line would need for closing what it opens, were the block cut after it. */
    private static int opens(String line, String fence) {
        String t = line.strip();
        if (fence == null && t.startsWith("```")) {
            return length(t.replaceAll("[^`].*", "")) + 1;
        }
        return fence == null && t.equals("<details>") ? length("\n</details>\n") : 0;
    }

    /** What opens again, outermost first, the {@code <details>} (their summaries saying "continued") and the fence closed at a cut. */
    private static String reopeners(Deque<String> summaries, String fenceLine) {
        StringBuilder b = new StringBuilder();
        Iterator<String> outermostFirst = summaries.descendingIterator();
        while (outermostFirst.hasNext()) {
            String s = outermostFirst.next();
            String summary = s.isEmpty() ? "<summary>(continued)</summary>"
                    : s.substring(0, s.length() - "</summary>".length()) + " (continued)</summary>";
            b.append("<details>\n").append(summary).append("\n\n");
        }
        if (fenceLine != null) {
            b.append(fenceLine).append('\n');
        }
        return b.toString();
    }
}
