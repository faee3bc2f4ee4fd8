package dev.argoforensics.report;

import java.util.ArrayList;
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

    /** The parts joined, each after a marker line (but the first). */
    static String joined(List<String> parts) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < parts.size(); i++) {
            if (i > 0) {
                b.append('\n').append(String.format(java.util.Locale.ROOT, MARKER, i + 1, parts.size())).append("\n\n");
            }
            b.append(parts.get(i));
        }
        return b.toString();
    }

    /** Length as GitHub counts it, in characters (code points). */
    static int length(String s) {
        return s.codePointCount(0, s.length());
    }

    /**
     * Packs the blocks into parts of at most {@code limit} characters.
     *
     * @param force cut a block larger than a part (else: null, for the caller to try with less)
     * @return the parts with their headings, or null
     */
    static List<String> pack(List<String> blocks, int limit, boolean force) {
        int room = limit - RESERVE;
        List<String> pieces = new ArrayList<>();
        for (String block : blocks) {
            if (length(block) <= room) {
                pieces.add(block);
            } else if (force) {
                pieces.addAll(split(block, room));
            } else {
                return null;
            }
        }
        List<StringBuilder> bodies = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        int used = 0;
        for (String p : pieces) {
            int n = length(p);
            if (used + n > room && used > 0) {
                bodies.add(current);
                current = new StringBuilder();
                used = 0;
            }
            current.append(p);
            used += n;
        }
        bodies.add(current);
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < bodies.size(); i++) {
            String heading = "## argo-forensics report (part " + (i + 1) + " of " + bodies.size() + ")\n\n";
            String body = bodies.get(i).toString();
            parts.add(heading + (i == 0 ? body : "_Continued from part " + i + "._\n" + body));
        }
        return parts;
    }

    /** A block cut into pieces of at most {@code room} characters, at the safest lines available. */
    static List<String> split(String block, int room) {
        String[] lines = block.split("\n", -1);
        List<String> out = new ArrayList<>();
        StringBuilder piece = new StringBuilder();
        String fence = null;
        int details = 0;
        String tableHead = null;
        String previous = "";
        int safeEnd = -1;
        String safeTable = null;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i] + (i < lines.length - 1 ? "\n" : "");
            if (length(piece.toString()) + length(line) > room && piece.length() > 0) {
                int cut = safeEnd > 0 ? safeEnd : piece.length();
                String rest = piece.substring(cut);
                out.add(piece.substring(0, cut));
                piece = new StringBuilder();
                String head = safeEnd > 0 ? safeTable : tableHead;
                if (head != null && (rest.startsWith("|") || rest.isEmpty() && line.startsWith("|"))) {
                    piece.append(head);
                }
                piece.append(rest);
                safeEnd = -1;
            }
            piece.append(line);
            String t = lines[i].strip();
            if (fence == null && t.startsWith("```")) {
                fence = t.replaceAll("[^`].*", "");
            } else if (fence != null && t.equals(fence)) {
                fence = null;
            } else if (fence == null && t.equals("<details>")) {
                details++;
            } else if (fence == null && t.equals("</details>")) {
                details--;
            }
            boolean headRow = false;
            if (fence == null && lines[i].startsWith("|") && !previous.startsWith("|") && i + 1 < lines.length) {
                tableHead = lines[i] + "\n" + lines[i + 1] + "\n";
                headRow = true;
            } else if (!lines[i].startsWith("|")) {
                tableHead = null;
            }
            if (fence == null && details <= 0 && !headRow && !lines[i].startsWith("|---")) {
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
}
