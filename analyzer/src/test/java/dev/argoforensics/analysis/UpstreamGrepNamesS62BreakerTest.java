package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.rules.Confidence;
import dev.argoforensics.testing.AnalyzedFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 62's breaker of {@code envelope/GrepFileName} (grep's file name before a container runtime's JSON line): real shapes of
 * {@code grep -r}/{@code grep -rn -C} over a node's container logs. What must hold: each line given to the process that wrote it,
 * no line dropped or swallowed, AF012 said for two replicas however the files are named, nothing said for one.
 */
class UpstreamGrepNamesS62BreakerTest {
    @TempDir
    Path dir;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ID1 = "a1b2c3d43c5e7f9b1d2e4f6a8b0c1d3e5f7a9b2c4d6e8f0a1b3c5d7e9f2a4b6c";
    private static final String ID2 = "1f0e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0";
    /** The two-controllers sample's replicas (v3.7.6, JSON logs, leader election off, both on one Workflow for four minutes). */
    private static final Path TWO = Path.of("samples/two-controllers/logs");
    private static final String PODS_A = "/var/log/pods/argo_workflow-controller-6d8f7c9b5-h4x2p_3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d/"
            + "workflow-controller/0.log";
    private static final String PODS_B = "/var/log/pods/argo_workflow-controller-6d8f7c9b5-q7m9z_7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d/"
            + "workflow-controller/0.log";

    private AnalysisResult run(String text) throws IOException {
        return AnalyzedFiles.pasted(dir, "grep.txt", text);
    }

    private static List<String> replica(String file) throws IOException {
        return Files.readAllLines(TWO.resolve(file));
    }

    /** A record as Docker's json-file driver stores it ({@code \n} ended unless {@code open}), its time the record's plus 418223 ns. */
    private static String docker(String record, boolean open) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"time\":\"([^\"]+)\"|time=\"([^\"]+)\"").matcher(record);
        String t = m.find() ? (m.group(1) != null ? m.group(1) : m.group(2)) : "2026-10-12T08:00:00Z";
        t = t.substring(0, t.length() - 1);
        String at = (t.contains(".") ? t : t + ".000") + "418223Z";
        ObjectNode o = JSON.createObjectNode().put("log", record + (open ? "" : "\n")).put("stream", "stderr").put("time", at);
        return o.toString();
    }

    private static String grep(String name, List<String> records) {
        StringBuilder b = new StringBuilder();
        for (String r : records) {
            b.append(name).append(':').append(docker(r, false)).append('\n');
        }
        return b.toString();
    }

    private static long af012(AnalysisResult r, Confidence c) {
        return r.outcomes().stream().filter(o -> o.rule().equals("AF012")).flatMap(o -> o.findings().stream())
                .filter(f -> f.confidence() == c).count();
    }

    private static String show(AnalysisResult r) {
        StringBuilder b = new StringBuilder();
        for (ControllerProcess p : r.correlation().processes()) {
            b.append("\n  run ").append(p.id()).append(' ').append(p.replica()).append(" #").append(p.incarnation()).append(' ')
                    .append(p.first()).append(" .. ").append(p.last()).append(" events=").append(p.events());
        }
        r.outcomes().forEach(o -> o.findings().forEach(f -> b.append("\n  ").append(o.rule()).append(' ').append(f.confidence())));
        InputSummary in = r.inputs().get(0);
        b.append("\n  events=").append(in.events()).append(" unparsed=").append(in.unparsed()).append(" other=").append(in.otherContainers())
                .append(" inPart=").append(in.readInPart()).append(' ').append(in.samples());
        return b.toString();
    }

    /**
     * Attack 1 (broke, fixed): {@code grep -r} over {@code /var/log/pods} on a dockershim node (the kubelet's {@code <n>.log} links to
     * Docker's json-file log) names each line's Pod and container as the {@code /var/log/containers} links do. Before the fix only a
     * link's name was read: two replicas with leader election off were one unnamed stream, cut into two successive runs, and AF012
     * said nothing (the same lines under /var/log/containers names: confirmed).
     */
    @Test
    void twoReplicasUnderTheKubeletsFoldersAreTwoControllersAtOnce() throws IOException {
        AnalysisResult r = run(grep(PODS_A, replica("workflow-controller-6d8f7c9b5-h4x2p.json.log"))
                + grep(PODS_B, replica("workflow-controller-6d8f7c9b5-q7m9z.json.log")));
        assertEquals(0, r.inputs().get(0).unparsed(), () -> show(r));
        assertEquals(1, af012(r, Confidence.CONFIRMED), () -> show(r));
        assertTrue(r.correlation().processes().stream().anyMatch(p -> p.replica().contains("h4x2p")), () -> show(r));
        assertTrue(r.correlation().processes().stream().anyMatch(p -> p.replica().contains("q7m9z")), () -> show(r));
    }

    /** Control (held): the same two replicas under their /var/log/containers links' names: AF012 confirmed, as from two files. */
    @Test
    void twoReplicasUnderContainerLinksAreTwoControllersAtOnce() throws IOException {
        AnalysisResult r = run(grep("/var/log/containers/workflow-controller-6d8f7c9b5-h4x2p_argo_workflow-controller-" + ID1 + ".log",
                replica("workflow-controller-6d8f7c9b5-h4x2p.json.log"))
                + grep("/var/log/containers/workflow-controller-6d8f7c9b5-q7m9z_argo_workflow-controller-" + ID2 + ".log",
                        replica("workflow-controller-6d8f7c9b5-q7m9z.json.log")));
        assertEquals(1, af012(r, Confidence.CONFIRMED), () -> show(r));
    }

    /**
     * Attack 2 (broke, fixed): the wait container's lines under its kubelet folder's name, the stats line among them (argoexec's
     * wait prints {@code Alloc=… TotalAlloc=…} every five minutes and at its exit, as the controller does): before the fix they were
     * the controller's, its run stretched from its last line (08:06:11.944) to the wait's stats line at 08:09:39.611.
     */
    @Test
    void theWaitContainersLinesUnderItsKubeletFolderAreNotTheControllers() throws IOException {
        String wait = "/var/log/pods/etl_batch-merge-k2x8d-extract-1893772101_9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d/wait/0.log";
        AnalysisResult r = run(grep(PODS_A, replica("workflow-controller-6d8f7c9b5-h4x2p.json.log")) + grep(wait, List.of(
                "time=\"2026-10-12T08:00:03.118Z\" level=info msg=\"Starting Workflow Executor\" version=v3.7.6",
                "time=\"2026-10-12T08:03:39.504Z\" level=info msg=\"Main container completed\" error=\"<nil>\"",
                "time=\"2026-10-12T08:03:39.611Z\" level=info msg=\"Alloc=7911 TotalAlloc=14002 Sys=24913 NumGC=4 Goroutines=9\"",
                "time=\"2026-10-12T08:09:39.611Z\" level=info msg=\"Alloc=7911 TotalAlloc=14002 Sys=24913 NumGC=4 Goroutines=9\"")));
        InputSummary in = r.inputs().get(0);
        assertEquals(Map.of("wait", 4L), in.otherContainers(), () -> show(r));
        assertEquals(1, r.correlation().processes().size(), () -> show(r));
        assertEquals("2026-10-12T08:06:11.944Z", r.correlation().processes().get(0).last().format(), () -> show(r));
    }

    private static final String WF = "batch-merge-k2x8d";
    private static final String DOCKER = "/var/lib/docker/containers/" + ID1 + "/" + ID1 + "-json.log";

    /** A record over 16 KiB: Docker stores its first 16 KiB as a piece whose log string has no {@code \n}. */
    private static String longHead() {
        return "time=\"2026-10-12T08:03:39Z\" level=info msg=\"Setting node " + WF + "-1893772101 outputs: {\\\"parameters\\\":[{\\\"name\\\":"
                + "\\\"rows\\\",\\\"value\\\":\\\"" + "7,".repeat(8150);
    }

    private static String processing(String at, String version) {
        return "time=\"2026-10-12T" + at + "Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=" + version
                + " namespace=etl workflow=" + WF;
    }

    private static final String UPDATED = "time=\"2026-10-12T08:03:40Z\" level=info msg=\"Workflow update successful\" namespace=etl"
            + " phase=Running resourceVersion=5120401 workflow=" + WF;

    /**
     * Attack 3 (broke, fixed): {@code grep -rn -C0 batch-merge-k2x8d} over the Docker folder: a long record's first piece (held open:
     * its log string has no {@code \n}) matched, its rest did not (line 120 is not printed), then grep's {@code --} and the next match,
     * {@code Workflow update successful} at line 131. Before the fix that record was joined to the piece and lost in it (the persist
     * dropped: 2 events, the joined line unparsed); a piece whose next line grep did not print ends there, cut short.
     */
    @Test
    void aPieceHeldOpenEndsWhereGrepSkipped() throws IOException {
        String[] shapes = {
            // grep -n with a group separator
            DOCKER + ":118:" + docker(processing("08:03:38", "5120390"), false) + "\n" + DOCKER + ":119:" + docker(longHead(), true)
                    + "\n--\n" + DOCKER + ":131:" + docker(UPDATED, false) + "\n" + DOCKER + ":132:" + docker(processing("08:03:41", "5120401"), false) + "\n",
            // grep -n without one (no context asked): the number skips
            DOCKER + ":118:" + docker(processing("08:03:38", "5120390"), false) + "\n" + DOCKER + ":119:" + docker(longHead(), true)
                    + "\n" + DOCKER + ":131:" + docker(UPDATED, false) + "\n" + DOCKER + ":132:" + docker(processing("08:03:41", "5120401"), false) + "\n",
            // grep without -n, the next line another file's (the newer container's after a restart)
            DOCKER + ":" + docker(processing("08:03:38", "5120390"), false) + "\n" + DOCKER + ":" + docker(longHead(), true)
                    + "\n" + DOCKER.replace(ID1, ID2) + ":" + docker(UPDATED, false) + "\n" + DOCKER.replace(ID1, ID2) + ":"
                    + docker(processing("08:03:41", "5120401"), false) + "\n"};
        for (String text : shapes) {
            AnalysisResult r = run(text);
            InputSummary in = r.inputs().get(0);
            assertEquals(0, in.unparsed(), () -> show(r));
            assertEquals(4, in.events(), () -> "both passes, the update and the long record's piece" + show(r));
            assertEquals(1, in.readInPart(), () -> "the piece, cut short" + show(r));
        }
    }

    /** Control (held): the long record's two pieces on consecutive lines of one file are one record, as before. */
    @Test
    void consecutivePiecesAreStillOneRecord() throws IOException {
        String tail = "7\\\"}]}\" namespace=etl workflow=" + WF;
        AnalysisResult r = run(DOCKER + ":119:" + docker(longHead(), true) + "\n" + DOCKER + ":120:" + docker(tail, false) + "\n"
                + DOCKER + ":131:" + docker(UPDATED, false) + "\n");
        InputSummary in = r.inputs().get(0);
        assertEquals(0, in.unparsed(), () -> show(r));
        assertEquals(0, in.readInPart(), () -> show(r));
        assertEquals(2, in.events(), () -> show(r));
    }

    /**
     * Attack 4 (broke, fixed): {@code grep -rn -C1} writes a context line as {@code name-117-…} (both separators {@code -}); only
     * {@code name:117-} (a shape grep does not write) was taken off, so each real context line was unparsed.
     */
    @Test
    void grepsContextLinesWithNumbersAreRead() throws IOException {
        AnalysisResult r = run(DOCKER + "-117-" + docker(processing("08:03:38", "5120390"), false) + "\n"
                + DOCKER + ":118:" + docker(UPDATED, false) + "\n"
                + DOCKER + "-119-" + docker(processing("08:03:41", "5120401"), false) + "\n");
        InputSummary in = r.inputs().get(0);
        assertEquals(0, in.unparsed(), () -> show(r));
        assertEquals(3, in.events(), () -> show(r));
    }

    /**
     * Attack 5 (held): one replica's Docker log as {@code grep -r} over its folder lists it, the live {@code -json.log} (newer) before
     * the rotated {@code -json.log.1}: one run, nothing said of two controllers.
     */
    @Test
    void oneReplicasRotatedFileListedAfterTheLiveOneIsOneRun() throws IOException {
        List<String> a = replica("workflow-controller-6d8f7c9b5-h4x2p.json.log");
        int k = a.size() / 2;
        for (boolean newerFirst : new boolean[] {true, false}) {
            String older = grep(DOCKER + ".1", a.subList(0, k));
            String newer = grep(DOCKER, a.subList(k, a.size()));
            AnalysisResult r = run(newerFirst ? newer + older : older + newer);
            assertEquals(1, r.correlation().processes().size(), () -> show(r));
            assertEquals(0, af012(r, Confidence.CONFIRMED) + af012(r, Confidence.LIKELY), () -> show(r));
        }
    }

    /**
     * Attack 6 (held): names ending in .log that are no runtime's envelope: prose naming a file before a record, and grep -H over the
     * controller's own JSON log files (its record is no Docker envelope): read as before, every record the controller's.
     */
    @Test
    void aControllersOwnJsonBehindAFileNameIsReadAsBefore() throws IOException {
        List<String> a = replica("workflow-controller-6d8f7c9b5-h4x2p.json.log");
        List<String> lines = new ArrayList<>();
        for (String l : a) {
            lines.add("workflow-controller.log:" + l);
        }
        AnalysisResult r = run(String.join("\n", lines) + "\nsee controller.log:" + a.get(5) + "\n");
        InputSummary in = r.inputs().get(0);
        assertEquals(0, in.unparsed(), () -> show(r));
        assertEquals(a.size() + 1, in.events(), () -> show(r));
        assertEquals(1, r.correlation().processes().size(), () -> show(r));
    }
}
