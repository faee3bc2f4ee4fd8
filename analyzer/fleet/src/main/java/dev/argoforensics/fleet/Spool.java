package dev.argoforensics.fleet;

import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * Where an executor copies an object to read it (the engine reads a local {@link Path}, twice): the
 * same local path in every task of a run, {@code ROOT/argo-fleet-<application>/cluster=NAME/rest}, so
 * that the engine's file of one object is the same value whichever task read it. Each task deletes
 * what it copied when done, and the folders that leaves empty.
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

    /** Copies the object as stored (gzip stays gzip) to its local path. */
    Path copy(String cluster, FleetObject o) throws IOException {
        Path local = local(cluster, o);
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
            return local;
        }
    }

    /** Where one chunk of an object is copied: beside the object's own place, so that two chunks' tasks on one executor do not meet. */
    Path chunk(String cluster, FleetObject o, int index) {
        Path local = local(cluster, o);
        return local.resolveSibling(local.getFileName() + ".chunk-" + index);
    }

    /**
     * Copies bytes {@code start} to {@code end} of the object to the chunk's local path, at their places in a file of
     * the object's size; the rest of it is a hole (sparse where the file system allows), never read: the engine reads
     * a chunk's range and nothing else (StitchTest reads every sample's and judgment corpus's chunks so).
     */
    Path copyRange(String cluster, FleetObject o, int index, long start, long end) throws IOException {
        Path local = chunk(cluster, o, index);
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
            return local;
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
            Files.deleteIfExists(local);
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
