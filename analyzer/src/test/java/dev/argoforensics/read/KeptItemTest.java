package dev.argoforensics.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.catalog.ReleaseEvidence;
import dev.argoforensics.envelope.EnvelopeKind;
import dev.argoforensics.envelope.UnwrappedLine;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.TextBlock;
import dev.argoforensics.line.Level;
import dev.argoforensics.line.RecordFormat;
import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A kept line waits for the assembler held compactly ({@link ChunkItem.Kept}: times as nanoseconds and codes, kinds in
 * bits, what few lines have aside): everything it was made from must come back as it was given, for every precision
 * and zone basis, times of day, times before the epoch and times no long of nanoseconds holds, lines spanning more
 * than an int, every envelope, format and level (and none), prefixes, containers, cut lines, redacted names, packed
 * texts; and two items are equal exactly when what they were made from is.
 */
class KeptItemTest {
    private static final ControllerEvent EVENT = new ControllerEvent.Unrecognized("m");

    private static List<Timestamp> times() {
        List<Timestamp> out = new ArrayList<>();
        long[] seconds = {0L, 1L, -1L, 1_789_800_000L, -5_000_000_000L, 253_402_300_799L /* 9999-12-31 */,
            -62_135_596_800L /* 0001-01-01 */, 9_223_372_035L, 9_223_372_036L, -9_223_372_036L, -9_223_372_037L};
        int[] nanos = {0, 1, 999_999_999, 257_000_000};
        for (TimePrecision p : TimePrecision.values()) {
            for (ZoneBasis z : ZoneBasis.values()) {
                if (z == ZoneBasis.TIME_OF_DAY) {
                    continue;
                }
                for (long s : seconds) {
                    for (int n : nanos) {
                        out.add(Timestamp.of(s, n, p, z));
                    }
                }
            }
            for (int day : new int[] {0, 1, 400_000}) {
                out.add(Timestamp.timeOfDay(16, 31, 11, 257_000_000, p, day));
                out.add(Timestamp.timeOfDay(23, 59, 59, 999_999_999, p, day));
            }
        }
        return out;
    }

    private static UnwrappedLine line(String record, long first, long last, EnvelopeKind envelope, Timestamp envelopeTime, String origin,
                                      String prefix, String container, boolean cut) {
        return new UnwrappedLine(record, first, last, envelope, envelopeTime, origin, prefix, container, cut);
    }

    /** Every component of the item against what it was made from. */
    private static void assertHolds(UnwrappedLine u, Timestamp time, RecordFormat format, Level level, String id, String cut,
                                    boolean namesNothing, String redacted, ChunkItem.PackedText text, ChunkItem.Kept k) {
        String where = u + " " + time;
        UnwrappedLine expected = text == null ? u : u.withoutRecord();
        assertEquals(expected, k.line(), where);
        assertEquals(u.firstLine(), k.firstLine(), where);
        assertEquals(u.lastLine(), k.lastLine(), where);
        assertEquals(u.firstLine(), ChunkItem.firstLine(k), where);
        assertEquals(u.lastLine(), ChunkItem.lastLine(k), where);
        assertEquals(u.envelope(), k.envelope(), where);
        assertEquals(u.envelopeTime(), k.envelopeTime(), where);
        assertEquals(u.origin(), k.origin(), where);
        assertEquals(time, k.time(), where);
        assertEquals(format, k.format(), where);
        assertEquals(level, k.level(), where);
        assertEquals(id, k.catalogId(), where);
        assertSame(EVENT, k.event(), where);
        assertSame(ReleaseEvidence.NONE, k.releases(), where);
        assertEquals(cut, k.cut(), where);
        assertEquals(namesNothing, k.namesNothing(), where);
        assertEquals(redacted, k.redacted(), where);
        assertNull(k.parsed(), where);
        assertEquals(text, k.text(), where);
        assertEquals(u.record(), k.recordText(), where);
    }

    @Test
    void everyTimeAndEnvelopeTimeComeBackAsGiven() {
        List<Timestamp> times = times();
        Random random = new Random(17024);
        int n = 0;
        for (Timestamp time : times) {
            for (int i = 0; i < 4; i++) {
                Timestamp envelopeTime = i == 0 ? null : times.get(random.nextInt(times.size()));
                long first = 1 + random.nextInt(1_000_000);
                long last = first + (i == 3 ? 3 : 0);
                UnwrappedLine u = line("level=info msg=\"x " + n + "\"", first, last, EnvelopeKind.CRI, envelopeTime, i == 2 ? "wfc-1" : null,
                        null, i == 1 ? "workflow-controller" : null, false);
                ChunkItem.Kept k = new ChunkItem.Kept(u, time, RecordFormat.SLOG_TEXT, Level.INFO, "id", EVENT, ReleaseEvidence.NONE, null,
                        i == 1, null);
                assertHolds(u, time, RecordFormat.SLOG_TEXT, Level.INFO, "id", null, i == 1, null, null, k);
                n++;
            }
        }
        assertTrue(n > 1000, n + " items");
    }

    @Test
    void everyKindAndTheRareComponentsComeBackAsGiven() {
        Timestamp time = Timestamp.of(1_789_800_000L, 257_000_000, TimePrecision.MILLISECOND, ZoneBasis.LITERAL_Z);
        List<EnvelopeKind> envelopes = new ArrayList<>(List.of(EnvelopeKind.values()));
        List<RecordFormat> formats = new ArrayList<>(List.of(RecordFormat.values()));
        List<Level> levels = new ArrayList<>(List.of(Level.values()));
        levels.add(null);
        for (EnvelopeKind envelope : envelopes) {
            for (RecordFormat format : formats) {
                for (Level level : levels) {
                    UnwrappedLine u = line("text", 7, 7, envelope, null, null, null, null, false);
                    assertHolds(u, time, format, level, null, null, false, null, null,
                            new ChunkItem.Kept(u, time, format, level, null, EVENT, ReleaseEvidence.NONE, null, false, null));
                }
            }
        }
        // A prefix, a line cut inside its envelope, what the record lost, a redacted name, an empty record, a span beyond an int.
        UnwrappedLine prefixed = line("text", 3, 4, EnvelopeKind.PREFIX, null, null, "host-1 ", null, true);
        assertHolds(prefixed, time, RecordFormat.SLOG_TEXT, Level.WARN, "id", "cut after 80 bytes", false, "<pod>", null,
                new ChunkItem.Kept(prefixed, time, RecordFormat.SLOG_TEXT, Level.WARN, "id", EVENT, ReleaseEvidence.NONE,
                        "cut after 80 bytes", false, "<pod>"));
        UnwrappedLine empty = line("", 3, 3, EnvelopeKind.NONE, null, null, null, null, false);
        assertHolds(empty, time, RecordFormat.SLOG_TEXT, Level.INFO, "id", null, false, null, null,
                new ChunkItem.Kept(empty, time, RecordFormat.SLOG_TEXT, Level.INFO, "id", EVENT, ReleaseEvidence.NONE, null, false, null));
        UnwrappedLine long1 = line("text", 1, 1L + Integer.MAX_VALUE + 5, EnvelopeKind.CRI, time, null, null, null, false);
        assertHolds(long1, time, RecordFormat.SLOG_TEXT, Level.INFO, "id", null, false, null, null,
                new ChunkItem.Kept(long1, time, RecordFormat.SLOG_TEXT, Level.INFO, "id", EVENT, ReleaseEvidence.NONE, null, false, null));
    }

    @Test
    void aPackedTextIsWhereTheReadingThreadPutItAndUnpacksToTheLooseItem() {
        Timestamp time = Timestamp.of(1_789_800_000L, 0, TimePrecision.SECOND, ZoneBasis.STATED);
        TextBlock.Packer packer = new TextBlock.Packer(true);
        List<ChunkItem.Kept> loose = new ArrayList<>();
        List<ChunkItem.Kept> packed = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            UnwrappedLine u = line("time=2026-09-19T06:40:00Z level=info msg=\"line " + i + "\"", i + 1, i + 1, EnvelopeKind.DOCKER_JSON, time,
                    null, null, "workflow-controller", false);
            ChunkItem.Kept k = new ChunkItem.Kept(u, time, RecordFormat.SLOG_TEXT, Level.INFO, "id", EVENT, ReleaseEvidence.NONE, null, false,
                    null);
            loose.add(k);
            packed.add(k.packedInto(packer));
        }
        packer.finish();
        for (int i = 0; i < loose.size(); i++) {
            ChunkItem.Kept k = loose.get(i);
            ChunkItem.Kept p = packed.get(i);
            assertNull(k.text());
            assertEquals("", p.line().record(), "the item keeps no copy of the text");
            assertHolds(k.line(), time, RecordFormat.SLOG_TEXT, Level.INFO, "id", null, false, null, p.text(), p);
            assertEquals(k, p.unpacked());
            assertEquals(k.hashCode(), p.unpacked().hashCode());
            assertNotEquals(k, p, "a packed text is held elsewhere: another item, as the record's component said");
            assertSame(p, p.packedInto(packer), "packed once");
        }
        assertTrue(packed.get(0).text().block().isPacked());
    }

    @Test
    void itemsAreEqualExactlyWhenWhatTheyWereMadeFromIs() {
        Timestamp time = Timestamp.of(1_789_800_000L, 1, TimePrecision.NANOSECOND, ZoneBasis.STATED);
        Timestamp coarser = Timestamp.of(1_789_800_000L, 0, TimePrecision.SECOND, ZoneBasis.STATED);
        UnwrappedLine u = line("text", 5, 6, EnvelopeKind.CRI, coarser, "wfc-1", null, "workflow-controller", false);
        ChunkItem.Kept k = new ChunkItem.Kept(u, time, RecordFormat.SLOG_TEXT, Level.INFO, "id", EVENT, ReleaseEvidence.NONE, null, false, null);
        assertEquals(k, new ChunkItem.Kept(u.withRecord("text"), time, RecordFormat.SLOG_TEXT, Level.INFO, "id", EVENT, ReleaseEvidence.NONE,
                null, false, null));
        assertEquals(k.hashCode(), new ChunkItem.Kept(u, time, RecordFormat.SLOG_TEXT, Level.INFO, "id", EVENT, ReleaseEvidence.NONE, null,
                false, null).hashCode());
        List<ChunkItem.Kept> others = List.of(
                new ChunkItem.Kept(u.withRecord("other"), time, RecordFormat.SLOG_TEXT, Level.INFO, "id", EVENT, ReleaseEvidence.NONE, null, false, null),
                new ChunkItem.Kept(u.through(7), time, RecordFormat.SLOG_TEXT, Level.INFO, "id", EVENT, ReleaseEvidence.NONE, null, false, null),
                new ChunkItem.Kept(u.withOrigin("wfc-2"), time, RecordFormat.SLOG_TEXT, Level.INFO, "id", EVENT, ReleaseEvidence.NONE, null, false, null),
                new ChunkItem.Kept(line("text", 5, 6, EnvelopeKind.CRI, coarser, "wfc-1", null, "workflow-controller", true), time, RecordFormat.SLOG_TEXT, Level.INFO, "id", EVENT, ReleaseEvidence.NONE, null, false, null),
                new ChunkItem.Kept(u, coarser, RecordFormat.SLOG_TEXT, Level.INFO, "id", EVENT, ReleaseEvidence.NONE, null, false, null),
                new ChunkItem.Kept(u, time, RecordFormat.SLOG_JSON, Level.INFO, "id", EVENT, ReleaseEvidence.NONE, null, false, null),
                new ChunkItem.Kept(u, time, RecordFormat.SLOG_TEXT, Level.ERROR, "id", EVENT, ReleaseEvidence.NONE, null, false, null),
                new ChunkItem.Kept(u, time, RecordFormat.SLOG_TEXT, Level.INFO, "id2", EVENT, ReleaseEvidence.NONE, null, false, null),
                new ChunkItem.Kept(u, time, RecordFormat.SLOG_TEXT, Level.INFO, "id", new ControllerEvent.Unrecognized("n"), ReleaseEvidence.NONE,
                        null, false, null),
                new ChunkItem.Kept(u, time, RecordFormat.SLOG_TEXT, Level.INFO, "id", EVENT, ReleaseEvidence.NONE, "cut", false, null),
                new ChunkItem.Kept(u, time, RecordFormat.SLOG_TEXT, Level.INFO, "id", EVENT, ReleaseEvidence.NONE, null, true, null),
                new ChunkItem.Kept(u, time, RecordFormat.SLOG_TEXT, Level.INFO, "id", EVENT, ReleaseEvidence.NONE, null, false, "<pod>"));
        for (ChunkItem.Kept o : others) {
            assertNotEquals(k, o, o.toString());
        }
    }
}
