package dev.argoforensics.fleet;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.HashPartitioner;
import org.apache.spark.Partitioner;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.TaskContext;
import org.apache.spark.storage.StorageLevel;
import org.apache.spark.util.CollectionAccumulator;
import org.apache.spark.util.LongAccumulator;

import scala.Tuple2;
import scala.Tuple3;

import static org.apache.spark.sql.functions.col;

/**
 * The fleet scan on Spark: each object read in tasks of its own (pass 1, then pass 2 with its cluster's
 * interest; a plain log larger than {@code --chunk-bytes} one task per chunk in each pass, then one task putting
 * its chunks' readings together in file order); each cluster's exports in one task; then, in the default flow, three rounds
 * (docs/fleet.md, "Partitions and memory"): each file projected where it is read, each cluster's facts derived in one task
 * from its files' projections and thin readings, which cuts the cluster into groups of Workflow names and broadcasts its table,
 * each file's lines assigned to their groups where they were read (with {@code --flow stitch}: each cluster's stitch of every
 * kept line and its facts in one task; with {@code --flow slices}: each cluster's table derived per slice of its Pod names,
 * {@link SlicedSteps}); the groups shuffled by (cluster, group), each correlated with
 * its rules in a task; the groups' findings put together per cluster. The engine's calls, which
 * GroupingInvarianceTest holds equal to {@code analyze}'s, so the findings are {@code analyze cluster=NAME}'s. Writes under
 * {@code --out DIR}:
 * <ul>
 *   <li>{@code findings/*.json}: one finding per line, the report's finding schema with {@code cluster} first;</li>
 *   <li>{@code findings-parquet/}: the same findings as flat columns;</li>
 *   <li>{@code summary/}: findings counted by cluster, day, Argo version and rule (JSON lines);</li>
 *   <li>{@code inputs/}: the per-input accounting (JSON lines), objects not read included.</li>
 * </ul>
 * Each output is ordered (cluster, then the report's order or path) and written as one file.
 */
public final class FleetScan {
    private FleetScan() {
    }

    public static void main(String[] args) throws IOException {
        FleetOptions options;
        try {
            options = FleetOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("argo-forensics-fleet: " + e.getMessage());
            System.err.println(FleetOptions.USAGE);
            System.exit(2);
            return;
        }
        SparkSession.Builder builder = SparkSession.builder().appName("argo-forensics fleet scan");
        if (options.master() != null) {
            builder.master(options.master());
            if (options.master().startsWith("local")) {
                // On one machine the driver needs no routable address: a host whose name does not resolve (a CI
                // container, a laptop off the network) must not stop a local run. --conf still overrides both.
                builder.config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1");
            }
        }
        options.conf().forEach(builder::config);
        SparkSession spark = builder.getOrCreate();
        try {
            spark.sparkContext().setLogLevel("WARN");
            Counts c;
            try {
                c = run(spark, options);
            } catch (java.io.FileNotFoundException e) {
                // A named input that does not exist is a mistake in the command, not a damaged input: nothing is written.
                System.err.println("argo-forensics-fleet: no such input: " + e.getMessage());
                System.exit(2);
                return;
            }
            System.out.printf("argo-forensics-fleet: %d cluster(s), %d input(s) listed, %d not read or unreadable, %d finding(s); wrote %s%n",
                    c.clusters(), c.inputs(), c.problems(), c.findings(), options.out());
            System.out.printf("argo-forensics-fleet: read %d byte(s) as stored (%d plain log(s) split into %d chunk(s), each read in a task);"
                            + " correlated in %d group(s); Spark shuffled %d byte(s) (%d record(s)) in %d task(s)%s;"
                            + " broadcast %d byte(s) of group context, decoded %d time(s); %d byte(s) of cluster tables, derived %d time(s);"
                            + " the files sent %d byte(s) to their cluster's task and %d byte(s) of lines to their groups%n",
                    c.inputBytes(), c.splitLogs(), c.chunksRead(), c.groups(), c.shuffleBytes(), c.shuffleRecords(), c.sparkTasks(),
                    c.inputBytes() > 0 ? String.format(" = %d byte(s) per GB read", Math.round(c.shuffleBytes() * 1e9 / c.inputBytes())) : "",
                    c.contextBytes(), c.contextDecodes(), c.tableBytes(), c.tableDerivations(), c.clusterTaskBytes(), c.assignedBytes());
            if (options.flow().equals(FleetOptions.SLICES)) {
                System.out.printf("argo-forensics-fleet: slices: the clusters' tasks were weighed by %d line(s) kept whole whose facts the slices"
                        + " share, the largest by %d; %d slice(s) held %d entries in all, the largest %d; round 3 derived %d slice table(s), each in"
                        + " its slice's task, and the files sent %d byte(s) of lines to their slices%n", c.skeletons(), c.largestSkeletons(), c.slices(),
                        c.sliceEntries(), c.largestSlice(), c.sliceDerivations(), c.sliceLineBytes());
            }
        } finally {
            spark.stop();
        }
    }

    /**
     * What a run wrote and moved, in numbers.
     *
     * @param inputBytes     the sizes of the objects placed in a cluster, as stored (gzip objects compressed)
     * @param shuffleBytes   what Spark's tasks wrote to shuffle files (its {@code shuffleWriteMetrics.bytesWritten}), summed
     * @param shuffleRecords the records in those
     * @param sparkTasks     Spark tasks finished, every stage counted
     * @param logsRead       log objects read in tasks of their own (pass 2) and stitched per cluster
     * @param groups         the clusters' groups, each correlated with its rules in a task after the shuffle by (cluster, group)
     * @param contextBytes   the clusters' group contexts (context lines, what the caveats read), broadcast once per cluster
     * @param contextDecodes how often a group task decoded its cluster's context (once per cluster and executor, unless evicted)
     * @param splitLogs      of the logs read, the plain ones split into chunks ({@code --chunk-bytes})
     * @param chunksRead     their chunks, each read in a task of its own in pass 2 (and scanned in one in pass 1)
     * @param tableBytes     the rounds' flow: the clusters' tables (what an executor derives a cluster's facts from, and the plan), broadcast once per cluster
     * @param tableDerivations how often an executor derived a cluster's table from its broadcast (once per cluster and executor, unless evicted)
     * @param clusterTaskBytes what the files sent their cluster's task, deflated: their readings (stitch flow), or their thin readings and
     *                         projections (rounds); counted where made, so a recomputed partition counts again
     * @param assignedBytes    the groups' own lines as they go to the group tasks, deflated: the files' lines assigned (rounds) or the
     *                         groups' shares (stitch), likewise counted
     * @param skeletons        the slices' flow: the lines kept whole whose facts the slices share, which the clusters' round-2a tasks
     *                         were weighed by, summed (0 in the other flows)
     * @param largestSkeletons the most one cluster's round-2a task was weighed by
     * @param slices           the slices derived (round 2b's tasks), every cluster's
     * @param sliceEntries     the entries they were weighed by, summed
     * @param largestSlice     the most entries one slice's task was weighed by
     * @param sliceDerivations the slices' flow, round 3: the slices' tables derived, each in its slice's task (once per slice, unless a
     *                         task ran again); no executor derives a cluster's every slice's table
     * @param sliceLineBytes   the lines the files sent their slices' tasks in round 3, deflated, counted where made
     */
    public record Counts(int clusters, long inputs, long problems, long findings, long inputBytes, long shuffleBytes, long shuffleRecords,
                         long sparkTasks, long logsRead, long groups, long contextBytes, long contextDecodes, long splitLogs, long chunksRead,
                         long tableBytes, long tableDerivations, long clusterTaskBytes, long assignedBytes, long skeletons, long largestSkeletons,
                         long slices, long sliceEntries, long largestSlice, long sliceDerivations, long sliceLineBytes) {
    }

    /** At most this many tasks for the per-object stages; past it, tasks take several objects. */
    static final int MAX_FILE_TASKS = 10_000;

    /** As {@link #run(SparkSession, FleetOptions, Consumer)}, the progress lines on standard error. */
    public static Counts run(SparkSession spark, FleetOptions options) throws IOException {
        return run(spark, options, System.err::println);
    }

    /**
     * Lists; copies and scans each object in a task of its own; reads each cluster's exports and joins
     * its files' scans into what is of interest (one task per cluster); reads each log object in a task
     * of its own; then per cluster, in one task, stitches its files' readings, correlates and runs the
     * rules. Writes the outputs under {@code options.out()}; gives {@code progress} a line as each
     * cluster's last task finishes (cluster, inputs, bytes, findings, seconds).
     */
    public static Counts run(SparkSession spark, FleetOptions options, Consumer<String> progress) throws IOException {
        Configuration hadoop = spark.sparkContext().hadoopConfiguration();
        FleetListing listing = FleetListing.list(options.inputs(), hadoop);
        List<ClusterTask> tasks = listing.tasks();
        long inputBytes = tasks.stream().flatMap(t -> t.objects().stream()).mapToLong(FleetObject::bytes).sum();
        Map<String, String> conf = new HashMap<>();
        hadoop.forEach(e -> conf.put(e.getKey(), e.getValue()));
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        FileTasks fileTasks = new FileTasks(new Spool(options.spool(), spark.sparkContext().applicationId(), conf), options.threads(),
                options.chunkBytes());
        Broadcast<FileTasks> perFile = jsc.broadcast(fileTasks);
        Broadcast<ClusterSteps> perCluster = jsc.broadcast(new ClusterSteps(fileTasks));
        CollectionAccumulator<String> done = spark.sparkContext().collectionAccumulator(FleetListener.PROGRESS);
        int clusters = tasks.size();
        List<Tuple3<String, String, FleetObject>> objects = new ArrayList<>();
        for (ClusterTask t : tasks) {
            for (FleetObject o : t.objects()) {
                objects.add(new Tuple3<>(t.cluster(), t.display(o), o));
            }
        }
        FleetListener listener = new FleetListener(progress);
        spark.sparkContext().addSparkListener(listener);
        Partitioner byCluster = new HashPartitioner(Math.max(1, clusters));
        // Stage B: one task per object (up to MAX_FILE_TASKS): copy, classify, pass 1 (a plain log of several chunks: its chunk plan).
        JavaRDD<ScannedFile> classified = jsc.parallelize(objects, Math.max(1, Math.min(objects.size(), MAX_FILE_TASKS)))
                .map(o -> perFile.value().scan(o._1(), o._2(), o._3()))
                .persist(StorageLevel.MEMORY_AND_DISK());
        // Stage B2: one task per chunk of a split log: its bytes copied alone and scanned; the file's scan from its chunks' in order.
        // Their chunks' scans meet one partition per split log (not one per chunk task before), and the union with the
        // objects scanned whole is coalesced back to one partition per object: every later stage over it has that many tasks.
        JavaRDD<ScannedFile> splitScan = classified.filter(f -> f.split() != null);
        List<Tuple2<String, Integer>> toScan = splitScan.map(f -> new Tuple2<>(f.key(), f.split().chunks())).collect();
        long scanChunks = toScan.stream().mapToLong(Tuple2::_2).sum();
        Partitioner byScannedLog = new SplitPartitioner(toScan.stream().map(Tuple2::_1).sorted().toList(), MAX_FILE_TASKS);
        JavaPairRDD<String, Iterable<ChunkBytes>> chunkScans = splitScan.flatMap(FleetScan::chunkJobs)
                .repartition(Math.max(1, (int) Math.min(scanChunks, MAX_FILE_TASKS)))
                .map(j -> perFile.value().scanChunk(j._1(), j._2()))
                .mapToPair(c -> new Tuple2<>(c.key(), c)).groupByKey(byScannedLog);
        int objectTasks = Math.max(1, Math.min(objects.size(), MAX_FILE_TASKS));
        JavaRDD<ScannedFile> scanned = (toScan.isEmpty() ? classified : classified.filter(f -> f.split() == null)
                .union(splitScan.mapToPair(f -> new Tuple2<>(f.key(), f)).join(chunkScans, byScannedLog)
                        .map(t -> perFile.value().scanOf(t._2()._1(), t._2()._2())))
                .coalesce(objectTasks))
                .persist(StorageLevel.MEMORY_AND_DISK());
        // Stage C: per cluster, the exports (read once) and the interest of its logs.
        JavaPairRDD<String, ClusterInputs> inputs = scanned.mapToPair(f -> new Tuple2<>(f.cluster(), f)).groupByKey(byCluster)
                .mapValues(files -> perCluster.value().exports(files.iterator().next().cluster(), files))
                .persist(StorageLevel.MEMORY_AND_DISK());
        Map<String, String> interests = new HashMap<>(inputs.mapValues(c -> c.interest() == null ? "" : c.interest()).collectAsMap());
        Broadcast<Map<String, String>> interest = jsc.broadcast(interests);
        // The slices' flow is the rounds' with round 2 cut per slice of each cluster's Pod names: round 1 and round 3 as theirs.
        boolean sliced = options.flow().equals(FleetOptions.SLICES);
        boolean rounds = options.flow().equals(FleetOptions.ROUNDS) || sliced;
        // Round 1 (the rounds' flow): each file projected where it is read, with its cluster's Pod names exported with two UIDs or more.
        Map<String, java.util.Set<String>> recreatedNames = new HashMap<>();
        if (rounds) {
            inputs.mapValues(c -> List.copyOf(c.recreated())).collectAsMap().forEach((k, v) -> recreatedNames.put(k, new java.util.TreeSet<>(v)));
        }
        Broadcast<Map<String, java.util.Set<String>>> recreated = jsc.broadcast(recreatedNames);
        // Stage D: one task per log object: pass 2 and the file's own assembly, with its cluster's interest.
        JavaRDD<ScannedFile> logs = scanned.filter(f -> f.toRead() && !interest.value().get(f.cluster()).isEmpty());
        // The logs to read, each with its chunks (0: read whole), in one job.
        List<Tuple2<String, Integer>> toRead = logs.map(f -> new Tuple2<>(f.key(), f.split() == null ? 0 : f.split().chunks())).collect();
        long logCount = toRead.size();
        long wholeCount = toRead.stream().filter(t -> t._2() == 0).count();
        long readChunks = toRead.stream().mapToLong(Tuple2::_2).sum();
        JavaRDD<ScannedFile> whole = logs.filter(f -> f.split() == null);
        JavaRDD<ReadFile> wholeReadings = whole.repartition(Math.max(1, (int) Math.min(wholeCount, MAX_FILE_TASKS)))
                .map(f -> perFile.value().read(f, interest.value().get(f.cluster()), rounds ? recreated.value().get(f.cluster()) : null, sliced));
        // Stage D2: one task per chunk of a split log: pass 2 of its bytes alone; D3: per split log, its chunks' readings
        // assembled in file order into the file's reading, as a log read whole gives it in one task (one partition per split log).
        JavaRDD<ScannedFile> split = logs.filter(f -> f.split() != null);
        Partitioner byReadLog = new SplitPartitioner(toRead.stream().filter(t -> t._2() > 0).map(Tuple2::_1).sorted().toList(), MAX_FILE_TASKS);
        JavaPairRDD<String, Iterable<ChunkBytes>> chunkReads = split.flatMap(FleetScan::chunkJobs)
                .repartition(Math.max(1, (int) Math.min(readChunks, MAX_FILE_TASKS)))
                .map(j -> perFile.value().readChunk(j._1(), j._2(), interest.value().get(j._1().cluster())))
                .mapToPair(c -> new Tuple2<>(c.key(), c)).groupByKey(byReadLog);
        JavaRDD<ReadFile> splitReadings = split.mapToPair(f -> new Tuple2<>(f.key(), f)).join(chunkReads, byReadLog)
                .map(t -> perFile.value().assemble(t._2()._1(), t._2()._2(), rounds ? recreated.value().get(t._2()._1().cluster()) : null, sliced));
        // The readings stay where they were read (every flow): round 3 assigns their lines there, and the clusters are weighed first.
        JavaPairRDD<String, ReadFile> fullReadings = (readChunks == 0 ? wholeReadings : wholeCount == 0 ? splitReadings : wholeReadings.union(splitReadings))
                .mapToPair(r -> new Tuple2<>(r.cluster(), r)).persist(StorageLevel.MEMORY_AND_DISK());
        int groupsPerCluster = options.groups();
        long bound = options.groupLines();
        long clusterLines = options.clusterLines();
        long clusterHeld = options.clusterHeld();
        // Each cluster weighed on the driver from its files' counts (a number per file), against the bound its cluster's task
        // weighs it by: a cluster past it sends that task its files' counts alone, not their bytes, so that a cluster with many
        // times the others' traffic is refused without its round-1 bytes (or, in the stitch flow, its readings) meeting in one
        // task first. The task refuses it as before, from the same counts, and reports it (ClusterSteps.tooLarge).
        long weighedBound = rounds ? clusterHeld : clusterLines;
        Set<String> pastBound = new TreeSet<>();
        fullReadings.mapValues(ReadFile::held).reduceByKey(byCluster, Long::sum).collectAsMap().forEach((c, held) -> {
            if (held > weighedBound) {
                pastBound.add(c);
            }
        });
        Broadcast<Set<String>> refused = jsc.broadcast(pastBound);
        JavaPairRDD<String, ReadFile> readings = fullReadings.mapValues(r -> refused.value().contains(r.cluster()) ? r.countsOnly() : r);
        String scan = spark.sparkContext().applicationId() + "/" + java.util.UUID.randomUUID();
        LongAccumulator decodes = spark.sparkContext().longAccumulator("argo-forensics-fleet context decodes");
        LongAccumulator derivations = spark.sparkContext().longAccumulator("argo-forensics-fleet table derivations");
        // What goes to each cluster's task (its files' readings, or in the rounds' flow their thin readings and projections) and,
        // in the rounds' flow, what the files' lines go to their groups as: payload bytes (deflated), before Spark's framing.
        LongAccumulator toCluster = spark.sparkContext().longAccumulator("argo-forensics-fleet bytes to the cluster tasks");
        LongAccumulator toGroups = spark.sparkContext().longAccumulator("argo-forensics-fleet bytes of assigned lines");
        // The slices' flow, round 3: the bytes of lines the files sent to their slices' tasks, and the slices' tables derived there.
        LongAccumulator toSlices = spark.sparkContext().longAccumulator("argo-forensics-fleet bytes of lines to the slices");
        LongAccumulator sliceDerivations = spark.sparkContext().longAccumulator("argo-forensics-fleet slice tables derived");
        // The slices' flow: what each cluster's round-2a task and each slice's task were weighed by.
        CollectionAccumulator<Long> skeletonCounts = spark.sparkContext().collectionAccumulator("argo-forensics-fleet skeletons per cluster");
        CollectionAccumulator<Long> sliceCounts = spark.sparkContext().collectionAccumulator("argo-forensics-fleet entries per slice");
        Map<String, Broadcast<byte[]>> contexts = new HashMap<>();
        Map<String, Broadcast<ClusterTable>> tables = new HashMap<>();
        Map<String, Broadcast<byte[]>> sliceShares = new HashMap<>();
        JavaRDD<SlicedCluster> shares = null;
        long shareBytes = 0;
        Map<String, Integer> offsets = new HashMap<>();
        long contextBytes = 0;
        long tableBytes = 0;
        long groupCount = 0;
        JavaRDD<PreparedCluster> prepared;
        JavaPairRDD<String, GroupOutcome> outcomes;
        JavaRDD<LineBatch> batches = null;
        JavaRDD<RoutedBatch> routedBatches = null;
        if (!rounds) {
            // Stage E1: per cluster, the stitch, the cluster's facts (once) and its groups, each group's share as bytes.
            prepared = inputs.cogroup(readings.mapValues(r -> {
                        toCluster.add(r.reading() == null ? 0 : r.reading().length);
                        return r;
                    }), byCluster)
                    .map(c -> perCluster.value().prepare(c._2()._1().iterator().next(), c._2()._2(), groupsPerCluster, bound, clusterLines))
                    .persist(StorageLevel.MEMORY_AND_DISK());
        } else if (sliced) {
            // Round 2a, per cluster: the files' readings keeping their year-decided lines stitched, their skeletons placed and put
            // together, what the slices share made from them; broadcast once per cluster.
            int slices = options.slices();
            SlicedSteps steps = new SlicedSteps();
            shares = inputs.cogroup(readings.mapValues(r -> {
                        toCluster.add((r.thin() == null ? 0 : r.thin().length) + (r.projection() == null ? 0 : r.projection().length));
                        return r.thinOnly();
                    }), byCluster)
                    .map(c -> steps.shared(c._2()._1().iterator().next(), c._2()._2(), slices, clusterHeld))
                    .persist(StorageLevel.MEMORY_AND_DISK());
            shares.foreach(c -> skeletonCounts.add(c.held().values().stream().mapToLong(Long::longValue).sum()));
            java.util.Iterator<Tuple2<String, byte[]>> madeShares = shares.filter(c -> c.shared() != null)
                    .map(c -> new Tuple2<>(c.prep().cluster(), c.shared())).toLocalIterator();
            while (madeShares.hasNext()) {
                Tuple2<String, byte[]> c = madeShares.next();
                sliceShares.put(c._1(), jsc.broadcast(c._2()));
                shareBytes += c._2().length;
            }
            // Per log file where its reading stays: its projection's part of each slice, shuffled by (cluster, slice); a marker per slice.
            Map<String, Integer> sliceOffsets = SlicedSteps.offsets(sliceShares.keySet(), slices);
            int sliceCount = sliceOffsets.size() * slices;
            Partitioner bySlice = new GroupPartitioner(sliceOffsets, sliceCount, Math.max(1, Math.min(sliceCount, MAX_FILE_TASKS)));
            JavaRDD<SlicePart> parts = fullReadings.values()
                    .filter(r -> r.reading() != null && sliceShares.containsKey(r.cluster()))
                    .flatMap(r -> {
                        List<SlicePart> p = steps.parts(r, ClusterTables.shared(scan, r.cluster(), sliceShares.get(r.cluster())),
                                recreated.value().get(r.cluster()));
                        p.forEach(x -> toCluster.add(x.projection().length));
                        return p.iterator();
                    })
                    .union(shares.filter(c -> c.shared() != null).flatMap(c -> SlicedSteps.markers(c.prep().cluster(), slices).iterator()));
            // Round 2b, per slice: its parts weighed against --cluster-held, put together, its table derived; its projection and links out.
            JavaPairRDD<String, SliceTable> sliceTables = parts.mapToPair(p -> new Tuple2<>(p.key(), p)).groupByKey(bySlice)
                    .map(t -> {
                        SlicePart first = t._2().iterator().next();
                        SliceTable made = steps.slice(first.cluster(), first.slice(), t._2(),
                                () -> ClusterTables.shared(scan, first.cluster(), sliceShares.get(first.cluster())), clusterHeld);
                        sliceCounts.add(made.entries());
                        return made;
                    })
                    .mapToPair(t -> new Tuple2<>(t.cluster(), t));
            // Round 2c, per cluster: the components from the names alone, dealt into groups; its table in its sliced form to broadcast.
            prepared = shares.mapToPair(c -> new Tuple2<>(c.prep().cluster(), c)).cogroup(sliceTables, byCluster)
                    .map(c -> steps.plan(c._2()._1().iterator().next(), c._2()._2(),
                            () -> ClusterTables.shared(scan, c._1(), sliceShares.get(c._1())), groupsPerCluster, clusterHeld))
                    .persist(StorageLevel.MEMORY_AND_DISK());
        } else {
            // Round 2, per cluster: the files' thin readings and projections (their whole readings stay persisted where they were
            // read), stitched, placed, put together; the table derived; the components dealt into groups. Out: its table, broadcast.
            prepared = inputs.cogroup(readings.mapValues(r -> {
                        toCluster.add((r.thin() == null ? 0 : r.thin().length) + (r.projection() == null ? 0 : r.projection().length));
                        return r.thinOnly();
                    }), byCluster)
                    .map(c -> perCluster.value().table(c._2()._1().iterator().next(), c._2()._2(), groupsPerCluster, clusterHeld))
                    .persist(StorageLevel.MEMORY_AND_DISK());
        }
        // Each cluster's context (rounds: its table) broadcast once, taken to the driver a partition at a time.
        java.util.Iterator<Tuple3<String, Integer, Object>> made = prepared
                .map(p -> new Tuple3<>(p.prep().cluster(), p.groups().size() + (p.table() == null ? 0 : p.prep().groups()),
                        (Object) (p.prep().failure() != null ? null : p.table() != null ? p.table() : p.prep().context())))
                .toLocalIterator();
        List<Tuple2<String, Integer>> sizes = new ArrayList<>();
        while (made.hasNext()) {
            Tuple3<String, Integer, Object> c = made.next();
            if (c._3() instanceof byte[] b) {
                contexts.put(c._1(), jsc.broadcast(b));
                contextBytes += b.length;
            } else if (c._3() instanceof ClusterTable t) {
                tables.put(c._1(), jsc.broadcast(t));
                tableBytes += t.bytes();
            }
            sizes.add(new Tuple2<>(c._1(), c._2()));
        }
        sizes.sort(java.util.Comparator.comparing(Tuple2::_1));
        for (Tuple2<String, Integer> c : sizes) {
            offsets.put(c._1(), (int) groupCount);
            groupCount += c._2();
        }
        Partitioner byGroup = new GroupPartitioner(offsets, (int) groupCount, (int) Math.max(1, Math.min(groupCount, MAX_FILE_TASKS)));
        if (!rounds) {
            // Stage E2: the shuffle by (cluster, group), then each group's correlation and rules in a task, its cluster's context joined in.
            outcomes = prepared.flatMapToPair(p -> p.groups().stream().map(g -> {
                        toGroups.add(g.facts().length);
                        return new Tuple2<>(g.key(), g);
                    }).iterator())
                    .partitionBy(byGroup)
                    .map(t -> perCluster.value().group(t._2(), () -> GroupContexts.of(scan, t._2().cluster(), contexts.get(t._2().cluster()), decodes), bound))
                    .mapToPair(o -> new Tuple2<>(o.cluster(), o));
        } else {
            // Round 3, per log file where it was read: its whole reading placed and each line assigned from its cluster's table, the
            // lines batched by group. Every group gets a marker, so that a group no file holds a line of runs too.
            if (sliced) {
                // The slices' flow: each file's lines routed where it was read, those naming no Pod assigned there from the components
                // alone, the others shuffled by (cluster, slice) to a task per slice, which derives that slice's table alone, assigns
                // them and sends the groups their lines and Pods' facts and the context its run clocks (SlicedSteps).
                SlicedSteps steps = new SlicedSteps();
                int slices = options.slices();
                Map<String, Integer> sliceOffsets = SlicedSteps.offsets(tables.keySet(), slices);
                int sliceCount = sliceOffsets.size() * slices;
                Partitioner bySlice = new GroupPartitioner(sliceOffsets, sliceCount, Math.max(1, Math.min(sliceCount, MAX_FILE_TASKS)));
                JavaRDD<RoutedBatch> routed = fullReadings.values()
                        .filter(r -> r.reading() != null && tables.containsKey(r.cluster()))
                        .flatMap(r -> {
                            ClusterTables.Shared sh = ClusterTables.shared(scan, r.cluster(), sliceShares.get(r.cluster()));
                            List<RoutedBatch> b = steps.route(r, ClusterTables.routing(scan, tables.get(r.cluster()), sh), sh);
                            b.forEach(x -> {
                                if (x.toGroup() != null) {
                                    toGroups.add(x.toGroup().lines().length);
                                } else {
                                    toSlices.add(x.toSlice().lines().length);
                                }
                            });
                            return b.iterator();
                        })
                        .persist(StorageLevel.MEMORY_AND_DISK());
                routedBatches = routed;
                JavaRDD<LineBatch> fromSlices = routed.filter(x -> x.toSlice() != null).map(RoutedBatch::toSlice)
                        .union(prepared.filter(p -> p.table() != null).flatMap(p -> SlicedSteps.sliceMarkers(p.prep().cluster(), slices).iterator()))
                        .mapToPair(b -> new Tuple2<>(b.key(), b)).groupByKey(bySlice)
                        .flatMap(t -> {
                            SliceBatch first = t._2().iterator().next();
                            ClusterTable table = tables.get(first.cluster()).value();
                            ClusterTables.Shared sh = ClusterTables.shared(scan, first.cluster(), sliceShares.get(first.cluster()));
                            List<LineBatch> b = steps.assign(first.cluster(), first.slice(), t._2(), table, sh,
                                    ClusterTables.routing(scan, tables.get(first.cluster()), sh));
                            sliceDerivations.add(1);
                            b.forEach(x -> toGroups.add(x.lines() != null ? x.lines().length : x.facts().length));
                            return b.iterator();
                        });
                batches = routed.filter(x -> x.toGroup() != null).map(RoutedBatch::toGroup).union(fromSlices).persist(StorageLevel.MEMORY_AND_DISK());
            } else {
                batches = fullReadings.values()
                        .filter(r -> r.reading() != null && tables.containsKey(r.cluster()))
                        .flatMap(r -> {
                            List<LineBatch> b = perCluster.value().assign(r, ClusterTables.of(scan, tables.get(r.cluster()), derivations));
                            b.forEach(x -> toGroups.add(x.lines().length));
                            return b.iterator();
                        })
                        .persist(StorageLevel.MEMORY_AND_DISK());
            }
            // The context lines (group -1) put together per cluster, with what the caveats read, and broadcast.
            JavaPairRDD<String, LineBatch> contextLines = batches.filter(b -> b.group() < 0).mapToPair(b -> new Tuple2<>(b.cluster(), b));
            java.util.Iterator<Tuple2<String, byte[]>> made3 = prepared.filter(p -> p.table() != null)
                    .mapToPair(p -> new Tuple2<>(p.prep().cluster(), 0)).cogroup(contextLines, byCluster)
                    .map(c -> {
                        if (!sliced) {
                            return new Tuple2<>(c._1(), perCluster.value().context(c._2()._2(), ClusterTables.of(scan, tables.get(c._1()), derivations)));
                        }
                        ClusterTables.Shared sh = ClusterTables.shared(scan, c._1(), sliceShares.get(c._1()));
                        return new Tuple2<>(c._1(), new SlicedSteps().context(c._2()._2(), ClusterTables.routing(scan, tables.get(c._1()), sh), sh));
                    })
                    .toLocalIterator();
            while (made3.hasNext()) {
                Tuple2<String, byte[]> c = made3.next();
                contexts.put(c._1(), jsc.broadcast(c._2()));
                contextBytes += c._2().length;
            }
            JavaRDD<LineBatch> markers = prepared.filter(p -> p.table() != null).flatMap(p -> {
                List<LineBatch> m = new ArrayList<>();
                for (int i = 0; i < p.prep().groups(); i++) {
                    m.add(new LineBatch(p.prep().cluster(), i, -1, 0, null));
                }
                return m.iterator();
            });
            outcomes = batches.filter(b -> b.group() >= 0).union(markers).mapToPair(b -> new Tuple2<>(b.key(), b)).groupByKey(byGroup)
                    .map(t -> {
                        String cluster = t._2().iterator().next().cluster();
                        int index = t._2().iterator().next().group();
                        java.util.function.Supplier<dev.argoforensics.analysis.GroupedAnalysis.Shared> context = () -> GroupContexts.of(scan, cluster, contexts.get(cluster), decodes);
                        if (!sliced) {
                            return perCluster.value().group(cluster, index, t._2(), ClusterTables.of(scan, tables.get(cluster), derivations), context, bound);
                        }
                        ClusterTables.Shared sh = ClusterTables.shared(scan, cluster, sliceShares.get(cluster));
                        ClusterTables.Derived d = ClusterTables.routing(scan, tables.get(cluster), sh);
                        return perCluster.value().group(cluster, index, d.plan().groups(), () -> SlicedSteps.share(index, t._2(), d, sh), context, bound);
                    })
                    .mapToPair(o -> new Tuple2<>(o.cluster(), o));
        }
        // Stage E3: per cluster, the groups' outcomes put together: findings in the report's order, the accounting.
        JavaPairRDD<String, ClusterPrep> preps = prepared.mapToPair(p -> new Tuple2<>(p.prep().cluster(), p.prep().withoutContext()));
        Map<String, List<ScannedFile>> objectsOf = new HashMap<>();
        for (ClusterInputs in : inputs.values().collect()) {
            objectsOf.put(in.cluster(), in.objects());
        }
        Broadcast<Map<String, List<ScannedFile>>> objectsByCluster = jsc.broadcast(objectsOf);
        JavaRDD<ClusterResult> results = preps.cogroup(outcomes, byCluster)
                .map(c -> {
                    long start = System.nanoTime();
                    List<ScannedFile> objs = objectsByCluster.value().get(c._1());
                    ClusterResult r = perCluster.value().conclude(c._2()._1().iterator().next(), c._2()._2(), objs);
                    done.add(String.format(Locale.ROOT, "argo-forensics-fleet: %s%s done: %d input(s), %.1f MB, %d finding(s), %.1f s to put %d group(s) together (partition %d of %d)",
                            FleetListing.PREFIX, c._1(), objs.size(), objs.stream().mapToLong(o -> o.object().bytes()).sum() / 1e6,
                            r.findings().size(), (System.nanoTime() - start) / 1e9, c._2()._1().iterator().next().groups(),
                            TaskContext.getPartitionId() + 1, clusters));
                    return r;
                })
                .persist(StorageLevel.MEMORY_AND_DISK());
        try {
            Dataset<Row> findings = spark.createDataFrame(results.flatMap(r -> r.findings().iterator()).map(FindingRow::toRow), FindingRow.SCHEMA);
            List<Row> unplaced = new ArrayList<>();
            listing.unplaced().forEach(r -> unplaced.add(r.toRow()));
            Dataset<Row> inputRows = spark.createDataFrame(results.flatMap(r -> r.inputs().iterator()).map(InputRow::toRow), InputRow.SCHEMA)
                    .union(spark.createDataFrame(unplaced, InputRow.SCHEMA));
            findings = findings.persist(StorageLevel.MEMORY_AND_DISK());
            String out = options.out();
            Dataset<Row> ordered = findings.repartition(1).sortWithinPartitions(col("cluster"), col("seq"));
            ordered.select(col("json")).write().text(out + "/findings");
            renameParts(hadoop, new Path(out + "/findings"), ".txt", ".json");
            ordered.drop("json").write().parquet(out + "/findings-parquet");
            findings.groupBy(col("cluster"), col("day"), col("argoVersion"), col("rule")).count()
                    .repartition(1).sortWithinPartitions(col("cluster"), col("day"), col("argoVersion"), col("rule"))
                    .write().option("ignoreNullFields", "false").json(out + "/summary");
            Dataset<Row> accounting = inputRows.repartition(1).sortWithinPartitions(col("cluster"), col("path")).persist(StorageLevel.MEMORY_AND_DISK());
            accounting.write().option("ignoreNullFields", "false").json(out + "/inputs");
            long listed = accounting.count();
            long problems = accounting.filter(col("kind").isin("listing", "failed", "unreadable", "cut")).count();
            long n = findings.count();
            findings.unpersist();
            accounting.unpersist();
            drain(spark);
            return new Counts(tasks.size(), listed, problems, n, inputBytes, listener.shuffleBytes(), listener.shuffleRecords(), listener.tasks(),
                    logCount, groupCount, contextBytes, decodes.value(), logCount - wholeCount, readChunks, tableBytes + shareBytes, derivations.value(),
                    toCluster.value(), toGroups.value(), sum(skeletonCounts), max(skeletonCounts), sliceCounts.value().size(), sum(sliceCounts),
                    max(sliceCounts), sliceDerivations.value(), toSlices.value());
        } finally {
            spark.sparkContext().removeSparkListener(listener);
            contexts.values().forEach(b -> b.destroy());
            tables.values().forEach(b -> b.destroy());
            sliceShares.values().forEach(b -> b.destroy());
            if (shares != null) {
                shares.unpersist(false);
            }
            if (batches != null) {
                batches.unpersist(false);
            }
            if (routedBatches != null) {
                routedBatches.unpersist(false);
            }
            fullReadings.unpersist(false);
            refused.destroy();
            results.unpersist(false);
            prepared.unpersist(false);
            inputs.unpersist(false);
            scanned.unpersist(false);
            classified.unpersist(false);
        }
    }

    private static long sum(CollectionAccumulator<Long> a) {
        return a.value().stream().mapToLong(Long::longValue).sum();
    }

    private static long max(CollectionAccumulator<Long> a) {
        return a.value().stream().mapToLong(Long::longValue).max().orElse(0);
    }

    /** A split log's chunks, each a task's work. */
    private static java.util.Iterator<Tuple2<ScannedFile, Integer>> chunkJobs(ScannedFile f) {
        List<Tuple2<ScannedFile, Integer>> jobs = new ArrayList<>();
        for (int i = 0; i < f.split().chunks(); i++) {
            jobs.add(new Tuple2<>(f, i));
        }
        return jobs.iterator();
    }

    /** Lets the listener see the last tasks' ends: Spark delivers them on its listener bus, after the action returned. */
    private static void drain(SparkSession spark) {
        try {
            spark.sparkContext().listenerBus().waitUntilEmpty(600_000);
        } catch (java.util.concurrent.TimeoutException e) {
            System.err.println("argo-forensics-fleet: Spark's listener bus did not drain in 10 minutes: the progress lines and the shuffle figures may miss the last tasks");
        }
    }

    /** Spark's text writer names its files {@code .txt}; the findings are JSON lines. */
    private static void renameParts(Configuration conf, Path dir, String from, String to) throws IOException {
        FileSystem fs = dir.getFileSystem(conf);
        for (FileStatus s : fs.listStatus(dir)) {
            String name = s.getPath().getName();
            if (name.startsWith("part-") && name.endsWith(from)) {
                fs.rename(s.getPath(), new Path(dir, name.substring(0, name.length() - from.length()) + to));
            }
        }
    }
}
