package dev.argoforensics.judgment;

import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

/** The discrete-event clock: events in time order (ns), ties in the order they were scheduled. */
final class Sim {
    private record Event(long time, long seq, Runnable action, Object stream) implements Comparable<Event> {
        @Override
        public int compareTo(Event o) {
            int c = Long.compare(time, o.time);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
    }

    private final PriorityQueue<Event> queue = new PriorityQueue<>();
    private long now;
    private long seq;
    private long executed;
    /**
     * Whose random stream the shared parts (the cluster) draw from in the running event: null for the corpus's, else a
     * scenario's token. An event inherits the stream of the one that scheduled it, so a scenario's own activity leaves
     * the rest of the corpus as it was without it; {@link #onStream} is told when it changes.
     */
    Object stream;
    java.util.function.Consumer<Object> onStream = s -> {
    };

    Sim(long start) {
        this.now = start;
    }

    long now() {
        return now;
    }

    long executed() {
        return executed;
    }

    void at(long time, Runnable action) {
        queue.add(new Event(Math.max(time, now), seq++, action, stream));
    }

    void after(long delay, Runnable action) {
        at(now + delay, action);
    }

    /** Runs every event up to and including {@code end}; the clock then reads {@code end}. */
    void run(long end) {
        while (!queue.isEmpty() && queue.peek().time <= end) {
            Event e = queue.poll();
            now = e.time;
            executed++;
            if (e.stream != stream) {
                stream = e.stream;
                onStream.accept(stream);
            }
            e.action.run();
        }
        now = end;
    }

    /**
     * A seed for one stream of one corpus: the corpus seed and a salt, mixed (SplittableRandom's own
     * streams for seeds that differ by multiples of its gamma are shifted copies of each other).
     */
    static long seed(long corpusSeed, long salt) {
        long z = corpusSeed * 0xBF58476D1CE4E5B9L + salt * 0x94D049BB133111EBL + 0x2545F4914F6CDD1DL;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** Random helpers over one seeded stream. */
    static final class Rng {
        final SplittableRandom r;

        Rng(long seed) {
            this.r = new SplittableRandom(seed);
        }

        /** Uniform in [lo, hi]. */
        long between(long lo, long hi) {
            return hi <= lo ? lo : lo + r.nextLong(hi - lo + 1);
        }

        int between(int lo, int hi) {
            return hi <= lo ? lo : lo + r.nextInt(hi - lo + 1);
        }

        boolean chance(double p) {
            return r.nextDouble() < p;
        }

        double nextDouble() {
            return r.nextDouble();
        }

        <T> T pick(List<T> items) {
            return items.get(r.nextInt(items.size()));
        }

        @SafeVarargs
        final <T> T pick(T... items) {
            return items[r.nextInt(items.length)];
        }

        /** A latency: mostly near {@code typical}, with a tail up to {@code max}. */
        long latency(long min, long typical, long max) {
            double u = r.nextDouble();
            if (u < 0.9) {
                return between(min, typical);
            }
            return between(typical, max);
        }

        /** Exponential with the given mean, for arrivals. */
        long exponential(double mean) {
            return (long) (-Math.log(1 - r.nextDouble()) * mean);
        }

        String alnum(int n) {
            String chars = "abcdefghijklmnopqrstuvwxyz0123456789";
            StringBuilder b = new StringBuilder(n);
            for (int i = 0; i < n; i++) {
                b.append(chars.charAt(r.nextInt(chars.length())));
            }
            return b.toString();
        }

        String hex(int n) {
            StringBuilder b = new StringBuilder(n);
            for (int i = 0; i < n; i++) {
                b.append("0123456789abcdef".charAt(r.nextInt(16)));
            }
            return b.toString();
        }

        String uuid() {
            return hex(8) + "-" + hex(4) + "-4" + hex(3) + "-" + "89ab".charAt(r.nextInt(4)) + hex(3) + "-" + hex(12);
        }
    }
}
