package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.correlate.RunClocks;
import dev.argoforensics.rules.Confidence;
import dev.argoforensics.rules.EvidenceLine;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.Severity;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.wording.Message;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A finding reading the lines of a run whose clock is a zone off the objects' says so, and is not confirmed on an order the offset flips. */
class ClockCaveatsTest {
    private static final String RUN = "workflow-controller.log";

    /** A run 5h30m ahead of the objects (two pairs agreeing). */
    private static List<ClockCaveats.Zoned> ahead() {
        RunClocks c = new Evidence().log(RUN,
                "time=\"2026-09-14T14:31:00.120Z\" level=info msg=\"Created pod: t-8fq2n[0].a (t-8fq2n-a-1)\" namespace=gis workflow=t-8fq2n",
                "time=\"2026-09-14T14:31:00.150Z\" level=info msg=\"Created pod: t-8fq2n[0].b (t-8fq2n-b-2)\" namespace=gis workflow=t-8fq2n")
                .pod("a.yaml", pod("t-8fq2n-a-1", "1")).pod("b.yaml", pod("t-8fq2n-b-2", "2")).correlate().clocks();
        return List.of(new ClockCaveats.Zoned(RUN, Set.of(RUN), c.of(0)));
    }

    private static String pod(String name, String n) {
        return "apiVersion: v1\nkind: Pod\nmetadata:\n  name: " + name + "\n  namespace: gis\n  uid: 0000000" + n
                + "-aaaa-4bbb-8ccc-dddddddddddd\n  creationTimestamp: \"2026-09-14T09:01:00Z\"\nstatus:\n  phase: Running\n";
    }

    private static Finding finding(Confidence confidence, EvidenceLine... evidence) {
        return new Finding("AF007", "t", Severity.MEDIUM, confidence, Message.literal("r"), new PodKey("gis", "t-8fq2n-a-1"), "", null, null,
                Message.literal("a"), Message.literal("b"), List.of(), List.of(evidence));
    }

    private static EvidenceLine line(String at) {
        return new EvidenceLine(new SourceRef(RUN, 1), Timestamp.parseRfc3339(at, null, true), "r", "t", RUN);
    }

    private static EvidenceLine audit(String at) {
        return new EvidenceLine(new SourceRef("audit.log", 1), Timestamp.parseRfc3339(at, null, false), "r", "t", null);
    }

    @Test
    void aConfirmedOrderTheOffsetFlipsIsLoweredAndSaid() {
        // The line says 14:40:10 (09:10:10 UTC), the audit record 09:10:12: as written the line is 5h30m later; on one clock, 2 s earlier.
        Finding f = ClockCaveats.withCaveat(finding(Confidence.CONFIRMED, line("2026-09-14T14:40:10.000Z"), audit("2026-09-14T09:10:12Z")),
                ahead(), x -> true);
        assertEquals(Confidence.LIKELY, f.confidence());
        assertTrue(f.confidenceReason().contains("run about 5h30m") && f.confidenceReason().contains("--log-tz=+05:30"), f.confidenceReason());
        assertTrue(f.confidenceReason().contains("not confirmed"), f.confidenceReason());
    }

    @Test
    void anOrderTheOffsetKeepsKeepsItsConfidenceButIsSaid() {
        // As written the audit record is 6h30m earlier than the line, on one clock 1h earlier: the same order.
        Finding f = ClockCaveats.withCaveat(finding(Confidence.CONFIRMED, line("2026-09-14T14:40:10.000Z"), audit("2026-09-14T08:10:12Z")),
                ahead(), x -> true);
        assertEquals(Confidence.CONFIRMED, f.confidence());
        assertTrue(f.confidenceReason().contains("--log-tz=+05:30"), f.confidenceReason());
    }

    @Test
    void anotherRunOfTheSameLabelInAnotherFolderIsNotThatRun() {
        // Files of one name in two folders give runs of one label: only the zoned run's own file is its lines.
        EvidenceLine elsewhere = new EvidenceLine(new SourceRef("other/" + RUN, 1), Timestamp.parseRfc3339("2026-09-14T09:10:10.000Z", null, true),
                "r", "t", RUN);
        Finding in = finding(Confidence.CONFIRMED, elsewhere, audit("2026-09-14T09:10:12Z"));
        assertSame(in, ClockCaveats.withCaveat(in, ahead(), x -> true));
    }

    @Test
    void aFindingOnTheRunsLinesAloneWithoutObjectsIsLeftAlone() {
        Finding in = finding(Confidence.LIKELY, line("2026-09-14T14:40:10.000Z"));
        assertSame(in, ClockCaveats.withCaveat(in, ahead(), x -> false));
    }
}
