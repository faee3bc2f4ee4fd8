package dev.argoforensics.snapshot;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * A Workflow's {@code status.synchronization}: which locks it holds and waits for, as the controller
 * last persisted them. {@code semaphore.holding[]} lists {@code {semaphore, holders[]}},
 * {@code mutex.holding[]} lists {@code {mutex, holder}}; the waiting lists have the same shapes. A
 * holder is the Workflow ({@code <ns>/<wf>}) or one of its nodes ({@code <ns>/<wf>/<nodeID>}); Argo
 * before v3.5.11 wrote only the last element (the Workflow name or the node ID).
 *
 * @param holding one entry per lock and holder
 * @param waiting one entry per lock and waiter
 */
public record Synchronization(List<Lock> holding, List<Lock> waiting) {
    public static final Synchronization NONE = new Synchronization(List.of(), List.of());

    public Synchronization {
        holding = List.copyOf(holding);
        waiting = List.copyOf(waiting);
    }

    /**
     * One holder (or waiter) of one lock.
     *
     * @param lock   the lock's name: {@code <ns>/ConfigMap/<cm>/<key>}, {@code <ns>/Mutex/<name>},
     *               v3.7+ {@code <ns>/Database/<name>}
     * @param kind   {@code semaphore} or {@code mutex}
     * @param holder the holder string as written
     */
    public record Lock(String lock, String kind, String holder) {
    }

    public boolean isEmpty() {
        return holding.isEmpty() && waiting.isEmpty();
    }

    /** Reads {@code status.synchronization}; absent or empty gives {@link #NONE}. */
    static Synchronization of(JsonNode sync) {
        if (sync == null || !sync.isObject()) {
            return NONE;
        }
        List<Lock> holding = new ArrayList<>();
        List<Lock> waiting = new ArrayList<>();
        for (String kind : List.of("semaphore", "mutex")) {
            JsonNode status = sync.path(kind);
            read(status.path("holding"), kind, holding);
            read(status.path("waiting"), kind, waiting);
        }
        return holding.isEmpty() && waiting.isEmpty() ? NONE : new Synchronization(holding, waiting);
    }

    private static void read(JsonNode entries, String kind, List<Lock> out) {
        for (JsonNode e : entries) {
            String lock = e.path(kind).asText("");
            if (lock.isEmpty()) {
                continue;
            }
            if (e.hasNonNull("holder") && !e.get("holder").asText("").isEmpty()) {
                out.add(new Lock(lock, kind, e.get("holder").asText()));
            }
            for (JsonNode h : e.path("holders")) {
                if (!h.asText("").isEmpty()) {
                    out.add(new Lock(lock, kind, h.asText()));
                }
            }
        }
    }
}
