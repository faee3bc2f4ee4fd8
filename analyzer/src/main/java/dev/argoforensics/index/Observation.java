package dev.argoforensics.index;

import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One fact an exported object shows, as the index holds it next to log events.
 *
 * @param time       when it happened; null when the object gives no time for it
 * @param lowerBound the time is only a lower bound (when the export was taken)
 * @param kind       {@code pod-created}, {@code pod-container-finished}, {@code node-exported}, …
 * @param fields     field name → values (namespace, pod, uid, workflow, nodeId, phase, …)
 */
record Observation(Timestamp time, boolean lowerBound, SourceRef source, String kind, String text, Map<String, List<String>> fields) {
    Observation {
        Map<String, List<String>> copy = new TreeMap<>();
        fields.forEach((k, v) -> copy.put(k, List.copyOf(v)));
        fields = Collections.unmodifiableMap(copy);
    }
}
