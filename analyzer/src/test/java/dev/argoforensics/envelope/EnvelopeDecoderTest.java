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

    @Test
    void aByteOrderMarkIsNoPartOfTheFirstRecord() {
        EnvelopeDecoder d = new EnvelopeDecoder();
        UnwrappedLine u = d.decode("\uFEFFtime=2026-09-19T16:31:11.257Z level=INFO msg=x", 1);
        assertEquals("time=2026-09-19T16:31:11.257Z level=INFO msg=x", u.record());
        assertEquals(EnvelopeKind.NONE, u.envelope());
    }

    @Test
    void piecesJoinedPastTheLimitAreCutAndSaySo() {
        EnvelopeDecoder d = new EnvelopeDecoder(50);
        String t = "2026-09-19T16:31:11.257190002Z stderr ";
        assertEquals(null, d.decode(t + "P " + "a".repeat(40), 1));
        assertEquals(null, d.decode(t + "P " + "b".repeat(40), 2));
        UnwrappedLine u = d.decode(t + "F " + "c".repeat(40), 3);
        assertEquals("a".repeat(40) + "b".repeat(10), u.record());
        assertEquals(1, u.firstLine());
        assertEquals(3, u.lastLine());
        assertEquals("expected a line of at most 50 characters once its pieces are joined, found 120: its first 50 were kept, the rest"
                + " dropped", d.cut());
        assertEquals("short", d.decode(t + "F short", 4).record());
        assertNull(d.cut(), "the next line is whole");
    }

    @Test
    void sternColoursAroundThePodAndContainerNamesAreTakenOff() {
        UnwrappedLine u = new EnvelopeDecoder().decode("\u001b[32mworkflow-controller-7d9f8b6c5d-q8w2n\u001b[0m \u001b[34mworkflow-controller\u001b[0m"
                + " time=2026-09-19T16:31:11.257Z level=INFO msg=x", 1);
        assertEquals(EnvelopeKind.STERN, u.envelope());
        assertEquals("workflow-controller-7d9f8b6c5d-q8w2n", u.origin());
        assertEquals("time=2026-09-19T16:31:11.257Z level=INFO msg=x", u.record());
    }

    /**
     * Session 41: stern's {@code --timestamps=short} puts {@code MM-dd HH:mm:ss} in its own clock's zone after the container. Before,
     * the whole was an unrecognised prefix: no replica named, and a {@code wait} container's record read as the controller's.
     */
    @Test
    void sternsShortTimestampsNameThePodAndContainerAndGiveNoTime() {
        String record = "time=\"2026-03-11T14:02:10.119Z\" level=info msg=\"Alloc=7597 TotalAlloc=14127 Sys=29797 NumGC=6 Goroutines=8\"";
        UnwrappedLine wait = new EnvelopeDecoder().decode("etl-k2m9p-extract-3120588431 wait 03-11 15:02:10 " + record, 1);
        assertEquals(EnvelopeKind.STERN, wait.envelope());
        assertEquals(record, wait.record());
        assertEquals("etl-k2m9p-extract-3120588431", wait.origin());
        assertEquals("wait", wait.container(), "whose line it is: kept apart from the controller's");
        assertNull(wait.envelopeTime(), "no year and no zone: the short time is not read as the collector's");
        // controls: not a month and day, a time without seconds
        assertNull(new EnvelopeDecoder().decode("etl-k2m9p-extract-3120588431 wait 13-11 15:02:10 " + record, 1).container());
        assertNull(new EnvelopeDecoder().decode("etl-k2m9p-extract-3120588431 wait 03-11 15:02 " + record, 1).container());
    }

    /**
     * Session 41: stern's line of a workflow Pod's {@code main} that holds no record (what the user's program prints) is that
     * container's, as behind {@code kubectl logs --prefix}; before, it was an unparsed line.
     */
    @Test
    void sternsLinesOfAWorkflowPodsMainThatHoldNoRecordAreMains() {
        UnwrappedLine plain = new EnvelopeDecoder().decode("etl-k2m9p-extract-3120588431 main 2026-03-11 14:02:10,119 INFO shard 12 of 40", 1);
        assertEquals(EnvelopeKind.STERN, plain.envelope());
        assertEquals("main", plain.container());
        assertEquals("etl-k2m9p-extract-3120588431", plain.origin());
        assertEquals("2026-03-11 14:02:10,119 INFO shard 12 of 40", plain.record());
        UnwrappedLine timed = new EnvelopeDecoder().decode("etl-k2m9p-extract-3120588431 main 2026-03-11T14:02:10.119412345Z shard 12", 1);
        assertEquals("shard 12", timed.record());
        assertEquals("2026-03-11T14:02:10.119412345Z", timed.envelopeTime().instant().toString());
        UnwrappedLine shortTimed = new EnvelopeDecoder().decode("etl-k2m9p-extract-3120588431 main 03-11 15:02:10 shard 12", 1);
        assertEquals("shard 12", shortTimed.record());
        assertNull(shortTimed.envelopeTime());
        // controls: prose whose second word is main, a container that is no workflow Pod's own
        assertNull(new EnvelopeDecoder().decode("the main container exited before the wait container", 1).container());
        assertNull(new EnvelopeDecoder().decode("etl-k2m9p-extract-3120588431 istio-proxy shard 12", 1).container());
    }
}
