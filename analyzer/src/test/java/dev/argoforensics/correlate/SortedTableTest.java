package dev.argoforensics.correlate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Session 51: the correlation's maps held in two arrays ({@link SortedTable}) answer as the unmodifiable {@code TreeMap}s they
 * replace: the same look-ups (by {@code compareTo}), the same order, the same refusals.
 */
class SortedTableTest {
    @Test
    void answersAsTheTreeMapItReplaces() {
        Random random = new Random(51);
        Map<PodKey, Integer> given = new HashMap<>();
        for (int i = 0; i < 2_000; i++) {
            given.put(key(random, 7, 5_000), i);
        }
        TreeMap<PodKey, Integer> tree = new TreeMap<>(given);
        Map<PodKey, Integer> table = SortedTable.of(given);
        assertEquals(tree, table);
        assertEquals(table, tree);
        assertEquals(tree.hashCode(), table.hashCode());
        assertEquals(tree.size(), table.size());
        assertEquals(new ArrayList<>(tree.keySet()), new ArrayList<>(table.keySet()));
        assertEquals(new ArrayList<>(tree.values()), new ArrayList<>(table.values()));
        List<PodKey> visited = new ArrayList<>();
        table.forEach((k, v) -> {
            visited.add(k);
            assertEquals(tree.get(k), v);
        });
        assertEquals(new ArrayList<>(tree.keySet()), visited);
        for (int i = 0; i < 5_000; i++) {
            PodKey k = key(random, 8, 6_000);
            assertEquals(tree.get(k), table.get(k), k.toString());
            assertEquals(tree.containsKey(k), table.containsKey(k), k.toString());
        }
    }

    /** A Pod key as the correlation holds them: its namespace unknown now and then, a UID now and then. */
    private static PodKey key(Random random, int namespaces, int names) {
        int ns = random.nextInt(namespaces + 1);
        int uid = random.nextInt(4);
        return new PodKey(ns == 0 ? null : "ns-" + ns, "pod-" + random.nextInt(names), uid == 0 ? "u-" + random.nextInt(3) : null);
    }

    @Test
    void refusesWhatTheUnmodifiableTreeMapRefused() {
        Map<PodKey, Integer> table = SortedTable.of(Map.of(new PodKey("a", "p"), 1));
        assertThrows(NullPointerException.class, () -> table.get(null));
        assertThrows(UnsupportedOperationException.class, () -> table.put(new PodKey("a", "q"), 2));
        assertThrows(UnsupportedOperationException.class, () -> table.remove(new PodKey("a", "p")));
        assertThrows(UnsupportedOperationException.class, () -> table.entrySet().iterator().next().setValue(3));
        assertThrows(UnsupportedOperationException.class, () -> table.entrySet().iterator().remove());
        Map<PodKey, Integer> withNull = new HashMap<>();
        withNull.put(null, 1);
        assertThrows(NullPointerException.class, () -> SortedTable.of(withNull));
        Map<PodKey, Integer> empty = SortedTable.of(new HashMap<PodKey, Integer>());
        assertTrue(empty.isEmpty());
        assertNull(empty.get(new PodKey("a", "p")));
        assertFalse(empty.containsKey(new PodKey("a", "p")));
    }
}
