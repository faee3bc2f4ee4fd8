package dev.argoforensics.report;

import dev.argoforensics.correlate.PodKey;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * An unmodifiable list that also finds its items by Pod in constant time, so that a renderer asking
 * for each finding's timeline (or each timeline's findings) does not scan the whole list each time:
 * the report's cost stays linear in findings plus timelines.
 */
final class ByPod<T> extends AbstractList<T> {
    private final List<T> items;
    private final Map<PodKey, List<T>> byPod = new HashMap<>();

    private ByPod(List<T> items, Function<T, PodKey> pod) {
        this.items = List.copyOf(items);
        for (T t : this.items) {
            PodKey k = pod.apply(t);
            if (k != null) {
                byPod.computeIfAbsent(k, x -> new ArrayList<>(1)).add(t);
            }
        }
    }

    static <T> List<T> of(List<T> items, Function<T, PodKey> pod) {
        if (items instanceof ByPod<T> || items instanceof Timelines) {
            return items; // a lazy list of timelines knows its Pods without building them
        }
        return new ByPod<>(items, pod);
    }

    /** The items about this Pod, in list order (empty when none or when the list is not indexed). */
    @SuppressWarnings("unchecked")
    static <T> List<T> about(List<T> list, PodKey pod) {
        if (list instanceof ByPod<T> indexed) {
            return indexed.byPod.getOrDefault(pod, List.of());
        }
        if (list instanceof Timelines lazy) {
            return (List<T>) lazy.about(pod);
        }
        throw new IllegalStateException("not a list indexed by Pod");
    }

    @Override
    public T get(int index) {
        return items.get(index);
    }

    @Override
    public int size() {
        return items.size();
    }
}
