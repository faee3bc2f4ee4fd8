package dev.argoforensics.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.line.LineParse;
import dev.argoforensics.line.LogRecord;
import dev.argoforensics.line.RecordParser;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReleaseRangeTest {

    @Test
    void readsTheCatalogsReleaseNotation() {
        assertEquals("v3.4.0 or later", ReleaseRange.parse("v3.4+").toString());
        assertEquals("v4.x", ReleaseRange.parse("v4").toString());
        assertEquals("v3.6.5 to v3.7.18", ReleaseRange.parse("v3.6.5-v3.7.18").toString());
        assertEquals("v3.4.0 to v3.7.x", ReleaseRange.parse("v3.4-v3.7").toString());
        assertEquals("v4.0.0 or later", ReleaseRange.parse("v4.0.0-rc2+").toString());
        assertEquals("any release", ReleaseRange.parse("all (client-go)").toString());
        assertEquals("v3.4.0 or later", ReleaseRange.parse("v3.4+ (Info to v3.6, Debug from v3.7)").toString());
    }

    /** What toString prints reads back (a run's release from its lines' shapes is printed so; AF016 reads it, session 31). */
    @Test
    void readsBackWhatItPrints() {
        for (String printed : List.of("v3.5.5 to v3.5.11", "v3.6.5 or later", "v3.5.4 or earlier", "v3.7.x", "v4.x", "v3.4.0 to v3.7.x",
                "v3.5.4", "any release")) {
            assertEquals(printed, ReleaseRange.parse(printed).toString(), printed);
            assertEquals(printed, ReleaseRange.parse(printed + " (pod-reconciliation-incomplete; some lines point elsewhere)").toString());
        }
        assertTrue(ReleaseRange.parse("v3.5.5 to v3.5.11").intersect(ReleaseRange.parse("v3.4.0-v3.5.4")).isEmpty());
        assertTrue(!ReleaseRange.parse("v3.4.13 to v3.5.11").intersect(ReleaseRange.parse("v3.4.0-v3.5.4")).isEmpty());
        assertEquals(ReleaseRange.parse("v3.7"), ReleaseRange.parse("v3.7.x"));
    }

    @Test
    void intersects() {
        ReleaseRange r = ReleaseRange.parse("v3.6.5+").intersect(ReleaseRange.parse("v3.5.6-v3.7"));
        assertEquals("v3.6.5 to v3.7.x", r.toString());
        assertTrue(ReleaseRange.parse("v4").intersect(ReleaseRange.parse("v3.6.5-v3.7.18")).isEmpty());
    }

    private static ReleaseEvidence evidence(String... lines) {
        MessageCatalog catalog = MessageCatalog.standard();
        RecordParser parser = new RecordParser();
        ReleaseEvidence e = ReleaseEvidence.NONE;
        for (String l : lines) {
            LogRecord r = ((LineParse.Parsed) parser.parse(l, 2026)).record();
            e = e.and(catalog.releases(r, catalog.match(r).orElse(null)));
        }
        return e;
    }

    @Test
    void v37LinesNarrowToTheQueuingPoddelayReleases() {
        ReleaseEvidence e = evidence(
                "time=\"2026-09-19T10:01:30.002Z\" level=info msg=\"queuing poddelay-1m24.257168224s\" action=removeFinalizer namespace=argo podGC=\"{ <nil> }\" podName=p",
                "time=\"2026-09-19T10:01:30.201Z\" level=error msg=\"Mark error node\" error=\"pod deleted\" namespace=argo nodeName=p workflow=w",
                "time=\"2026-09-19T10:00:01.500Z\" level=debug msg=\"node changed\" namespace=argo new.phase=Succeeded nodeID=w old.phase=Running workflow=w");
        assertEquals("v3.7.0 to v3.7.18 (queuing-poddelay-v3, node-changed-at-debug)", e.describe());
        assertTrue(!e.conflicting());
    }

    @Test
    void workerNumbersKeysTellV35Patches() {
        assertEquals("v3.5.12 to v3.5.15 (worker-numbers-without-archive)", evidence(
                "time=\"2026-09-19T10:00:00.000Z\" level=info msg=\"Current Worker Numbers\" cronWorkflowWorkers=8 podCleanup=4 workflowTtlWorkers=4 workflowWorkers=32")
                .describe());
    }

    @Test
    void slogLinesAndAPrintedVersion() {
        assertEquals("v4.0.0 or later (slog)", evidence(
                "time=2026-09-19T10:00:01.040Z level=INFO msg=\"add pod event\" component=pod_controller pod=p").describe());
        assertEquals("v4.1.3 (Starting Workflow Controller version=v4.1.3)", evidence(
                "time=2026-09-19T16:26:58.012Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3 instanceID=x").describe());
    }

    @Test
    void linesOfTwoReleaseLinesConflict() {
        ReleaseEvidence e = evidence(
                "time=\"2026-09-19T10:01:30.002Z\" level=info msg=\"queuing poddelay-1m\" action=removeFinalizer namespace=argo podName=p",
                "time=2026-09-19T10:01:30.002Z level=INFO msg=\"queuing pod delay\" action=removeFinalizer namespace=argo podName=p delay=-1m0s");
        assertTrue(e.conflicting());
        assertTrue(e.describe().endsWith("; some lines point elsewhere)"), e.describe());
    }

    /**
     * v2.12's lines: most of them are entries read from v3.4 on ({@code v3.4+}, {@code v3.4-v3.7}: where the catalog's reading began,
     * not where the message began), and v2.12's {@code Pod failed} says the release. Before session 38 the run read
     * "v3.4.0 to v3.7.x (…; some lines point elsewhere)", a printed {@code version=v2.12.13} dropped the same way.
     */
    @Test
    void linesOfAReleaseBeforeTheCatalogsFloorShowThatRelease() {
        String processing = "time=\"2021-03-16T09:41:37.102Z\" level=info msg=\"Processing workflow\" namespace=batch workflow=ingest-2m8kd";
        String phase = "time=\"2021-03-16T09:41:37.118Z\" level=info msg=\"Updated phase Running -> Failed\" namespace=batch workflow=ingest-2m8kd";
        String podFailed = "time=\"2021-03-16T09:41:37.110Z\" level=info msg=\"Pod failed\" displayName=ingest-2m8kd namespace=batch "
                + "pod=ingest-2m8kd templateName=ingest workflow=ingest-2m8kd";
        String banner = "time=\"2021-03-16T09:40:11.004Z\" level=info msg=\"Starting Workflow Controller\" version=v2.12.13";
        for (String[] lines : new String[][] {{processing, phase, podFailed}, {podFailed, processing, phase}, {processing, podFailed, phase}}) {
            ReleaseEvidence e = evidence(lines);
            assertEquals("v2.12.x (pod-failed-v2)", e.describe(), String.join("\n", lines));
            assertTrue(!e.conflicting());
            assertTrue(ReleaseRange.beforeFloor(ReleaseRange.parse("v2.12.x").toString()));
        }
        assertEquals("v2.12.13 (Starting Workflow Controller version=v2.12.13)", evidence(processing, banner, phase).describe());
        assertEquals("v2.12.13 (Starting Workflow Controller version=v2.12.13)", evidence(banner, processing, podFailed).describe());
        // control: the same v3 lines without a v2 line keep the catalog's range; a banner sharing nothing with slog lines is still said
        assertEquals("v3.4.0 to v3.7.x (processing-workflow, workflow-phase-updated-v3)", evidence(processing, phase).describe());
        ReleaseEvidence slogAndV2 = evidence("time=2026-09-19T10:00:01.040Z level=INFO msg=\"add pod event\" component=pod_controller pod=p",
                banner);
        assertEquals("v2.12.13 (Starting Workflow Controller version=v2.12.13; some lines point elsewhere)", slogAndV2.describe());
        assertTrue(!ReleaseRange.beforeFloor("v3.4.0 to v3.7.x") && !ReleaseRange.beforeFloor("v3.7.x or earlier"));
    }
}
