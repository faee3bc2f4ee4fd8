package dev.argoforensics.fleet;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;

/**
 * Stage A, on the driver: lists the inputs with Hadoop's {@link FileSystem} (local paths,
 * {@code file://}, {@code s3a://}, {@code hdfs://}, {@code gs://} where its connector is on the
 * class path), and puts each object in its cluster: the first path segment {@code cluster=NAME}.
 * An object without one is not guessed into a cluster: it is an accounting row ({@link #unplaced()}).
 */
public final class FleetListing {
    /** The path segment that names a cluster: {@code cluster=NAME}. */
    public static final String PREFIX = "cluster=";

    private final Map<String, Map<String, FleetObject>> clusters = new TreeMap<>();
    private final List<InputRow> unplaced = new ArrayList<>();

    /**
     * @throws IOException if a named input does not exist or cannot be listed (a mistake in the command, not a damaged input)
     */
    public static FleetListing list(List<String> inputs, Configuration conf) throws IOException {
        FleetListing listing = new FleetListing();
        for (String input : inputs) {
            Path root = new Path(input);
            FileSystem fs = root.getFileSystem(conf);
            RemoteIterator<LocatedFileStatus> it = fs.listFiles(root, true);
            List<Map.Entry<Path, Long>> listed = new ArrayList<>();
            while (it.hasNext()) {
                LocatedFileStatus s = it.next();
                listed.add(Map.entry(s.getPath(), s.getLen()));
            }
            listing.addRoot(listed);
        }
        return listing;
    }

    /**
     * One input's objects, in path order whatever order the file system listed them in (a local folder lists in its
     * directory's order, which differs between two copies of one corpus): which of two objects under one display path
     * is read must not depend on it. Inputs are taken in the order given.
     */
    void addRoot(List<Map.Entry<Path, Long>> listed) {
        List<Map.Entry<Path, Long>> sorted = new ArrayList<>(listed);
        sorted.sort(Map.Entry.comparingByKey(java.util.Comparator.comparing(Path::toString)));
        sorted.forEach(e -> add(e.getKey(), e.getValue()));
    }

    void add(Path path, long bytes) {
        String uri = path.toString();
        String[] segments = path.toUri().getPath().split("/");
        for (int i = 0; i < segments.length; i++) {
            String s = segments[i];
            if (s.startsWith(PREFIX) && s.length() > PREFIX.length()) {
                String cluster = s.substring(PREFIX.length());
                String relative = String.join("/", java.util.Arrays.asList(segments).subList(i + 1, segments.length));
                FleetObject o = new FleetObject(uri, relative, bytes);
                FleetObject earlier = clusters.computeIfAbsent(cluster, c -> new TreeMap<>()).putIfAbsent(relative, o);
                if (earlier != null && !earlier.uri().equals(uri)) {
                    unplaced.add(InputRow.unread(cluster, uri, "listing", "expected one object per path below " + PREFIX + cluster
                            + ", found this one and " + earlier.uri() + ": skipped, the first in listing order (inputs as given, each in path order) is read"));
                }
                return;
            }
        }
        unplaced.add(InputRow.unread(null, uri, "listing", "expected a path with a " + PREFIX + "NAME segment, found none: not read "
                + "(the fleet scan does not guess a cluster)"));
    }

    /** One task per cluster, by cluster name; each cluster's objects by their path below it. */
    public List<ClusterTask> tasks() {
        List<ClusterTask> tasks = new ArrayList<>();
        clusters.forEach((c, objects) -> tasks.add(new ClusterTask(c, new ArrayList<>(objects.values()))));
        return tasks;
    }

    /** Objects listed but not read (no cluster, or a second object under one path), as accounting rows. */
    public List<InputRow> unplaced() {
        return List.copyOf(unplaced);
    }
}
