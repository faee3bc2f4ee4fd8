package dev.argoforensics.snapshot;

import com.fasterxml.jackson.databind.JsonNode;
import dev.argoforensics.time.Timestamp;

/** Times in Kubernetes objects: {@code metav1.Time} is RFC 3339 in UTC with whole seconds. */
final class KubeTime {
    private KubeTime() {
    }

    /**
     * The time at this field, or null if absent or empty.
     *
     * @throws RefusedObject if it holds something else than an RFC 3339 time
     */
    static Timestamp at(JsonNode node) {
        if (node == null || node.isMissingNode() || node.isNull()) {
            return null;
        }
        String text = node.asText("");
        if (text.isEmpty()) {
            return null;
        }
        // MicroTime fields (events) carry six digits; whole-second fields carry none.
        try {
            return Timestamp.parseRfc3339(text, null, false);
        } catch (IllegalArgumentException e) {
            throw new RefusedObject(e.getMessage(), e);
        }
    }

    static Timestamp latest(Timestamp a, Timestamp b) {
        if (a == null) {
            return b;
        }
        if (b == null) {
            return a;
        }
        return b.instant().isAfter(a.instant()) ? b : a;
    }
}
