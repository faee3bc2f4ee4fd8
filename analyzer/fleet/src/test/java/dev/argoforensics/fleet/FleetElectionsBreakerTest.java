package dev.argoforensics.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 58 breaker of the fleet's projection of the leader-election lines (s58-projection: {@code LineProjection.elections},
 * carried in the rounds' thin readings and in the slices' skeletons, read by {@code ConcurrentRuns} in {@code Correlator.derive} and
 * {@code deriveSlice}). Each fleet cluster below is a folder a user gave as one cluster, holding controller logs whose election lines
 * decide whether two runs led at once (one Lease key held twice: two clusters' controllers, their Pods of one name different
 * objects) or one after the other (a hand-over). The fleet, in the rounds' flow and in the slices' flow, must give the findings
 * {@code analyze} gives of the same folder; and {@code analyze} the right answer: each cluster's controller's races read as its own
 * log alone reads them.
 */
class FleetElectionsBreakerTest {
    private static final ObjectMapper JSON = new ObjectMapper().configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);
    private static final Path CWD = Path.of("").toAbsolutePath();
    private static final String LEASE = "argo/workflow-controller";
    private static final String A = "workflow-controller-7b9d4c6f5-k8r2w";
    private static final String B = "workflow-controller-5f7c9d8b6-h2m4t";
    private static final List<String> MINE = new ArrayList<>();

    private static SparkSession spark;

    @TempDir
    static Path tmp;

    @BeforeAll
    static void start() {
        assertTrue(CWD.endsWith(Path.of("target", "fleet-test-cwd")), "the tests run in target/fleet-test-cwd, not " + CWD);
        spark = SparkSession.builder().master("local[2]").appName("fleet-elections-breaker")
                .config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.sql.shuffle.partitions", "2")
                .config("spark.sql.defaultUrlStreamHandlerFactory.enabled", "false")
                .getOrCreate();
        spark.sparkContext().setLogLevel("WARN");
    }

    @AfterAll
    static void stop() throws IOException {
        if (spark != null) {
            spark.stop();
        }
        for (String c : MINE) {
            Path p = CWD.resolve(FleetListing.PREFIX + c);
            if (Files.exists(p)) {
                try (Stream<Path> walk = Files.walk(p)) {
                    for (Path q : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                        Files.delete(q);
                    }
                }
            }
        }
    }

    // --- v4 slog text lines of Workflow p's Pod p in namespace ns (the analyzer's tests' V4 shapes) -------------------------------

    private static String workers(String t, int n) {
        return "time=" + t + " level=INFO msg=\"Current Worker Numbers\" workflowWorkers=" + n
                + " podCleanup=4 workflowTtlWorkers=4 cronWorkflowWorkers=8 workflowArchive=8";
    }

    private static String processing(String t, String phase) {
        return "time=" + t + " level=INFO msg=\"Processing workflow\" component=workflow_worker workflow=p namespace=ns phase=" + phase
                + " resourceVersion=7";
    }

    private static String other(String t) {
        return "time=" + t + " level=INFO msg=\"Processing workflow\" component=workflow_worker workflow=other namespace=ns phase=Running"
                + " resourceVersion=9";
    }

    private static String created(String t) {
        return "time=" + t + " level=INFO msg=\"Created pod\" component=workflow_worker workflow=p namespace=ns nodeName=p nodeID=p podName=p";
    }

    private static String updated(String t, String phase) {
        return "time=" + t + " level=INFO msg=\"Workflow update successful\" component=workflow_worker workflow=p namespace=ns resourceVersion=7 phase="
                + phase;
    }

    private static String podEvent(String t, String action) {
        return "time=" + t + " level=INFO msg=\"" + action + " pod event\" component=pod_controller pod=p";
    }

    private static String queueing(String t, String action) {
        return "time=" + t + " level=INFO msg=\"queueing pod for cleanup\" component=pod_controller namespace=ns podName=p action=" + action;
    }

    private static String cleaning(String t, String action) {
        return "time=" + t + " level=INFO msg=\"cleaning up pod\" component=pod_controller key=ns/p/" + action + " action=" + action
                + " namespace=ns podName=p";
    }

    /** Pod p released before its result was persisted (the race, delay -1m24s), its node then found missing: from HH:27:10. */
    static List<String> racedLife(String hour) {
        List<String> out = new ArrayList<>();
        for (String l : List.of(processing("2026-09-19T16:27:10.402Z", "\"\""), created("2026-09-19T16:27:10.431Z"),
                updated("2026-09-19T16:27:10.448Z", "Running"), podEvent("2026-09-19T16:27:10.500Z", "add"),
                podEvent("2026-09-19T16:27:45.000Z", "update"), workers("2026-09-19T16:31:11.132Z", 0),
                podEvent("2026-09-19T16:31:11.256Z", "update"),
                "time=2026-09-19T16:31:11.257Z level=INFO msg=\"Removing finalizers during a delete\" component=pod_controller"
                        + " pod.Finalizers=[workflows.argoproj.io/status]",
                "time=2026-09-19T16:31:11.257Z level=INFO msg=\"queuing pod delay\" component=pod_controller action=removeFinalizer"
                        + " namespace=ns podName=p podGC=\"{Strategy: LabelSelector:<nil> DeleteDelayDuration:}\" delay=-1m24.257168224s",
                queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"), cleaning("2026-09-19T16:31:11.350Z", "removeFinalizer"),
                podEvent("2026-09-19T16:31:11.363Z", "delete"), workers("2026-09-19T16:33:00.000Z", 2),
                processing("2026-09-19T16:33:02.200Z", "Running"),
                "time=2026-09-19T16:33:02.246Z level=INFO msg=\"Workflow pod is missing\" component=workflow_worker workflow=p namespace=ns"
                        + " nodeName=p nodePhase=Running recentlyStarted=false",
                "time=2026-09-19T16:33:02.246Z level=ERROR msg=\"marking node as error\" component=workflow_worker workflow=p namespace=ns nodeName=p"
                        + " error=\"pod deleted\"",
                updated("2026-09-19T16:33:02.300Z", "Error"))) {
            out.add(l.replace("2026-09-19T16:", "2026-09-19T" + hour + ":"));
        }
        return out;
    }

    /** A good life from HH:MM: Succeeded, stored, labelled, then deleted by pod GC. */
    static List<String> goodLife(String hhmm) {
        String t = "2026-09-19T" + hhmm;
        return List.of(processing(t + ":00.000Z", "\"\""), created(t + ":00.100Z"), updated(t + ":00.150Z", "Running"),
                podEvent(t + ":00.200Z", "add"), podEvent(t + ":40.000Z", "update"), processing(t + ":40.100Z", "Running"),
                "time=" + t + ":40.110Z level=DEBUG msg=\"Taskresult of the node not yet completed\" component=workflow_worker workflow=p"
                        + " namespace=ns nodeID=p",
                "time=" + t + ":42.000Z level=INFO msg=\"node phase changed\" component=workflow_worker workflow=p namespace=ns node=p"
                        + " fromPhase=Running toPhase=Succeeded",
                updated(t + ":42.100Z", "Succeeded"), queueing(t + ":42.200Z", "labelPodCompleted"),
                cleaning(t + ":42.210Z", "labelPodCompleted"), queueing(t + ":50.000Z", "deletePod"), cleaning(t + ":50.010Z", "deletePod"),
                podEvent(t + ":50.100Z", "delete"));
    }

    /** A run's body: the banner and worker numbers at 16:27, the parts, other Workflows' passes every 5 minutes to 19:30. */
    @SafeVarargs
    static List<String> run(List<String>... parts) {
        List<String> out = new ArrayList<>(List.of("time=2026-09-19T16:27:00.000Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3",
                workers("2026-09-19T16:27:00.100Z", 2)));
        for (List<String> p : parts) {
            out.addAll(p);
        }
        out.add(other("2026-09-19T19:30:00.000Z"));
        return out;
    }

    /** v4.1's election lines (the {@code lock} key) of a replica taking the Lease. */
    static List<String> acquired41(String t, String identity) {
        return List.of("time=" + t + " level=INFO msg=\"Attempting to acquire leader lease...\" lock=" + LEASE,
                "time=" + t + " level=INFO msg=\"Successfully acquired lease\" lock=" + LEASE,
                "time=" + t + " level=INFO msg=\"new leader\" leader=" + identity);
    }

    /** v4.0's election lines (client-go's klog words routed through slog, the Lease in the message). */
    static List<String> acquired40(String t, String identity) {
        return List.of("time=" + t + " level=INFO msg=\"attempting to acquire leader lease " + LEASE + "...\"",
                "time=" + t + " level=INFO msg=\"successfully acquired lease " + LEASE + "\"",
                "time=" + t + " level=INFO msg=\"new leader\" leader=" + identity);
    }

    static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    // --- the fleet and analyze ---------------------------------------------------------------------------------------------------

    private static Path folder(String cluster) throws IOException {
        if (!MINE.contains(cluster)) {
            MINE.add(cluster);
        }
        return Files.createDirectories(CWD.resolve(FleetListing.PREFIX + cluster));
    }

    private static void write(Path to, List<String> lines) throws IOException {
        Files.createDirectories(to.getParent());
        if (to.getFileName().toString().endsWith(".gz")) {
            try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(to))) {
                o.write((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
            }
        } else {
            Files.write(to, lines, StandardCharsets.UTF_8);
        }
    }

    /** The fleet's findings of these clusters, by cluster, in the given flow ({@code rounds} or {@code slices}). */
    private static Map<String, Set<String>> fleet(List<String> clusters, String flow) throws Exception {
        Path out = tmp.resolve("out-" + flow + "-" + System.nanoTime());
        List<String> args = new ArrayList<>(List.of("--out", out.toString()));
        clusters.forEach(c -> args.add(CWD.resolve(FleetListing.PREFIX + c).toString()));
        args.addAll(List.of("--flow", flow));
        if (flow.equals("slices")) {
            args.addAll(List.of("--slices", "3"));
        }
        FleetScan.run(spark, FleetOptions.parse(args.toArray(String[]::new)));
        Map<String, Set<String>> by = new TreeMap<>();
        List<Path> parts;
        try (Stream<Path> s = Files.list(out.resolve("findings"))) {
            parts = s.filter(p -> p.getFileName().toString().endsWith(".json")).toList();
        }
        for (Path part : parts) {
            for (String line : Files.readAllLines(part, StandardCharsets.UTF_8)) {
                ObjectNode n = (ObjectNode) JSON.readTree(line);
                String cluster = n.remove("cluster").asText();
                by.computeIfAbsent(cluster, c -> new TreeSet<>()).add(canonical(n));
            }
        }
        return by;
    }

    /** {@code analyze --format json cluster=NAME}, from the corpus root, its findings canonical. */
    private static Set<String> analyze(String cluster) throws IOException {
        Path report = tmp.resolve("analyze-" + cluster + "-" + System.nanoTime() + ".json");
        StringWriter stdout = new StringWriter();
        StringWriter stderr = new StringWriter();
        int rc;
        try (PrintWriter out = new PrintWriter(stdout); PrintWriter err = new PrintWriter(stderr)) {
            rc = dev.argoforensics.cli.Main.run(InputStream.nullInputStream(), out, err,
                    "analyze", "--format", "json", "--quiet", "--threads", "1", FleetListing.PREFIX + cluster, "--out", report.toString());
        }
        assertTrue(rc == 0 || rc == 1, "analyze " + cluster + " exited " + rc + ": " + stderr);
        Set<String> found = new TreeSet<>();
        for (JsonNode f : JSON.readTree(report.toFile()).get("findings")) {
            found.add(canonical(f));
        }
        return found;
    }

    private static String canonical(JsonNode n) throws IOException {
        return JSON.writeValueAsString(JSON.treeToValue(n, Object.class));
    }

    /** Each finding as rule, confidence and reason code, without the lifetime label (a Pod of a name the lines told apart). */
    private static List<String> coded(Set<String> findings) throws IOException {
        List<String> out = new ArrayList<>();
        for (String f : findings) {
            JsonNode n = JSON.readTree(f);
            out.add(n.path("rule").asText() + " " + n.path("pod").path("name").asText() + " " + n.path("confidence").asText() + " "
                    + n.path("reason").path("code").asText(n.path("reason").asText()));
        }
        out.sort(null);
        return out;
    }

    private static List<String> sureOnes(Set<String> findings) throws IOException {
        return coded(findings).stream().filter(f -> f.contains(" confirmed ") || f.contains(" likely ")
                || f.contains(" CONFIRMED ") || f.contains(" LIKELY ")).toList();
    }

    // --- the clusters ------------------------------------------------------------------------------------------------------------

    /**
     * Two clusters' controllers under one Lease key, in one folder: a's log rotated (the election lines, the banner and the first
     * pass in {@code .log.1.gz}, the rest in {@code .log}), b's plain. a's Workflow p raced at 16:27 and was submitted again at 17:00;
     * b's ran well from 16:28.
     */
    private static void twoKeysRotated(String cluster, List<String> electionA, List<String> electionB, int cut) throws IOException {
        Path root = folder(cluster);
        List<String> a = concat(electionA, run(racedLife("16"), goodLife("17:00")));
        List<String> b = concat(electionB, run(goodLife("16:28")));
        write(root.resolve("a/workflow-controller.log.1.gz"), a.subList(0, cut));
        write(root.resolve("a/workflow-controller.log"), a.subList(cut, a.size()));
        write(root.resolve("b/workflow-controller.log"), b);
        // each cluster alone: the right answer
        write(folder(cluster + "-a-alone").resolve("a/workflow-controller.log"), a);
        write(folder(cluster + "-b-alone").resolve("b/workflow-controller.log"), b);
    }

    /**
     * Attacks 1-4 in one fleet run per flow: (1) v4.1 election lines, a's rotated set gzip'd with the election lines in the older
     * piece; (2) v4.0 wording (the Lease in the message), a's rotation cut between its attempt and its acquisition; (3) the files in
     * the other order (b's folder sorts first) and a's log an excerpt starting after its acquisition (only its {@code new leader}
     * line): no Lease named, so nothing says the runs led at once; (4) control, a hand-over under one key, b's node 5 min behind.
     */
    @Test
    void electionLinesSplitAcrossFilesGiveAnalyzesFindingsInBothFlows() throws Exception {
        twoKeysRotated("el-41", acquired41("2026-09-19T16:26:59.900Z", A), acquired41("2026-09-19T16:26:59.900Z", B), 8);
        twoKeysRotated("el-40", acquired40("2026-09-19T16:26:59.900Z", A), acquired40("2026-09-19T16:26:59.900Z", B), 1);
        // (3) other order, a without its attempt and acquisition
        Path order = folder("el-order");
        List<String> a = concat(acquired41("2026-09-19T16:26:59.900Z", A).subList(2, 3), run(racedLife("16"), goodLife("17:00")));
        List<String> b = concat(acquired41("2026-09-19T16:26:59.900Z", B), run(goodLife("16:28")));
        write(order.resolve("z-a/workflow-controller.log"), a);
        write(order.resolve("b/workflow-controller.log"), b);
        // (4) a hand-over: a leads until its release of p, b names a as the holder and takes the Lease; b's clock 5 min behind
        Path hand = folder("el-handover");
        List<String> raced = racedLife("16");
        List<String> ha = new ArrayList<>(acquired41("2026-09-19T16:26:59.900Z", A));
        ha.addAll(List.of("time=2026-09-19T16:27:00.000Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3",
                workers("2026-09-19T16:27:00.100Z", 2)));
        ha.addAll(raced.subList(0, 12));
        ha.add(other("2026-09-19T16:31:15.000Z"));
        List<String> hb = new ArrayList<>(List.of(
                "time=2026-09-19T16:31:20.000Z level=INFO msg=\"Attempting to acquire leader lease...\" lock=" + LEASE,
                "time=2026-09-19T16:31:20.000Z level=INFO msg=\"new leader\" leader=" + A,
                "time=2026-09-19T16:31:39.900Z level=INFO msg=\"Successfully acquired lease\" lock=" + LEASE,
                "time=2026-09-19T16:31:39.900Z level=INFO msg=\"new leader\" leader=" + B,
                "time=2026-09-19T16:31:40.000Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3",
                workers("2026-09-19T16:31:40.100Z", 2)));
        hb.addAll(raced.subList(13, raced.size()));
        for (int m = 0; m < 150; m += 5) {
            hb.add(other(String.format("2026-09-19T%02d:%02d:00.000Z", 16 + (34 + m) / 60, (34 + m) % 60)));
        }
        write(hand.resolve("logs/" + A + ".log"), ha);
        write(hand.resolve("logs/" + B + ".log"), shifted(hb, -5));

        List<String> clusters = List.of("el-41", "el-40", "el-order", "el-handover");
        Map<String, Set<String>> analyzed = new TreeMap<>();
        for (String c : clusters) {
            analyzed.put(c, analyze(c));
        }
        // the right answer: each cluster's controller's sure findings as its log alone gives them
        for (String c : List.of("el-41", "el-40")) {
            List<String> alone = new ArrayList<>(sureOnes(analyze(c + "-a-alone")));
            alone.addAll(sureOnes(analyze(c + "-b-alone")));
            alone.sort(null);
            assertEquals(alone, sureOnes(analyzed.get(c)), () -> c + ": " + analyzed.get(c));
            assertFalse(alone.isEmpty(), c + ": a's race is found");
        }
        // the election lines decide: without a's Lease named (el-order) the same logs read otherwise
        assertFalse(coded(analyzed.get("el-41")).equals(coded(analyzed.get("el-order"))), () -> analyzed.get("el-41") + " vs " + analyzed.get("el-order"));
        for (String flow : List.of("rounds", "slices")) {
            Map<String, Set<String>> fleet = fleet(clusters, flow);
            for (String c : clusters) {
                assertEquals(analyzed.get(c), fleet.getOrDefault(c, Set.of()), () -> "--flow " + flow + ", cluster=" + c);
            }
        }
    }

    /** The lines with their times moved by {@code minutes} (a node's clock behind or ahead). */
    static List<String> shifted(List<String> lines, int minutes) {
        List<String> out = new ArrayList<>();
        for (String l : lines) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("time=(\\S+)").matcher(l);
            if (m.find()) {
                java.time.Instant t = java.time.Instant.parse(m.group(1)).plusSeconds(60L * minutes);
                String s = java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(java.time.ZoneOffset.UTC).format(t);
                l = l.substring(0, m.start(1)) + s + l.substring(m.end(1));
            }
            out.add(l);
        }
        return out;
    }
}
