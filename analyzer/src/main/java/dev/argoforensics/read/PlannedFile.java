package dev.argoforensics.read;

import dev.argoforensics.accounting.LogLines;
import dev.argoforensics.accounting.LogSource;
import dev.argoforensics.source.ChunkPlanner;
import dev.argoforensics.source.InputClassifier;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.LineChunk;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.Supplier;

/**
 * One log file as pass 2 reads it: its chunks (or the earlier read a {@link LogSource} had), its
 * header line and its hash; its chunk reads handed to a {@link ReadAhead}, and taken back from it in
 * file order into a {@link FileAssembler} (last chunk first, items turned around, for a file written
 * newest first). A failure midway keeps what was taken, as for a damaged file.
 */
final class PlannedFile {
    final InputFile file;
    private final LogLines earlier;
    private final List<LineChunk> chunks;
    /** How many chunk results the assembly takes (the chunks', or those read elsewhere: {@link #readElsewhere}). */
    private final int chunkCount;
    private final String firstLine;
    private final Future<String> hash;

    private PlannedFile(InputFile file, LogLines earlier, List<LineChunk> chunks, int chunkCount, String firstLine, Future<String> hash) {
        this.file = file;
        this.earlier = earlier;
        this.chunks = chunks;
        this.chunkCount = chunkCount;
        this.firstLine = firstLine;
        this.hash = hash;
    }

    /**
     * A file whose {@code chunkCount} chunks were read in other tasks (the fleet scan), their results to be
     * added to the read-ahead in file order; {@code sha256} of the whole file as stored.
     */
    static PlannedFile readElsewhere(InputFile f, int chunkCount, String sha256) {
        return new PlannedFile(f, null, null, chunkCount, null, CompletableFuture.completedFuture(sha256));
    }

    /** Asks the log source for an earlier read, else plans the chunks and starts hashing the file on {@code pool} (null: no hash, for pass 1 alone). */
    static PlannedFile plan(InputFile f, LogSource logs, ChunkPlanner planner, ExecutorService pool) throws IOException {
        Optional<LogLines> read = logs.earlierRead(f);
        if (read.isPresent()) {
            return new PlannedFile(f, read.get(), null, 1, null, null);
        }
        List<LineChunk> chunks = planner.plan(f);
        String firstLine = firstContentLine(f);
        Optional<String> known = logs.knownSha256(f);
        Future<String> hash = known.isPresent() ? CompletableFuture.completedFuture(known.get()) : pool == null ? null : pool.submit(() -> sha256(f));
        return new PlannedFile(f, null, chunks, chunks.size(), firstLine, hash);
    }

    LogLines earlier() {
        return earlier;
    }

    List<LineChunk> chunks() {
        return chunks;
    }

    String firstLine() {
        return firstLine;
    }

    /** Adds the file's chunk reads to the read-ahead (an earlier read is one). */
    void submit(Supplier<LineFrontEnd> frontEnds, Interest interest, boolean reversed, Progress progress, ReadAhead ahead,
                LogZone.FileZone zone) {
        submit(frontEnds, interest, reversed, progress, ahead, zone, false);
    }

    /** As above, {@code controller}: pass 1 read a statement of the controller's in the file ({@link LineFrontEnd#controllerContent}). */
    void submit(Supplier<LineFrontEnd> frontEnds, Interest interest, boolean reversed, Progress progress, ReadAhead ahead,
                LogZone.FileZone zone, boolean controller) {
        if (earlier != null) {
            ahead.add(file, () -> frontEnds.get().controllerContent(controller).read(file, earlier, interest));
            return;
        }
        // A file read newest first keeps its items one by one (the assembler turns them around).
        boolean runs = !reversed;
        for (LineChunk c : chunks) {
            ahead.add(file, () -> frontEnds.get().controllerContent(controller).read(c, firstLine, interest, progress, runs, zone));
        }
    }

    /**
     * Takes this file's reads from {@code ahead} into {@code file}: its reading, read whole or in part.
     *
     * @throws IOException or a runtime exception if nothing of the file could be taken (it is unreadable)
     */
    FileReading assemble(FileAssembler file, boolean reversed, Progress progress, ReadAhead ahead) throws IOException {
        try {
            if (earlier != null) {
                ChunkResult whole = ahead.take();
                List<ChunkItem> items = new ArrayList<>(whole.items());
                if (reversed) {
                    Collections.reverse(items);
                }
                file.accept(whole, 0, items);
                progress.advance(this.file.path().toFile().length(), whole.lines());
                return file.finish(earlier.sha256());
            }
            if (reversed) {
                assembleReversed(file, ahead);
            } else {
                assembleInOrder(file, ahead);
            }
            return file.finish(Futures.get(hash));
        } catch (IOException | RuntimeException e) {
            ahead.skipRestOf(this.file);
            if (!file.tookAny()) {
                if (e instanceof ChunkFault fault) {
                    throw (RuntimeException) fault.getCause();
                }
                throw e;
            }
            // What was taken of the file is kept (its events are in the controller runs already), and the
            // file is listed as read in part, at the line where it stopped: as for a damaged file.
            boolean io = e instanceof IOException || e instanceof UncheckedIOException;
            Throwable cause = e instanceof ChunkFault ? e.getCause() : e;
            return file.stopped(io ? "expected a readable file, found " + Unreadable.ioReason(e)
                    : "the analyzer failed here (" + cause + ")", io ? "" : "; please report this with the file", storedHash());
        }
    }

    private void assembleInOrder(FileAssembler file, ReadAhead ahead) throws IOException {
        long base = 0;
        for (int i = 0; i < chunkCount; i++) {
            ChunkResult r;
            try {
                r = ahead.take();
            } catch (ChunkFault fault) {
                // What the chunk gave before the fault is taken: the file is then reported as read up to there.
                file.accept(fault.before(), base, fault.before().items());
                throw fault;
            }
            file.accept(r, base, r.items());
            base += r.lines();
        }
    }

    private void assembleReversed(FileAssembler file, ReadAhead ahead) throws IOException {
        List<ChunkResult> all = new ArrayList<>();
        Exception failed = null;
        for (int i = 0; i < chunkCount; i++) {
            try {
                all.add(ahead.take());
            } catch (IOException | RuntimeException e) {
                // The chunks before are still taken (oldest first among them), then the failure is said.
                if (e instanceof ChunkFault fault) {
                    all.add(fault.before());
                }
                failed = e;
                break;
            }
        }
        long[] bases = new long[all.size()];
        for (int i = 1; i < all.size(); i++) {
            bases[i] = bases[i - 1] + all.get(i - 1).lines();
        }
        for (int i = all.size() - 1; i >= 0; i--) {
            List<ChunkItem> items = new ArrayList<>(all.get(i).items());
            Collections.reverse(items);
            file.accept(all.get(i), bases[i], items);
        }
        if (failed instanceof IOException io) {
            throw io;
        } else if (failed != null) {
            throw (RuntimeException) failed;
        }
    }

    /** The SHA-256 of the file as stored, for its summary, or null if even that cannot be had. */
    private String storedHash() {
        if (earlier != null) {
            return earlier.sha256();
        }
        try {
            return Futures.get(hash);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The file's first line that is not blank (its first MiB is read at most: a CSV export's header is short). */
    static String firstContentLine(InputFile f) throws IOException {
        return InputClassifier.firstNonBlankLine(f.path(), f.compressed(), 1024 * 1024);
    }

    /** SHA-256 of the file as stored (a damaged gzip file has one too). */
    static String sha256(InputFile f) throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
        try (InputStream in = new DigestInputStream(Files.newInputStream(f.path()), digest)) {
            in.transferTo(OutputStream.nullOutputStream());
        }
        return HexFormat.of().formatHex(digest.digest());
    }
}
