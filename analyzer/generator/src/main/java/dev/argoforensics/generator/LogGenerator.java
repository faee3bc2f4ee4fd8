package dev.argoforensics.generator;

import dev.argoforensics.time.GoDuration;
import java.io.IOException;
import java.io.Writer;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Writes a large, realistic workflow-controller log for benchmarks: thousands of Workflows going
 * through their usual lines (processing, node initialisation, pod creation, pod events, updates,
 * cleanup), client-go and stats noise, a few #17024 races (an aged Pod deleted while Workflow
 * workers are stopped: its status finalizer released with a negative delay, later "pod deleted")
 * and as many look-alike controls (the same delete after the node was persisted). The controller
 * restarts between segments and changes format as an upgrade would: v3.7 logrus text, then v4
 * slog text, then v4 slog JSON ({@link Mix#UPGRADE}), or stays in one format.
 *
 * <p>Deterministic for a given seed; {@link Manifest} lists where the races and controls are.
 */
public final class LogGenerator {
    /** Which formats the file holds. */
    public enum Mix {
        SLOG_TEXT, SLOG_JSON, LOGRUS_TEXT, UPGRADE
    }

    /** Where the planted cases are, for checking an analysis of the file. */
    public record Manifest(long lines, long bytes, List<String> racePods, List<String> controlPods) {
        public Manifest {
            racePods = List.copyOf(racePods);
            controlPods = List.copyOf(controlPods);
        }
    }

    private static final String NS = "argo-bench";
    private static final String[] TEMPLATES = {"main", "build", "test-shard", "publish", "whalesay", "report"};

    private final SplittableRandom random;
    private final long targetBytes;
    private final Mix mix;
    private final int races;
    private Writer out;
    private long lines;
    private long bytes;
    private long nanos;
    private Format format;
    private int workflowCounter;
    private final List<String> racePods = new ArrayList<>();
    private final List<String> controlPods = new ArrayList<>();

    /**
     * @param targetBytes stop after about this many bytes
     * @param races       how many #17024 races to plant (and as many controls)
     */
    public LogGenerator(long seed, long targetBytes, Mix mix, int races) {
        this.random = new SplittableRandom(seed);
        this.targetBytes = targetBytes;
        this.mix = mix;
        this.races = races;
        this.nanos = LocalDateTime.of(2026, 9, 19, 0, 0).toInstant(ZoneOffset.UTC).getEpochSecond() * 1_000_000_000L;
    }

    public Manifest write(Writer w) throws IOException {
        this.out = w;
        int segments = mix == Mix.UPGRADE ? 3 : 1;
        // Spread the planted cases evenly over the whole file, across segments.
        long plantEvery = Math.max(1, targetBytes / Math.max(1, races * 2L + 1));
        long nextPlant = plantEvery;
        for (int s = 0; s < segments; s++) {
            format = switch (mix) {
                case SLOG_TEXT -> Format.SLOG_TEXT;
                case SLOG_JSON -> Format.SLOG_JSON;
                case LOGRUS_TEXT -> Format.LOGRUS_TEXT;
                case UPGRADE -> s == 0 ? Format.LOGRUS_TEXT : s == 1 ? Format.SLOG_TEXT : Format.SLOG_JSON;
            };
            long segmentEnd = targetBytes * (s + 1) / segments;
            start();
            while (bytes < segmentEnd) {
                if (bytes >= nextPlant && racePods.size() + controlPods.size() < races * 2) {
                    if (racePods.size() <= controlPods.size()) {
                        race();
                    } else {
                        control();
                    }
                    nextPlant += plantEvery;
                }
                workflow();
            }
        }
        // A file too small to space them out still gets every planted case.
        while (racePods.size() + controlPods.size() < races * 2) {
            if (racePods.size() <= controlPods.size()) {
                race();
            } else {
                control();
            }
        }
        return new Manifest(lines, bytes, racePods, controlPods);
    }

    // ---- scenes ---------------------------------------------------------------------------------

    private void start() throws IOException {
        String version = format == Format.LOGRUS_TEXT ? "v3.7.18" : "v4.1.3";
        emit("INFO", "Starting Workflow Controller", "version", version, "defaultRequeueTime", "10s");
        emit("INFO", "Current Worker Numbers", "workflowWorkers", "32", "podCleanup", "4", "workflowTtlWorkers", "4",
                "cronWorkflowWorkers", "8", "workflowArchive", "8");
        klog("leaderelection.go:257] attempting to acquire leader lease argo/workflow-controller...");
        klog("leaderelection.go:271] successfully acquired lease argo/workflow-controller");
    }

    /** One ordinary Workflow of 1 to 4 Pods, start to end, interleaved with noise. */
    private void workflow() throws IOException {
        String wf = "wf-" + Integer.toString(++workflowCounter, 36) + "-" + Integer.toString(random.nextInt(36 * 36 * 36 * 36), 36);
        int pods = 1 + random.nextInt(4);
        operator(wf, "Processing workflow", "phase", "", "resourceVersion", rv());
        operator(wf, "Task-result reconciliation", "numObjs", "0");
        List<String> podNames = new ArrayList<>();
        for (int i = 0; i < pods; i++) {
            String node = wf + "[" + i + "]." + TEMPLATES[random.nextInt(TEMPLATES.length)];
            String nodeId = wf + "-" + Integer.toUnsignedString(node.hashCode());
            String pod = wf + "-" + TEMPLATES[random.nextInt(TEMPLATES.length)] + "-" + Integer.toUnsignedString(node.hashCode());
            podNames.add(pod);
            nodeInitialized(wf, nodeId);
            createdPod(wf, node, nodeId, pod);
        }
        operator(wf, "Workflow update successful", "phase", "Running", "resourceVersion", rv());
        for (String pod : podNames) {
            podEvent("add", pod);
            podEvent("update", pod);
            noise();
        }
        for (int round = 0; round < 2; round++) {
            operator(wf, "Processing workflow", "phase", "Running", "resourceVersion", rv());
            operator(wf, "Task-result reconciliation", "numObjs", Integer.toString(pods));
            for (String pod : podNames) {
                podEvent("update", pod);
            }
            operator(wf, "Workflow update successful", "phase", round == 1 ? "Succeeded" : "Running", "resourceVersion", rv());
            noise();
        }
        for (String pod : podNames) {
            cleanup(pod, "labelPodCompleted");
            if (random.nextInt(40) == 0) {
                // Deleted while it still held the finalizer, but young: a positive delay, nothing wrong.
                release(pod, 1_000_000_000L + random.nextInt(30) * 1_000_000_000L);
            }
            podEvent("delete", pod);
        }
    }

    /** #17024: persisted Running, workers stopped, the aged Pod deleted; its finalizer goes, then "pod deleted". */
    private void race() throws IOException {
        String wf = "race-" + racePods.size() + "-" + Integer.toString(random.nextInt(36 * 36 * 36), 36);
        racePods.add(NS + "/" + wf);
        rootPod(wf);
        emit("INFO", "Current Worker Numbers", "workflowWorkers", "0", "podCleanup", "4", "workflowTtlWorkers", "4",
                "cronWorkflowWorkers", "8", "workflowArchive", "8");
        podEvent("add", wf);
        release(wf, -84_257_168_224L);
        podEvent("delete", wf);
        for (int i = 0; i < 50; i++) {
            noise();
        }
        operator(wf, "Processing workflow", "phase", "Running", "resourceVersion", rv());
        operator(wf, "Workflow pod is missing", "nodeName", wf, "nodePhase", "Running", "recentlyStarted", "false");
        emitOperator(wf, "ERROR", format == Format.LOGRUS_TEXT ? "Mark error node" : "marking node as error", "nodeName", wf, "error",
                "pod deleted");
        nodePhase(wf, wf, "Running", "Error");
        operator(wf, "Workflow update successful", "phase", "Error", "resourceVersion", rv());
    }

    /** The same delete of an aged Pod, after the node was persisted: no defect. */
    private void control() throws IOException {
        String wf = "ctrl-" + controlPods.size() + "-" + Integer.toString(random.nextInt(36 * 36 * 36), 36);
        controlPods.add(NS + "/" + wf);
        rootPod(wf);
        operator(wf, "Processing workflow", "phase", "Running", "resourceVersion", rv());
        operator(wf, "Workflow update successful", "phase", "Succeeded", "resourceVersion", rv());
        queued(wf, "labelPodCompleted");
        podEvent("add", wf);
        release(wf, -86_419_550_813L);
        podEvent("delete", wf);
    }

    private void rootPod(String wf) throws IOException {
        operator(wf, "Processing workflow", "phase", "", "resourceVersion", rv());
        nodeInitialized(wf, wf);
        createdPod(wf, wf, wf, wf);
        operator(wf, "Workflow update successful", "phase", "Running", "resourceVersion", rv());
    }

    private void release(String pod, long delayNanos) throws IOException {
        emit("INFO", "Removing finalizers during a delete", "component", "pod_controller", "pod.Finalizers", "[workflows.argoproj.io/status]");
        String delay = format == Format.SLOG_JSON ? Long.toString(delayNanos) : GoDuration.format(delayNanos);
        if (format == Format.LOGRUS_TEXT) {
            emit("INFO", "queuing poddelay" + delay, "action", "removeFinalizer", "namespace", NS, "podGC", "{ <nil> }", "podName", pod);
        } else {
            emit("INFO", "queuing pod delay", "component", "pod_controller", "action", "removeFinalizer", "namespace", NS, "podName", pod,
                    "podGC", "{Strategy: LabelSelector:<nil> DeleteDelayDuration:}", "delay", delay);
        }
        queued(pod, "removeFinalizer");
        cleanup(pod, "removeFinalizer");
    }

    // ---- lines -----------------------------------------------------------------------------------

    private void operator(String wf, String msg, String... kv) throws IOException {
        emitOperator(wf, "INFO", msg, kv);
    }

    private void emitOperator(String wf, String level, String msg, String... kv) throws IOException {
        String[] all = new String[kv.length + 6];
        all[0] = "component";
        all[1] = "workflow_worker";
        all[2] = "workflow";
        all[3] = wf;
        all[4] = "namespace";
        all[5] = NS;
        System.arraycopy(kv, 0, all, 6, kv.length);
        emit(level, msg, all);
    }

    private void nodeInitialized(String wf, String nodeId) throws IOException {
        if (format == Format.LOGRUS_TEXT) {
            emitOperator(wf, "INFO", "Pod node " + nodeId + " initialized Pending");
        } else {
            operator(wf, "node initialized", "node", nodeId, "phase", "Pending", "message", "");
        }
    }

    private void createdPod(String wf, String node, String nodeId, String pod) throws IOException {
        if (format == Format.LOGRUS_TEXT) {
            emitOperator(wf, "INFO", "Created pod: " + node + " (" + pod + ")");
        } else {
            operator(wf, "Created pod", "nodeName", node, "nodeID", nodeId, "podName", pod);
        }
    }

    private void nodePhase(String wf, String nodeId, String from, String to) throws IOException {
        if (format == Format.LOGRUS_TEXT) {
            emitOperator(wf, "INFO", "node " + nodeId + " phase " + from + " -> " + to);
        } else {
            operator(wf, "node phase changed", "node", nodeId, "fromPhase", from, "toPhase", to);
        }
    }

    private void podEvent(String action, String pod) throws IOException {
        emit("INFO", action + " pod event", "component", "pod_controller", "pod", pod);
    }

    private void queued(String pod, String action) throws IOException {
        emit("INFO", "queueing pod for cleanup", "component", "pod_controller", "namespace", NS, "podName", pod, "action", action);
    }

    private void cleanup(String pod, String action) throws IOException {
        if (action.equals("labelPodCompleted")) {
            queued(pod, action);
        }
        emit("INFO", "cleaning up pod", "component", "pod_controller", "key", NS + "/" + pod + "/" + action, "action", action, "namespace", NS,
                "podName", pod);
    }

    private void noise() throws IOException {
        switch (random.nextInt(6)) {
            case 0 -> emit("INFO", "Waited for K8S request", "latency", (random.nextInt(900) + 100) + "ms", "verb", "GET", "url",
                    "https://10.96.0.1:443/apis/argoproj.io/v1alpha1/namespaces/" + NS + "/workflows");
            case 1 -> emit("INFO", "TaskSet Reconciliation", "namespace", NS);
            case 2 -> klog("request.go:697] Waited for " + (random.nextInt(900) + 100) + ".1ms due to client-side throttling, not priority and fairness");
            case 3 -> emit("DEBUG", "insignificant pod change", "key", NS + "/pod-" + random.nextInt(100_000));
            default -> emit("INFO", "healthz", "status", "ok");
        }
    }

    private String rv() {
        return Integer.toString(900_000 + (int) (lines % 9_000_000));
    }

    private void klog(String rest) throws IOException {
        tick();
        LocalDateTime t = LocalDateTime.ofInstant(Instant.ofEpochSecond(0, nanos), ZoneOffset.UTC);
        line(String.format(Locale.ROOT, "I%02d%02d %02d:%02d:%02d.%06d       1 %s", t.getMonthValue(), t.getDayOfMonth(), t.getHour(),
                t.getMinute(), t.getSecond(), t.getNano() / 1000, rest));
    }

    /** One record in the current format; keys and values as pairs. */
    private void emit(String level, String msg, String... kv) throws IOException {
        tick();
        line(format.line(Instant.ofEpochSecond(0, nanos), level, msg, kv));
    }

    private void tick() {
        nanos += 200_000 + random.nextInt(3_000_000);
    }

    private void line(String s) throws IOException {
        out.write(s);
        out.write('\n');
        lines++;
        bytes += s.length() + 1;
    }
}
