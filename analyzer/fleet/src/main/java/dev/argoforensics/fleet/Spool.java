package dev.argoforensics.fleet;

import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * Where an executor copies an object to read it (the engine reads a local {@link Path}, twice): the
 * same local path in every task of a run, {@code ROOT/argo-fleet-<application>/cluster=NAME/rest}, so
 * that the engine's file of one object is the same value whichever task read it. Each task deletes
 * what it copied when done.
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

    /**
     * Copies the object as stored (gzip stays gzip) to its local path. Another task of the same executor
     * may be deleting the folder it leaves empty at that moment ({@link #delete}): the copy is then made again.
     */
    Path copy(String cluster, FleetObject o) throws IOException {
        Path local = local(cluster, o);
        Configuration conf = new Configuration(false);
        hadoopConf.forEach(conf::set);
        org.apache.hadoop.fs.Path remote = new org.apache.hadoop.fs.Path(o.uri());
        FileSystem fs = remote.getFileSystem(conf);
        for (int attempt = 1; ; attempt++) {
            try (InputStream in = fs.open(remote)) {
                Files.createDirectories(local.getParent());
                Files.copy(in, local, StandardCopyOption.REPLACE_EXISTING);
                return local;
            } catch (java.nio.file.NoSuchFileException e) {
                if (attempt == 5) {
                    throw e;
                }
            }
        }
    }

    /** Deletes a copy, and the folders it leaves empty up to the run's. */
    void delete(String cluster, FleetObject o) {
        Path local = local(cluster, o);
        Path top = local(cluster, new FleetObject(o.uri(), "", 0)).getParent();
        try {
            Files.deleteIfExists(local);
            for (Path p = local.getParent(); p != null && p.startsWith(top); p = p.getParent()) {
                try (var entries = Files.list(p)) {
                    if (entries.findAny().isPresent()) {
                        break;
                    }
                }
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a copy left behind is the executor's temporary folder's to clean; the result stands
        }
    }
}
