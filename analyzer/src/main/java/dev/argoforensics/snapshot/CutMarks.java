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
 * The lines of a YAML export on their way to the parser, with the marks of lines left out taken out and noted: someone
 * trimmed {@code kubectl get pod -o yaml} before pasting it and wrote {@code ...}, {@code [...]}, {@code <snip>} or a
 * {@code # trimmed} comment where they cut. YAML cannot read such a mark ({@code ...} at the start of a line even ends the
 * document, and what follows would be read as another one): each mark line is given to the parser empty, so line numbers
 * stay the file's, and its place in the object is kept ({@link Trimmed.Cut}: the keys its indentation puts it under). A
 * comment is left to the parser, which skips it. kubectl and argo write no such lines and no comments, so a mark is the
 * user's. Only the first {@link #HEAD} characters of a line are looked at: a longer line is no mark and passes as it is.
 */
final class CutMarks extends Reader {
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
    /** The line being gathered (its first {@link #HEAD} + 1 characters at most). */
    private final Chars line = new Chars(256);
    private final Deque<Key> keys = new ArrayDeque<>();
    private final List<Trimmed.Cut> cuts = new ArrayList<>();
    private final List<Trimmed.Cut> header = new ArrayList<>();
    private final char[] chunk = new char[8192];
    /**
     * What goes to the parser next. A {@code char[]}, not a {@code StringBuilder} (session 57): a builder checks every character
     * appended to keep its Latin-1 form, and {@code getChars} inflates it again, twice per character of every export read.
     */
    private final Chars out = new Chars(16384);
    private int outPos;
    /** Keys met before, by their characters: a content line's key is a String only the first time its text is met (session 57). */
    private final String[] keyCache = new String[512];
    private boolean passing;
    private boolean content;
    private boolean ended;
    private long lineNo = 1;

    CutMarks(Reader in) {
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
        while (outPos >= out.length) {
            out.length = 0;
            outPos = 0;
            if (ended) {
                return -1;
            }
            int n = in.read(chunk, 0, chunk.length);
            if (n < 0) {
                ended = true;
                if (line.length > 0 && !passing) {
                    line(line.toString(), "");
                }
                line.length = 0;
                reach(0, null, false); // the end of the file ends every mapping: a mark before it may have cut the rest of each
                continue;
            }
            // The chunk is taken a line at a time, not a character at a time (session 57); what each line gives is as before.
            int i = 0;
            while (i < n) {
                if (passing) {
                    // The rest of a line longer than HEAD: passed on as it is, up to and with its newline.
                    int j = indexOfNewline(chunk, i, n);
                    out.append(chunk, i, (j < 0 ? n : j + 1) - i);
                    if (j < 0) {
                        i = n;
                    } else {
                        passing = false;
                        lineNo++;
                        i = j + 1;
                    }
                    continue;
                }
                // At most HEAD + 1 characters are gathered: the character that makes a line longer than HEAD sends it on.
                int limit = Math.min(n, i + (HEAD + 1 - line.length));
                int j = indexOfNewline(chunk, i, limit);
                if (j >= 0) {
                    line.append(chunk, i, j - i);
                    gathered("\n");
                    line.length = 0;
                    lineNo++;
                    i = j + 1;
                } else {
                    line.append(chunk, i, limit - i);
                    i = limit;
                    if (line.length > HEAD) {
                        content(line.toString());
                        out.append(line.a, 0, line.length);
                        line.length = 0;
                        passing = true;
                    }
                }
            }
        }
        int n = Math.min(len, out.length - outPos);
        System.arraycopy(out.a, outPos, buf, off, n);
        outPos += n;
        return n;
    }

    private static int indexOfNewline(char[] a, int from, int to) {
        for (int i = from; i < to; i++) {
            if (a[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    /**
     * A whole line in {@link #line}, ended by {@code end}. Nearly every line of an export is plain content: no byte-order mark, no
     * comment, nothing a mark could be made of; such a line is read from the characters where they are (its key the only String
     * it may make, and that one once per distinct key). Any other line goes through {@link #line(String, String)}, as every line did.
     */
    private void gathered(String end) {
        char[] a = line.a;
        int n = line.length;
        int s = 0;
        while (s < n && Character.isWhitespace(a[s])) {
            s++;
        }
        if (s < n && a[s] == '#' || mayBeMarkOrMark(a, n)) {
            line(line.toString(), end);
            return;
        }
        if (s < n) {
            content(a, n);
        }
        out.append(a, 0, n);
        out.append(end);
    }

    /**
     * Whether the line must take the String path: it holds a byte-order mark (which {@link #line(String, String)} takes out before
     * it looks), or "...", "…" or "snip" ({@link #maybeMark}).
     */
    private static boolean mayBeMarkOrMark(char[] a, int n) {
        for (int i = 0; i < n; i++) {
            char c = a[i];
            if (c == '\uFEFF' || c == '…'
                    || c == '.' && i + 2 < n && a[i + 1] == '.' && a[i + 2] == '.'
                    || c == 's' && i + 3 < n && a[i + 1] == 'n' && a[i + 2] == 'i' && a[i + 3] == 'p') {
                return true;
            }
        }
        return false;
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
        int[] at = keyAt(text.toCharArray(), text.length(), from);
        return at == null ? null : text.substring(at[0], at[1]);
    }

    /**
     * Where the mapping key a line's content starts with at {@code from} is in {@code text}'s first {@code n} characters: its start
     * and end (a bare key stripped, a quoted key without its quotes), or null if the content starts with none.
     */
    private static int[] keyAt(char[] text, int n, int from) {
        if (from >= n) {
            return null;
        }
        char c = text[from];
        if (c == '"' || c == '\'') {
            int i = from + 1;
            while (i < n && text[i] != c) {
                i += c == '"' && text[i] == '\\' ? 2 : 1;
            }
            if (i >= n) {
                return null;
            }
            int j = i + 1;
            while (j < n && text[j] == ' ') {
                j++;
            }
            return j < n && text[j] == ':' && (j + 1 == n || text[j + 1] == ' ' || text[j + 1] == '\t')
                    ? new int[] {from + 1, i} : null;
        }
        if ("[{|>&*!%@`#".indexOf(c) >= 0) {
            return null;
        }
        for (int i = from; i < n; i++) {
            char d = text[i];
            if (d == '#' && i > from && text[i - 1] == ' ') {
                return null;
            }
            if (d == ':' && (i + 1 == n || text[i + 1] == ' ' || text[i + 1] == '\t')) {
                // String.strip's bounds: white space by Character.isWhitespace
                int s = from;
                int e = i;
                while (s < e && Character.isWhitespace(text[s])) {
                    s++;
                }
                while (e > s && Character.isWhitespace(text[e - 1])) {
                    e--;
                }
                return s == e ? null : new int[] {s, e};
            }
        }
        return null;
    }

    /** The key at {@code [from, to)} of {@code text} as a String: the one made when these characters were met first, if still held. */
    private String keyString(char[] text, int from, int to) {
        int h = 0;
        for (int i = from; i < to; i++) {
            h = 31 * h + text[i];
        }
        int slot = (h ^ (h >>> 16)) & (keyCache.length - 1);
        String held = keyCache[slot];
        if (held != null && held.length() == to - from) {
            boolean same = true;
            for (int i = 0; same && i < to - from; i++) {
                same = held.charAt(i) == text[from + i];
            }
            if (same) {
                return held;
            }
        }
        String k = new String(text, from, to - from);
        keyCache[slot] = k;
        return k;
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
        content(text.toCharArray(), text.length());
    }

    /** A content line, the first {@code n} characters of {@code text}: the keys it closes and the one it opens. */
    private void content(char[] text, int n) {
        content = true;
        // String.strip's bounds: white space by Character.isWhitespace
        int s = 0;
        int e = n;
        while (s < e && Character.isWhitespace(text[s])) {
            s++;
        }
        while (e > s && Character.isWhitespace(text[e - 1])) {
            e--;
        }
        if (e - s >= 3 && text[s] == '-' && text[s + 1] == '-' && text[s + 2] == '-' && (e - s == 3 || text[s + 3] == ' ')) {
            // "---" or "--- ...": a new document
            reach(0, null, false);
            keys.clear();
            return;
        }
        int i = indent(text, n);
        boolean item = false;
        while (i < n && text[i] == '-' && (i + 1 == n || text[i + 1] == ' ')) {
            item = true;
            i += 2;
            while (i < n && text[i] == ' ') {
                i++;
            }
        }
        int eff = Math.min(i, n);
        int[] at = keyAt(text, n, eff);
        String k = at == null ? null : keyString(text, at[0], at[1]);
        if (!pending.isEmpty()) {
            reach(item ? indent(text, n) : eff, item ? null : k, item);
        }
        while (!keys.isEmpty() && keys.peek().indent() >= eff) {
            keys.pop();
        }
        if (k != null) {
            keys.push(new Key(eff, k));
        }
    }

    private static int indent(char[] text, int n) {
        int i = 0;
        while (i < n && (text[i] == ' ' || text[i] == '\t' || text[i] == '\uFEFF')) {
            i++;
        }
        return i;
    }

    private static int indent(String text) {
        int i = 0;
        while (i < text.length() && (text.charAt(i) == ' ' || text.charAt(i) == '\t' || text.charAt(i) == '\uFEFF')) {
            i++;
        }
        return i;
    }

    /** A growable run of characters (no Latin-1 checks, no inflation). */
    private static final class Chars {
        char[] a;
        int length;

        Chars(int capacity) {
            a = new char[capacity];
        }

        void append(char[] from, int off, int len) {
            if (length + len > a.length) {
                a = java.util.Arrays.copyOf(a, Math.max(a.length * 2, length + len));
            }
            System.arraycopy(from, off, a, length, len);
            length += len;
        }

        Chars append(String s) {
            if (length + s.length() > a.length) {
                a = java.util.Arrays.copyOf(a, Math.max(a.length * 2, length + s.length()));
            }
            s.getChars(0, s.length(), a, length);
            length += s.length();
            return this;
        }

        @Override
        public String toString() {
            return new String(a, 0, length);
        }
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
