package dev.argoforensics.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.envelope.EnvelopeKind;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.TextBlock;
import dev.argoforensics.line.Level;
import dev.argoforensics.line.RecordFormat;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.source.LineChunk;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * {@link WireForm}'s bytes (variable-length numbers, strings once per value, log lines in their own form, deflated at once)
 * give back what was encoded, and bytes that are not such a value are refused, not read as something else.
 */
class WireFormTest {
    private static final ControllerEvent PROCESSING = new ControllerEvent.Unrecognized("Processing workflow");

    private static LogEvent event(long line, Timestamp time, Timestamp envelopeTime, EnvelopeKind envelope, String catalogId, TextBlock block,
                                  int index, long ordinal) {
        return new LogEvent(new SourceRef("cluster=a/controller/workflow-controller.log", line), line, time, envelopeTime, envelope,
                RecordFormat.SLOG_TEXT, Level.INFO, catalogId, PROCESSING, block, index, 0, ordinal);
    }

    @Test
    void logLinesComeBackEqualWhateverTheirTimesTextsAndOrder() throws IOException {
        StringBuilder longText = new StringBuilder();
        while (longText.length() < 70_000) { // past writeUTF's 64 KiB, which the former form cut into pieces
            longText.append("msg=\"a long line\" é ");
        }
        List<String> texts = List.of("level=info msg=\"Processing workflow\" namespace=argo workflow=wf-1",
                "msg=\"Workflow \u00e9\u4e2d \uD83D\uDE00\"", "msg=\"lone \uD800 surrogate\" and a NUL \u0000 char", longText.toString(), "");
        List<TextBlock> blocks = new ArrayList<>();
        List<Integer> indexes = new ArrayList<>();
        for (String t : texts) { // a block each: the Latin-1 ones packed, the others holding their Strings
            TextBlock.Packer packer = new TextBlock.Packer(true);
            packer.add(t);
            blocks.add(packer.block());
            indexes.add(packer.index());
            packer.finish();
        }
        Timestamp t0 = Timestamp.parseRfc3339("2026-09-19T10:00:00.123456789Z", null, false);
        Timestamp earlier = Timestamp.parseRfc3339("2026-09-19T09:59:58.5Z", null, false);
        Timestamp timeOfDay = Timestamp.timeOfDay(23, 59, 59, 999_000_000, TimePrecision.MILLISECOND, 0);
        List<LogEvent> events = List.of(
                event(7, t0, null, EnvelopeKind.NONE, "processing", blocks.get(0), indexes.get(0), 7),
                event(3, earlier, t0, EnvelopeKind.KUBECTL_TIMESTAMPS, null, blocks.get(1), indexes.get(1), 2), // time and ordinal go back
                event(9, timeOfDay, earlier, EnvelopeKind.KUBECTL_TIMESTAMPS, "x", blocks.get(2), indexes.get(2), 1L << 40),
                event(10, t0, t0, EnvelopeKind.KUBECTL_TIMESTAMPS, null, blocks.get(3), indexes.get(3), 0), // an envelope time equal to the time
                event(Long.MAX_VALUE / 2, earlier, null, EnvelopeKind.NONE, null, blocks.get(4), indexes.get(4), 5));
        @SuppressWarnings("unchecked")
        List<LogEvent> back = (List<LogEvent>) WireForm.decode(WireForm.encode(events));
        assertEquals(events, back);
        for (int i = 0; i < events.size(); i++) {
            assertEquals(texts.get(i), back.get(i).text());
            assertEquals(events.get(i).time(), back.get(i).time());
            assertEquals(events.get(i).envelopeTime(), back.get(i).envelopeTime(), "envelope time of " + i);
            assertEquals(events.get(i).ordinal(), back.get(i).ordinal());
        }
        assertTrue(events.get(0).textBlock().isPacked(), "the first texts were packed in a block");
    }

    @Test
    void recordsNumbersAndCollectionsComeBackAsTheyWere() throws IOException {
        InputFile f = new InputFile("cluster=b/c.log", Path.of("/spool/c.log"), InputKind.LOG, false, "");
        Map<Object, Object> map = new LinkedHashMap<>();
        map.put("z", List.of(Integer.MIN_VALUE, Integer.MAX_VALUE, -1, 0, 127, 128));
        map.put("a", new TreeSet<>(List.of(Long.MIN_VALUE, -1L, Long.MAX_VALUE)));
        map.put("chunks", List.of(new LineChunk(f, 0, 0, -1), new LineChunk(f, Integer.MAX_VALUE, Long.MAX_VALUE, Long.MIN_VALUE)));
        map.put("doubles", List.of(-0.0, Double.NaN, 1e300));
        map.put("arrays", List.of(new long[] {-5, Long.MIN_VALUE}, new int[] {Integer.MIN_VALUE, 3}));
        map.put("null", null);
        @SuppressWarnings("unchecked")
        Map<Object, Object> back = (Map<Object, Object>) WireForm.decode(WireForm.encode(map));
        assertEquals(List.copyOf(map.keySet()), List.copyOf(back.keySet()), "a map's order kept");
        for (String k : List.of("z", "a", "chunks", "doubles", "null")) {
            assertEquals(map.get(k), back.get(k), k);
        }
        List<?> arrays = (List<?>) back.get("arrays");
        assertArrayEquals(new long[] {-5, Long.MIN_VALUE}, (long[]) arrays.get(0));
        assertArrayEquals(new int[] {Integer.MIN_VALUE, 3}, (int[]) arrays.get(1));
    }

    @Test
    void aStringRepeatedInAValueIsSentOnce() {
        Random random = new Random(17);
        char[] c = new char[2000];
        for (int i = 0; i < c.length; i++) {
            c[i] = (char) ('a' + random.nextInt(26));
        }
        String s = new String(c);
        int once = WireForm.encode(List.of(s)).length;
        int many = WireForm.encode(java.util.Collections.nCopies(1000, new String(c))).length;
        assertTrue(many < once + 200, "1000 references: " + many + " bytes against " + once + " for one");
    }

    @Test
    void bytesThatAreNotAValueAreRefused() {
        byte[] good = WireForm.encode(List.of("a", 1L, new LineChunk(new InputFile("x", Path.of("x"), InputKind.LOG, false, ""), 1, 2, 3)));
        assertThrows(IOException.class, () -> WireForm.decode(Arrays.copyOf(good, good.length - 3)), "cut short");
        assertThrows(IOException.class, () -> WireForm.decode(new byte[] {0, 0}), "no length");
        byte[] longer = good.clone();
        longer[3]++; // one byte more announced than deflated
        assertThrows(IOException.class, () -> WireForm.decode(longer), "a length the bytes do not have");
        byte[] garbage = new byte[64];
        new Random(3).nextBytes(garbage);
        garbage[0] = 0;
        assertThrows(IOException.class, () -> WireForm.decode(garbage), "not deflated");
        assertThrows(IllegalArgumentException.class, () -> WireForm.encode(List.of(new Object())), "not a value the engine sends");
    }

    @Test
    void twoValuesEncodedOnOneThreadDoNotShareBytes() throws IOException {
        byte[] first = WireForm.encode(List.of("first", 1));
        byte[] second = WireForm.encode(List.of("second value, longer than the first", 2, 3));
        assertEquals(List.of("first", 1), WireForm.decode(first));
        assertEquals(List.of("second value, longer than the first", 2, 3), WireForm.decode(second));
        assertFalse(Arrays.equals(first, second));
    }
}
