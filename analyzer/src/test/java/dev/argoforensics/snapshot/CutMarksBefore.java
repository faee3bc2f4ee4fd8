package dev.argoforensics.snapshot;

import java.io.IOException;
import java.io.Reader;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@link CutMarks} as it was before session 57 (a character at a time, a String per line), kept as the oracle of {@link
 * CutMarksLinesTest}: the faster reading must give the parser the same text and note the same marks. Not used by the product.
 */
final class CutMarksBefore extends Reader {
    /** A line that marks lines left out: {@code ...}, {@code …}, {@code [...]}, {@code (...)}, {@code <snip>}, {@code ... (truncated)}. */
    static final Pattern ELISION = Pattern.compile(
            "(?:\\.{3,}|…+|\\[\\s*(?:\\.{3,}|…+|snip)\\s*]|\\(\\s*(?:\\.{3,}|…+)\\s*\\)|<snip>|\\.\\.\\.\\s*\\(?(?:truncated|snip|omitted)\\)?)");
    /** A comment that says lines were left out: {@code # ...}, {@code # [...]}, {@code # trimmed}, {@code # managedFields omitted}. */
    private static final Pattern CUT_COMMENT = Pattern.compile(
            "#\\s*(?:\\.{3,}|…+|\\[\\s*(?:\\.{3,}|…+|snip)\\s*]|\\(\\s*(?:\\.{3,}|…+)\\s*\\)|<snip>|.*\\b(?:trimmed|snipped|snip|omitted|truncated|elided|cut)\\b.*)",
            Pattern.CASE_INSENSITIVE);
    /** A mapping key at the start of a line's content: bare, or quoted. */
    private static final Pattern KEY = Pattern.compile("^(\"(?:[^\"\\\\]|\\\\.)*\"|'[^']*'|[^\\s#'\"\\[{|>&*!%@`-][^:#]*?|-[^\\s:#][^:#]*?)\\s*:(?:\\s|$)");
    /** A list item or a value that is only a mark: {@code - ...}, {@code managedFields: [...]}. */
    private static final Pattern ITEM_ELIDED = Pattern.compile("-\\s+(?:" + ELISION.pattern() + ")");
    private static final Pattern VALUE_ELIDED = Pattern.compile("(" + KEY.pattern().substring(1, KEY.pattern().length() - "(?:\\s|$)".length())
            + ")\\s+(?:" + ELISION.pattern() + ")\\s*$");
    /** A yq or jq deletion a comment quotes: {@code del(.status.containerStatuses)}. */
    private static final Pattern DELETED = Pattern.compile("del\\(\\s*\\.([A-Za-z0-9_\"/.-]+?)\\s*\\)");
    private static final int HEAD = 512;

    private record Key(int indent, String key) {
    }

    /** A bare mark ({@code ...}, a cut comment) whose reach the next content line tells: its cut, its indentation, the keys open at it. */
    private record Pending(int cut, int indent, List<Key> open) {
    }

    private final List<Pending> pending = new ArrayList<>();

    private final Reader in;
    private final StringBuilder line = new StringBuilder();
    private final Deque<Key> keys = new ArrayDeque<>();
    private final List<Trimmed.Cut> cuts = new ArrayList<>();
    private final List<Trimmed.Cut> header = new ArrayList<>();
    private final char[] chunk = new char[8192];
    private final StringBuilder out = new StringBuilder();
    private int outPos;
    private boolean passing;
    private boolean content;
    private boolean ended;
    private long lineNo = 1;

    CutMarksBefore(Reader in) {
        this.in = in;
    }

    /** Every mark after the first content line, in file order. */
    List<Trimmed.Cut> cuts() {
        return cuts;
    }

    /** Marks before the first content line (a {@code # trimmed} at the top): they say the file was trimmed, not where. */
    List<Trimmed.Cut> header() {
        return header;
    }

    @Override
    public int read(char[] buf, int off, int len) throws IOException {
        while (outPos >= out.length()) {
            out.setLength(0);
            outPos = 0;
            if (ended) {
                return -1;
            }
            int n = in.read(chunk, 0, chunk.length);
            if (n < 0) {
                ended = true;
                if (!line.isEmpty() && !passing) {
                    line(line.toString(), "");
                }
                line.setLength(0);
                reach(0, null, false); // the end of the file ends every mapping: a mark before it may have cut the rest of each
                continue;
            }
            for (int i = 0; i < n; i++) {
                char c = chunk[i];
                if (passing) {
                    out.append(c);
                    if (c == '\n') {
                        passing = false;
                        lineNo++;
                    }
                } else if (c == '\n') {
                    line(line.toString(), "\n");
                    line.setLength(0);
                    lineNo++;
                } else {
                    line.append(c);
                    if (line.length() > HEAD) {
                        content(line.toString());
                        out.append(line);
                        line.setLength(0);
                        passing = true;
                    }
                }
            }
        }
        int n = Math.min(len, out.length() - outPos);
        out.getChars(outPos, outPos + n, buf, off);
        outPos += n;
        return n;
    }

    private void line(String text, String end) {
        String t = text.replace("\uFEFF", "").strip();
        int indent = indent(text);
        if (t.startsWith("#")) {
            if (CUT_COMMENT.matcher(t).matches() && !t.regionMatches(true, 1, " taken-at", 0, 9)) {
                mark(indent, t, true);
            }
            out.append(text).append(end);
        } else if (!maybeMark(t)) {
            // Nearly every line: no mark can be in it, so no pattern is tried.
            if (!t.isEmpty()) {
                content(text);
            }
            out.append(text).append(end);
        } else if (ELISION.matcher(t).matches()) {
            mark(indent, t, true);
            out.append(text.endsWith("\r") ? "\r" : "").append(end);
        } else if (ITEM_ELIDED.matcher(t).matches()) {
            // "- ..." would read as an item "...": a finalizer, a container named "...". It stands for more items of the list.
            mark(indent + 1, t, false);
            out.append(text.endsWith("\r") ? "\r" : "").append(end);
        } else if (VALUE_ELIDED.matcher(text.substring(indent)).find()) {
            // "finalizers: [...]" would read as a list holding "...": the key stays (its value unknown, read as empty), the mark
            // goes under it.
            Matcher m = VALUE_ELIDED.matcher(text.substring(indent));
            m.find();
            String kept = text.substring(0, indent) + m.group(1);
            content(kept);
            mark(indent + 1, t, false);
            out.append(kept).append(text.endsWith("\r") ? "\r" : "").append(end);
        } else {
            if (!t.isEmpty()) {
                content(text);
            }
            out.append(text).append(end);
        }
    }

    /** Whether a line may hold a mark at all: every mark has "...", "…" or "snip" in it. */
    private static boolean maybeMark(String t) {
        return t.contains("...") || t.indexOf('…') >= 0 || t.contains("snip");
    }

    /** The mapping key a line's content starts with at {@code from} (bare or quoted, followed by ':' and a space or the end), or null. */
    static String key(String text, int from) {
        int n = text.length();
        if (from >= n) {
            return null;
        }
        char c = text.charAt(from);
        if (c == '"' || c == '\'') {
            int i = from + 1;
            while (i < n && text.charAt(i) != c) {
                i += c == '"' && text.charAt(i) == '\\' ? 2 : 1;
            }
            if (i >= n) {
                return null;
            }
            int j = i + 1;
            while (j < n && text.charAt(j) == ' ') {
                j++;
            }
            return j < n && text.charAt(j) == ':' && (j + 1 == n || text.charAt(j + 1) == ' ' || text.charAt(j + 1) == '\t')
                    ? text.substring(from + 1, i) : null;
        }
        if ("[{|>&*!%@`#".indexOf(c) >= 0) {
            return null;
        }
        for (int i = from; i < n; i++) {
            char d = text.charAt(i);
            if (d == '#' && i > from && text.charAt(i - 1) == ' ') {
                return null;
            }
            if (d == ':' && (i + 1 == n || text.charAt(i + 1) == ' ' || text.charAt(i + 1) == '\t')) {
                String k = text.substring(from, i).strip();
                return k.isEmpty() ? null : k;
            }
        }
        return null;
    }

    /**
     * @param bare a mark on a line of its own ({@code ...}, a cut comment), whose cut may run on past the mapping it stands in; not
     *             {@code - ...} or {@code key: [...]}, which stand for that list's items or that key's value only
     */
    private void mark(int indent, String text, boolean bare) {
        if (!content) {
            // At the top of the file, before the object: where the cut was is not shown, unless the comment quotes the yq or jq
            // deletion that made it ("yq 'del(.status.containerStatuses)'"): then that field alone is cut.
            Matcher del = DELETED.matcher(text);
            boolean named = false;
            while (del.find()) {
                named = true;
                header.add(new Trimmed.Cut(lineNo, List.of(del.group(1).replace("\"", "").split("\\.")), text));
            }
            if (!named) {
                header.add(new Trimmed.Cut(lineNo, List.of(), text));
            }
            return;
        }
        List<String> path = new ArrayList<>();
        for (Iterator<Key> it = keys.descendingIterator(); it.hasNext(); ) {
            Key k = it.next();
            if (k.indent() < indent) {
                path.add(k.key());
            }
        }
        cuts.add(new Trimmed.Cut(lineNo, path, text));
        if (bare) {
            List<Key> open = new ArrayList<>();
            keys.descendingIterator().forEachRemaining(open::add);
            pending.add(new Pending(cuts.size() - 1, indent, open));
        }
    }

    /**
     * The next content line after bare marks (its key's indentation {@code eff}, its key, whether it starts a list item): a line further
     * out than a mark shows that the lines cut may have run on through the rest of every mapping between (review s26: a mark written
     * under {@code annotations} whose cut took {@code deletionTimestamp} and {@code finalizers} with it, up to {@code labels}). Each such
     * mapping gets a {@link Trimmed.Span}: from the key open at the mark to the next line's key at its level, or to the mapping's end.
     */
    private void reach(int eff, String nextKey, boolean item) {
        // A list item's line ("- name: wait" at the list key's indentation, as kubectl prints it) is still inside that list: only the
        // mappings nested deeper than its dash were left.
        int from = item ? eff + 1 : eff;
        for (Pending p : pending) {
            if (from >= p.indent()) {
                continue;
            }
            List<Trimmed.Span> spans = new ArrayList<>();
            for (int i = 0; i < p.open().size(); i++) {
                Key k = p.open().get(i);
                if (k.indent() < from || k.indent() >= p.indent()) {
                    continue;
                }
                List<String> parent = new ArrayList<>();
                for (int j = 0; j < i; j++) {
                    if (p.open().get(j).indent() < k.indent()) {
                        parent.add(p.open().get(j).key());
                    }
                }
                spans.add(new Trimmed.Span(parent, k.key(), k.indent() == eff && !item ? nextKey : null));
            }
            Trimmed.Cut c = cuts.get(p.cut());
            cuts.set(p.cut(), new Trimmed.Cut(c.line(), c.path(), c.mark(), spans));
        }
        pending.clear();
    }

    /** A content line: the keys it closes and the one it opens. */
    private void content(String text) {
        content = true;
        String t = text.strip();
        if (t.equals("---") || t.startsWith("--- ")) {
            reach(0, null, false);
            keys.clear();
            return;
        }
        int i = indent(text);
        boolean item = false;
        while (i < text.length() && text.charAt(i) == '-' && (i + 1 == text.length() || text.charAt(i + 1) == ' ')) {
            item = true;
            i += 2;
            while (i < text.length() && text.charAt(i) == ' ') {
                i++;
            }
        }
        int eff = Math.min(i, text.length());
        if (!pending.isEmpty()) {
            reach(item ? indent(text) : eff, item ? null : key(text, eff), item);
        }
        while (!keys.isEmpty() && keys.peek().indent() >= eff) {
            keys.pop();
        }
        String k = key(text, eff);
        if (k != null) {
            keys.push(new Key(eff, k));
        }
    }

    private static int indent(String text) {
        int i = 0;
        while (i < text.length() && (text.charAt(i) == ' ' || text.charAt(i) == '\t' || text.charAt(i) == '\uFEFF')) {
            i++;
        }
        return i;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
