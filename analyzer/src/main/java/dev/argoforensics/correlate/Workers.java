package dev.argoforensics.correlate;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

/**
 * Independent work on the worker threads ({@code --threads}), its results in the order of the items
 * whatever the number of threads: the same inputs give the same bytes with 1 thread or 8. The items
 * are cut into a few slices per thread, so one slow Workflow does not hold the others up.
 */
public final class Workers {
    private final int threads;

    /** @param threads 1: everything on the calling thread */
    public Workers(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads: 1 or more, not " + threads);
        }
        this.threads = threads;
    }

    public int threads() {
        return threads;
    }

    /** {@code work} applied to each item, the results in item order. */
    public <T, R> List<R> map(List<T> items, Function<? super T, ? extends R> work) {
        if (threads == 1 || items.size() < 2) {
            List<R> out = new ArrayList<>(items.size());
            items.forEach(i -> out.add(work.apply(i)));
            return out;
        }
        int slices = Math.min(items.size(), threads * 4);
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, slices), r -> {
            Thread t = new Thread(r, "argo-forensics-worker");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<List<R>>> parts = new ArrayList<>(slices);
            for (int s = 0; s < slices; s++) {
                int from = (int) ((long) items.size() * s / slices);
                int to = (int) ((long) items.size() * (s + 1) / slices);
                List<T> slice = items.subList(from, to);
                parts.add(pool.submit(() -> {
                    List<R> out = new ArrayList<>(slice.size());
                    slice.forEach(i -> out.add(work.apply(i)));
                    return out;
                }));
            }
            List<R> out = new ArrayList<>(items.size());
            for (Future<List<R>> part : parts) {
                out.addAll(part.get());
            }
            return Collections.unmodifiableList(out);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while working on " + items.size() + " items", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        } finally {
            pool.shutdownNow();
        }
    }
}
