package dev.argoforensics.correlate;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import org.junit.jupiter.api.Test;

/**
 * The words for a controller clock 7 h behind the objects': a zone's offset only where the controller's lines give no zone of
 * their own (logrus's literal Z, klog's none); slog states its offset (reference argo-controller-logs §3.5), so there the same
 * 7 h cannot be a zone and is said to be the clock.
 */
class ClockSkewTest {
    private static final long SEVEN_HOURS = 7L * 3600 * 1_000_000_000L - 140_000_000L;

    private static ClockSkew skew(String seenAt, boolean literalZ) {
        Timestamp t = Timestamp.parseRfc3339(seenAt, TimePrecision.MILLISECOND, literalZ);
        Known seen = new Known(t, "the controller handled the deletion", new SourceRef("c.log", 9), true, false);
        Known contradicts = new Known(Timestamp.parseRfc3339("2026-10-12T10:09:30Z", TimePrecision.SECOND, false),
                "an export shows no deletion", new SourceRef("pod.yaml", 1), false, false);
        return new ClockSkew(seen, contradicts, SEVEN_HOURS, "the controller's Created pod line against the Pod's creationTimestamp");
    }

    @Test
    void aLogrusLiteralZMayBeLocalTimeInAZone() {
        String words = skew("2026-10-12T03:10:00.512Z", true).offset();
        assertTrue(words.contains("(as local time in UTC-07:00 written with a literal Z would)"), words);
    }

    @Test
    void aKlogTimeWithoutAZoneMayBeLocalTimeReadAsUtc() {
        String words = skew("2026-10-12T03:10:00.512", false).offset();
        assertTrue(words.contains("(as local time in UTC-07:00 printed without a zone and read as UTC would)"), words);
        assertFalse(words.contains("literal Z"), words);
    }

    @Test
    void anSlogLineStatesItsOffsetSoNoZoneIsOffered() {
        for (String t : new String[] {"2026-10-12T03:10:00.512Z", "2026-10-12T04:10:00.512+01:00"}) {
            String words = skew(t, false).offset();
            assertFalse(words.contains("local time in UTC-07:00"), words);
            assertTrue(words.contains("(not a zone: its lines state their own offset, so the clock itself is off)"), words);
        }
    }

    @Test
    void anOffsetFarFromAQuarterHourIsNoZoneWhateverTheLine() {
        Timestamp t = Timestamp.parseRfc3339("2026-10-12T03:10:00.512Z", TimePrecision.MILLISECOND, true);
        ClockSkew drift = new ClockSkew(new Known(t, "seen", new SourceRef("c.log", 9), true, false),
                new Known(t, "shown", new SourceRef("pod.yaml", 1), false, false), 7L * 60 * 1_000_000_000L, "a pair");
        assertFalse(drift.offset().contains("("), drift.offset());
    }
}
