package dev.argoforensics.cli;

import dev.argoforensics.report.ReportRenderer;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * The files a report is written to ({@code --out FILE}, and {@code FILE-2}, … for the parts of a long
 * Markdown report), each first under a temporary name in the same folder ({@code .FILE.1a2b3c4d.tmp})
 * and moved into place by {@link #commit()} once every part is written whole. A report that fails
 * on the way (out of memory, a full disk) leaves nothing under the names asked for: {@link #close()}
 * deletes what it began. A name that is a device or a pipe ({@code /dev/stdout}) is written directly;
 * a symbolic link is followed, and the file it names is replaced.
 */
final class ReportFiles implements ReportRenderer.Parts, AutoCloseable {
    private static final SecureRandom RANDOM = new SecureRandom();

    /** A file begun: where it is written, and where it goes once whole. */
    private record Pending(Path temporary, Path target, Path named) {
    }

    private final Path out;
    private final List<Pending> pending = new ArrayList<>();
    private Writer current;
    private boolean committed;

    ReportFiles(Path out) {
        this.out = out;
    }

    /** The writer of one whole document: the first part of one. */
    Writer single() {
        try {
            return part(1, 1);
        } catch (IOException e) {
            throw new IllegalStateException(e); // part() says its own failures as CliFailure
        }
    }

    @Override
    public Writer part(int number, int total) throws IOException {
        finishCurrent();
        Path named = number == 1 ? out : OutputOptions.partFile(out, number);
        Path target = Files.isSymbolicLink(named) ? named.toRealPath() : named;
        boolean direct = Files.exists(target) && !Files.isRegularFile(target);
        Path temporary = direct ? target : target.resolveSibling("." + target.getFileName() + "." + HexFormat.of().toHexDigits(RANDOM.nextInt()) + ".tmp");
        try {
            current = direct ? Files.newBufferedWriter(target, StandardCharsets.UTF_8)
                    : Files.newBufferedWriter(temporary, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new CliFailure("cannot write " + named + ": " + OutputOptions.reason(e), "check that the folder exists and is writable", e);
        }
        pending.add(new Pending(temporary, target, named));
        return current;
    }

    /** Every file written whole: each moved from its temporary name to its own. */
    void commit() throws IOException {
        finishCurrent();
        for (Pending p : pending) {
            if (p.temporary().equals(p.target())) {
                continue;
            }
            try {
                Files.move(p.temporary(), p.target(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(p.temporary(), p.target(), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        committed = true;
    }

    /** The files written, as named on the command line (for {@code FILE-2}: beside it). */
    List<String> names() {
        return pending.stream().map(p -> p.named().toString()).toList();
    }

    /** The file being written when a failure came (for the message), or the one asked for. */
    Path failing() {
        return pending.isEmpty() ? out : pending.get(pending.size() - 1).named();
    }

    private void finishCurrent() throws IOException {
        if (current != null) {
            Writer w = current;
            current = null;
            w.close();
        }
    }

    /** Without {@link #commit()}: closes and deletes every temporary file begun, quietly. */
    @Override
    public void close() {
        if (committed) {
            return;
        }
        try {
            finishCurrent();
        } catch (IOException | RuntimeException e) {
            // the write already failed; this only cleans up
        }
        for (Pending p : pending) {
            if (!p.temporary().equals(p.target())) {
                try {
                    Files.deleteIfExists(p.temporary());
                } catch (IOException | RuntimeException e) {
                    // left behind: named .FILE.*.tmp, it never reads as the report
                }
            }
        }
    }
}
