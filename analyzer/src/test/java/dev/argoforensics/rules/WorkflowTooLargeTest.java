package dev.argoforensics.rules;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** AF013 on real-shaped v4 slog JSON and v3 logrus lines read by the whole analysis. */
class WorkflowTooLargeTest {
    private static final String WF = "fan-out-7rj2m";
    private static final String TOO_LARGE = "workflow is longer than maximum allowed size. compressed size 1287345 > maxSize 1048576"
            + "Tried to offload but encountered error: offload node status is not supported";

    @TempDir
    Path dir;

    private final List<String> lines = new ArrayList<>();
    private String export;

    private RuleOutcome run() throws IOException {
        Files.createDirectories(dir.resolve("logs"));
        Files.write(dir.resolve("logs/controller.json.log"), lines);
        List<String> inputs = new ArrayList<>(List.of(dir.resolve("logs").toString()));
        if (export != null) {
            Files.createDirectories(dir.resolve("snapshots"));
            Files.writeString(dir.resolve("snapshots/wf.yaml"), export);
            inputs.add(dir.resolve("snapshots").toString());
        }
        return Analysis.standard(AnalysisOptions.defaults()).run(inputs).outcomes().stream().filter(o -> o.rule().equals("AF013"))
                .findFirst().orElseThrow();
    }

    private WorkflowTooLargeTest json(String time, String level, String msg, String attrs) {
        lines.add("{\"time\":\"2026-09-19T" + time + "Z\",\"level\":\"" + level + "\",\"msg\":\"" + msg
                + "\",\"component\":\"workflow_worker\",\"workflow\":\"" + WF + "\",\"namespace\":\"argo\"" + (attrs.isEmpty() ? "" : "," + attrs) + "}");
        return this;
    }

    private WorkflowTooLargeTest persisted(String time, long size, String rv, String phase) {
        json(time, "INFO", "Workflow to be dehydrated", "\"Workflow Size\":" + size);
        return json(time.substring(0, 9) + "9", "INFO", "Workflow update successful", "\"resourceVersion\":\"" + rv + "\",\"phase\":\"" + phase + "\"");
    }

    @Test
    void overTheLimitAndNotOffloadedThenWrittenAsErrorIsConfirmed() throws IOException {
        persisted("10:00:01.100", 612_004, "71", "Running");
        json("10:04:12.300", "INFO", "Workflow to be dehydrated", "\"Workflow Size\":13020554");
        json("10:04:12.305", "WARN", "Failed to dehydrate", "\"error\":\"" + TOO_LARGE + "\"");
        json("10:04:12.390", "INFO", "Workflow update successful", "\"resourceVersion\":\"90\",\"phase\":\"Error\"");
        Finding f = run().findings().get(0);
        assertEquals(Confidence.CONFIRMED, f.confidence());
        assertNull(f.pod());
        assertEquals("argo/" + WF, f.workflow().toString());
        assertEquals("1287345", f.fact("compressedSize").orElseThrow().value());
        assertEquals("1048576", f.fact("maxSize").orElseThrow().value());
        assertEquals(13_020_554L, f.fact("largestSizeLogged").orElseThrow().value());
        assertEquals("the controller wrote it as Error at 2026-09-19T10:04:12.390000000Z", f.fact("outcome").orElseThrow().value());
        assertTrue(f.summary().contains("compressed 1287345 bytes > 1048576"), f.summary());
    }

    @Test
    void etcdRefusingTheUpdateAndTheErrorIsConfirmedAndSaysTheWorkflowIsLeftAsItWas() throws IOException {
        lines.add("time=\"2026-09-19T10:04:12.318Z\" level=warning msg=\"Error updating workflow: etcdserver: request is too large \" namespace=argo workflow=" + WF);
        lines.add("time=\"2026-09-19T10:04:12.390Z\" level=warning msg=\"Error updating workflow with size error: etcdserver: request is too large\""
                + " namespace=argo workflow=" + WF);
        Finding f = run().findings().get(0);
        assertEquals(Confidence.CONFIRMED, f.confidence());
        assertEquals("etcdserver: request is too large", f.fact("failure").orElseThrow().value());
        assertTrue(((String) f.fact("outcome").orElseThrow().value()).startsWith("writing it as Error failed too"), f.facts().toString());
    }

    @Test
    void anEtcdRefusalWithoutAFailedErrorWriteSaysTheErrorWasWrittenByInference() throws IOException {
        json("10:04:12.318", "WARN", "Error updating workflow", "\"error\":\"etcdserver: request is too large\",\"reason\":\"\"");
        Finding f = run().findings().get(0);
        assertTrue(((String) f.fact("outcome").orElseThrow().value()).contains("inferred"), f.facts().toString());
    }

    @Test
    void aHydrationFailureOfAWorkflowLoggedOverTheLimitIsLikely() throws IOException {
        persisted("10:02:01.100", 3_120_877, "80", "Running"); // over 1 MiB: compressed, and offloaded if still too large
        json("10:09:40.118", "ERROR", "hydration failed", "\"error\":\"unable to get offloaded nodes: connection refused\"");
        Finding f = run().findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence());
        assertNull(f.fact("compressedSize").orElseThrow().value());
    }

    private WorkflowTooLargeTest processing(String time, String phase, String rv) {
        return json(time, "INFO", "Processing workflow", "\"phase\":\"" + phase + "\",\"resourceVersion\":\"" + rv + "\"");
    }

    @Test
    void aSizeLoggedForAnEarlierWorkflowOfTheNameDoesNotMakeANamesakesHydrationFailureLikely() throws IOException {
        // Session 40 breaker: a Workflow of the name grew over 1 MiB and completed; it was deleted and resubmitted under the
        // name (a controller with ALWAYS_OFFLOAD_NODE_STATUS=true), and the new one's nodes could not be loaded. Its own sizes
        // are small: the old one's 2.3 MB made the failure "likely" too large.
        processing("09:00:00.100", "", "71");
        persisted("09:00:00.150", 5_120, "72", "Running");
        processing("09:30:00.100", "Running", "130");
        persisted("09:30:01.150", 2_310_455, "131", "Succeeded");
        processing("10:00:00.100", "", "400");
        persisted("10:00:00.150", 4_870, "401", "Running");
        processing("10:05:00.100", "Running", "410");
        json("10:05:00.118", "ERROR", "hydration failed", "\"error\":\"unable to get offloaded nodes: connection refused\"");
        Finding f = run().findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("resubmitted under the name"), f.confidenceReason());
        assertEquals(4_870L, f.fact("largestSizeLogged").orElseThrow().value());
    }

    @Test
    void aStaleCopyNotYetStartedIsTheSameWorkflowAndKeepsItsSizes() throws IOException {
        // Control: a copy not yet started at an older resourceVersion is a stale copy of the same object, not a new one.
        processing("09:00:00.100", "", "71");
        persisted("09:00:00.150", 5_120, "72", "Running");
        processing("09:30:00.100", "Running", "130");
        persisted("09:30:01.150", 2_310_455, "131", "Running");
        processing("09:31:00.100", "", "71");
        processing("09:35:00.100", "Running", "140");
        json("09:35:00.118", "ERROR", "hydration failed", "\"error\":\"unable to get offloaded nodes: connection refused\"");
        Finding f = run().findings().get(0);
        assertEquals(Confidence.LIKELY, f.confidence(), f.confidenceReason());
    }

    @Test
    void aHydrationFailureOfASmallWorkflowIsOnlyPossible() throws IOException {
        // ALWAYS_OFFLOAD_NODE_STATUS=true offloads every Workflow's nodes whatever their size; the database then goes away.
        persisted("10:00:01.100", 5_812, "71", "Running");
        persisted("10:02:01.100", 9_340, "80", "Running");
        json("10:09:40.118", "ERROR", "hydration failed", "\"error\":\"unable to get offloaded nodes: connection refused\"");
        Finding f = run().findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("ALWAYS_OFFLOAD_NODE_STATUS"), f.confidenceReason());
    }

    @Test
    void aWorkflowOffloadedWhileUnderTheMaximumDoesNotMakeItsHydrationFailureLikelyOnceItGrewOverIt() throws IOException {
        // Session 44 breaker: ALWAYS_OFFLOAD_NODE_STATUS=true, the Workflow loaded from the database at 38 KB (offloaded though far under
        // the maximum: not for size), grows to 1.18 MB and the database refuses connections. Over the maximum the controller
        // compresses first and offloads only if still over it, so the size says nothing of why the nodes were offloaded: it was likely.
        processing("14:01:00.010", "", "7711201");
        persisted("14:01:00.090", 38_211, "7711230", "Running");
        processing("14:01:10.010", "Running", "7711230");
        json("14:01:10.022", "INFO", "Workflow hydrated", "\"Workflow Size\":38211");
        persisted("14:01:10.090", 212_874, "7711302", "Running");
        processing("14:05:10.010", "Running", "7713002");
        json("14:05:10.031", "INFO", "Workflow hydrated", "\"Workflow Size\":212874");
        persisted("14:05:10.190", 1_181_544, "7713080", "Running");
        processing("14:05:20.010", "Running", "7713080");
        json("14:05:23.118", "ERROR", "hydration failed", "\"error\":\"dial tcp 10.0.31.7:5432: connect: connection refused\"");
        Finding f = run().findings().get(0);
        assertEquals(Confidence.POSSIBLE, f.confidence(), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("offloaded at 38211 bytes"), f.confidenceReason());
        assertTrue(f.evidence().stream().anyMatch(e -> e.role().contains("under the default maximum")), f.evidence().toString());
    }

    @Test
    void aWorkflowLoadedOnlyOverTheMaximumKeepsItsHydrationFailureLikely() throws IOException {
        // Control: every load of its offloaded nodes was over the maximum (offloaded for size, as far as the lines show).
        persisted("10:02:01.100", 3_120_877, "80", "Running");
        processing("10:02:11.010", "Running", "80");
        json("10:02:11.022", "INFO", "Workflow hydrated", "\"Workflow Size\":3120877");
        json("10:09:40.118", "ERROR", "hydration failed", "\"error\":\"unable to get offloaded nodes: connection refused\"");
        assertEquals(Confidence.LIKELY, run().findings().get(0).confidence());
    }

    @Test
    void aHydrationFailureWithNoSizeLoggedIsOnlyPossible() throws IOException {
        json("10:09:40.118", "ERROR", "hydration failed", "\"error\":\"unable to get offloaded nodes: connection refused\"");
        assertEquals(Confidence.POSSIBLE, run().findings().get(0).confidence());
    }

    @Test
    void sizesLoggedWithoutAFailureAreNoFindingWhateverTheSize() throws IOException {
        persisted("10:00:01.100", 6_409, "71", "Running");
        persisted("10:02:01.100", 3_120_877, "80", "Running"); // over 1 MiB: compressed, stored
        json("10:03:00.100", "INFO", "Workflow hydrated", "\"Workflow Size\":3120877");
        RuleOutcome o = run();
        assertTrue(o.evaluated());
        assertTrue(o.findings().isEmpty(), o.findings().toString());
    }

    @Test
    void aConflictIsNoSizeError() throws IOException {
        json("10:04:12.318", "WARN", "Error updating workflow", "\"error\":\"Operation cannot be fulfilled on workflows.argoproj.io \\\"" + WF
                + "\\\": the object has been modified; please apply your changes to the latest version and try again\",\"reason\":\"Conflict\"");
        assertTrue(run().findings().isEmpty());
    }

    @Test
    void aDehydrateFailureThatStatesNoSizeIsNotReportedAsTooLarge() throws IOException {
        json("10:04:12.305", "WARN", "Failed to dehydrate", "\"error\":\"Tried to offload but encountered error: dial tcp 10.0.0.5:5432: connect: connection refused\"");
        assertTrue(run().findings().isEmpty());
    }

    @Test
    void anExportWhoseNodesWereOffloadedIsCitedAsNodesUnknownNotAbsent() throws IOException {
        json("10:04:12.305", "WARN", "Failed to dehydrate", "\"error\":\"" + TOO_LARGE + "\"");
        export = "apiVersion: argoproj.io/v1alpha1\nkind: Workflow\nmetadata: {name: " + WF + ", namespace: argo, uid: 5b1f}\n"
                + "status:\n  phase: Error\n  message: too large\n  offloadNodeStatusVersion: fnv:784412301\n";
        Finding f = run().findings().get(0);
        assertEquals("its export shows it Error", f.fact("outcome").orElseThrow().value());
        EvidenceLine cited = f.evidence().stream().filter(e -> e.role().equals("exported Workflow")).findFirst().orElseThrow();
        assertTrue(cited.text().contains("no status.nodes (compressed or offloaded: the nodes are unknown, not absent)"), cited.text());
    }
}
