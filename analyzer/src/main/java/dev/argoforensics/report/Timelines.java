package dev.argoforensics.report;

import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.timeline.Timeline;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * A report's timelines, each built when a renderer asks for it rather than all before the first is
 * written: with {@code --timelines all} every Pod of an incident has one (3 million entries on a
 * 500 MB corpus), and holding them all while the renderers stream them out was what kept the report
 * over 1 GB. The Pods are known up front (in the report's order, each with its key, so that a
 * finding finds its Pod's timeline); the timelines themselves are made by the builder, in batches
 * on the worker threads as a renderer walks the list in order, one at a time when it jumps (a
 * finding's timeline).
 *
 * <p>Built timelines are kept while they hold fewer than {@value #KEPT_ENTRIES} entries together
 * (the least recently used go first): a report of a few hundred Pods' timelines is built once
 * however many times its renderer reads it (Markdown measures before it writes; HTML draws a Pod's
 * swimlane with its finding and lists its entries later), a larger one is built again when read
 * again. A timeline depends only on its Pod and the analysis, so building it again gives the same
 * entries, and the report the same bytes.
 */
public final class Timelines extends AbstractList<Timeline> {
    /** Entries of built timelines kept for a second reading. */
    static final int KEPT_ENTRIES = 250_000;
    /** Timelines built ahead, per worker thread, when the list is read in order. */
    static final int AHEAD_PER_THREAD = 32;

    /** Builds the timelines at positions {@code from} (inclusive) to {@code to} (exclusive), in order. */
    @FunctionalInterface
    public interface Builder {
        List<Timeline> build(int from, int to);
    }

    private final List<PodKey> pods;
    private final Builder builder;
    private final int ahead;
    private final int keptEntries;
    private final Map<PodKey, List<Integer>> positions = new HashMap<>();
    /** Built timelines by position, the least recently read first. */
    private final LinkedHashMap<Integer, Timeline> kept = new LinkedHashMap<>(16, 0.75f, true);
    private long keptSize;
    /** The batch built ahead: positions {@code batchFrom} on. */
    private List<Timeline> batch = List.of();
    private int batchFrom;
    private int lastRead = -1;

    /**
     * @param pods    the Pod of each timeline, in the report's order
     * @param builder makes the timelines of a range of positions
     * @param threads the worker threads the builder uses: how far ahead to build
     */
    public Timelines(List<PodKey> pods, Builder builder, int threads) {
        this(pods, builder, Math.max(1, threads) * AHEAD_PER_THREAD, KEPT_ENTRIES);
    }

    Timelines(List<PodKey> pods, Builder builder, int ahead, int keptEntries) {
        this.pods = List.copyOf(pods);
        this.builder = builder;
        this.ahead = Math.max(1, ahead);
        this.keptEntries = keptEntries;
        for (int i = 0; i < this.pods.size(); i++) {
            positions.computeIfAbsent(this.pods.get(i), k -> new ArrayList<>(1)).add(i);
        }
    }

    /**
     * These timelines changed one by one ({@code --redact}), still built when read: {@code pod} must
     * map each Pod as {@code each} maps the Pod of its timeline.
     */
    public Timelines map(UnaryOperator<Timeline> each, UnaryOperator<PodKey> pod) {
        return new Timelines(pods.stream().map(pod).toList(), (from, to) -> builder.build(from, to).stream().map(each).toList(),
                ahead, keptEntries);
    }

    /** The Pods, in order, without building a timeline. */
    public List<PodKey> pods() {
        return pods;
    }

    /** The timelines of this Pod, in list order (empty when it has none). */
    List<Timeline> about(PodKey pod) {
        List<Integer> at = positions.get(pod);
        if (at == null) {
            return List.of();
        }
        List<Timeline> out = new ArrayList<>(at.size());
        at.forEach(i -> out.add(get(i)));
        return out;
    }

    @Override
    public synchronized Timeline get(int index) {
        if (index < 0 || index >= pods.size()) {
            throw new IndexOutOfBoundsException("timeline " + index + " of " + pods.size());
        }
        boolean inOrder = index == lastRead + 1;
        lastRead = index;
        Timeline t = kept.get(index);
        if (t != null) {
            return t;
        }
        if (index >= batchFrom && index < batchFrom + batch.size()) {
            t = batch.get(index - batchFrom);
        } else if (inOrder) {
            batchFrom = index;
            batch = builder.build(index, Math.min(pods.size(), index + ahead));
            t = batch.get(0);
        } else {
            t = builder.build(index, index + 1).get(0);
        }
        keep(index, t);
        return t;
    }

    private void keep(int index, Timeline t) {
        kept.put(index, t);
        keptSize += weight(t);
        Iterator<Map.Entry<Integer, Timeline>> oldest = kept.entrySet().iterator();
        while (keptSize > keptEntries && kept.size() > 1) {
            Map.Entry<Integer, Timeline> e = oldest.next();
            keptSize -= weight(e.getValue());
            oldest.remove();
        }
    }

    /** What a kept timeline costs: its entries, and itself. */
    private static long weight(Timeline t) {
        return 1L + t.entries().size();
    }

    @Override
    public int size() {
        return pods.size();
    }

    /**
     * The timelines in order, each built once (a batch ahead at a time, as {@link #get} builds them) and none kept
     * after it is read: for a renderer that reads the list once, from the first to the last (JSON), which gains nothing
     * from the {@value #KEPT_ENTRIES} entries kept for a second reading. Leaves what {@link #get} keeps as it is.
     */
    public Iterable<Timeline> once() {
        return () -> new Iterator<>() {
            private int next;
            private List<Timeline> batch = List.of();
            private int batchFrom;

            @Override
            public boolean hasNext() {
                return next < pods.size();
            }

            @Override
            public Timeline next() {
                if (next >= pods.size()) {
                    throw new java.util.NoSuchElementException();
                }
                if (next >= batchFrom + batch.size()) {
                    batch = List.of(); // the batch read is dropped before the next one is built
                    batchFrom = next;
                    batch = builder.build(next, Math.min(pods.size(), next + ahead));
                }
                return batch.get(next++ - batchFrom);
            }
        };
    }
}
