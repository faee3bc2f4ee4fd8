package dev.argoforensics.snapshot;

import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The lines of Kubernetes objects pasted into an issue or a postmortem, on their way to the parser: only the objects' own
 * lines pass. People paste {@code kubectl get pod … -o yaml} with what was around it: a sentence saying what it is, the
 * shell prompt with the command, a Markdown fence ({@code ```yaml}), and after it more text or a second fenced object. Each
 * line of that text is given to the parser as a YAML document separator ({@code ---}), so line numbers stay the file's and
 * two objects one after the other stay two documents (an empty document is skipped); the text is kept, line by line, for
 * the file's accounting ({@link #around()}). A {@code # taken-at:} comment passes as it is.
 *
 * <p>An object starts at a column-0 {@code apiVersion:} or {@code kind:} (YAML) or a column-0 {@code {} (JSON, as
 * {@code -o json} prints it). A YAML object goes on over blank lines, indented lines, list items, comments and column-0
 * keys as Kubernetes writes them (lowerCamel: {@code metadata:}, {@code status:}); it ends at a fence or at any other
 * column-0 line (the sentence after it, the next prompt). A JSON object ends where its braces close. YAML's own parser reads
 * both (JSON is YAML's flow style), so a paste of both kinds is one stream.
 */
final class PastedText extends Reader {
    /** A line of the text around the objects: not given to the parser. */
    record Around(long line, String text) {
    }

    private enum State { OUT, YAML, JSON }

    private static final Pattern FENCE = Pattern.compile("(?:`{3,}|~{3,})\\s*[\\w.+#-]*\\s*");
    private static final Pattern YAML_START = Pattern.compile("(?:apiVersion|kind):(?:\\s.*)?");
    /** A mapping key at column 0 as Kubernetes objects have them (lowerCamel), with its value or nothing after. */
    private static final Pattern TOP_KEY = Pattern.compile("[a-z][A-Za-z0-9]*:(?:\\s.*)?");
    private static final Pattern TAKEN_AT = Pattern.compile("#\\s*taken-at:.*");
    private static final int MAX_AROUND = 10_000;

    private final java.io.BufferedReader in;
    private final StringBuilder out = new StringBuilder();
    private final List<Around> around = new ArrayList<>();
    private long aroundLines;
    private int outPos;
    private long lineNo = 1;
    private State state = State.OUT;
    private int depth;
    private boolean inString;
    private boolean escaped;
    private boolean yaml;
    private boolean json;

    PastedText(Reader in) {
        this.in = new java.io.BufferedReader(in);
    }

    /** The lines around the objects that were not given to the parser (the first {@value #MAX_AROUND}), in file order. */
    List<Around> around() {
        return around;
    }

    /** How the objects were written: {@code YAML}, {@code JSON}, {@code YAML and JSON}, or {@code YAML} when none was found. */
    String format() {
        return json && yaml ? "YAML and JSON" : json ? "JSON" : "YAML";
    }

    /** How many lines around the objects there were, all of them. */
    long aroundLines() {
        return aroundLines;
    }

    @Override
    public int read(char[] buf, int off, int len) throws IOException {
        // One line at a time: what the parser gets for it (the line, or "---" for the text around) is decided by the line alone
        // and the state the lines before left.
        while (outPos >= out.length()) {
            out.setLength(0);
            outPos = 0;
            String next = in.readLine();
            if (next == null) {
                return -1;
            }
            line(next, "\n");
            lineNo++;
        }
        int n = Math.min(len, out.length() - outPos);
        out.getChars(outPos, outPos + n, buf, off);
        outPos += n;
        return n;
    }

    private void line(String text, String end) {
        String body = text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
        String t = body.strip();
        if (state == State.YAML) {
            if (t.isEmpty() || !FENCE.matcher(t).matches() && (body.charAt(0) == ' ' || body.charAt(0) == '\t' || body.charAt(0) == '-'
                    || body.charAt(0) == '#' || TOP_KEY.matcher(body).matches() || CutMarks.ELISION.matcher(t).matches())) {
                out.append(text).append(end);
                return;
            }
            state = State.OUT; // the object ends here: this line is the text after it
        } else if (state == State.JSON) {
            out.append(text).append(end);
            braces(body);
            if (depth <= 0) {
                state = State.OUT;
            }
            return;
        }
        if (t.isEmpty()) {
            out.append(text).append(end);
            return;
        }
        if (FENCE.matcher(t).matches()) {
            around(t);
            out.append("---").append(end);
            return;
        }
        if (YAML_START.matcher(body).matches()) {
            state = State.YAML;
            yaml = true;
            out.append(text).append(end);
            return;
        }
        if (body.charAt(0) == '{') {
            state = State.JSON;
            json = true;
            depth = 0;
            inString = false;
            escaped = false;
            out.append(text).append(end);
            braces(body);
            if (depth <= 0) {
                state = State.OUT;
            }
            return;
        }
        if (TAKEN_AT.matcher(t).matches()) {
            out.append(text).append(end);
            return;
        }
        around(body);
        out.append("---").append(end);
    }

    /** Counts the braces and brackets of a JSON line outside its strings. */
    private void braces(String body) {
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            if (inString) {
                if (escaped) {
                    escaped = false;
                } else if (c == '\\') {
                    escaped = true;
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
            } else if (c == '{' || c == '[') {
                depth++;
            } else if (c == '}' || c == ']') {
                depth--;
            }
        }
    }

    private void around(String text) {
        aroundLines++;
        if (around.size() < MAX_AROUND) {
            around.add(new Around(lineNo, text));
        }
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
