package dev.argoforensics.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The catalog makes each kept line's attributes in place ({@link Attributes.Builder}) instead of in a linked hash map: the
 * attributes must read, iterate, compare, hash and print as that map's did, whatever was put in whatever order (a name put
 * twice, put if absent, more names than the capacity given).
 */
class AttributesBuilderTest {
    private static final List<String> NAMES = List.of("workflow", "namespace", "pod", "phase", "nodeId", "signal", "message", "key", "code");

    @Test
    void theSamePutsGiveWhatTheLinkedMapGave() {
        Random random = new Random(37);
        for (int round = 0; round < 2_000; round++) {
            int capacity = random.nextInt(6);
            Attributes.Builder built = new Attributes.Builder(capacity);
            LinkedHashMap<String, String> map = new LinkedHashMap<>();
            int puts = random.nextInt(12);
            for (int p = 0; p < puts; p++) {
                String name = NAMES.get(random.nextInt(NAMES.size()));
                String value = "v" + random.nextInt(4);
                if (random.nextInt(3) == 0) {
                    built.putIfAbsent(name, value);
                    map.putIfAbsent(name, value);
                } else {
                    built.put(name, value);
                    map.put(name, value);
                }
                assertEquals(map.get(name), built.get(name));
            }
            Attributes attributes = built.build(Interner.NONE);
            Map<String, String> got = attributes.asMap();
            assertEquals(map, got);
            assertEquals(got, map);
            assertEquals(map.hashCode(), got.hashCode());
            assertEquals(map.toString(), attributes.toString(), "printed in the order put");
            assertEquals(new ArrayList<>(map.entrySet()), new ArrayList<>(got.entrySet()), "iterated in the order put");
            for (String name : NAMES) {
                assertEquals(map.get(name), attributes.textOrNull(name));
                assertEquals(map.containsKey(name), got.containsKey(name));
            }
            assertEquals(map.size(), got.size());
            assertThrows(UnsupportedOperationException.class, () -> got.put("pod", "x"), "the attributes are not changed after");
        }
    }

    @Test
    void readAsTheAttributesOfTheLine() {
        Attributes.Builder b = new Attributes.Builder(3);
        b.put("namespace", "etl");
        b.put("workflow", "nightly-1733270400");
        b.put("pod", "nightly-1733270400-main-3650217881");
        b.putIfAbsent("namespace", "other");
        Attributes a = b.build(Interner.NONE);
        assertEquals(new WorkflowRef("etl", "nightly-1733270400"), a.workflowOrNull());
        assertEquals(new PodRef("etl", "nightly-1733270400-main-3650217881"), a.podOrNull());
        assertThrows(IllegalStateException.class, () -> b.build(Interner.NONE), "built once");
    }
}
