package dev.argoforensics.fleet;

import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * Where an executor copies an object to read it (the engine reads a local {@link Path}, twice): the
 * same local path in every task of a run, {@code ROOT/argo-fleet-<application>/cluster=NAME/rest}, so
 * that the engine's file of one object is the same value whichever task read it. Each task lets go of
 * what it copied when done; the last task of the JVM holding a copy deletes it, and the folders that
 * leaves empty (two tasks of one executor holding one object at once share its copy).
 *
 * <p>The tasks of one executor share its folders: a task making a folder for its copy, while another deletes the
 * same folder it found empty, would lose its copy or fail ({@code Files.createDirectories} throws
 * {@code FileAlreadyExistsException} when the folder it found is gone as it checks it: CI saw that on 2026-12-02).
 * So making a folder and writing a copy into it hold {@link #FOLDERS}'s read lock (copies run side by side), and
 * deleting empty folders holds its write lock. A spool folder shared by several executors' machines (a network
 * file system) is not supported: the lock is one JVM's.
 *
 * @param root        the folder given ({@code --spool}), or null for the executor's temporary folder
 * @param application Spark's application id: runs at once do not share a folder
 * @param hadoopConf  the driver's Hadoop settings (S3A endpoint, credentials provider…), for opening the objects
 */
record Spool(String root, String application, Map<String, String> hadoopConf) implements Serializable {
    Spool {
        hadoopConf = Map.copyOf(hadoopConf);
    }

    Path local(String cluster, FleetObject o) {
        Path base = Path.of(root != null ? root : System.getProperty("java.io.tmpdir"), "argo-fleet-" + application,
                FleetListing.PREFIX + cluster);
        return o.relative().isEmpty() ? base : base.resolve(o.relative());
    }

    /** Held to make a folder and copy into it (read) or to delete empty folders (write), by the tasks of this JVM. */
    private static final ReentrantReadWriteLock FOLDERS = new ReentrantReadWriteLock();

    /** The folder of the chunks' copies, beside the clusters' folders: no object's copy can be at a chunk's place. */
    static final String CHUNKS = "chunks";

    /**
     * Per local path, the tasks of this JVM holding a copy there (guarded by the map): the first copies, the others use its
     * copy, the last to let go deletes it. Two tasks of one executor may hold one object at once (a partition computed
     * again while a task of another stage, or a retried attempt, reads the same object): without the count, the first
     * to finish deleted the other's copy, or a copy made anew replaced a file another task was reading.
     */
    private static final Map<Path, Held> HELD = new HashMap<>();

    /** One local path's holders; its monitor is held while the first of them copies. */
    private static final class Held {
        final String source;
        int holders;
        boolean written;

        Held(String source) {
            this.source = source;
        }
    }

    /** Counts a holder of {@code local}; a path held for another source (a leftover of an earlier scan in this JVM) is copied anew. */
    private static Held hold(Path local, String source) {
        synchronized (HELD) {
            Held held = HELD.get(local);
            if (held == null || !held.source.equals(source)) {
                held = new Held(source);
                HELD.put(local, held);
            }
            held.holders++;
            return held;
        }
    }

    /** Copies the object as stored (gzip stays gzip) to its local path, unless a task of this JVM holding it there has. */
    Path copy(String cluster, FleetObject o) throws IOException {
        Path local = local(cluster, o);
        Held held = hold(local, o.uri());
        synchronized (held) {
            if (held.written) {
                return local;
            }
            Configuration conf = new Configuration(false);
            hadoopConf.forEach(conf::set);
            org.apache.hadoop.fs.Path remote = new org.apache.hadoop.fs.Path(o.uri());
            FileSystem fs = remote.getFileSystem(conf);
            try (InputStream in = fs.open(remote)) {
                FOLDERS.readLock().lock();
                try {
                    Files.createDirectories(local.getParent());
                    Files.copy(in, local, StandardCopyOption.REPLACE_EXISTING);
                } finally {
                    FOLDERS.readLock().unlock();
                }
                held.written = true;
                return local;
            }
        }
    }

    /**
     * Where one chunk of an object is copied: under the run's {@value #CHUNKS} folder, at the object's path below its cluster
     * with the chunk's number, so that two chunks' tasks on one executor do not meet, nor a chunk an object named like it.
     */
    Path chunk(String cluster, FleetObject o, int index) {
        Path base = Path.of(root != null ? root : System.getProperty("java.io.tmpdir"), "argo-fleet-" + application, CHUNKS,
                FleetListing.PREFIX + cluster);
        return base.resolve((o.relative().isEmpty() ? "object" : o.relative()) + ".chunk-" + index);
    }

    /**
     * Copies bytes {@code start} to {@code end} of the object to the chunk's local path, at their places in a file of
     * the object's size; the rest of it is a hole (sparse where the file system allows), never read: the engine reads
     * a chunk's range and nothing else (StitchTest reads every sample's and judgment corpus's chunks so).
     */
    Path copyRange(String cluster, FleetObject o, int index, long start, long end) throws IOException {
        Path local = chunk(cluster, o, index);
        Held held = hold(local, o.uri() + "#" + start + "-" + end);
        synchronized (held) {
            if (held.written) {
                return local;
            }
            copyRange(o, index, start, end, local);
            held.written = true;
            return local;
        }
    }

    private void copyRange(FleetObject o, int index, long start, long end, Path local) throws IOException {
        Configuration conf = new Configuration(false);
        hadoopConf.forEach(conf::set);
        org.apache.hadoop.fs.Path remote = new org.apache.hadoop.fs.Path(o.uri());
        FileSystem fs = remote.getFileSystem(conf);
        try (org.apache.hadoop.fs.FSDataInputStream in = fs.open(remote)) {
            FOLDERS.readLock().lock();
            try {
                Files.createDirectories(local.getParent());
                try (java.io.RandomAccessFile out = new java.io.RandomAccessFile(local.toFile(), "rw")) {
                    out.setLength(0);
                    out.setLength(Math.max(end, o.bytes()));
                    out.seek(start);
                    in.seek(start);
                    byte[] buffer = new byte[256 * 1024];
                    for (long left = end - start; left > 0; ) {
                        int n = in.read(buffer, 0, (int) Math.min(buffer.length, left));
                        if (n < 0) {
                            throw new java.io.EOFException("the object ended " + left + " byte(s) before its chunk " + index + " did: it changed since it was listed");
                        }
                        out.write(buffer, 0, n);
                        left -= n;
                    }
                }
            } finally {
                FOLDERS.readLock().unlock();
            }
        }
    }

    /** Deletes a chunk's copy, and the folders it leaves empty up to the run's. */
    void deleteChunk(String cluster, FleetObject o, int index) {
        delete(chunk(cluster, o, index), local(cluster, new FleetObject(o.uri(), "", 0)).getParent());
    }

    /** Deletes a copy, and the folders it leaves empty up to the run's. */
    void delete(String cluster, FleetObject o) {
        delete(local(cluster, o), local(cluster, new FleetObject(o.uri(), "", 0)).getParent());
    }

    private static void delete(Path local, Path top) {
        try {
            synchronized (HELD) {
                Held held = HELD.get(local);
                if (held != null && --held.holders > 0) {
                    return;
                }
                HELD.remove(local);
                Files.deleteIfExists(local);
            }
            FOLDERS.writeLock().lock();
            try {
                for (Path p = local.getParent(); p != null && p.startsWith(top); p = p.getParent()) {
                    try (var entries = Files.list(p)) {
                        if (entries.findAny().isPresent()) {
                            break;
                        }
                    }
                    Files.deleteIfExists(p);
                }
            } finally {
                FOLDERS.writeLock().unlock();
            }
        } catch (IOException e) {
            // a copy left behind is the executor's temporary folder's to clean; the result stands
        }
    }
}
