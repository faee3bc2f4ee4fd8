package dev.argoforensics.wording;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.judgment.JudgmentCorpora;
import dev.argoforensics.rules.Clearance;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.RuleOutcome;
import dev.argoforensics.testing.SampleFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A message's values in one array ({@link Arguments}) are the map of the same entries they replace: equal both
 * ways, the same hash, the same entries in the same order, printed alike, read-only; a name given twice keeps its
 * place and takes the later value. On every sample and a generated incident, every message of every finding and
 * clearance holds its values so.
 */
class ArgumentsTest {
    @TempDir
    Path dir;

    private static Map<String, Object> asMap(Object... args) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            map.put((String) args[i], args[i + 1]);
        }
        return map;
    }

    private static void sameAsTheMap(Map<String, Object> expected, Map<String, Object> args, String what) {
        assertEquals(expected, args, what);
        assertEquals(args, expected, what);
        assertEquals(expected.hashCode(), args.hashCode(), what);
        assertEquals(expected.toString(), args.toString(), what);
        assertEquals(new ArrayList<>(expected.entrySet()), new ArrayList<>(args.entrySet()), what);
        assertEquals(new ArrayList<>(expected.keySet()), new ArrayList<>(args.keySet()), what);
        assertEquals(expected.size(), args.size(), what);
        for (String k : expected.keySet()) {
            assertTrue(args.containsKey(k), what + " " + k);
            assertEquals(expected.get(k), args.get(k), what + " " + k);
        }
    }

    @Test
    void theMapOfTheSameEntries() {
        Object[] given = {"at", "2026-09-19T10:00:00Z", "how", Message.of("AF001.cleared.leftRemoved"), "count", 3, "none", null};
        Message m = Message.of("AF001.cleared.persisted", given);
        Map<String, Object> args = ((Message.Keyed) m).args();
        assertInstanceOf(Arguments.class, args);
        sameAsTheMap(asMap(given), args, "four values");
        assertTrue(args.containsKey("none"));
        assertNull(args.get("none"));
        assertFalse(args.containsKey("other"));
        assertNull(args.get("other"));
        assertThrows(UnsupportedOperationException.class, () -> args.put("x", "y"));
        assertThrows(UnsupportedOperationException.class, () -> args.remove("at"));
        assertThrows(UnsupportedOperationException.class, () -> args.entrySet().iterator().next().setValue("z"));
        assertThrows(UnsupportedOperationException.class, () -> {
            var it = args.entrySet().iterator();
            it.next();
            it.remove();
        });
        assertThrows(java.util.NoSuchElementException.class, () -> {
            var it = args.entrySet().iterator();
            for (int i = 0; i <= args.size(); i++) {
                it.next();
            }
        });
    }

    @Test
    void aNameGivenTwiceKeepsItsPlaceAndTakesTheLaterValue() {
        Object[] given = {"a", "1", "b", "2", "a", "3"};
        Map<String, Object> args = ((Message.Keyed) Message.of("k", given)).args();
        sameAsTheMap(asMap(given), args, "twice");
        assertEquals(List.of("a", "b"), new ArrayList<>(args.keySet()));
        assertEquals("3", args.get("a"));
    }

    @Test
    void noValuesAndAMapGivenToTheRecord() {
        Map<String, Object> none = ((Message.Keyed) Message.of("k")).args();
        sameAsTheMap(Map.of(), none, "none");
        assertSame(none, ((Message.Keyed) Message.of("other")).args(), "one empty value for all");
        Map<String, Object> given = asMap("x", "1", "y", 2L);
        Message.Keyed k = new Message.Keyed("k", given);
        assertInstanceOf(Arguments.class, k.args(), "a map given to the record (a decoded message) is held so too");
        sameAsTheMap(given, k.args(), "given");
        given.put("z", "changed after");
        assertEquals(2, k.args().size(), "a copy, not a view");
        assertSame(k.args(), new Message.Keyed("k", k.args()).args(), "not copied again");
        Message mapped = k.mapStrings(s -> s + "!");
        sameAsTheMap(asMap("x", "1!", "y", 2L), ((Message.Keyed) mapped).args(), "mapped");
        assertEquals(new Message.Keyed("k", asMap("x", "1", "y", 2L)), k);
        assertEquals(new Message.Keyed("k", asMap("x", "1", "y", 2L)).hashCode(), k.hashCode());
    }

    /** The messages of every finding and clearance checked against the map of their values; how many were. */
    private static int everyMessage(String what, List<String> inputs) {
        List<Message> messages = new ArrayList<>();
        for (RuleOutcome o : Analysis.standard(AnalysisOptions.defaults()).run(inputs).outcomes()) {
            for (Finding f : o.findings()) {
                messages.add(f.reason());
            }
            for (Clearance c : o.cleared()) {
                messages.add(c.why());
            }
        }
        int checked = 0;
        List<Message> todo = new ArrayList<>(messages);
        while (!todo.isEmpty()) {
            Message m = todo.remove(todo.size() - 1);
            if (m instanceof Message.Sequence s) {
                todo.addAll(s.parts());
            } else if (m instanceof Message.Keyed k) {
                assertInstanceOf(Arguments.class, k.args(), what);
                Map<String, Object> map = new LinkedHashMap<>(k.args());
                sameAsTheMap(map, k.args(), what + " " + k.key());
                k.args().values().forEach(v -> {
                    if (v instanceof Message inner) {
                        todo.add(inner);
                    }
                });
                checked++;
            }
        }
        return checked;
    }

    @Test
    void everySampleMessage() throws Exception {
        int checked = 0;
        for (Path sample : SampleFiles.all()) {
            checked += everyMessage(sample.toString(), SampleFiles.inputs(sample));
        }
        assertTrue(checked > 50, "messages checked: " + checked);
    }

    @Test
    void aGeneratedIncidentToo() {
        assertTrue(everyMessage("judgment seed 9", JudgmentCorpora.small(9, dir)) > 50);
    }
}
