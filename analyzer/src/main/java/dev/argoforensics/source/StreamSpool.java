package dev.argoforensics.source;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Standard input, a FIFO or a descriptor ({@code /dev/fd/N}, what {@code <(…)} gives) copied once,
 * as it arrives, to a temporary file that is then read like any other file.
 *
 * <p>Why a copy: the engine reads a log more than once (its first lines to classify it and to find
 * a CSV header, pass 1 for what is of interest, pass 2 for the lines to keep, the SHA-256, and
 * {@code formats}/{@code timeline} read it again for their own purposes), and a stream can be read
 * only once. Reading the stream once while keeping "what is needed" would mean keeping every line
 * until pass 1 has seen the last one (memory growing with the input, {@code --timelines all} for
 * everyone); the copy costs one sequential write and the disk space of the input, and keeps every
 * reading of the engine exactly what it is for a file (same accounting, same report). So the cost
 * stays linear and memory stays bounded; the space is bounded only by the disk (a disk that fills
 * up ends the copy, and the input is reported as unreadable with the reason).
 *
 * <p>The copies live in one private folder (owner-only permissions, as {@link Files#createTempDirectory}
 * makes it) under {@code java.io.tmpdir}, and are deleted when the JVM exits (normally or on a
 * signal; not after {@code kill -9}).
 */
public final class StreamSpool {
    private static StreamSpool shared;

    private final Path dir;
    private int count;

    private StreamSpool(Path dir) {
        this.dir = dir;
    }

    /** The spool of this process, made on first use; its folder is deleted when the JVM exits. */
    public static synchronized StreamSpool shared() throws IOException {
        if (shared == null) {
            Path dir = Files.createTempDirectory("argo-forensics-streams-");
            StreamSpool spool = new StreamSpool(dir);
            Runtime.getRuntime().addShutdownHook(new Thread(spool::deleteAll, "argo-forensics-spool-cleanup"));
            shared = spool;
        }
        return shared;
    }

    /**
     * Copies {@code in} to the end and returns the copy; {@code in} is not closed (it may be the
     * process's standard input).
     *
     * @param name the file name the copy gets (the FIFO's own name, so that a {@code pods.yaml} FIFO is
     *             still classified by its name as well as its content)
     */
    public synchronized Path spool(InputStream in, String name) throws IOException {
        Path slot = Files.createDirectory(dir.resolve(Integer.toString(++count)));
        Path copy = slot.resolve(name.isEmpty() || name.equals(".") || name.equals("..") ? "stream" : name);
        try (OutputStream out = Files.newOutputStream(copy)) {
            in.transferTo(out);
        }
        return copy;
    }

    /** The folder the copies are in. */
    public Path folder() {
        return dir;
    }

    private void deleteAll() {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            List<Path> paths = new ArrayList<>(walk.toList());
            paths.sort(Comparator.reverseOrder());
            for (Path p : paths) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // Nothing more can be done at exit; the folder is in the system's temporary folder.
        }
    }
}
