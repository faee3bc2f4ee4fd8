package dev.argoforensics.fleet;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The fleet scan's command line: {@code [--master URL] --out DIR [--threads N] [--spool DIR]
 * [--conf KEY=VALUE]… INPUT…}.
 *
 * @param master  Spark's master ({@code local[*]}); null under {@code spark-submit}, which sets it
 * @param out     where the outputs go (any Hadoop file system); must not hold them already
 * @param threads the engine's reading threads per task (default 1: Spark runs the tasks in parallel)
 * @param spool   the executors' local folder for the objects copied; null for the JVM's temporary folder
 * @param conf    Spark settings ({@code spark.hadoop.fs.s3a.endpoint=…})
 * @param inputs  folders or objects, each below or holding {@code cluster=NAME} segments
 * @param groups  the most groups a cluster's correlation is dealt into (its Workflow-name groups, by hash), each a task
 * @param groupLines the most lines of its own one group is correlated with; past it the group is cut, and says so
 * @param chunkBytes a plain object larger than this is split at line boundaries into chunks of about this size (the engine's
 *                   {@code ChunkPlanner}), each read in a task of its own in both passes; a gzip'd object is never split
 * @param clusterLines in the stitch flow ({@code --flow stitch}), the most kept lines (events of interest, summed over its log files) a
 *                   cluster may have: its stitch task holds them all at once; a cluster over it is not analysed but reported
 *                   ({@code kind: failed}), the others are
 * @param flow       {@code rounds} (the default): each file projected where it is read, the cluster's table derived from the
 *                   projections, each file's lines assigned to their groups where they were read (docs/fleet.md, "The three rounds");
 *                   {@code stitch}: every kept line of a cluster stitched in one task, as before
 * @param clusterHeld in the rounds' flow, the most entries of a cluster's table (lines kept whole, the Pods, Workflow nodes and name
 *                   lists its lines name, summed over its log files) one task derives its facts from; a cluster over it is reported.
 *                   In the slices' flow ({@code --flow slices}) the most entries any one task holds: the cluster's task its
 *                   skeletons (one per line kept whole), each slice's task its slice's entries; past it the cluster is reported
 * @param slices     in the slices' flow, how many slices of Pod names each cluster's table is derived in, each in a task of its own
 */
public record FleetOptions(String master, String out, int threads, String spool, Map<String, String> conf, List<String> inputs, int groups,
                           long groupLines, long chunkBytes, long clusterLines, String flow, long clusterHeld, int slices) {
    public static final String USAGE = "usage: argo-forensics-fleet [--master URL] --out DIR [--threads N] [--spool DIR] [--groups N] [--group-lines N]"
            + " [--chunk-bytes N] [--cluster-held N] [--flow rounds|stitch|slices] [--slices N] [--cluster-lines N] [--conf KEY=VALUE]... INPUT...";
    /** The flows: the three rounds (the default), or the stitch of every kept line per cluster. */
    public static final String ROUNDS = "rounds";
    public static final String STITCH = "stitch";
    /** The rounds with each cluster's table derived per slice of its Pod names (opt-in: docs/fleet.md, step 2j). */
    public static final String SLICES = "slices";
    /** Slices per cluster unless --slices says otherwise (the slices' flow). */
    public static final int DEFAULT_SLICES = 16;
    /**
     * Entries of a cluster's table unless --cluster-held says otherwise: what the round-2 task of a 4 GB executor holds with room
     * to spare, at the 1.1-1.2 KB of live heap per entry measured (docs/fleet.md, "What is bounded and what is not yet").
     */
    public static final long DEFAULT_CLUSTER_HELD = 1_300_000;
    /** What a cluster over --cluster-held needs, in the words of its accounting rows. */
    static final String CLUSTER_HELD_SIZING = "about 1.4 GB of executor heap per million entries; the default 1300000 is for 4 GB executors";
    /** Groups per cluster unless --groups says otherwise. */
    public static final int DEFAULT_GROUPS = 16;
    /**
     * Kept lines per cluster unless --cluster-lines says otherwise: what the stitch task of a 4 GB executor holds with room to
     * spare (docs/fleet.md, "What is bounded and what is not yet", gives the measurement and the arithmetic).
     */
    public static final long DEFAULT_CLUSTER_LINES = 3_000_000;
    /** What a cluster over --cluster-lines needs, in the words of its accounting rows. */
    static final String CLUSTER_LINES_SIZING = "about 0.6 GB of executor heap per million kept lines; the default 3000000 is for 4 GB executors";

    public FleetOptions(String master, String out, int threads, String spool, Map<String, String> conf, List<String> inputs) {
        this(master, out, threads, spool, conf, inputs, DEFAULT_GROUPS, dev.argoforensics.analysis.GroupedAnalysis.DEFAULT_BOUND,
                dev.argoforensics.source.ChunkPlanner.CHUNK_BYTES, DEFAULT_CLUSTER_LINES, ROUNDS, DEFAULT_CLUSTER_HELD, DEFAULT_SLICES);
    }

    /** As before the slices' flow: the default slice count. */
    public FleetOptions(String master, String out, int threads, String spool, Map<String, String> conf, List<String> inputs, int groups,
                        long groupLines, long chunkBytes, long clusterLines, String flow, long clusterHeld) {
        this(master, out, threads, spool, conf, inputs, groups, groupLines, chunkBytes, clusterLines, flow, clusterHeld, DEFAULT_SLICES);
    }

    public FleetOptions {
        conf = Map.copyOf(conf);
        inputs = List.copyOf(inputs);
    }

    /** @throws IllegalArgumentException with what is wrong, for the usage message */
    public static FleetOptions parse(String... args) {
        String master = null;
        String out = null;
        String spool = null;
        int threads = 1;
        int groups = DEFAULT_GROUPS;
        long groupLines = dev.argoforensics.analysis.GroupedAnalysis.DEFAULT_BOUND;
        long chunkBytes = dev.argoforensics.source.ChunkPlanner.CHUNK_BYTES;
        long clusterLines = DEFAULT_CLUSTER_LINES;
        long clusterHeld = DEFAULT_CLUSTER_HELD;
        String flow = ROUNDS;
        int slices = DEFAULT_SLICES;
        Map<String, String> conf = new LinkedHashMap<>();
        List<String> inputs = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--master" -> master = value(args, ++i, a);
                case "--out" -> out = value(args, ++i, a);
                case "--spool" -> spool = value(args, ++i, a);
                case "--threads" -> {
                    try {
                        threads = Integer.parseInt(value(args, ++i, a));
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("--threads: expected a number, found " + args[i]);
                    }
                    if (threads < 1) {
                        throw new IllegalArgumentException("--threads: expected 1 or more, found " + threads);
                    }
                }
                case "--groups" -> groups = (int) positive(value(args, ++i, a), a);
                case "--group-lines" -> groupLines = positive(value(args, ++i, a), a);
                case "--chunk-bytes" -> chunkBytes = positive(value(args, ++i, a), a);
                case "--cluster-lines" -> clusterLines = positive(value(args, ++i, a), a);
                case "--cluster-held" -> clusterHeld = positive(value(args, ++i, a), a);
                case "--slices" -> slices = (int) positive(value(args, ++i, a), a);
                case "--flow" -> {
                    flow = value(args, ++i, a);
                    if (!flow.equals(ROUNDS) && !flow.equals(STITCH) && !flow.equals(SLICES)) {
                        throw new IllegalArgumentException("--flow: expected rounds, stitch or slices, found " + flow);
                    }
                }
                case "--conf" -> {
                    String kv = value(args, ++i, a);
                    int eq = kv.indexOf('=');
                    if (eq < 1) {
                        throw new IllegalArgumentException("--conf: expected KEY=VALUE, found " + kv);
                    }
                    conf.put(kv.substring(0, eq), kv.substring(eq + 1));
                }
                default -> {
                    if (a.startsWith("--")) {
                        throw new IllegalArgumentException("unknown option " + a);
                    }
                    inputs.add(a);
                }
            }
        }
        if (out == null) {
            throw new IllegalArgumentException("--out DIR is required");
        }
        if (inputs.isEmpty()) {
            throw new IllegalArgumentException("name at least one input (a folder holding cluster=NAME folders, or one of them)");
        }
        return new FleetOptions(master, out, threads, spool, conf, inputs, groups, groupLines, chunkBytes, clusterLines, flow, clusterHeld, slices);
    }

    private static long positive(String v, String option) {
        long n;
        try {
            n = Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + ": expected a number, found " + v);
        }
        boolean capped = option.equals("--groups") || option.equals("--slices");
        if (n < 1 || (capped && n > 100_000)) {
            throw new IllegalArgumentException(option + ": expected 1 or more" + (capped ? " (at most 100000)" : "") + ", found " + v);
        }
        return n;
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }
}
