package dev.argoforensics.envelope;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class EnvelopeDecoderTest {
    private static final String RECORD = "time=2026-09-19T16:31:11.350Z level=INFO msg=\"cleaning up pod\" action=removeFinalizer";

    @Test
    void rawLinesPassThrough() {
        UnwrappedLine u = new EnvelopeDecoder().decode(RECORD, 7);
        assertEquals(RECORD, u.record());
        assertEquals(EnvelopeKind.NONE, u.envelope());
        assertNull(u.envelopeTime());
        assertEquals(7, u.firstLine());
    }

    @Test
    void kubectlTimestampsArePeeledAndKept() {
        UnwrappedLine u = new EnvelopeDecoder().decode("2026-09-19T16:31:11.350412345Z " + RECORD, 3);
        assertEquals(RECORD, u.record());
        assertEquals(EnvelopeKind.KUBECTL_TIMESTAMPS, u.envelope());
        assertEquals("2026-09-19T16:31:11.350412345Z", u.envelopeTime().format());
    }

    @Test
    void criPartialPiecesAreJoinedIntoOneRecord() {
        EnvelopeDecoder d = new EnvelopeDecoder();
        assertNull(d.decode("2026-09-19T16:31:11.350412345Z stderr P time=2026-09-19T16:31:11.350Z level=INFO ", 10));
        assertNull(d.decode("2026-09-19T16:31:11.350412346Z stderr P msg=\"cleaning up pod\"", 11));
        UnwrappedLine u = d.decode("2026-09-19T16:31:11.350412347Z stderr F  action=removeFinalizer", 12);
        assertEquals(RECORD, u.record());
        assertEquals(EnvelopeKind.CRI, u.envelope());
        assertEquals(10, u.firstLine());
        assertEquals(12, u.lastLine());
        assertEquals("2026-09-19T16:31:11.350412345Z", u.envelopeTime().format());
        assertNull(d.flush());
    }

    @Test
    void anUnfinishedCriLineIsReturnedAtTheEnd() {
        EnvelopeDecoder d = new EnvelopeDecoder();
        assertNull(d.decode("2026-09-19T16:31:11.350412345Z stdout P half a line", 1));
        assertEquals("half a line", d.flush().record());
    }

    @Test
    void aTimeInsideTheRecordIsNotAnEnvelope() {
        String klog = "I0919 10:00:00.123456       1 leaderelection.go:257] attempting to acquire leader lease";
        assertEquals(EnvelopeKind.NONE, new EnvelopeDecoder().decode(klog, 1).envelope());
        assertEquals(EnvelopeKind.NONE, new EnvelopeDecoder().decode("2026-09-19 10:00:00 not rfc3339", 1).envelope());
    }
}
