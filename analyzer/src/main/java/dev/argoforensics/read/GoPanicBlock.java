package dev.argoforensics.read;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A Go panic or fatal error and the goroutine stacks Go prints after it, gathered into one event:
 * {@code panic: …} or {@code fatal error: …}, then blank lines, {@code goroutine N [state]:},
 * function lines {@code pkg.Func(args)}, tab-indented {@code file.go:123 +0x1a} lines,
 * {@code created by …}, {@code [signal …]}, {@code exit status N}.
 */
final class GoPanicBlock {
    static final int KEPT_LINES = 20;
    private static final Pattern CALL = Pattern.compile("[\\w./*()\\[\\]{}~-]+\\(.*\\)( \\+0x[0-9a-f]+)?");

    private final long firstLine;
    private final List<String> kept = new ArrayList<>();
    private int lineCount;
    private long lastLine;

    GoPanicBlock(String first, long firstLine) {
        this.firstLine = firstLine;
        add(first, firstLine);
    }

    static boolean starts(String line) {
        return line.startsWith("panic: ") || line.startsWith("fatal error: ") || line.startsWith("goroutine ");
    }

    static boolean continues(String line) {
        return line.isBlank() || line.startsWith("\t") || line.startsWith("    ") || line.startsWith("goroutine ")
                || line.startsWith("created by ") || line.startsWith("[signal ") || line.startsWith("panic: ")
                || line.startsWith("[recovered]") || line.startsWith("exit status ") || line.equals("...additional frames elided...")
                || CALL.matcher(line).matches();
    }

    void add(String line, long number) {
        lineCount++;
        lastLine = number;
        if (kept.size() < KEPT_LINES) {
            kept.add(line);
        }
    }

    long firstLine() {
        return firstLine;
    }

    long lastLine() {
        return lastLine;
    }

    int lineCount() {
        return lineCount;
    }

    String message() {
        return kept.get(0);
    }

    /** The first lines of the block, and how many were left out. */
    String text() {
        String head = String.join("\n", kept);
        return lineCount > kept.size() ? head + "\n… (" + (lineCount - kept.size()) + " more lines)" : head;
    }
}
