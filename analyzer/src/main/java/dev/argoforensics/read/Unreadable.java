package dev.argoforensics.read;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.source.InputCollector;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.UnreadableInput;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * A file that could not be read: named with the reason, and the analysis goes on with the others. An
 * exception that is not an I/O failure is a fault of the analyzer, said as such (a stack trace
 * would help nobody reading the report; the fuzz tests are there to keep these out).
 */
public final class Unreadable {
    private Unreadable() {
    }

    public static void record(InputFile f, Exception e, Map<InputFile, InputSummary> summaries, List<UnreadableInput> unreadable) {
        UnreadableInput u = new UnreadableInput(f.displayPath(), e instanceof IOException || e instanceof UncheckedIOException
                ? "expected a readable file, found " + ioReason(e)
                : "the analyzer failed on it (" + e + "); please report this with the file");
        unreadable.add(u);
        summaries.put(f, InputSummary.unreadable(f, u.reason()));
    }

    /** An I/O failure in words (the JDK's message for some of them is just the path). */
    static String ioReason(Exception e) {
        IOException io = e instanceof UncheckedIOException u ? u.getCause() : (IOException) e;
        return InputCollector.reason(io);
    }
}
