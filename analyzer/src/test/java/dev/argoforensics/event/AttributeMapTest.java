package dev.argoforensics.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A signal's compact attributes behave as the {@code Map.copyOf} table they replace: same lookups,
 * equality and hash in both directions, immutable, no nulls; equal maps print alike whatever order
 * they were given in; and signals made from either are equal.
 */
class AttributeMapTest {
    /** What a catalog entry extracts from a persist-guard line, in the order it extracts it. */
    private static Map<String, String> guardLine() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("signal", "staleReadGuard");
        m.put("namespace", "batch-jobs");
        m.put("workflow", "nightly-etl-7q2kd");
        m.put("resourceVersion", "4417301");
        m.put("storedResourceVersion", "4417355");
        m.put("phase", "Running");
        return m;
    }

    @Test
    void itAnswersAsTheTableItReplaces() {
        Map<String, String> given = guardLine();
        Map<String, String> table = Map.copyOf(given);
        Map<String, String> compact = AttributeMap.of(given);
        assertEquals(table, compact);
        assertEquals(compact, table);
        assertEquals(table.hashCode(), compact.hashCode());
        assertEquals(new HashMap<>(table), new HashMap<>(compact));
        for (String k : given.keySet()) {
            assertEquals(table.get(k), compact.get(k), k);
            assertTrue(compact.containsKey(k), k);
        }
        assertNull(compact.get("node"));
        assertFalse(compact.containsKey("node"));
        assertEquals(6, compact.size());
        assertThrows(UnsupportedOperationException.class, () -> compact.put("node", "x"));
        assertThrows(UnsupportedOperationException.class, () -> compact.entrySet().iterator().next().setValue("x"));
        Map<String, String> other = new LinkedHashMap<>(given);
        other.put("phase", "Succeeded");
        assertNotEquals(compact, AttributeMap.of(other));
        assertSame(compact, AttributeMap.of(compact));
        assertEquals(Map.of(), AttributeMap.of(Map.of()));
    }

    @Test
    void equalMapsPrintAlikeWhateverOrderTheyCameIn() {
        Map<String, String> given = guardLine();
        List<String> keys = new ArrayList<>(given.keySet());
        java.util.Collections.reverse(keys);
        Map<String, String> reversed = new LinkedHashMap<>();
        keys.forEach(k -> reversed.put(k, given.get(k)));
        assertEquals(AttributeMap.of(given).toString(), AttributeMap.of(reversed).toString());
        assertEquals("{namespace=batch-jobs, phase=Running, resourceVersion=4417301, signal=staleReadGuard, "
                + "storedResourceVersion=4417355, workflow=nightly-etl-7q2kd}", AttributeMap.of(given).toString());
    }

    @Test
    void noNullNamesOrValues() {
        Map<String, String> withNull = new HashMap<>(guardLine());
        withNull.put("node", null);
        assertThrows(NullPointerException.class, () -> AttributeMap.of(withNull));
    }

    @Test
    void signalsAreEqualWhicheverMapTheyWereMadeFrom() {
        WorkflowRef wf = new WorkflowRef("batch-jobs", "nightly-etl-7q2kd");
        var fromTable = new ControllerEvent.Signal("staleReadGuard", wf, null, null, null, Map.copyOf(guardLine()));
        var fromOrdered = new ControllerEvent.Signal("staleReadGuard", wf, null, null, null, guardLine());
        assertEquals(fromTable, fromOrdered);
        assertEquals(fromTable.hashCode(), fromOrdered.hashCode());
        assertEquals("4417355", fromOrdered.attribute("storedResourceVersion"));
        assertNull(fromOrdered.attribute("podName"));
    }
}
