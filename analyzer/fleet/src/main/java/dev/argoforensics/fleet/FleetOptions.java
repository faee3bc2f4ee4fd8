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
 */
public record FleetOptions(String master, String out, int threads, String spool, Map<String, String> conf, List<String> inputs) {
    public static final String USAGE = "usage: argo-forensics-fleet [--master URL] --out DIR [--threads N] [--spool DIR] [--conf KEY=VALUE]... INPUT...";

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
        return new FleetOptions(master, out, threads, spool, conf, inputs);
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }
}
