package dev.argoforensics.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.source.ChunkLineReader;
import dev.argoforensics.source.InputClassifier;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.time.ZoneBasis;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The collector-measured zone over the whole file, not its first MiB alone (session 62). An Elasticsearch dump of a controller
 * with {@code TZ=Europe/Berlin}: logrus prints Berlin wall clock with a literal Z, {@code @timestamp} states the instant with its
 * offset. Where the dump spans the end of summer time (+02:00, then +01:00 from 2026-10-25 01:00 UTC) past its first MiB, the
 * head measured +02:00 and the whole file was read in it: every record after the switch an hour early. Where the first MiB's hits
 * carry no {@code @timestamp} (another index pattern's fields), nothing was measured though the rest of the file shows the zone.
 */
class ZoneProbeStreamedTest {
    @TempDir
    Path dir;

    private static final DateTimeFormatter LITERAL_Z = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'");
    private static final DateTimeFormatter STATED = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSSSSSxxx");

    /** One search hit: the record at {@code at} printed at {@code wall}'s offset (literal Z), received 3 ms later, {@code @timestamp} at {@code stated}. */
    private static String hit(Instant at, ZoneOffset wall, ZoneOffset stated, boolean timestamp, int i) {
        String record = "time=\\\"" + LITERAL_Z.format(LocalDateTime.ofInstant(at, wall)) + "\\\" level=info msg=\\\"Processing workflow\\\""
                + " Phase=Running ResourceVersion=" + (2_210_431 + 9 * i) + " namespace=geodata workflow=geo-mosaic-" + (i % 40) + "\\n";
        String ts = timestamp ? ",\"@timestamp\":\"" + STATED.format(at.plusMillis(3).atOffset(stated)) + "\"" : "";
        return "{\"_index\":\"logstash-2026.10.24\",\"_type\":\"_doc\",\"_id\":\"" + String.format("%016x", 0x8dbb5b2a6e20L + i)
                + "\",\"_score\":null,\"_source\":{\"log\":\"" + record + "\",\"stream\":\"stderr\",\"kubernetes\":{\"container_name\":"
                + "\"workflow-controller\",\"namespace_name\":\"argo\",\"pod_name\":\"workflow-controller-84c6d9f7b5-t2hvw\"}" + ts
                + "},\"sort\":[" + at.toEpochMilli() + "]}";
    }

    /** {@code hit} received {@code lagMillis} after the record was written (a shipper catching up), {@code @timestamp} then. */
    private static String lateHit(Instant at, ZoneOffset zone, long lagMillis, int i) {
        return hit(at, zone, zone, true, i).replace(STATED.format(at.plusMillis(3).atOffset(zone)), STATED.format(at.plusMillis(lagMillis).atOffset(zone)));
    }

    /**
     * Session 62 (the lead): one record Filebeat received 40 s late, after 1,200 records received within milliseconds, is a backlog,
     * not another zone: the dump is still measured at +02:00 (the streamed probe refused it). The same late record among the first
     * records still ends the measurement (the head's rule: a collector whose time may not be the receipt measures nothing).
     */
    @Test
    void aBacklogPastAThousandCleanRecordsMeasuresTheZoneAndOneEarlyDoesNot() throws IOException {
        ZoneOffset cest = ZoneOffset.ofHours(2);
        Instant t = Instant.parse("2026-10-14T09:00:00Z");
        List<String> late = new ArrayList<>();
        hits(late, t, 1_200, cest, cest);
        late.add(lateHit(t.plusSeconds(1_200), cest, 40_000, late.size()));
        hits(late, t.plusSeconds(1_201), 40, cest, cest);
        LogZone.FileZone z = ZoneProbe.measure(write("elasticdump-late.ndjson", late), ChunkLineReader.MAX_LINE_BYTES);
        assertEquals(cest, z.zone(), z.toString());
        assertEquals(1_240, z.samples());
        List<String> early = new ArrayList<>();
        hits(early, t, 10, cest, cest);
        early.add(lateHit(t.plusSeconds(10), cest, 40_000, early.size()));
        hits(early, t.plusSeconds(11), 1_230, cest, cest);
        LogZone.FileZone e = ZoneProbe.measure(write("elasticdump-early.ndjson", early), ChunkLineReader.MAX_LINE_BYTES);
        assertNull(e.zone(), e.toString());
    }

    private InputFile write(String name, List<String> lines) throws IOException {
        Path p = dir.resolve(name);
        Files.write(p, lines);
        return new InputClassifier().classify(p.toString(), p);
    }

    /** {@code n} hits a second apart from {@code from}, printed at {@code wall}, stated at {@code stated}. */
    private static void hits(List<String> out, Instant from, int n, ZoneOffset wall, ZoneOffset stated, boolean timestamp) {
        for (int i = 0; i < n; i++) {
            out.add(hit(from.plusSeconds(i), wall, stated, timestamp, out.size()));
        }
    }

    private static long bytes(List<String> lines) {
        return lines.stream().mapToLong(l -> l.length() + 1).sum();
    }

    @Test
    void summerTimeEndingPastTheFirstMibMeasuresNoZone() throws IOException {
        List<String> lines = new ArrayList<>();
        ZoneOffset cest = ZoneOffset.ofHours(2);
        ZoneOffset cet = ZoneOffset.ofHours(1);
        Instant switchAt = Instant.parse("2026-10-25T01:00:00Z");
        int before = 3000;
        hits(lines, switchAt.minusSeconds(before), before, cest, cest);
        assertTrue(bytes(lines) > ZoneProbe.HEAD_BYTES, "the switch lies past the head");
        int at = lines.size() + 1;
        hits(lines, switchAt, 40, cet, cet);
        LogZone.FileZone z = ZoneProbe.measure(write("elasticdump-workflow-controller.ndjson", lines), ChunkLineReader.MAX_LINE_BYTES);
        assertNull(z.zone(), z.toString());
        assertNotNull(z.unmeasured(), z.toString());
        dev.argoforensics.wording.Message.Keyed why = (dev.argoforensics.wording.Message.Keyed) z.unmeasured();
        assertEquals("note.read.zoneNotMeasured", why.key());
        assertEquals((long) at, ((Number) why.args().get("line")).longValue(), why.toString());
        assertEquals(before, ((Number) why.args().get("samples")).intValue(), why.toString());
        // The same file without the switch: the whole file measured, every record a sample.
        List<String> steady = new ArrayList<>(lines.subList(0, before));
        hits(steady, switchAt, 40, cest, cest);
        LogZone.FileZone whole = ZoneProbe.measure(write("steady.ndjson", steady), ChunkLineReader.MAX_LINE_BYTES);
        assertEquals(cest, whole.zone());
        assertEquals(ZoneBasis.MEASURED, whole.basis());
        assertEquals(before + 40, whole.samples());
    }

    @Test
    void aHeadWithoutTheCollectorsTimeIsMeasuredWhereTheRecordsAre() throws IOException {
        List<String> lines = new ArrayList<>();
        ZoneOffset cest = ZoneOffset.ofHours(2);
        Instant t = Instant.parse("2026-10-14T09:00:00Z");
        hits(lines, t, 3000, cest, cest, false);
        assertTrue(bytes(lines) > ZoneProbe.HEAD_BYTES);
        hits(lines, t.plusSeconds(3000), 30, cest, cest, true);
        LogZone.FileZone z = ZoneProbe.measure(write("elasticdump-workflow-controller.ndjson", lines), ChunkLineReader.MAX_LINE_BYTES);
        assertEquals(cest, z.zone(), z.toString());
        assertEquals(30, z.samples());
    }

    @Test
    void fourRecordsPastTheHeadAreTooFew() throws IOException {
        List<String> lines = new ArrayList<>();
        ZoneOffset cest = ZoneOffset.ofHours(2);
        Instant t = Instant.parse("2026-10-14T09:00:00Z");
        hits(lines, t, 3000, cest, cest, false);
        hits(lines, t.plusSeconds(3000), 4, cest, cest, true);
        LogZone.FileZone z = ZoneProbe.measure(write("elasticdump-workflow-controller.ndjson", lines), ChunkLineReader.MAX_LINE_BYTES);
        assertNull(z.zone(), z.toString());
        assertNull(z.unmeasured(), z.toString());
    }

    /**
     * A v3.6.10 controller with {@code TZ=Europe/Berlin} over the end of summer time, {@code kubectl logs} (no collector's time):
     * its pod controller's own logger states +02:00, then +01:00. No one offset is the file's (session 61); no stretch is read in
     * its own yet, and the file's note now says so, naming both offsets and where the second begins.
     */
    @Test
    void twoStatedOffsetsSayWhyNoZoneWasTaken() throws IOException {
        DateTimeFormatter seconds = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss");
        List<String> lines = new ArrayList<>();
        Instant t = Instant.parse("2026-10-25T00:50:00Z");
        int secondLine = 0;
        for (int i = 0; i < 8; i++) {
            Instant at = t.plusSeconds(150L * i);
            ZoneOffset o = at.isBefore(Instant.parse("2026-10-25T01:00:00Z")) ? ZoneOffset.ofHours(2) : ZoneOffset.ofHours(1);
            lines.add("time=\"" + LITERAL_Z.format(LocalDateTime.ofInstant(at, o)) + "\" level=info msg=\"Processing workflow\" Phase=Running"
                    + " ResourceVersion=" + (88_120_000 + 7 * i) + " namespace=batch-prod workflow=nightly-etl-q8z7m");
            if (secondLine == 0 && o.getTotalSeconds() == 3600) {
                secondLine = lines.size() + 1;
            }
            lines.add("time=\"" + seconds.format(LocalDateTime.ofInstant(at, o)) + o.getId() + "\" level=info msg=\"update pod event\""
                    + " pod=nightly-etl-q8z7m-extract-" + (2231906645L + i));
        }
        LogZone.FileZone z = ZoneProbe.measure(write("workflow-controller.log", lines), ChunkLineReader.MAX_LINE_BYTES);
        assertNull(z.zone(), z.toString());
        dev.argoforensics.wording.Message.Keyed why = (dev.argoforensics.wording.Message.Keyed) z.unmeasured();
        assertNotNull(why, z.toString());
        assertEquals("note.read.statedOffsetsDiffer", why.key());
        assertEquals("+02:00", why.args().get("offset"));
        assertEquals("+01:00", why.args().get("other"));
        assertEquals(2L, ((Number) why.args().get("first")).longValue());
        assertEquals((long) secondLine, ((Number) why.args().get("line")).longValue());
    }

    private static void hits(List<String> out, Instant from, int n, ZoneOffset wall, ZoneOffset stated) {
        hits(out, from, n, wall, stated, true);
    }
}
