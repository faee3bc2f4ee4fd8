package dev.argoforensics.catalog;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.line.LineParse;
import dev.argoforensics.line.RecordFormat;
import dev.argoforensics.line.RecordParser;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Session 58: a message no entry states exactly is tried only against the patterned entries it can start with (their prefix's first
 * character, or none), not against all of them. Held to the walk of every patterned entry in catalog order, as before: on every
 * catalog sample's message, and on those messages with their first character changed, cut, or given to a message without any
 * (the empty one, one that starts with a NUL or a character past ASCII). {@code CatalogSamplesTest} holds every sample to its entry
 * through {@code match}, which walks the same entries.
 */
class PatternedByFirstTest {
    private static final MessageCatalog CATALOG = MessageCatalog.standard();

    @Test
    void entriesAsEveryPatternedEntryInOrderFindsThem() {
        List<String> messages = messages();
        Random r = new Random(58);
        char[] firsts = {'\0', 'a', 'n', 'N', 'Q', 'C', 'U', '1', ' ', '`', 'é', '\u2502', '~', 0x7f};
        List<String> asked = new ArrayList<>(messages);
        for (String m : messages) {
            asked.add(m.isEmpty() ? "x" : m.substring(1));
            for (int k = 0; k < 3; k++) {
                asked.add(m.isEmpty() ? String.valueOf(firsts[r.nextInt(firsts.length)]) : firsts[r.nextInt(firsts.length)] + m.substring(1));
            }
            asked.add(m.substring(0, r.nextInt(m.length() + 1)));
        }
        asked.add("");
        Set<String> exact = new HashSet<>();
        CATALOG.entries().forEach(e -> {
            if (e.message() != null) {
                exact.add(e.message());
            }
        });
        int patternedFound = 0;
        for (String m : asked) {
            if (exact.contains(m)) {
                continue; // found by the exact look-up, which did not change
            }
            CatalogEntry any = everyPatterned(m, null, false);
            assertSame(any, CATALOG.entryFor(m), m);
            for (RecordFormat f : RecordFormat.values()) {
                assertSame(everyPatterned(m, f, true), CATALOG.entryFor(m, f), m + " in " + f);
            }
            assertSame(everyPatterned(m, null, true), CATALOG.entryFor(m, null), m + " in no known format");
            if (any != null) {
                patternedFound++;
            }
        }
        assertTrue(patternedFound > 40, "patterned entries found: " + patternedFound);
    }

    private static List<String> messages() {
        RecordParser parser = new RecordParser();
        List<String> out = new ArrayList<>();
        for (CatalogEntry e : CATALOG.entries()) {
            for (CatalogSample s : e.samples()) {
                if (parser.parse(s.line(), 2026) instanceof LineParse.Parsed p) {
                    out.add(p.record().message());
                }
            }
        }
        return out;
    }

    /** As {@code entryFor} walked the patterned entries before (fece5a19): every one, in catalog order; {@code formatted}: the two-argument form. */
    private static CatalogEntry everyPatterned(String msg, RecordFormat format, boolean formatted) {
        for (CatalogEntry e : CATALOG.entries()) {
            if (e.message() != null) {
                continue;
            }
            if (msg.startsWith(e.prefix()) && msg.contains(e.anchor()) && (!formatted || format == null || e.writtenIn(format.label()))
                    && e.pattern().matcher(msg).matches()) {
                return e;
            }
        }
        return null;
    }
}
