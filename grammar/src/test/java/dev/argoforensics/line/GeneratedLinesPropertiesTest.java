package dev.argoforensics.line;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

/**
 * Lines written the way slog and logrus write them, from generated times, levels, messages, keys and
 * values: the grammar reads back exactly what was written, the hand-written reader reads every such line
 * itself into the grammar's record, and the quick read answers for every such line with the grammar's
 * time, level and message (fixed seed).
 */
class GeneratedLinesPropertiesTest {
    private static final long SEED = 17024L;
    private static final int YEAR = 2000;
    private static final DateTimeFormatter MILLIS = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS");

    /** What a line says, and the line. */
    record Written(String line, Instant time, Level level, String message, List<Map.Entry<String, String>> fields) {
    }

    private static Gen<Instant> instants() {
        return integers().between(0, 400_000_000).zip(integers().between(0, 999),
                (s, ms) -> Instant.parse("2020-01-01T00:00:00Z").plusSeconds(s * 1L).plusMillis(ms));
    }

    private static Gen<String> keys() {
        Gen<String> word = lists().of(integers().between(0, 37)).ofSizeBetween(1, 12).map(cs -> {
            StringBuilder b = new StringBuilder();
            cs.forEach(c -> b.append("abcdefghijklmnopqrstuvwxyzABCDEFGH._/-".charAt(c)));
            return b.toString();
        });
        return integers().between(0, 9).zip(word, word, (pick, a, b) -> pick == 0 ? a + " " + b : a);
    }

    private static Gen<List<Map.Entry<String, String>>> fields() {
        return lists().of(keys().zip(GoStrings.text(24), Map::entry)).ofSizeBetween(0, 6);
    }

    /** slog: quoted iff empty or holding a space, '=', '"', a control character or what is not printable. */
    static String slogValue(String v) {
        boolean quote = v.isEmpty() || v.codePoints().anyMatch(c -> c == ' ' || c == '=' || c == '"' || c < 0x20 || c == 0x7f
                || !GoStrings.printable(c) || Character.isSpaceChar(c) || Character.isWhitespace(c));
        return quote ? GoStrings.quote(v) : v;
    }

    /** logrus: bare only if every character is in [A-Za-z0-9-._/@^+]; empty values stay empty. */
    static String logrusValue(String v) {
        return v.chars().allMatch(c -> c < 128 && (Character.isLetterOrDigit(c) || "-._/@^+".indexOf(c) >= 0)) ? v : GoStrings.quote(v);
    }

    private static Gen<Written> slogLines() {
        List<ZoneOffset> zones = List.of(ZoneOffset.UTC, ZoneOffset.ofHours(2), ZoneOffset.ofHoursMinutes(-5, -30));
        List<Level> levels = List.of(Level.DEBUG, Level.INFO, Level.WARN, Level.ERROR);
        return instants().zip(integers().between(0, 2), integers().between(0, 3), GoStrings.text(30), (t, z, l, m) -> new Object[] {t, z, l, m})
                .zip(fields(), (head, fs) -> {
                    Instant t = (Instant) head[0];
                    ZoneOffset zone = zones.get((Integer) head[1]);
                    Level level = levels.get((Integer) head[2]);
                    String msg = (String) head[3];
                    String time = MILLIS.format(t.atOffset(zone)) + (zone.equals(ZoneOffset.UTC) ? "Z" : zone.getId());
                    StringBuilder line = new StringBuilder("time=").append(time).append(" level=").append(level.name()).append(" msg=")
                            .append(slogValue(msg));
                    fs.forEach(f -> line.append(' ').append(f.getKey().contains(" ") ? GoStrings.quote(f.getKey()) : f.getKey()).append('=')
                            .append(slogValue(f.getValue())));
                    return new Written(line.toString(), t, level, msg, fs);
                });
    }

    private static Gen<Written> logrusLines() {
        List<String> levels = List.of("debug", "info", "warning", "error");
        return instants().zip(integers().between(0, 3), GoStrings.text(30), fields(), (t, l, msg, fs) -> {
            List<Map.Entry<String, String>> sorted = new ArrayList<>(fs);
            sorted.sort(Map.Entry.comparingByKey(Comparator.naturalOrder()));
            StringBuilder line = new StringBuilder("time=\"").append(MILLIS.format(t.atOffset(ZoneOffset.UTC))).append("Z\" level=")
                    .append(levels.get(l)).append(" msg=").append(logrusValue(msg));
            sorted.forEach(f -> line.append(' ').append(f.getKey()).append('=').append(f.getValue().isEmpty() ? "" : logrusValue(f.getValue())));
            return new Written(line.toString(), t, Level.parse(levels.get(l)), msg, sorted);
        });
    }

    private static final LogfmtAgreement AGREEMENT = new LogfmtAgreement();

    private static void readsBack(Written w) {
        LineParse p = new RecordParser().parse(w.line(), YEAR);
        LogRecord r = assertInstanceOf(LineParse.Parsed.class, p, () -> p + ": " + w.line()).record();
        assertEquals(w.time(), r.time().instant(), w.line());
        assertEquals(w.level(), r.level(), w.line());
        assertEquals(w.message(), r.message(), w.line());
        assertEquals(w.fields(), r.fields().stream().map(f -> Map.entry(f.key(), f.value())).toList(), w.line());
        assertNotNull(AGREEMENT.check(w.line()), () -> "the hand-written reader gave up on a well-formed line: " + w.line());
        QuickScan.Head head = QuickScan.scan(w.line());
        assertNotNull(head, () -> "the quick read gave up on a well-formed line: " + w.line());
        assertEquals(r.format(), head.format());
        assertEquals(r.time(), head.time());
        assertEquals(r.level(), head.level());
        assertEquals(r.message(), head.message());
    }

    @Test
    void slogTextReadsBackExactlyAndTheQuickReadAgrees() {
        qt().withFixedSeed(SEED).withExamples(3000).forAll(slogLines()).checkAssert(GeneratedLinesPropertiesTest::readsBack);
    }

    @Test
    void logrusTextReadsBackExactlyAndTheQuickReadAgrees() {
        qt().withFixedSeed(SEED).withExamples(3000).forAll(logrusLines()).checkAssert(GeneratedLinesPropertiesTest::readsBack);
    }
}
