package dev.argoforensics.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * Session 53: argo get prints a running Workflow's {@code Duration:} from its {@code startedAt} to the printing client's now, in
 * words; the output was printed no earlier than Started plus that duration less its last unit and less what a user's clock may be
 * off (60 s). A finished Workflow's duration ends at its Finished, which the output states itself.
 */
class ArgoGetRunningDurationTest {
    private static Timestamp at(String t) {
        return new Timestamp(Instant.parse(t), TimePrecision.SECOND, ZoneBasis.STATED);
    }

    @Test
    void aRunningWorkflowsDurationPutsItsPrintingNoEarlierThanStartedPlusItLessItsUnitAndAClock() {
        Timestamp t = ArgoGetText.printedNoEarlier(at("2026-11-04T08:01:58Z"), null, "1 hour 10 minutes");
        assertEquals(Instant.parse("2026-11-04T09:09:58Z"), t.instant());
        assertEquals(Instant.parse("2026-11-05T08:00:58Z"), ArgoGetText.printedNoEarlier(at("2026-11-04T08:01:58Z"), null, "2 days").instant());
    }

    @Test
    void aFinishedWorkflowAWordlessDurationOrOneWithinItsUnitAndTheClockSayNothing() {
        assertNull(ArgoGetText.printedNoEarlier(at("2026-11-04T08:01:58Z"), at("2026-11-04T09:00:00Z"), "58 minutes 2 seconds"));
        assertNull(ArgoGetText.printedNoEarlier(at("2026-11-04T08:01:58Z"), null, "1h10m"));
        assertNull(ArgoGetText.printedNoEarlier(at("2026-11-04T08:01:58Z"), null, "30 seconds"));
        assertNull(ArgoGetText.printedNoEarlier(at("2026-11-04T08:01:58Z"), null, "1 minute"));
        assertNull(ArgoGetText.printedNoEarlier(null, null, "1 hour 10 minutes"));
    }
}
